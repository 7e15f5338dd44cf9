// The board's viewport, on both pages: the server's SVG covers the map box (and a margin round
// it, clipped by the box) and the view is its viewBox. The wheel zooms about the pointer, two fingers pinch, a drag on the map pans (the
// click that ends a drag chooses nothing), the buttons and keys zoom, pan, frame the action or
// show the whole map. During a gesture only a CSS transform moves the picture (the compositor's
// work, no layout); a few quiet frames later the view is settled: the viewBox is set, the
// transform dropped, the level of detail recomputed and "wingbeat:view" said on the box.
// Zoomed out on a large map, the cells are one bitmap with the cells hidden over it (below).
// Chosen by measurement (benchmarks/page.py --board, docs/web.md "The board's drawing").
//
// Hooks: the box carries data-wb-map, dataset.view (the settled view, "x y w h" in the
// picture's units: the svg's own viewBox spans a margin round it), dataset.zoom (1 = the whole
// map in view), dataset.gesture ("wheel", "pan", "pinch" while one lasts), dataset.coarse
// (the cells shown as a bitmap) and dataset.wbHover (the cell, or the table's "x,y", under the
// pointer). A pointerdown whose default was prevented (a token picked for a
// drag) never pans. A new picture with the same natural viewBox keeps the view; another one
// (a new scenario) opens framed on the action: the svg's data-wb-focus ("x y w h"), else its
// tokens ([data-wb-token]) with a margin.

import { t } from "./i18n.js";
import { cellIndex, cellUnder, cellsBox, forgetCells } from "./cellindex.js";
const STEP = 1.25;       // a button's or a key's zoom
const MAX_PX = 6;        // the most screen pixels per SVG unit (a 12-unit label at 72 px)
const MIN_CELLS = 9;      // the opening view spans at least this many cells each way
const MAX_ZOOM = 8;      // ... or 8 × the whole map, whichever is larger
const DRAG = 5;          // pixels a pointer moves before a press is a drag, not a click
const QUIET = 4;         // frames without input that settle a gesture
const TOUCH_CELL = 44;   // on a narrow screen the opening view gives a cell this many pixels
const LOD_PX = 12;       // texts smaller than this on screen are hidden
const LOD_CLASSES = ["label", "cost", "best-altitude", "note"];
const CULL_FROM = 300;   // a map of more cells than this keeps only those near the view drawn
const TEXTS_FROM = 2000; // ... and of more than this only the texts of the cells in view
const MARGIN = 0.5;      // ... those within this many views' widths and heights of it
const PAN_KEEP = 0.75;   // a pan's settle within this share of the margin keeps the viewBox
const KEEP_UP = 1.5;    // ... and a zoom's, up to this many times the scale laid out (below)
const BUDGET = 80;       // a frame's changes after a settle: a cell shown or hidden 1, its texts 5
const BUDGETS = [20, 400]; // ... the least and the most: halved after a frame over 25 ms,
                           // grown by a quarter after one under 20 ms
const TEXT_COST = 5;
const CHUNK_MS = 6;      // ... and at most this much script a frame (performance.now())
const COARSE_FROM = CULL_FROM;  // a map of more cells than this is a bitmap when zoomed out:
const COARSE_PIXELS = 300000;   // ... of this many pixels (a larger one made every frame's
                                // commit slower: 0.3 Mpx 44 ms a run, 0.5 150, 1 220, 4 1,850)
const COARSE_STRETCH = 1.75;    // ... shown up to this many screen pixels a bitmap pixel
// a large map's cell states (zoom.js's classes on its g.cell): hidden; texts shown; texts left
// out by the level of detail
const OFF = 1;
const NEAR = 2;
const CELL_TEXT = { label: 4, cost: 8 };
const ALL_TEXT = 4 | 8;
const MUTE = 16;         // a smaller map's cell whose texts are left out for now
const STATES = ["wb-off", "wb-near", "wb-no-label", "wb-no-cost", "wb-mute"];  // bit k

const natural = new WeakMap();  // svg → [x, y, w, h] as the server drew it

function parseBox(text) {
  const parts = String(text || "").trim().split(/[\s,]+/).map(Number);
  return parts.length === 4 && parts.every(Number.isFinite) && parts[2] > 0 && parts[3] > 0
    ? parts : null;
}

