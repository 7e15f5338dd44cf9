// The map on the analysis page: the server's SVG placed in the scroll box, a click, a key or a
// hover turned into a place to go, and the keyboard cursor over the cells. Each redraw says
// "wingbeat:map-drawn" on the box (detail: the svg), so a feature that adds to the picture (an
// overlay) listens there rather than editing this module.

import { t } from "./i18n.js";
import { el, errorOf, fetchKeyed, neighbourCell, query, svgElement } from "./common.js";
import { cellUnder } from "./cellindex.js";

// Where clicks and keys on the map go: set by the page (onPick(place), onHover(place|null)).
const handlers = { onPick: null, onHover: null };
let snapStep = null;   // a table click snaps to multiples of this (table units), from the hints
let cursor = null;     // the cell label the keyboard cursor is on, kept across redraws

export function onMap(picked, hovered) {
  handlers.onPick = picked;
  handlers.onHover = hovered;
}

export function setSnap(step) {
  snapStep = step;
}

// The picture the box shows, its top-level children as the server drew them (the page adds
// rulers, cursors and overlays after them) and its name on the server (X-Wingbeat-Picture), so
// the next picture can come as the changes from this one.
let shown = { svg: null, children: [], id: null };

// The last few pictures drawn, by name: their elements as the server drew them (`children`).
// Asked for a picture it keeps, the server answers with the name alone and the page shows the
// one it kept (switching back to a creature draws at once, with nothing sent or parsed).
const kept = new Map();
const KEPT = 6;

function keep(svg, children, id) {
  if (!id) return;
  kept.delete(id);
  kept.set(id, { svg, children });
  while (kept.size > KEPT) kept.delete(kept.keys().next().value);
}

// Show the kept picture `id` again: without what the page added to it since (a feature adds
// its layers again on "wingbeat:map-drawn"); null if it is not kept.
function reuse(box, id, chosen) {
  const found = kept.get(id);
  if (!found) return null;
  const { svg, children } = found;
  const own = new Set(children);
  for (const node of [...svg.children]) if (!own.has(node)) node.remove();
  for (const old of svg.querySelectorAll("g.cell.selected")) old.classList.remove("selected");
  shown = { svg, children: [...children], id };
  keep(svg, children, id);
  box.replaceChildren(svg);
  return finish(box, svg, chosen);
}

// Put the server's SVG text in the box, mark `chosen` selected, and make the cells keyboard
// targets (one tab stop: the cursor; arrow keys move it, Enter asks the path).
export function place(box, svgText, chosen, id = null) {
  // read by the page's own (HTML) parser into an inert template: half the time of an XML
  // DOMParser and a deep import (15 against 35 ms for the harpy's 360 kB in Chromium)
  const holder = document.createElement("template");
  holder.innerHTML = svgText;
  const svg = holder.content.querySelector("svg");
  svg.setAttribute("role", "group");
  const title = svg.querySelector("title");
  if (title) svg.setAttribute("aria-label", title.textContent);
  shown = { svg, children: [...svg.children], id };
  keep(svg, shown.children, id);
  box.replaceChildren(svg);
  return finish(box, svg, chosen);
}

// Apply the server's changes (web/patch.py: runs of top-level children replaced) to the picture
// the box shows; null when it no longer shows the picture they start from.
function patchPicture(box, changes, chosen) {
  const svg = shown.svg;
  if (!svg || !box.contains(svg) || shown.id !== changes.from) return null;
  kept.delete(changes.from);  // changed in place: it is that picture no more
  const kids = shown.children;
  for (const [start, end, parts] of changes.replace) {
    const parsed = new DOMParser().parseFromString(
      `<svg xmlns="http://www.w3.org/2000/svg">${parts.join("")}</svg>`, "image/svg+xml");
    const fresh = [...parsed.documentElement.children].map((n) => document.importNode(n, true));
    const after = end < kids.length ? kids[end] : null;
    const before = start > 0 ? kids[start - 1] : null;
    for (const node of kids.slice(start, end)) node.remove();
    if (after) after.before(...fresh);
    else if (before) before.after(...fresh);
    else svg.prepend(...fresh);
    kids.splice(start, end - start, ...fresh);
  }
  const title = svg.querySelector("title");
  if (title) svg.setAttribute("aria-label", title.textContent);
  shown.id = changes.picture;
  keep(svg, shown.children, changes.picture);
  for (const old of svg.querySelectorAll("g.cell.selected")) old.classList.remove("selected");
  return finish(box, svg, chosen);
}

