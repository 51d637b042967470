import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RUSSIAN_12FT, houseLineX_mm, isInHouse, isInTemporaryHouse, pocketMouth, rackPositions, respotPositions, surfaceCorners, thirdSpot,
} from '../../src/table/geometry.js';

test('R2.1 the full-size table: 3550 × 1775 mm, 68 mm balls, corner pockets only a few mm wider than a ball', () => {
  assert.equal(RUSSIAN_12FT.length_mm, 3550);
  assert.equal(RUSSIAN_12FT.width_mm, 1775);
  assert.ok(RUSSIAN_12FT.cornerPocket_mm - RUSSIAN_12FT.ball_mm <= 5);
  assert.ok(RUSSIAN_12FT.middlePocket_mm > RUSSIAN_12FT.cornerPocket_mm);
});

test('R2.2 the house is between the head cushion and the house line at a quarter of the length', () => {
  assert.equal(houseLineX_mm(RUSSIAN_12FT), -887.5);
  assert.ok(isInHouse(RUSSIAN_12FT, { x: -1000, y: 500 }));
  assert.ok(!isInHouse(RUSSIAN_12FT, { x: -887.5, y: 0 }), 'not on the line');
  assert.ok(!isInHouse(RUSSIAN_12FT, { x: 0, y: 0 }));
});

test('R2.3 the third spot is at a quarter of the length from the foot cushion; the temporary house lies beyond it', () => {
  assert.deepEqual(thirdSpot(RUSSIAN_12FT), { x: 887.5, y: 0 });
  assert.ok(isInTemporaryHouse(RUSSIAN_12FT, { x: 1200, y: -300 }));
  assert.ok(!isInTemporaryHouse(RUSSIAN_12FT, { x: 800, y: 0 }));
});

test('R2.4 pockets: head/middle/foot, left/right seen from the head end (y toward the left)', () => {
  assert.deepEqual(pocketMouth(RUSSIAN_12FT, 'HL'), { x: -1775, y: 887.5 });
  assert.deepEqual(pocketMouth(RUSSIAN_12FT, 'MR'), { x: 0, y: -887.5 });
  assert.deepEqual(pocketMouth(RUSSIAN_12FT, 'FR'), { x: 1775, y: -887.5 });
  assert.deepEqual(surfaceCorners(RUSSIAN_12FT).map((p) => [p.x, p.y]), [[-1775, 887.5], [-1775, -887.5], [1775, -887.5], [1775, 887.5]]);
});

test('R3.1 the rack: 4 at the apex on the third spot, 2 and 3 at the ends of the base, 13 14 15 inside, balls touching', () => {
  const rack = rackPositions(RUSSIAN_12FT);
  assert.equal(rack.size, 15);
  assert.deepEqual(rack.get(4), thirdSpot(RUSSIAN_12FT));
  const base = [...rack.entries()].filter(([, p]) => Math.abs(p.x - rack.get(2)!.x) < 1e-6).map(([b]) => b);
  assert.deepEqual(base.sort((a, b) => a - b), [1, 2, 3, 11, 12]);
  assert.equal(Math.abs(rack.get(2)!.y), Math.abs(rack.get(3)!.y));
  for (const b of [13, 14, 15]) {
    const p = rack.get(b)!;
    const neighbours = [...rack.values()].filter((q) => Math.abs(Math.hypot(q.x - p.x, q.y - p.y) - 68) < 1e-6).length;
    assert.equal(neighbours, 6, `ball ${b} is surrounded (interior)`);
  }
  const all = [...rack.values()];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
    assert.ok(Math.hypot(all[i]!.x - all[j]!.x, all[i]!.y - all[j]!.y) >= 68 - 1e-6);
  }
});

test('R10.1 respotting: the third spot, then along the spotting line toward the foot cushion, in ascending order', () => {
  const spot = thirdSpot(RUSSIAN_12FT);
  const free = respotPositions(RUSSIAN_12FT, [9, 3], []);
  assert.deepEqual(free.get(3), spot);
  assert.ok(free.get(9)!.x >= spot.x + 68 && free.get(9)!.x < spot.x + 70);
  const occupied = respotPositions(RUSSIAN_12FT, [5], [spot]);
  assert.ok(occupied.get(5)!.x > spot.x && occupied.get(5)!.y === 0);
});
