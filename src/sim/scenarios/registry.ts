// The named scenarios: each forces one case the referee must judge (issue 3), varied by the seed.
import { makeRng } from '../rng.js';
import { FOUL_SCENARIOS } from './cases-fouls.js';
import { POT_SCENARIOS } from './cases-pots.js';
import { R8_SCENARIOS } from './cases-r8.js';
import type { ScenarioContext, ScenarioOptions } from './setup.js';
import { contextFor } from './setup.js';
import type { Timeline } from './timeline.js';

interface ScenarioEntry {
  description: string;
  run: (ctx: ScenarioContext) => Timeline;
}

const SCENARIOS: Record<string, ScenarioEntry> = { ...POT_SCENARIOS, ...FOUL_SCENARIOS, ...R8_SCENARIOS };

export function listScenarios(): { name: string; description: string }[] {
  return Object.entries(SCENARIOS).map(([name, e]) => ({ name, description: e.description }));
}

/**
 * Run a scenario by name; without a name, a short one picked by the seed (never a whole game).
 * Throws for an unknown name, or if the case could not be produced.
 */
export function runScenario(name: string | undefined, opts: ScenarioOptions = {}): Timeline {
  const pick = name ?? makeRng(opts.seed ?? 1).fork('pick').pick(Object.keys(SCENARIOS).filter((n) => n !== 'game'));
  const entry = SCENARIOS[pick];
  if (!entry) throw new Error(`unknown scenario "${pick}"; known: ${Object.keys(SCENARIOS).join(', ')}`);
  return entry.run(contextFor(pick, entry.description, opts));
}
