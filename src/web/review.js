// The review queue: each contested stroke with its clip and what the camera read, and the person's
// decision — confirm the reading, overrule it with what really happened, or charge a foul.
import { command, el } from './api.js';

const players = new Map();

function clipView(item, u) {
  const c = item.clip;
  if (c?.video) return el('div', { class: 'clip' }, el('video', { src: c.video, controls: true, loop: true, muted: true, autoplay: true }));
  if (c?.frames?.length) {
    const img = el('img', { src: c.frames[0], alt: '' });
    let i = 0;
    const key = `${item.game}/${item.shot}`;
    clearInterval(players.get(key));
    players.set(key, setInterval(() => { i = (i + 1) % c.frames.length; img.src = c.frames[i]; }, 100));
    return el('div', { class: 'clip' }, img);
  }
  return el('div', { class: 'clip no-clip' }, u.noClip);
}

function reading(r, t) {
  const u = t.ui;
  const ball = (b) => (b === 'cue' ? u.own : String(b));
  const pocketed = r.pocketed?.length ? r.pocketed.map((p) => `${ball(p.ball)}→${p.pocket}`).join(', ') : u.nothing;
  const parts = [`${u.struck}: ${ball(r.struck)}`, `${u.firstContact}: ${r.firstContact ?? u.nothing}`, `${u.pocketed}: ${pocketed}`];
  if (r.offTable?.length) parts.push(`${u.offTable}: ${r.offTable.map(ball).join(', ')}`);
  return parts.join(' · ');
}

function itemView(app, item) {
  const t = app.terms;
  const u = t.ui;
  const flags = item.flags.map((f) =>
    `${f.what}${f.ball !== undefined ? ` ${f.ball}` : ''}${f.confidence !== undefined ? ` (${u.confidence} ${Math.round(f.confidence * 100)}%)` : ''}${f.why ? `: ${f.why}` : ''}`);
  const editor = el('textarea', { hidden: true, id: `overrule-${item.shot}`, 'aria-label': u.overruleHelp });
  editor.value = JSON.stringify({ pocketed: item.record.pocketed, firstContact: item.record.firstContact }, null, 1);
  const foulSel = el('select', { id: `foul-${item.shot}` }, ...Object.entries(t.fouls).map(([code, text]) => el('option', { value: code }, `${code} ${text}`)));
  const decide = (payload) => command('review/decide', { shot: item.shot, ...payload }, app.terms);
  return el('article', { class: 'review', id: `review-${item.shot}` },
    el('h3', {}, `${t.stroke} #${item.shot} — ${item.verdict.striker}`),
    el('div', { class: 'flags' }, `⚑ ${flags.join('; ')}`),
    clipView(item, u),
    el('div', {}, `${u.cameraReading}: ${reading(item.record, t)}`),
    el('div', { class: 'dim' }, `${u.verdict}: ${item.verdict.reason}`),
    el('div', { class: 'actions' },
      el('button', { class: 'primary', id: `confirm-${item.shot}`, onclick: () => decide({ decision: 'confirm' }) }, u.confirm),
      el('button', {
        id: `overrule-open-${item.shot}`,
        onclick: async () => {
          if (editor.hidden) { editor.hidden = false; editor.focus(); return; }
          let w;
          try { w = JSON.parse(editor.value); } catch { editor.classList.add('error'); return; }
          await decide({ decision: 'overrule', with: w });
        },
      }, u.overrule),
      foulSel,
      el('button', { id: `foul-send-${item.shot}`, onclick: () => decide({ decision: 'foul', code: foulSel.value }) }, u.foulDecision)),
    editor);
}

let shown = '';

export function renderReviews(app) {
  const list = document.getElementById('review-list');
  // redraw only when the queue changed, so an open editor is not wiped by a score update
  const key = JSON.stringify([app.lang, app.reviews.map((r) => [r.game, r.shot, r.clip?.dir])]);
  if (key === shown) return;
  shown = key;
  for (const t of players.values()) clearInterval(t);
  players.clear();
  if (!app.reviews.length) { list.replaceChildren(el('p', { class: 'hint' }, app.terms.ui.noReviews)); return; }
  list.replaceChildren(...app.reviews.map((item) => itemView(app, item)));
}
