// Development measurement for the cue ball's identification by look: runs the detector over simulated
// clips, matches each detection to the true ball under it, and prints per clip the time-averaged look
// figures (colour, dark and white fractions) of the cue ball beside those of the object balls.
// Use development clips only (seeds from 700000; the evaluation set's looks stay unseen).
// Run: node --import tsx scripts/measure-ball-looks.ts CLIP_DIR [CLIP_DIR ...] [--step 5]
import { createBallDetector } from '../src/vision/detection/detector.js';
import { calibrateSimClip, openSimClip } from './lib/sim-clip.js';

const args = process.argv.slice(2);
const step = args.includes('--step') ? Number(args[args.indexOf('--step') + 1]) : 5;
const dirs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--step');
type Sum = { n: number; colour: number; dark: number; white: number; odd: number };
const add = (s: Sum, d: { colourFraction: number; darkFraction: number; whiteness: number; oddColourFraction: number }) => { s.n++; s.colour += d.colourFraction; s.dark += d.darkFraction; s.white += d.whiteness; s.odd += d.oddColourFraction; };
const fmt = (s: Sum) => s.n ? `odd ${(s.odd / s.n).toFixed(2)} c ${(s.colour / s.n).toFixed(2)} d ${(s.dark / s.n).toFixed(2)} w ${(s.white / s.n).toFixed(2)}` : '-';

for (const dir of dirs) {
  const clip = openSimClip(dir);
  const { spec, rows, meta } = clip;
  const profile = calibrateSimClip(clip);
  const det = createBallDetector(profile, { motionGate: false });
  const per = new Map<string, Sum>();
  for (let n = 0; ; n++) {
    const f = clip.frame(n);
    if (!f) break;
    if (n % step === 0 && rows[n]) {
      for (const d of det.detect(f)) {
        const b = rows[n].balls.find((x: { x: number; y: number; state: string }) => x.state === 'visible' && Math.hypot(x.x - d.x_mm, x.y - d.y_mm) < spec.ball_mm / 2);
        if (!b) continue;
        const k = String(b.id);
        if (!per.has(k)) per.set(k, { n: 0, colour: 0, dark: 0, white: 0, odd: 0 });
        add(per.get(k)!, d);
      }
    }
    f.bgr.release();
  }
  clip.release();
  const objects = [...per.entries()].filter(([k]) => k !== 'cue').map(([, s]) => s);
  const maxOf = (f: (s: Sum) => number) => Math.max(...objects.map(f)).toFixed(2);
  const cue = per.get('cue');
  const b = meta.look.balls;
  if (args.includes('--all')) for (const [k, s] of [...per.entries()].sort()) console.log(`  ${k.padStart(3)} n ${String(s.n).padStart(3)}  ${fmt(s)}`);
  console.log(`${dir.split('/').pop()}  cue(${b.cueStyle}${b.cueStyle === 'striped' ? ` ${b.stripeRgb}` : ''}, ${meta.look.lighting.kelvin.toFixed(0)} K): ${cue ? fmt(cue) : 'unseen'}  | object balls max: odd ${maxOf((s) => s.odd / s.n)} c ${maxOf((s) => s.colour / s.n)} d ${maxOf((s) => s.dark / s.n)} w-min ${Math.min(...objects.map((s) => s.white / s.n)).toFixed(2)}`);
}
