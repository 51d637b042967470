// A track that leaps onto a detection far from its ball's place, with other balls' tracks open to have
// been that detection, may now follow another ball (issue 5: at a break in development game 865003 the
// track of the 6 took the 1 three hundred mm off, kept the 6's rack readings and had the 1 pocketed as
// the 6, unflagged, while the real 6 was read as a 6 at three resting places).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { possibleLeaps } from '../../src/vision/tracking/leaps.js';
import { IdentityBook } from '../../src/vision/identity/identity-book.js';
import { ID_CLASSES } from '../../src/vision/observation.js';
import { ObservationAnalyzer } from '../../src/vision/analyze-observations.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { at, det, type Ball } from './observations.js';

const ALL = ['cue', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
const R = 34;

function reading(ball: number, p: number): Float32Array {
  const r = new Float32Array(ID_CLASSES).fill((1 - p) / 15);
  r[ball] = p;
  r[16] = 0;
  return r;
}

/** possibleLeaps over a table of distances (track × detection, mm). */
const leaps = (dist: number[][], match: number[], confirmed = dist.map(() => true)) =>
  possibleLeaps(dist.map((_, i) => i + 1), confirmed, match, (i, j) => dist[i]![j]!, R);

test('a long leap with another lost ball\'s place as near the detection is in doubt; a leap with every other ball accounted for is not', () => {
  // track 1 took detection 0, 320 mm from its place; track 2 found nothing this frame and its ball
  // stood 110 mm from that detection: it is as likely to be that ball as track 1's
  const chain = leaps([[320, 900], [110, 700]], [0, -1]);
  assert.equal(chain.length, 1);
  assert.equal(chain[0]!.id, 1);
  assert.ok(chain[0]!.q >= 0.45, `q ${chain[0]!.q}`);
  // the other ball is still seen on its place (matched within a radius): the leap is the only one
  // that could have made it, however near that place is to the detection (a ball struck out of a cluster)
  assert.deepEqual(leaps([[120, 60], [60, 3]], [0, 1]), []);
  // an open track far from the detection (by many leap-scales) adds next to nothing
  assert.deepEqual(leaps([[120, 900], [800, 700]], [0, -1]), []);
  // a step within two radii of the place is no leap; an unconfirmed candidate neither leaps nor is an alternative
  assert.deepEqual(leaps([[60, 900], [50, 700]], [0, -1]), []);
  assert.deepEqual(leaps([[320, 900], [110, 700]], [0, -1], [true, false]), []);
  assert.deepEqual(leaps([[320, 900], [110, 700]], [0, -1], [false, true]), []);
});

test('two balls leaping in one frame each doubt the other, more the nearer its place is to their detection', () => {
  const both = leaps([[300, 330], [320, 280]], [0, 1]);
  assert.deepEqual(both.map((l) => l.id), [1, 2]);
  const far = leaps([[300, 600], [650, 280]], [0, 1]);
  for (const l of far) assert.ok(l.q < both.find((b) => b.id === l.id)!.q, `q ${l.q}`);
  for (const l of both) assert.ok(l.q <= 0.5, 'never more than an even chance');
});

test('after a doubted leap, readings at the places it rests on rename a track the rack and many readings had named', () => {
  const run = (q: number) => {
    const b = new IdentityBook();
    // the rack's seed (R3.1) and sharp readings of the 6 from the rack's place
    b.seed(1, 6);
    b.seed(2, 1);
    for (let k = 0; k < 5; k++) { b.observeReading(1, reading(6, 0.93), true, 1, 1); b.observeReading(2, reading(1, 0.93), true, 1, 2); }
    b.doubt(1, q);
    b.doubt(2, q);
    // after the break: track 1 read as the 1, none too sure, at the three places it stopped on its way
    // (as the real 6 was in the game above); track 2 never shows its number
    [0.4, 0.8, 0.65].forEach((p, k) => b.observeReading(1, reading(1, p), true, 1, 3 + k));
    // (the other balls are named by their own tracks: these two share the 1 and the 6)
    return b.resolve([1, 2], [1, 6]);
  };
  assert.equal(run(0).get(1)!.id, 6, 'without doubt the rack outweighs the readings after it');
  const doubted = run(0.45);
  assert.equal(doubted.get(1)!.id, 1);
  assert.equal(doubted.get(2)!.id, 6, 'the other track is left the 6 by elimination');
  assert.ok(doubted.get(2)!.confidence < 0.6, `an unread track named by elimination is not sure: ${doubted.get(2)!.confidence}`);
});

test('a doubt counts as an exchange in the book\'s tally, and the resting place\'s readings start afresh', () => {
  const b = new IdentityBook();
  b.doubt(1, 0.3);
  assert.ok(Math.abs(b.mixedSoFar(1) - 0.3) < 1e-9);
  // readings at a place before the doubt do not keep weighing as a spot tally after it
  const c = new IdentityBook();
  c.observeReading(1, reading(4, 0.9), true, 1, 7);
  c.doubt(1, 0.5);
  c.observeReading(1, reading(5, 0.9), true, 1, 7);
  assert.equal(c.resolve([1], [...ALL]).get(1)!.id, 5);
});

test('the analyzer doubts a track that leapt while another ball near its detection went unseen', () => {
  const run = (otherSeen: boolean) => {
    const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
    const six: Ball = { id: 6, x: 0, y: 0 }, one: Ball = { id: 1, x: 200, y: 0 };
    let i = 0;
    for (; i < 30; i++) a.push(at(i, [det(six), det(one)]));
    const trackOf = (b: Ball) => a.tracker.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
    const tracks = [trackOf(six), trackOf(one)];
    // a break: both balls gone from their places in one frame, one ball found 212 mm from the 6's place
    // and 158 mm from the 1's (or the 1 still seen on its place)
    a.push(at(i++, [det({ id: 6, x: 150, y: 150 }, { idProbs: undefined }), ...(otherSeen ? [det(one)] : [])]));
    return tracks.map((t) => a.ids.mixedSoFar(t));
  };
  const [six, one] = run(false);
  assert.ok(six! + one! > 0.1, `the leaping track is in doubt: ${six}, ${one}`);
  assert.deepEqual(run(true), [0, 0], 'with the other ball still on its place the leap is that ball\'s own');
});
