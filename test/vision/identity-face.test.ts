// A name the ball's latest clearly read face contradicts is worth a coin flip (flagged), however much the
// track's history says: a rack place's prior carried through a break's scatter onto another ball outweighs
// the new face's readings (development game 1355004: ball 11 on ball 3's track, its face read "1" at 87%,
// pocketed as ball 3 without a doubt). A face showing part of the numeral (the 1 of 10), its 6/9 twin, or no
// numeral (read as the cue ball) contradicts nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdentityBook } from '../../src/vision/identity/identity-book.js';
import { ID_CLASSES } from '../../src/vision/observation.js';

const ALL = ['cue', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;

/** A reading: `p` on ball `ball`, the rest spread evenly (nothing on "not visible"). */
function reading(ball: number, p: number): Float32Array {
  const r = new Float32Array(ID_CLASSES).fill((1 - p) / 15);
  r[ball] = p;
  r[16] = 0;
  return r;
}

/** A track seeded as `seeded` at the rack and read there, then resting at a new spot whose face reads `face` at `p`. */
function carried(seeded: number, face: number, p: number, sharp = true): IdentityBook {
  const b = new IdentityBook();
  b.seed(1, seeded);
  b.observeReading(1, reading(seeded, 0.9), true, 1, 1);
  for (let k = 0; k < 5; k++) b.observeReading(1, reading(face, p), sharp, 1, 2);
  return b;
}
const named = (b: IdentityBook) => b.resolve([1], [...ALL]).get(1)!;

test('a face read clearly as another ball leaves the carried name standing but no surer than a coin flip', () => {
  const n = named(carried(3, 1, 0.87));
  assert.equal(n.id, 3, 'the history still names it');
  assert.ok(n.confidence <= 0.5, `confidence ${n.confidence}`);
  // the same history with the face agreeing: sure
  assert.ok(named(carried(3, 3, 0.87)).confidence > 0.99);
});

test('a later face read unclearly does not lift the doubt an earlier clear one raised', () => {
  const b = carried(3, 1, 0.87);
  // rolled on to a third spot, read soft (not sharp) and without conviction
  for (let k = 0; k < 5; k++) b.observeReading(1, reading(11, 0.3), false, 1, 3);
  assert.ok(named(b).confidence <= 0.5);
  // a new clear face agreeing with the name settles it
  for (let k = 0; k < 5; k++) b.observeReading(1, reading(3, 0.9), true, 1, 4);
  assert.ok(named(b).confidence > 0.9, `confidence ${named(b).confidence}`);
});

test('a part of the numeral, the 6/9 twin or a blank face contradicts nothing', () => {
  assert.ok(named(carried(10, 1, 0.9)).confidence > 0.9, 'the 1 of 10');
  assert.ok(named(carried(14, 4, 0.9)).confidence > 0.9, 'the 4 of 14');
  assert.ok(named(carried(6, 9, 0.9)).confidence > 0.9, '6 upside down');
  assert.ok(named(carried(8, 0, 0.9)).confidence > 0.9, 'a numeral face down, read as the cue ball');
  // but a numbered face on the track named the cue ball does
  assert.ok(named(carried(0 /* the cue ball's class */, 8, 0.9)).confidence <= 0.5);
});

test('a weak or unsharp contradiction counts for nothing', () => {
  assert.ok(named(carried(3, 1, 0.3)).confidence > 0.9, 'a face read at 30%');
  assert.ok(named(carried(3, 1, 0.87, false)).confidence > 0.9, 'readings of a rolling ball');
});

test('a possible exchange with another track forgets the face', () => {
  const b = carried(3, 1, 0.87);
  b.seed(2, 5);
  b.mix(1, 2, 0.05);
  assert.ok(b.resolve([1, 2], [...ALL]).get(1)!.confidence > 0.9);
});
