// The length of a 2-D vector. Math.hypot is a builtin with any number of arguments: optimised code calls
// it with its numbers boxed on the heap, and the tracker and detector call it thousands of times a frame
// (in a 1080p analysis it was a fifth of all the memory allocated, every byte of it for the collector).
export function hypot2(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
