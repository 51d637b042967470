// OpenCV for Node, loaded once and quietly: the binding's build helper logs to stdout when it
// loads, and `marker analyze` keeps stdout for JSONL only.
import { createRequire } from 'node:module';
import type * as CV from '@u4/opencv4nodejs';

const require = createRequire(import.meta.url);
process.env.OPENCV4NODEJS_DISABLE_AUTOBUILD ??= '1';
try {
  (require('@u4/opencv-build') as { Log?: { silence: boolean } }).Log!.silence = true;
} catch {
  // an older binding without the helper: nothing to silence
}

const cv = require('@u4/opencv4nodejs') as typeof CV;
export default cv;
export type { Mat, VideoCapture, Point2, Vec3 } from '@u4/opencv4nodejs';
