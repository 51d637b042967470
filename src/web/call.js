// Quick call entry: tap a ball, then tap a pocket — the call goes out at the pocket's tap. And the fouls
// only a person can see (F5 not with the tip, F6 a ball touched, F8 …), charged to the last stroke.
import { command, el } from './api.js';
import { drawTable, markCalled } from './table.js';

let picked = null;

export function setupCall(app) {
  drawTable(document.getElementById('table'), async (pocket) => {
    const s = app.state;
    if (!s || s.status !== 'playing') return;
    const ball = picked ?? (s.onTable.length === 1 ? s.onTable[0] : null);
    if (ball === null) return;
    const r = await command('call', { ball, pocket }, app.terms);
    if (r?.status === 'ok') { picked = null; renderCall(app); }
  });
  document.getElementById('send-foul').addEventListener('click', () => {
    command('foul', { code: document.getElementById('foul-code').value }, app.terms);
  });
}

export function renderCall(app) {
  const t = app.terms;
  const u = t.ui;
  const s = app.state;
  document.getElementById('l-pickball').textContent = u.pickBall;
  document.getElementById('l-pickpocket').textContent = u.pickPocket;
  document.getElementById('l-personfoul').textContent = u.personFoul;
  document.getElementById('send-foul').textContent = u.sendFoul;
  const onTable = new Set(s?.onTable ?? []);
  if (picked !== null && !onTable.has(picked)) picked = null;
  const balls = [];
  for (let b = 1; b <= 15; b++) {
    balls.push(el('button', {
      class: `ball${picked === b ? ' selected' : ''}`, id: `ball-${b}`, disabled: !onTable.has(b) || s?.status !== 'playing',
      onclick: () => { picked = b; renderCall(app); },
    }, String(b)));
  }
  document.getElementById('ball-picker').replaceChildren(...balls);
  const c = s?.call;
  document.getElementById('call-current').textContent = `${u.currentCall}: ${c ? `${c.ball ?? '?'} → ${c.pocket ?? '?'}` : u.noCurrentCall}${s?.toPlay ? ` · ${t.toPlay}: ${s.toPlay}` : ''}`;
  markCalled(document.getElementById('table'), c?.pocket ?? null);
  const sel = document.getElementById('foul-code');
  const keep = sel.value;
  sel.replaceChildren(...Object.entries(t.fouls).map(([code, text]) => el('option', { value: code }, `${code} ${text}`)));
  sel.value = keep || 'F5';
}
