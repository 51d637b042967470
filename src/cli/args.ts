// A small, strict argument parser: unknown options and missing values are errors that name them.

export class UsageError extends Error {}

export interface OptionSpec {
  /** takes a value (`--out FILE`) or is a flag (`--json`) */
  value: boolean;
}

export interface Parsed {
  positionals: string[];
  options: Record<string, string | true>;
}

export function parseArgs(argv: readonly string[], spec: Record<string, OptionSpec>): Parsed {
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-' || !a.startsWith('-')) {
      positionals.push(a);
      continue;
    }
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const eq = a.indexOf('=');
    const name = (eq >= 0 ? a.slice(0, eq) : a).replace(/^--?/, '');
    const s = spec[name];
    if (!s) throw new UsageError(`unknown option ${a.slice(0, eq >= 0 ? eq : undefined)}`);
    if (!s.value) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
    if (v === undefined || (eq < 0 && v.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    options[name] = v;
  }
  return { positionals, options };
}