// Ask /api/render for a picture: the whole SVG ({text, id}), or with `from` (the name of the
// picture shown) possibly only its changes ({changes}), or when it is one the page keeps (and
// `offerKept`) only its name ({kept}).
async function getPicture(params, from, offerKept = true) {
  const have = offerKept && kept.size ? [...kept.keys()].join(",") : null;
  const response = await fetchKeyed(
    `/api/render?${query({ ...params, from_picture: from, kept: have })}`);
  const kind = response.headers.get("content-type") || "";
  if (!response.ok) {
    let data = null;
    try {
      data = kind.includes("json") ? await response.json() : await response.text();
    } catch (e) {
      data = null;
    }
    throw new Error(errorOf(response.status, data));
  }
  if (kind.includes("json")) {
    const data = await response.json();
    return data.kept ? { kept: data.picture } : { changes: data };
  }
  return { text: await response.text(), id: response.headers.get("X-Wingbeat-Picture") };
}

// Draw the picture `params` asks for in the box: sent as changes to the one shown where the
// server can (a click adds a route to a map of hundreds of cells: a few groups, not the map),
// else whole. Nothing is drawn, and null returned, once `current()` says a newer one was asked.
export async function drawPicture(box, params, chosen, current) {
  let answer = await getPicture(params, shown.svg && box.contains(shown.svg) ? shown.id : null);
  if (!current()) return null;
  if (answer.kept) {
    const svg = reuse(box, answer.kept, chosen);
    if (svg) return svg;
    answer = await getPicture(params, null, false);
    if (!current()) return null;
  }
  if (answer.changes) {
    const svg = patchPicture(box, answer.changes, chosen);
    if (svg) return svg;
    answer = await getPicture(params, null, false);
    if (!current()) return null;
  }
  return place(box, answer.text, chosen, answer.id);
}

// What every drawn picture gets: the chosen cell marked, the cells keyboard targets, and the
// "wingbeat:map-drawn" event.
function finish(box, svg, chosen) {
  if (chosen) {
    const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(chosen)}"]`);
    if (cell) cell.classList.add("selected");
  }
  const cells = [...svg.querySelectorAll("g.cell[data-cell]")];
  if (cells.length) {
    for (const cell of cells) {
      if (cell.hasAttribute("role")) continue;  // kept from the picture before
      cell.setAttribute("tabindex", "-1");
      cell.setAttribute("role", "button");
      const cost = cell.getAttribute("data-cost");
      cell.setAttribute("aria-label", cost !== null
        ? t("{cell}, reachable for {cost}", { cell: cell.getAttribute("data-cell"), cost })
        : cell.getAttribute("data-cell"));
    }
    for (const cell of svg.querySelectorAll('g.cell[tabindex="0"]')) {
      cell.setAttribute("tabindex", "-1");
    }
    // the cursor starts where it was, else on the chosen cell, else under the creature
    const mover = svg.querySelector(
      `g.creature[data-id="${CSS.escape(svg.getAttribute("data-creature") || "")}"]`);
    const here = mover && mover.getAttribute("data-at");
    const start = cells.find((c) => c.getAttribute("data-cell") === (cursor || chosen)) ||
      cells.find((c) => c.getAttribute("data-cell") === here) ||
      svg.querySelector("g.cell.reach") || cells[0];
    start.setAttribute("tabindex", "0");
  }
  box.dispatchEvent(new CustomEvent("wingbeat:map-drawn", { detail: { svg } }));
  return svg;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// A table point as the page asks it: "x,y" in table units (origin south-west, y north), snapped
