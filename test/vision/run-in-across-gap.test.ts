// A first contact made between two samples of a fast cue ball: the straight run in, carried on, says which
// ball it reached first (development game 1195000's break, the cue ball at 5.6 m/s, its places as the
// tracker had them: the apex, ball 4, at (887, 0), ball 5 behind it at (934, 21), ball 6 at (942, -32)).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cueSamplesToContact, firstContactByRunInAcrossGap, firstGuessByRunIn } from '../../src/vision/strokes/first-contact-checks.js';
import type { Stroke } from '../../src/vision/strokes/stroke-state.js';
import type { XY_mm } from '../../src/protocol/records.js';

const R = 34, CUE = 17, APEX = 3, FIVE = 7, SIX = 12;
const FPS = 30;

/** The cue ball's run from the house to (750, 54) in 9 frames, then one blurred sample past the apex's side; the rack's balls touching each other. */
function breakStroke(contactWith: number, lastBefore: XY_mm = [750, 54]): Stroke {
  const from: XY_mm = [-1129, 279];
  const cueSamples = Array.from({ length: 10 }, (_, k) => ({
    t_s: 5 + k / FPS, x_mm: from[0] + ((lastBefore[0] - from[0]) * k) / 9, y_mm: from[1] + ((lastBefore[1] - from[1]) * k) / 9,
  }));
  cueSamples.push({ t_s: 5 + 10 / FPS, x_mm: 851, y_mm: 75 });
  const before = new Map<number, XY_mm>([[CUE, from], [APEX, [887, 0]], [FIVE, [934, 21]], [SIX, [942, -32]], [1, [999, 55]], [2, [993, -60]]]);
  return {
    cueTrack: CUE, struck: CUE, whileMoving: false, firstContactTrack: contactWith, cueSamples, cueAfter: [], cueContact: [851, 75],
    contacts: [{ cause: CUE, target: contactWith, t_s: 5 + 10 / FPS - 0.001 }, { cause: APEX, target: SIX, t_s: 5 + 10 / FPS }, { cause: FIVE, target: 1, t_s: 5 + 10 / FPS }],
    before, rollingAtStart: new Set<number>(), gone: [],
  } as unknown as Stroke;
}

test('a contact the samples skipped over is the ball the run in meets first, flagged as the path\'s correction', () => {
  const st = breakStroke(FIVE);
  firstContactByRunInAcrossGap(st, R);
  assert.equal(st.firstContactTrack, APEX);
  assert.equal(st.firstContactBehind, FIVE, 'the contact seen is kept for the review');
  // where the cue ball touched the apex: on the line, within two radii less the overlap of its centre
  const [x, y] = st.cueContact!;
  assert.ok(Math.hypot(x - 887, y) < 2 * R, `touched at ${x},${y}`);
});

test('a contact the run in meets first, or one the cue ball was seen touching, stands', () => {
  const apex = breakStroke(APEX);
  firstContactByRunInAcrossGap(apex, R);
  assert.equal(apex.firstContactTrack, APEX);
  assert.equal(apex.firstContactBehind, undefined);
  // the last sample before the contact 76 mm from ball 5 (75 from the apex): seen in touch, not skipped over
  const seen = breakStroke(FIVE, [880, 75]);
  firstContactByRunInAcrossGap(seen, R);
  assert.equal(seen.firstContactTrack, FIVE);
  assert.equal(seen.firstContactBehind, undefined);
});

test('a ball the cue ball passed before its last sample is not met, however near the line carried back', () => {
  // (1310901: ball 11, 2 mm clear of a fast cue ball's path, its blurred samples 30 mm off)
  const st = breakStroke(FIVE);
  st.before.set(11, [300, 80]);
  firstContactByRunInAcrossGap(st, R);
  assert.equal(st.firstContactTrack, APEX);
});

test('a ball the run in meets that was never seen moving is not taken', () => {
  const st = breakStroke(FIVE);
  st.contacts = st.contacts.filter((c) => c.cause !== APEX && c.target !== APEX);
  firstContactByRunInAcrossGap(st, R);
  assert.equal(st.firstContactTrack, FIVE);
});

