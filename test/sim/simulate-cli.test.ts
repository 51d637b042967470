// `marker simulate` end to end: a real clip through ffmpeg, and the truth found again in its pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCamera } from '../../src/sim/render/camera.js';
import { parseJsonl } from '../../src/protocol/jsonl.js';

const root = new URL('../../../', import.meta.url).pathname;
const marker = join(root, 'bin/marker');
const tmp = mkdtempSync(join(tmpdir(), 'marker-sim-'));

function frameAt(mp4: string, index: number, w: number, h: number): Uint8Array {
  const r = spawnSync('ffmpeg', ['-loglevel', 'error', '-i', mp4, '-vf', `select=eq(n\\,${index})`, '-vsync', '0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: w * h * 3 * 2 });
  assert.equal(r.status, 0, String(r.stderr));
  return new Uint8Array(r.stdout);
}

test('simulate writes clip.mp4, truth.jsonl, frames.jsonl and meta.json, and every visible ball is where the truth says', () => {
  const out = join(tmp, 'pot');
  const r = spawnSync(marker, ['simulate', '--out', out, '--scenario', 'legal-pot', '--seed', '11', '--resolution', '960x540'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  for (const f of ['clip.mp4', 'truth.jsonl', 'frames.jsonl', 'meta.json']) assert.ok(existsSync(join(out, f)), f);
  const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
  assert.deepEqual(meta.table, { length: 3550, width: 1775, ball: 68 });
  assert.equal(meta.corners.length, 4);
  for (const [u, v] of meta.corners) assert.ok(u > 0 && u < 960 && v > 0 && v < 540);
  const truth = parseJsonl(readFileSync(join(out, 'truth.jsonl'), 'utf8')).map((n) => n.record);
  assert.equal(truth[0]!.type, 'game');
  const shot = truth.find((x) => x.type === 'shot');
  assert.ok(shot && shot.type === 'shot' && shot.pocketed.length >= 1, 'the legal pot pockets a ball');
  const rows = readFileSync(join(out, 'frames.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(rows.length, meta.frames);
  const cam = createCamera(meta.camera);
  // a still frame before the stroke: each visible ball's disc is brighter/different from the cloth around it
  const k = Math.floor(meta.fps * 1.0);
  const rgb = frameAt(join(out, 'clip.mp4'), k, 960, 540);
  let checked = 0;
  for (const b of rows[k].balls.filter((x: { state: string }) => x.state === 'visible')) {
    const c = cam.project({ x: b.x, y: b.y, z: b.z });
    const edge = cam.project({ x: b.x + 34, y: b.y, z: b.z });
    const r_px = Math.hypot(edge.u_px - c.u_px, edge.v_px - c.v_px);
    const px = (u: number, v: number) => { const i = (Math.round(v) * 960 + Math.round(u)) * 3; return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!]; };
    const inside = px(c.u_px, c.v_px);
    const ring = [0, 1, 2, 3, 4, 5, 6, 7].map((a) => px(c.u_px + 2.2 * r_px * Math.cos(a), c.v_px + 2.2 * r_px * Math.sin(a)));
    const cloth = [0, 1, 2].map((ch) => ring.map((p) => p[ch]!).sort((x, y) => x - y)[4]!);
    const diff = Math.hypot(inside[0]! - cloth[0]!, inside[1]! - cloth[1]!, inside[2]! - cloth[2]!);
    assert.ok(diff > 40, `ball ${b.id} at (${c.u_px.toFixed(0)}, ${c.v_px.toFixed(0)}) differs from the cloth by ${diff.toFixed(0)}`);
    checked++;
  }
  assert.ok(checked >= 5, `checked ${checked} balls`);
});

test('simulate is deterministic for a seed', () => {
  const a = join(tmp, 'a');
  const b = join(tmp, 'b');
  for (const out of [a, b]) {
    const r = spawnSync(marker, ['simulate', '--out', out, '--scenario', 'no-contact', '--seed', '4', '--resolution', '640x360'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  assert.equal(readFileSync(join(a, 'truth.jsonl'), 'utf8'), readFileSync(join(b, 'truth.jsonl'), 'utf8'));
  assert.equal(readFileSync(join(a, 'frames.jsonl'), 'utf8'), readFileSync(join(b, 'frames.jsonl'), 'utf8'));
});

test('simulate lists its scenarios and rejects bad options by name', () => {
  const list = spawnSync(marker, ['simulate', '--list-scenarios'], { encoding: 'utf8' });
  assert.equal(list.status, 0);
  for (const n of ['legal-pot', 'break', 'cue-pocketed', 'while-moving', 'hanging-self', 'from-hand-f9', 'moved-by-hand', 'occluded-fall', 'game']) assert.match(list.stdout, new RegExp(`^${n} `, 'm'));
  const bad: [string[], RegExp][] = [
    [['simulate'], /--out DIR is required/],
    [['simulate', '--out', tmp, '--scenario', 'nope'], /--scenario nope: unknown/],
    [['simulate', '--out', tmp, '--resolution', '1280'], /--resolution 1280: use WIDTHxHEIGHT/],
    [['simulate', '--out', tmp, '--fps', 'fast'], /--fps fast: an integer/],
    [['simulate', '--out', tmp, '--cloth', 'pink'], /--cloth pink: one of green, blue, burgundy/],
    [['simulate', '--out', tmp, '--look', '{oops'], /--look: not valid JSON/],
    [['simulate', '--out', tmp, '--strokes', '3'], /--strokes goes with --game/],
  ];
  for (const [args, pattern] of bad) {
    const r = spawnSync(marker, args, { encoding: 'utf8' });
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, pattern);
  }
});
