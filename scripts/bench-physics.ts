// Physics speed: simulated seconds per CPU second for 16-ball breaks and for whole games
// (players, truth and referee included), on one core. Run: npx tsx scripts/bench-physics.ts
import { World } from '../src/sim/physics/world.js';
import { runScenario } from '../src/sim/scenarios/index.js';
import { makeRng } from '../src/sim/rng.js';
import { rackPositions, RUSSIAN_12FT } from '../src/table/geometry.js';

function cpuSeconds<T>(f: () => T): [T, number] {
  const c0 = process.cpuUsage();
  const out = f();
  const c = process.cpuUsage(c0);
  return [out, (c.user + c.system) / 1e6];
}

function breakRun(seed: number): number {
  const rng = makeRng(seed);
  const w = new World();
  for (const [id, p] of rackPositions(RUSSIAN_12FT, rng.uniform(0.05, 0.4))) w.set(id, p.x + rng.normal(0, 0.08), p.y + rng.normal(0, 0.08));
  const cue = { x: rng.uniform(-1600, -1000), y: rng.uniform(-300, 300) };
  w.set('cue', cue.x, cue.y);
  w.strike({ cueSpeed_mm_s: rng.uniform(4500, 7500), heading_rad: Math.atan2(-cue.y + rng.normal(0, 20), 887.5 - cue.x), height: rng.uniform(-0.2, 0.3) });
  w.runUntilRest(120);
  return w.t_s;
}

breakRun(0); // warm up the JIT
const breaks = 30;
const [simBreak, cpuBreak] = cpuSeconds(() => {
  let t = 0;
  for (let s = 1; s <= breaks; s++) t += breakRun(s);
  return t;
});
console.log(`break (16 balls, ${breaks} runs): ${simBreak.toFixed(1)} s simulated in ${cpuBreak.toFixed(2)} s CPU = ${(simBreak / cpuBreak).toFixed(0)}x real time`);

const games = [1, 2, 3];
let simGame = 0;
let cpuGame = 0;
let strokes = 0;
for (const seed of games) {
  const [tl, cpu] = cpuSeconds(() => runScenario('game', { seed }));
  simGame += tl.duration_s;
  cpuGame += cpu;
  strokes += tl.records.filter((r) => r.type === 'shot').length;
}
console.log(`whole games (${games.length}, ${strokes} strokes, players + truth + referee): ${simGame.toFixed(0)} s simulated in ${cpuGame.toFixed(2)} s CPU = ${(simGame / cpuGame).toFixed(0)}x real time`);

// the clip maker's view: replaying a game frame by frame at 60 fps (physics only, no drawing)
const tl = runScenario('game', { seed: 1 });
const [frames, cpuReplay] = cpuSeconds(() => {
  let n = 0;
  for (const scene of tl.frames(60)) n += scene.balls.length > 0 ? 1 : 0;
  return n;
});
console.log(`replay of a game at 60 fps: ${frames} frames (${tl.duration_s.toFixed(0)} s) in ${cpuReplay.toFixed(2)} s CPU = ${(tl.duration_s / cpuReplay).toFixed(0)}x real time`);
