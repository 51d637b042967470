// Reading protocol records from JSON Lines text: one record per line, blank lines skipped.
import type { Numbered, TableRecord } from './records.js';
import { parseRecord, ProtocolError } from './validate.js';

export function parseLine(text: string, line: number): TableRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^JSON\.parse: /, '') : String(e);
    throw new ProtocolError(line, undefined, `malformed JSON (${why})`);
  }
  return parseRecord(value, line);
}

export function parseJsonl(text: string): Numbered[] {
  const out: Numbered[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const s = raw.trim();
    if (s === '') return;
    out.push({ line: i + 1, record: parseLine(s, i + 1) });
  });
  return out;
}

export function toJsonl(records: readonly TableRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : '');
}
