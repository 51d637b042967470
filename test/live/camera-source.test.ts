// The camera source with real components: a simulated clip made by `marker simulate`, decoded by ffmpeg,
// analysed in the worker thread; a slow consumer; a camera that fails to open; files that are not videos.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CameraSource } from '../../src/live/sources/camera.js';
import { CaptureError, type FrameCapture } from '../../src/live/sources/capture.js';
import { sourceFrom, SourceError, type SourceItem } from '../../src/live/sources/index.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { markerArgv, tempDir } from './helpers.js';

const dir = tempDir('camclip');
const [cmd, argv] = markerArgv('simulate', '--out', dir, '--scenario', 'legal-pot', '--resolution', '640x360', '--seed', '3');
const made = spawnSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
const video = join(dir, 'clip.mp4');
const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { corners: [number, number][] };
const corners = meta.corners.map((c) => c.join(',')).join(' ');
const quiet = () => {};

async function collect(src: ReturnType<typeof sourceFrom>, limit_ms: number): Promise<SourceItem[]> {
  const ac = new AbortController();
  const t = setTimeout(() => ac.abort(), limit_ms);
  const out: SourceItem[] = [];
  for await (const it of src!.items({ afterSeq: null, signal: ac.signal })) out.push(it);
  clearTimeout(t);
  return out;
}

test('a file: source produces shot records through the worker, and ends as "ended"', { timeout: 60_000 }, async () => {
  assert.equal(made.status, 0, made.stderr);
  const src = sourceFrom(`file:${video}`, { pace: 'fast', speed: 1, corners } as never, false, quiet)!;
  const items = await collect(src, 55_000);
  const shots = items.filter((i) => (i.record as { type: string }).type === 'shot');
  assert.ok(shots.length >= 1, `shot records: ${JSON.stringify(items.map((i) => i.record)).slice(0, 300)}`);
  assert.deepEqual(items.map((i) => i.seq), items.map((_, k) => k + 1));
  const h = src.health();
  assert.equal(h.state, 'ended');
  assert.equal(h.dropped_frames, 0, 'a file played fast waits for the analysis');
  assert.equal(h.detail, 'ended');
});

test('back-pressure: a file played faster than the analysis takes every 2nd or 3rd frame, and counts what it passes over', { timeout: 60_000 }, async () => {
  const src = sourceFrom(`file:${video}`, { pace: 'realtime', speed: 8, corners } as never, false, quiet)!;
  await collect(src, 50_000);
  const h = src.health();
  const s = (src as CameraSource).stats();
  // which of the two depends on the machine's speed: analysis that cannot take every frame passes some over
  assert.ok(h.dropped_frames + (h.skipped_frames ?? 0) > 0, `dropped ${h.dropped_frames}, skipped ${h.skipped_frames}: at 8x the analysis cannot take every frame`);
  assert.equal(h.skipped_frames, s.skipped);
  assert.equal(h.dropped_frames, s.dropped);
  assert.equal(s.captured, s.analysed + s.dropped + s.skipped, JSON.stringify(s));
});

