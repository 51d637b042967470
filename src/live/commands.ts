// Everything a person does, as named commands shared by MQTT (`request/<name>`) and the page
// (`POST /api/command/<name>`): each turns its payload into protocol records and submits them through the
// referee, so a bad payload is refused with the field and problem named, and changes nothing.
import { FOUL_CODES } from '../protocol/records.js';
import type { LiveState, Referee } from './referee.js';

export interface CommandResponse {
  status: 'ok' | 'error';
  data: unknown;
  error?: string;
  transaction?: string | number;
}

export interface CommandSpec {
  /** changes the score or the game: needs the referee PIN on the page */
  changes: boolean;
  summary: string;
  /** the payload (without `transaction`) → protocol records, or a read-only answer */
  run: (payload: Record<string, unknown>, referee: Referee) => { records: unknown[] } | { data: unknown };
}

class CommandError extends Error {}

const typed = (type: string, p: Record<string, unknown>) => ({ ...p, type });

function need<T>(v: T | undefined, field: string, what: string): T {
  if (v === undefined || v === null) throw new CommandError(`${field}: is required: ${what}`);
  return v;
}

function strokeOf(p: Record<string, unknown>, referee: Referee): number {
  const shot = need(p.shot, 'shot', 'the stroke number');
  if (typeof shot !== 'number' || !Number.isInteger(shot) || shot < 1) throw new CommandError(`shot: ${JSON.stringify(shot)} is not a stroke number (an integer from 1)`);
  if (!referee.state.contested.includes(shot)) {
    throw new CommandError(`shot: stroke ${shot} is not waiting for review (waiting: ${referee.state.contested.join(', ') || 'none'})`);
  }
  return shot;
}

export const COMMANDS: Record<string, CommandSpec> = {
  'game/new': {
    changes: true,
    summary: 'start a new game: {players, breaker?, callMode?, handicap?, tie?, stalemate?, penaltyTo?, lenientF5F6?, table?}',
    run: (p) => ({ records: [typed('game', { v: 1, ...p })] }),
  },
  call: {
    changes: true,
    summary: 'the striker\'s call for the next stroke: {ball, pocket, manner?, free?}',
    run: (p) => ({ records: [typed('call', p)] }),
  },
  foul: {
    changes: true,
    summary: 'a foul only a person saw: {code: F1..F10, shot?} (default: the last stroke)',
    run: (p) => ({ records: [typed('foul', p)] }),
  },
  nocount: {
    changes: true,
    summary: 'cancel a pot without a penalty (R7.4): {ball, shot?}',
    run: (p) => ({ records: [typed('nocount', p)] }),
  },
  correct: {
    changes: true,
    summary: 'replace what was observed about stroke N: {shot, with: {shot fields}}',
    run: (p) => ({ records: [typed('correct', p)] }),
  },
  'review/decide': {
    changes: true,
    summary: 'settle a contested stroke: {shot, decision: "confirm" | "overrule" (with: {shot fields}) | "foul" (code)}',
    run: (p, referee) => {
      const shot = strokeOf(p, referee);
      switch (p.decision) {
        case 'confirm':
          return { records: [{ type: 'correct', shot, with: {} }] };
        case 'overrule': {
          const w = need(p.with, 'with', 'the shot fields as the person saw them');
          if (typeof w !== 'object' || Array.isArray(w)) throw new CommandError(`with: ${JSON.stringify(w)} is not an object of shot fields`);
          return { records: [{ type: 'correct', shot, with: w }] };
        }
        case 'foul': {
          const code = need(p.code, 'code', `the foul, one of ${FOUL_CODES.join(' ')}`);
          return { records: [{ type: 'foul', code, shot }, { type: 'correct', shot, with: {} }] };
        }
        default:
          throw new CommandError(`decision: ${JSON.stringify(p.decision)} is not "confirm", "overrule" or "foul"`);
      }
    },
  },
  record: {
    changes: true,
    summary: 'any protocol v1 record, as another producer would send it: {record: {type, …}}',
    run: (p) => ({ records: [need(p.record, 'record', 'a protocol v1 record')] }),
  },
  state: {
    changes: false,
    summary: 'the current state (as published at <base>/state)',
    run: (_p, referee) => ({ data: referee.state }),
  },
  reviews: {
    changes: false,
    summary: 'the strokes waiting for review',
    run: (_p, referee) => ({ data: referee.reviews() }),
  },
};

const brief = (s: LiveState) => ({ status: s.status, scores: s.scores, toPlay: s.toPlay, contested: s.contested, game: s.game, strokes: s.strokes.length });

/** Runs a command from its name and raw payload; never throws for anything a client can send. */
export function runCommand(name: string, payload: unknown, referee: Referee, via: string): CommandResponse {
  const transaction = transactionOf(payload);
  const reply = (r: Omit<CommandResponse, 'transaction'>): CommandResponse => (transaction !== undefined ? { ...r, transaction } : r);
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!cmd) return reply({ status: 'error', data: {}, error: `unknown command "${name}" (known: ${Object.keys(COMMANDS).join(', ')})` });
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return reply({ status: 'error', data: {}, error: `the payload ${JSON.stringify(payload) ?? String(payload)} is not a JSON object` });
  }
  const p = { ...(payload as Record<string, unknown>) };
  delete p.transaction;
  delete p.pin;
  delete p.type;
  try {
    const out = cmd.run(p, referee);
    if ('data' in out) return reply({ status: 'ok', data: out.data });
    const r = referee.submit(out.records, { by: 'person', via });
    if (!r.ok) return reply({ status: 'error', data: {}, error: r.error });
    return reply({ status: 'ok', data: { records: r.records, state: brief(r.state) } });
  } catch (e) {
    if (e instanceof CommandError) return reply({ status: 'error', data: {}, error: e.message });
    return reply({ status: 'error', data: {}, error: `internal error: ${e instanceof Error ? e.message : String(e)}` });
  }
}

function transactionOf(payload: unknown): string | number | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const t = (payload as Record<string, unknown>).transaction;
  return typeof t === 'string' || typeof t === 'number' ? t : undefined;
}

