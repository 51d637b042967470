// An MQTT broker inside the process (aedes), only for the out-of-the-box demo when no broker is given.
// In a club, use Mosquitto: it keeps retained messages across restarts and enforces the ACL.
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';

export interface EmbeddedBroker {
  url: string;
  port: number;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => { server.off('listening', onListening); reject(e); };
    const onListening = () => { server.off('error', onError); resolve((server.address() as { port: number }).port); };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Listens on `port` (or any free port if it is taken) on `host`. */
export async function startEmbeddedBroker(port: number, host = '0.0.0.0'): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  const server = createServer(aedes.handle);
  let bound: number;
  try {
    bound = await listen(server, port, host);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw e;
    bound = await listen(server, 0, host);
  }
  return {
    url: `mqtt://localhost:${bound}`,
    port: bound,
    close: () => new Promise<void>((resolve) => {
      aedes.close(() => server.close(() => resolve()));
      // open client sockets keep server.close waiting; aedes.close ends them
    }),
  };
}