// to the ruleset's step (hints.snap) so lengths read with at most one decimal.
function snapped(value) {
  const step = snapStep || 0.1;
  const rounded = Math.round(value / step) * step;
  return Math.round(rounded * 10) / 10;
}

export function tablePoint(svg, clientX, clientY) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const pt = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const scale = Number(svg.getAttribute("data-scale"));
  const height = Number(svg.getAttribute("data-table-height"));
  const width = Number(svg.querySelector("rect.table").getAttribute("data-width"));
  const x = snapped((pt.x - Number(svg.getAttribute("data-origin-x"))) / scale);
  const y = snapped(height - (pt.y - Number(svg.getAttribute("data-origin-y"))) / scale);
  if (x < 0 || y < 0 || x > width || y > height) return null;
  return `${x},${y}`;
}

// An SVG element of the picture's namespace with these attributes (and text).
function svgEl(svg, tag, attributes, text) {
  return svgElement(svg.namespaceURI, tag, attributes, text);
}

// The keyboard's point on a table ("x,y"), kept across redraws; it starts on the creature.
let keyPoint = null;

function tableCursor(svg) {
  const table = svg.querySelector("rect.table");
  if (!table) return null;
  const width = Number(table.getAttribute("data-width"));
  const height = Number(svg.getAttribute("data-table-height"));
  const mover = svg.querySelector(
    `g.creature[data-id="${CSS.escape(svg.getAttribute("data-creature") || "")}"]`);
  const start = keyPoint || (mover && mover.getAttribute("data-at")) || "0,0";
  const [x, y] = start.split(",").map(Number);
  return { x, y, width, height };
}

// A ring where the keyboard's point is; its box on the screen, for the preview beside it.
function markPoint(svg, spot) {
  const scale = Number(svg.getAttribute("data-scale"));
  const cx = Number(svg.getAttribute("data-origin-x")) + spot.x * scale;
  const cy = Number(svg.getAttribute("data-origin-y")) +
    (Number(svg.getAttribute("data-table-height")) - spot.y) * scale;
  let ring = svg.querySelector("circle.point-cursor");
  if (!ring) {
    ring = svgEl(svg, "circle", { class: "point-cursor", r: 8, fill: "none",
      stroke: "#1f3fbf", "stroke-width": 3 });
    svg.append(ring);
  }
  ring.setAttribute("cx", String(cx));
  ring.setAttribute("cy", String(cy));
  return ring.getBoundingClientRect();
}

