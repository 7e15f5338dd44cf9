// The grid's cells by arithmetic: every cell's centre and outline read once from its shape's
// attributes (no layout), in a bucket grid, so the cell under a point, a cell's centre and the
// keyboard's neighbour are look-ups. Why: a large map's far cells leave the layout (zoom.js,
// display: none) and a cell out of the layout is neither hit by the pointer nor has a box on
// the screen; and a hit test or a box read lays out what a settle just changed. Exact on hexes
// and squares: the nearest centre's cell, if its outline holds the point. Tabletop maps have no
// cells (every answer is null there).

const indexes = new WeakMap();  // svg -> the index below

// A cell's shape's outline from its attributes: { x, y, size, ring } (ring: the polygon's
// points, or null for a rectangle [x0, y0, x1, y1] in `rect`); the box read from the layout
// only for another shape (a path, or one with a transform).
function outline(cell) {
  return shapeOutline(cell.querySelector("polygon, rect, path") || cell);
}
function shapeOutline(shape) {
  if (shape.localName === "polygon" && !shape.hasAttribute("transform")) {
    const n = (shape.getAttribute("points") || "").trim().split(/[\s,]+/).map(Number);
    if (n.length >= 6 && n.every(Number.isFinite)) {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; i + 1 < n.length; i += 2) {
        x0 = Math.min(x0, n[i]); x1 = Math.max(x1, n[i]);
        y0 = Math.min(y0, n[i + 1]); y1 = Math.max(y1, n[i + 1]);
      }
      return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, w: x1 - x0, h: y1 - y0, ring: n };
    }
  } else if (shape.localName === "rect" && !shape.hasAttribute("transform")) {
    const [x, y, w, h] = ["x", "y", "width", "height"].map((k) => Number(shape.getAttribute(k) || 0));
    if (w > 0 && h > 0 && [x, y].every(Number.isFinite)) {
      return { x: x + w / 2, y: y + h / 2, w, h, ring: null };
    }
  }
  const b = shape.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width, h: b.height, ring: null };
}

/**
 * A shape's box in the picture's units ({x, y, width, height}, as getBBox() says it) from its
 * attributes: a cell out of the layout (zoom.js, wb-off: its shapes display: none) has no box
 * in the layout, and getBBox() would answer zeros for it. (The layout's box for another shape.)
 */
export function shapeBox(shape) {
  const o = shapeOutline(shape);
  return { x: o.x - o.w / 2, y: o.y - o.h / 2, width: o.w, height: o.h };
}

// Whether (px, py) lies in the polygon ring [x0, y0, x1, y1, …] (its edge included).
function inside(ring, px, py) {
  let hit = false;
  const n = ring.length - (ring.length % 2);
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const [xi, yi, xj, yj] = [ring[i], ring[i + 1], ring[j], ring[j + 1]];
    if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit;
  }
  if (hit) return true;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {  // on an edge (within a hundredth)
    const [ax, ay, bx, by] = [ring[j], ring[j + 1], ring[i], ring[i + 1]];
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
    if (Math.hypot(ax + t * dx - px, ay + t * dy - py) < 0.01) return true;
  }
  return false;
}

/**
 * The index of svg's cells (g.cell), built once per set of cells: { list, x, y, size, shapes,
 * byLabel, buckets }. A picture redrawn in place (its cells replaced) is indexed anew.
 */
export function cellIndex(svg) {
  const known = indexes.get(svg);
  if (known && (!known.list.length || (known.list[0].isConnected &&
      known.list[known.list.length - 1].isConnected &&
      known.list[0].parentNode === known.group))) return known;
  const list = [...svg.querySelectorAll("g.cell")];
  const x = new Float64Array(list.length);
  const y = new Float64Array(list.length);
  const shapes = new Array(list.length);
  const byLabel = new Map();
  let size = 0;
  list.forEach((cell, i) => {
    const o = outline(cell);
    x[i] = o.x;
    y[i] = o.y;
    shapes[i] = o;
    size = Math.max(size, o.w, o.h);
    const label = cell.getAttribute("data-cell");
    if (label !== null && !byLabel.has(label)) byLabel.set(label, i);
  });
  size = size || 1;
  const buckets = new Map();
  for (let i = 0; i < list.length; i++) {
    const key = `${Math.floor(x[i] / size)},${Math.floor(y[i] / size)}`;
    if (!buckets.has(key)) buckets.set(key, []);
    buckets.get(key).push(i);
  }
  const index = { list, x, y, size, shapes, byLabel, buckets,
    group: list.length ? list[0].parentNode : null };
  indexes.set(svg, index);
  return index;
}

/** Drop svg's index: its cells changed (the next question indexes them anew). */
export function forgetCells(svg) {
  if (svg) indexes.delete(svg);
}

