// Which not-cloth blobs hide the table, by their area and the area of the balls found in them (in balls'
// areas; a rack's figures are those measured on development game 845005).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hidesTable, stillHidesTable } from '../../src/vision/detection/occluders.js';

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
