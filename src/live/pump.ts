// Feeds a source's items into the referee, resuming after the last item the journal already holds.
import type { LiveState, Referee } from './referee.js';
import type { RecordSource } from './sources/types.js';

export async function pump(source: RecordSource, referee: Referee, signal: AbortSignal): Promise<void> {
  const afterSeq = referee.lastSeqOf(source.name);
  // what the rules engine has on the table goes back to the source (a camera names balls among them)
  const tell = (s: LiveState) => source.tableChanged?.(s.status === 'playing' ? s.onTable : null);
  tell(referee.state);
  const off = referee.on('state', tell);
  try {
    for await (const item of source.items({ afterSeq, signal })) {
      if (signal.aborted) break;
      const origin = item.clip
        ? { by: 'source' as const, src: { name: source.name, seq: item.seq }, clip: item.clip }
        : { by: 'source' as const, src: { name: source.name, seq: item.seq } };
      referee.submit([item.record], origin);
    }
  } finally {
    off();
  }
}
