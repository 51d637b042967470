// Ground truth for a simulated clip: the physics' true events turned into protocol v1 records
// (what a perfect camera pipeline would write), and per-frame ball states for frames.jsonl.
import type {
  Ball,
  CallRecord,
  FallCause,
  FallRecord,
  GameRecord,
  MovedRecord,
  Pocketing,
  ShotRecord,
  TableRecord,
} from '../protocol/records.js';
import type { PocketId } from '../table/geometry.js';
import type { WorldAction } from './physics/actions.js';
import type { StrokeTrace } from './physics/trace.js';
import type { BallId, BallSnapshot, Scene, SimEvent } from './types.js';

export interface CallAt {
  t_s: number;
  /** omitted when one object ball is left (R6.4) */
  ball?: number;
  pocket: PocketId;
}

export interface TruthInput {
  game: GameRecord;
  events: readonly SimEvent[];
  strokes: readonly StrokeTrace[];
  /** the world's action log: shakes decide a late fall's cause */
  actions: readonly WorldAction[];
  dt_s: number;
  calls: readonly CallAt[];
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const xy = (p: [number, number]): [number, number] => [round1(p[0]), round1(p[1])];

/** Protocol records in time order, the `game` record first. */
export function truthRecords(inp: TruthInput): TableRecord[] {
  const timed: { t: number; order: number; rec: TableRecord }[] = [];
  const add = (t: number, rec: TableRecord) => timed.push({ t, order: timed.length, rec });
  for (const c of inp.calls) {
    const rec: CallRecord = { type: 'call', t: round3(c.t_s), pocket: c.pocket };
    if (c.ball !== undefined) rec.ball = c.ball;
    add(c.t_s, rec);
  }
  const shakes = inp.actions.filter((a) => a.kind === 'shake').map((a) => a.step * inp.dt_s);

  let shot: { rec: ShotRecord; t0: number } | null = null;
  let strokeIdx = -1;
  let inStroke = false;
  /** balls hanging in a jaw, with when they started to hang and whether a stroke has begun since */
  const hanging = new Map<BallId, { t: number; strokeAtHang: number }>();
  const touchedThisStroke = new Set<BallId>();

  const finishShot = (t1: number) => {
    if (!shot) return;
    shot.rec.t1 = round3(t1);
    add(shot.t0, shot.rec);
    shot = null;
  };

  for (const e of inp.events) {
    switch (e.kind) {
      case 'strokeStart': {
        finishShot(e.t_s);
        strokeIdx++;
        inStroke = true;
        touchedThisStroke.clear();
        touchedThisStroke.add(e.ball);
        const tr = inp.strokes[strokeIdx];
        const rec: ShotRecord = {
          type: 'shot',
          t0: round3(e.t_s),
          t1: round3(e.t_s),
          struck: e.ball,
          whileMoving: e.whileMoving,
          firstContact: null,
          pocketed: [],
          offTable: [],
          bounced: [],
          review: [],
        };
        if (tr) {
          rec.before = Object.fromEntries(Object.entries(tr.before).map(([k, v]) => [k, xy(v)]));
          rec.cuePath = tr.cuePath.map(xy);
        }
        shot = { rec, t0: e.t_s };
        hanging.delete(e.ball);
        break;
      }
      case 'strokeEnd':
        finishShot(e.t_s);
        inStroke = false;
        break;
      case 'ballBall': {
        touchedThisStroke.add(e.a);
        touchedThisStroke.add(e.b);
        hanging.delete(e.a);
        hanging.delete(e.b);
        if (shot && shot.rec.firstContact === null) {
          const other = e.a === 'cue' ? e.b : e.b === 'cue' ? e.a : null;
          if (typeof other === 'number') shot.rec.firstContact = other;
        }
        break;
      }
      case 'hanging':
        hanging.set(e.ball, { t: e.t_s, strokeAtHang: inStroke ? strokeIdx : strokeIdx + 0.5 });
        break;
      case 'moved':
        for (const b of e.balls) hanging.delete(b);
        add(e.t_s, { type: 'moved', t: round3(e.t_s), balls: e.balls as Ball[], by: e.by } satisfies MovedRecord);
        break;
      case 'pocketed': {
        const h = hanging.get(e.ball);
        hanging.delete(e.ball);
        const lateFall = h !== undefined && typeof e.ball === 'number' && (!inStroke || h.strokeAtHang < strokeIdx);
        if (lateFall) {
          const cause: FallCause = inStroke
            ? 'independent'
            : shakes.some((t) => t >= h.t && t <= e.t_s + 1e-9)
              ? 'shake'
              : 'self';
          const fall: FallRecord = { type: 'fall', t: round3(e.t_s), ball: e.ball as number, pocket: e.pocket, cause };
          add(e.t_s, fall);
        } else if (shot) {
          const p: Pocketing = { ball: e.ball, pocket: e.pocket, t: round3(e.t_s) };
          shot.rec.pocketed.push(p);
        }
        break;
      }
      case 'offTable':
        if (shot) shot.rec.offTable.push(e.ball);
        break;
      case 'rattleOut':
        if (shot && !shot.rec.bounced.some((b) => b.ball === e.ball && b.pocket === e.pocket)) {
          shot.rec.bounced.push({ ball: e.ball, pocket: e.pocket });
        }
        break;
      default:
        break;
    }
  }
  if (shot) {
    // a stroke still running when the run ends
    const s: { rec: ShotRecord; t0: number } = shot;
    s.rec.review.push({ what: 'pocketed', why: 'the clip ended before every ball stopped' });
    const last = inp.events.at(-1);
    finishShot(last ? last.t_s : s.t0);
  }
  timed.sort((a, b) => a.t - b.t || a.order - b.order);
  return [inp.game, ...timed.map((x) => x.rec)];
}

/** A ball's state in one frame, as frames.jsonl records it (a camera may add e.g. 'outOfView'). */
export type FrameBallState = 'visible' | 'occluded' | 'falling' | 'pocketed' | 'offTable' | (string & {});

export interface FrameTruthRow {
  t: number;
  balls: { id: BallId; x: number; y: number; z: number; state: FrameBallState; pocket?: PocketId }[];
}

/**
 * The truth row of a frame. Whether a ball on the table is hidden depends on the camera, so the
 * caller passes the renderer's test: a boolean (true = occluded) or the state itself (e.g. the
 * renderer's `ballVisibilityOf`, which also knows 'outOfView'). Without one every ball on the
 * table is visible. Balls in a hand (not yet placed) are left out.
 */
export function frameTruthRow(scene: Scene, classify?: (b: BallSnapshot, scene: Scene) => boolean | string): FrameTruthRow {
  const balls: FrameTruthRow['balls'] = [];
  for (const b of scene.balls) {
    if (b.phase === 'inHand') continue;
    let state: FrameBallState;
    if (b.phase === 'pocketed') state = 'pocketed';
    else if (b.phase === 'offTable') state = 'offTable';
    else if (b.phase === 'falling') state = 'falling';
    else {
      const c = classify ? classify(b, scene) : false;
      state = typeof c === 'string' ? c : c ? 'occluded' : 'visible';
    }
    const row: FrameTruthRow['balls'][number] = { id: b.id, x: round1(b.pos_mm.x), y: round1(b.pos_mm.y), z: round1(b.pos_mm.z), state };
    if (b.pocket) row.pocket = b.pocket;
    balls.push(row);
  }
  return { t: round3(scene.t_s), balls };
}
