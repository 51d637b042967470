// Strokes from hand (R11): which house applies, and F9 / F10 from `before` and `cuePath`.
import type { FoulCode, ShotRecord, XY_mm } from '../protocol/records.js';
import { isInHouse, isInTemporaryHouse, tableFromProtocol, type Point_mm } from '../table/geometry.js';
import type { GameSettings } from './settings.js';

export interface FromHandJudgement {
  house: 'house' | 'temporary';
  fouls: FoulCode[];
  notes: string[];
}

const pt = (p: XY_mm): Point_mm => ({ x: p[0], y: p[1] });

export function judgeFromHand(shot: ShotRecord, settings: GameSettings, onTable: ReadonlySet<number>): FromHandJudgement {
  const spec = tableFromProtocol(settings.table);
  const before = shot.before ?? {};
  const positions = [...onTable].map((b) => before[String(b)]);
  // R11.2: every object ball in the house moves the house to the foot end; only positions can tell
  const allInHouse = positions.length > 0 && positions.every((p) => p !== undefined && isInHouse(spec, pt(p)));
  const house = allInHouse ? 'temporary' : 'house';
  const inHouse = (p: XY_mm) => (allInHouse ? isInTemporaryHouse(spec, pt(p)) : isInHouse(spec, pt(p)));
  const fouls: FoulCode[] = [];
  const notes: string[] = [];

  const start = shot.cuePath?.[0] ?? before.cue;
  if (start === undefined) notes.push('no cue ball position: the place of the stroke from hand is not checked');
  else if (!inHouse(start)) fouls.push('F10');

  const fc = shot.firstContact;
  const target = fc === null ? undefined : before[String(fc)];
  if (fc !== null && target !== undefined && inHouse(target)) {
    if (shot.cuePath === undefined) {
      // without the path the only reading is a direct hit; say so, a person can correct it
      fouls.push('F9');
      notes.push('no cuePath: the hit on a ball in the house is taken as direct');
    } else if (shot.cuePath.every(inHouse)) {
      fouls.push('F9');
    }
  }
  return { house, fouls, notes };
}
