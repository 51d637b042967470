// The table drawn from above, head (the house) on the left: tap a pocket to call it.
// Protocol coordinates: x toward the foot (right), y toward the left cushion seen from the head (up).
const L = 3550, W = 1775;
export const POCKETS = {
  HL: [-L / 2, W / 2], HR: [-L / 2, -W / 2], ML: [0, W / 2], MR: [0, -W / 2], FL: [L / 2, W / 2], FR: [L / 2, -W / 2],
};
const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** Draws into the <svg> and calls onPocket(id) when a pocket is tapped. */
export function drawTable(root, onPocket) {
  root.replaceChildren();
  root.append(svg('rect', { class: 'cloth', x: -L / 2, y: -W / 2, width: L, height: W, rx: 20 }));
  root.append(svg('line', { class: 'line', x1: -L / 4, y1: -W / 2, x2: -L / 4, y2: W / 2 }));
  root.append(svg('circle', { class: 'line', cx: L / 4, cy: 0, r: 15, fill: '#fff' }));
  for (const [id, [x, y]] of Object.entries(POCKETS)) {
    // screen y grows downward: the left cushion (+y) is drawn at the top
    const c = svg('circle', { class: 'pocket', cx: x, cy: -y, r: 110, 'data-pocket': id, id: `pocket-${id}`, tabindex: 0, role: 'button' });
    c.addEventListener('click', () => onPocket(id));
    root.append(c);
    const label = svg('text', { x, y: -y + (y > 0 ? -150 : 230) });
    label.textContent = id;
    root.append(label);
  }
}

export function markCalled(root, pocket) {
  for (const p of root.querySelectorAll('.pocket')) p.classList.toggle('called', p.dataset.pocket === pocket);
}