export function zoomable(box) {
  box.dataset.wbMap = "";
  let svg = null;
  let whole = null;       // the natural viewBox of the picture shown
  let view = null;        // the settled view: { x, y, s } (top-left in SVG units, px per unit)
  let live = null;        // the view during a gesture (the transform shows it)
  let quiet = 0;
  let ticking = false;
  let written = null;     // the viewBox this module last set (its own mutation is no news)
  let drawn = null;       // the picture laid out: the box's corner { x, y } at scale s for a
                          // box w × h, and the svg's extent ex, ey (box pixels)
  const pointers = new Map();
  let pinch = null;       // { distance, mid, view } when two pointers are down
  let drag = null;        // { x, y, view, moved, down } while one is
  let swallow = false;

  // the box's size and place, read once a settle (a read during a gesture would lay out the
  // picture the transform just moved: hundreds of milliseconds on a large map)
  let dims = null;
  let frameRect = null;
  const size = () => dims ||
    (dims = { w: Math.max(1, box.clientWidth), h: Math.max(1, box.clientHeight) });
  const fitScale = (b) => { const { w, h } = size(); return Math.min(w / b[2], h / b[3]); };
  const minScale = () => fitScale(whole) * 0.8;
  const maxScale = () => Math.max(MAX_PX, fitScale(whole) * MAX_ZOOM);
  const clampScale = (s) => Math.min(maxScale(), Math.max(minScale(), s));

  // A view with the box (x, y, w, h, in SVG units) centred in it, as large as fits.
  function framing(b, least = 0) {
    const { w, h } = size();
    const s = clampScale(Math.max(least, fitScale(b)));
    return { x: b[0] + b[2] / 2 - w / 2 / s, y: b[1] + b[3] / 2 - h / 2 / s, s };
  }

  // Keep some of the map in view: the view's centre stays within the map.
  function clamp(v) {
    const { w, h } = size();
    const s = clampScale(v.s);
    const cx = Math.min(whole[0] + whole[2], Math.max(whole[0], v.x + w / 2 / v.s));
    const cy = Math.min(whole[1] + whole[3], Math.max(whole[1], v.y + h / 2 / v.s));
    return { x: cx - w / 2 / s, y: cy - h / 2 / s, s };
  }

  // The box of the action: the server's data-wb-focus, else the tokens and the reach drawn
  // (the cells it colours), with a margin.
  function action() {
    return roomy(focusBox());
  }

  // Two creatures side by side are no view of a fight: the action's box spans at least
  // MIN_CELLS cells each way (centred on it), so the board round them is seen too.
  function roomy(b) {
    const { list, shapes } = cellIndex(svg);  // (cellindex.js: from attributes, no layout)
    if (!list.length || b === whole) return b;
    const least = MIN_CELLS * Math.max(shapes[0].w, shapes[0].h);
    const w = Math.max(b[2], least);
    const h = Math.max(b[3], least);
    return [b[0] - (w - b[2]) / 2, b[1] - (h - b[3]) / 2, w, h];
  }

  // The tokens' box in SVG units ([x0, y0, x1, y1]), from the DOM; null without tokens.
  function tokensBox() {
    const tokens = [...svg.querySelectorAll("[data-wb-token]")];
    const matrix = svg.getScreenCTM();
    if (!tokens.length || !matrix) return null;
    const inverse = matrix.inverse();
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const token of tokens) {
      const r = token.getBoundingClientRect();
      for (const [cx, cy] of [[r.left, r.top], [r.right, r.bottom]]) {
        const p = new DOMPoint(cx, cy).matrixTransform(inverse);
        x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y);
        x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
      }
    }
    return [x0, y0, x1, y1];
  }

  // The opening view shows no blank beyond the picture where the picture could fill it (a
  // wide screen framed on the reach showed an empty band and cut the legend off), and, when
  // the action is larger than the view (a phone's finger-wide cells), keeps the creatures in
  // it (a phone showed half a token at the edge).
  function opening(v) {
    const { w, h } = size();
    const span = [w / v.s, h / v.s];
    const at = [v.x, v.y];
    const tokens = tokensBox();
    for (const k of [0, 1]) {
      const [lo, extent] = [whole[k], whole[k + 2]];
      if (span[k] >= extent) at[k] = lo + extent / 2 - span[k] / 2;
      else at[k] = Math.min(lo + extent - span[k], Math.max(lo, at[k]));
      if (!tokens) continue;
      const margin = Math.min(span[k] / 10, (span[k] - (tokens[k + 2] - tokens[k])) / 2);
      if (margin < 0) continue;  // the creatures are wider than the view: the action's centre
      if (tokens[k] - margin < at[k]) at[k] = tokens[k] - margin;
      else if (tokens[k + 2] + margin > at[k] + span[k]) at[k] = tokens[k + 2] + margin - span[k];
    }
    return { x: at[0], y: at[1], s: v.s };
  }

  function focusBox() {
    const said = parseBox(svg.getAttribute("data-wb-focus"));
    if (said) return said;
    const found = tokensBox();
    if (!found) return whole;
    let [x0, y0, x1, y1] = found;
    const add = (x, y) => {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    };
    const reach = cellsBox(svg, (cell) => cell.classList.contains("reach"));
    if (reach) { add(reach[0], reach[1]); add(reach[2], reach[3]); }
    const margin = Math.max(x1 - x0, y1 - y0, whole[2] / 8, whole[3] / 8) * 0.1;
    return [x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin];
  }

  // On a narrow screen the opening view is at least large enough for a cell to take a finger.
  function touchScale() {
    if (size().w >= 800) return 0;
    const { list, shapes } = cellIndex(svg);
    if (!list.length) return 0;
    const b = shapes[0];
    return b.w > 0 ? TOUCH_CELL / Math.min(b.w, b.h || b.w) : 0;
  }

  function frameAction(mute = true) {
    if (!svg) return;
    settle(clamp(opening(framing(action(), touchScale()))), mute === true);
  }

  function wholeMap() {
    if (!svg) return;
    settle(framing(whole));
  }

  // The view settled: the viewBox set, the transform dropped, the detail recomputed.
  // `mute`: a user's zoom (not a new picture, nor the box resized), whose texts out of the new
  // view are left out at once and laid out again a few at a time (mute(), below).
  function settle(v, mute = true) {
    live = null;
    pinch = pinch && { ...pinch, view: v };
    const rescaled = view && Math.abs(v.s / view.s - 1) > 1e-9;
    view = v;
    if (!svg) return;
    const { w, h } = size();
    // The svg spans the box and MARGIN boxes round it, and clips there: a gesture's transform
    // shows the cells near the view, not a blank, and the composited layer stays that size
    // (unclipped, a deep zoom made it the whole map's size at that zoom, and each frame of a
    // zoom out then cost Chromium 20-50 ms at CPU 4× to lay the layer's paint out again).
    const [mw, mh] = [MARGIN * w, MARGIN * h];
    // A user's pan or zoom keeps the scale the cells and their texts are laid out at (the
    // viewBox's), the transform moving and scaling the picture drawn (painted anew at rest, so
    // sharp): a viewBox at a new scale makes Chromium lay out every cell's shapes and the texts
    // shown again, 17-50 ms of a zoom's settle at CPU 4× (SVG lays its content out again when
    // the root's scale changes, not when it only moves or a CSS transform scales it). Kept while
    // the new scale is at most KEEP_UP times the one laid out (glyphs set small and drawn large
    // drift apart) and the svg, the box and its margin as laid out, still covers the box and a
    // quarter of the margin round it once scaled: as it is when it does where it is (a pan's or
    // a small zoom's settle, the compositor's work), else placed anew round the view at the same
    // scale (its viewBox moved, not rescaled). Otherwise it is laid out at the new scale.
    // (Tried and dropped: the svg made 2^n times larger so that a zoom out by any factor kept
    // the layout scale: Chromium's frames waited on the raster of the larger layer, docs/web.md.)
    const k = drawn ? v.s / drawn.s : 1;
    const [tx, ty] = drawn ? [Math.round((drawn.x - v.x) * v.s), Math.round((drawn.y - v.y) * v.s)]
      : [0, 0];
    const slack = 1 - PAN_KEEP;
    const keep = mute && keepsScale(v.s);
    const showsMore = keep && mutes(v.s);  // (before detail() below shows them)
    // the svg's edges [near, far] (box pixels as laid out) on screen under the transform t, k
    const covers = (t, [lo, hi], m, extent) => t + k * lo <= -slack * m &&
      t + k * hi >= extent + slack * m;
    const scaled = (x, y, r) => (Math.abs(r - 1) < 1e-9 ? `translate(${x}px, ${y}px)`
      : `translate(${x}px, ${y}px) scale(${r})`);
    if (keep && covers(tx, drawn.ex, mw, w) && covers(ty, drawn.ey, mh, h)) {
      svg.style.transform = scaled(tx, ty, k);
      view = v = { x: drawn.x - tx / v.s, y: drawn.y - ty / v.s, s: v.s };  // as it is shown
    } else {
      const d = keep ? drawn.s : v.s;
      const [W, H] = [w + 2 * mw, h + 2 * mh];
      // the svg spans [ex0, ex0 + W] box pixels as laid out (the box's corner at 0); kept,
      // it is centred on the box once the transform k scales it about that corner
      const ex0 = keep ? Math.round((w / 2 - tx) / k - W / 2) : -mw;
      const ey0 = keep ? Math.round((h / 2 - ty) / k - H / 2) : -mh;
      const [ox, oy] = keep ? [drawn.x, drawn.y] : [v.x, v.y];  // the box's corner, in units
      Object.assign(svg.style, { left: `${ex0}px`, top: `${ey0}px`, width: `${W}px`,
        height: `${H}px`, transformOrigin: `${-ex0}px ${-ey0}px` });
      // (the same size as laid out, r3 of the same numbers: the scale is bit for bit the same)
      written = `${r3(ox + ex0 / d)} ${r3(oy + ey0 / d)} ${r3(W / d)} ${r3(H / d)}`;
      svg.setAttribute("viewBox", written);
      svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
      // (an identity transform, not none: its coming and going relaid the whole picture out)
      svg.style.transform = keep ? scaled(tx, ty, k) : "translate(0px, 0px)";
      if (keep) view = v = { x: ox - tx / v.s, y: oy - ty / v.s, s: v.s };
      drawn = { x: ox, y: oy, s: d, w, h, ex: [ex0, ex0 + W], ey: [ey0, ey0 + H] };
    }
    const shown = [v.x, v.y, w / v.s, h / v.s].map(r3);
    box.dataset.view = shown.join(" ");
    // no layer of its own at rest (kept between gestures, it saved a repaint as a pan began but
    // drew the small texts blurred)
    svg.style.willChange = "";
    frameRect = null;
    box.dataset.zoom = String(Math.round((v.s / fitScale(whole)) * 100) / 100);
    box.classList.toggle("zoomed", v.s > fitScale(whole) * 1.01);
    detail(v.s);
    coarsen();
    // (at a new scale, those in view too: the settle's frame then lays out the cells' shapes
    // and no text of theirs, and their texts come back from the next frame on, nearest the
    // view's centre first, a few cells a frame)
    if (mute && rescaled && (!keep || showsMore)) quieten(v, !keep);
    if (!mute) showNear(v);
    cullSoon();
    delete box.dataset.gesture;
    rehoverSoon();
    box.dispatchEvent(new CustomEvent("wingbeat:view", { detail: {
      viewBox: shown, scale: v.s, zoom: Number(box.dataset.zoom) } }));
  }

  // Whether a user's view at scale s settles at the scale laid out (settle()): its texts then
  // need no layout again, and those out of the view are left out for it only when the level
  // of detail shows a kind of text more (those of the cells in view are laid out first).
  function keepsScale(s) {
    if (!drawn || !svg) return false;
    const { w, h } = size();
    const k = s / drawn.s;
    return drawn.w === w && drawn.h === h && k <= KEEP_UP &&
      k * (1 + 2 * MARGIN) >= 1 + 2 * MARGIN * (1 - PAN_KEEP) &&
      svg.getAttribute("viewBox") === written;
  }

  const mutes = (s) => !keepsScale(s) || LOD_CLASSES.some((name) => {
    if (!svg.classList.contains(`lod-no-${name}`) &&
        !svg.classList.contains(`wb-lod-no-${name}`)) return false;
    const sample = svg.querySelector(`text.${name}`);
    return !!sample && (parseFloat(sample.getAttribute("font-size") || "12") || 12) * s >=
      LOD_PX - 0.01;
  });

  // Texts under 12 px on screen are hidden, a class at a time (each has one size): on a small
  // map by a class on the svg (lod-no-label …); on a large one the cells' texts go by the
  // cells' own classes (below), the svg saying the level as wb-lod-no-label … (a class on the
  // svg that CSS follows restyles every text of the map: thousands at once).
  let hidden = 0;     // the kinds of cell text (CELL_TEXT bits) the level of detail hides
  let textless = false;  // ... and whether it hides every text the cells have
  function detail(s) {
    hidden = 0;
    textless = true;
    for (const name of LOD_CLASSES) {
      const sample = svg.querySelector(`text.${name}`);
      const bit = CELL_TEXT[name] || 0;
      const [mine, other] = cells && cells.texts && bit ? [`wb-lod-no-${name}`, `lod-no-${name}`]
        : [`lod-no-${name}`, `wb-lod-no-${name}`];
      svg.classList.remove(other);
      if (!sample) { svg.classList.remove(mine); continue; }
      const font = parseFloat(sample.getAttribute("font-size") ||
        getComputedStyle(sample).fontSize) || 12;
      const off = font * s < LOD_PX - 0.01;
      // a smaller map's kind of cell text shown again: held in every cell first, and brought
      // back a few cells a frame, those in view first (cull()), not all laid out in one frame
      if (!off && bit && cells && !cells.texts && svg.classList.contains(mine)) hold(bit);
      svg.classList.toggle(mine, off);
      if (off) hidden |= bit;
      else textless = false;
    }
  }

  // Every cell of a smaller map whose texts show is given wb-no-label (or wb-no-cost): a
  // restyle, no layout (the texts stay out). At the harpy's 400 cells, all its labels laid out
  // at once took 46-92 ms of one settle at CPU 4×.
  function hold(bit) {
    const { list, state } = cells;
    const name = STATES[Math.log2(bit)];
    for (let i = 0; i < state.length; i++) {
      // (a cell out of the layout shows no text: the culling gives it its texts as it comes
      // back, and each class changed is one more restyle in this frame)
      if (state[i] & (bit | MUTE | OFF)) continue;
      state[i] |= bit;
      list[i].classList.add(name);
    }
  }

  // The kinds of text scale s hides that a class on the svg hides (a smaller map's), hidden
  // now: none is shown (laid out at the old scale, then at the new one).
  // And those it shows again are held in the cells already (hold(): a restyle, no change seen
  // while the svg's class still hides them), so the settle's frame only drops that class.
  function hideAhead(s) {
    if (!svg) return;
    for (const name of LOD_CLASSES) {
      if (cells && cells.texts && CELL_TEXT[name]) continue;  // the cells' own classes, in cull
      const sample = svg.querySelector(`text.${name}`);
      if (!sample) continue;
      const font = parseFloat(sample.getAttribute("font-size") ||
        getComputedStyle(sample).fontSize) || 12;
      const off = font * s < LOD_PX - 0.01;
      const was = svg.classList.contains(`lod-no-${name}`);
      if (off && !was) svg.classList.add(`lod-no-${name}`);
      else if (!off && was && cells && CELL_TEXT[name]) hold(CELL_TEXT[name]);
    }
  }

  // On a large map only the cells near the view are drawn: within MARGIN views' widths and
  // heights of it, the others hidden, not removed (the page's keys and overlays still find them
  // and their boxes), so a gesture's transform repaints hundreds of cells, not thousands; on a
  // larger one still (svg.wb-cull) only the cells in view show their texts (by the level of
  // detail), so a settle lays out hundreds of texts, not thousands. A cell's state is its
  // classes: wb-off (hidden), wb-near (its texts shown), wb-no-label, wb-no-cost (left out).
  let cells = null;   // { list, x, y, state } of the shown picture, when it is large
  let pending = [];   // the cells whose classes the last settle changes, the most urgent first
  let chunking = false;
  let due = false;    // a settle's changes still to be worked out
  function index() {
    cells = null;
    pending = [];
    scan = null;
    due = false;
    delete box.dataset.detail;
    // the picture redrawn in place around the same cells (a click's route): the bitmap stays
    const group = svg && svg.querySelector(":scope > g.cells");
    const keep = !!group && !!coarse.image && coarse.image.nextElementSibling === group &&
      !watchCells.takeRecords().length;
    if (!keep) forget();
    if (!svg) return;
    forgetCells(svg);  // (a picture redrawn in place: its cells anew)
    const found = cellIndex(svg);
    const list = found.list;
    const texts = list.length > TEXTS_FROM;
    svg.classList.toggle("wb-cull", texts);
    if (list.length <= CULL_FROM) return;
    const { x, y, size } = found;  // the cells' centres and size (cellindex.js, no layout)
    const state = new Uint8Array(list.length);
    list.forEach((cell, i) => {
      state[i] = STATES.reduce((bits, name, k) =>
        bits | (cell.classList.contains(name) ? 1 << k : 0), 0);
    });
    cells = { list, x, y, state, size, texts };
    if (keep) return;
    // only cells whose every text the level of detail hides (and no shape CSS or a transform
    // draws otherwise than its attributes say) can be shown as a picture of them
    coarse.able = !!group && list.length > COARSE_FROM &&
      !group.querySelector(`[transform], [style], text:not(${LOD_CLASSES.map((c) => "." + c)})`);
    coarse.fresh = coarse.able;
    if (coarse.able) watchCells.observe(group, { childList: true, subtree: true });
    prepare();
  }

  // What cell i should be in the view whose regions() are around, inside: its state and,
  // << 8, the bits that matter (one number: no array made per cell, 10,000 a settle on the
  // 100² map).
  function wanted(i, around, inside) {
    // the bitmap shows them (and a smaller map's texts muted for a zoom are let go: hidden
    // under it, a muted cell stayed muted, its texts left out once drawn again)
    if (coarse.on) return OFF | ((cells.texts ? OFF : OFF | MUTE) << 8);
    const { x, y } = cells;
    const far = x[i] < around[0] || x[i] > around[2] || y[i] < around[1] || y[i] > around[3];
    // a smaller map: far cells hidden, every text shown that the svg's level of detail shows
    // (those hold() held are let go)
    if (!cells.texts) return (far ? OFF : 0) | ((OFF | MUTE | (ALL_TEXT & ~hidden)) << 8);
    if (far) return OFF | (OFF << 8);
    if (!seen(i, inside) || (hidden & ALL_TEXT) === ALL_TEXT) return (OFF | NEAR) << 8;
    return NEAR | hidden | ((OFF | NEAR | ALL_TEXT) << 8);
  }
  const seen = (i, [a0, b0, a1, b1]) =>
    cells.x[i] >= a0 && cells.x[i] <= a1 && cells.y[i] >= b0 && cells.y[i] <= b1;

  // A zoom lays out again every text shown (SVG sets its glyphs at the screen's size): the
  // texts out of the new view are left out first (wb-mute; on a larger map, wb-near dropped),
  // which costs no layout, and come back a few a frame after those in view (cull()).
  // `every`: those in view too (a settle at a new scale: see settle()).
  function quieten(v, every = false) {
    if (!cells) return;
    const inside = regions(v)[1];
    const { list, state } = cells;
    const shows = cells.texts ? (b) => (b & (NEAR | OFF)) === NEAR : (b) => !(b & MUTE);
    const bit = cells.texts ? NEAR : MUTE;
    // at a scale that hides every cell text, those in view go at once too
    const none = cells.texts && (hidden & ALL_TEXT) === ALL_TEXT;
    for (let i = 0; i < state.length; i++) {
      if (state[i] & OFF || !shows(state[i]) || (seen(i, inside) && !none && !every)) continue;
      state[i] ^= bit;
      list[i].classList.toggle(STATES[Math.log2(bit)], (state[i] & bit) !== 0);
    }
  }
  // A frame before a settle at a new scale, the cells shown outside the region the coming view
  // keeps drawn leave the layout already (wb-off: a removal, no layout; outside the box's clip,
  // so nothing seen changes): the settle's frame then lays out at the new scale only the cells
  // near the new view (a full zoom in on the 100² map laid out the 2,650 cells of the view it
  // left: 15-30 ms of forced layout at CPU 4×).
  // Zoomed out to where the bitmap shows, every cell leaves, the bitmap shown under them
  // (its settle no longer lays out the cells it hides a few a frame after).
  // `share`: the part of them that leaves in this frame (the rest in the next one: on the
  // harpy zoomed in from its opening view they are 2,100 elements restyled, 30 ms of style at
  // CPU 4× in one frame; the frame before the settle has little else to do on such a zoom).
  function offAhead(v, share = 1) {
    if (!cells) return;
    const all = coarseAt(v.s);
    if (all && !coarse.image) makeCoarse();
    if (all && coarse.image) coarse.image.style.display = "";
    const [x0, y0, x1, y1] = all && coarse.image ? [Infinity, Infinity, -Infinity, -Infinity]
      : regions(v)[0];
    const { list, state, x, y } = cells;
    const leaving = [];
    for (let i = 0; i < state.length; i++) {
      if (state[i] & OFF) continue;
      if (x[i] >= x0 && x[i] <= x1 && y[i] >= y0 && y[i] <= y1) continue;
      leaving.push(i);
    }
    const now = share >= 1 ? leaving.length : Math.ceil(leaving.length * share);
    for (let n = 0; n < now; n++) {
      const i = leaving[n];
      state[i] |= OFF;
      list[i].classList.add(STATES[0]);
    }
  }
  // Not a user's gesture (the box resized, the table view): the cells near the view come back
  // into the layout at once, not a few a frame (a resize is no frame to keep short).
  function showNear(v) {
    if (!cells || coarse.on) return;
    const [x0, y0, x1, y1] = regions(v)[0];
    const { list, state, x, y } = cells;
    for (let i = 0; i < state.length; i++) {
      if (!(state[i] & OFF) || x[i] < x0 || x[i] > x1 || y[i] < y0 || y[i] > y1) continue;
      state[i] &= ~OFF;
      list[i].classList.remove(STATES[0]);
    }
  }
  function regions(v) {
    const { w, h } = size();
    const [vw, vh] = [w / v.s, h / v.s];
    const pad = cells.size;  // a cell partly in view is in view
    const [mx, my] = [MARGIN * vw, MARGIN * vh];
    return [[v.x - mx, v.y - my, v.x + vw + mx, v.y + vh + my],
      [v.x - pad, v.y - pad, v.x + vw + pad, v.y + vh + pad]];
  }
  // A settle: the cells to change, those in view first (the nearest first), then those round
  // it, then the far ones to hide; a budget a frame from the next frame on (a cell's texts
  // shown or hidden cost as much as TEXT_COST cells shown or hidden), BUDGET at first, then
  // as the frames show the machine's pace (BUDGETS). box.dataset.detail is
  // "pending" until the last is done.
  // The scan is itself bounded (CHUNK_MS of script a frame, then on in the next one: on the
  // 100² map its 10,000 cells took 10-40 ms of one frame at CPU 4×); false until it is done.
  let scan = null;    // the scan under way: { v, i, first, near, far, around, inside }
  function cull(v, until) {
    if (!cells) return true;
    if (!scan || scan.v !== v) {
      const [around, inside] = regions(v);
      scan = { v, i: 0, first: [], near: [], far: [], around, inside };
    }
    const { around, inside, first, near, far } = scan;
    const { x, y, state } = cells;
    const [x0, y0, x1, y1] = around;
    for (let i = scan.i; i < state.length; i++) {
      if ((i & 255) === 255 && performance.now() > until) { scan.i = i; return false; }
      const w = wanted(i, around, inside);
      if (((state[i] ^ w) & (w >> 8)) === 0) continue;
      if (seen(i, inside)) first.push(i);
      else if (x[i] < x0 || x[i] > x1 || y[i] < y0 || y[i] > y1) far.push(i);
      else near.push(i);
    }
    scan = null;
    const cx = (inside[0] + inside[2]) / 2;
    const cy = (inside[1] + inside[3]) / 2;
    const distance = new Map(first.map((i) => [i, (x[i] - cx) ** 2 + (y[i] - cy) ** 2]));
    first.sort((i, j) => distance.get(i) - distance.get(j));
    pending = first.concat(near, far);
    done = 0;
    if (pending.length) {
      box.dataset.detail = "pending";
      if (!chunking) { chunking = true; requestAnimationFrame(chunk); }
    } else delete box.dataset.detail;
    return true;
  }
  // The cells' changes are worked out in the frame after the settle (the settle's own frame
  // lays the picture out at its new scale), and made from the frame after that.
  function cullSoon() {
    if (!cells) return;
    due = true;
    box.dataset.detail = "pending";
    if (!chunking) { chunking = true; requestAnimationFrame(chunk); }
  }
  let done = 0;       // how many of the pending cells are done
  let budget = BUDGET;
  let lastChunk = 0;  // the last frame's time that made changes
  function chunk(now) {
    chunking = false;
    if (lastChunk) {  // the frame that drew the last changes: how long it took
      const gap = now - lastChunk;
      if (gap > 25) budget = Math.max(BUDGETS[0], budget / 2);
      else if (gap < 20) budget = Math.min(BUDGETS[1], budget * 1.25);
    }
    lastChunk = 0;
    if (!cells || !view || !svg) { pending = []; delete box.dataset.detail; return; }
    if (live) return;  // a gesture: its settle starts over
    if (due) {  // a settle: its changes worked out anew
      due = false;
      scan = null;
      pending = [];
    }
    if (scan || !pending.length) {
      const finished = cull(view, performance.now() + CHUNK_MS);
      if (!finished) { chunking = true; requestAnimationFrame(chunk); }
      return;
    }
    const [around, inside] = regions(view);
    const { list, state } = cells;
    let spent = 0;
    lastChunk = now;
    // and at most CHUNK_MS of script (the cells' classes; the restyle and layout they cause
    // come after, in the frame, which the budget's pace follows)
    const until = performance.now() + CHUNK_MS;
    while (done < pending.length && spent < budget) {
      if ((done & 15) === 15 && performance.now() > until) break;
      const i = pending[done++];
      const w = wanted(i, around, inside);
      const was = state[i];
      const next = (was & ~(w >> 8)) | (w & 255);
      if (next === was) continue;
      const cell = list[i];
      const changed = was ^ next;
      for (let k = 0; k < STATES.length; k++) {
        if (changed & (1 << k)) cell.classList.toggle(STATES[k], (next & (1 << k)) !== 0);
      }
      state[i] = next;
      // (a cell back in the layout is laid out, its shapes and texts: as much as its texts)
      spent += texts(was) === texts(next) && !(was & ~next & OFF) ? 1 : TEXT_COST;
    }
    if (done < pending.length) { chunking = true; requestAnimationFrame(chunk); }
    else {
      pending = [];
      delete box.dataset.detail;
      for (const node of coarse.stale.splice(0)) node.remove();  // the cells are back
      if (coarse.image && !coarse.on) coarse.image.style.display = "none";
    }
  }
  const texts = (bits) => (cells.texts ? (bits & OFF || !(bits & NEAR) ? ALL_TEXT
    : bits & ALL_TEXT) : bits & (MUTE | ALL_TEXT));

  // The coarse picture (issue 26's last target): at a scale where the level of detail hides
  // every cell text, a large map's cells are drawn once as one bitmap of their shapes (a canvas
  // of at most COARSE_PIXELS in a foreignObject under the cells' group, drawn from the cells'
  // own attributes) and every cell is hidden over it (wb-off): a new picture's at once, before
  // they are painted; after a zoom out, a few a frame as the culling does (hiding them all at
  // once, by a style on their group, cost 150-380 ms at CPU 4×). Zoomed in again, the cells
  // come back the same way, those in view first, the bitmap showing until they do. The hidden
  // cells keep their place, their hit tests (style.css: pointer-events: all) and the page's
  // hooks; the cursor's and the chosen cell stay drawn. Why (Chromium's tracing):
  // with the 2,650 cells of the 100² map in view every settle, culling frame or overlay's change
  // repainted them all (Paint 25-40 ms a frame at CPU 4×); the bitmap is one paint. A change in
  // the cells (an overlay's shapes added to them) or the threat overlay on (it hides the
  // reach's fills) shows the cells again, and the next settle draws a new bitmap.
  const coarse = { able: false, image: null, on: false, fresh: false, stale: [] };
  function forget() {
    watchCells.disconnect();
    for (const node of [coarse.image, ...coarse.stale]) if (node) node.remove();
    Object.assign(coarse, { able: false, image: null, on: false, fresh: false, stale: [] });
    ahead = null;
    delete box.dataset.coarse;
  }
  const watchCells = new MutationObserver(() => {
    if (coarse.image) coarse.stale.push(coarse.image);  // shown until the cells are back
    Object.assign(coarse, { image: null, on: false });
    delete box.dataset.coarse;
    if (view && !live) cullSoon();
    prepare();  // the cells changed: the bitmap is drawn anew
  });
  // Whether scale s shows the bitmap (every cell text hidden by the level of detail, as
  // detail(s) finds it).
  function coarseAt(s) {
    return coarse.able && !svg.classList.contains("threat-on") &&
      s * (window.devicePixelRatio || 1) <= coarseScale() * COARSE_STRETCH &&
      LOD_CLASSES.every((name) => {
        const sample = svg.querySelector(`text.${name}`);
        if (!sample) return true;
        const font = parseFloat(sample.getAttribute("font-size") ||
          getComputedStyle(sample).fontSize) || 12;
        return font * s < LOD_PX - 0.01;
      });
  }
  function coarsen() {
    const want = coarse.able && textless && !svg.classList.contains("threat-on") &&
      view.s * (window.devicePixelRatio || 1) <= coarseScale() * COARSE_STRETCH;
    if (want && !coarse.image) makeCoarse();
    coarse.on = want && !!coarse.image;
    // shown while coarse, and after until the cells are back (the culling's end hides it)
    if (coarse.on) coarse.image.style.display = "";
    if (coarse.on) box.dataset.coarse = "";
    else delete box.dataset.coarse;
    // a picture just placed: its cells hidden at once, before they are first painted
    if (coarse.on && coarse.fresh) {
      cells.list.forEach((cell, i) => {
        if (cells.state[i] & OFF) return;
        cells.state[i] |= OFF;
        cell.classList.add(STATES[0]);
      });
    }
    coarse.fresh = false;
  }
  // The bitmap's pixels per unit: COARSE_PIXELS over the cells' extent.
  function coarseScale() {
    const b = bounds();
    return b.width > 0 && b.height > 0 ? Math.sqrt(COARSE_PIXELS / (b.width * b.height)) : 0;
  }
  // The bitmap: a canvas in a foreignObject under the cells' group (no image to encode and
  // decode). It is drawn ahead, a slice of cells at a time in idle time, from the moment the
  // picture is placed (drawn at once, it took 40-100 ms at CPU 4× on the 100² map, in the
  // frame of the zoom out's settle); what is left is drawn when it is wanted.
  let ahead = null;   // the bitmap being drawn: { group, canvas, ctx, k, b, next, patterns }
  function startCoarse() {
    const group = svg.querySelector(":scope > g.cells");
    const b = bounds();
    const k = coarseScale();
    if (!group || !(k > 0)) return null;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(b.width * k);
    canvas.height = Math.ceil(b.height * k);
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    ctx.setTransform(k, 0, 0, k, -b.x * k, -b.y * k);
    return { svg, group, canvas, ctx, k, b, next: 0, patterns: new Map() };
  }
  // The cells drawn from d.next on, until the time `until` (performance.now()) if given;
  // true when every cell is drawn.
  function drawSome(d, until) {
    const list = d.group.children;
    while (d.next < list.length) {
      for (const shape of list[d.next].children) drawShape(d.ctx, shape, d.patterns, d.svg);
      d.next += 1;
      if (until !== undefined && d.next % 4 === 0 && performance.now() > until) return false;
    }
    return true;
  }
  function prepare() {
    ahead = null;
    if (!svg || !cells || !coarse.able || coarse.image ||
        svg.classList.contains("threat-on")) return;  // (the threat overlay shows the cells)
    const d = startCoarse();
    if (!d) return;
    ahead = d;
    const step = (deadline) => {
      if (ahead !== d) return;
      const until = performance.now() + Math.min(8, Math.max(2, deadline.timeRemaining() - 1));
      if (!drawSome(d, until)) idle(step);
    };
    idle(step);
  }
  function makeCoarse() {
    const group = svg.querySelector(":scope > g.cells");
    const d = ahead && ahead.svg === svg && ahead.group === group ? ahead : startCoarse();
    ahead = null;
    if (!d) return;
    drawSome(d);
    const { canvas, k, b } = d;
    Object.assign(canvas.style, { display: "block", width: "100%", height: "100%" });
    const holder = document.createElementNS(svg.namespaceURI, "foreignObject");
    for (const [name, value] of Object.entries({ x: b.x, y: b.y, width: canvas.width / k,
      height: canvas.height / k, class: "wb-coarse-picture", "pointer-events": "none",
      "aria-hidden": "true" })) {
      holder.setAttribute(name, String(value));
    }
    holder.append(canvas);
    coarse.image = holder;
    watchCells.disconnect();
    d.group.before(holder);
    watchCells.observe(d.group, { childList: true, subtree: true });
  }
  // The cells' extent, from the index (no layout read): their centres and size.
  function bounds() {
    const { x, y, size } = cells;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < x.length; i++) {
      x0 = Math.min(x0, x[i]); x1 = Math.max(x1, x[i]);
      y0 = Math.min(y0, y[i]); y1 = Math.max(y1, y[i]);
    }
    const pad = size / 2 + 2;  // half a cell and its outline
    return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad };
  }

  // During a gesture: the picture moved by a transform from the settled view to `v`.
  function show(v, gesture) {
    if (!svg || !view) return;
    live = clamp(v);
    const base = drawn || view;  // the view the svg's viewBox shows
    const k = live.s / base.s;
    const tx = (base.x - live.x) * live.s;
    const ty = (base.y - live.y) * live.s;
    svg.style.willChange = "transform";
    svg.style.transform = `translate(${tx}px, ${ty}px) scale(${k})`;
    box.dataset.zoom = String(Math.round((live.s / fitScale(whole)) * 100) / 100);
    box.dataset.gesture = gesture;
    quiet = 0;
    if (!ticking) {
      ticking = true;
      requestAnimationFrame(tick);
    }
  }

  function tick() {
    if (!live) { ticking = false; return; }
    quiet += 1;
    if (quiet >= QUIET && pointers.size === 0) {
      ticking = false;
      settle(live);
      return;
    }
    // a frame before a zoom's settle, the texts out of the view it will settle on are left out
    // already (hidden by the box's clip, no change seen): the settle's own frame, which lays
    // every text shown out again at the new scale, no longer restyles them too
    // (and on a smaller map the kinds of text the coming scale hides: shown ones wait for it)
    // Two frames before it, the cells outside the coming view's margin leave the layout (their
    // restyle, shapes and texts, is then not in the same frame as the texts' one below, each
    // 20-30 ms at CPU 4× on the harpy zoomed in from its opening view)
    const rescaled = pointers.size === 0 && view && Math.abs(live.s / view.s - 1) > 1e-9;
    // (half of them, the other half a frame later with the texts: on a zoom in from afar the
    // texts out of the coming view have left with their cells, and on a zoom out there are
    // few cells to take out)
    const far = rescaled && !keepsScale(live.s);
    if (quiet === QUIET - 2 && far) offAhead(live, 0.5);
    if (quiet === QUIET - 1 && far) offAhead(live);
    if (quiet === QUIET - 1 && rescaled) {
      hideAhead(live.s);
      if (mutes(live.s)) quieten(live);
    }
    requestAnimationFrame(tick);
  }

  const current = () => live || view;

  // The view zoomed by `factor` about the box point (px, py) in client pixels.
  function zoomedAbout(v, factor, px, py) {
    const frame = frameRect || (frameRect = box.getBoundingClientRect());
    const ox = px === undefined ? box.clientWidth / 2 : px - frame.left;
    const oy = py === undefined ? box.clientHeight / 2 : py - frame.top;
    const s = clampScale(v.s * factor);
    const ux = v.x + ox / v.s;
    const uy = v.y + oy / v.s;
    return { x: ux - ox / s, y: uy - oy / s, s };
  }

  const pannedBy = (v, dx, dy) => ({ x: v.x - dx / v.s, y: v.y - dy / v.s, s: v.s });

  // A picture came (or went): keep the view for the same map, frame the action for a new one.
  let mapKey = null;      // the page's name for the map shown (box.dataset.mapKey)
  function arrived() {
    const next = box.querySelector(":scope > svg");
    if (next === svg && (!svg || svg.getAttribute("viewBox") === written)) return;
    if (!next) { svg = null; return; }
    dims = null;
    const same = next === svg;
    svg = next;
    const drawn = parseBox(next.getAttribute("viewBox")) ||
      [0, 0, Number(next.getAttribute("width")) || 100, Number(next.getAttribute("height")) || 100];
    if (!natural.has(next) || same) natural.set(next, drawn);
    const was = whole;
    const wasKey = mapKey;
    mapKey = box.dataset.mapKey || null;
    whole = natural.get(next);
    watchSvg.disconnect();
    watchSvg.observe(next, { attributes: true, attributeFilter: ["viewBox"] });
    index();
    // the same map (the page says so in data-map-key, e.g. another creature's reach, whose
    // legend may widen the picture) or the same picture size: the view stays where it was
    const sameMap = (mapKey && mapKey === wasKey) || (was && was.join(" ") === whole.join(" "));
    if (view && was && sameMap) settle(clamp(current()), false);
    else frameAction(false);
  }

  const watchSvg = new MutationObserver(arrived);
  box.addEventListener("wingbeat:map-drawn", () => {  // redrawn in place: its cells anew
    if (!svg || !view) return;
    index();
    detail(view.s);
    coarsen();  // zoomed out: a new bitmap, the new cells hidden before they are painted
    cullSoon();
  });
  new MutationObserver(arrived).observe(box, { childList: true });
  new ResizeObserver(() => {
    dims = null;
    frameRect = null;
    if (svg && view) settle(clamp(current()), false);
    else arrived();
  }).observe(box);
  arrived();

  // while a token is dragged (drag.js) the wheel and the keys are the drag's (its altitude)
  let dragging = false;
  box.addEventListener("wingbeat:drag-start", () => { dragging = true; drag = null; });
  box.addEventListener("wingbeat:drag-end", () => { dragging = false; });

  box.addEventListener("wheel", (event) => {
    if (!svg || !view || dragging || event.defaultPrevented) return;
    event.preventDefault();
    const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
    show(zoomedAbout(current(), factor, event.clientX, event.clientY), "wheel");
  }, { passive: false });

  // A finger on a token (its press's default prevented by drag.js) is kept, without a pan:
  // a second finger makes the two a pinch.
  box.addEventListener("pointerdown", (event) => {
    if (!svg || (event.defaultPrevented && event.pointerType !== "touch")) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, view: current() };
      drag = null;
    } else if (pointers.size === 1 && !event.defaultPrevented) {
      drag = { x: event.clientX, y: event.clientY, view: current(), moved: false, down: event };
    }
  });

  box.addEventListener("pointermove", (event) => {
    hover(event);
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const zoomed = zoomedAbout(pinch.view, distance / pinch.distance, pinch.mid.x, pinch.mid.y);
      show(pannedBy(zoomed, mid.x - pinch.mid.x, mid.y - pinch.mid.y), "pinch");
      return;
    }
    // a press a drag took (its default prevented, maybe after this module saw it) never pans
    if (!drag || drag.down.defaultPrevented) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG) return;
    if (!drag.moved) {
      drag.moved = true;
      try { box.setPointerCapture(event.pointerId); } catch { /* a synthetic pointer */ }
      box.classList.add("panning");
    }
    show(pannedBy(drag.view, dx, dy), "pan");
  });

  const release = (event) => {
    if (!pointers.delete(event.pointerId)) return;
    if (pointers.size < 2) pinch = null;
    if (drag && drag.moved) swallow = true;
    if (pointers.size === 1) {  // the finger left after a pinch pans on from here
      const [[, p]] = [...pointers.entries()];
      drag = { x: p.x, y: p.y, view: current(), moved: true, down: event };
    }
    if (pointers.size === 0) drag = null;
    box.classList.remove("panning");
    if (live && !ticking) { ticking = true; requestAnimationFrame(tick); }
  };
  // in the capture phase: a finger a token's drag took is forgotten too (drag.js stops its
  // release from going further), or the next finger would make a pinch with it
  box.addEventListener("pointerup", release, { capture: true });
  box.addEventListener("pointercancel", release, { capture: true });
  // the click a drag ends with is the drag's, not a choice on the map
  box.addEventListener("click", (event) => {
    if (swallow) { swallow = false; event.stopPropagation(); event.preventDefault(); }
  }, true);

  // What lies under the pointer: a cell's label, or a table's point.
  let at = null;    // the mouse's place over the box (client pixels), for the hover after a zoom
  function hover(event) {
    if (event.pointerType === "mouse") at = { x: event.clientX, y: event.clientY };
    // the cell hit, or the one out of the layout under it (cellindex.js)
    const cell = cellUnder(event.target, event.clientX, event.clientY);
    let said = cell ? cell.getAttribute("data-cell") : "";
    if (!said && svg && svg.classList.contains("table-map") && svg.getScreenCTM()) {
      try { said = tablePoint(svg, event.clientX, event.clientY) || ""; } catch { said = ""; }
    }
    if (box.dataset.wbHover !== said) box.dataset.wbHover = said;
  }
  box.addEventListener("pointerleave", () => { box.dataset.wbHover = ""; at = null; });

  // A settled view moved the map under a still mouse: what is under it now, once the frame is
  // drawn (a hit test then lays nothing out again), is hovered and said ("wingbeat:hover",
  // detail: the element and the point) for the hover card (mapview.js).
  let rehovering = false;
  function rehoverSoon() {
    if (!at || rehovering) return;
    rehovering = true;
    requestAnimationFrame(() => setTimeout(() => {
      rehovering = false;
      if (!at || live || !svg) return;
      const target = document.elementFromPoint(at.x, at.y);
      if (!target || !box.contains(target)) return;
      hover({ target, clientX: at.x, clientY: at.y });
      box.dispatchEvent(new CustomEvent("wingbeat:hover", { detail: {
        target, x: at.x, y: at.y } }));
    }, 0));
  }

  // Keys on the map: + and − zoom, 0 frames the action, Shift+arrows pan (a sixth of the box).
  box.addEventListener("keydown", (event) => {
    if (!svg || !view || dragging || event.defaultPrevented || event.altKey || event.ctrlKey ||
        event.metaKey) return;
    const { w, h } = size();
    const pans = { ArrowLeft: [w / 6, 0], ArrowRight: [-w / 6, 0], ArrowUp: [0, h / 6],
      ArrowDown: [0, -h / 6] };
    if (event.key === "+" || event.key === "=") settle(clamp(zoomedAbout(current(), STEP)));
    else if (event.key === "-" || event.key === "_") {
      settle(clamp(zoomedAbout(current(), 1 / STEP)));
    } else if (event.key === "0") frameAction();
    else if (event.shiftKey && pans[event.key] && !svg.classList.contains("table-map")) {
      settle(clamp(pannedBy(current(), ...pans[event.key])));
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  });

  // The keyboard cursor is kept in view: a focused cell outside it brings the view along.
  box.addEventListener("focusin", (event) => {
    const cell = event.target.closest && event.target.closest("g.cell");
    if (!cell || !svg || !view || !cell.matches(":focus-visible")) return;
    const r = cell.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    if (r.left >= frame.left && r.right <= frame.right && r.top >= frame.top &&
        r.bottom <= frame.bottom) return;
    const dx = frame.left + frame.width / 2 - (r.left + r.width / 2);
    const dy = frame.top + frame.height / 2 - (r.top + r.height / 2);
    settle(clamp(pannedBy(current(), dx, dy)));
  });

  return {
    zoomIn: () => view && settle(clamp(zoomedAbout(current(), STEP))),
    zoomOut: () => view && settle(clamp(zoomedAbout(current(), 1 / STEP))),
    reset: wholeMap,
    fit: () => frameAction(),
    get scale() { return view ? view.s / fitScale(whole) : 1; },
  };
}

