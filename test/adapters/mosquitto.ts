// A real Mosquitto for the tests: its own free port, password file and ACL in a temp dir; stop/start to
// simulate an outage; always killed at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/live/sources/index.js';

export const MOSQUITTO = '/usr/sbin/mosquitto';

export const USERS = {
  referee: { username: 'referee', password: 'ref-secret' },
  tablet: { username: 'tablet', password: 'tab-secret' },
  board: { username: 'board', password: 'board-secret' },
} as const;

/** The ACL a club installs (deploy/mosquitto/acl, shown in the README): the tests run with that very file. */
export const ACL = readFileSync(join(repoRoot(), 'deploy/mosquitto/acl'), 'utf8');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeout_ms = 5000): Promise<void> {
  const until = Date.now() + timeout_ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(port, '127.0.0.1');
      c.once('connect', () => { c.destroy(); resolve(true); });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not open port ${port}`);
}

/** A throwaway CA and a broker certificate for 127.0.0.1, made with openssl in `dir`. */
export function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const run = (args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
  };
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=marker test CA', '-keyout', 'ca.key', '-out', 'ca.pem']);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'broker.key', '-out', 'broker.csr']);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run(['x509', '-req', '-in', 'broker.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'san.ext', '-out', 'broker.pem']);
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'broker.pem'), key: join(dir, 'broker.key') };
}

export class Mosquitto {
  private proc: ChildProcess | null = null;
  /**
   * With persistence, sessions and retained messages survive a graceful stop; with `tls`, the only
   * listener speaks TLS with that certificate (mqtts://).
   */
  constructor(private readonly persistence = false, private readonly tls: { cert: string; key: string } | null = null) {}
  readonly dir = mkdtempSync(join(tmpdir(), 'marker-mosq-'));
  port = 0;

  get url(): string {
    return `${this.tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${this.port}`;
  }

  /** Points a referee's settings at this broker as the referee user. */
  connect(s: { mqtt: { url: string | null; username: string | null; password: string | null } }): void {
    s.mqtt.url = this.url;
    s.mqtt.username = USERS.referee.username;
    s.mqtt.password = USERS.referee.password;
  }

  async start(): Promise<void> {
    if (!this.port) {
      this.port = await freePort();
      const passwd = join(this.dir, 'passwd');
      writeFileSync(passwd, '');
      for (const u of Object.values(USERS)) {
        const r = spawnSync('mosquitto_passwd', ['-b', passwd, u.username, u.password], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`mosquitto_passwd: ${r.stderr}`);
      }
      writeFileSync(join(this.dir, 'acl'), ACL);
      writeFileSync(join(this.dir, 'mosquitto.conf'), [
        `listener ${this.port} 127.0.0.1`, ...(this.tls ? [`certfile ${this.tls.cert}`, `keyfile ${this.tls.key}`] : []), 'allow_anonymous false', `password_file ${passwd}`, `acl_file ${join(this.dir, 'acl')}`,
        // as root, mosquitto would drop to user "mosquitto", who cannot read this private temp dir
        `user ${userInfo().username}`,
        ...(this.persistence ? ['persistence true', `persistence_location ${this.dir}/`] : ['persistence false']), 'log_dest stderr', 'log_type error', 'log_type warning', '',
      ].join('\n'));
    }
    const proc = spawn(MOSQUITTO, ['-c', join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.proc = proc;
    let err = '';
    proc.stderr!.on('data', (d) => { err += String(d); });
    const exited = new Promise<never>((_, reject) => proc.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${err}`))));
    await Promise.race([waitForPort(this.port), exited]);
    exited.catch(() => {});
  }

  /** Stops the broker: SIGKILL loses everything; SIGTERM lets it save its persistence file first. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    this.proc = null;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill(signal);
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
