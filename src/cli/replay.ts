// `marker replay FILE|- [--json] [--lang ru|en]`: the state after a game's records.
import { parseJsonl } from '../protocol/jsonl.js';
import { langFrom, type Lang } from '../i18n/terms.js';
import { foldMatch, summarize } from '../rules/index.js';
import { parseArgs, UsageError } from './args.js';
import { formatScoreboard, formatStroke } from './format-game.js';
import { readInput } from './input.js';

export const REPLAY_HELP = `usage: marker replay FILE|- [--json] [--lang ru|en]

Reads table-protocol v1 records (JSONL) from FILE, or from standard input with "-", and prints the
state after the last record: a scoreboard and one line per stroke with its verdict, or with --json one
JSON object (status, winner, scores, toPlay, fromHand, onTable, contested, and every stroke's verdict).
A record that breaks the protocol stops the replay with a message naming its line and field (exit 2).`;

export async function replayCommand(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, { json: { value: false }, lang: { value: true }, help: { value: false } });
  if (options.help) {
    process.stdout.write(REPLAY_HELP + '\n');
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `one FILE expected, got ${positionals.length}` : 'FILE (or - for standard input) is required');
  const lang = options.lang === undefined ? langFrom(process.env.MARKER_LANG) ?? 'ru' : langFrom(String(options.lang));
  if (!lang) throw new UsageError(`--lang ${String(options.lang)}: use ru or en`);
  const source = positionals[0]!;
  const text = await readInput(source);
  const summary = summarize(foldMatch(parseJsonl(text)));
  if (options.json) process.stdout.write(JSON.stringify(summary) + '\n');
  else process.stdout.write(readable(summary, lang) + '\n');
  return 0;
}

function readable(s: ReturnType<typeof summarize>, lang: Lang): string {
  return [...s.strokes.map((v) => formatStroke(v, lang)), '', formatScoreboard(s, lang)].join('\n');
}