// One of a cell's shapes drawn on the coarse picture's canvas as its attributes say (SVG's
// defaults otherwise); a fill url(#id) is the picture's pattern of that id.
function drawShape(ctx, shape, patterns, svg) {
  const tag = shape.localName;
  const a = (name, fallback = null) => {
    const v = shape.getAttribute(name);
    return v === null ? fallback : v;
  };
  const n = (name, fallback = 0) => parseFloat(a(name, String(fallback))) || 0;
  let path = null;
  if (tag === "polygon" || tag === "polyline") {
    const points = a("points", "").trim();
    if (!points) return;
    path = new Path2D(`M${points}${tag === "polygon" ? "Z" : ""}`);
  } else if (tag === "path") {
    path = new Path2D(a("d", ""));
  } else if (tag === "rect") {
    path = new Path2D();
    path.rect(n("x"), n("y"), n("width"), n("height"));
  } else if (tag === "circle" || tag === "ellipse") {
    path = new Path2D();
    const rx = tag === "circle" ? n("r") : n("rx");
    const ry = tag === "circle" ? n("r") : n("ry");
    path.ellipse(n("cx"), n("cy"), rx, ry, 0, 0, 2 * Math.PI);
  } else if (tag === "line") {
    path = new Path2D();
    path.moveTo(n("x1"), n("y1"));
    path.lineTo(n("x2"), n("y2"));
  } else return;
  if (a("display") === "none" || a("visibility") === "hidden") return;
  const opacity = n("opacity", 1);
  const paint = (value) => {
    if (!value || value === "none" || value === "transparent") return null;
    const url = /^url\(#([^)]+)\)/.exec(value);
    return url ? patternOf(ctx, url[1], patterns, svg) : value;
  };
  const fill = paint(a("fill", tag === "line" || tag === "polyline" ? "none" : "#000"));
  if (fill) {
    ctx.globalAlpha = opacity * n("fill-opacity", 1);
    ctx.fillStyle = fill;
    ctx.fill(path, a("fill-rule") === "evenodd" ? "evenodd" : "nonzero");
  }
  const stroke = paint(a("stroke"));
  if (stroke) {
    ctx.globalAlpha = opacity * n("stroke-opacity", 1);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = n("stroke-width", 1);
    ctx.lineJoin = a("stroke-linejoin", "miter");
    ctx.lineCap = a("stroke-linecap", "butt");
    ctx.stroke(path);
  }
  ctx.globalAlpha = 1;
}

// The picture's <pattern id> (user-space units, as the render draws its hatches) as a canvas
// pattern, drawn four pixels a unit.
function patternOf(ctx, id, patterns, svg) {
  if (patterns.has(id)) return patterns.get(id);
  const node = svg.getElementById ? svg.getElementById(id) : svg.querySelector(`#${CSS.escape(id)}`);
  let found = "rgba(0,0,0,0)";
  if (node && node.localName === "pattern") {
    const [w, h] = ["width", "height"].map((k) => parseFloat(node.getAttribute(k)) || 0);
    if (w > 0 && h > 0) {
      const tile = document.createElement("canvas");
      tile.width = Math.ceil(w * 4);
      tile.height = Math.ceil(h * 4);
      const tctx = tile.getContext("2d");
      tctx.scale(4, 4);
      for (const child of node.children) drawShape(tctx, child, patterns, svg);
      const made = ctx.createPattern(tile, "repeat");
      if (made) {
        made.setTransform(new DOMMatrix().scale(1 / 4));
        found = made;
      }
    }
  }
  patterns.set(id, found);
  return found;
}

const r3 = (n) => Math.round(n * 1000) / 1000;
// An idle callback (a timer where the browser has none).
const idle = (f) => (window.requestIdleCallback ? window.requestIdleCallback(f, { timeout: 2000 })
  : setTimeout(() => f({ timeRemaining: () => 8 }), 50));

// The table's point under a client position, "x,y" in table units to a tenth (origin south-west,
// y north, from the picture's data-origin-x/-y, data-scale and data-table-height), or "" off the
// table. (A module of its own: the play app serves only the play page's modules.)
function tablePoint(svg, clientX, clientY) {
  const matrix = svg.getScreenCTM();
  const table = svg.querySelector("rect.table");
  if (!matrix || !table) return "";
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const scale = Number(svg.getAttribute("data-scale"));
  const height = Number(svg.getAttribute("data-table-height"));
  const width = Number(table.getAttribute("data-width"));
  const x = Math.round(((p.x - Number(svg.getAttribute("data-origin-x"))) / scale) * 10) / 10;
  const y = Math.round((height - (p.y - Number(svg.getAttribute("data-origin-y"))) / scale) * 10)
    / 10;
  return x < 0 || y < 0 || x > width || y > height || !Number.isFinite(x + y) ? "" : `${x},${y}`;
}

// The view's buttons (+, −, the action, the whole map), 44 px each, and the table view (the map
// alone, full screen, for a projector or a TV; Escape or the button again leaves it).
export function zoomTools(tools, box, zoom) {
  const button = (text, label, action) => {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = text;
    node.title = label;
    node.setAttribute("aria-label", label);
    node.addEventListener("click", action);
    tools.append(node);
    return node;
  };
  button("+", t("Zoom in"), zoom.zoomIn);
  button("−", t("Zoom out"), zoom.zoomOut);
  button("◎", t("Frame the action"), zoom.fit);
  button("⤢", t("Whole map"), zoom.reset);
  const table = button("▣", t("Table view: the map alone, full screen"), () => toggle());
  table.classList.add("table-view-button");
  table.setAttribute("aria-pressed", "false");

  function toggle(on) {
    const wanted = on === undefined ? !document.body.classList.contains("table-view") : on;
    document.body.classList.toggle("table-view", wanted);
    table.setAttribute("aria-pressed", String(wanted));
    const label = wanted ? t("Leave table view") : t("Table view: the map alone, full screen");
    table.title = label;
    table.setAttribute("aria-label", label);
    if (wanted && document.fullscreenEnabled && !document.fullscreenElement) {
      document.documentElement.requestFullscreen().catch(() => {});
    } else if (!wanted && document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    }
    box.focus();
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains("table-view")) toggle(false);
  });
  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && document.body.classList.contains("table-view")) {
      toggle(false);
    }
  });
  return { toggle };
}
