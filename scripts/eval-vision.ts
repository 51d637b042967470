// The vision evaluation (issue 4): simulated clips of every scenario and whole games, each clip its own
// seed and look, analysed from pixels with automatic calibration, scored against the truth: stroke
// exact match, per-field precision/recall, silent errors, ball-centre error in mm, and how long after
// the last ball stops each shot record is ready (in stream time).
// Seeds: development used 1..1000, 2000..2100, the clip sets from 700000, 800000 and 810000, and the games
// from 820000 (`--per 0 --games 6`, seeds 825000+), 860000, 880000, 890000, 920000, 940000 and 960000 (sessions 16–22),
// and the hanging-ball clips from 970000 (`--per 4 --games 0 --only hanging-self,hanging-independent,hanging-shake`,
// session 23), and the clips from 980000 (`--per 4 --games 0 --only
// while-moving,moved-by-hand,cue-off-table,occluded-fall`, session 24) and from 990000 (`--per 3 --games 0`, every
// scenario, session 25) and from 1020000, 1030000, 1040000, 1050000, 1060000, 1070000, 1080000, 1090000, 1110000,
// 1120000, 1130000 and 1140000 (`--per 2 --games 4`, sessions 27–39), and 1150000 (`--per 8 --games 0 --only
// moved-by-hand,legal-pot,occluded-fall`) and 1160000 (`--per 6 --games 0 --only
// legal-pot,occluded-fall,cue-off-table,cue-pocketed`, session 40), 1170000 (`--per 6 --games 0 --only
// moved-by-hand,occluded-fall,cue-off-table,cue-pocketed`) and 1180000 (`--per 0 --games 8`, session 41), 1190000
// (`--per 0 --games 6`, session 42), 1200000 (`--per 0 --games 6`, session 43), 1210000 and 1230000 (`--per 0
// --games 6`), 1220000 (`--per 8 --games 0 --only moved-by-hand,occluded-fall,legal-pot,cue-pocketed,while-moving`),
// 1240000 (`--per 12 --games 0 --only moved-by-hand`), 1250000 (`--per 6 --games 0 --only
// legal-pot,cue-pocketed,occluded-fall`), 1260000 (`--per 10 --games 0 --only
// moved-by-hand,occluded-fall,cue-pocketed,legal-pot`) and 1270000 (`--per 0 --games 6`; sessions 44–46), 1280000
// (`--per 2 --games 8`, every scenario) and 1290000 (`--per 6 --games 6 --only moved-by-hand`; session 47), 1300000
// (`--per 2 --games 8`, session 48), 1310000 (`--per 2 --games 8`, session 49), 1320000 (`--per 2 --games 8`, session 50),
// 1330000 (`--per 2 --games 8`) and 1340000 (`--per 12 --games 0 --only moved-by-hand`, session 51), 1350000
// (`--per 0 --games 12`) and 1360000 (`--per 0 --games 8`, session 52), 1370000 (`--per 0 --games 12`, session 53),
// 1390000 (`--per 3 --games 6`) and 1400000 (`--per 8 --games 0 --only moved-by-hand`, session 54), and 1100000 and
// 1380000 for calibration's first strokes (scripts/sweep-calibration.ts) (all looked at, stroke by stroke, while
// developing; a new set should start at 1410000). The
// evaluation set is from 900000 (`--per 6 --games 18 --seed-base 900000`), made in sessions 5 and 6 and
// read only as totals (and, since session 40, its per-scenario totals, to choose what to render next).
// At 1920×1080 by default: numbers are read on full-resolution crops (at 720p a numeral is 7 px).
// Run: node --import tsx scripts/eval-vision.ts [--per 20] [--games N] [--seed-base 700000] [--dir /var/tmp/marker-eval] [--resolution 1920x1080] [--jobs 2]
//        [--seeds S1,S2 (only those clips of the set)] [--reader models/ball-reader.onnx (another number reader)]
//        [--no-rules (names among all 16 balls, not among those the rules engine has on the table)]
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { listScenarios } from '../src/sim/scenarios/index.js';
import { FramePipeline } from '../src/vision/analyze.js';
import { NumberReader } from '../src/vision/identity/number-reader.js';
import { compareShots, formatReport } from '../src/vision/eval/compare-shots.js';
import { parseJsonl } from '../src/protocol/jsonl.js';
import type { FallRecord, MovedRecord, ShotRecord, TableRecord } from '../src/protocol/records.js';
import { tableToPx } from '../src/vision/calibration/profile.js';
import { calibrateSimClip, openSimClip } from './lib/sim-clip.js';
import { RulesOnTable } from '../src/cli/rules-on-table.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const per = Number(opt('per', '20'));
const base = Number(opt('seed-base', '700000'));
const dir = opt('dir', '/var/tmp/marker-eval');
const res = opt('resolution', '1920x1080');
const jobs = Number(opt('jobs', '2'));
const only = opt('only', '');
// --show prints every stroke that is not an exact match, truth beside what was seen (for development)
const show = args.includes('--show');
// --games N adds N clips of whole games (--game-strokes strokes each, seeds base+5000+k): ordinary play
const games = Number(opt('games', '0'));
const gameStrokes = Number(opt('game-strokes', '12'));
// --make-only renders the clips and stops (a set can be made ahead and analysed later)
const makeOnly = args.includes('--make-only');
// --shard i/n and --emit FILE: a child process of --jobs analysing every n-th clip from the i-th
const seedsArg = opt('seeds', '');
const onlySeeds = seedsArg ? new Set(seedsArg.split(',').map(Number)) : null;
const readerPath = opt('reader', '');
// --no-rules: names among all 16 balls, as before the rules engine's table was fed back (see rules-on-table.ts)
const useRules = !args.includes('--no-rules');
const shardArg = opt('shard', '');
const shard = shardArg ? { index: Number(shardArg.split('/')[0]), of: Number(shardArg.split('/')[1]) } : null;
const emit = opt('emit', '');
const root = new URL('..', import.meta.url).pathname;

