// `marker simulate`: a synthetic clip with exact truth (issue 3).
import { CLOTH_FAMILIES, CUE_BALL_STYLES, type LookOverrides } from '../sim/render/look.js';
import { listScenarios, runScenario } from '../sim/scenarios/index.js';
import { ClipError, writeClip } from '../sim/clip-writer.js';
import { parseArgs, UsageError } from './args.js';
import { progressBar } from './progress.js';

export const SIMULATE_HELP = `usage: marker simulate --out DIR [--scenario NAME | --game [--strokes N]] [--seed N]
                       [--resolution 1280x720|1920x1080|WxH] [--fps 30|60] [--crf N]
                       [--cloth green|blue|burgundy] [--cue-ball red|yellow|striped] [--lamps N] [--look JSON]
       marker simulate --list-scenarios

Plays a scenario (or a whole game) on the simulated table, films it with a randomised overhead
camera and look, and writes DIR/clip.mp4, DIR/truth.jsonl (protocol v1 records), DIR/frames.jsonl
(every frame's ball positions in table mm and visibility) and DIR/meta.json (table, camera, fps, the
surface corners in pixels HL HR FR FL, the look). Without --scenario or --game, a short random
scenario picked by the seed. Everything is deterministic for a seed.`;

function resolution(s: string): [number, number] {
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(s);
  if (!m) throw new UsageError(`--resolution ${s}: use WIDTHxHEIGHT, e.g. 1280x720`);
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w < 320 || h < 180 || w > 7680 || h > 4320) throw new UsageError(`--resolution ${s}: between 320x180 and 7680x4320`);
  if (w % 2 || h % 2) throw new UsageError(`--resolution ${s}: width and height must be even (H.264)`);
  return [w, h];
}

function int(name: string, v: string | true | undefined, lo: number, hi: number, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (typeof v !== 'string' || !Number.isInteger(n) || n < lo || n > hi) throw new UsageError(`--${name} ${String(v)}: an integer from ${lo} to ${hi}`);
  return n;
}

export async function simulateCommand(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    out: { value: true }, scenario: { value: true }, game: { value: false }, strokes: { value: true }, seed: { value: true },
    resolution: { value: true }, fps: { value: true }, crf: { value: true }, cloth: { value: true }, 'cue-ball': { value: true },
    lamps: { value: true }, look: { value: true }, 'list-scenarios': { value: false }, help: { value: false },
  });
  if (options.help) {
    process.stdout.write(SIMULATE_HELP + '\n');
    return 0;
  }
  if (options['list-scenarios']) {
    const list = listScenarios();
    const w = Math.max(...list.map((s) => s.name.length));
    process.stdout.write(list.map((s) => `${s.name.padEnd(w)}  ${s.description}`).join('\n') + '\n');
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (typeof options.out !== 'string') throw new UsageError('--out DIR is required');
  if (options.scenario !== undefined && options.game) throw new UsageError('--scenario and --game do not go together');
  const names = listScenarios().map((s) => s.name);
  if (typeof options.scenario === 'string' && !names.includes(options.scenario)) {
    throw new UsageError(`--scenario ${options.scenario}: unknown; known: ${names.join(', ')}`);
  }
  const seed = int('seed', options.seed, 0, 2 ** 31 - 1, 1);
  const fps = int('fps', options.fps, 10, 120, 30);
  const crf = options.crf === undefined ? undefined : int('crf', options.crf, 0, 51, 20);
  const [width, height] = resolution(typeof options.resolution === 'string' ? options.resolution : '1280x720');
  const look: LookOverrides = {};
  if (options.look !== undefined) {
    try {
      Object.assign(look, JSON.parse(String(options.look)));
    } catch {
      throw new UsageError('--look: not valid JSON (e.g. --look \'{"cloth":{"family":"blue"}}\')');
    }
  }
  if (options.cloth !== undefined) {
    if (!(CLOTH_FAMILIES as readonly string[]).includes(String(options.cloth))) throw new UsageError(`--cloth ${String(options.cloth)}: one of ${CLOTH_FAMILIES.join(', ')}`);
    look.cloth = { ...look.cloth, family: options.cloth as (typeof CLOTH_FAMILIES)[number] };
  }
  if (options['cue-ball'] !== undefined) {
    if (!(CUE_BALL_STYLES as readonly string[]).includes(String(options['cue-ball']))) throw new UsageError(`--cue-ball ${String(options['cue-ball'])}: one of ${CUE_BALL_STYLES.join(', ')}`);
    look.balls = { ...look.balls, cueStyle: options['cue-ball'] as (typeof CUE_BALL_STYLES)[number] };
  }
  if (options.lamps !== undefined) look.lighting = { ...look.lighting, lamps: new Array(int('lamps', options.lamps, 1, 8, 2)).fill({}) };
  const strokes = options.strokes === undefined ? undefined : int('strokes', options.strokes, 1, 1000, 1);
  if (strokes !== undefined && !options.game) throw new UsageError('--strokes goes with --game');

  const name = options.game ? 'game' : (options.scenario as string | undefined);
  process.stderr.write(`simulating ${name ?? 'a random scenario'} (seed ${seed})\n`);
  let timeline;
  try {
    timeline = runScenario(name, { seed, ...(strokes !== undefined && { strokes }) });
  } catch (e) {
    process.stderr.write(`marker simulate: ${(e as Error).message}\n`);
    return 1;
  }
  try {
    const r = await writeClip(timeline, { out: options.out, width, height, fps, seed, look, ...(crf !== undefined && { crf }), onProgress: progressBar('rendering frames') });
    process.stderr.write(`wrote ${r.dir}: ${timeline.name}, ${r.frames} frames (${r.duration_s.toFixed(1)} s at ${fps} fps, ${width}x${height})\n`);
  } catch (e) {
    if (e instanceof ClipError) {
      process.stderr.write(`marker simulate: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  return 0;
}
