// `marker calibrate SOURCE --out calibration/NAME.json`: find the table in an image or a video's first
// frames and write a calibration profile plus a PNG overlay for a person to check.
import { RUSSIAN_12FT, tableFromProtocol } from '../table/geometry.js';
import type { TableSpec } from '../table/geometry.js';
import { parseArgs, UsageError } from './args.js';
import { InputError } from './input.js';

export const CALIBRATE_HELP = `usage: marker calibrate SOURCE --out calibration/NAME.json [options]

Finds the playing surface in SOURCE (an image, or a video whose first frames are used): the cloth,
the cushion lines, the lens's radial distortion and the homography from image pixels to table
millimetres. Writes the profile (JSON) and an overlay PNG (surface outline, pockets, spots, house
line, corner names) next to it for a person to check.

options:
  --out FILE          the profile to write (required); the overlay goes to FILE with .png
  --corners "x,y x,y x,y x,y"
                      the surface corners in image px, in the order HL HR FR FL (head-left,
                      head-right, foot-right, foot-left); replaces the automatic search
  --head left|right|top|bottom
                      the image side the head cushion (house end) is on; an empty table does not
                      show it (default: left when the table lies across the image, else top)
  --table L,W,BALL    table size in mm (default 3550,1775,68: a full-size Russian table)
  --camera-height MM  the camera's height above the cloth, if known (for the ball-centre parallax)
  --frames N          how many of a video's first frames to combine (default 5)
  --overlay FILE      where to write the overlay PNG`;

export function parseTableOption(v: string | undefined): TableSpec {
  if (v === undefined) return RUSSIAN_12FT;
  const m = v.split(',').map((s) => Number(s.trim()));
  if (m.length !== 3 || m.some((x) => !Number.isFinite(x) || x <= 0)) throw new UsageError(`--table ${v}: expected LENGTH,WIDTH,BALL in mm`);
  const [length, width, ball] = m as [number, number, number];
  if (width >= length) throw new UsageError(`--table ${v}: the length must exceed the width`);
  if (ball * 5 > width) throw new UsageError(`--table ${v}: the ball is too big for the table`);
  return tableFromProtocol({ length, width, ball });
}

export async function calibrateCommand(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    out: { value: true }, corners: { value: true }, head: { value: true }, table: { value: true },
    'camera-height': { value: true }, frames: { value: true }, overlay: { value: true }, help: { value: false },
  });
  if (options.help) {
    process.stdout.write(CALIBRATE_HELP + '\n');
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `one SOURCE expected, got ${positionals.length}` : 'SOURCE (an image or a video) is required');
  if (typeof options.out !== 'string') throw new UsageError('--out FILE is required');
  const spec = parseTableOption(options.table as string | undefined);
  const head = options.head as string | undefined;
  if (head !== undefined && !['left', 'right', 'top', 'bottom'].includes(head)) throw new UsageError(`--head ${head}: use left, right, top or bottom`);
  const frames = options.frames === undefined ? 5 : Number(options.frames);
  if (!Number.isInteger(frames) || frames < 1 || frames > 100) throw new UsageError(`--frames ${String(options.frames)}: a whole number 1..100`);
  const camH = options['camera-height'] === undefined ? undefined : Number(options['camera-height']);
  if (camH !== undefined && !(camH > 100 && camH < 20000)) throw new UsageError(`--camera-height ${String(options['camera-height'])}: millimetres, 100..20000`);

  // OpenCV logs every video backend it tries on a bad file; our message says what a person needs
  // (read when the library loads, so before the import below)
  process.env.OPENCV_LOG_LEVEL ??= 'SILENT';
  process.env.OPENCV_VIDEOIO_PRIORITY_GSTREAMER ??= '0';
  let vision;
  try {
    vision = await import('../vision/calibration/run.js');
  } catch (e) {
    throw new InputError(`OpenCV is not available (${(e as Error).message.split('\n')[0]}); install @u4/opencv4nodejs`);
  }
  const overlayPath = typeof options.overlay === 'string' ? options.overlay : options.out.replace(/\.json$/i, '') + '.png';
  try {
    const r = vision.runCalibration({
      source: positionals[0]!, out: options.out, overlay: overlayPath, spec, frames,
      ...(typeof options.corners === 'string' ? { corners: options.corners } : {}),
      ...(head ? { head: head as 'left' } : {}),
      ...(camH ? { cameraHeight_mm: camH } : {}),
    });
    for (const w of r.profile.warnings) process.stderr.write(`marker calibrate: warning: ${w}\n`);
    const c = r.profile.corners_px.map(([u, v]) => `${u.toFixed(1)},${v.toFixed(1)}`).join(' ');
    process.stderr.write(`marker calibrate: corners HL HR FR FL = "${c}", k1 = ${r.profile.lens.k1.toFixed(4)}, ` +
      `ball radius ${r.profile.ballRadius_px.centre.toFixed(1)} px; wrote ${options.out} and ${overlayPath}\n`);
    return 0;
  } catch (e) {
    if (vision.isCalibrationInputError(e)) throw new InputError((e as Error).message);
    throw e;
  }
}
