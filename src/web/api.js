// Talking to the referee: commands with the referee PIN (asked once, kept for the tab's session).
const PIN_KEY = 'marker.pin';

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
  return e;
}

export function toast(text, isError = false) {
  const t = document.getElementById('toast');
  t.textContent = text;
  t.className = isError ? 'toast error' : 'toast';
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, isError ? 6000 : 2500);
}

function askPin(terms, wrong) {
  const dialog = document.getElementById('pin-dialog');
  const input = document.getElementById('pin-input');
  document.getElementById('pin-prompt').textContent = terms.ui.pinPrompt;
  const err = document.getElementById('pin-error');
  err.textContent = terms.ui.wrongPin;
  err.hidden = !wrong;
  input.value = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok' ? input.value.trim() : null), { once: true });
    dialog.showModal();
    input.focus();
  });
}

/** Sends a command; asks for the PIN when the server wants one. Resolves to the response, or null if cancelled. */
export async function command(name, payload, terms) {
  let wrong = false;
  for (let attempt = 0; attempt < 4; attempt++) {
    const pin = sessionStorage.getItem(PIN_KEY) ?? '';
    const res = await fetch(`/api/command/${name}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-marker-pin': pin }, body: JSON.stringify(payload),
    });
    const body = await res.json().catch(() => ({ status: 'error', error: `HTTP ${res.status}` }));
    if (res.status === 401 || res.status === 403) {
      wrong = res.status === 403;
      sessionStorage.removeItem(PIN_KEY);
      const entered = await askPin(terms, wrong);
      if (entered === null) return null;
      sessionStorage.setItem(PIN_KEY, entered);
      continue;
    }
    if (body.status === 'ok') toast(terms.ui.sent);
    else toast(body.error ?? `HTTP ${res.status}`, true);
    return body;
  }
  return null;
}
