// What changes a ball's kind of motion after a step: losing the cloth under it (a hole: falling;
// the end of the rail: off the table; the rail's inner edge: a drop back onto the cloth), landing
// from a jump, finishing a fall, entering or leaving a pocket's jaws, coming to rest (hanging when
// between the jaws), and a hand's carry.
import type { Ball } from './ball.js';
import { resolveLanding } from './collide.js';
import { distToLip, jawPocketAt, supportAt } from './layout.js';
import type { PocketShape } from './layout.js';
import type { World } from './world.js';

/** Below this upward speed a landing ball stays down. */
const SETTLE_VZ_MM_S = 150;
/** Horizontal motion of a falling ball dies out over this time (it meets the pocket's back). */
const FALL_DAMP_S = 0.04;
/** The floor, below the cloth. */
const FLOOR_Z_MM = -780;
/** Speed of the nudge that tips a hanging ball over the lip. */
const RELEASE_SPEED_MM_S = 45;

export function afterStep(w: World, dt: number): void {
  const L = w.layout;
  const R = w.R;
  const p = w.params;
  for (const b of w.balls) {
    const m = b.motion;
    if (m === 'sliding' || m === 'rolling' || m === 'spinning') {
      const s = supportAt(L, b.x, b.y);
      if (s.kind === 'hole') startFalling(w, b, s.pocket);
      else if (s.kind === 'off') goOffTable(w, b);
      else if (s.z < b.z - 0.5) {
        b.motion = 'airborne';
        b.groundZ = s.z;
      }
    } else if (m === 'airborne' && b.gone) {
      if (b.z <= FLOOR_Z_MM + R) {
        Object.assign(b, { z: FLOOR_Z_MM + R, vx: 0, vy: 0, vz: 0, wx: 0, wy: 0, wz: 0, motion: 'offTable' });
      }
    } else if (m === 'airborne') {
      const s = supportAt(L, b.x, b.y);
      if (s.kind === 'off') goOffTable(w, b);
      else if (s.kind === 'hole') {
        if (b.z <= R) startFalling(w, b, s.pocket);
      } else if (b.z <= s.z && b.vz <= 0) {
        // back to the support height without gaining energy: the overshoot below it costs speed
        const dz = s.z - b.z;
        b.vz = -Math.sqrt(Math.max(0, b.vz * b.vz - 2 * p.g_mm_s2 * dz));
        b.z = s.z;
        b.groundZ = s.z;
        resolveLanding(b, p.clothRestitution, p.muSlide, R);
        if (b.vz < SETTLE_VZ_MM_S) {
          b.vz = 0;
          b.motion = 'sliding';
        }
      }
    } else if (m === 'falling') {
      const k = Math.exp(-dt / FALL_DAMP_S);
      b.vx *= k;
      b.vy *= k;
      const pocket = L.pockets.find((s) => s.id === b.pocket)!;
      // the hole's wall keeps the ball over it
      b.x += (pocket.holeX - b.x) * (1 - k);
      b.y += (pocket.holeY - b.y) * (1 - k);
      if (b.z <= -R) {
        b.motion = 'pocketed';
        Object.assign(b, { vx: 0, vy: 0, vz: 0, wx: 0, wy: 0, wz: 0 });
        w.emit({ kind: 'pocketed', t_s: w.t_s, ball: b.id, pocket: pocket.id });
      }
    }
    trackJaw(w, b);
    if (b.motion === 'rest' && b.lastMotion !== 'rest' && b.lastMotion !== 'carried') {
      w.emit({ kind: 'rest', t_s: w.t_s, ball: b.id });
      if (b.jaw) {
        b.hanging = true;
        w.emit({ kind: 'hanging', t_s: w.t_s, ball: b.id, pocket: b.jaw });
      }
    }
    b.lastMotion = b.motion;
  }
}

function trackJaw(w: World, b: Ball): void {
  const m = b.motion;
  if (!b.onTable || m === 'falling' || m === 'carried') return;
  const s = jawPocketAt(w.layout, b.x, b.y);
  if (s && b.jaw !== s.id) {
    b.jaw = s.id;
    w.emit({ kind: 'jawEnter', t_s: w.t_s, ball: b.id, pocket: s.id });
  } else if (!s && b.jaw) {
    w.emit({ kind: 'rattleOut', t_s: w.t_s, ball: b.id, pocket: b.jaw });
    b.jaw = null;
  }
}

function startFalling(w: World, b: Ball, s: PocketShape): void {
  b.motion = 'falling';
  b.pocket = s.id;
  b.jaw = s.id;
  b.hanging = false;
  b.fallStart_s = w.t_s;
  if (b.vz > 0) b.vz = 0;
}

/** Past the rail's outer edge: out of play at once; it flies on to the floor for the camera. */
function goOffTable(w: World, b: Ball): void {
  Object.assign(b, { motion: 'airborne', gone: true, jaw: null, hanging: false });
  w.emit({ kind: 'offTable', t_s: w.t_s, ball: b.id });
}

/** Nudge a ball resting between the jaws over the lip of the hole. */
export function releaseHanging(w: World, b: Ball): void {
  if (!b.jaw || (b.motion !== 'rest' && b.motion !== 'spinning')) return;
  const s = w.layout.pockets.find((x) => x.id === b.jaw)!;
  const dx = s.holeX - b.x;
  const dy = s.holeY - b.y;
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  const v = RELEASE_SPEED_MM_S + Math.max(0, distToLip(s, b.x, b.y)) * 8;
  b.vx = (v * dx) / d;
  b.vy = (v * dy) / d;
  b.wx = -b.vy / w.R;
  b.wy = b.vx / w.R;
  b.motion = 'rolling';
  b.hanging = false;
}

/** Move a carried ball along its path; set it down at the end. */
export function updateCarry(w: World, b: Ball): void {
  const c = b.carry!;
  const R = w.R;
  const t = w.t_s;
  const s = Math.min(1, (t - c.t0) / (c.t1 - c.t0));
  const e = s * s * (3 - 2 * s); // ease in and out
  const px = b.x;
  const py = b.y;
  b.x = c.fromX + (c.toX - c.fromX) * e;
  b.y = c.fromY + (c.toY - c.fromY) * e;
  const placing = b.placing;
  b.z = R + (placing ? c.lift_mm * (1 - e) : c.lift_mm * Math.sin(Math.PI * s));
  const dt = w.params.dt_s;
  b.vx = (b.x - px) / dt;
  b.vy = (b.y - py) / dt;
  if (c.lift_mm === 0) {
    b.wx = -b.vy / R;
    b.wy = b.vx / R;
    b.turn(dt);
  }
  if (s < 1) return;
  Object.assign(b, { vx: 0, vy: 0, vz: 0, wx: 0, wy: 0, z: R, groundZ: R, motion: 'rest', carry: null, placing: false, lastMotion: 'rest' });
  // set down between a pocket's jaws (a ball put back where it hung, R8.2): it hangs there again
  b.jaw = jawPocketAt(w.layout, b.x, b.y)?.id ?? null;
  b.hanging = b.jaw !== null;
  if (placing) w.emit({ kind: 'placed', t_s: t, ball: b.id, at_mm: { x: b.x, y: b.y, z: R } });
}