const names = listScenarios().map((s) => s.name).filter((n) => n !== 'game' && (!only || only.split(',').includes(n)));
// every clip its own seed, so its own look (the renderer draws the look from the seed): scenario i's
// k-th clip is base + 100 i + k
const allNames = listScenarios().map((s) => s.name);
// (made seed by seed across the scenarios, so a set made in part covers every scenario)
let clips = (Array.from({ length: per }, (_, k) => names.map((n) => {
  const seed = base + 100 * allNames.indexOf(n) + k;
  return { name: n, seed, out: join(dir, `${n}-${seed}-${res}`) };
})).flat().concat(Array.from({ length: games }, (_, k) => {
  const seed = base + 5000 + k;
  return { name: 'game', seed, out: join(dir, `game${gameStrokes}-${seed}-${res}`) };
}))).filter((c) => !onlySeeds || onlySeeds.has(c.seed));
if (onlySeeds && !clips.length) { console.error(`--seeds ${seedsArg}: none of those seeds is in this set`); process.exit(2); }

// 1. the clips (made once; the set is rebuilt by deleting --dir)
let next = 0;
const make = async (): Promise<void> => {
  while (next < clips.length) {
    const c = clips[next++]!;
    if (existsSync(join(c.out, 'frames.jsonl')) && existsSync(join(c.out, 'clip.mp4'))) continue;
    const what = c.name === 'game' ? ['--game', '--strokes', String(gameStrokes)] : ['--scenario', c.name];
    // made under another name and moved into place when whole: a clip cut short (the process killed) must
    // not pass for a made one next time
    const partial = `${c.out}.partial`;
    rmSync(partial, { recursive: true, force: true });
    await new Promise<void>((resolve, reject) => {
      const p = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'simulate', '--out', partial, ...what, '--seed', String(c.seed), '--resolution', res], { stdio: ['ignore', 'ignore', 'pipe'] });
      let said = '';
      p.stderr!.on('data', (d: Buffer) => { said += d.toString(); });
      p.on('close', (code) => {
        if (code === 0) { renameSync(partial, c.out); process.stderr.write(`clip ${next}/${clips.length} ${c.name} ${c.seed}\n`); resolve(); return; }
        // a scenario whose case the physics did not bring about for this seed has no clip: the set goes
        // on without it (and says so) rather than with a clip of another seed, so seeds stay comparable
        if (/did not happen/.test(said)) { rmSync(partial, { recursive: true, force: true }); process.stderr.write(`clip ${c.name} ${c.seed}: no clip, ${said.trim().split('\n').pop()}\n`); resolve(); return; }
        reject(new Error(`simulate ${c.name} ${c.seed} failed: ${said.trim().split('\n').pop() ?? ''}`));
      });
    });
  }
};
if (!shard) await Promise.all(Array.from({ length: jobs }, make));
if (makeOnly) process.exit(0);
// the clips a scenario could not bring about (see make) are left out of the analysis
const unmade = clips.filter((c) => !existsSync(join(c.out, 'frames.jsonl')));
clips = clips.filter((c) => existsSync(join(c.out, 'frames.jsonl')));

