// The camera's pose from the table's homography: measured from the view's perspective only when that
// perspective is strong enough to survive the few pixels a found cushion line may be off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cameraPoseFromHomography } from '../../src/vision/calibration/camera-pose.js';
import { fitHomography } from '../../src/vision/calibration/homography.js';
import type { Pt } from '../../src/vision/calibration/homography.js';

const L_mm = 3550, W_mm = 1775;
const table: Pt[] = [{ x: -L_mm / 2, y: -W_mm / 2 }, { x: L_mm / 2, y: -W_mm / 2 }, { x: L_mm / 2, y: W_mm / 2 }, { x: -L_mm / 2, y: W_mm / 2 }];
const cx = 960, cy = 540;

/** A pinhole camera at `eye` (table mm) looking at `at` on the cloth, focal f px. */
function project(eye: [number, number, number], at: Pt, f: number, p: Pt): Pt {
  const fwd = norm([at.x - eye[0], at.y - eye[1], -eye[2]]);
  // image x along the table's x as far as the view allows, image y completing a right-handed frame
  const right = norm(cross(fwd, [0, 1, 0]).map((v) => -v) as [number, number, number]);
  const down = cross(fwd, right);
  const d: [number, number, number] = [p.x - eye[0], p.y - eye[1], -eye[2]];
  const z = dot(d, fwd);
  return { x: cx + (f * dot(d, right)) / z, y: cy + (f * dot(d, down)) / z };
}
const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);
const cross = (a: number[], b: number[]): [number, number, number] => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
const norm = (a: number[]): [number, number, number] => { const n = Math.hypot(...a); return [a[0]! / n, a[1]! / n, a[2]! / n]; };

// corners found a few px off, as a cushion nose's faint line is
const error_px: Pt[] = [{ x: -1.1, y: 4.1 }, { x: -2.8, y: -1.0 }, { x: 0.4, y: -0.4 }, { x: -2.6, y: -3.9 }];
function foundHomography(eye: [number, number, number], at: Pt, f: number) {
  const image = table.map((p, i) => { const q = project(eye, at, f, p); return { x: q.x + error_px[i]!.x, y: q.y + error_px[i]!.y }; });
  return fitHomography(table, image);
}

test('camera nearly straight above: a few px of corner error do not make a camera 10 m away; the usual height is assumed', () => {
  // 2.5° off the vertical, as a ceiling mount is
  const eye: [number, number, number] = [60, -90, 2550];
  const pose = cameraPoseFromHomography(foundHomography(eye, { x: 200, y: 0 }, 1100), cx, cy, { extent_mm: { x: L_mm, y: W_mm } });
  assert.equal(pose.source, 'prior');
  assert.ok(pose.position_mm.z > 1800 && pose.position_mm.z < 3000, `height ${pose.position_mm.z.toFixed(0)} mm`);
  assert.ok(Math.hypot(pose.position_mm.x, pose.position_mm.y) < 600, `nadir ${pose.position_mm.x.toFixed(0)}, ${pose.position_mm.y.toFixed(0)} mm from the centre`);
});

test('camera at a slant (behind one end): the perspective gives the focal length and the pose despite the same corner error', () => {
  const eye: [number, number, number] = [-4200, 0, 2400];
  const pose = cameraPoseFromHomography(foundHomography(eye, { x: 0, y: 0 }, 1400), cx, cy, { extent_mm: { x: L_mm, y: W_mm } });
  assert.equal(pose.source, 'homography');
  assert.ok(Math.abs(pose.f_px / 1400 - 1) < 0.1, `f ${pose.f_px.toFixed(0)} px`);
  assert.ok(Math.abs(pose.position_mm.z - 2400) < 300 && Math.abs(pose.position_mm.x + 4200) < 500, `camera at ${pose.position_mm.x.toFixed(0)}, ${pose.position_mm.z.toFixed(0)}`);
});
