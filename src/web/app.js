// The page: scoreboard (public), game set-up, calls and the review queue. Live over Server-Sent Events; the
// camera's health above every view (camera.js).
import { el } from './api.js';
import { renderCall, setupCall } from './call.js';
import { renderCamera, startCamera } from './camera.js';
import { renderReviews } from './review.js';
import { renderSetup, setupForm } from './setup.js';

const params = new URLSearchParams(location.search);
const app = { terms: null, state: null, reviews: [], lang: params.get('lang') ?? localStorage.getItem('marker.lang') ?? '' };

async function loadTerms() {
  const res = await fetch(`/api/terms${app.lang ? `?lang=${app.lang}` : ''}`);
  app.terms = await res.json();
  app.lang = app.terms.lang;
  document.documentElement.lang = app.lang;
}

function labelAll() {
  const u = app.terms.ui;
  document.title = u.title;
  document.getElementById('title').textContent = u.title;
  document.getElementById('tab-board').textContent = u.board;
  document.getElementById('tab-setup').textContent = u.setup;
  document.getElementById('tab-call').textContent = u.callTab;
  document.querySelector('#tab-review .label').textContent = u.reviewTab;
  document.getElementById('lang-toggle').textContent = u.language;
  document.getElementById('pin-cancel').textContent = u.cancel;
  document.getElementById('pin-ok').textContent = u.ok;
}

function renderBoard() {
  const s = app.state;
  const t = app.terms;
  const u = t.ui;
  const players = document.getElementById('board-players');
  if (!s || s.status === 'idle') {
    document.getElementById('board-status').textContent = u.idle;
    players.replaceChildren();
    for (const id of ['board-call', 'board-last', 'board-ontable']) document.getElementById(id).replaceChildren();
    return;
  }
  const status = s.status === 'playing' ? t.playing : s.status === 'won' ? `${s.winner} ${t.won}` : t.draw;
  document.getElementById('board-status').textContent = `${t.game} ${s.game} · ${t.to} ${s.target} · ${t.callModes[s.callMode] ?? s.callMode} · ${status}`;
  players.replaceChildren(...s.players.map((p, i) => {
    const toPlay = s.status === 'playing' && s.toPlay === p;
    const mark = toPlay ? `◀ ${t.toPlay}${s.fromHand ? ` (${t.fromHand})` : ''}` : s.winner === p ? `★ ${t.won}` : '';
    return el('div', { class: `player${toPlay ? ' to-play' : ''}${s.winner === p ? ' winner' : ''}`, id: `player-${i}` },
      el('span', { class: 'name' }, p, el('span', { class: 'mark' }, mark)),
      el('span', { class: 'score', id: `score-${i}` }, String(s.scores[p] ?? 0)));
  }));
  const c = s.call;
  document.getElementById('board-call').textContent = s.status === 'playing'
    ? `${t.call}: ${c ? `${c.ball ?? '?'} → ${c.pocket ?? '?'}` : u.noCurrentCall}` : '';
  const v = s.lastVerdict;
  document.getElementById('board-last').textContent = v ? `${u.lastStroke} #${v.stroke} ${v.striker}: ${verdictText(v)}` : '';
  document.getElementById('board-ontable').replaceChildren(el('span', {}, `${t.onTable}: `), ...s.onTable.map((b) => el('span', { class: 'ball' }, String(b))));
}

export function verdictText(v) {
  const t = app.terms;
  const parts = [];
  if (v.counted?.length) parts.push(`${t.counted} ${v.counted.map((c) => `${c.ball}→${c.pocket} +${c.points}`).join(', ')}`);
  if (v.fouls?.length) parts.push(`${t.foul} ${v.fouls.map((f) => `${f} ${t.fouls[f]}`).join(', ')}${v.penalty ? ` −${v.penalty.points}` : ''}`);
  if (v.gameOver) parts.push(v.gameOver === 'won' ? t.won : t.draw);
  else parts.push(v.turn === 'keeps' ? t.keeps : `${t.passes} ${v.next ?? ''}`);
  if (v.contested) parts.push(`⚑ ${t.review}`);
  return parts.join('; ');
}

function renderAll() {
  if (!app.terms) return;
  renderBoard();
  renderCamera(app);
  renderSetup(app);
  renderCall(app);
  renderReviews(app);
  const n = app.reviews.length;
  document.getElementById('review-count').textContent = n ? String(n) : '';
}

function showTab(name) {
  for (const b of document.querySelectorAll('nav button')) b.classList.toggle('active', b.dataset.tab === name);
  for (const v of document.querySelectorAll('.view')) v.hidden = v.id !== `view-${name}`;
}

function connect() {
  const link = document.getElementById('link');
  const es = new EventSource('/api/events');
  es.onopen = () => { link.className = 'link online'; link.textContent = app.terms.ui.online; };
  es.onerror = () => { link.className = 'link offline'; link.textContent = app.terms.ui.offline; };
  es.addEventListener('state', (e) => { app.state = JSON.parse(e.data); renderAll(); });
  es.addEventListener('reviews', (e) => { app.reviews = JSON.parse(e.data); renderAll(); });
}

async function main() {
  await loadTerms();
  labelAll();
  if (params.get('view') === 'board' || params.has('tv')) document.body.classList.add('tv');
  for (const b of document.querySelectorAll('nav button')) b.addEventListener('click', () => showTab(b.dataset.tab));
  document.getElementById('lang-toggle').addEventListener('click', async () => {
    app.lang = app.lang === 'ru' ? 'en' : 'ru';
    localStorage.setItem('marker.lang', app.lang);
    const u = new URL(location.href);
    u.searchParams.set('lang', app.lang);
    history.replaceState(null, '', u);
    await loadTerms();
    labelAll();
    renderAll();
  });
  setupForm(app);
  setupCall(app);
  if (params.get('tab')) showTab(params.get('tab'));
  connect();
  startCamera(app);
}

main();