// The index of the cell (with a data-cell) whose centre is nearest (ux, uy), within `reach`
// of it, or -1.
function nearest(index, ux, uy, reach) {
  const { size, buckets, x, y, list } = index;
  const bx = Math.floor(ux / size);
  const by = Math.floor(uy / size);
  let best = -1;
  let bestDistance = reach;
  for (let i = -1; i <= 1; i++) {
    for (let j = -1; j <= 1; j++) {
      for (const k of buckets.get(`${bx + i},${by + j}`) || []) {
        const d = Math.hypot(x[k] - ux, y[k] - uy);
        if (d < bestDistance && list[k].hasAttribute("data-cell")) { bestDistance = d; best = k; }
      }
    }
  }
  return best;
}

/**
 * The cell (g.cell[data-cell]) of svg under the point (ux, uy) in the picture's units, or null:
 * the nearest centre's cell if its outline holds the point (exact on hexes and squares).
 */
export function cellAtUnits(svg, ux, uy) {
  const index = cellIndex(svg);
  const k = nearest(index, ux, uy, index.size);
  if (k < 0) return null;
  const o = index.shapes[k];
  const held = o.ring ? inside(o.ring, ux, uy)
    : Math.abs(ux - o.x) <= o.w / 2 + 0.01 && Math.abs(uy - o.y) <= o.h / 2 + 0.01;
  return held ? index.list[k] : null;
}

/** The label of the cell nearest (ux, uy) within `share` of a cell's size, or null (a drag's
 * place: a pointer just off the map's edge still names the edge's cell). */
export function labelNear(svg, ux, uy, share = 0.75) {
  const index = cellIndex(svg);
  const k = nearest(index, ux, uy, index.size * share);
  return k < 0 ? null : index.list[k].getAttribute("data-cell");
}

// The picture's units of a client point (the svg's screen matrix: no layout left to do once a
// frame is drawn; null if it has none).
export function unitsOf(svg, clientX, clientY) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const inv = m.inverse();
  return { x: inv.a * clientX + inv.c * clientY + inv.e, y: inv.b * clientX + inv.d * clientY + inv.f };
}

/** The cell of svg under the client point (x, y), or null. */
export function cellAtClient(svg, clientX, clientY) {
  const p = unitsOf(svg, clientX, clientY);
  return p ? cellAtUnits(svg, p.x, p.y) : null;
}

/**
 * The cell an event's target and client point name: the cell hit if it is laid out (what the
 * user sees), else, over the map's own ground (the svg, its cells' group, or the picture's
 * background rect under them, which takes the pointer where cells are out of the layout), the
 * cell there by arithmetic.
 */
export function cellUnder(target, clientX, clientY) {
  if (!target || !target.closest) return null;
  const hit = target.closest("g.cell[data-cell]");
  if (hit) return hit;
  const svg = target.closest("svg");
  if (!svg || svg.classList.contains("table-map")) return null;
  const ground = target === svg || target.matches("g.cells") ||
    (target.localName === "rect" && target.parentNode === svg);
  return ground ? cellAtClient(svg, clientX, clientY) : null;
}

/** A cell's centre and size { x, y, size } in the picture's units, from the index. */
export function centreOf(cell) {
  const svg = cell.ownerSVGElement;
  const index = svg && cellIndex(svg);
  const label = cell.getAttribute("data-cell");
  let k = index && label !== null ? index.byLabel.get(label) : undefined;
  if (k === undefined || (index && index.list[k] !== cell)) k = index ? index.list.indexOf(cell) : -1;
  if (k < 0) { const o = outline(cell); return { x: o.x, y: o.y, size: Math.max(o.w, o.h) }; }
  const o = index.shapes[k];
  return { x: o.x, y: o.y, size: Math.max(o.w, o.h) };
}

/** The centre { x, y, size } of svg's cell labelled `label`, or null. */
export function centreOfLabel(svg, label) {
  const index = cellIndex(svg);
  const k = index.byLabel.get(label);
  if (k === undefined) return null;
  const o = index.shapes[k];
  return { x: o.x, y: o.y, size: Math.max(o.w, o.h) };
}

/** The box [x0, y0, x1, y1] of svg's cells' outlines (null without cells). */
export function cellsBox(svg, filter = null) {
  const { list, shapes } = cellIndex(svg);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < list.length; i++) {
    if (filter && !filter(list[i])) continue;
    const o = shapes[i];
    x0 = Math.min(x0, o.x - o.w / 2); x1 = Math.max(x1, o.x + o.w / 2);
    y0 = Math.min(y0, o.y - o.h / 2); y1 = Math.max(y1, o.y + o.h / 2);
  }
  return x0 <= x1 ? [x0, y0, x1, y1] : null;
}

/**
 * The screen box { left, top, right, bottom } (client pixels) of svg's cell labelled `label`,
 * from its outline and the svg's screen matrix: a cell out of the layout has no box of its own.
 */
export function screenBoxOf(svg, label) {
  const c = centreOfLabel(svg, label);
  const m = c && svg.getScreenCTM();
  if (!m) return null;
  const o = cellIndex(svg).shapes[cellIndex(svg).byLabel.get(label)];
  const at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
  const [a, b] = [at(o.x - o.w / 2, o.y - o.h / 2), at(o.x + o.w / 2, o.y + o.h / 2)];
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y) };
}
