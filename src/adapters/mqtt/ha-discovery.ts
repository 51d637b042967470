// Home Assistant MQTT discovery, generated from a list of entity descriptors: one sensor per player's
// score and name, the player to play, and the game's status, all tied to the referee's availability.
import { topic } from './topics.js';

export interface DiscoveryContext {
  base: string;
  table: string;
  prefix: string;
  version: string;
  players: number;
}

interface EntityDescriptor {
  object: string;
  name: string;
  stateTopic: string;
  icon: string;
  unit?: string;
  stateClass?: 'measurement';
}

export const MAX_PLAYERS = 4;

function entities(c: DiscoveryContext): EntityDescriptor[] {
  const out: EntityDescriptor[] = [];
  for (let i = 0; i < c.players; i++) {
    out.push({ object: `score_${i}`, name: `Player ${i + 1} score`, stateTopic: topic(c.base, 'score', i), icon: 'mdi:scoreboard', unit: 'pts', stateClass: 'measurement' });
    out.push({ object: `name_${i}`, name: `Player ${i + 1}`, stateTopic: topic(c.base, 'scoreName', i), icon: 'mdi:account' });
  }
  out.push({ object: 'to_play', name: 'To play', stateTopic: topic(c.base, 'toPlay'), icon: 'mdi:billiards' });
  out.push({ object: 'status', name: 'Game status', stateTopic: topic(c.base, 'status'), icon: 'mdi:flag-checkered' });
  return out;
}

const nodeId = (c: DiscoveryContext) => `marker_${c.table}`;
export const configTopic = (c: DiscoveryContext, object: string) => `${c.prefix}/sensor/${nodeId(c)}/${object}/config`;

/** topic → retained payload; '' clears an entity that no longer exists (a player fewer than before). */
export function discoveryMessages(c: DiscoveryContext): Map<string, string> {
  const device = { identifiers: [nodeId(c)], name: `Marker ${c.table}`, model: 'Marker live referee', manufacturer: 'Marker', sw_version: c.version };
  const out = new Map<string, string>();
  for (const e of entities(c)) {
    out.set(configTopic(c, e.object), JSON.stringify({
      name: e.name,
      unique_id: `${nodeId(c)}_${e.object}`,
      object_id: `${nodeId(c)}_${e.object}`,
      state_topic: e.stateTopic,
      icon: e.icon,
      ...(e.unit && { unit_of_measurement: e.unit }),
      ...(e.stateClass && { state_class: e.stateClass }),
      availability: [{ topic: topic(c.base, 'availability'), payload_available: 'online', payload_not_available: 'offline' }],
      device,
      origin: { name: 'marker', sw_version: c.version },
    }));
  }
  for (let i = c.players; i < MAX_PLAYERS; i++) {
    out.set(configTopic(c, `score_${i}`), '');
    out.set(configTopic(c, `name_${i}`), '');
  }
  return out;
}
