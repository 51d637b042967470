// The page's server (node:http): the static page, the state and review queue as JSON, live updates over
// Server-Sent Events, commands through the referee (a PIN for anything that changes the score), the clips
// from the data directory, and /api/health for Docker's HEALTHCHECK.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { COMMANDS, runCommand } from '../../live/commands.js';
import type { Referee } from '../../live/referee.js';
import { TERMS, langFrom } from '../../i18n/terms.js';
import { PinGuard } from './pin.js';
import { SseHub } from './sse.js';
import { serveFile } from './static.js';

export interface WebOptions {
  host: string;
  port: number;
  pin: string;
  webDir: string;
  dataDir: string;
  lang: 'ru' | 'en';
  health: () => Record<string, unknown>;
  log: (message: string) => void;
}

export interface WebServer {
  url: string;
  port: number;
  /** pushes a health update to the pages */
  health(h: Record<string, unknown>): void;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

function json(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) { reject(new Error('body too large')); req.destroy(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startWebServer(opts: WebOptions, referee: Referee): Promise<WebServer> {
  const sse = new SseHub();
  const guard = new PinGuard(opts.pin);
  const offs = [
    referee.on('state', (s) => sse.send('state', s)),
    referee.on('verdict', (v) => sse.send('verdict', { game: v.game, ...v.verdict })),
    referee.on('review', (r) => { sse.send('review', { type: r.type, ...r.item }); sse.send('reviews', referee.reviews()); }),
  ];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/api/health') return json(res, 200, { status: 'ok', ...opts.health() });
    if (req.method === 'GET' && path === '/api/state') return json(res, 200, referee.state);
    if (req.method === 'GET' && path === '/api/reviews') return json(res, 200, referee.reviews());
    if (req.method === 'GET' && path === '/api/commands') {
      return json(res, 200, Object.fromEntries(Object.entries(COMMANDS).map(([k, c]) => [k, { summary: c.summary, pin: c.changes }])));
    }
    if (req.method === 'GET' && path === '/api/terms') {
      const lang = langFrom(url.searchParams.get('lang') ?? undefined) ?? opts.lang;
      return json(res, 200, { lang, ...TERMS[lang] });
    }
    if (req.method === 'GET' && path === '/api/events') {
      sse.add(res);
      sse.sendTo(res, 'state', referee.state);
      sse.sendTo(res, 'reviews', referee.reviews());
      sse.sendTo(res, 'health', opts.health());
      return;
    }
    if (req.method === 'POST' && path === '/api/pin') {
      const verdict = guard.check(req.headers['x-marker-pin'], req.socket.remoteAddress ?? '?');
      return json(res, verdict.ok ? 200 : verdict.code, verdict.ok ? { status: 'ok' } : { status: 'error', error: verdict.error });
    }
    if (req.method === 'POST' && path.startsWith('/api/command/')) {
      const name = decodeURIComponent(path.slice('/api/command/'.length));
      const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
      if (cmd?.changes) {
        const verdict = guard.check(req.headers['x-marker-pin'], req.socket.remoteAddress ?? '?');
        if (!verdict.ok) return json(res, verdict.code, { status: 'error', data: {}, error: verdict.error });
      }
      let payload: unknown;
      try {
        const text = await readBody(req);
        payload = text.trim() === '' ? {} : JSON.parse(text);
      } catch (e) {
        return json(res, 400, { status: 'error', data: {}, error: `the body is not JSON (${e instanceof Error ? e.message : String(e)})` });
      }
      const r = runCommand(name, payload, referee, 'web');
      return json(res, r.status === 'ok' ? 200 : 422, r);
    }
    if (req.method === 'GET' && path.startsWith('/clips/')) return serveFile(res, opts.dataDir, path.slice(1));
    if (req.method === 'GET' || req.method === 'HEAD') {
      return serveFile(res, opts.webDir, path === '/' ? 'index.html' : path.slice(1));
    }
    json(res, 405, { status: 'error', error: `${req.method} ${path}: not supported` });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      opts.log(`http ${req.method} ${req.url}: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) json(res, 500, { status: 'error', error: 'internal error' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => { server.off('error', reject); resolve(); });
  });
  const port = (server.address() as { port: number }).port;
  const shownHost = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    health: (h) => sse.send('health', h),
    close: () => new Promise<void>((resolve) => {
      for (const off of offs) off();
      sse.close();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
