// The picture's legend clear of the map's buttons (issue 26): the render draws the legend in a
// column right of the map, and the view's buttons (zoom.js's toolbar) float over the box's
// top-right corner, so a view that shows the map's right edge put the legend under them. Each
// time the view settles ("wingbeat:view") or a picture comes, the legend (with the threat and
// advice legends drawn below it, threat.js) is moved down just below the buttons when they
// would meet; it stays in its own column, so it covers no cell.

const LEGENDS = ":scope > g.legend, :scope > g.threat-legend, :scope > g.advice-legend";
const GAP = 8;  // px between the buttons and the legend

export function keepLegendClear(box, tools) {
  function place() {
    const svg = box.querySelector(":scope > svg");
    const legend = svg && svg.querySelector(":scope > g.legend");
    if (!legend || !tools) return;
    const groups = [...svg.querySelectorAll(LEGENDS)];
    for (const group of groups) group.removeAttribute("transform");
    const l = legend.getBoundingClientRect();
    const t = tools.getBoundingClientRect();
    const matrix = svg.getScreenCTM();
    if (!matrix || !l.width || !t.width) return;
    const meet = l.left < t.right && l.right > t.left && l.top < t.bottom && l.bottom > t.top;
    if (!meet) return;
    const dy = (t.bottom + GAP - l.top) / (Math.hypot(matrix.a, matrix.b) || 1);
    for (const group of groups) group.setAttribute("transform", `translate(0 ${dy.toFixed(1)})`);
  }
  box.addEventListener("wingbeat:view", place);
  box.addEventListener("wingbeat:map-drawn", place);
  new MutationObserver(() => requestAnimationFrame(place)).observe(box, { childList: true });
  window.addEventListener("resize", () => requestAnimationFrame(place));
  place();
  return place;
}
