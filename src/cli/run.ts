// `marker run`: the live referee. With no options: the demo game played in real time, an embedded MQTT
// broker and the page on localhost. Settings: defaults → --settings FILE → MARKER__… environment → options.
import { startLive, StartError } from '../adapters/app.js';
import { loadSettings, SettingsError, toJsonSchema } from '../live/settings.js';
import { SourceError } from '../live/sources/index.js';
import { parseArgs, UsageError } from './args.js';

export const RUN_HELP = `usage: marker run [options]

Runs the live referee: records from a source go through the rules engine; the state goes to MQTT and to
the page; people's calls, fouls and review decisions come back from the page or MQTT. Every record is
journaled in <data-dir>/journal.jsonl before it is acknowledged; a restart resumes the same game.

options (each is also a setting; see --print-schema):
  --source SRC        demo (default: the sample game, looped), records:FILE (protocol JSONL), none,
                      or a camera through the vision pipeline: sim:SEED (a simulated game filmed live),
                      file:VIDEO, v4l2:/dev/video0?width=1280&height=720&fps=30&fourcc=MJPG, rtsp://…,
                      still:COMMAND (a still-capture command printing one JPEG, e.g. fswebcam)
  --pace P            realtime (default) or fast: how a recorded source is played
  --speed X           realtime speed-up (2 = twice as fast)
  --table ID          the table's id (default 1): topics go under marker/<table>
  --broker URL        MQTT broker, e.g. mqtt://localhost:1883 (default: an embedded broker, for the demo)
  --base-topic T      MQTT base topic (default marker/<table>)
  --data-dir DIR      journal, clips and PIN (default ./marker-data)
  --http-port N       the page's port (default 8080; 0 = any free port)
  --game FILE         a protocol "game" record to start with
  --settings FILE     settings file (JSON)
  --pin PIN           the referee PIN for the page (default: generated and kept in the data dir)
  --lang ru|en        language of the output and the page's default
  --print-schema      print the settings' JSON Schema and exit

exit codes: 0 stopped cleanly, 2 bad options or settings, 1 a failure while running.`;

const OPTION_TO_SETTING: Record<string, string> = {
  source: 'source.uri', pace: 'source.pace', speed: 'source.speed', table: 'table', broker: 'mqtt.url',
  'base-topic': 'mqtt.base_topic', 'data-dir': 'data_dir', 'http-port': 'http.port', game: 'game_file',
  pin: 'referee.pin', lang: 'lang',
};

export async function runCommand(argv: string[]): Promise<number> {
  const spec = Object.fromEntries([
    ...Object.keys(OPTION_TO_SETTING).map((k) => [k, { value: true }]),
    ['settings', { value: true }], ['print-schema', { value: false }], ['help', { value: false }],
  ]);
  const { positionals, options } = parseArgs(argv, spec);
  if (options.help) {
    process.stdout.write(RUN_HELP + '\n');
    return 0;
  }
  if (options['print-schema']) {
    process.stdout.write(JSON.stringify(toJsonSchema(), null, 2) + '\n');
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
  const overrides: Record<string, string> = {};
  for (const [opt, path] of Object.entries(OPTION_TO_SETTING)) if (typeof options[opt] === 'string') overrides[path] = options[opt] as string;
  const log = (m: string) => process.stderr.write(`${new Date().toISOString()} ${m}\n`);
  let app;
  try {
    const settings = loadSettings({ file: typeof options.settings === 'string' ? options.settings : undefined, env: process.env, overrides });
    app = await startLive(settings, { log });
  } catch (e) {
    if (e instanceof SettingsError || e instanceof StartError || e instanceof SourceError) {
      process.stderr.write(`marker run: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const lines = [
    `marker run: table ready`,
    app.url ? `  page:   ${app.url}   (referee PIN ${app.pin})` : '  page:   off',
    app.brokerUrl ? `  mqtt:   ${app.brokerUrl}${app.embeddedBroker ? ' (embedded broker)' : ''}, topics under ${app.baseTopic}/` : '  mqtt:   off',
    app.brokerUrl ? `  board:  bin/marker scoreboard --broker ${app.brokerUrl} --base-topic ${app.baseTopic}` : '',
    `  data:   ${app.dataDir}`,
  ].filter(Boolean);
  process.stdout.write(lines.join('\n') + '\n');

  return await new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (why: string) => {
      if (stopping) return;
      stopping = true;
      log(`stopping (${why})`);
      app.stop().then(() => resolve(0), (e) => { log(`stop failed: ${String(e)}`); resolve(1); });
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
