// The rack prior (R3.1): tracks on the rack's places are named by them only when the table shows a rack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObservationAnalyzer } from '../../src/vision/analyze-observations.js';
import { ALL_BALLS } from '../../src/sim/types.js';
import { rackPositions, RUSSIAN_12FT } from '../../src/table/geometry.js';
import { at, det, R, type Ball } from './observations.js';

/**
 * A reading that leans to `ball` (0.3 against 0.047 for each other number): a blurred, small numeral. Given
 * in one frame only: the pipeline's readings of a resting ball count once (identity-spots.test.ts).
 */
function vague(ball: number): number[] {
  const p = new Array<number>(17).fill(0.7 / 15);
  p[ball] = 0.3;
  p[16] = 0;
  return p;
}

function namesAfter(balls: Ball[], frames: number): Map<'cue' | number, 'cue' | number | undefined> {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: true });
  for (let i = 0; i < frames; i++) a.push(at(i, balls.map((b) => det(b, { idProbs: b.id === 'cue' || i !== frames - 5 ? undefined : vague(b.id as number), sharp: true }))));
  const live = a.tracker.live();
  const names = a.ids.resolve(live.map((t) => t.id), [...ALL_BALLS]);
  return new Map(balls.map((b) => {
    const t = live.find((x) => Math.hypot(x.x_mm - b.x, x.y_mm - b.y) < R)!;
    return [b.id, names.get(t.id)?.id];
  }));
}

test('a racked table names every ball by its place, whatever the reader leans to', () => {
  const rack = [...rackPositions(RUSSIAN_12FT)];
  // the reader leans the wrong way for every ball: ball k read as k % 15 + 1
  const balls: Ball[] = rack.map(([id, p]) => ({ id, x: p.x, y: p.y }));
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: true });
  for (let i = 0; i < 40; i++) a.push(at(i, [...balls.map((b) => det(b, { idProbs: i === 35 ? vague(((b.id as number) % 15) + 1) : undefined, sharp: true })), det({ id: 'cue', x: -900, y: 0 }, { idProbs: undefined })]));
  const live = a.tracker.live();
  const names = a.ids.resolve(live.map((t) => t.id), [...ALL_BALLS]);
  for (const b of balls) {
    const t = live.find((x) => Math.hypot(x.x_mm - b.x, x.y_mm - b.y) < R)!;
    assert.equal(names.get(t.id)?.id, b.id, `rack place of ${b.id}`);
  }
});

test('one ball resting by a rack place in a game is named by its readings, not by the place', () => {
  // 1060900: ball 3 at rest 12 mm from ball 7's rack place, the rest of the table elsewhere
  const seven = rackPositions(RUSSIAN_12FT).get(7)!;
  const balls: Ball[] = [
    { id: 3, x: seven.x, y: seven.y - 12 },
    { id: 7, x: 130, y: 360 }, { id: 10, x: -106, y: 520 }, { id: 12, x: -240, y: -92 }, { id: 'cue', x: -954, y: -810 },
  ];
  const names = namesAfter(balls, 40);
  assert.equal(names.get(3), 3);
  assert.equal(names.get(7), 7);
});
