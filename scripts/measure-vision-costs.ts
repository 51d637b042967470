// Where `analyze`'s time and memory go, stage by stage, on the bench game (made by `npm run bench:vision`):
// - the work image's area resize at a whole and at a fractional number of full pixels per work pixel;
// - resident memory after loading OpenCV, the reader, the first frames, calibration, the detector, and
//   after 200 frames of detection (native images freed as analyze frees them).
// Run: MALLOC_ARENA_MAX=2 node --import tsx scripts/measure-vision-costs.ts [--dir /var/tmp/marker-bench/game-41-10-1280x720]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const dir = (() => { const i = args.indexOf('--dir'); return i >= 0 ? args[i + 1]! : '/var/tmp/marker-bench/game-41-10-1280x720'; })();
if (!existsSync(join(dir, 'clip.mp4'))) {
  console.error(`${dir}/clip.mp4: not found (npm run bench:vision makes it)`);
  process.exit(2);
}
const rss = () => `${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`;
const lines: string[] = [`start (Node and this script): ${rss()}`];
const cv = (await import('../src/vision/cv.js')).default;
lines.push(`OpenCV loaded: ${rss()}`);
const { NumberReader } = await import('../src/vision/identity/number-reader.js');
const reader = await NumberReader.load();
lines.push(`number reader loaded: ${rss()}`);
const { readFrame } = await import('../src/vision/frame.js');
const { calibrate } = await import('../src/vision/calibration/calibrate.js');
const { createBallDetector } = await import('../src/vision/detection/detector.js');
const { detectorGeometry } = await import('../src/vision/detection/geometry.js');
const { RUSSIAN_12FT } = await import('../src/table/geometry.js');
const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
const cap = new cv.VideoCapture(join(dir, 'clip.mp4'));
const first = [0, 1, 2, 3, 4].map((i) => readFrame(cap, i, 30)!);
lines.push(`first 5 frames decoded: ${rss()}`);
const { profile } = calibrate(first, { spec: RUSSIAN_12FT, corners_px: meta.corners });
lines.push(`calibrated: ${rss()}`);
const det = createBallDetector(profile);
lines.push(`detector made: ${rss()}`);
for (let i = 5; i < 205; i++) { const f = readFrame(cap, i, 30); if (!f) break; det.detect(f); f.bgr.release(); }
lines.push(`after 200 frames of detection: ${rss()}`);

// the resize: the region the detector uses (a whole number of work px) against one a pixel narrower (fractional)
const geo = detectorGeometry(profile);
const roi = first[0]!.bgr.getRegion(new cv.Rect(geo.roi.x, geo.roi.y, geo.roi.width, geo.roi.height));
const odd = first[0]!.bgr.getRegion(new cv.Rect(geo.roi.x, geo.roi.y, geo.roi.width - 1, geo.roi.height - 1));
const time = (fn: () => unknown) => { for (let i = 0; i < 20; i++) fn(); const t0 = performance.now(); for (let i = 0; i < 200; i++) fn(); return (performance.now() - t0) / 200; };
const whole = time(() => roi.resize(geo.workH, geo.workW, 0, 0, cv.INTER_AREA).release());
const frac = time(() => odd.resize(geo.workH, geo.workW, 0, 0, cv.INTER_AREA).release());
lines.push(`work image (${geo.workW}x${geo.workH} from ${geo.roi.width}x${geo.roi.height}, ${geo.scale} px a work px) area resize: ${whole.toFixed(2)} ms; from ${geo.roi.width - 1}x${geo.roi.height - 1} (fractional): ${frac.toFixed(2)} ms`);
void reader;
console.log(lines.join('\n'));