// 2. analyse each from pixels: in this process, or split over --jobs child processes (each takes every
// jobs-th clip and writes its results to a file), since one analysis uses about one core
interface ClipResult {
  name: string; seed: number; duration_s: number;
  truth: TableRecord[]; seen: TableRecord[];
  centreErr: number[]; readyDelay: number[]; cornerErr: number | null; error: string | null;
  /** the pipeline's warnings: a bumped camera (a simulated camera never moves, so each is a false alarm) */
  warnings?: string[];
}
async function analyseClip(c: { name: string; seed: number; out: string }, reader: NumberReader | null): Promise<ClipResult> {
  const clip = openSimClip(c.out);
  const { meta, spec, rows } = clip;
  const truth = parseJsonl(readFileSync(join(c.out, 'truth.jsonl'), 'utf8')).map((n) => n.record);
  const r: ClipResult = { name: c.name, seed: c.seed, duration_s: meta.duration_s, truth, seen: [], centreErr: [], readyDelay: [], cornerErr: null, error: null };
  try {
    const profile = calibrateSimClip(clip);
    // the playing surface's corners as calibrated against where the renderer put them
    const L = spec.length_mm / 2, W = spec.width_mm / 2;
    const err = ([[-L, W], [-L, -W], [L, -W], [L, W]] as const).map(([x, y], i) => { const p = tableToPx(profile, x, y, 0); return Math.hypot(p.x - meta.corners[i][0], p.y - meta.corners[i][1]); });
    r.cornerErr = Math.max(...err);
    const trueShots = truth.filter((x): x is ShotRecord => x.type === 'shot');
    // the object balls on the table as the clip begins: the first stroke's `before`
    const present = new Set(Object.keys(trueShots[0]?.before ?? {}).filter((k) => k !== 'cue').map(Number));
    const rules = useRules && present.size ? new RulesOnTable(truth, present) : null;
    const pipe = new FramePipeline(profile, { spec, cueBall: 'auto', reader, ...(rules && { onTable: () => rules.onTable() }) });
    let n = 0;
    for (;;) {
      const f = clip.frame(n);
      if (!f) break;
      rules?.advanceTo(f.t_s);
      for (const rec of await pipe.push(f)) {
        rules?.add(rec);
        r.seen.push(rec);
        if (rec.type === 'shot') {
          const t = trueShots.find((x) => Math.abs((x.t0 ?? 0) - (rec.t0 ?? 0)) < 0.6);
          if (t?.t1 !== undefined) r.readyDelay.push(f.t_s - t.t1);
        }
      }
      // centre error: each visible true ball against the nearest visible track within a radius
      const row = rows[n];
      if (row) {
        const tracks = pipe.analyzer.tracker.live().filter((t) => t.state === 'visible');
        for (const b of row.balls.filter((x) => x.state === 'visible')) {
          let best = Infinity;
          for (const t of tracks) best = Math.min(best, Math.hypot(t.x_mm - b.x, t.y_mm - b.y));
          if (best < spec.ball_mm / 2) r.centreErr.push(best);
        }
      }
      n++;
    }
    r.seen.push(...pipe.finish());
    r.warnings = pipe.warnings;
  } catch (e) {
    r.error = (e as Error).message;
  } finally {
    clip.release();
  }
  return r;
}

const mine = shard ? clips.filter((_, i) => i % shard.of === shard.index) : clips;
const reader = readerPath ? await NumberReader.load(readerPath) : await NumberReader.load().catch(() => null);
let results: ClipResult[] = [];
if (shard || jobs <= 1) {
  for (const c of mine) {
    const r = await analyseClip(c, reader);
    results.push(r);
    const rep = compareShots(r.truth, r.seen);
    process.stderr.write(`${c.name} ${c.seed}: exact ${rep.exact}/${rep.strokes}, silent ${rep.silentErrors}, calibration worst corner ${r.cornerErr !== null ? `${r.cornerErr.toFixed(1)} px` : 'failed'}${r.error ? ` (${r.error})` : ''}\n`);
    if (show) for (const k of rep.comparisons.filter((x) => x.wrong.length)) process.stderr.write(`  truth ${brief(k.truth)}\n  seen  ${brief(k.observed)}\n`);
  }
  if (shard) { writeFileSync(emit, JSON.stringify(results)); process.exit(0); }
} else {
  const tmp = mkdtempSync(join(tmpdir(), 'marker-eval-'));
  const passOn = args.filter((a, i) => a !== '--jobs' && args[i - 1] !== '--jobs');
  await Promise.all(Array.from({ length: jobs }, (_, j) => new Promise<void>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, ...passOn, '--shard', `${j}/${jobs}`, '--emit', join(tmp, `${j}.json`)], { stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`analysis shard ${j} failed (exit ${code})`))));
  })));
  const byShard = Array.from({ length: jobs }, (_, j) => JSON.parse(readFileSync(join(tmp, `${j}.json`), 'utf8')) as ClipResult[]);
  results = clips.map((_, i) => byShard[i % jobs]![Math.floor(i / jobs)]!);
  rmSync(tmp, { recursive: true, force: true });
}

