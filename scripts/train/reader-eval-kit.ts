// What the reader's evaluation scripts (eval-reader.ts, compare-readers.ts) share: each crop's look,
// drawn again from its seed once, and the latency measure the card's target is stated in.
import { randomLook, type Look } from '../../src/sim/render/look.js';
import type { NumberReader } from '../../src/vision/identity/number-reader.js';
import { READER_INPUT_PX, readerPatch } from '../../src/vision/identity/reader-input.js';
import { makeRng, type Rng } from '../../src/sim/rng.js';
import type { BallCrop } from '../../src/sim/render/crops.js';
import { cropKind, type Reading } from '../../src/vision/identity/reader-metrics.js';

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

/** A change made to a crop's pixels before it is read (blur, noise: the robustness sweeps). */
export type Transform = (rgb: Uint8Array, size: number, rng: Rng) => Uint8Array;

/**
 * One reading of each crop, upright, in batches of 64; `offset_px` moves the cut-out centre that far off the
 * ball's in a random direction. The same stream of random numbers every call, so a sweep's settings are
 * compared on the same draws.
 */
export async function readAll(reader: NumberReader, crops: BallCrop[], opts: { offset_px?: number; transform?: Transform } = {}): Promise<Reading[]> {
  const SIZE = 3 * READER_INPUT_PX * READER_INPUT_PX;
  const rng = makeRng(7).fork('eval');
  const out: Reading[] = [];
  for (let i = 0; i < crops.length; i += 64) {
    const batch = crops.slice(i, i + 64);
    const patches = new Float32Array(batch.length * SIZE);
    batch.forEach((c, k) => {
      const rgb = opts.transform ? opts.transform(c.rgb, c.size_px, rng) : c.rgb;
      const a = rng.uniform(0, 2 * Math.PI);
      const d = opts.offset_px ?? 0;
      readerPatch({ data: rgb, width: c.size_px, height: c.size_px, order: 'rgb' }, c.size_px / 2 + d * Math.cos(a), c.size_px / 2 + d * Math.sin(a), c.radius_px, patches, k * SIZE);
    });
    const probs = await reader.runPatches(patches, batch.length);
    batch.forEach((c, k) => out.push({ probs: probs[k]!, ball: c.ball === 'cue' ? 0 : c.ball, kind: cropKind(c.label, c.numeralVisible) }));
  }
  return out;
}
