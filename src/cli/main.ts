#!/usr/bin/env node
// `marker`: one executable with sub-commands. Each sub-command is loaded only when used, so a
// replay never pays for OpenCV or ONNX start-up.
import { ProtocolError } from '../protocol/validate.js';
import { UsageError } from './args.js';
import { InputError } from './input.js';

// OpenCV's binding must not try to find or build an OpenCV of its own (Debian's is used), and its
// loader is quiet only with this set before any vision module is imported.
process.env.OPENCV4NODEJS_DISABLE_AUTOBUILD ??= '1';

interface Command {
  summary: string;
  run: (argv: string[]) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  analyze: {
    summary: 'watch a video of the table and write protocol shot records (JSONL)',
    run: async (a) => (await import('./analyze.js')).analyzeCommand(a),
  },
  calibrate: {
    summary: 'find the table in an image or video: calibration profile (px ↔ mm, lens) and a check overlay',
    run: async (a) => (await import('./calibrate.js')).calibrateCommand(a),
  },
  eval: {
    summary: 'compare observed shot records with the truth, stroke by stroke',
    run: async (a) => (await import('./eval.js')).evalCommand(a),
  },
  simulate: {
    summary: 'film a simulated scenario or game: clip.mp4, truth.jsonl, frames.jsonl, meta.json',
    run: async (a) => (await import('./simulate.js')).simulateCommand(a),
  },
  replay: {
    summary: 'replay a game\'s protocol records and print the score and every verdict',
    run: async (a) => (await import('./replay.js')).replayCommand(a),
  },
  run: {
    summary: 'run the live referee: source → rules → MQTT and the page (with no options: the demo)',
    run: async (a) => (await import('./run.js')).runCommand(a),
  },
  scoreboard: {
    summary: 'a terminal scoreboard that reads the MQTT topics an LED scoreboard reads',
    run: async (a) => (await import('./scoreboard.js')).scoreboardCommand(a),
  },
};

function help(): string {
  const names = Object.keys(COMMANDS);
  const w = Math.max(...names.map((n) => n.length));
  return [
    'usage: marker COMMAND [options]   (marker COMMAND --help for its options)',
    '',
    'Marker, the automatic referee for Russian pyramid (71 points).',
    '',
    'commands:',
    ...names.map((n) => `  ${n.padEnd(w)}  ${COMMANDS[n]!.summary}`),
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help() + '\n');
    return name ? 0 : 2;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    process.stderr.write(`marker: unknown command "${name}"\n\n${help()}\n`);
    return 2;
  }
  try {
    return await cmd.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`marker ${name}: ${e.message} (see marker ${name} --help)\n`);
      return 2;
    }
    if (e instanceof ProtocolError || e instanceof InputError) {
      process.stderr.write(`marker ${name}: ${e.message}\n`);
      return 2;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`marker ${name}: unexpected failure: ${msg}\n`);
    if (process.env.MARKER_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => { process.stderr.write(`marker: ${String(e)}\n`); process.exitCode = 1; },
);
