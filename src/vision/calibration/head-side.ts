// Which image side the head cushion is on, from known surface corners (HL HR FR FL in pixels): how a
// simulated clip's truth tells the calibration what an installer would (`--head`).
import type { HeadSide } from './calibrate.js';

export function headSideOfCorners(c: [number, number][]): HeadSide {
  const hx = (c[0]![0] + c[1]![0]) / 2, hy = (c[0]![1] + c[1]![1]) / 2;
  const fx = (c[2]![0] + c[3]![0]) / 2, fy = (c[2]![1] + c[3]![1]) / 2;
  return Math.abs(hx - fx) >= Math.abs(hy - fy) ? (hx < fx ? 'left' : 'right') : (hy < fy ? 'top' : 'bottom');
}
