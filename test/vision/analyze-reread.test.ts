// `analyzeVideo` calibrates on a file's first frames with the frames and the decoder freed, then reads
// the file again from its start; a pipe gives its frames once, so there the frames are kept. Both must
// analyse every frame once, in order: the same clip through a file and through a FIFO gives the same
// records and frame count, and the stroke the simulator played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeVideo } from '../../src/vision/analyze.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import type { TableRecord } from '../../src/protocol/records.js';
import { markerArgv, tempDir } from '../live/helpers.js';

const dir = tempDir('reread');
const [cmd, argv] = markerArgv('simulate', '--out', dir, '--scenario', 'legal-pot', '--resolution', '960x540', '--seed', '3');
const made = spawnSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
assert.equal(made.status, 0, made.stderr);
// Matroska streams from its start (an MP4's index may sit at its end, out of a pipe's reach)
const mkv = join(dir, 'clip.mkv');
assert.equal(spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(dir, 'clip.mp4'), '-c', 'copy', mkv]).status, 0);
const truth = readFileSync(join(dir, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; pocketed?: { ball: string | number; pocket: string }[] });
const trueShot = truth.find((r) => r.type === 'shot')!;

async function analyse(video: string) {
  const records: TableRecord[] = [];
  const s = await analyzeVideo({ video, spec: RUSSIAN_12FT, cueBall: 'auto', reader: null, watchBump: false, emit: (r) => records.push(r) });
  return { frames: s.frames, records };
}

test('a file read again after calibration and a pipe read once give the same records', async () => {
  const fromFile = await analyse(mkv);
  const fifo = join(dir, 'pipe.mkv');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const feeder = spawn('sh', ['-c', `cat "${mkv}" > "${fifo}"`]);
  const fed = new Promise((r) => feeder.once('exit', r));
  const fromPipe = await analyse(fifo);
  assert.equal(await fed, 0);
  assert.ok(fromFile.frames > 100);
  assert.equal(fromPipe.frames, fromFile.frames);
  assert.deepEqual(fromPipe.records, fromFile.records);
  const shot = fromFile.records.find((r) => r.type === 'shot') as { pocketed: { pocket: string }[] } | undefined;
  assert.ok(shot, 'a stroke was seen');
  assert.deepEqual(shot.pocketed.map((p) => p.pocket), trueShot.pocketed!.map((p) => p.pocket));
});
