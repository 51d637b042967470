// Reading a command's input file or standard input, with errors a person can act on.
import { readFile, stat } from 'node:fs/promises';

export class InputError extends Error {}

export async function readInput(source: string): Promise<string> {
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  let info;
  try {
    info = await stat(source);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `${source}: no such file` : `${source}: cannot read (${code})`);
  }
  if (info.isDirectory()) throw new InputError(`${source}: is a directory, not a file`);
  const buf = await readFile(source);
  if (buf.includes(0)) throw new InputError(`${source}: is a binary file, not JSON lines`);
  return buf.toString('utf8');
}
