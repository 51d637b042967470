// The page in headless Chromium: set up a game, enter a call by tapping a ball and a pocket, settle a
// review item, and watch the scoreboard change — all through the real server and referee.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { startLive, type LiveApp } from '../../src/adapters/app.js';
import { testSettings } from '../live/helpers.js';

// a 1×1 JPEG, standing in for the camera's frames
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');

let app: LiveApp;
let browser: BrowserContext;
let page: Page;

before(async () => {
  app = await startLive(testSettings((s) => { s.mqtt.enabled = false; }), { log: () => {} });
  browser = await launchChromium();
  page = await browser.newPage();
  page.setDefaultTimeout(8000);
  page.on('pageerror', (e) => { throw e; });
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const text = (sel: string) => page.locator(sel).innerText();

async function enterPinIfAsked(): Promise<void> {
  const dialog = page.locator('#pin-dialog');
  await dialog.waitFor({ state: 'visible', timeout: 5000 });
  await page.fill('#pin-input', '4321');
  await page.click('#pin-ok');
}

test('game set-up, a call, a review decision, and the scoreboard follows', async () => {
  await page.goto(`${app.url}?lang=ru`);
  await page.waitForSelector('#tab-board:has-text("Табло")');
  assert.match(await text('#board-status'), /Партии нет/);

  // set up a game: two players, a handicap, a PIN asked once
  await page.click('#tab-setup');
  await page.fill('#setup-name-0', 'Анна');
  await page.fill('#setup-name-1', 'Борис');
  await page.fill('#setup-handicap-1', '10');
  await page.click('#start-game');
  await enterPinIfAsked();
  await page.waitForSelector('#score-1:has-text("10")');
  assert.deepEqual(app.referee.state.players, ['Анна', 'Борис']);
  assert.match(await text('#player-0'), /бьёт/);

  // the call: tap the 7, tap the foot-right pocket
  await page.click('#tab-call');
  await page.click('#ball-7');
  await page.click('#pocket-FR');
  await page.waitForSelector('#call-current:has-text("7 → FR")');
  assert.deepEqual({ ball: app.referee.state.call?.ball, pocket: app.referee.state.call?.pocket }, { ball: 7, pocket: 'FR' });

  // the camera reports the stroke, unsure whether the 7 dropped; with a clip
  const res = app.referee.submit([{
    type: 'shot', t0: 10, t1: 14, struck: 'cue', firstContact: 7, pocketed: [{ ball: 7, pocket: 'FR' }],
    review: [{ what: 'pocketed', ball: 7, confidence: 0.55, why: 'a hand over the pocket' }],
  }], { by: 'source', src: { name: 'test', seq: 1 }, clip: { frames: [JPEG, JPEG], t0: 12, t1: 14 } });
  assert.equal(res.ok, true);
  await page.click('#tab-board');
  await page.waitForSelector('#score-0:has-text("7")');
  await page.waitForSelector('#review-count:has-text("1")');

  // the review queue: the clip, the camera's reading, and overrule: the 7 did not drop
  await page.click('#tab-review');
  await page.waitForSelector('#review-1');
  const item = await text('#review-1');
  assert.match(item, /pocketed 7 \(уверенность 55%\): a hand over the pocket/);
  assert.match(item, /Камера увидела: удар по: биток \(свой\) · первое касание: 7 · в лузе: 7→FR/);
  const src = await page.locator('#review-1 .clip img').getAttribute('src');
  assert.ok(src?.startsWith('/clips/'), String(src));
  const clip = await fetch(new URL(src!, app.url!));
  assert.equal(clip.status, 200);
  assert.equal(clip.headers.get('content-type'), 'image/jpeg');
  await page.click('#overrule-open-1');
  await page.fill('#overrule-1', '{"pocketed": []}');
  await page.click('#overrule-open-1');
  await page.waitForSelector('#review-list:has-text("Спорных ударов нет")');
  assert.deepEqual(app.referee.state.contested, []);
  assert.equal(app.referee.state.scores['Анна'], 0);

  // the scoreboard changed: 0, and the turn passed to Борис
  await page.click('#tab-board');
  await page.waitForSelector('#score-0:has-text("0")');
  assert.match(await text('#player-1'), /бьёт/);

  // English on request
  await page.click('#lang-toggle');
  await page.waitForSelector('#tab-board:has-text("Scoreboard")');
  assert.match(await text('#player-1'), /to play/);
});

test('the scoreboard is public, score-changing actions need the PIN; a wrong one is refused', async () => {
  const state = await fetch(`${app.url}api/state`);
  assert.equal(state.status, 200);
  const noPin = await fetch(`${app.url}api/command/foul`, { method: 'POST', body: '{"code":"F5"}' });
  assert.equal(noPin.status, 401);
  const wrong = await fetch(`${app.url}api/command/foul`, { method: 'POST', headers: { 'x-marker-pin': '0000' }, body: '{"code":"F5"}' });
  assert.equal(wrong.status, 403);
  const bad = await fetch(`${app.url}api/command/call`, { method: 'POST', headers: { 'x-marker-pin': '4321' }, body: '{"ball":"seven"}' });
  assert.equal(bad.status, 422);
  assert.match(((await bad.json()) as { error: string }).error, /ball: "seven" is not an object ball/);
  const escape = await fetch(`${app.url}clips/..%2f..%2fjournal.jsonl`);
  assert.equal(escape.status, 404);
  const health = (await (await fetch(`${app.url}api/health`)).json()) as { status: string };
  assert.equal(health.status, 'ok');
});
