// `marker analyze VIDEO`: protocol v1 shot / moved / fall records from a video (protocol.md).
import { createWriteStream, existsSync, readFileSync, statSync, type WriteStream } from 'node:fs';
import { RUSSIAN_12FT, tableFromProtocol, type TableSpec } from '../table/geometry.js';
import { parseArgs, UsageError } from './args.js';
import { progressBar } from './progress.js';
import { InputError } from './input.js';
import { RulesOnTable } from './rules-on-table.js';
import { parseJsonl } from '../protocol/jsonl.js';
import { ProtocolError } from '../protocol/validate.js';
import type { TableRecord } from '../protocol/records.js';

export const ANALYZE_HELP = `usage: marker analyze VIDEO [--table LENGTH,WIDTH,BALL] [--corners "x,y x,y x,y x,y"]
                      [--head left|right|top|bottom] [--cue-ball auto|colour|stripe|white] [--profile calibration/NAME.json]
                      [--game FILE] [--out FILE] [--debug-video FILE] [--no-reader]

Watches a video of a table from above and writes one protocol v1 "shot" record per stroke (and "moved"
and "fall" records) in time order, as JSON lines, to FILE or standard output. --table is in mm
(default a full-size Russian table, 3550,1775,68). --corners gives the playing surface's corners in
image pixels in the order HL, HR, FR, FL; without it (or --profile, a saved calibration) the table is
found automatically; --head then says which side of the image the head cushion is on (an empty table
looks the same both ways round; without it the head is assumed left, or top, with a warning). --cue-ball says what the cue ball looks like (auto: the one coloured or striped
ball). A stroke still running when the video ends is written with a review flag. Whatever the camera is
unsure of goes into each record's "review". Progress and diagnostics go to standard error.
--game FILE gives what people entered for the game on the video (JSONL: its "game" record and the
"call" records, with their times on the video's clock): the camera's records are then folded with them by
the rules engine as they come, as the live referee does, and balls are named among those still on the
table (without it, among all 16).
--debug-video writes an annotated copy (tracks, names, events) for people to look at.`;

/** The people's records for `--game`: a game record and calls, checked as protocol v1 records. */
function peopleRecords(file: string): RulesOnTable {
  if (!existsSync(file)) throw new InputError(`--game ${file}: no such file`);
  if (statSync(file).isDirectory()) throw new InputError(`--game ${file}: is a directory, not a JSONL file`);
  let records;
  try {
    records = parseJsonl(readFileSync(file, 'utf8'));
  } catch (e) {
    if (e instanceof ProtocolError) throw new InputError(`--game ${file}: ${e.message}`);
    throw e;
  }
  const other = records.find((n) => n.record.type !== 'game' && n.record.type !== 'call');
  if (other) throw new InputError(`--game ${file}: line ${other.line} is a "${other.record.type}" record; only what people enter before the strokes is read ("game" and "call"), the rest comes from the video`);
  if (!records.some((n) => n.record.type === 'game')) throw new InputError(`--game ${file}: no "game" record (players, call mode, table): the rules engine needs one`);
  return new RulesOnTable(records.map((n) => n.record));
}

function parseTable(s: string): TableSpec {
  const parts = s.split(',').map((x) => Number(x.trim()));
  if (parts.length !== 3 || parts.some((x) => !Number.isFinite(x) || x <= 0)) throw new UsageError(`--table ${s}: use LENGTH,WIDTH,BALL in mm, e.g. 3550,1775,68`);
  const [length, width, ball] = parts as [number, number, number];
  if (width >= length) throw new UsageError(`--table ${s}: the width must be less than the length`);
  if (ball * 10 >= width) throw new UsageError(`--table ${s}: a ${ball} mm ball is too large for a ${width} mm wide table`);
  return tableFromProtocol({ length, width, ball });
}

