// New game: players in turn order (2–4) with handicaps, who breaks, and the game's variants.
import { command, el } from './api.js';

let rows = null;

function playerRow(app, name, handicap) {
  const u = app.terms.ui;
  const i = rows.children.length;
  const row = el('div', { class: 'player-row' },
    el('input', { class: 'p-name', id: `setup-name-${i}`, value: name, placeholder: `${u.player} ${i + 1}`, required: true }),
    el('label', {}, `${u.handicap} `, el('input', { class: 'p-handicap', id: `setup-handicap-${i}`, type: 'number', step: '1', value: String(handicap) })),
    el('button', { type: 'button', class: 'small', onclick: () => { if (rows.children.length > 2) { row.remove(); fillBreaker(); } } }, '✕'));
  row.querySelector('.p-name').addEventListener('input', fillBreaker);
  return row;
}

function names() {
  return [...rows.querySelectorAll('.p-name')].map((i) => i.value.trim());
}

function fillBreaker() {
  const sel = document.getElementById('setup-breaker');
  const keep = sel.value;
  sel.replaceChildren(...names().map((n, i) => el('option', { value: String(i) }, n || `#${i + 1}`)));
  if (keep && Number(keep) < names().length) sel.value = keep;
}

export function setupForm(app) {
  rows = document.getElementById('setup-players');
  const u = app.terms.ui;
  rows.append(playerRow(app, '', 0));
  rows.append(playerRow(app, '', 0));
  fillBreaker();
  document.getElementById('add-player').addEventListener('click', () => {
    if (rows.children.length < 4) { rows.append(playerRow(app, '', 0)); fillBreaker(); }
  });
  document.getElementById('setup-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const players = names();
    const handicap = {};
    [...rows.querySelectorAll('.p-handicap')].forEach((h, i) => { const v = Number(h.value); if (v) handicap[players[i]] = v; });
    const payload = {
      players,
      breaker: players[Number(document.getElementById('setup-breaker').value) || 0],
      callMode: document.getElementById('setup-callmode').value,
      tie: document.getElementById('setup-tie').value,
      stalemate: document.getElementById('setup-stalemate').value,
      penaltyTo: document.getElementById('setup-penalty').value,
      lenientF5F6: document.getElementById('setup-lenient').checked,
    };
    if (Object.keys(handicap).length) payload.handicap = handicap;
    const r = await command('game/new', payload, app.terms);
    if (r?.status === 'ok') document.getElementById('tab-board').click();
  });
  void u;
}

export function renderSetup(app) {
  const t = app.terms;
  const u = t.ui;
  const set = (id, text) => { document.getElementById(id).textContent = text; };
  set('l-players', u.players);
  set('add-player', u.addPlayer);
  set('l-breaker', u.breaker);
  set('l-callmode', u.callMode);
  set('l-tie', u.tie);
  set('l-stalemate', u.stalemate);
  set('l-penalty', u.penaltyTo);
  set('l-lenient', u.lenient);
  set('start-game', u.startGame);
  const opts = (id, labels) => document.querySelectorAll(`#${id} option`).forEach((o, i) => { o.textContent = labels[i]; });
  opts('setup-callmode', [t.callModes.ballPocket, t.callModes.strict, t.callModes.none]);
  opts('setup-tie', [u.tieDraw, u.tiePlayoff]);
  opts('setup-stalemate', [u.stalemateDraw, u.stalemateSeventy]);
  opts('setup-penalty', [u.penaltyNext, u.penaltyPrevious]);
  rows.querySelectorAll('.p-name').forEach((inp, i) => { inp.placeholder = `${u.player} ${i + 1}`; });
}
