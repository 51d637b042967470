// Which of each cushion's candidate edges is its nose, on edges recorded from development clips
// (widths in mm from the cloth's outer edge; sides 0 and 2 are one pair of opposite cushions, 1 and 3
// the other), with the true nose's width from the renderer's camera.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseNoses, type Candidate } from '../../src/vision/calibration/cushion-nose.js';

/** Each side's candidates as [width mm, sign of the step going inward, contrast against the side's strongest]. */
type Recorded = [number, number, number][][];

function noses(sides: Recorded): number[] {
  const edges = sides.map((c) => c.map(([k, sign, contrast]): Candidate => ({ k, sign, contrast })));
  // depths are the widths themselves here
  return chooseNoses(edges, (_side, k) => k, (_side, c) => c).map((c) => c.k);
}

function near(found: number[], truth: number[], tol_mm = 8): void {
  found.forEach((f, i) => assert.ok(Math.abs(f - truth[i]!) < tol_mm, `side ${i}: ${f.toFixed(0)} mm, the nose is at ${truth[i]} mm (all: ${found.map((v) => v.toFixed(0)).join(' ')})`));
}

test('both pairs show a step to darker: the outermost agreeing ones, not the brightening steps further in', () => {
  // 1075000: every side has the darkening step at the nose and a brightening one where the shade ends
  near(noses([[[34, -1, 1]], [[31, -1, 1], [75, 1, 0.76]], [[34, -1, 0.9], [55, 1, 1]], [[31, -1, 1], [75, 1, 0.8]]]), [30, 33, 29, 33]);
});

test('ends seen at a slant with no darkening step at all take the long cushions\' width', () => {
  // 1071501: the brightening steps on the ends (79–92 mm) were taken for noses on all four sides, and
  // the corners came out 23 px in
  near(noses([
    [[29, -1, 1], [53, 1, 0.86]],
    [[79, 1, 1], [87, 1, 0.92], [124, 1, 0.39]],
    [[32, -1, 1], [50, 1, 0.79]],
    [[82, 1, 0.59], [92, 1, 1], [100, 1, 0.63], [105, 1, 0.64]],
  ]), [28, 27, 30, 33]);
});

test('a darkening step on one end that its opposite does not show, and that disagrees with the long cushions, is no nose', () => {
  // 1051100: a line 24 mm in on one end (the nose is 55 mm in); the other end shows only brightening steps
  near(noses([
    [[50, -1, 1], [72, 1, 0.56], [77, 1, 0.64]],
    [[97, 1, 0.42], [105, 1, 0.91], [111, 1, 1]],
    [[50, -1, 1], [66, 1, 0.55], [69, 1, 0.55], [72, 1, 0.55], [80, 1, 0.5], [94, 1, 0.43]],
    [[14, 1, 0.42], [24, -1, 1], [103, 1, 0.86], [127, 1, 0.97]],
  ]), [49, 53, 49, 55]);
});

test('a rail the cloth\'s mask took in on one side only: that side\'s nose is a cushion past the rail\'s inner edge', () => {
  // 1070000 rendered still: the mask reached the rail's outer edge on one end
  near(noses([[[50, -1, 1], [69, 1, 0.61]], [[46, -1, 1], [74, 1, 0.66]], [[47, -1, 1], [63, 1, 0.57]], [[100, -1, 0.89], [154, -1, 1], [194, 1, 0.66]]]), [50, 46, 47, 154]);
});

test('a rail the cloth\'s mask took in all round: the nose is the next darkening step past its inner edge, fainter though it is', () => {
  // 1085001 (a seventh development set, after the rule above was written): the rail's inner edge 121–124 mm
  // in, the next darkening steps 177–183 mm in at 0.31–0.58 of its strength (taken as the noses, the corners
  // are 4.3 px off); looked for only among the clear steps, the rail's edge stood as the nose, 29 px off
  near(noses([
    [[121, -1, 1], [179, -1, 0.58], [200, 1, 0.53], [222, 1, 0.23]],
    [[124, -1, 1], [177, -1, 0.46], [218, 1, 0.41], [227, 1, 0.62]],
    [[121, -1, 1], [183, -1, 0.4], [204, 1, 0.54]],
    [[124, -1, 1], [180, -1, 0.31], [206, 1, 0.27], [221, 1, 0.57]],
  ]), [179, 177, 183, 180]);
});

