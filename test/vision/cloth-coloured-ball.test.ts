// A ball of the cloth's own colour: a red cue ball on burgundy cloth passes for cloth inside, and under
// the camera's compression its outline's strongest edges are as often its highlight's or its shadow's.
// Six looks drawn for that pairing (the test's own seeds), each rendered at 1080p, encoded as the
// simulator's clips are and read back through OpenCV: the cue ball is found where it lies (development
// game 1145001 lost it in a sixth of its frames).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cv from '../../src/vision/cv.js';
import { readFrame } from '../../src/vision/frame.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { calibrate } from '../../src/vision/calibration/calibrate.js';
import { createBallDetector } from '../../src/vision/detection/detector.js';
import { makeRng } from '../../src/sim/rng.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { randomLook } from '../../src/sim/render/look.js';
import { createRenderer } from '../../src/sim/render/renderer.js';
import { clipEncoderArgs } from '../../src/sim/clip-writer.js';
import { randomOrientation, restingBall } from '../../src/sim/render/demo-scene.js';
import type { Scene } from '../../src/sim/types.js';

const spec = RUSSIAN_12FT;
const W = 1920, H = 1080;

test('a red cue ball on burgundy cloth, through H.264, is found wherever it rests', () => {
  const dir = mkdtempSync(join(tmpdir(), 'marker-red-cue-'));
  try {
    let found = 0, total = 0, phantoms = 0;
    const misses: string[] = [];
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const rng = makeRng(seed);
      const cam = randomCameraOverTable(spec, rng.fork('camera'), W, H);
      const corners = cam.surfaceCorners_px(spec);
      const look = randomLook(`${seed}:look`, { cloth: { family: 'burgundy' }, balls: { cueStyle: 'red' } });
      const renderer = createRenderer(spec, cam, look, { width: W, height: H });
      // the empty table first (calibration), then the cue ball at eight places, each clear of four ivory balls
      const ivory = [1, 2, 3, 4].map((id) => ({ id, x: (id - 2.5) * 600, y: id % 2 ? 400 : -400 }));
      const places: { x: number; y: number }[] = [];
      while (places.length < 8) {
        const p = { x: rng.uniform(-1600, 1600), y: rng.uniform(-780, 780) };
        if (ivory.every((b) => Math.hypot(b.x - p.x, b.y - p.y) > 3 * spec.ball_mm)) places.push(p);
      }
      const scenes: Scene[] = [{ t_s: 0, balls: [], occluders: [] }, ...places.map((p, k): Scene => ({
        t_s: (k + 1) / 30, occluders: [],
        balls: [restingBall('cue', p.x, p.y, spec, randomOrientation(rng)), ...ivory.map((b) => restingBall(b.id, b.x, b.y, spec, randomOrientation(rng)))],
      }))];
      const file = join(dir, `${seed}.mp4`);
      const enc = spawnSync('ffmpeg', clipEncoderArgs(W, H, 30, look.sensor.crf, file), { input: Buffer.concat(scenes.map((s) => Buffer.from(renderer.render(s)))), maxBuffer: 1 << 20 });
      assert.equal(enc.status, 0, String(enc.stderr));
      const cap = new cv.VideoCapture(file);
      const empty = readFrame(cap, 0, 30)!;
      const { profile } = calibrate([empty], { spec, head: corners[0]![0] < corners[2]![0] ? 'left' : 'right' });
      const detector = createBallDetector(profile, { motionGate: false });
      places.forEach((p, k) => {
        const dets = detector.detect(readFrame(cap, k + 1, 30)!);
        const near = (q: { x: number; y: number }) => dets.filter((d) => Math.hypot(d.x_mm - q.x, d.y_mm - q.y) < spec.ball_mm / 2);
        total++;
        if (near(p).length) found++; else misses.push(`look ${seed} (${p.x.toFixed(0)}, ${p.y.toFixed(0)})`);
        phantoms += dets.filter((d) => ![p, ...ivory].some((q) => Math.hypot(d.x_mm - q.x, d.y_mm - q.y) < spec.ball_mm / 2)).length;
      });
      cap.release();
    }
    // (45 of 48 found, 41 before the outline seen all round counted; missed, two places in look 14, one of them
    // across the house line, and one in look 16, the one compressed hardest, CRF 32)
    assert.ok(found >= total - 4, `the red cue ball missed at ${misses.join(', ')}`);
    // keeping cloth-coloured discs must not make "balls" of the cloth: 5 in 48 frames, with the rule or without it
    assert.ok(phantoms <= 6, `${phantoms} detections away from every ball`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
