// R12: both (all) players fouling on purpose and the position not changing.
import { startPlayoff, type GameState } from './game-state.js';
import type { StrokeVerdict } from './verdict.js';

/** R12.2: a foul that pocketed no object ball and sent none off the table leaves the position as it was. */
export function isStandstillFoul(v: StrokeVerdict): boolean {
  return v.fouls.length > 0 && v.respotted.length === 0 && v.counted.length === 0;
}

export function checkStalemate(s: GameState, v: StrokeVerdict): void {
  s.foulStreak = isStandstillFoul(v) ? s.foulStreak + 1 : 0;
  const n = s.settings.players.length;
  if (s.foulStreak === 2 * n) {
    v.warning = 'stalemate';
    v.rules.push('R12.1');
    v.reason += '; warning: one more round of fouls and the game is a stalemate (R12.1)';
  }
  if (s.foulStreak < 3 * n) return;
  s.foulStreak = 0;
  v.rules.push('R12.1', 'R12.2');
  if (s.settings.stalemate === 'draw') {
    s.status = 'draw';
    v.gameOver = 'draw';
    v.reason += '; stalemate: the game is drawn (R12.1)';
    return;
  }
  // "seventy": the lowest ball stays, every player gets the draw score, playoff as in R4.8
  const ball = Math.min(...s.onTable);
  for (const p of s.settings.players) s.scores[p] = s.settings.drawScore;
  startPlayoff(s, ball, s.toPlay);
  v.scores = { ...s.scores };
  v.next = s.settings.players[s.toPlay]!;
  v.fromHand = true;
  v.reason += `; stalemate: ${s.settings.drawScore} each, ball ${ball} alone on the third spot for a playoff (R12.1)`;
}
