// Files from one directory, never outside it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4', '.webm': 'video/webm', '.ico': 'image/x-icon',
};

export async function serveFile(res: ServerResponse, root: string, relative: string): Promise<void> {
  const base = resolve(root);
  let rel: string;
  try {
    rel = decodeURIComponent(relative);
  } catch {
    rel = '\0';
  }
  const full = resolve(base, rel);
  const notFound = () => { res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }); res.end('not found\n'); };
  if (rel.includes('\0') || (full !== base && !full.startsWith(base + sep))) return notFound();
  try {
    const info = await stat(full);
    if (!info.isFile()) return notFound();
    res.writeHead(200, { 'content-type': TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream', 'content-length': info.size, 'cache-control': 'no-cache' });
    createReadStream(full).pipe(res);
  } catch {
    notFound();
  }
}
