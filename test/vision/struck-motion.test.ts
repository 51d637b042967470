// Whether a struck ball that touched nothing was slid by a hand (a `moved` record) or cued (a stroke), from how
// it was seen moving (struck-motion.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StruckMotion } from '../../src/vision/strokes/struck-motion.js';

const R = 34;

/**
 * A run of 25 frames from t = 0: seen from the second frame at `v0_mm_s`, at `peak_mm_s` half a second in, boxed
 * under an arm from frame 13 to 20, and before that found whole or, when `cut`, only in part.
 */
function run(cut: boolean, v0_mm_s: number, peak_mm_s: number): StruckMotion {
  const m = new StruckMotion({ t_s: 0, x_mm: 0, y_mm: 0 });
  let y = 0;
  for (let k = 1; k <= 25; k++) {
    const t_s = k / 30;
    const v = k === 14 ? peak_mm_s : k < 14 ? v0_mm_s : v0_mm_s - 10 * (k - 14);
    y -= v / 30;
    const covered = k >= 13 && k <= 20;
    m.see(t_s, 0, v, covered, cut && k < 13, { t_s, x_mm: 0, y_mm: y });
  }
  return m;
}

test('a ball found only in part for most of its way, at a hand\'s pace, was slid by a hand nobody boxed at first', () => {
  // (development clip 1241202: ball 14 slid 150 mm under a hand boxed only 0.4 s in, its track on the fingers'
  // edges at up to 317 mm/s: "struck 14")
  assert.equal(run(true, 270, 317).handMoved(0, R, false), true);
  assert.equal(run(false, 270, 317).handMoved(0, R, false), false, 'found whole until the arm came, it was cued');
  assert.equal(run(true, 900, 900).handMoved(0, R, false), false, 'at a strike\'s pace, in part or not, it was cued');
});

test('a ball found only in part on its way and whole only where it came to rest was slid under a finger', () => {
  // (development clip 1171205: ball 9 slid 120 mm under a fingertip no box covered; its track on the finger's
  // pieces at up to "564 mm/s", then on the ball let go, its speed still lagging for a few frames: "struck 9")
  const slide = (seenWholeOnTheWay: boolean, peak_mm_s = 564) => {
    const m = new StruckMotion({ t_s: 0, x_mm: 0, y_mm: 0 });
    // (first seen moving 0.24 s in, on the finger's pieces)
    const steps: [number, number, boolean][] = [[0.24, 10, true], [0.3, 60, !seenWholeOnTheWay], [0.4, 120, true], [0.5, 150, true], [0.6, 140, true]];
    for (const [t_s, x_mm, cut] of steps) m.see(t_s, 0, t_s === 0.4 ? peak_mm_s : 300, false, cut, { t_s, x_mm, y_mm: 0 });
    for (let k = 1; k <= 10; k++) m.see(0.6 + k / 30, 0, 200 - 15 * k, false, false, { t_s: 0.6 + k / 30, x_mm: 120 + (k % 2), y_mm: 0 });
    return m;
  };
  assert.equal(slide(false).handMoved(0, R, false), true);
  assert.equal(slide(true).handMoved(0, R, false), false, 'seen whole 60 mm short of where it stopped, it rolled there in view');
  assert.equal(slide(false, 900).handMoved(0, R, false), false, "at a strike's pace it was cued");
});
