// Watching for a bumped camera while the referee runs. Every few seconds of stream time, while no stroke
// is under way, the cloth's edge is checked where the calibration puts it (bump.ts). A player leaning on
// the rail hides part of an edge, not all four sides' medians, but one check can still be fooled, so a
// move is believed only when two checks in a row, seconds apart, both see it. Then the table is found
// again on those frames and the new calibration replaces the old, with a warning; balls keep their
// places on the table (they did not move, the camera did).
import type { Mat } from '../cv.js';
import type { Frame } from '../frame.js';
import { checkCameraMoved, reRegister } from './bump.js';
import type { CalibrationProfile } from './profile.js';

export interface BumpWatchOptions {
  /** stream seconds between checks */
  every_s?: number;
  /** a re-registration whose corners move further than this share of the image diagonal is refused */
  maxShift?: number;
}

export type BumpOutcome =
  | { kind: 'none' }
  | { kind: 'reregistered'; profile: CalibrationProfile; warning: string }
  | { kind: 'failed'; warning: string };

export class BumpWatch {
  private next_s = -Infinity;
  /** the frame of a first check that saw the camera moved, kept until a second check agrees or not */
  private suspect: Mat | null = null;
  private readonly every_s: number;
  private readonly maxShift: number;

  constructor(private profile: CalibrationProfile, o: BumpWatchOptions = {}) {
    this.every_s = o.every_s ?? 2;
    this.maxShift = o.maxShift ?? 0.1;
  }

  /** Called on every frame; does any work only every `every_s` of stream time, and only when `quiet`. */
  onFrame(f: Frame, quiet: boolean): BumpOutcome {
    if (!quiet || f.t_s < this.next_s) return { kind: 'none' };
    this.next_s = f.t_s + this.every_s;
    const check = checkCameraMoved(this.profile, f);
    if (!check.moved) {
      this.forget();
      return { kind: 'none' };
    }
    if (!this.suspect) {
      this.suspect = f.bgr.copy();
      return { kind: 'none' };
    }
    const earlier: Frame = { ...f, bgr: this.suspect };
    this.suspect = null;
    try {
      const found = reRegister(this.profile, [earlier, f]);
      const diag = Math.hypot(this.profile.image.width_px, this.profile.image.height_px);
      const shift = Math.max(...found.profile.corners_px.map(([u, v], i) => Math.hypot(u - this.profile.corners_px[i]![0], v - this.profile.corners_px[i]![1])));
      if (shift > this.maxShift * diag) {
        return this.failed(`the camera moved (${check.why}) and the table found again is ${shift.toFixed(0)} px away: calibrate it again (marker calibrate)`);
      }
      if (checkCameraMoved(found.profile, f).moved) {
        return this.failed(`the camera moved (${check.why}) and the table found again does not fit its cloth edge: calibrate it again (marker calibrate)`);
      }
      this.profile = found.profile;
      return { kind: 'reregistered', profile: found.profile, warning: `${found.warning} (${check.why})` };
    } catch (e) {
      return this.failed(`the camera moved (${check.why}) and the table could not be found again (${e instanceof Error ? e.message : String(e)}): keeping the old calibration`);
    } finally {
      earlier.bgr.release();
    }
  }

  private failed(warning: string): BumpOutcome {
    // the same failure every few seconds would bury the log: the next try is half a minute away
    this.next_s += 15 * this.every_s;
    return { kind: 'failed', warning };
  }

  private forget(): void {
    this.suspect?.release();
    this.suspect = null;
  }

  dispose(): void {
    this.forget();
  }
}
