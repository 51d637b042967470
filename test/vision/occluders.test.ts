// Which not-cloth blobs hide the table, by their area and the area of the balls found in them (in balls'
// areas; a rack's figures are those measured on development game 845005).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropOccluderParts, hidesTable, stillHidesTable } from '../../src/vision/detection/occluders.js';
import { findBlobs } from '../../src/vision/detection/blobs.js';
import { edgeOf, type DetectorGeometry } from '../../src/vision/detection/geometry.js';
import type { BallDetection } from '../../src/vision/detection/types.js';

const ball = 100; // one ball's area, work px

test('an arm with nothing found on it hides the table', () => {
  assert.equal(hidesTable(9 * ball, 0, ball), true);
});

test('a rack is balls, not an occluder', () => {
  assert.equal(hidesTable(15.1 * ball, 12.8 * ball, ball), false);
});

test('a blob smaller than five balls never hides the table, whatever was found in it', () => {
  assert.equal(hidesTable(4.5 * ball, 0, ball), false);
});

test('a blob more than 2.5 times the balls found in it hides the table', () => {
  assert.equal(hidesTable(12 * ball, 4 * ball, ball), true);
  assert.equal(hidesTable(12 * ball, 5 * ball, ball), false);
  assert.equal(hidesTable(10.7 * ball, 4.5 * ball, ball), false, 'an arm carrying four or five "balls" (845005\'s break) is not found');
});

test('a blob that hid the table in the last frame still does with phantoms along it, but a rack it touched is released', () => {
  assert.equal(stillHidesTable(10.7 * ball, 4.5 * ball, ball), true, 'the arm of 845005\'s break');
  assert.equal(stillHidesTable(15.1 * ball, 12.8 * ball, ball), false);
  assert.equal(stillHidesTable(4.5 * ball, 0, ball), false, 'too small');
});

// A blob built in work pixels (1 work px = 1 px), with part-found "balls" on it, on a surface whose edge is
// the cushion noses' line.
const W = 200, H = 100, R = 5;
function scene(arm: { x0: number; x1: number; y0: number; y1: number }, parts: number[]) {
  const surface = new Uint8Array(W * H), mask = new Uint8Array(W * H);
  for (let y = 10; y < 90; y++) for (let x = 20; x < 180; x++) surface[y * W + x] = 1;
  for (let y = arm.y0; y < arm.y1; y++) for (let x = arm.x0; x < arm.x1; x++) mask[y * W + x] = 1;
  const geo = {
    roi: { x: 0, y: 0, width: W, height: H }, scale: 1, workW: W, workH: H, inside: surface, surface,
    surfaceEdge: edgeOf(surface, W, H), radius_w: new Float32Array(W * H).fill(R), rMin_w: R, rMax_w: R,
  } as DetectorGeometry;
  const v = (arm.y0 + arm.y1) / 2;
  const d = parts.map((u) => ({ u_px: u, v_px: v, r_px: R, partial: true }) as BallDetection);
  return { blobs: findBlobs(mask, surface, W, H), geo, d };
}

test('part-found "balls" filling a blob that comes in over the rail count half: they are dropped as parts of an arm', () => {
  // 9.2 balls' area carrying four part-found ones (2.3 times their area): kept on a blob inside the cloth ...
  const inside = scene({ x0: 80, x1: 120, y0: 38, y1: 56 }, [85, 95, 105, 115]);
  assert.equal(dropOccluderParts(inside.d, inside.blobs, inside.geo).length, 4);
  // ... dropped on one running 1.8 ball diameters along the noses' line (a sleeve reaching in over the rail)
  const rail = scene({ x0: 20, x1: 60, y0: 38, y1: 56 }, [25, 35, 45, 55]);
  assert.equal(dropOccluderParts(rail.d, rail.blobs, rail.geo).length, 0);
  // a blob meeting the line over less than that is as a ball against the cushion meets it: counted in full
  const touch = scene({ x0: 20, x1: 60, y0: 40, y1: 52 }, [25, 35, 45]);
  assert.equal(dropOccluderParts(touch.d, touch.blobs, touch.geo).length, 3);
  // whole outlines on it are balls, wherever the blob is
  assert.equal(dropOccluderParts(rail.d.map((x) => ({ ...x, partial: false })), rail.blobs, rail.geo).length, 4);
});
