// The detector alone against a simulated clip's truth (no tracking): how many of the balls in view it finds,
// how far off their centres are, how many detections lie on no ball, and what the circle fit costs. For a change
// to detection, run it on the same clips with the code before and after (a worktree); the detections' count and
// the sum of their pixel centres say whether a change meant to keep every detection did.
// Each clip is calibrated from its first frames as the evaluation does, and searched with the motion gate as
// `analyze` does (--no-gate: every frame searched whole).
// Run: node --import tsx scripts/measure-detection.ts [--seconds 40] [--no-gate] CLIPDIR...
//   (clip directories as `marker simulate` or scripts/eval-vision.ts make them; the bench clips too)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { calibrateSimClip, openSimClip } from './lib/sim-clip.js';
import { createBallDetector } from '../src/vision/detection/detector.js';

const args = process.argv.slice(2);
let seconds = Infinity;
let gate = true;
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--seconds') {
    seconds = Number(args[++i]);
    if (!(seconds > 0)) { console.error(`--seconds: a positive number of seconds, not ${args[i]}`); process.exit(2); }
  } else if (a === '--no-gate') gate = false;
  else if (a.startsWith('--')) { console.error(`unknown option ${a}`); process.exit(2); }
  else dirs.push(a);
}
if (!dirs.length) { console.error('usage: measure-detection.ts [--seconds S] [--no-gate] CLIPDIR...'); process.exit(2); }
for (const d of dirs) if (!existsSync(join(d, 'frames.jsonl')) || !existsSync(join(d, 'clip.mp4'))) { console.error(`${d}: no clip.mp4 and frames.jsonl there`); process.exit(2); }

/** A ball within this much (mm) of a detection is found by it; a detection this far from every ball is on none. */
const FOUND_MM = 34, NO_BALL_MM = 68;
let frames = 0, inView = 0, found = 0, phantoms = 0, surePhantoms = 0, detections = 0, centreSum = 0, refine_ms = 0, detect_ms = 0;
const errs: number[] = [];
for (const dir of dirs) {
  const clip = openSimClip(dir);
  const profile = calibrateSimClip(clip);
  const det = createBallDetector(profile, { motionGate: gate });
  for (let n = 0; ; n++) {
    const f = clip.frame(n);
    if (!f || f.t_s > seconds) break;
    const seen = det.detect(f);
    frames++;
    refine_ms += det.lastTimings_ms.refine;
    detect_ms += det.lastTimings_ms.total;
    detections += seen.length;
    for (const d of seen) centreSum += d.u_px + d.v_px;
    const balls = clip.rows[n]!.balls.filter((b) => b.state !== 'pocketed' && b.state !== 'offTable');
    for (const b of balls) {
      if (b.state !== 'visible') continue;
      inView++;
      let near = Infinity;
      for (const d of seen) near = Math.min(near, Math.hypot(d.x_mm - b.x, d.y_mm - b.y));
      if (near < FOUND_MM) { found++; errs.push(near); }
    }
    for (const d of seen) {
      if (balls.some((b) => Math.hypot(d.x_mm - b.x, d.y_mm - b.y) < NO_BALL_MM)) continue;
      phantoms++;
      if (d.confidence >= 0.6) surePhantoms++;
    }
  }
  clip.release();
}
errs.sort((a, b) => a - b);
const q = (p: number) => (errs.length ? errs[Math.min(errs.length - 1, Math.floor(p * errs.length))]!.toFixed(2) : '-');
console.log(`${dirs.length} clip(s), ${frames} frames, ${gate ? 'motion gate on' : 'every frame searched whole'}`);
console.log(`balls in view found: ${(100 * found / Math.max(1, inView)).toFixed(2)}% of ${inView}; centre error median ${q(0.5)} mm, 99th percentile ${q(0.99)} mm`);
console.log(`detections on no ball (over two radii from every ball): ${phantoms}, ${surePhantoms} of them at confidence 0.6 or more`);
console.log(`detections ${detections}, sum of their pixel centres ${centreSum.toFixed(3)}`);
console.log(`per frame: circle fit ${(refine_ms / frames).toFixed(3)} ms, detection ${(detect_ms / frames).toFixed(3)} ms`);
