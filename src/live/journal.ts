// The journal: every record of the games, appended as protocol v1 JSONL and fsync'ed before a command is
// acknowledged, so a crash or a power cut loses nothing that was acknowledged. `marker replay` reads it as is:
// the two bookkeeping fields a line may carry (`src`: which source item it was, `clip`: where its review clip
// is kept) are unknown fields, which protocol readers ignore.
import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TableRecord } from '../protocol/records.js';
import { parseRecord, ProtocolError } from '../protocol/validate.js';

/** Which source item a record came from, so a restarted source resumes after it. */
export interface SourceMark {
  name: string;
  seq: number;
}

export interface JournalEntry {
  record: TableRecord;
  src?: SourceMark;
  /** path of the review clip, relative to the data directory */
  clip?: string;
}

export interface JournalRead {
  entries: JournalEntry[];
  /** what was wrong and skipped, for the log: torn last line, unreadable lines */
  problems: string[];
}

export const JOURNAL_FILE = 'journal.jsonl';
export const ARCHIVE_DIR = 'archive';

/** What the live journal's archive holds: finished games moved out so the journal stays short. */
export interface ArchiveIndex {
  /** journal lines archived so far (the live journal's first line is line lines + 1 of all time) */
  lines: number;
  files: string[];
  /** the highest seq archived per source, so a restarted source still resumes after it */
  sources: Record<string, number>;
  /** a rotation was started and the live journal may still begin with the last archive file */
  pending: boolean;
}

export function lineOf(e: JournalEntry): string {
  const extra: Record<string, unknown> = {};
  if (e.src) extra.src = e.src;
  if (e.clip) extra.clip = e.clip;
  return JSON.stringify({ ...e.record, ...extra }) + '\n';
}

function markOf(v: unknown): SourceMark | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  return typeof o.name === 'string' && typeof o.seq === 'number' && Number.isInteger(o.seq) ? { name: o.name, seq: o.seq } : undefined;
}

/**
 * Reads a journal's text. A last line without its newline is a write cut short (power cut): it is reported
 * and skipped, and `tornAt` says where the good part ends so the writer can cut the fragment off.
 */
export function parseJournal(text: string): JournalRead & { tornAt: number | null } {
  const entries: JournalEntry[] = [];
  const problems: string[] = [];
  let tornAt: number | null = null;
  let pos = 0;
  let lineNo = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(pos, end).trim();
    lineNo++;
    if (nl < 0) {
      // no newline: the last write did not finish; even if it parses, its fsync never completed
      if (raw !== '') {
        tornAt = pos;
        problems.push(`journal line ${lineNo}: torn last line (${raw.length} bytes, a write cut short) skipped`);
      }
      break;
    }
    pos = nl + 1;
    if (raw === '') continue;
    try {
      const value = JSON.parse(raw) as Record<string, unknown>;
      const record = parseRecord(value, lineNo);
      const e: JournalEntry = { record };
      const src = markOf(value.src);
      if (src) e.src = src;
      if (typeof value.clip === 'string') e.clip = value.clip;
      entries.push(e);
    } catch (err) {
      const why = err instanceof ProtocolError ? err.message : `line ${lineNo}: malformed JSON`;
      problems.push(`journal ${why}: skipped`);
    }
  }
  return { entries, problems, tornAt };
}

export class Journal {
  private fd: number | null = null;
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, JOURNAL_FILE);
  }

  /** Reads what is there, cuts off a torn last line (kept aside in journal.torn), and opens for appending. */
  open(): JournalRead {
    mkdirSync(dirname(this.path), { recursive: true });
    let read: JournalRead = { entries: [], problems: [] };
    if (existsSync(this.path)) {
      let text = readFileSync(this.path, 'utf8');
      // a rotation cut short after the archive was written: drop what the archive already holds
      const idx = this.archiveIndex();
      if (idx.pending && idx.files.length) {
        const archived = readFileSync(join(dirname(this.path), ARCHIVE_DIR, idx.files.at(-1)!), 'utf8');
        if (archived && text.startsWith(archived)) {
          text = text.slice(archived.length);
          replaceFile(this.path, text);
        }
        this.writeIndex({ ...idx, pending: false });
      }
      const parsed = parseJournal(text);
      read = { entries: parsed.entries, problems: parsed.problems };
      if (parsed.tornAt !== null) {
        writeFileSync(`${this.path}.torn`, text.slice(parsed.tornAt));
        const fd = openSync(this.path, 'r+');
        ftruncateSync(fd, Buffer.byteLength(text.slice(0, parsed.tornAt)));
        fsyncSync(fd);
        closeSync(fd);
      }
    }
    this.fd = openSync(this.path, 'a');
    return read;
  }

  /** Appends the entries as one write and waits for the disk: after this returns they survive a power cut. */
  append(entries: readonly JournalEntry[]): void {
    if (this.fd === null) throw new Error('journal is not open');
    const buf = Buffer.from(entries.map(lineOf).join(''), 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off);
    fsyncSync(this.fd);
  }

  /** The archive's index (empty when nothing was archived yet). */
  archiveIndex(): ArchiveIndex {
    const f = join(dirname(this.path), ARCHIVE_DIR, 'index.json');
    try {
      const v = JSON.parse(readFileSync(f, 'utf8')) as Partial<ArchiveIndex>;
      return { lines: Number(v.lines) || 0, files: Array.isArray(v.files) ? v.files : [], sources: v.sources ?? {}, pending: v.pending === true };
    } catch {
      return { lines: 0, files: [], sources: {}, pending: false };
    }
  }

  private writeIndex(idx: ArchiveIndex): void {
    const dir = join(dirname(this.path), ARCHIVE_DIR);
    mkdirSync(dir, { recursive: true });
    replaceFile(join(dir, 'index.json'), JSON.stringify(idx, null, 1));
  }

  /**
   * Moves the first `count` entries to archive/journal-NNNN.jsonl (protocol v1, `marker replay` reads it)
   * and leaves the rest as the live journal. Each step is written and synced before the next, and a cut
   * between them is finished on the next open, so a power cut loses nothing and doubles nothing.
   */
  archive(entries: readonly JournalEntry[], count: number): ArchiveIndex {
    if (this.fd === null) throw new Error('journal is not open');
    const idx = this.archiveIndex();
    if (count <= 0) return idx;
    const dir = join(dirname(this.path), ARCHIVE_DIR);
    mkdirSync(dir, { recursive: true });
    const old = entries.slice(0, count), kept = entries.slice(count);
    const file = `journal-${String(idx.files.length + 1).padStart(4, '0')}.jsonl`;
    replaceFile(join(dir, file), old.map(lineOf).join(''));
    for (const e of old) if (e.src) idx.sources[e.src.name] = Math.max(idx.sources[e.src.name] ?? 0, e.src.seq);
    const next: ArchiveIndex = { lines: idx.lines + old.length, files: [...idx.files, file], sources: idx.sources, pending: true };
    this.writeIndex(next);
    closeSync(this.fd);
    replaceFile(this.path, kept.map(lineOf).join(''));
    this.fd = openSync(this.path, 'a');
    next.pending = false;
    this.writeIndex(next);
    return next;
  }

  close(): void {
    if (this.fd === null) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = null;
  }
}

/** Writes a whole file so it is either the old or the new one after a power cut. */
function replaceFile(path: string, text: string): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  writeSync(fd, text);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, path);
  const dfd = openSync(dirname(path), 'r');
  fsyncSync(dfd);
  closeSync(dfd);
}
