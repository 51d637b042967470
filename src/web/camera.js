// The camera strip, on every view: is the camera running, calibrating, dropping frames, was it bumped? A person
// at the club decides from it whether to trust the automatic calls. Polled from /api/health rather than taken
// from the SSE push, which comes only every health.interval_s (up to an hour): a page could not tell a quiet
// referee from a gone one. A failed poll says so instead of leaving the last reading up.
import { el } from './api.js';

const POLL_MS = 5000;
/** a rise in the dropped-frame count stays flagged this long, so a person glancing over can see it */
const DROPPING_MS = 60_000;

const cam = { health: null, failed: false, lastHeard: null, droppedAt: 0 };

const count = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
const text = (v, max = 160) => (typeof v === 'string' ? v.slice(0, max) : '');

/** A warning as the camera source writes it: "<ISO time> <message>"; one without a time is shown as it is. */
function warning(w) {
  const m = /^(\d{4}-\d\d-\d\dT\S+Z) ([\s\S]*)$/.exec(w);
  const at = m ? new Date(m[1]) : null;
  return at && !Number.isNaN(at.getTime()) ? { at, text: text(m[2], 300) } : { at: null, text: text(w, 300) };
}

/** What the page uses of /api/health, each field checked: a missing or odd one is left out, never trusted. */
export function readHealth(body) {
  const b = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const src = b.source !== null && typeof b.source === 'object' ? b.source : {};
  return {
    camera: text(b.camera_state), detail: text(b.camera_detail), state: text(src.state), source: text(src.name),
    fps: count(b.fps), dropped: count(b.dropped_frames), skipped: count(b.skipped_frames),
    warnings: (Array.isArray(b.camera_warnings) ? b.camera_warnings : []).filter((w) => typeof w === 'string').slice(-5).map(warning),
  };
}

/** [look, words]: ok, none (no camera: people or a recording score), warn, bad. Anything unexpected is not ok. */
function status(h, u, dropping) {
  if (h.camera === 'none') return ['none', u.cameraNone];
  if (h.state === 'error') return ['bad', u.cameraError];
  if (h.state === 'stopped') return ['bad', u.cameraStopped];
  if (h.state === 'ended') return ['bad', u.cameraEnded];
  if (h.state === 'starting' || h.detail === 'starting') return ['warn', u.cameraStarting];
  if (h.camera === 'offline') return ['bad', u.cameraOffline];
  if (h.camera !== 'online') return ['warn', u.cameraUnknown];
  if (h.detail === 'calibrating') return ['warn', u.cameraCalibrating];
  if (dropping) return ['warn', `${u.cameraRunning}, ${u.droppingNow}`];
  return [h.warnings.length ? 'warn' : 'ok', u.cameraRunning];
}

function clock(at, lang) {
  const sameDay = at.toDateString() === new Date().toDateString();
  return sameDay ? at.toLocaleTimeString(lang) : at.toLocaleString(lang);
}

export function renderCamera(app) {
  const box = document.getElementById('camera');
  const u = app.terms.ui;
  const show = (look, ...children) => { box.className = `camera ${look}`; box.dataset.look = look; box.hidden = false; box.replaceChildren(...children.filter((c) => c !== null)); };
  if (cam.failed) {
    // the last reading is not shown: it may no longer be true
    return show('unreachable', el('strong', { id: 'camera-state' }, u.unreachable),
      cam.lastHeard ? el('span', { class: 'figures' }, `${u.lastHeard} ${clock(cam.lastHeard, app.lang)}`) : null);
  }
  const h = cam.health;
  if (!h) { box.hidden = true; return; }
  const dropping = Date.now() - cam.droppedAt < DROPPING_MS;
  const [look, words] = status(h, u, dropping);
  // the detail in brackets (open_failed, no_frames_5s …) unless the words already say it
  const said = ['calibrating', 'starting', ''].includes(h.detail);
  const state = el('strong', { id: 'camera-state' }, `${u.camera}: ${words}${said ? '' : ` (${h.detail})`}`);
  const figures = [];
  if (h.camera !== 'none') {
    if (h.fps !== null) figures.push(el('span', {}, `${h.fps} ${u.fps}`));
    if (h.dropped !== null) figures.push(el('span', { class: dropping ? 'rising' : '' }, `${u.dropped}: ${h.dropped}`));
    if (h.skipped !== null) figures.push(el('span', {}, `${u.skipped}: ${h.skipped}`));
  }
  show(look, state,
    h.source ? el('span', { class: 'figures' }, h.source) : null,
    figures.length ? el('span', { class: 'figures', id: 'camera-figures' }, ...figures.flatMap((f, i) => (i ? [' · ', f] : [f]))) : null,
    h.warnings.length ? el('ul', { id: 'camera-warnings' }, ...[...h.warnings].reverse().map((w) =>
      el('li', {}, w.at ? el('time', { datetime: w.at.toISOString() }, clock(w.at, app.lang)) : null, w.text))) : null);
}

async function poll(app) {
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(POLL_MS - 1000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const h = readHealth(await res.json());
    // a count higher than the last reading's: frames are being dropped now (lower: the referee restarted)
    const before = cam.health?.dropped;
    if (typeof before === 'number' && h.dropped !== null && h.dropped > before) cam.droppedAt = Date.now();
    Object.assign(cam, { health: h, failed: false, lastHeard: new Date() });
  } catch {
    cam.failed = true;
  }
  renderCamera(app);
  setTimeout(() => poll(app), POLL_MS);
}

export function startCamera(app) {
  poll(app);
}
