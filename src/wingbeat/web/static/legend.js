// The picture's legend clear of the map's buttons (issue 26): the render draws the legend in a
// column right of the map, and the view's buttons (zoom.js's toolbar) float over the box's
// top-right corner, so a view that shows the map's right edge put the legend under them. Each
// time the view settles ("wingbeat:view") or a picture comes, the legend (with the threat and
// advice legends drawn below it, threat.js) is moved down just below the buttons when they
// would meet; it stays in its own column, so it covers no cell, except on a wide screen whose
// view cuts it off at the right: there it is brought in, just far enough, on a pale card.

import { svgElement } from "./common.js";

const LEGENDS = "g.legend, g.threat-legend, g.advice-legend";  // the root svg's children
const GAP = 8;  // px between the buttons and the legend
const WIDE = 1000;  // a box at least this wide keeps a legend it cuts off in view ...
const SHARE = 0.3;  // ... when it takes at most this share of the box's width

export function keepLegendClear(box, tools) {
  // Each place is read as the layout has it, with no write before the reads, and written only
  // when it changed: the legend's own rectangle is its children's but the card, less the move
  // this module gave it. (Taking the move and the card off first, then reading, laid the
  // picture out twice in a settle's frame, 12-35 ms at CPU 4× on a 100 × 100 map, and again
  // for the card's box.)
  function place() {
    const svg = box.querySelector(":scope > svg");
    // the root's children, not a search of the picture's thousands of nodes
    const groups = svg ? [...svg.children].filter((node) => node.matches(LEGENDS)) : [];
    const legend = groups.find((node) => node.matches("g.legend"));
    if (!legend || !tools) return;
    const matrix = svg.getScreenCTM();
    const t = tools.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (!matrix || !t.width) return;
    const scale = Math.hypot(matrix.a, matrix.b) || 1;
    const [mx, my] = moveOf(legend).map((n) => n * scale);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const child of legend.children) {
      if (child.matches("rect.legend-backdrop")) continue;
      const r = child.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      x0 = Math.min(x0, r.left - mx); x1 = Math.max(x1, r.right - mx);
      y0 = Math.min(y0, r.top - my); y1 = Math.max(y1, r.bottom - my);
    }
    if (!(x1 > x0)) return;
    const l = { left: x0, right: x1, top: y0, bottom: y1, width: x1 - x0 };
    // a legend the view cuts off on a wide screen is brought in at its right edge, when it is
    // small there (its halo keeps it readable over the cells it then covers)
    let dx = 0;
    if (b.width >= WIDE && l.width <= b.width * SHARE && l.left < b.right && l.right > b.right) {
      dx = b.right - GAP - l.right;
    }
    const [left, right] = [l.left + dx, l.right + dx];
    const meet = left < t.right && right > t.left && l.top < t.bottom && l.bottom > t.top;
    const dy = meet ? t.bottom + GAP - l.top : 0;
    const move = dx || dy
      ? `translate(${(dx / scale).toFixed(1)} ${(dy / scale).toFixed(1)})` : null;
    // only what changed is written (each write lays the legend out again)
    const backed = groups.some((g) => g.querySelector(":scope > rect.legend-backdrop"));
    if (groups.every((g) => g.getAttribute("transform") === move) && backed === !!dx) return;
    for (const g of groups) g.querySelector(":scope > rect.legend-backdrop")?.remove();
    for (const group of groups) {
      if (move) group.setAttribute("transform", move);
      else group.removeAttribute("transform");
      if (dx) backdrop(group);
    }
  }
  // a legend brought over the cells gets a pale card behind it
  function backdrop(group) {
    const b = group.getBBox();
    if (!b.width) return;
    const pad = 4;
    group.prepend(svgElement(group.namespaceURI, "rect", { class: "legend-backdrop",
      x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad, rx: 4,
      fill: "#fff", "fill-opacity": 0.88 }));
  }
  box.addEventListener("wingbeat:view", place);
  box.addEventListener("wingbeat:map-drawn", place);
  new MutationObserver(() => requestAnimationFrame(() => place())).observe(box,
    { childList: true });
  window.addEventListener("resize", () => requestAnimationFrame(() => place()));
  place();
  return place;
}

// The move (translate x y, in the picture's units) this module gave a legend.
function moveOf(group) {
  const found = /translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)/.exec(
    group.getAttribute("transform") || "");
  return found ? [Number(found[1]), Number(found[2])] : [0, 0];
}
