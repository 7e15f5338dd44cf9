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
  // What a settle's placing needs, read once and kept (a read of the layout just after the view
  // changed lays the whole picture out on the spot: 12-35 ms of a settle's frame at CPU 4× on a
  // 100 × 100 map): the legend's box in the picture's units (per legend drawn), and the box's
  // and the buttons' rectangles (until either is resized).
  const legendBox = new WeakMap();
  let frame = null;   // { b, t }: the box's and the buttons' client rectangles
  const forget = () => { frame = null; };
  function place(event) {
    const svg = box.querySelector(":scope > svg");
    // the root's children, not a search of the picture's thousands of nodes
    const groups = svg ? [...svg.children].filter((node) => node.matches(LEGENDS)) : [];
    const legend = groups.find((node) => node.matches("g.legend"));
    if (!legend || !tools) return;
    // the view the page settled on (zoom.js's data-view, in the picture's units): the legend's
    // place on screen follows from it without a read of the layout
    const said = event && event.type === "wingbeat:view" && frame && legendBox.has(legend)
      ? String(box.dataset.view || "").split(" ").map(Number) : null;
    let l;
    let b;
    let t;
    let scale;
    if (said && said.length === 4 && said.every(Number.isFinite) && said[2] > 0) {
      ({ b, t } = frame);
      scale = b.width / said[2];
      const u = legendBox.get(legend);
      const left = b.left + (u.x - said[0]) * scale;
      const top = b.top + (u.y - said[1]) * scale;
      l = { left, top, right: left + u.width * scale, bottom: top + u.height * scale,
        width: u.width * scale };
    } else {
      for (const group of groups) group.removeAttribute("transform");
      for (const g of groups) g.querySelector(":scope > rect.legend-backdrop")?.remove();
      l = legend.getBoundingClientRect();
      t = tools.getBoundingClientRect();
      b = box.getBoundingClientRect();
      const matrix = svg.getScreenCTM();
      if (!matrix || !l.width || !t.width) return;
      scale = Math.hypot(matrix.a, matrix.b) || 1;
      const u = legend.getBBox();
      legendBox.set(legend, { x: u.x, y: u.y, width: u.width, height: u.height });
      frame = { b, t };
    }
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
  new MutationObserver(() => requestAnimationFrame(() => place())).observe(box, { childList: true });
  // resized (the window, the drawer): read again, after the view's own settle
  const again = () => { forget(); requestAnimationFrame(() => place()); };
  window.addEventListener("resize", again);
  const resized = new ResizeObserver(again);
  resized.observe(box);
  if (tools) resized.observe(tools);
  place();
  return place;
}
