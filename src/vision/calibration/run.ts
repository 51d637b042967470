// The calibrate command's work, apart from argument parsing: read the source, calibrate, write the
// profile and the overlay.
import type { TableSpec } from '../../table/geometry.js';
import { FrameSourceError, readSourceFrames } from '../frame.js';
import { calibrate } from './calibrate.js';
import type { CalibrationResult, HeadSide } from './calibrate.js';
import { NoTableError } from './cloth.js';
import { CornersError, parseCorners } from './manual-corners.js';
import { ProfileError, saveProfile } from './profile.js';
import { drawCalibrationOverlay, writeOverlayPng } from './overlay.js';

export interface RunCalibrationOptions {
  source: string;
  out: string;
  overlay?: string;
  spec: TableSpec;
  frames?: number;
  /** "x,y x,y x,y x,y", HL HR FR FL */
  corners?: string;
  head?: HeadSide;
  cameraHeight_mm?: number;
}

/** Errors that are the input's fault (bad file, no table, bad corners): a message, not a stack. */
export function isCalibrationInputError(e: unknown): boolean {
  return e instanceof FrameSourceError || e instanceof NoTableError || e instanceof CornersError || e instanceof ProfileError;
}

export function runCalibration(o: RunCalibrationOptions): CalibrationResult {
  const corners = o.corners !== undefined ? parseCorners(o.corners) : undefined;
  const frames = readSourceFrames(o.source, o.frames ?? 5);
  const r = calibrate(frames, {
    spec: o.spec,
    ...(corners ? { corners_px: corners } : {}),
    ...(o.head ? { head: o.head } : {}),
    ...(o.cameraHeight_mm ? { cameraHeight_mm: o.cameraHeight_mm } : {}),
  });
  saveProfile(o.out, r.profile);
  if (o.overlay) writeOverlayPng(o.overlay, drawCalibrationOverlay(r.image, r.profile, r.outline?.outer_px));
  return r;
}
