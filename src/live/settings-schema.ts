// Every setting of `marker run`: type, default, bounds and what it does. The one source for loading,
// validation, the environment overrides, `--print-schema` and the settings table in the docs.

export type FieldSpec =
  | { type: 'string'; default: string | null; nullable?: boolean; pattern?: string; description: string }
  | { type: 'integer' | 'number'; default: number; min: number; max: number; description: string }
  | { type: 'boolean'; default: boolean; description: string }
  | { type: 'enum'; values: readonly string[]; default: string; description: string };

export interface SectionSpec {
  [key: string]: FieldSpec | SectionSpec;
}

export const isField = (x: FieldSpec | SectionSpec): x is FieldSpec =>
  typeof (x as FieldSpec).type === 'string' && typeof (x as FieldSpec).description === 'string';

export const SETTINGS_SCHEMA: SectionSpec = {
  table: {
    type: 'string', default: '1', pattern: '^[A-Za-z0-9_-]{1,32}$',
    description: 'The table\'s id, unique in the club: part of the MQTT base topic (marker/<table>) and of Home Assistant ids.',
  },
  lang: { type: 'enum', values: ['ru', 'en'], default: 'ru', description: 'Language of the terminal output and the page\'s default.' },
  data_dir: {
    type: 'string', default: 'marker-data',
    description: 'Where the journal (journal.jsonl), review clips and the generated PIN are kept. Relative to the working directory.',
  },
  game_file: {
    type: 'string', default: null, nullable: true,
    description: 'A file holding one protocol "game" record to start with (skipped when the journal already holds that same game).',
  },
  source: {
    uri: {
      type: 'string', default: 'demo',
      description: 'Where stroke records come from: "demo" (the bundled sample game, looped), "records:FILE" (protocol JSONL), "sim:SEED" (a simulated game filmed and analysed live), "file:VIDEO", "v4l2:/dev/video0?width=1920&height=1080&fps=30&fourcc=MJPG", "rtsp://…", "still:COMMAND", or "none" (people enter everything).',
    },
    pace: {
      type: 'enum', values: ['realtime', 'fast'], default: 'realtime',
      description: 'Play a recorded source at the pace of its times (t, t0, t1) or as fast as possible.',
    },
    speed: { type: 'number', default: 1, min: 0.05, max: 1000, description: 'Speed-up of the realtime pace (2 = twice as fast).' },
    loop: { type: 'boolean', default: true, description: 'Start the demo game again when it ends.' },
    corners: { type: 'string', default: null, nullable: true, description: 'A camera source: the playing surface corners in image pixels, "x,y x,y x,y x,y" (HL HR FR FL); unset: found automatically.' },
    profile: { type: 'string', default: null, nullable: true, description: 'A camera source: a calibration profile written by marker calibrate (used instead of finding the table).' },
    cue_ball: { type: 'enum', values: ['auto', 'colour', 'stripe', 'white'], default: 'auto', description: 'A camera source: what the cue ball looks like (auto: the one coloured or striped ball).' },
    reader: { type: 'string', default: null, nullable: true, description: 'A camera source: the number reader model; unset: models/ball-reader.onnx.' },
    still_interval_s: { type: 'number', default: 1, min: 0.05, max: 60, description: 'A still: camera source: seconds between captures.' },
  },
  mqtt: {
    enabled: { type: 'boolean', default: true, description: 'Publish to MQTT and take commands from it.' },
    url: {
      type: 'string', default: null, nullable: true, pattern: '^(mqtts?|wss?|tcp|ssl)://',
      description: 'Broker URL, e.g. mqtt://broker:1883 or mqtts://broker:8883. Unset: an embedded broker is started (for the demo only).',
    },
    base_topic: {
      type: 'string', default: null, nullable: true, pattern: '^[^#+]+[^#+/]$',
      description: 'Base of every topic; unset means marker/<table>. Must be unique per table on the broker.',
    },
    username: { type: 'string', default: null, nullable: true, description: 'Broker user name.' },
    password: { type: 'string', default: null, nullable: true, description: 'Broker password (needs username).' },
    client_id: { type: 'string', default: null, nullable: true, description: 'MQTT client id; unset means marker_<table>.' },
    keepalive_s: { type: 'integer', default: 30, min: 5, max: 600, description: 'MQTT keep-alive in seconds: how soon the broker notices a dead referee and publishes its last will.' },
    reconnect_period_ms: { type: 'integer', default: 1000, min: 100, max: 60000, description: 'Pause between reconnection attempts.' },
    tls: {
      ca: { type: 'string', default: null, nullable: true, description: 'PEM file of the CA that signed the broker\'s certificate.' },
      cert: { type: 'string', default: null, nullable: true, description: 'PEM client certificate (needs key).' },
      key: { type: 'string', default: null, nullable: true, description: 'PEM client key.' },
      reject_unauthorized: { type: 'boolean', default: true, description: 'Refuse a broker whose certificate does not verify.' },
    },
    embedded_port: {
      type: 'integer', default: 1883, min: 0, max: 65535,
      description: 'Port of the embedded broker (used only when url is unset); if taken, a free port is used and printed.',
    },
    homeassistant: {
      enabled: { type: 'boolean', default: true, description: 'Publish Home Assistant MQTT discovery configs (scores, player to play, status).' },
      discovery_prefix: { type: 'string', default: 'homeassistant', pattern: '^[^#+]+$', description: 'Home Assistant\'s discovery prefix.' },
    },
  },
  http: {
    enabled: { type: 'boolean', default: true, description: 'Serve the scoreboard, game set-up, calls and review page.' },
    host: { type: 'string', default: '0.0.0.0', description: 'Address to listen on (0.0.0.0: every interface, so a tablet on the club\'s network can reach it).' },
    port: { type: 'integer', default: 8080, min: 0, max: 65535, description: 'HTTP port (0: any free port).' },
  },
  referee: {
    pin: {
      type: 'string', default: null, nullable: true, pattern: '^[0-9]{4,8}$',
      description: 'PIN the page asks for before any action that changes the score. Unset: one is generated, kept in <data_dir>/pin and printed at start.',
    },
  },
  health: {
    interval_s: { type: 'number', default: 10, min: 1, max: 3600, description: 'How often the health topic is refreshed.' },
  },
};

