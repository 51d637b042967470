// Shared bits for the live tests: the marker command (built or from source), temp dirs, records.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/live/sources/index.js';
import { defaults, type Settings } from '../../src/live/settings.js';

export const root = repoRoot();

/** How to run `marker`: the build when the tests run from dist/, the sources through tsx otherwise. */
export function markerArgv(...args: string[]): [string, string[]] {
  const fromDist = import.meta.url.includes('/dist/');
  return fromDist
    ? [process.execPath, [join(root, 'dist/src/cli/main.js'), ...args]]
    : [process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args]];
}

const made: string[] = [];
process.once('exit', () => { for (const d of made) rmSync(d, { recursive: true, force: true }); });

/** A fresh temp dir, removed when the test process exits. */
export const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), `marker-${prefix}-`));
  made.push(d);
  return d;
};

/** Settings for an in-process referee in a test: no embedded broker, any free HTTP port, a known PIN. */
export function testSettings(over: (s: Settings) => void): Settings {
  const s = defaults();
  s.data_dir = tempDir('data');
  s.http.port = 0;
  s.http.host = '127.0.0.1';
  s.referee.pin = '4321';
  s.health.interval_s = 1;
  s.source.uri = 'none';
  over(s);
  return s;
}

/** A game of `strokes` plain strokes, each a call + a pot or a miss, timed `gap_s` apart. */
export function gameRecords(strokes: number, gap_s = 1): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{ type: 'game', v: 1, players: ['Anna', 'Boris'] }];
  let t = 0;
  const left = Array.from({ length: 15 }, (_, i) => i + 1);
  for (let i = 0; i < strokes; i++) {
    t += gap_s;
    const ball = left[0]!;
    // at most seven pots (28 points): the game is still on however long the test plays
    const pot = i % 3 === 1 && left.length > 8;
    out.push({ type: 'call', t: t - gap_s / 2, ball, pocket: 'FR' });
    out.push({
      type: 'shot', t0: t - gap_s / 4, t1: t, struck: 'cue', whileMoving: false, firstContact: ball,
      pocketed: pot ? [{ ball, pocket: 'FR' }] : [], offTable: [], bounced: [], review: [],
    });
    if (pot) left.shift();
  }
  return out;
}