test('a first contact guessed among the first balls to start, no contact seen: the ball the run in up to their start meets first, said so', () => {
  // (1185003's break: the cue ball lost 570 mm short of the rack, and a ball at its back the first seen to start,
  // 0.12 s before the cue ball reached the apex)
  const st = breakStroke(FIVE);
  st.contacts = st.contacts.filter((c) => c.cause !== CUE);
  Object.assign(st, { firstContactGuessed: true, firstContactUnseen: FIVE, firstMovers: { t_s: 5 + 9.5 / FPS, tracks: [FIVE] } });
  firstContactByRunInAcrossGap(st, R);
  assert.equal(st.firstContactTrack, FIVE, 'no contact seen: left to the guess\'s own check');
  firstGuessByRunIn(st, R);
  assert.equal(st.firstContactTrack, APEX);
  assert.equal(st.firstContactUnseen, APEX);
  assert.equal(st.firstContactOnRunIn, true);
  assert.equal(st.firstContactBehind, undefined, 'a guess, not a contact seen and corrected');
});

test('a contact seen in a sample, or beyond the run the cue ball had at its last pace, is not corrected', () => {
  // (1205000 at 41.9 s: the cue ball's sample at a thin cut on ball 14 touched it; the line carried on met ball 8 600 mm on)
  const cut = breakStroke(FIVE);
  cut.cueSamples[cut.cueSamples.length - 1] = { t_s: 5 + 10 / FPS, x_mm: 880, y_mm: 75 };
  firstContactByRunInAcrossGap(cut, R);
  assert.equal(cut.firstContactTrack, FIVE);
  // the cue ball's last step 10 mm (0.3 m/s): in the frame to the contact it went little more than a ball's width, not to the apex
  const slow = breakStroke(FIVE);
  slow.cueSamples[8] = { t_s: 5 + 8 / FPS, x_mm: 740, y_mm: 55 };
  firstContactByRunInAcrossGap(slow, R);
  assert.equal(slow.firstContactTrack, FIVE);
});

test('a guess stays a guess where the run in meets no ball, or only one neither seen to move nor touching one that did', () => {
  const guessed = (st: Stroke) => Object.assign(st, { firstContactGuessed: true, firstContactUnseen: FIVE, firstMovers: { t_s: 5 + 9.5 / FPS, tracks: [FIVE] } });
  // the apex on the run in, 116 mm short of ball 5, in no contact
  const alone = guessed(breakStroke(FIVE));
  alone.contacts = alone.contacts.filter((c) => c.cause !== CUE && c.cause !== APEX && c.target !== APEX);
  alone.before.set(APEX, [820, 46]);
  firstGuessByRunIn(alone, R);
  assert.equal(alone.firstContactTrack, FIVE);
  assert.equal(alone.firstContactOnRunIn, undefined);
  // the run in turned away from the rack: it meets nothing
  const away = guessed(breakStroke(FIVE, [750, 300]));
  away.contacts = away.contacts.filter((c) => c.cause !== CUE);
  firstGuessByRunIn(away, R);
  assert.equal(away.firstContactTrack, FIVE);
  assert.equal(away.firstContactOnRunIn, undefined);
});

test('a guess takes the ball the run in meets that was never seen to move but stood touching one that did (a frozen rack)', () => {
  // (1365002's break: the cue ball lost 700 mm short of the rack; the apex it met moved 5 mm and was in no contact,
  // and the back corners started first. The run in's last sample repeated while the track was unseen.)
  const st = breakStroke(FIVE);
  st.contacts = st.contacts.filter((c) => c.cause !== CUE && c.cause !== APEX && c.target !== APEX);
  const last = st.cueSamples[9]!;
  st.cueSamples.splice(10, 0, { ...last }, { ...last });
  Object.assign(st, { firstContactGuessed: true, firstContactUnseen: FIVE, firstMovers: { t_s: 5 + 9.5 / FPS, tracks: [FIVE] } });
  firstGuessByRunIn(st, R);
  assert.equal(st.firstContactTrack, APEX);
  assert.equal(st.firstContactOnRunIn, true);
  // the cue path ends where the run in met it: the blurred sample past the apex's side comes after
  assert.deepEqual(cueSamplesToContact(st).map((q) => q.x_mm).at(-1), last.x_mm);
});