// 3. the figures over the whole set, each clip's strokes shifted onto one timeline
const truthAll: TableRecord[] = [];
const seenAll: TableRecord[] = [];
const centreErr: number[] = [];
const readyDelay: number[] = [];
const cornerErr: number[] = [];
let offset = 0;
let failures = 0;

// issue 5's figure: each true pocketing the camera also saw (same stroke, same pocket), was the ball
// named right, or named wrong with the stroke flagged, or named wrong silently?
const pocketedId = { right: 0, flagged: 0, silent: 0, unseen: 0 };
function tallyPocketedIdentity(truth: TableRecord[], seen: TableRecord[]): void {
  const shots = (rs: TableRecord[]) => rs.filter((x): x is ShotRecord => x.type === 'shot');
  for (const t of shots(truth)) {
    const o = shots(seen).find((x) => Math.abs((x.t0 ?? 0) - (t.t0 ?? 0)) < 0.6);
    for (const p of t.pocketed ?? []) {
      const same = o?.pocketed?.filter((q) => q.pocket === p.pocket) ?? [];
      if (!o || !same.length) { pocketedId.unseen++; continue; }
      if (same.some((q) => q.ball === p.ball)) pocketedId.right++;
      else if (o.review?.length) pocketedId.flagged++;
      else pocketedId.silent++;
    }
  }
}
// `moved` and `fall` records change the score too: each seen one against the truth's (same kind,
// within a second; a move also the same balls, a fall also the same ball, pocket and cause)
const other = { moved: { truth: 0, seen: 0, matched: 0, wrongCause: 0, wrongBalls: 0 }, fall: { truth: 0, seen: 0, matched: 0, wrongCause: 0, wrongBalls: 0 } };
const sameBalls = (a: MovedRecord, b: MovedRecord) => [...a.balls].map(String).sort().join() === [...b.balls].map(String).sort().join();
function tallyOther(clip: string, truth: TableRecord[], seen: TableRecord[]): void {
  for (const kind of ['moved', 'fall'] as const) {
    const ts = truth.filter((x) => x.type === kind) as (MovedRecord | FallRecord)[];
    const ss = seen.filter((x) => x.type === kind) as (MovedRecord | FallRecord)[];
    other[kind].truth += ts.length;
    other[kind].seen += ss.length;
    const left = [...ts];
    for (const x of ss) {
      const k = left.findIndex((y) => Math.abs((y.t ?? 0) - (x.t ?? 0)) < 1 && (kind === 'moved' || ((y as FallRecord).ball === (x as FallRecord).ball && (y as FallRecord).pocket === (x as FallRecord).pocket)));
      if (k < 0) continue;
      // a fall's cause decides what the rules do with it (R8.1 counts the ball, R8.2 puts it back, R8.3
      // voids the stroke): the right ball with the wrong cause is no match
      if (kind === 'fall' && (left[k] as FallRecord).cause !== (x as FallRecord).cause) { other[kind].wrongCause++; continue; }
      // (a move names the balls to put back: the right moment with the wrong ball is no match)
      if (kind === 'moved' && !sameBalls(left[k] as MovedRecord, x as MovedRecord)) { other[kind].wrongBalls++; continue; }
      left.splice(k, 1); other[kind].matched++;
    }
    if (show) for (const x of ss) process.stderr.write(`  ${clip} seen ${JSON.stringify(x)}\n`);
    if (show) for (const x of ts) process.stderr.write(`  ${clip} truth ${JSON.stringify(x)}\n`);
  }
}
const perScenario = new Map<string, { strokes: number; exact: number; silent: number }>();
for (const r of results) {
  if (r.error) failures++;
  if (r.cornerErr !== null) cornerErr.push(r.cornerErr);
  centreErr.push(...r.centreErr);
  readyDelay.push(...r.readyDelay);
  const shift = (x: TableRecord): TableRecord => (x.type === 'shot' ? { ...x, t0: (x.t0 ?? 0) + offset, t1: (x.t1 ?? 0) + offset } : x);
  truthAll.push(...r.truth.map(shift));
  seenAll.push(...r.seen.map(shift));
  offset += r.duration_s + 10;
  tallyPocketedIdentity(r.truth, r.seen);
  tallyOther(`${r.name} ${r.seed}`, r.truth, r.seen);
  const rep = compareShots(r.truth, r.seen);
  const s = perScenario.get(r.name) ?? { strokes: 0, exact: 0, silent: 0 };
  s.strokes += rep.strokes; s.exact += rep.exact; s.silent += rep.silentErrors;
  perScenario.set(r.name, s);
}
function brief(s: ShotRecord | null): string {
  if (!s) return '-';
  const pots = s.pocketed.map((p) => `${p.ball}@${p.pocket}`).join(',');
  const flags = s.review.map((r) => `${r.what}${r.ball !== undefined ? ` ${r.ball}` : ""}:${r.why ?? ""}`).join('; ');
  return `t0 ${(s.t0 ?? 0).toFixed(2)}-${(s.t1 ?? 0).toFixed(2)} struck ${s.struck}${s.whileMoving ? ' moving' : ''} first ${s.firstContact} pots [${pots}] off [${s.offTable.join(',')}]${flags ? ` review {${flags}}` : ''}`;
}
const q = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN; };
const report = compareShots(truthAll, seenAll);
console.log(`evaluation set: ${clips.length} clips (${names.length} scenarios × ${per} seeds${games ? ` and ${games} games of ${gameStrokes} strokes` : ''}, each its own look, from ${base}), ${res}, ${failures} failed to calibrate or decode${unmade.length ? `; no clip for ${unmade.map((c) => `${c.name} ${c.seed}`).join(', ')} (the scenario's case did not happen for that seed)` : ''}`);
console.log(formatReport(report));
{
  const warned = results.filter((r) => r.warnings?.length);
  console.log(`\nbumped-camera warnings (the simulated camera never moves: each a false alarm): ${warned.reduce((a, r) => a + r.warnings!.length, 0)} on ${warned.length} of ${results.length} clips${warned.length ? ` (${warned.map((r) => `${r.name} ${r.seed}`).join(', ')})` : ''}`);
}
console.log(`\ncalibration: worst surface corner per clip, median ${q(cornerErr, 0.5).toFixed(1)} px, max ${Math.max(...cornerErr).toFixed(1)} px`);
console.log(`ball centres: median ${q(centreErr, 0.5).toFixed(1)} mm, 99th percentile ${q(centreErr, 0.99).toFixed(1)} mm (${centreErr.length} ball-frames within a radius of the truth)`);
console.log(`shot record ready after the last ball stops: median ${(q(readyDelay, 0.5) * 1000).toFixed(0)} ms, 95th percentile ${(q(readyDelay, 0.95) * 1000).toFixed(0)} ms, max ${(Math.max(...readyDelay) * 1000).toFixed(0)} ms (stream time)`);
for (const kind of ['moved', 'fall'] as const) {
  const o = other[kind];
  console.log(`${kind} records: ${o.seen} seen, ${o.truth} true, ${o.matched} matched (precision ${(100 * o.matched / Math.max(1, o.seen)).toFixed(0)}%, recall ${(100 * o.matched / Math.max(1, o.truth)).toFixed(0)}%)${kind === 'fall' ? `; ${o.wrongCause} more of the right ball in the right pocket with the wrong cause` : `; ${o.wrongBalls} more at the right moment naming other balls`}`);
}
const idSeen = pocketedId.right + pocketedId.flagged + pocketedId.silent;
console.log(`pocketed balls the camera saw fall (${idSeen}; ${pocketedId.unseen} more it missed): named right ${(100 * pocketedId.right / Math.max(1, idSeen)).toFixed(1)}%, wrong but flagged ${pocketedId.flagged}, wrong and silent ${pocketedId.silent}`);
console.log('\nby scenario (strokes, exact, silent):');
for (const [n, s] of [...perScenario].sort()) console.log(`  ${n.padEnd(22)} ${String(s.strokes).padStart(4)} ${String(s.exact).padStart(4)} ${String(s.silent).padStart(4)}`);
