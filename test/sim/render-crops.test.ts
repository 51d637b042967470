import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CUE_COVERED_UNREADABLE, renderBallCrops } from '../../src/sim/render/crops.js';

const crops = renderBallCrops(7, 24, { perLook: 12 });

test('crops are deterministic for a seed and come with consistent labels', () => {
  const again = renderBallCrops(7, 3, { perLook: 12 });
  for (let i = 0; i < 3; i++) {
    assert.ok(Buffer.from(again[i]!.rgb).equals(Buffer.from(crops[i]!.rgb)), `crop ${i} differs`);
    assert.equal(again[i]!.label, crops[i]!.label);
  }
  for (const c of crops) {
    assert.equal(c.rgb.length, c.size_px * c.size_px * 3);
    assert.ok(c.numeralVisible >= 0 && c.numeralVisible <= 1);
    assert.equal(c.label, c.readable ? c.ball : 'hidden');
    assert.ok(c.radius_px > 10 && c.radius_px < 20, `radius ${c.radius_px}`);
    assert.ok(c.centre_px.u > 20 && c.centre_px.u < 44 && c.centre_px.v > 20 && c.centre_px.v < 44);
  }
  const labels = new Set(crops.map((c) => String(c.label)));
  assert.ok(labels.has('hidden'), 'some numerals are turned away or covered');
  assert.ok(labels.size >= 6, `labels: ${[...labels].join(',')}`);
});

test('the ball sits at the labelled centre of its crop', () => {
  for (const c of crops) {
    if (c.occluded > 0.2 || c.motion_mm > 5) continue;
    const lum = (u: number, v: number) => {
      const o = 3 * (Math.round(v) * c.size_px + Math.round(u));
      return 0.3 * c.rgb[o]! + 0.59 * c.rgb[o + 1]! + 0.11 * c.rgb[o + 2]!;
    };
    // brighter at the centre than well outside the ball on average (ivory or coloured cue ball vs cloth)
    const centre = lum(c.centre_px.u, c.centre_px.v);
    const ring = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
      const a = (k * Math.PI) / 4;
      return lum(Math.min(63, Math.max(0, c.centre_px.u + 1.6 * c.radius_px * Math.cos(a))), Math.min(63, Math.max(0, c.centre_px.v + 1.6 * c.radius_px * Math.sin(a))));
    });
    const minRing = Math.min(...ring);
    assert.ok(c.ball === 'cue' || centre > minRing + 15, `ball ${c.ball}: centre ${centre} vs ring ${minRing}`);
  }
});

test('a cue ball mostly behind an arm or the cue is not labelled readable', () => {
  // the cue ball has no numeral, so its label once ignored cover: crops of a cue ball wholly under a
  // sleeve were labelled "cue" and a reader that answered "not visible" was scored wrong
  const cues = renderBallCrops(31, 160, { perLook: 40, balls: ['cue'] });
  assert.ok(cues.every((c) => c.ball === 'cue'));
  const covered = cues.filter((c) => c.occluded >= CUE_COVERED_UNREADABLE);
  const clear = cues.filter((c) => c.occluded < 0.05 && c.motion_mm < 40);
  assert.ok(covered.length >= 2, `some cue balls are covered (${covered.length} of ${cues.length})`);
  for (const c of covered) assert.equal(c.label, 'hidden', `a cue ball ${Math.round(100 * c.occluded)}% covered`);
  assert.ok(clear.length > 50 && clear.every((c) => c.label === 'cue'), 'an uncovered, slow cue ball is readable');
});
