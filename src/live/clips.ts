// Review clips, kept in the data directory next to the journal so a review survives a restart.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Clip } from './sources/types.js';

/** What the page needs to show a clip: URLs under /clips/ and the source times. */
export interface ClipRef {
  dir: string;
  frames: string[];
  video: string | null;
  t0: number | null;
  t1: number | null;
}

export class ClipStore {
  constructor(private readonly dataDir: string) {}

  /** Where the clip called `name` is (or will be) kept, relative to the data directory. */
  pathOf(name: string): string {
    return join('clips', name);
  }

  /** Writes the clip under clips/<name>/ and returns that path, relative to the data directory. */
  save(name: string, clip: Clip): string {
    const rel = this.pathOf(name);
    const dir = join(this.dataDir, rel);
    mkdirSync(dir, { recursive: true });
    clip.frames?.forEach((jpeg, i) => writeFileSync(join(dir, `${String(i).padStart(4, '0')}.jpg`), jpeg));
    if (clip.path) copyFileSync(clip.path, join(dir, `clip${extname(clip.path) || '.mp4'}`));
    writeFileSync(join(dir, 'clip.json'), JSON.stringify({ t0: clip.t0, t1: clip.t1, fps: clip.fps ?? null }));
    return rel;
  }

  /** Deletes a clip (its game was archived: nobody reviews it any more, and clips are most of the disk). */
  remove(rel: string): void {
    if (!/^clips[\\/][^\\/]+$/.test(rel)) return; // only what save() made
    rmSync(join(this.dataDir, rel), { recursive: true, force: true });
  }

  ref(rel: string): ClipRef | null {
    const dir = join(this.dataDir, rel);
    if (!existsSync(dir)) return null;
    const files = readdirSync(dir).sort();
    let meta: { t0?: number; t1?: number } = {};
    try {
      meta = JSON.parse(readFileSync(join(dir, 'clip.json'), 'utf8'));
    } catch { /* a clip without its metadata still shows */ }
    const url = (f: string) => `/${rel.split(/[\\/]/).map(encodeURIComponent).join('/')}/${encodeURIComponent(basename(f))}`;
    return {
      dir: rel,
      frames: files.filter((f) => f.endsWith('.jpg')).map(url),
      video: files.filter((f) => /^clip\.(mp4|webm)$/.test(f)).map(url)[0] ?? null,
      t0: meta.t0 ?? null,
      t1: meta.t1 ?? null,
    };
  }
}
