// The referee PIN for actions that change the score. Compared in constant time; five wrong PINs from one
// address lock it out for a minute, so a 4-digit PIN cannot be walked through from the club's Wi-Fi.
import { timingSafeEqual } from 'node:crypto';

const MAX_WRONG = 5;
const LOCKOUT_MS = 60_000;

export type PinCheck = { ok: true } | { ok: false; code: 401 | 403 | 429; error: string };

export class PinGuard {
  private readonly wrong = new Map<string, { count: number; until: number }>();

  constructor(private readonly pin: string, private readonly now: () => number = Date.now) {}

  check(given: string | string[] | undefined, from: string): PinCheck {
    const w = this.wrong.get(from);
    if (w && w.until > this.now()) return { ok: false, code: 429, error: 'too many wrong PINs: wait a minute' };
    if (typeof given !== 'string' || given === '') return { ok: false, code: 401, error: 'the referee PIN is required (header X-Marker-Pin)' };
    const a = Buffer.from(given);
    const b = Buffer.from(this.pin);
    if (a.length === b.length && timingSafeEqual(a, b)) {
      this.wrong.delete(from);
      return { ok: true };
    }
    const count = (w && w.until <= this.now() && w.count >= MAX_WRONG ? 0 : w?.count ?? 0) + 1;
    this.wrong.set(from, { count, until: count >= MAX_WRONG ? this.now() + LOCKOUT_MS : 0 });
    return { ok: false, code: 403, error: 'wrong PIN' };
  }
}
