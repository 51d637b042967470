// Server-Sent Events to every open page: named events with JSON data, a comment every 25 s so proxies
// keep the connection open.
import type { ServerResponse } from 'node:http';

export class SseHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly keepAlive = setInterval(() => { for (const c of this.clients) c.write(': keep-alive\n\n'); }, 25_000);

  constructor() {
    this.keepAlive.unref();
  }

  add(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  sendTo(res: ServerResponse, event: string, data: unknown): void {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  send(event: string, data: unknown): void {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of this.clients) c.write(text);
  }

  close(): void {
    clearInterval(this.keepAlive);
    for (const c of this.clients) c.end();
    this.clients.clear();
  }
}
