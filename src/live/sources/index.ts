// Making a source from its setting: "demo", "records:FILE", "none", or a camera: "sim:SEED", "file:PATH",
// "v4l2:DEVICE?…", "rtsp://…", "http(s)://…", "still:COMMAND" (camera-uri.ts).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cameraSource, isCameraUri, cameraUriProblem, type CameraSettings } from './camera-uri.js';
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

const KNOWN = '"sim:SEED", "demo", "records:FILE", "file:VIDEO", "v4l2:/dev/videoN?width=…&height=…&fps=…&fourcc=MJPG", "rtsp://…", "http://…", "still:COMMAND" or "none"';

/** What is wrong with a source setting, checked without opening anything (for the settings' cross-check); null if fine. */
export function sourceUriProblem(uri: string): string | null {
  if (uri === 'none' || uri === 'demo') return null;
  if (uri.startsWith('records:')) return uri.length > 'records:'.length ? null : 'records: needs a file, e.g. records:game.jsonl';
  if (isCameraUri(uri)) return cameraUriProblem(uri);
  if (/^\/dev\/video/.test(uri)) return `${JSON.stringify(uri)}: write a camera as v4l2:${uri}`;
  return `${JSON.stringify(uri)} is not one of ${KNOWN}`;
}

/**
 * null for "none": people enter everything (a manual scoring tablet). `pacing` is the `source` settings
 * section (a camera also reads its corners, profile, cue_ball, reader and still_interval_s from it).
 */
export function sourceFrom(uri: string, pacing: Pacing & Partial<CameraSettings>, loop: boolean, log: (m: string) => void = (m) => process.stderr.write(`${m}\n`)): RecordSource | null {
  if (uri === 'none') return null;
  if (uri === 'demo') return demoSource(pacing, loop);
  if (uri.startsWith('records:')) return recordsFileSource(uri.slice('records:'.length), pacing);
  const problem = sourceUriProblem(uri);
  if (problem) throw new SourceError(`source ${problem}`);
  try {
    return cameraSource(uri, pacing, loop, log, () => demoSource(pacing, loop));
  } catch (e) {
    throw new SourceError(e instanceof Error ? e.message : String(e));
  }
}
