// When the number reader looks at a ball (read-schedule.ts): at rest at once, then less and less
// often; rolling slowly, at each new face; rolling fast, not at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReadSchedule, type ReadableTrack } from '../../src/vision/identity/read-schedule.js';

const R = 34;
const ball = (id: number, x: number, speed = 0): ReadableTrack => ({ id, visible: true, x_mm: x, y_mm: 0, speed_mm_s: speed });
const ids = (s: ReadSchedule, ts: ReadableTrack[], t: number) => s.due(ts, (x) => x, t).map((x) => x.id);
function readAll(s: ReadSchedule, ts: ReadableTrack[], t: number): number[] {
  const due = s.due(ts, (x) => x, t);
  return due.map((x) => s.read(x, t));
}

test('a resting ball is read at once, then after 0.5, 1, 2, 4 s, and every 8 s at most', () => {
  const s = new ReadSchedule(R);
  const b = ball(1, 0);
  const times: number[] = [];
  for (let f = 0; f < 30 * 40; f++) { const t = f / 30; if (readAll(s, [b], t).length) times.push(t); }
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  assert.equal(times[0], 0);
  // each wait is over once the frame after it comes
  [0.5, 1, 2, 4].forEach((want, i) => assert.ok(gaps[i]! > want && gaps[i]! <= want + 1 / 30 + 1e-9, `gap ${i}: ${gaps[i]} for ${want}`));
  assert.ok(gaps.every((g) => g <= 8 + 0.05), `no gap over 8 s: ${gaps.map((g) => g.toFixed(2))}`);
});

test('its readings at one spot share a spot key; moved a quarter of its width on, a new one', () => {
  const s = new ReadSchedule(R);
  const [a] = readAll(s, [ball(1, 0)], 0);
  const [b] = readAll(s, [ball(1, 5)], 1);
  const [c] = readAll(s, [ball(1, 40)], 2);
  assert.equal(a, b);
  assert.notEqual(b, c);
});

test('a ball rolling slowly is read at each new face; a fast one not at all', () => {
  const slow = new ReadSchedule(R);
  let reads = 0;
  // 150 mm/s: 5 mm a frame, a new face (17 mm on) every 4 frames
  for (let f = 0; f < 60; f++) reads += readAll(slow, [ball(1, 5 * f, 150)], f / 30).length;
  assert.ok(reads >= 12 && reads <= 20, `${reads} readings in 2 s of slow roll`);
  const fast = new ReadSchedule(R);
  for (let f = 0; f < 60; f++) assert.deepEqual(ids(fast, [ball(1, 40 * f, 1200)], f / 30), []);
});

test('at most the per-frame budget, least recently read first; hidden balls never', () => {
  const s = new ReadSchedule(R, 2);
  const balls = [1, 2, 3, 4].map((i) => ball(i, 200 * i));
  assert.deepEqual(readAll(s, balls, 0).length, 2);
  assert.deepEqual(ids(s, balls, 1 / 30), [3, 4]);
  assert.deepEqual(ids(s, [{ ...ball(5, 0), visible: false }], 0), []);
});