// Wire the box once: clicks, keys and hovers on whatever map it holds.
export function wireMap(box, hoverLabel) {
  box.addEventListener("click", (event) => {
    // the cell clicked, laid out or not (a far cell zoom.js left out: cellindex.js)
    const cell = cellUnder(event.target, event.clientX, event.clientY);
    if (cell) {
      moveCursor(cell);
      handlers.onPick(cell.getAttribute("data-cell"));
      return;
    }
    const svg = event.target.closest && event.target.closest("svg.table-map");
    if (svg) {
      const spot = tablePoint(svg, event.clientX, event.clientY);
      if (spot) handlers.onPick(spot);
    }
  });
  box.addEventListener("keydown", (event) => {
    const svg = box.querySelector("svg");
    if (!svg) return;
    const cell = event.target.closest && event.target.closest("g.cell[data-cell]");
    if (!cell) {
      // the scroll box itself has the focus: an arrow goes into the cells, if there are any;
      // on a table it moves a point (a unit a press, five with Shift), Enter asks the way there
      if (event.target !== box) return;
      const first = svg.querySelector('g.cell[tabindex="0"]');
      if (first && ARROWS[event.key]) { event.preventDefault(); moveCursor(first); return; }
      if (svg.classList.contains("table-map")) tableKey(svg, event);
      return;
    }
    if (ARROWS[event.key]) {
      event.preventDefault();
      const [dx, dy] = ARROWS[event.key];
      const next = neighbourCell(svg, cell, dx, dy);
      if (next) moveCursor(next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handlers.onPick(cell.getAttribute("data-cell"));
    }
  });
  // the hover preview: after the pointer rests on a cell (or a table point), or the cursor moves
  let timer = null;
  let last = null;
  const hover = (place, x, y) => {
    if (place === last) return;
    last = place;
    clearTimeout(timer);
    hoverLabel.hidden = true;
    if (!place) { if (handlers.onHover) handlers.onHover(null); return; }
    timer = setTimeout(() => {
      if (handlers.onHover) handlers.onHover(place, x, y);
    }, 250);
  };
  box.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse" || event.buttons) return;
    const cell = cellUnder(event.target, event.clientX, event.clientY);
    if (cell) { hover(cell.getAttribute("data-cell"), event.clientX, event.clientY); return; }
    const svg = event.target.closest && event.target.closest("svg.table-map");
    hover(svg ? tablePoint(svg, event.clientX, event.clientY) : null, event.clientX,
      event.clientY);
  });
  box.addEventListener("pointerleave", () => hover(null));
  // a zoom or a pan moves the map under the pointer: the card goes with the first wheel step
  // or settled view, and comes back for the cell under the pointer then (zoom.js says it)
  box.addEventListener("wheel", () => hover(null), { passive: true });
  box.addEventListener("wingbeat:view", () => hover(null));
  box.addEventListener("wingbeat:hover", (event) => {
    const { target, x, y } = event.detail;
    const cell = cellUnder(target, x, y);
    if (cell) { hover(cell.getAttribute("data-cell"), x, y); return; }
    const svg = target.closest && target.closest("svg.table-map");
    hover(svg ? tablePoint(svg, x, y) : null, x, y);
  });
  box.addEventListener("focusin", (event) => {
    const cell = event.target.closest && event.target.closest("g.cell[data-cell]");
    if (!cell) return;
    const r = cell.getBoundingClientRect();
    hover(cell.getAttribute("data-cell"), r.right, r.bottom);
  });

  function tableKey(svg, event) {
    const spot = tableCursor(svg);
    if (!spot) return;
    if (ARROWS[event.key]) {
      event.preventDefault();
      const [dx, dy] = ARROWS[event.key];
      const step = event.shiftKey ? 5 : 1;
      spot.x = Math.min(spot.width, Math.max(0, snapped(spot.x + dx * step)));
      spot.y = Math.min(spot.height, Math.max(0, snapped(spot.y - dy * step)));
      keyPoint = `${spot.x},${spot.y}`;
      const where = markPoint(svg, spot);
      hover(keyPoint, where.right, where.bottom);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handlers.onPick(`${spot.x},${spot.y}`);
    }
  }

  function moveCursor(cell) {
    const svg = cell.ownerSVGElement;
    for (const other of svg.querySelectorAll('g.cell[tabindex="0"]')) {
      other.setAttribute("tabindex", "-1");
    }
    cell.setAttribute("tabindex", "0");
    cell.focus({ preventScroll: false });
    cursor = cell.getAttribute("data-cell");
  }
}

// The hover preview's words beside the pointer (x, y client pixels), inside the map frame.
export function showPreview(label, frame, words, x, y) {
  label.replaceChildren(...words.map((w, i) => el(i ? "span" : "strong", w)));
  const r = frame.getBoundingClientRect();
  label.style.left = `${Math.max(0, Math.min(x - r.left + 14, r.width - 240))}px`;
  label.style.top = `${Math.max(0, y - r.top + 14)}px`;
  label.hidden = false;
}
