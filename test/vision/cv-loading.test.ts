// How OpenCV is loaded: without the binding's external-memory accounting, which made V8 run a full
// collection about every tenth 1080p frame (the pipeline releases its images itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cv from '../../src/vision/cv.js';

test('OpenCV images are not reported to V8 as external memory', () => {
  assert.equal(cv.isCustomMatAllocatorEnabled(), false);
  const m = new cv.Mat(1080, 1920, cv.CV_8UC3, [0, 0, 0]);
  // with the accounting on, the 6 MB image would count here (TotalKnownByJS 6220800); off, nothing is counted
  assert.equal(cv.getMemMetrics().TotalKnownByJS, -1);
  m.release();
});
