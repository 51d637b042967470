// What the reader's evaluation scripts (eval-reader.ts, compare-readers.ts) share: each crop's look,
// drawn again from its seed once, and the latency measure the card's target is stated in.
import { randomLook, type Look } from '../../src/sim/render/look.js';
import type { NumberReader } from '../../src/vision/identity/number-reader.js';
import { READER_INPUT_PX } from '../../src/vision/identity/reader-input.js';

/** A look by its seed, drawn once (many crops share one). */
export function lookCache(): (lookSeed: number) => Look {
  const looks = new Map<number, Look>();
  return (s) => {
    let l = looks.get(s);
    if (!l) looks.set(s, (l = randomLook(s)));
    return l;
  };
}

/** Milliseconds a crop in batches of 16 on the reader's session (one thread), after a warm-up. */
export async function latencyPerCrop_ms(reader: NumberReader, runs = 200): Promise<number> {
  const patches = new Float32Array(16 * 3 * READER_INPUT_PX * READER_INPUT_PX).map((_, i) => ((i * 2654435761) % 1000) / 1000);
  for (let i = 0; i < 20; i++) await reader.runPatches(patches, 16);
  const t = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) await reader.runPatches(patches, 16);
  return Number(process.hrtime.bigint() - t) / 1e6 / runs / 16;
}