export async function analyzeCommand(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    table: { value: true }, corners: { value: true }, head: { value: true }, 'cue-ball': { value: true }, out: { value: true }, profile: { value: true },
    'debug-video': { value: true }, 'no-reader': { value: false }, game: { value: true }, help: { value: false },
  });
  if (options.help) {
    process.stdout.write(ANALYZE_HELP + '\n');
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `one VIDEO expected, got ${positionals.length}` : 'VIDEO is required');
  const video = positionals[0]!;
  if (!existsSync(video)) throw new InputError(`${video}: no such file`);
  if (statSync(video).isDirectory()) throw new InputError(`${video}: is a directory, not a video`);
  const spec = typeof options.table === 'string' ? parseTable(options.table) : RUSSIAN_12FT;
  const { CUE_BALL_MODES } = await import('../vision/identity/cue-look.js');
  const head = options.head;
  if (head !== undefined && !['left', 'right', 'top', 'bottom'].includes(String(head))) throw new UsageError(`--head ${String(head)}: one of left, right, top, bottom`);
  if (head !== undefined && (options.corners !== undefined || options.profile !== undefined)) throw new UsageError('--head goes with automatic calibration: --corners and --profile already say where the head is');
  const cueBall = (options['cue-ball'] ?? 'auto') as string;
  const rules = typeof options.game === 'string' ? peopleRecords(options.game) : null;
  if (!(CUE_BALL_MODES as readonly string[]).includes(cueBall)) throw new UsageError(`--cue-ball ${cueBall}: one of ${CUE_BALL_MODES.join(', ')}`);

  // the vision stack (OpenCV, onnxruntime) loads only here
  const { parseCorners, CornersError } = await import('../vision/calibration/manual-corners.js');
  const { loadProfile, ProfileError } = await import('../vision/calibration/profile.js');
  const { NoTableError } = await import('../vision/calibration/cloth.js');
  const { FrameSourceError } = await import('../vision/frame.js');
  const { analyzeVideo } = await import('../vision/analyze.js');
  const { NumberReader } = await import('../vision/identity/number-reader.js');
  const { DebugVideo } = await import('../vision/debug-video.js');

  let corners: [number, number][] | undefined;
  try {
    if (typeof options.corners === 'string') corners = parseCorners(options.corners);
  } catch (e) {
    if (e instanceof CornersError) throw new UsageError(`--corners: ${e.message}`);
    throw e;
  }
  let profile;
  if (typeof options.profile === 'string') {
    try {
      profile = loadProfile(options.profile);
    } catch (e) {
      if (e instanceof ProfileError) throw new InputError(`--profile ${options.profile}: ${e.message}`);
      throw e;
    }
  }
  let reader = null;
  if (!options['no-reader']) {
    try {
      reader = await NumberReader.load();
    } catch (e) {
      process.stderr.write(`marker analyze: ${(e as Error).message}; names come from the look and elimination only\n`);
    }
  }
  let out: WriteStream | null = null;
  if (typeof options.out === 'string') out = createWriteStream(options.out);
  const emit = (r: TableRecord) => {
    rules?.add(r);
    const line = JSON.stringify(r) + '\n';
    if (out) out.write(line);

    else process.stdout.write(line);
  };
  const debug = typeof options['debug-video'] === 'string' ? new DebugVideo(options['debug-video']) : null;
  try {
    const summary = await analyzeVideo({
      video, spec, cueBall: cueBall as 'auto', reader, emit,
      ...(corners && { corners_px: corners }), ...(profile && { profile }), ...(typeof head === 'string' && { head: head as 'left' }),
      onProgress: progressBar('analysing frames'),
      ...(rules && { onTable: () => rules.onTable() }),
      // (the calls made up to a frame are folded after it: a call comes seconds before its stroke)
      ...((debug || rules) && { onFrame: (f, a) => { rules?.advanceTo(f.t_s); debug?.frame(f, a); } }),
    });
    for (const w of [...summary.profile.warnings ?? [], ...summary.warnings]) process.stderr.write(`marker analyze: warning: ${w}\n`);
    const peak_mb = peakMemory_mb();
    process.stderr.write(`marker analyze: ${summary.frames} frames at ${summary.fps} fps, ${summary.records} records (peak memory ${peak_mb} MB)\n`);
  } catch (e) {
    if (e instanceof FrameSourceError || e instanceof NoTableError || e instanceof CornersError || e instanceof ProfileError) {
      throw new InputError(e.message);
    }
    throw e;
  } finally {
    debug?.close();
    if (out) await new Promise<void>((r) => out!.end(() => r()));
    await reader?.close();
  }
  return 0;
}

/**
 * This process's peak resident memory. Linux's VmHWM is the process's own; getrusage's maxrss survives
 * exec and would report the parent's size for a child started by a large parent (a benchmark).
 */
function peakMemory_mb(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Math.round(Number(m[1]) / 1024);
  } catch { /* not Linux */ }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