test('a rail darker than the cushion tops, taken in on one side: its inner edge a step to brighter, the nose the darkening step a cushion past it', () => {
  // 1081401 (a burgundy cloth, the far rail lit like it): the rail's inner edge 121 mm in, the nose 186 mm in;
  // the darkening step stood alone past any cushion's width, was refused, and the side took its opposite's
  // 47 mm from the rail's outer edge: two corners 46 px out (2.4 px with the nose found)
  near(noses([
    [[121, 1, 1], [186, -1, 0.7], [215, 1, 0.7]],
    [[49, -1, 1], [87, 1, 0.89]],
    [[47, -1, 1], [66, 1, 0.86]],
    [[49, -1, 1], [87, 1, 0.86]],
  ]), [186, 49, 47, 49]);
  // 1100058 (found with the first version of that rule, which took any step): a faint darkening step 152 mm in
  // past the brightening steps where an end's shade ends, as its opposite shows them too, is no nose (47.6 px)
  near(noses([
    [[34, -1, 1], [53, 1, 0.55], [69, 1, 0.22]],
    [[39, -1, 0.55], [66, -1, 0.35], [82, 1, 1], [87, 1, 0.96], [100, 1, 0.58], [108, 1, 0.61]],
    [[32, -1, 1], [50, 1, 0.62], [55, 1, 0.55], [66, 1, 0.31]],
    [[82, 1, 1], [92, 1, 0.7], [111, 1, 0.39], [130, 1, 0.61], [152, -1, 0.33]],
  ]), [34, 39, 32, 39]);
});

test('ends with no nose of their own, beside long cushions found past rails the mask took in: the ends take the long cushions\' width less the rail', () => {
  // 1375004 (a dim burgundy table; a development set of session 53): the long sides' mask took in their reddish rails,
  // whose inner edges are steps to brighter 109–130 mm in, the noses a cushion further (156 and 183 mm); the ends'
  // rails, darker, stayed out, and the ends show only where their noses' shade ends (111–124 mm). Given the long
  // sides' 170 mm, the ends' noses lay 130 mm (45 px) short of the corner pockets; the true ones are 50 mm in
  near(noses([
    [[109, 1, 1], [115, 1, 0.96], [156, -1, 0.61], [166, -1, 0.64], [183, 1, 0.56], [193, 1, 0.58], [200, 1, 0.63]],
    [[111, 1, 1]],
    [[130, 1, 1], [183, -1, 0.67], [207, 1, 0.59]],
    [[111, 1, 0.85], [124, 1, 1]],
  ]), [156, 50, 183, 50]);
});

test('a faint darkening step beside a clear one further in is not the nose; nor is a faint one on a side that has nothing else', () => {
  // 1020600's end: 29 mm (0.31) and 39 mm (1.0), the nose at 40; 1021400's end: only faint ones at
  // 12 and 17 mm against brightening steps four times as strong, the nose at 36 like its opposite's
  near(noses([[[40, -1, 1]], [[39, -1, 1]], [[41, -1, 1]], [[29, -1, 0.31], [39, -1, 1], [71, 1, 0.52]]]), [40, 39, 41, 40]);
  near(noses([[[35, -1, 1]], [[36, -1, 1], [80, 1, 0.5]], [[35, -1, 1]], [[12, -1, 0.23], [17, -1, 0.22], [77, 1, 0.32], [84, 1, 1]]]), [35, 36, 35, 36]);
});

test('no darkening step anywhere: steps of either kind, and with no edge at all the outer edge itself', () => {
  near(noses([[[40, 1, 1]], [[42, 1, 1]], [[41, 1, 1]], [[43, 1, 1]]]), [40, 42, 41, 43]);
  assert.deepEqual(noses([[], [], [], []]), [0, 0, 0, 0]);
});
