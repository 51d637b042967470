// Where the cue stick and the player's arms and body are while he plays a stroke or reaches over
// the table with a hand, in table millimetres, for the renderer to draw and hide balls behind.
import type { TableSpec } from '../../table/geometry.js';
import type { CueStickPose, Occluder, Vec3_mm } from '../types.js';

export const CUE_LENGTH_MM = 1450;

export interface PlayerPose {
  cue: CueStickPose | null;
  occluders: Occluder[];
}

export interface StancePoseInput {
  table: TableSpec;
  /** centre of the ball to be struck */
  ball: { x: number; y: number };
  heading_rad: number;
  elevation_rad: number;
  /** tip offset from the ball's centre across and up, mm (the spin the stroke puts on) */
  tipSide_mm: number;
  tipHeight_mm: number;
  /** distance from the tip to the ball's surface along the cue (negative: past it, follow-through) */
  gap_mm: number;
  /** 1 down on the shot; 0 stood up and away from the table (the arms off the cloth) */
  presence: number;
  /** which side the bridge hand and body are on: +1 left of the cue line, -1 right */
  side: number;
}

const v = (x: number, y: number, z: number): Vec3_mm => ({ x, y, z });

/** The cue stick, the bridge hand and arm, the grip arm and the upper body over the table. */
export function stancePose(p: StancePoseInput): PlayerPose {
  const R = p.table.ball_mm / 2;
  const dx = Math.cos(p.heading_rad);
  const dy = Math.sin(p.heading_rad);
  // the striker's right, horizontal
  const rx = dy;
  const ry = -dx;
  const ce = Math.cos(p.elevation_rad);
  const se = Math.sin(p.elevation_rad);
  const away = 1 - p.presence;
  // stood up: everything drawn back along the cue line and lifted, mostly out of the picture
  const back = p.gap_mm + away * 1600;
  const lift = away * 500;
  const contact = v(
    p.ball.x - dx * R * ce + rx * p.tipSide_mm,
    p.ball.y - dy * R * ce + ry * p.tipSide_mm,
    R + p.tipHeight_mm + R * se,
  );
  const tip = v(contact.x - dx * back * ce, contact.y - dy * back * ce, contact.z + back * se + lift);
  const butt = v(tip.x - dx * CUE_LENGTH_MM * ce, tip.y - dy * CUE_LENGTH_MM * ce, tip.z + CUE_LENGTH_MM * se);
  // the bridge stays put on the cloth while the cue slides through it
  const bridgeBack = 160 + away * 1600;
  const nx = -rx * p.side;
  const ny = -ry * p.side;
  const handZ = 22 + lift;
  const hand = v(contact.x - dx * bridgeBack, contact.y - dy * bridgeBack, handZ);
  const wrist = v(hand.x - dx * 90 + nx * 35, hand.y - dy * 90 + ny * 35, handZ + 40);
  const elbow = v(wrist.x - dx * 220 + nx * 150, wrist.y - dy * 220 + ny * 150, handZ + 190);
  const shoulderL = v(elbow.x - dx * 170 + nx * 170, elbow.y - dy * 170 + ny * 170, handZ + 400);
  const chest = v(shoulderL.x - nx * 190 - dx * 60, shoulderL.y - ny * 190 - dy * 60, handZ + 430);
  const shoulderR = v(chest.x - nx * 190, chest.y - ny * 190, handZ + 420);
  const head = v(chest.x + dx * 120 + nx * 30, chest.y + dy * 120 + ny * 30, handZ + 470);
  const hips = v(chest.x - dx * 420, chest.y - dy * 420, handZ + 300);
  // the grip hand holds the cue 0.75 of the way back; the forearm hangs from the elbow above it
  const gripS = 0.75 * CUE_LENGTH_MM;
  const grip = v(tip.x - dx * gripS * ce, tip.y - dy * gripS * ce, tip.z + gripS * se);
  const elbowR = v(grip.x + dx * 40, grip.y + dy * 40, Math.max(grip.z + 260, shoulderR.z - 60));
  return {
    cue: { tip_mm: tip, butt_mm: butt },
    occluders: [
      { kind: 'hand', points_mm: [v(hand.x + dx * 45, hand.y + dy * 45, handZ - 4), hand, wrist], radii_mm: [22, 38, 30] },
      { kind: 'arm', points_mm: [wrist, elbow, shoulderL], radii_mm: [32, 42, 55] },
      { kind: 'arm', points_mm: [grip, elbowR, shoulderR], radii_mm: [34, 42, 55] },
      { kind: 'body', points_mm: [hips, chest, head], radii_mm: [170, 160, 100] },
      { kind: 'hand', points_mm: [v(grip.x - dx * 20, grip.y - dy * 20, grip.z), v(grip.x + dx * 30, grip.y + dy * 30, grip.z - 10)], radii_mm: [38, 34] },
    ],
  };
}

