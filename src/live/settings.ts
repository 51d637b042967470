// Loading the settings: defaults → the JSON file → MARKER__SECTION__KEY environment variables → command-line
// options. Every problem names the key path and where the bad value came from.
import { readFileSync } from 'node:fs';
import { sourceUriProblem } from './sources/index.js';
import { fieldsOf, isField, SETTINGS_SCHEMA, type FieldSpec, type SectionSpec, type Settings } from './settings-schema.js';

export { SETTINGS_SCHEMA, toJsonSchema, type Settings } from './settings-schema.js';

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0]! : `${problems.length} problems in the settings:\n  ${problems.join('\n  ')}`);
    this.name = 'SettingsError';
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

export const ENV_PREFIX = 'MARKER__';
export const envNameOf = (path: string) => ENV_PREFIX + path.split('.').map((s) => s.toUpperCase()).join('__');

export function defaults(): Settings {
  const out: Obj = {};
  for (const [path, f] of fieldsOf()) setPath(out, path, f.default);
  return out as unknown as Settings;
}

function setPath(o: Obj, path: string, v: unknown): void {
  const keys = path.split('.');
  let cur = o;
  for (const k of keys.slice(0, -1)) cur = (cur[k] ??= {}) as Obj;
  cur[keys.at(-1)!] = v;
}

function specAt(path: string): FieldSpec | SectionSpec | undefined {
  let cur: FieldSpec | SectionSpec | undefined = SETTINGS_SCHEMA;
  for (const k of path.split('.')) {
    if (!cur || isField(cur) || !Object.hasOwn(cur, k)) return undefined;
    cur = (cur as SectionSpec)[k];
  }
  return cur;
}

/** Checks one typed value against its field; returns the problem or null. */
function checkValue(f: FieldSpec, v: unknown): string | null {
  if (v === null) return f.type === 'string' && f.nullable ? null : 'must not be null';
  switch (f.type) {
    case 'string':
      if (typeof v !== 'string') return `${show(v)} is not text`;
      if (f.pattern && !new RegExp(f.pattern).test(v)) return `${show(v)} does not match ${f.pattern}`;
      return null;
    case 'integer':
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return `${show(v)} is not a number`;
      if (f.type === 'integer' && !Number.isInteger(v)) return `${show(v)} is not a whole number`;
      if (v < f.min || v > f.max) return `${v} is out of range ${f.min}..${f.max}`;
      return null;
    case 'boolean':
      return typeof v === 'boolean' ? null : `${show(v)} is not true or false`;
    case 'enum':
      return typeof v === 'string' && f.values.includes(v) ? null : `${show(v)} is not one of ${f.values.join(', ')}`;
  }
}

/** Text (from the environment or a command line) to the field's type. */
function fromText(f: FieldSpec, text: string): unknown {
  switch (f.type) {
    case 'integer':
    case 'number':
      return text.trim() === '' ? text : Number(text);
    case 'boolean':
      return ({ true: true, false: false, 1: true, 0: false, yes: true, no: false, on: true, off: false } as Obj)[text.toLowerCase()] ?? text;
    case 'string':
      return f.nullable && (text === '' || text === 'null') ? null : text;
    default:
      return text;
  }
}

function mergeFile(target: Obj, value: unknown, spec: SectionSpec, prefix: string, where: string, problems: string[]): void {
  if (!isObj(value)) {
    problems.push(`${where}: ${prefix || '(top level)'}: ${show(value)} is not an object`);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (k === '$schema' && !prefix) continue;
    if (!Object.hasOwn(spec, k)) {
      problems.push(`${where}: ${path}: unknown setting (known here: ${Object.keys(spec).join(', ')})`);
      continue;
    }
    const sub = spec[k]!;
    if (isField(sub)) {
      const problem = checkValue(sub, v);
      if (problem) problems.push(`${where}: ${path}: ${problem}`);
      else setPath(target, path, v);
    } else mergeFile(target, v, sub, path, where, problems);
  }
}

function parseJsonWithPosition(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    let where = file;
    if (m) {
      const before = text.slice(0, Number(m[1]));
      const line = before.split('\n').length;
      where += `:${line}:${before.length - before.lastIndexOf('\n')}`;
    }
    throw new SettingsError([`${where}: not valid JSON (${msg.replace(/ in JSON at position \d+.*$/, '')})`]);
  }
}

export interface LoadOptions {
  /** the settings file, JSON */
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** dotted path → value from the command line (text, as typed) */
  overrides?: Record<string, string>;
}

export function loadSettings(opts: LoadOptions = {}): Settings {
  const out = defaults() as unknown as Obj;
  const problems: string[] = [];
  if (opts.file) {
    let text: string;
    try {
      text = readFileSync(opts.file, 'utf8');
    } catch (e) {
      throw new SettingsError([`${opts.file}: cannot read the settings file (${(e as NodeJS.ErrnoException).code ?? String(e)})`]);
    }
    mergeFile(out, parseJsonWithPosition(text, opts.file), SETTINGS_SCHEMA, '', opts.file, problems);
  }
  const env = opts.env ?? {};
  for (const [name, text] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || text === undefined) continue;
    const path = name.slice(ENV_PREFIX.length).split('__').map((s) => s.toLowerCase()).join('.');
    const f = specAt(path);
    if (!f || !isField(f)) {
      problems.push(`environment ${name}: no setting ${path} (names look like ${envNameOf('mqtt.url')})`);
      continue;
    }
    const v = fromText(f, text);
    const problem = checkValue(f, v);
    if (problem) problems.push(`environment ${name}: ${path}: ${problem}`);
    else setPath(out, path, v);
  }
  for (const [path, text] of Object.entries(opts.overrides ?? {})) {
    const f = specAt(path);
    if (!f || !isField(f)) throw new Error(`internal: option for unknown setting ${path}`);
    const v = fromText(f, text);
    const problem = checkValue(f, v);
    if (problem) problems.push(`option for ${path}: ${problem}`);
    else setPath(out, path, v);
  }
  const s = out as unknown as Settings;
  if (!problems.length) problems.push(...crossChecks(s));
  if (problems.length) throw new SettingsError(problems);
  return s;
}

function crossChecks(s: Settings): string[] {
  const p: string[] = [];
  if (s.mqtt.password !== null && s.mqtt.username === null) p.push('mqtt.password: set, but mqtt.username is not');
  if ((s.mqtt.tls.cert === null) !== (s.mqtt.tls.key === null)) p.push('mqtt.tls.cert and mqtt.tls.key: give both or neither');
  const problem = sourceUriProblem(s.source.uri);
  if (problem) p.push(`source.uri: ${problem}`);
  return p;
}

/** The base topic in force: the setting, or marker/<table>. */
export const baseTopicOf = (s: Settings) => s.mqtt.base_topic ?? `marker/${s.table}`;

/** A markdown table of every setting, for the docs. */
export function settingsTable(): string {
  const rows = fieldsOf().map(([path, f]) => {
    const type = f.type === 'enum' ? f.values.join(' \\| ') : f.type === 'string' && f.nullable ? 'string or null' : f.type;
    const bounds = f.type === 'integer' || f.type === 'number' ? ` (${f.min}..${f.max})` : '';
    return `| \`${path}\` | \`${envNameOf(path)}\` | ${type}${bounds} | \`${JSON.stringify(f.default)}\` | ${f.description} |`;
  });
  return ['| setting | environment | type | default | what it does |', '|---|---|---|---|---|', ...rows].join('\n');
}