test('a camera that cannot be opened is retried with back-off, offline then online', { timeout: 30_000 }, async () => {
  const attempts: number[] = [];
  let fails = 3;
  const states: string[] = [];
  const src = new CameraSource({
    name: 'test-cam', pace: 'realtime', speed: 1, backoff_ms: { first: 100, max: 400 }, log: quiet,
    analysis: { spec: RUSSIAN_12FT, corners_px: meta.corners, profile: null, reader: null, cueBall: 'auto' },
    open: async () => {
      attempts.push(performance.now());
      states.push(`${src.health().camera_state}:${src.health().detail}`);
      if (fails-- > 0) throw new CaptureError('open_failed', 'no such device');
      const { openVideoFile } = await import('../../src/live/sources/capture-ffmpeg.js');
      const file = await openVideoFile(video);
      // the file stands in for a live camera
      const cam: FrameCapture = { fps: file.fps, corners_px: null, live: true, read: () => file.read(), release: () => file.release() };
      return cam;
    },
  });
  const ac = new AbortController();
  const it = src.items({ afterSeq: null, signal: ac.signal })[Symbol.asyncIterator]();
  void it.next();
  const t0 = performance.now();
  while (src.health().camera_state !== 'online' && performance.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
  assert.equal(src.health().camera_state, 'online');
  ac.abort();
  assert.equal(attempts.length, 4);
  assert.deepEqual(states.slice(1), ['offline:open_failed', 'offline:open_failed', 'offline:open_failed']);
  const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
  // 100, 200, 400 ms apart (doubling)
  assert.ok(gaps[0]! >= 95 && gaps[1]! >= 190 && gaps[2]! >= 390, gaps.join(', '));
  assert.ok(gaps[1]! > gaps[0]! * 1.5 && gaps[2]! > gaps[1]! * 1.5, gaps.join(', '));
});

test('a file that is not a video gives a clear error', { timeout: 30_000 }, async () => {
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'this is a text file, not a video at all\n'.repeat(3));
  assert.throws(() => sourceFrom(`file:${text}`, { pace: 'fast', speed: 1 } as never, false, quiet), (e) => e instanceof SourceError && /not a video \(a text file\)/.test(e.message));
  assert.throws(() => sourceFrom(`file:${join(dir, 'missing.mp4')}`, { pace: 'fast', speed: 1 } as never, false, quiet), /no such file/);
  const junk = join(dir, 'junk.mp4');
  writeFileSync(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
  const src = sourceFrom(`file:${junk}`, { pace: 'fast', speed: 1 } as never, false, quiet)!;
  await assert.rejects(collect(src, 20_000), /junk\.mp4: not a video/);
  assert.equal(src.health().state, 'error');
});

test('a live camera: frames that come while the table is being found are skipped and counted as such, not queued or dropped', { timeout: 60_000 }, async () => {
  const { openVideoFile } = await import('../../src/live/sources/capture-ffmpeg.js');
  const details: string[] = [];
  const src = new CameraSource({
    name: 'test-cam', pace: 'realtime', speed: 1, log: quiet,
    analysis: { spec: RUSSIAN_12FT, corners_px: meta.corners, profile: null, reader: null, cueBall: 'auto' },
    open: async () => {
      const file = await openVideoFile(video);
      // the file stands in for a live camera that delivers a frame every 33 ms whether or not it is taken
      let next_ms = performance.now();
      const read = async () => {
        next_ms += 1000 / 30;
        await new Promise((r) => setTimeout(r, Math.max(0, next_ms - performance.now())));
        details.push(src.health().detail ?? '');
        return file.read();
      };
      const cam: FrameCapture = { fps: 30, corners_px: null, live: true, read, release: () => file.release() };
      return cam;
    },
  });
  const ac = new AbortController();
  const it = src.items({ afterSeq: null, signal: ac.signal })[Symbol.asyncIterator]();
  void it.next();
  const t0 = performance.now();
  while (src.stats().analysed < 10 && performance.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 20));
  ac.abort();
  const s = src.stats();
  assert.ok(s.calibrate_ms > 0, JSON.stringify(s));
  // finding the table on a frame takes far longer than a frame's 33 ms: the frames meanwhile are passed over
  assert.ok(s.skippedCalibrating >= 1, JSON.stringify(s));
  assert.ok(s.skippedCalibrating <= s.skipped, JSON.stringify(s));
  assert.ok(details.includes('calibrating'), `camera details seen: ${[...new Set(details)].join(', ')}`);
  assert.equal(details.at(-1), '', 'calibrated: the detail is cleared');
  // every frame is accounted for: analysed, in flight at the stop, dropped or skipped
  assert.ok(s.captured >= s.analysed + s.dropped + s.skipped && s.captured <= s.analysed + s.dropped + s.skipped + 6, JSON.stringify(s));
});

test('the balls the rules engine has on the table reach the analysis: no ball is named outside them', { timeout: 60_000 }, async () => {
  // the clip's truth says which balls are there; told that only the cue ball and one of them are, the
  // analysis names no other (and without the message it names them all: the first test's records)
  const truth = readFileSync(join(dir, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; before?: Record<string, unknown> });
  const present = Object.keys(truth.find((r) => r.type === 'shot')!.before!).filter((k) => k !== 'cue');
  assert.ok(present.length >= 2, 'the clip has more than one object ball');
  const kept = Number(present[0]);
  const told = (src: CameraSource, balls: number[] | null) => { src.tableChanged(balls); return src; };
  const names = async (balls: number[] | null) => {
    const src = told(sourceFrom(`file:${video}`, { pace: 'fast', speed: 1, corners } as never, false, quiet) as CameraSource, balls);
    const shots = (await collect(src, 55_000)).map((i) => i.record as { type: string; before?: Record<string, unknown> }).filter((r) => r.type === 'shot');
    assert.ok(shots.length >= 1);
    return new Set(shots.flatMap((s) => Object.keys(s.before ?? {})));
  };
  const narrowed = await names([kept]);
  assert.deepEqual([...narrowed].sort(), ['cue', String(kept)].sort());
  const all = await names(null);
  assert.ok(all.size > 2, `named without the rules engine's table: ${[...all].join(' ')}`);
});
