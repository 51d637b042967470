// A readable scoreboard and one line per stroke, for terminals.
import { TERMS, type Lang } from '../i18n/terms.js';
import type { GameSummary, StrokeVerdict } from '../rules/index.js';

export function formatStroke(v: StrokeVerdict, lang: Lang): string {
  const t = TERMS[lang];
  const head = `#${String(v.stroke).padStart(2)} ${v.striker || '—'}`;
  if (v.status === 'ignored') return `${head}: ${t.ignored}`;
  const parts: string[] = [];
  parts.push(v.call ? `${t.call} ${v.call.ball ?? '?'}→${v.call.pocket ?? '?'}` : t.noCall);
  if (v.status === 'void') parts.push(`${t.void} (R8.3)`);
  if (v.counted.length) parts.push(`${t.counted} ${v.counted.map((c) => `${c.ball}→${c.pocket} +${c.points}`).join(', ')}`);
  if (v.fouls.length) {
    parts.push(`${t.foul} ${v.fouls.map((f) => `${f} ${t.fouls[f]}`).join(', ')}: ${v.penalty!.from} −${v.penalty!.points} → ${v.penalty!.to}`);
  }
  if (v.respotted.length) parts.push(`${t.respotted} ${v.respotted.join(' ')}`);
  if (v.gameOver) parts.push(v.gameOver === 'won' ? `${t.won}!` : t.draw);
  else parts.push(v.turn === 'keeps' ? t.keeps : `${t.passes} ${v.next}${v.fromHand ? ` (${t.fromHand})` : ''}`);
  if (v.warning) parts.push(`⚠ ${t.warningStalemate}`);
  if (v.contested) parts.push(`⚑ ${t.review}: ${v.review.map((r) => r.what + (r.ball !== undefined ? ` ${r.ball}` : '')).join(', ')}`);
  const scores = Object.entries(v.scores).map(([p, s]) => `${p} ${s}`).join(' : ');
  return `${head}: ${parts.join('; ')}   [${scores}]   (${v.rules.join(' ')})`;
}

export function formatScoreboard(s: GameSummary, lang: Lang): string {
  const t = TERMS[lang];
  if (s.status === 'idle') return `${t.game} —`;
  const lines: string[] = [];
  lines.push(`${t.game} ${s.game} · ${t.to} ${s.target} · ${t.callModes[s.callMode] ?? s.callMode}`);
  const width = Math.max(...s.players.map((p) => p.length));
  for (const p of s.players) {
    let mark = '';
    if (s.status === 'playing' && s.toPlay === p) mark = `  ◀ ${t.toPlay}${s.fromHand ? ` (${t.fromHand})` : ''}`;
    if (s.winner === p) mark = `  ★ ${t.won}`;
    lines.push(`  ${p.padEnd(width)}  ${String(s.scores[p]).padStart(4)}${mark}`);
  }
  if (s.status === 'draw') lines.push(`  ${t.draw}`);
  lines.push(`${t.onTable}: ${s.onTable.join(' ') || '—'}${s.playoffBall !== null ? `  (${t.playoffBall} ${s.playoffBall})` : ''}`);
  if (s.contested.length) lines.push(`${t.contested}: ${s.contested.join(', ')}`);
  return lines.join('\n');
}
