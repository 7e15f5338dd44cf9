// The picture's legend clear of the map's buttons (issue 26): the render draws the legend in a
// column right of the map, and the view's buttons (zoom.js's toolbar) float over the box's
// top-right corner, so a view that shows the map's right edge put the legend under them. Each
// time the view settles ("wingbeat:view") or a picture comes, the legend (with the threat and
// advice legends drawn below it, threat.js) is moved down just below the buttons when they
// would meet; it stays in its own column, so it covers no cell, except on a wide screen whose
// view cuts it off at the right: there it is brought in, just far enough, on a pale card.

import { svgElement } from "./common.js";

const LEGENDS = ":scope > g.legend, :scope > g.threat-legend, :scope > g.advice-legend";
const GAP = 8;  // px between the buttons and the legend
const WIDE = 1000;  // a box at least this wide keeps a legend it cuts off in view ...
const SHARE = 0.3;  // ... when it takes at most this share of the box's width

export function keepLegendClear(box, tools) {
  function place() {
    const svg = box.querySelector(":scope > svg");
    const legend = svg && svg.querySelector(":scope > g.legend");
    if (!legend || !tools) return;
    const groups = [...svg.querySelectorAll(LEGENDS)];
    for (const group of groups) group.removeAttribute("transform");
    for (const old of svg.querySelectorAll("rect.legend-backdrop")) old.remove();
    const l = legend.getBoundingClientRect();
    const t = tools.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const matrix = svg.getScreenCTM();
    if (!matrix || !l.width || !t.width) return;
    // a legend the view cuts off on a wide screen is brought in at its right edge, when it is
    // small there (its halo keeps it readable over the cells it then covers)
    let dx = 0;
    if (b.width >= WIDE && l.width <= b.width * SHARE && l.left < b.right && l.right > b.right) {
      dx = b.right - GAP - l.right;
    }
    const [left, right] = [l.left + dx, l.right + dx];
    const meet = left < t.right && right > t.left && l.top < t.bottom && l.bottom > t.top;
    const dy = meet ? t.bottom + GAP - l.top : 0;
    if (!dx && !dy) return;
    const scale = Math.hypot(matrix.a, matrix.b) || 1;
    const move = `translate(${(dx / scale).toFixed(1)} ${(dy / scale).toFixed(1)})`;
    for (const group of groups) {
      group.setAttribute("transform", move);
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
  new MutationObserver(() => requestAnimationFrame(place)).observe(box, { childList: true });
  window.addEventListener("resize", () => requestAnimationFrame(place));
  place();
  return place;
}