/** Where a person standing at the nearest rail reaches from toward a point on the table. */
export function railStand(table: TableSpec, x: number, y: number): { x: number; y: number; nx: number; ny: number } {
  const hx = table.length_mm / 2;
  const hy = table.width_mm / 2;
  const gaps = [hx - x, x + hx, hy - y, y + hy];
  const i = gaps.indexOf(Math.min(...gaps));
  // (nx, ny): from the table toward the person
  if (i === 0) return { x: hx + 250, y, nx: 1, ny: 0 };
  if (i === 1) return { x: -hx - 250, y, nx: -1, ny: 0 };
  if (i === 2) return { x, y: hy + 250, nx: 0, ny: 1 };
  return { x, y: -hy - 250, nx: 0, ny: -1 };
}

/**
 * An arm reaching from the nearest rail with the hand at (x, y, handZ): placing a ball, moving
 * one, or just over the table. `reach` 0 = the hand drawn back to the rail, 1 = at the point.
 */
export function reachPose(table: TableSpec, x: number, y: number, handZ: number, reach: number): Occluder[] {
  const s = railStand(table, x, y);
  // drawn back: past the rail and up, where the camera barely sees it
  const fx = s.x + s.nx * 650;
  const fy = s.y + s.ny * 650;
  const hx = fx + (x - fx) * reach;
  const hy = fy + (y - fy) * reach;
  const hz = handZ + (1 - reach) * 450;
  const shoulder = v(s.x + s.nx * 80, s.y + s.ny * 80, 480);
  const elbow = v((hx + shoulder.x) / 2 + s.ny * 60, (hy + shoulder.y) / 2 - s.nx * 60, Math.max(hz, 480) - 60);
  const wrist = v(hx + s.nx * 70, hy + s.ny * 70, hz + 25);
  return [
    { kind: 'hand', points_mm: [v(hx - s.nx * 30, hy - s.ny * 30, hz), wrist], radii_mm: [40, 32] },
    { kind: 'arm', points_mm: [wrist, elbow, shoulder], radii_mm: [32, 42, 55] },
    { kind: 'body', points_mm: [v(s.x + s.nx * 300, s.y + s.ny * 300, 350), v(s.x + s.nx * 200, s.y + s.ny * 200, 520)], radii_mm: [170, 150] },
  ];
}

/** Linear blend of two poses with the same structure (a = b when structures differ). */
export function blendOccluders(a: Occluder[], b: Occluder[], s: number): Occluder[] {
  if (a.length !== b.length) return s < 0.5 ? a : b;
  return a.map((oa, i) => {
    const ob = b[i]!;
    if (oa.points_mm.length !== ob.points_mm.length) return s < 0.5 ? oa : ob;
    return {
      kind: oa.kind,
      points_mm: oa.points_mm.map((p, j) => lerp3(p, ob.points_mm[j]!, s)),
      radii_mm: oa.radii_mm.map((r, j) => r + (ob.radii_mm[j]! - r) * s),
    };
  });
}

export function lerp3(a: Vec3_mm, b: Vec3_mm, s: number): Vec3_mm {
  return { x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s, z: a.z + (b.z - a.z) * s };
}

export function blendCue(a: CueStickPose | null, b: CueStickPose | null, s: number): CueStickPose | null {
  if (!a || !b) return s < 0.5 ? a : b;
  return { tip_mm: lerp3(a.tip_mm, b.tip_mm, s), butt_mm: lerp3(a.butt_mm, b.butt_mm, s) };
}
