// OpenCV for Node, loaded once and quietly: the binding's build helper logs to stdout when it
// loads, and `marker analyze` keeps stdout for JSONL only.
import { createRequire } from 'node:module';
import type * as CV from '@u4/opencv4nodejs';

const require = createRequire(import.meta.url);
process.env.OPENCV4NODEJS_DISABLE_AUTOBUILD ??= '1';
// OpenCV's own backends print to stderr on a bad file (ffmpeg's "moov atom not found"); our
// messages say what is wrong instead
process.env.OPENCV_LOG_LEVEL ??= 'SILENT';
process.env.OPENCV_VIDEOIO_PRIORITY_GSTREAMER ??= '0';
// The binding tells V8 of every image OpenCV allocates on this thread, so a 6 MB 1080p frame every 33 ms
// looks like memory pressure and forces a full collection about every tenth frame. Every image the pipeline
// makes is released explicitly, so the accounting buys nothing (README, "Speed", session 32: `node --trace-gc`
// counts, and the bench side by side)
process.env.OPENCV4NODEJS_DISABLE_EXTERNAL_MEM_TRACKING ??= '1';
try {
  (require('@u4/opencv-build') as { Log?: { silence: boolean } }).Log!.silence = true;
} catch {
  // an older binding without the helper: nothing to silence
}

const cv = require('@u4/opencv4nodejs') as typeof CV;
export default cv;
export type { Mat, VideoCapture, Point2, Vec3 } from '@u4/opencv4nodejs';
