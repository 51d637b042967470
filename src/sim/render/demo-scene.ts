// Stand-in scenes for the renderer's tests, benchmark and README pictures (the real ones come from
// src/sim/physics and src/sim/scenarios): a full rack, the cue ball in the house, the cue behind it
// and the player's bridge arm.
import type { TableSpec } from '../../table/geometry.js';
import { rackPositions } from '../../table/geometry.js';
import type { Rng } from '../rng.js';
import { ALL_BALLS, type BallSnapshot, type Occluder, type Quat, type Scene, type Vec3_mm } from '../types.js';

export function randomOrientation(rng: Rng): Quat {
  // uniform over rotations (Shoemake)
  const u1 = rng.next(), u2 = rng.next() * 2 * Math.PI, u3 = rng.next() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

export function restingBall(id: BallSnapshot['id'], x: number, y: number, spec: TableSpec, q: Quat): BallSnapshot {
  return { id, pos_mm: { x, y, z: spec.ball_mm / 2 }, orientation: q, phase: 'rest', speed_mm_s: 0 };
}

/** A cue lying along the line from the butt toward the cue ball, tip `gap_mm` behind it. */
export function cueBehind(ball: Vec3_mm, angle_rad: number, spec: TableSpec, gap_mm = 25, length_mm = 1450, elevation_rad = 0.12) {
  const dx = Math.cos(angle_rad), dy = Math.sin(angle_rad);
  const r = spec.ball_mm / 2;
  const tip = { x: ball.x - dx * (r + gap_mm), y: ball.y - dy * (r + gap_mm), z: r + 2 };
  const horiz = length_mm * Math.cos(elevation_rad);
  const butt = { x: tip.x - dx * horiz, y: tip.y - dy * horiz, z: tip.z + length_mm * Math.sin(elevation_rad) };
  return { tip_mm: tip, butt_mm: butt };
}

/** The bridge hand on the cloth near the tip and the forearm rising from it. */
export function bridgeArm(tip: Vec3_mm, angle_rad: number, side = 1): Occluder[] {
  const dx = Math.cos(angle_rad), dy = Math.sin(angle_rad);
  const nx = -dy * side, ny = dx * side;
  const hand = { x: tip.x - dx * 180, y: tip.y - dy * 180, z: 25 };
  const wrist = { x: hand.x - dx * 90 + nx * 40, y: hand.y - dy * 90 + ny * 40, z: 60 };
  const elbow = { x: wrist.x - dx * 230 + nx * 160, y: wrist.y - dy * 230 + ny * 160, z: 200 };
  const shoulder = { x: elbow.x - dx * 180 + nx * 180, y: elbow.y - dy * 180 + ny * 180, z: 420 };
  return [
    { kind: 'hand', points_mm: [{ x: hand.x + dx * 40, y: hand.y + dy * 40, z: 18 }, hand, wrist], radii_mm: [22, 38, 30] },
    { kind: 'arm', points_mm: [wrist, elbow, shoulder], radii_mm: [32, 42, 55] },
  ];
}

/** The break: full rack, cue ball in the house, cue and bridge arm. */
export function demoScene(spec: TableSpec, rng: Rng, opts: { cue?: boolean; arm?: boolean; t_s?: number } = {}): Scene {
  const rack = rackPositions(spec, 0.3);
  const balls: BallSnapshot[] = [];
  for (const [n, p] of rack) balls.push(restingBall(n, p.x + rng.normal(0, 0.3), p.y + rng.normal(0, 0.3), spec, randomOrientation(rng)));
  const cuePos = { x: -spec.length_mm / 4 - rng.uniform(60, 300), y: rng.uniform(-300, 300) };
  balls.push(restingBall('cue', cuePos.x, cuePos.y, spec, randomOrientation(rng)));
  const angle = Math.atan2(-cuePos.y + rng.normal(0, 10), spec.length_mm / 4 - cuePos.x);
  const cueBall = balls[balls.length - 1]!.pos_mm;
  const cue = cueBehind(cueBall, angle, spec, rng.uniform(10, 60));
  return {
    t_s: opts.t_s ?? 0,
    balls,
    ...(opts.cue === false ? {} : { cue }),
    occluders: opts.arm === false ? [] : bridgeArm(cue.tip_mm, angle, rng.next() < 0.5 ? 1 : -1),
  };
}

/** Balls scattered over the table (open play), some near cushions and pockets. */
export function scatteredScene(spec: TableSpec, rng: Rng, count = 16): Scene {
  const r = spec.ball_mm / 2;
  const balls: BallSnapshot[] = [];
  const ids: BallSnapshot['id'][] = [...ALL_BALLS];
  for (const id of ids.slice(0, count)) {
    for (let tries = 0; tries < 200; tries++) {
      const x = rng.uniform(-spec.length_mm / 2 + r, spec.length_mm / 2 - r);
      const y = rng.uniform(-spec.width_mm / 2 + r, spec.width_mm / 2 - r);
      if (balls.every((b) => Math.hypot(b.pos_mm.x - x, b.pos_mm.y - y) > 2 * r + 1)) {
        balls.push(restingBall(id, x, y, spec, randomOrientation(rng)));
        break;
      }
    }
  }
  return { t_s: 0, balls, occluders: [] };
}
