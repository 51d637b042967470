// Writes examples/sample-game.jsonl: a whole, plausible game at the protocol level (seeded), with a
// contested stroke settled by a correction, a late fall and a few fouls, for the README and the demo.
// Run: node --import tsx scripts/make-sample-game.ts [--seed N] [--out FILE]
import { writeFileSync } from 'node:fs';
import type { Numbered, TableRecord } from '../src/protocol/records.js';
import { foldMatch, summarize } from '../src/rules/index.js';
import { makeRng } from '../src/sim/rng.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1]! : dflt; };
const rng = makeRng(Number(opt('seed', '71')));
const out = opt('out', 'examples/sample-game.jsonl');
const POCKETS = ['HL', 'HR', 'ML', 'MR', 'FL', 'FR'] as const;

const recs: TableRecord[] = [{ type: 'game', v: 1, players: ['Анна', 'Борис'], callMode: 'ballPocket', handicap: { 'Борис': 10 } } as TableRecord];
const state = () => summarize(foldMatch(recs.map((record, i): Numbered => ({ line: i + 1, record }))));
let t = 2;
recs.push({ type: 'shot', t0: t, t1: t + 6, struck: 'cue', whileMoving: false, firstContact: 4, pocketed: [], offTable: [], bounced: [], review: [], before: { cue: [-1250, 60] }, cuePath: [[-1250, 60], [853, 2]] });
t += 15;
let flagged = false;
let fell = false;
for (let n = 0; n < 200 && state().status === 'playing'; n++) {
  const s = state();
  const on = s.onTable;
  const ball = rng.pick(on);
  const pocket = rng.pick(POCKETS);
  recs.push({ type: 'call', t, ball, pocket });
  t += 3 + rng.uniform(0, 10);
  const roll = rng.next();
  const shot: Extract<TableRecord, { type: 'shot' }> = {
    type: 'shot', t0: Math.round(t * 100) / 100, t1: Math.round((t + 4) * 100) / 100, struck: 'cue', whileMoving: false,
    firstContact: ball, pocketed: [], offTable: [], bounced: [], review: [],
  };
  if (roll < 0.4) {
    shot.pocketed.push({ ball, pocket, t: shot.t0! + 1.5 });
    const other = on.find((b) => b !== ball);
    if (other !== undefined && rng.next() < 0.15) shot.pocketed.push({ ball: other, pocket: rng.pick(POCKETS), t: shot.t0! + 2.2 });
  } else if (roll < 0.46) {
    shot.pocketed.push({ ball: 'cue', pocket: rng.pick(POCKETS), t: shot.t0! + 2 });
  } else if (roll < 0.49) {
    shot.firstContact = null;
  } else if (roll < 0.53 && !fell && on.length > 2) {
    // the called ball stops in the jaw and drops a moment later by itself (R8.1)
    recs.push(shot);
    recs.push({ type: 'fall', t: shot.t1! + 2, ball, pocket, cause: 'self' });
    fell = true;
    t += 12;
    continue;
  }
  if (!flagged && shot.pocketed.length === 1 && shot.pocketed[0]!.ball !== 'cue' && n > 6) {
    shot.review.push({ what: 'pocketed', ball, confidence: 0.62, why: 'an arm hid the pocket as the ball fell' });
    recs.push(shot);
    recs.push({ type: 'correct', shot: recs.filter((r) => r.type === 'shot').length, with: {} });
    flagged = true;
    t += 12;
    continue;
  }
  recs.push(shot);
  t += 12;
}
writeFileSync(out, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
const s = state();
console.error(`${out}: ${recs.length} records, ${s.strokes.length} strokes, ${s.status} ${s.winner ?? ''} ${JSON.stringify(s.scores)}`);
