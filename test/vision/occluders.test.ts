// Which not-cloth blobs hide the table: the areas are those measured on development game 845005's break
// (in balls' areas), where a sleeve, a hand and the cue over the head of the table carried four part-found
// "balls" and counted as nothing hidden.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hidesTable } from '../../src/vision/detection/occluders.js';

const ball = 100; // one ball's area, work px

test('an arm, a hand and a cue carrying part-found "balls" hide the table', () => {
  assert.equal(hidesTable(10.7 * ball, 0, 4.5 * ball, ball), true);
  assert.equal(hidesTable(9 * ball, 0, 0, ball), true, 'an arm with nothing found on it');
});

test('a rack, whole or with some balls cut by their neighbours, is balls, not an occluder', () => {
  assert.equal(hidesTable(15.1 * ball, 12.8 * ball, 0, ball), false);
  assert.equal(hidesTable(15.1 * ball, 6.4 * ball, 6.4 * ball, ball), false);
});

test('a blob smaller than five balls never hides the table, whatever was found in it', () => {
  assert.equal(hidesTable(4.5 * ball, 0, 0, ball), false);
});

test('a blob far bigger than the whole balls in it hides the table', () => {
  assert.equal(hidesTable(12 * ball, 4 * ball, 0, ball), true);
  assert.equal(hidesTable(12 * ball, 5 * ball, 0, ball), false);
});
