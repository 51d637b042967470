// The page's camera strip in headless Chromium, through the real server: what the camera source's health says
// (not running, calibrating, dropping frames, bumped) shows on the page and follows it as it changes; odd
// fields do not break the page; a referee that does not answer is shown as such, not with its last reading.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { startLive, type LiveApp } from '../../src/adapters/app.js';
import type { SourceHealth } from '../../src/live/sources/index.js';
import { tempDir, testSettings } from '../live/helpers.js';

// runs in the page (the tests compile without the DOM library)
declare function getComputedStyle(e: unknown): { backgroundColor: string; borderLeftColor: string };
// the page polls every 5 s
const POLLED = { timeout: 12_000 };

let app: LiveApp;
let browser: BrowserContext;
let page: Page;
const pageErrors: Error[] = [];
/** what the camera source reports: the test changes it as it goes */
let health: SourceHealth;

before(async () => {
  // an empty records file: a real source whose health the test then speaks for
  const dir = tempDir('camera');
  writeFileSync(join(dir, 'none.jsonl'), '');
  app = await startLive(testSettings((s) => { s.mqtt.enabled = false; s.source.uri = `records:${join(dir, 'none.jsonl')}`; }), { log: () => {} });
  app.source!.health = () => health;
  browser = await launchChromium();
  page = await browser.newPage();
  page.setDefaultTimeout(8000);
  page.on('pageerror', (e) => pageErrors.push(e));
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const text = (sel: string) => page.locator(sel).innerText();
const looks = (look: string) => page.waitForSelector(`#camera[data-look="${look}"]`, POLLED);
const colours = () => page.locator('#camera').evaluate((e) => { const s = getComputedStyle(e); return `${s.backgroundColor} ${s.borderLeftColor}`; });

test('the camera strip shows the camera\'s state, figures and warnings, and follows them; a silent referee is shown as such', async () => {
  const bumpedAt = '2025-03-14T18:05:09.000Z';
  health = {
    state: 'running', fps: 0, dropped_frames: 3, skipped_frames: 12, camera_state: 'offline', detail: 'no_frames_5s',
    warnings: [`${bumpedAt} at 812.4 s: camera moved: the table was found again`],
  };
  await page.goto(`${app.url}?lang=en`);
  await looks('bad');
  assert.equal(await page.locator('#camera').isVisible(), true);
  assert.equal(await text('#camera-state'), 'Camera: not running (no_frames_5s)');
  assert.match(await text('#camera-figures'), /frames dropped: 3 · skipped: 12/);
  assert.match(await text('#camera-warnings'), /at 812\.4 s: camera moved: the table was found again/);
  assert.equal(await page.locator('#camera-warnings time').getAttribute('datetime'), bumpedAt);
  const bad = await colours();

  // the camera comes back and finds the table: the page follows by itself
  health = { state: 'running', fps: 30, dropped_frames: 3, skipped_frames: 40, camera_state: 'online', detail: 'calibrating' };
  await looks('warn');
  assert.equal(await text('#camera-state'), 'Camera: calibrating: finding the table');
  assert.equal(await page.locator('#camera-warnings').count(), 0);
  const calibrating = await colours();

  health = { state: 'running', fps: 29.9, dropped_frames: 3, skipped_frames: 40, camera_state: 'online', detail: '' };
  await looks('ok');
  assert.equal(await text('#camera-state'), 'Camera: running');
  assert.match(await text('#camera'), /^Camera: running\s+records:\S+none\.jsonl\s+29\.9 fps · frames dropped: 3 · skipped: 40$/);
  const ok = await colours();
  assert.notEqual(bad, ok);
  assert.notEqual(calibrating, ok);

  // frames dropped since the last reading
  health = { ...health, dropped_frames: 9 };
  await looks('warn');
  assert.equal(await text('#camera-state'), 'Camera: running, dropping frames');
  assert.equal(await text('#camera-figures .rising'), 'frames dropped: 9');

  // odd fields from the server: left out, the state not taken for a running camera, the page still works
  health = { state: 42, fps: 'fast', dropped_frames: -1, skipped_frames: null, camera_state: undefined, warnings: ['no time given', 7, null] } as never;
  await page.waitForSelector('#camera-state:has-text("state unknown")', POLLED);
  assert.equal(await page.getAttribute('#camera', 'data-look'), 'warn');
  // (fps "fast" and -1 frames dropped left out; the server itself turns a missing skipped count into 0)
  assert.equal(await text('#camera-figures'), 'skipped: 0');
  assert.equal(await text('#camera-warnings'), 'no time given');

  // the referee stops answering: said so, and the last reading is not left up as if it were true
  await page.route('**/api/health', (r) => r.abort());
  await looks('unreachable');
  assert.match(await text('#camera'), /^Referee not reachable\s+last heard at /);
  assert.equal(await page.locator('#camera-warnings').count(), 0);
  await page.unroute('**/api/health');
  health = { state: 'error', fps: 0, dropped_frames: 0, camera_state: 'offline', detail: 'open_failed' };
  await looks('bad');

  // in Russian too
  await page.click('#lang-toggle');
  await page.waitForSelector('#camera-state:has-text("Камера: сбой (open_failed)")');
  assert.deepEqual(pageErrors, []);
});
