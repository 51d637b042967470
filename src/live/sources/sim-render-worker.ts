// The simulated camera's thread: a whole game from the simulator, filmed in real time by a random club
// camera and look (as `marker simulate` films a clip), frames posted as raw RGB. The game's set-up and
// calls (what people would enter) ride along with the frame at their time; the strokes themselves are
// left for the vision pipeline to see. When a game ends the next seed's game starts, its times continued.
import { parentPort, workerData } from 'node:worker_threads';
import { runScenario } from '../../sim/scenarios/index.js';
import { randomCameraOverTable } from '../../sim/render/camera.js';
import { randomLook } from '../../sim/render/look.js';
import { createRenderer } from '../../sim/render/renderer.js';
import { makeRng } from '../../sim/rng.js';


export interface SimRenderOptions {
  seed: number;
  width: number;
  height: number;
  fps: number;
  /** strokes per game (default: the whole game) */
  strokes: number | null;
  loop: boolean;
  /** realtime speed-up */
  speed: number;
}

export type FromSim =
  | { type: 'stream'; pass: number; corners_px: [number, number][] }
  | { type: 'frame'; t_s: number; width: number; height: number; data: Uint8Array; records: unknown[]; newStream: boolean }
  | { type: 'end' }
  | { type: 'error'; message: string };

const port = parentPort!;
const o = workerData as SimRenderOptions;
let stopped = false;
port.on('message', (m: { type: string }) => { if (m.type === 'stop') stopped = true; });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const shift = (r: Record<string, unknown>, by: number) => {
  const out = { ...r };
  for (const k of ['t', 't0', 't1']) if (typeof out[k] === 'number') out[k] = (out[k] as number) + by;
  return out;
};

async function play(): Promise<void> {
  let offset_s = 0;
  for (let pass = 0; !stopped && (pass === 0 || o.loop); pass++) {
    const seed = o.seed + pass;
    const timeline = runScenario('game', { seed, ...(o.strokes !== null && { strokes: o.strokes }) });
    const spec = timeline.table;
    const camera = randomCameraOverTable(spec, makeRng(seed).fork('camera'), o.width, o.height);
    const look = randomLook(`${seed}:look`, {});
    const renderer = createRenderer(spec, camera, look, { width: o.width, height: o.height });
    port.postMessage({ type: 'stream', pass, corners_px: camera.surfaceCorners_px(spec) } satisfies FromSim);
    // what people do in the game: the set-up, and the calls before each stroke
    const people = timeline.records.filter((r) => r.type === 'game' || r.type === 'call').map((r) => shift(r as unknown as Record<string, unknown>, offset_s));
    let due = 0;
    const start_ms = performance.now();
    let lastIndex = -1;
    let first = true;
    let prev = timeline.sceneAt(0);
    for (;;) {
      if (stopped) return;
      // the frame of now: a camera that cannot render fast enough has a lower frame rate, it does not fall behind
      const t = ((performance.now() - start_ms) / 1000) * o.speed;
      if (t > timeline.duration_s) break;
      const index = Math.floor(t * o.fps);
      if (index === lastIndex) {
        await sleep(((index + 1) / o.fps / o.speed) * 1000 - (performance.now() - start_ms));
        continue;
      }
      lastIndex = index;
      const ft = index / o.fps;
      const scene = timeline.sceneAt(ft);
      const rgb = renderer.render(scene, undefined, { prev: ft > prev.t_s ? prev : undefined, frameKey: index + 1, exposure_s: look.sensor.exposure_s });
      prev = scene;
      const records: unknown[] = [];
      while (due < people.length && (typeof people[due]!.t !== 'number' || (people[due]!.t as number) <= ft + offset_s)) records.push(people[due++]);
      const data = new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength);
      port.postMessage({ type: 'frame', t_s: ft + offset_s, width: o.width, height: o.height, data, records, newStream: first } satisfies FromSim, [data.buffer as ArrayBuffer]);
      first = false;
      // let a stop message in between frames
      await sleep(0);
    }
    offset_s += timeline.duration_s + 5;
  }
  port.postMessage({ type: 'end' } satisfies FromSim);
}

play().catch((e) => port.postMessage({ type: 'error', message: e instanceof Error ? e.stack ?? e.message : String(e) } satisfies FromSim));