export interface Settings {
  table: string;
  lang: 'ru' | 'en';
  data_dir: string;
  game_file: string | null;
  source: {
    uri: string; pace: 'realtime' | 'fast'; speed: number; loop: boolean;
    corners: string | null; profile: string | null; cue_ball: 'auto' | 'colour' | 'stripe' | 'white'; reader: string | null; still_interval_s: number;
  };
  mqtt: {
    enabled: boolean;
    url: string | null;
    base_topic: string | null;
    username: string | null;
    password: string | null;
    client_id: string | null;
    keepalive_s: number;
    reconnect_period_ms: number;
    tls: { ca: string | null; cert: string | null; key: string | null; reject_unauthorized: boolean };
    embedded_port: number;
    homeassistant: { enabled: boolean; discovery_prefix: string };
  };
  http: { enabled: boolean; host: string; port: number };
  referee: { pin: string | null };
  health: { interval_s: number };
}

/** The schema as JSON Schema (draft 2020-12), for editors and the docs. */
export function toJsonSchema(spec: SectionSpec = SETTINGS_SCHEMA): Record<string, unknown> {
  const section = (s: SectionSpec): Record<string, unknown> => {
    const properties: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) properties[k] = isField(v) ? field(v) : section(v);
    return { type: 'object', additionalProperties: false, properties };
  };
  const field = (f: FieldSpec): Record<string, unknown> => {
    const base = { description: f.description, default: f.default };
    switch (f.type) {
      case 'string':
        return { ...base, type: f.nullable ? ['string', 'null'] : 'string', ...(f.pattern && { pattern: f.pattern }) };
      case 'integer':
      case 'number':
        return { ...base, type: f.type, minimum: f.min, maximum: f.max };
      case 'boolean':
        return { ...base, type: 'boolean' };
      case 'enum':
        return { ...base, enum: [...f.values] };
    }
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Marker live referee settings',
    ...section(spec),
  };
}

/** Every field with its dotted path, in schema order. */
export function fieldsOf(spec: SectionSpec = SETTINGS_SCHEMA, prefix = ''): [string, FieldSpec][] {
  const out: [string, FieldSpec][] = [];
  for (const [k, v] of Object.entries(spec)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isField(v)) out.push([path, v]);
    else out.push(...fieldsOf(v, path));
  }
  return out;
}
