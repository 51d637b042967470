// Making a source from its setting: "demo", "records:FILE" or "none".
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RecordedSource, timeOf, type Pacing } from './recorded.js';
import type { RecordSource, SourceItem } from './types.js';

export type { RecordSource, SourceItem, Clip, SourceHealth } from './types.js';

export class SourceError extends Error {}

/** The repository root, found from this module in src/ or in dist/src/. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      readFileSync(join(dir, 'package.json'));
      return dir;
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('cannot find the repository root (package.json)');
}

export const DEMO_GAME = () => join(repoRoot(), 'examples', 'sample-game.jsonl');

function readRecords(file: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SourceError(`${file}: cannot read the records file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  return text.split(/\r?\n/).flatMap((line, i) => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line)];
    } catch {
      throw new SourceError(`${file}: line ${i + 1}: malformed JSON`);
    }
  });
}

/** Records a person decides (review outcomes) are left to people in the demo: its contested strokes wait for the page. */
const PERSON_ONLY = new Set(['correct', 'foul', 'nocount']);

/** The bundled sample game, looped: each pass is shifted in time so the pace carries on, seq keeps rising. */
export function demoSource(pacing: Pacing, loop: boolean, file = DEMO_GAME()): RecordSource {
  const records = readRecords(file).filter((r) => !PERSON_ONLY.has(String((r as { type?: unknown }).type)));
  const times = records.map(timeOf).filter((t): t is number => t !== null);
  const span = (times.length ? Math.max(...times) : 0) + 10;
  function* produce(): Iterable<SourceItem> {
    for (let pass = 0; pass === 0 || loop; pass++) {
      for (const [i, r] of records.entries()) {
        yield { record: shiftTimes(r, pass * span), seq: pass * records.length + i + 1 };
      }
    }
  }
  return new RecordedSource('demo', produce, pacing);
}

function shiftTimes(record: unknown, by: number): unknown {
  if (by === 0) return record;
  const r = { ...(record as Record<string, unknown>) };
  for (const k of ['t', 't0', 't1']) if (typeof r[k] === 'number') r[k] = (r[k] as number) + by;
  return r;
}

export function recordsFileSource(file: string, pacing: Pacing): RecordSource {
  const records = readRecords(file);
  return new RecordedSource(`records:${file}`, () => records.map((record, i) => ({ record, seq: i + 1 })), pacing);
}

/** null for "none": people enter everything (a manual scoring tablet). */
export function sourceFrom(uri: string, pacing: Pacing, loop: boolean): RecordSource | null {
  if (uri === 'none') return null;
  if (uri === 'demo') return demoSource(pacing, loop);
  if (uri.startsWith('records:')) return recordsFileSource(uri.slice('records:'.length), pacing);
  throw new SourceError(`source ${JSON.stringify(uri)}: video/camera sources arrive with the vision pipeline; use "demo", "records:FILE" or "none"`);
}
