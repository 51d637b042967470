// The state `marker replay --json` prints and `<base>/state` carries (protocol v1 "Reading a game").
import type { MatchState } from './match.js';
import type { GameState } from './game-state.js';
import type { StrokeVerdict } from './verdict.js';

export interface GameSummary {
  status: 'idle' | 'playing' | 'won' | 'draw';
  winner: string | null;
  scores: Record<string, number>;
  toPlay: string | null;
  fromHand: boolean;
  onTable: number[];
  contested: number[];
  game: number;
  players: string[];
  target: number;
  callMode: string;
  playoffBall: number | null;
  warning: 'stalemate' | null;
  strokes: StrokeVerdict[];
  match: { games: { game: number; status: string; winner: string | null; scores: Record<string, number> }[]; wins: Record<string, number> };
}

export function contestedStrokes(g: GameState): number[] {
  return g.strokes.filter((v) => v.status !== 'ignored' && v.review.length > 0).map((v) => v.stroke);
}

export function summarize(m: MatchState): GameSummary {
  const g = m.current;
  const match = {
    games: m.games.map((x, i) => ({ game: i + 1, status: x.status, winner: x.winner, scores: { ...x.scores } })),
    wins: { ...m.wins },
  };
  if (!g) {
    return {
      status: 'idle', winner: null, scores: {}, toPlay: null, fromHand: false, onTable: [], contested: [], game: 0,
      players: [], target: 0, callMode: 'ballPocket', playoffBall: null, warning: null, strokes: [], match,
    };
  }
  const playing = g.status === 'playing';
  const lastJudged = [...g.strokes].reverse().find((v) => v.status !== 'ignored');
  return {
    status: g.status,
    winner: g.winner,
    scores: { ...g.scores },
    toPlay: playing ? g.settings.players[g.toPlay]! : null,
    fromHand: playing && g.fromHand,
    onTable: [...g.onTable].sort((a, b) => a - b),
    contested: contestedStrokes(g),
    game: m.games.length,
    players: [...g.settings.players],
    target: g.settings.target,
    callMode: g.settings.callMode,
    playoffBall: g.playoffBall,
    warning: playing && lastJudged?.warning ? lastJudged.warning : null,
    strokes: g.strokes,
    match,
  };
}
