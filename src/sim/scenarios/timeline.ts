// A finished scenario: what to film and its truth. The physics is kept as its action log; a
// fresh world replays it as frames are asked for (deterministic, so the replay is the same run
// the truth came from). The cue and the people are keyframed poses blended in between.
import type { TableRecord } from '../../protocol/records.js';
import type { TableSpec } from '../../table/geometry.js';
import type { WorldAction } from '../physics/actions.js';
import type { PhysicsParams } from '../physics/params.js';
import { World } from '../physics/world.js';
import type { StrokeTrace } from '../physics/trace.js';
import type { CallAt } from '../truth.js';
import type { BallSnapshot, CueStickPose, Occluder, Scene, SimEvent } from '../types.js';
import type { PlayerPose } from './poses.js';
import { blendCue, blendOccluders } from './poses.js';

export interface PoseKey {
  t_s: number;
  pose: PlayerPose;
}

/** One person's poses over time; drawn from the first key's time to the last's. */
export type PoseTrack = PoseKey[];

export interface TimelineData {
  name: string;
  description: string;
  seed: number;
  table: TableSpec;
  params: Partial<PhysicsParams>;
  duration_s: number;
  actions: WorldAction[];
  events: SimEvent[];
  strokes: StrokeTrace[];
  calls: CallAt[];
  records: TableRecord[];
  tracks: PoseTrack[];
}

export class Timeline {
  private world: World | null = null;

  constructor(readonly data: TimelineData) {}

  get name(): string {
    return this.data.name;
  }
  get duration_s(): number {
    return this.data.duration_s;
  }
  get table(): TableSpec {
    return this.data.table;
  }
  /** protocol v1 truth: game, call, shot, moved, fall records in time order */
  get records(): TableRecord[] {
    return this.data.records;
  }
  get events(): SimEvent[] {
    return this.data.events;
  }

  /** The balls at t_s. Cheap when t_s only grows; going back replays from the start. */
  ballsAt(t_s: number): BallSnapshot[] {
    if (!this.world || t_s < this.world.t_s) this.world = World.replay(this.data.table, this.data.params, this.data.actions);
    this.world.advanceTo(t_s);
    return this.world.snapshot(t_s);
  }

  /** The cue stick and the people at t_s. */
  posesAt(t_s: number): { cue: CueStickPose | null; occluders: Occluder[] } {
    let cue: CueStickPose | null = null;
    const occluders: Occluder[] = [];
    for (const track of this.data.tracks) {
      const pose = poseAt(track, t_s);
      if (!pose) continue;
      if (pose.cue && !cue) cue = pose.cue;
      occluders.push(...pose.occluders);
    }
    return { cue, occluders };
  }

  sceneAt(t_s: number): Scene {
    const { cue, occluders } = this.posesAt(t_s);
    const scene: Scene = { t_s, balls: this.ballsAt(t_s), occluders };
    if (cue) scene.cue = cue;
    return scene;
  }

  /** Every frame of the clip at fps, in order. */
  *frames(fps: number): Generator<Scene> {
    const n = Math.floor(this.duration_s * fps + 1e-9);
    for (let i = 0; i <= n; i++) yield this.sceneAt(i / fps);
  }
}

export function poseAt(track: PoseTrack, t_s: number): PlayerPose | null {
  if (track.length === 0 || t_s < track[0]!.t_s || t_s > track.at(-1)!.t_s) return null;
  let i = 0;
  while (i + 1 < track.length && track[i + 1]!.t_s < t_s) i++;
  const a = track[i]!;
  const b = track[Math.min(i + 1, track.length - 1)]!;
  if (b.t_s <= a.t_s) return a.pose;
  const s = (t_s - a.t_s) / (b.t_s - a.t_s);
  return { cue: blendCue(a.pose.cue, b.pose.cue, s), occluders: blendOccluders(a.pose.occluders, b.pose.occluders, s) };
}
