// `marker scoreboard --broker URL`: a terminal scoreboard that reads what an LED controller reads — the
// plain retained topics, no JSON — and redraws on every change; "—" while the referee is offline.
import mqtt from 'mqtt';
import { langFrom, TERMS, type Lang } from '../i18n/terms.js';
import { parseArgs, UsageError } from './args.js';

export const SCOREBOARD_HELP = `usage: marker scoreboard --broker URL [--base-topic T | --table ID] [--lang ru|en] [--username U --password P] [--once]

Subscribes to <base>/availability, <base>/score/+, <base>/score/+/name, <base>/to_play and <base>/status
(plain retained topics, as an LED scoreboard would) and redraws on every change. Shows "—" when the
referee is offline or a value is missing. --once prints the board once the retained values arrived, and exits.`;

export interface BoardView {
  online: boolean;
  names: Map<number, string>;
  scores: Map<number, string>;
  toPlay: string;
  status: string;
}

/** The board as text; pure, for tests. */
export function renderBoard(v: BoardView, lang: Lang): string {
  const t = TERMS[lang];
  const indexes = [...new Set([...v.names.keys(), ...v.scores.keys()])].sort((a, b) => a - b);
  const lines: string[] = [];
  const statusWord = !v.online ? '—' : ({ playing: t.playing, won: t.won, draw: t.draw, idle: '—' } as Record<string, string>)[v.status] ?? (v.status || '—');
  lines.push(`${t.game}: ${statusWord}`);
  if (!indexes.length) lines.push('  —');
  const width = Math.max(4, ...indexes.map((i) => (v.names.get(i) ?? '').length));
  for (const i of indexes) {
    const name = v.names.get(i) || `#${i + 1}`;
    const score = v.online ? (v.scores.get(i) || '—') : '—';
    const mark = v.online && v.status === 'playing' && v.toPlay === name ? `  ◀ ${t.toPlay}` : '';
    lines.push(`  ${name.padEnd(width)}  ${score.padStart(4)}${mark}`);
  }
  return lines.join('\n');
}

export async function scoreboardCommand(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    broker: { value: true }, 'base-topic': { value: true }, table: { value: true }, lang: { value: true },
    username: { value: true }, password: { value: true }, once: { value: false }, help: { value: false },
  });
  if (options.help) {
    process.stdout.write(SCOREBOARD_HELP + '\n');
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (typeof options.broker !== 'string') throw new UsageError('--broker URL is required');
  const lang = options.lang === undefined ? langFrom(process.env.MARKER_LANG) ?? 'ru' : langFrom(String(options.lang));
  if (!lang) throw new UsageError(`--lang ${String(options.lang)}: use ru or en`);
  const base = typeof options['base-topic'] === 'string' ? options['base-topic'] : `marker/${typeof options.table === 'string' ? options.table : '1'}`;
  const view: BoardView = { online: false, names: new Map(), scores: new Map(), toPlay: '', status: '' };
  const client = mqtt.connect(options.broker, {
    reconnectPeriod: 1000,
    ...(typeof options.username === 'string' && { username: options.username }),
    ...(typeof options.password === 'string' && { password: options.password }),
  });
  const tty = process.stdout.isTTY;
  let last = '';
  const draw = () => {
    const text = renderBoard(view, lang);
    if (text === last) return;
    last = text;
    process.stdout.write(tty ? `\x1b[2J\x1b[H${text}\n` : `${text}\n\n`);
  };
  client.on('connect', () => {
    client.subscribe([`${base}/availability`, `${base}/score/+`, `${base}/score/+/name`, `${base}/to_play`, `${base}/status`], { qos: 1 });
  });
  client.on('close', () => { view.online = false; draw(); });
  client.on('error', (e) => process.stderr.write(`marker scoreboard: ${e.message}\n`));
  client.on('message', (topic, payload) => {
    const value = payload.toString('utf8');
    const rest = topic.slice(base.length + 1);
    let m: RegExpExecArray | null;
    if (rest === 'availability') view.online = value === 'online';
    else if (rest === 'to_play') view.toPlay = value;
    else if (rest === 'status') view.status = value;
    else if ((m = /^score\/(\d+)\/name$/.exec(rest))) value === '' ? view.names.delete(Number(m[1])) : view.names.set(Number(m[1]), value);
    else if ((m = /^score\/(\d+)$/.exec(rest))) value === '' ? view.scores.delete(Number(m[1])) : view.scores.set(Number(m[1]), value);
    if (!options.once) draw();
  });
  if (options.once) {
    // retained values arrive right after the subscription; give them a moment, then print once
    await new Promise((r) => setTimeout(r, 1500));
    process.stdout.write(renderBoard(view, lang) + '\n');
    await client.endAsync();
    return 0;
  }
  draw();
  return await new Promise<number>((resolve) => {
    const stop = () => { client.end(true, {}, () => resolve(0)); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
