// The MQTT API: every topic under the base (marker/<table>), whether it is retained, and what it carries.
// The publisher refuses topics not listed here, and the docs table is generated from this list.

export interface TopicSpec {
  /** suffix under the base; `<i>` and `<command>` are placeholders */
  suffix: string;
  retained: boolean;
  direction: 'out' | 'in';
  payload: string;
}

export const TOPICS = {
  availability: { suffix: 'availability', retained: true, direction: 'out', payload: '`online` after every retained topic is published; `offline` (the last will, and on a clean stop)' },
  state: { suffix: 'state', retained: true, direction: 'out', payload: 'JSON: the fields of `marker replay --json` (status, winner, scores, toPlay, fromHand, onTable, contested, game, players, strokes, match …) plus `lastVerdict`, `records`, `updatedAt_ms`' },
  score: { suffix: 'score/<i>', retained: true, direction: 'out', payload: 'plain text: the score of player `<i>` (0-based, turn order), e.g. `34`; cleared (empty) for players not in the game' },
  scoreName: { suffix: 'score/<i>/name', retained: true, direction: 'out', payload: 'plain text: the name of player `<i>`' },
  toPlay: { suffix: 'to_play', retained: true, direction: 'out', payload: 'plain text: the name of the player to play; empty when the game is over' },
  toPlayIndex: { suffix: 'to_play/index', retained: true, direction: 'out', payload: 'plain text: the index of the player to play, or empty' },
  status: { suffix: 'status', retained: true, direction: 'out', payload: 'plain text: `idle`, `playing`, `won` or `draw`' },
  winner: { suffix: 'winner', retained: true, direction: 'out', payload: 'plain text: the winner\'s name, or empty' },
  verdict: { suffix: 'verdict', retained: false, direction: 'out', payload: 'JSON, one per stroke: `{game, stroke, striker, status, call, fouls, penalty, counted, points, turn, next, scores, contested, rules, reason, …}`' },
  review: { suffix: 'review', retained: false, direction: 'out', payload: 'JSON: `{type: "new"|"end", game, shot, flags, record, verdict, clip}`: a stroke waiting for a person, or settled' },
  health: { suffix: 'health', retained: true, direction: 'out', payload: 'JSON, every `health.interval_s`: `{ts, uptime_s, fps, dropped_frames, skipped_frames, camera_state, camera_detail?, camera_warnings? (the last few, each led by its ISO time, e.g. a bumped camera found again), source:{name,state}, mqtt:{connected,queued,published,received}, records}`' },
  request: { suffix: 'request/<command>', retained: false, direction: 'in', payload: 'JSON command payload, optional `transaction` (echoed back)' },
  response: { suffix: 'response/<command>', retained: false, direction: 'out', payload: 'JSON: `{status:"ok", data, transaction?}` or `{status:"error", data:{}, error, transaction?}`' },
} as const satisfies Record<string, TopicSpec>;

export type TopicName = keyof typeof TOPICS;

/** The full topic: base + suffix with its placeholder filled. */
export function topic(base: string, name: TopicName, param?: string | number): string {
  const suffix: string = TOPICS[name].suffix;
  const filled = suffix.replace(/<[a-z]+>/, () => {
    if (param === undefined) throw new Error(`topic ${name} needs a parameter`);
    return String(param);
  });
  if (/[#+]/.test(filled)) throw new Error(`refusing to publish to a wildcard topic: ${filled}`);
  return `${base}/${filled}`;
}

/** A markdown table of the topics, for the docs. */
export function topicsTable(): string {
  const rows = Object.values(TOPICS).map((t: TopicSpec) =>
    `| \`<base>/${t.suffix}\` | ${t.direction === 'in' ? 'in (subscribe)' : 'out'} | ${t.retained ? 'yes' : 'no'} | ${t.payload.replace(/\|/g, '\\|')} |`);
  return ['| topic | direction | retained | payload |', '|---|---|---|---|', ...rows].join('\n');
}
