// Drag to move (issue 26): press a creature's token and drag it; the cheapest legal way to the
// place under the pointer is drawn as it moves, with its running cost, saves and whether the
// attack is kept, from the reach tree fetched once per creature and altitude (reachtree.js), so
// a pointer move asks the server nothing. A place out of reach says why (the rule id, from one
// /api/path question per place). Altitude changes while dragging (wheel, PageUp/PageDown, + and
// −, the on-screen buttons), waypoints fix the way through a place (W, the button, a second
// finger's tap, the right button), Escape cancels, the drop asks `check` (the page's own).
// Keyboard parity: T picks a token, the arrows move a cursor, Enter drops.
//
//   wireDrag(box, { picked, preview, dropped, altitudes, place, points })
//     -> { pick(id), cancel(), active() }
//   treePreviewer(url, lengthUnits, options) -> { tree, preview, why, clear }
//
// Tokens are found by geometry (the disc of each [data-wb-token] near the pointer): this module
// adds no class, attribute or listener to a token. The way is drawn in a layer of its own, the
// label [data-wb-preview] (data-moves, data-cost, data-legal, data-place, data-altitude,
// data-ready) floats beside the pointer. Each preview frame's time (pointer event to drawn, ms)
// is kept in box.wbPreviewTimes (its own work in box.wbPreviewWork, and the whole frame that drew
// it, from the frame's start to the end of its rendering on the main thread, in
// box.wbPreviewFrames) for benchmarks/page.py --drag.

import { colon, t } from "./i18n.js";
import { decodeReachTree } from "./reachtree.js";
import { amount, fetchKeyed, loadStyle, neighbourCell, query, svgElement } from "./common.js";
import { centreOfLabel, labelNear, screenBoxOf } from "./cellindex.js";

const DRAG = 5;        // pixels before a press on a token is a drag
const TIMES = 2000;    // preview frame times kept

// An element of the map picture's own namespace (the picture's root says which).
let pictureNs = null;
function svgNode(tag, attributes) {
  return svgElement(pictureNs, tag, attributes);
}

// ---------------------------------------------------------------------------------------------
// Grid geometry: the cell under a client point, a cell's centre in the picture's units.

// (cellindex.js: every cell's centre from its shape's attributes, so a cell the board leaves out
// of the layout, display: none, still has one; the cell under a point by arithmetic)
const matrices = new WeakMap();  // svg -> the inverse of its screen matrix, as last asked

/** The label of the cell of `svg` whose centre is nearest the client point, or null. */
export function cellNear(svg, x, y, fresh = false) {
  let m = matrices.get(svg);
  if (!m || fresh) {
    const screen = svg.getScreenCTM();
    if (!screen) return null;
    m = screen.inverse();
    matrices.set(svg, m);
  }
  return labelNear(svg, m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f);
}

// The cells of a way's notation, in order ("U35 down hover" -> U35; dnd5e "C5+up", "dash K11").
function cellsOf(svg, moves) {
  const out = [];
  for (const word of String(moves || "").split(/\s+/)) {
    const found = /^([A-Za-z]+\d+)/.exec(word.replace(/^dash[:-]?/i, ""));
    if (found && centreOfLabel(svg, found[1])) out.push(found[1]);
  }
  return out;
}

// The nearest cell from `label` in the direction (dx, dy) (common.js), by the cells' centres.
function nextCell(svg, label, dx, dy) {
  const from = svg.querySelector(`g.cell[data-cell="${CSS.escape(label)}"]`);
  const next = from && neighbourCell(svg, from, dx, dy);
  return next ? next.getAttribute("data-cell") : null;
}

// ---------------------------------------------------------------------------------------------
// The preview's answers: the reach tree per creature, altitude and waypoints, and the server's
// word on a place out of reach.

/**
 * url(altitude, via) -> the reach tree's address (or a string: the address without altitude);
 * options: pathUrl(place, altitude, via) -> /api/path address (why a place is out of reach, and
 * the way through waypoints when the tree refuses them), onChange() (an answer arrived: preview
 * again), altitudeText(altitude), saves (the ruleset calls for saves).
 */
export function treePreviewer(url, lengthUnits, options = {}) {
  const { pathUrl = null, onChange = () => {}, altitudeText = (a) => String(a),
    saves = true } = options;
  const units = lengthUnits || new Set();
  const trees = new Map();      // key -> {promise, tree, error}
  const paths = new Map();      // key -> path answer (JSON)
  let asking = null;            // the one /api/path question in flight
  let wanted = null;            // the one waiting behind it: {key, address}
  let viaTrees = true;          // false once the server refused a tree with waypoints

  const viaText = (via) => (via || []).map((w) => (w.altitude === null || w.altitude === undefined
    ? w.place : `${w.place}@${w.altitude}`)).join(",");
  const address = (altitude, via) => {
    if (typeof url === "function") return url(altitude, viaText(via));
    const extra = query({ altitude: altitude === null ? "all" : altitude, via: viaText(via) });
    return `${url}${url.includes("?") ? "&" : "?"}${extra}`;
  };

  function tree(altitude, via) {
    const key = address(altitude, via);
    let entry = trees.get(key);
    if (!entry) {
      entry = { tree: null, error: null };
      entry.promise = fetchKeyed(key).then(async (response) => {
        if (!response.ok) {
          let message = t("reach tree refused ({status})", { status: response.status });
          try { message = (await response.json()).error.message; } catch (e) { /* as is */ }
          throw Object.assign(new Error(message), { status: response.status });
        }
        entry.tree = decodeReachTree(await response.arrayBuffer());
        onChange();
        return entry.tree;
      }).catch((error) => {
        entry.error = error;
        if (via && via.length) viaTrees = false;
        onChange();
        throw error;
      });
      entry.promise.catch(() => {});
      trees.set(key, entry);
    }
    return entry;
  }

  function ask(key, where) {
    if (paths.has(key)) return paths.get(key);
    if (asking) { if (asking !== key) wanted = { key, where }; return null; }
    asking = key;
    fetchKeyed(where).then((r) => r.json()).catch((e) => ({ found: false, message: String(e) }))
      .then((answer) => {
        paths.set(key, answer.error ? { found: false, message: answer.error.message } : answer);
        asking = null;
        const next = wanted;
        wanted = null;
        if (next && !paths.has(next.key)) ask(next.key, next.where);
        onChange();
      });
    return null;
  }

  function why(place, altitude, via) {
    if (!pathUrl) return null;
    const where = pathUrl(place, altitude, viaText(via));
    return ask(where, where);
  }

  // A server that does not know `via` answers as if there were none: a way that misses a
  // waypoint is not taken as one through them.
  function passes(moves, via) {
    const words = String(moves || "").split(/\s+/);
    let i = 0;
    for (const w of via) {
      while (i < words.length && !new RegExp(`^(dash[:-]?)?${w.place}(\\b|\\+|$)`).test(words[i])) i += 1;
      if (i >= words.length) return false;
      i += 1;
    }
    return true;
  }

  function describe(place, altitude, way, unit) {
    const at = altitude === null ? "" : `, ${altitudeText(altitude)}`;
    const lines = [colon(`${place}${at}`, `${amount(way.cost, unit, units)} ${unit}`),
      way.moves || t("(stays where it is)")];
    const checks = way.checks || [];
    if (checks.length) {
      lines.push(t("saves: {checks}", { checks: checks.map((c) => c.label || c.rule).join(", ") }));
    } else if (saves) lines.push(t("no saves"));
    if (way.canAct === true) lines.push(t("can still attack"));
    else if (way.canAct === false) lines.push(t("the attack is spent"));
    else lines.push(t("whether it can still attack: not known"));
    return lines;
  }

  // The way to `place`: {moves, cost, legal, lines, ready, checks, canAct, answer?}.
  function preview(place, altitude, via) {
    const through = via && via.length;
    const entry = !through || viaTrees ? tree(altitude, through ? via : null) : null;
    if (entry && !entry.tree && !entry.error) {
      return { place, legal: null, ready: false, lines: [place, t("working out the ways…")] };
    }
    if (entry && entry.tree) {
      const way = entry.tree.wayTo(place);
      const unit = entry.tree.header.unit || "";
      if (way && through && !passes(way.moves, via)) {
        viaTrees = false;  // the server ignored the waypoints: ask /api/path instead
        return preview(place, altitude, via);
      }
      if (way) {
        return { place, legal: true, ready: true, moves: way.moves, cost: way.cost,
          checks: way.checks, canAct: way.canAct, lines: describe(place, altitude, way, unit) };
      }
    }
    if (entry && entry.error && !through) {
      return { place, legal: false, ready: true, lines: [place, entry.error.message] };
    }
    // out of reach (or waypoints the tree could not take): the server's way, or why not
    const answer = why(place, altitude, via);
    if (!answer) {
      return { place, legal: null, ready: false,
        lines: [place, through ? t("working out the way through the waypoints…")
          : t("out of reach: asking why…")] };
    }
    if (through && answer.found !== false && !passes(answer.moves, via)) {
      return { place, legal: null, ready: true,
        lines: [place, t("this server does not take waypoints (via)")] };
    }
    if (answer.found === false) {
      const reason = answer.reason || answer.message || t("no way there");
      const rule = answer.rule ? ` [${answer.rule}]` : "";
      return { place, legal: false, ready: true, rule: answer.rule || null, answer,
        lines: [t("{place}: out of reach", { place }), `${reason}${rule}`] };
    }
    return { place, legal: true, ready: true, moves: answer.moves, cost: answer.cost,
      checks: answer.checks, canAct: answer.can_act, answer,
      lines: describe(place, altitude, { moves: answer.moves, cost: answer.cost,
        checks: answer.checks, canAct: answer.can_act }, answer.unit || "") };
  }

  return {
    tree: (altitude, via) => tree(altitude, via).promise,
    preview,
    why,
    viaText,
    clear() { trees.clear(); paths.clear(); wanted = null; viaTrees = true; },
    // a new drag asks again what failed before (a busy server's 503)
    retry() { for (const [key, entry] of trees) if (entry.error) trees.delete(key); },
  };
}

// ---------------------------------------------------------------------------------------------
// The gesture.

/**
 * Wire dragging on the map box. `hooks`:
 *   picked(tokenId) -> Promise|void   a token was pressed and dragged (choose that creature)
 *   start(tokenId) -> altitude|null   the altitude the drag starts at (null: best over all)
 *   preview(place, altitude, via) -> {moves, cost, legal, lines, ready, points?}
 *   dropped(place, altitude, via, answer) -> Promise|void
 *   altitudes(tokenId) -> [..]        the altitudes it may end at, lowest first
 *   place(event|{clientX, clientY}) -> place|null   (default: the grid cell under it)
 *   points(place) -> {x, y}           in the picture's units (default: the cell's centre)
 *   at(tokenId) -> place              where the token stands (default: its data-at)
 *   can(tokenId) -> bool              whether that token may be dragged now (default: all; play:
 *                                     the creatures still to move this round)
 */
export function wireDrag(box, hooks) {
  loadStyle(new URL("./drag.css", import.meta.url).href);
  const frame = box.parentElement;
  const placeOf = hooks.place || ((e) => {
    const svg = svgOf();
    // the picture's place on the screen asked anew: a new picture or a settled view moves it
    return svg ? cellNear(svg, e.clientX, e.clientY, true) : null;
  });
  const svgOf = () => box.querySelector(":scope > svg") || box.querySelector("svg");
  const pointsOf = hooks.points || ((place) => { const svg = svgOf(); return svg && centreOfLabel(svg, place); });
  const tokenAt = hooks.at || ((id) => {
    const node = box.querySelector(`[data-wb-token="${CSS.escape(id)}"]`);
    return node && node.getAttribute("data-at");
  });
  box.wbPreviewTimes = [];   // pointer event to the preview drawn (ms)
  box.wbPreviewWork = [];    // inside the frame's own work (ms)
  box.wbPreviewFrames = [];  // the frame's start to its rendering done (ms; see render)
  // a message posted in a frame's callback is read once the frame's style, layout, paint and
  // commit are done on the main thread: when the frame that drew a preview is done
  const frameDone = new MessageChannel();
  let frameBegan = [];
  frameDone.port1.onmessage = () => {
    const now = performance.now();
    for (const began of frameBegan.splice(0)) box.wbPreviewFrames.push(now - began);
    if (box.wbPreviewFrames.length > TIMES) box.wbPreviewFrames.splice(0, TIMES / 2);
  };

  const label = document.createElement("div");
  label.className = "wb-drag-label";
  label.setAttribute("data-wb-preview", "");
  label.setAttribute("role", "status");
  label.hidden = true;
  frame.append(label);

  const bar = document.createElement("div");
  bar.className = "wb-drag-bar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", t("Moving a creature"));
  bar.hidden = true;
  const button = (text, title, action) => {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = text;
    node.title = title;
    node.setAttribute("aria-label", title);
    node.addEventListener("pointerdown", (e) => { e.stopPropagation(); });
    node.addEventListener("click", (e) => { e.preventDefault(); action(); });
    bar.append(node);
    return node;
  };
  button("+", t("Higher (PageUp)"), () => climb(1));
  button("−", t("Lower (PageDown)"), () => climb(-1));
  button("W", t("Fix a waypoint here (W)"), () => addWaypoint());
  button("⌫", t("Remove the last waypoint (Backspace)"), () => dropWaypoint());
  button("✓", t("Move there (Enter)"), () => drop());
  button("✕", t("Cancel (Escape)"), () => cancel());
  frame.append(bar);

  // the drag: {id, pointerId, keyboard, dx, dy, altitude, via, place, x, y, ready}
  let drag = null;
  let pending = null;    // a press on a token, not yet a drag
  let swallow = false;   // the click that ends a drag is the drag's
  let scheduled = 0;
  let lastEvent = 0;     // the time of the pointer event the next frame answers
  let second = null;     // a second finger down while dragging: {id, x, y}

  // The token under (x, y): the nearest whose disc (its circle or square, not the box of its
  // disc and its words; at least 44 px across, a finger's target) holds the point. A press
  // beside it (on its name, between two fingers of a pinch) is the map's.
  function tokenUnder(x, y) {
    let best = null;
    let bestDistance = Infinity;
    for (const node of box.querySelectorAll("[data-wb-token]")) {
      if (hooks.can && !hooks.can(node.getAttribute("data-wb-token"))) continue;
      const disc = node.querySelector("circle, rect, polygon:not(.heading)") || node;
      const r = disc.getBoundingClientRect();
      const reach = Math.max(22, Math.max(r.width, r.height) / 2);
      const distance = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (distance <= reach && distance < bestDistance) { bestDistance = distance; best = node; }
    }
    return best;
  }

  // The way is drawn in a picture of its own over the map's (svg.wb-drag-overlay: the same
  // place, viewBox and transform, no pointer events, hidden from assistive tech), not in the
  // map's: a change in it then repaints the way alone, not every cell in view with it (the
  // preview frame's paint on the harpy, zoomed in, was most of its time at CPU 4×).
  function layer() {
    const svg = svgOf();
    if (!svg) return null;
    pictureNs = svg.namespaceURI;
    let over = box.querySelector(":scope > svg.wb-drag-overlay");
    if (!over) {
      over = svgNode("svg", { class: "wb-drag-overlay", "aria-hidden": "true",
        focusable: "false" });
      over.append(svgNode("g", { class: "wb-drag-way", "pointer-events": "none" }));
      box.append(over);
    }
    follow(over, svg);
    return over.firstElementChild;
  }

  // The overlay placed as the map's picture is (zoom.js sets its viewBox and its style).
  function follow(over, svg) {
    for (const name of ["viewBox", "preserveAspectRatio"]) {
      const value = svg.getAttribute(name);
      if (over.getAttribute(name) === value) continue;
      if (value === null) over.removeAttribute(name);
      else over.setAttribute(name, value);
    }
    // (compared with the picture's style as last copied: a style set is read back normalised;
    // a layer of its own: the way's changes are painted and rasterised alone, not with the
    // cells under it, p95 of a preview frame 21-29 ms → 17-19 at CPU 4×)
    if (over.wbStyleOf === svg.style.cssText) return;
    over.wbStyleOf = svg.style.cssText;
    over.style.cssText = `${svg.style.cssText} pointer-events: none; will-change: transform;`;
  }

  function clearDrawing() {
    box.querySelector(":scope > svg.wb-drag-overlay")?.remove();
    label.hidden = true;
    bar.hidden = true;
    for (const name of ["moves", "cost", "legal", "place", "altitude", "ready"]) {
      label.removeAttribute(`data-${name}`);
    }
  }

  function begin(id, keyboard, pointerId, dx, dy) {
    const start = hooks.start ? hooks.start(id) : null;
    drag = { id, keyboard, pointerId, dx, dy, altitude: start, via: [], place: null,
      x: 0, y: 0, cursor: tokenAt(id), ready: false, frameRect: null };
    const svg = svgOf();
    if (svg) cellNear(svg, 0, 0, true);  // the picture's index, and where it is on the screen
    box.classList.add("wb-dragging");
    bar.hidden = false;
    box.dispatchEvent(new CustomEvent("wingbeat:drag-start", { detail: { token: id } }));
    const chosen = hooks.picked ? hooks.picked(id) : null;
    Promise.resolve(chosen).then(() => {
      if (drag && drag.id === id) { drag.ready = true; schedule(true); }
    }, () => { if (drag && drag.id === id) cancel(); });
  }

  function end(kind) {
    const was = drag;
    drag = null;
    second = null;
    box.classList.remove("wb-dragging");
    clearDrawing();
    if (was) {
      box.dispatchEvent(new CustomEvent("wingbeat:drag-end", {
        detail: { token: was.id, kind, place: was.place, altitude: was.altitude } }));
    }
    return was;
  }

  function cancel() {
    pending = null;
    if (drag) end("cancel");
  }

  function schedule(force) {
    if (!drag) return;
    if (force) drag.force = true;
    if (!lastEvent) lastEvent = performance.now();
    if (scheduled) return;
    scheduled = requestAnimationFrame(render);
  }

  // The place the drag points at: under the pointer (less the grab's offset), or the cursor.
  function target() {
    if (drag.keyboard) return drag.cursor;
    return placeOf({ clientX: drag.x - drag.dx, clientY: drag.y - drag.dy });
  }

  function render(frameAt) {
    scheduled = 0;
    if (!drag) return;
    const began = performance.now();
    const since = lastEvent;
    lastEvent = 0;
    const place = target();
    const force = drag.force;
    drag.force = false;
    if (!drag.ready) { show({ place, ready: false, legal: null, lines: ["…"] }); return; }
    if (!force && place === drag.place && drag.shown) return;
    drag.place = place;
    if (!place) { clearWay(); label.hidden = true; drag.shown = null; return; }
    const answer = hooks.preview(place, drag.altitude, drag.via);
    drag.shown = answer;
    draw(answer);
    show(answer);
    if (since) {
      const times = box.wbPreviewTimes;
      const now = performance.now();
      times.push(now - since);
      box.wbPreviewWork.push(now - began);
      if (frameAt !== undefined) {  // (a frame's callback: its timestamp is the frame's start)
        frameBegan.push(frameAt);
        frameDone.port2.postMessage(null);
      }
      if (times.length > TIMES) times.splice(0, times.length - TIMES);
      if (box.wbPreviewWork.length > TIMES) box.wbPreviewWork.splice(0, TIMES / 2);
    }
  }

  function clearWay() {
    const g = layer();
    if (g) g.replaceChildren();
  }

  function draw(answer) {
    const g = layer();
    if (!g) return;
    const svg = svgOf();
    const parts = [];  // [tag, attributes], bottom first
    const from = tokenAt(drag.id);
    const start = from && pointsOf(from);
    const end = pointsOf(answer.place);
    const marks = drag.via.map((w) => pointsOf(w.place)).filter(Boolean);
    if (answer.legal && answer.moves !== undefined) {
      const points = answer.points ||
        [start, ...cellsOf(svg, answer.moves).map((c) => pointsOf(c))].filter(Boolean);
      if (points.length === 1 && end) points.push(end);
      parts.push(["polyline", { class: "wb-way", points: points.map((p) => `${p.x},${p.y}`)
        .join(" ") }]);
    } else if (start && end) {
      parts.push(["line", { class: answer.legal === false ? "wb-way refused" : "wb-way waiting",
        x1: start.x, y1: start.y, x2: end.x, y2: end.y }]);
    }
    for (const p of marks) parts.push(["circle", { class: "wb-waypoint", cx: p.x, cy: p.y, r: 7 }]);
    if (end) {
      parts.push(["circle", { class: answer.legal === false ? "wb-end refused" : "wb-end",
        cx: end.x, cy: end.y, r: 12 }]);
    }
    // the same shapes as the last frame: only their changed attributes are set (no node made,
    // none removed: the frame lays out and paints the way alone)
    const nodes = g.children;
    const same = nodes.length === parts.length &&
      parts.every(([tag], i) => nodes[i].localName === tag);
    if (!same) {
      g.replaceChildren(...parts.map(([tag, attributes]) => svgNode(tag, attributes)));
      return;
    }
    parts.forEach(([, attributes], i) => {
      for (const [key, value] of Object.entries(attributes)) {
        const text = String(value);
        if (nodes[i].getAttribute(key) !== text) nodes[i].setAttribute(key, text);
      }
    });
  }

  function show(answer) {
    const lines = [...(answer.lines || [])];
    if (drag.via.length) {
      lines.push(t("through {places}", { places: drag.via.map((w) => w.place).join(", ") }));
    }
    const old = label.children;  // the same lines' nodes kept, their changed texts set
    if (old.length === lines.length) {
      lines.forEach((text, i) => { if (old[i].textContent !== text) old[i].textContent = text; });
    } else {
      label.replaceChildren(...lines.map((text, i) => {
        const node = document.createElement(i ? "span" : "strong");
        node.textContent = text;
        return node;
      }));
    }
    label.dataset.moves = answer.moves ?? "";
    label.dataset.cost = answer.cost ?? "";
    label.dataset.legal = answer.legal === null || answer.legal === undefined ? ""
      : String(answer.legal);
    label.dataset.place = answer.place || "";
    label.dataset.altitude = drag.altitude === null ? "all" : String(drag.altitude);
    label.dataset.ready = String(Boolean(answer.ready));
    label.classList.toggle("refused", answer.legal === false);
    label.hidden = false;
    // beside the pointer (or the cursor's cell), inside the frame, on the side with more room
    // (anchored by the corner nearest the point: nothing is measured during the drag)
    const r = drag.frameRect || (drag.frameRect = frame.getBoundingClientRect());
    let x = drag.x;
    let y = drag.y;
    if (drag.keyboard && answer.place) {
      const svg = svgOf();  // (from the cells' index: a far cell may be out of the layout)
      const c = svg && screenBoxOf(svg, answer.place);
      if (c) { x = c.right; y = c.bottom; }
    }
    const left = x - r.left;
    const top = y - r.top;
    const right = left > r.width / 2;
    const below = top < r.height / 2;
    label.style.left = right ? "auto" : `${Math.max(0, left + 18)}px`;
    label.style.right = right ? `${Math.max(0, r.width - left + 18)}px` : "auto";
    label.style.top = below ? `${Math.max(0, top + 18)}px` : "auto";
    label.style.bottom = below ? "auto" : `${Math.max(0, r.height - top + 18)}px`;
  }

  function climb(step) {
    if (!drag) return;
    const levels = hooks.altitudes ? hooks.altitudes(drag.id) : [];
    if (!levels.length) return;
    let i = levels.indexOf(drag.altitude);
    if (i < 0) {  // from the best over all altitudes: a step from its own altitude
      const own = hooks.own ? hooks.own(drag.id) : null;
      i = levels.indexOf(own);
      if (i < 0) i = step > 0 ? -1 : levels.length;
    }
    const next = levels[Math.min(levels.length - 1, Math.max(0, i + step))];
    if (next === drag.altitude) return;
    drag.altitude = next;
    schedule(true);
  }

  function addWaypoint() {
    if (!drag || !drag.place || drag.via.length >= 8) return;
    const last = drag.via[drag.via.length - 1];
    if (last && last.place === drag.place) return;
    drag.via.push({ place: drag.place, altitude: drag.altitude });
    schedule(true);
  }

  function dropWaypoint() {
    if (!drag || !drag.via.length) return;
    drag.via.pop();
    schedule(true);
  }

  async function drop() {
    if (!drag) return;
    if (!drag.ready) { cancel(); return; }
    render();  // the place as it stands now
    const was = end("drop");
    if (!was || !was.place) return;
    if (hooks.dropped) await hooks.dropped(was.place, was.altitude, was.via, was.shown);
  }

  // pointer: a press on a token (capture phase: before the map's pan sees it)
  box.addEventListener("pointerdown", (event) => {
    if (drag && !drag.keyboard) {
      // a second finger's tap (or another button) while dragging: a waypoint
      if (event.pointerId !== drag.pointerId) {
        second = { id: event.pointerId, x: event.clientX, y: event.clientY };
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    if (pending && event.pointerId !== pending.pointerId) {
      // a second finger before the token moved: a pinch, the map's (zoom.js saw the first)
      pending = null;
      return;
    }
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (hooks.enabled && !hooks.enabled()) return;
    const token = tokenUnder(event.clientX, event.clientY);
    if (!token) return;
    event.preventDefault();   // the map does not pan (zoom.js keeps the finger for a pinch)
    if (event.pointerType === "mouse") event.stopPropagation();
    const id = token.getAttribute("data-wb-token");
    const from = tokenAt(id);
    const svg = svgOf();
    // (its box from the cells' index: zoomed out, the cell is out of the layout, display: none)
    const home = from && svg && screenBoxOf(svg, from);
    let dx = 0;
    let dy = 0;
    if (home) {  // the grab's offset from the token's own cell (a Large creature's north-west)
      const c = { left: home.left, top: home.top, width: home.right - home.left,
        height: home.bottom - home.top };
      dx = event.clientX - (c.left + c.width / 2);
      dy = event.clientY - (c.top + c.height / 2);
    }
    if (drag) cancel();
    pending = { id, pointerId: event.pointerId, x: event.clientX, y: event.clientY, dx, dy };
  }, { capture: true });

  box.addEventListener("pointermove", (event) => {
    if (second && event.pointerId === second.id) {
      if (Math.hypot(event.clientX - second.x, event.clientY - second.y) > 3 * DRAG) second = null;
      event.stopPropagation();
      return;
    }
    if (pending && event.pointerId === pending.pointerId) {
      event.stopPropagation();
      if (Math.hypot(event.clientX - pending.x, event.clientY - pending.y) < DRAG) return;
      const p = pending;
      pending = null;
      try { box.setPointerCapture(event.pointerId); } catch (e) { /* already released */ }
      begin(p.id, false, p.pointerId, p.dx, p.dy);
    }
    if (!drag || drag.keyboard || event.pointerId !== drag.pointerId) return;
    event.stopPropagation();
    event.preventDefault();
    // the right button pressed while the left drags: a waypoint
    if (event.pointerType === "mouse" && event.button === 2) addWaypoint();
    drag.x = event.clientX;
    drag.y = event.clientY;
    if (!lastEvent) lastEvent = event.timeStamp;
    schedule(false);
  }, { capture: true });

  const release = (event) => {
    if (second && event.pointerId === second.id) {
      second = null;
      event.stopPropagation();
      if (event.type === "pointerup") addWaypoint();
      return;
    }
    if (pending && event.pointerId === pending.pointerId) { pending = null; return; }
    if (!drag || drag.keyboard || event.pointerId !== drag.pointerId) return;
    event.stopPropagation();
    swallow = true;
    if (event.type === "pointercancel") { cancel(); return; }
    drag.x = event.clientX;
    drag.y = event.clientY;
    drop();
  };
  box.addEventListener("pointerup", release, { capture: true });
  box.addEventListener("pointercancel", release, { capture: true });
  box.addEventListener("click", (event) => {
    if (swallow) { swallow = false; event.stopPropagation(); event.preventDefault(); }
  }, { capture: true });
  box.addEventListener("contextmenu", (event) => { if (drag) event.preventDefault(); });
  box.addEventListener("wheel", (event) => {
    if (!drag) return;
    event.preventDefault();
    event.stopPropagation();   // not a zoom: the altitude
    climb(event.deltaY < 0 ? 1 : -1);
  }, { capture: true, passive: false });
  // a redraw of the picture (another creature chosen) drops the layer: draw it again
  box.addEventListener("wingbeat:map-drawn", () => {
    if (!drag) return;
    const svg = svgOf();
    if (svg) cellNear(svg, 0, 0, true);
    schedule(true);
  });

  // keys: while a drag is on, they are the drag's
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  window.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, select, textarea");
    if (!drag) {
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== "t" && event.key !== "T") return;
      const where = event.target;  // on the map, or nowhere in particular (not a control)
      if (where !== document.body && where !== document.documentElement &&
          !frame.contains(where)) return;
      if (!box.querySelector("[data-wb-token]")) return;
      if (hooks.enabled && !hooks.enabled()) return;
      event.preventDefault();
      pickNext();
      return;
    }
    let done = true;
    if (event.key === "Escape") cancel();
    else if (event.key === "PageUp" || event.key === "+" || event.key === "=") climb(1);
    else if (event.key === "PageDown" || event.key === "-" || event.key === "−") climb(-1);
    else if (event.key === "w" || event.key === "W") addWaypoint();
    else if (event.key === "Backspace") dropWaypoint();
    else if (event.key === "Enter" && (drag.keyboard || !typing)) drop();
    else if (drag.keyboard && ARROWS[event.key]) {
      const svg = svgOf();
      const [dx, dy] = ARROWS[event.key];
      const next = svg && drag.cursor && nextCell(svg, drag.cursor, dx, dy);
      if (next) { drag.cursor = next; schedule(false); }
    } else if (drag.keyboard && (event.key === "t" || event.key === "T")) pickNext();
    else done = false;
    if (done) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, { capture: true });

  // T: the first token, or the next one after the token being moved
  function pickNext(current) {
    const ids = [...box.querySelectorAll("[data-wb-token]")]
      .map((n) => n.getAttribute("data-wb-token")).filter((id) => !hooks.can || hooks.can(id));
    if (!ids.length) return;
    const now = current || (drag ? drag.id : null);
    const chosen = hooks.first && !now ? hooks.first(ids) : null;
    const id = chosen || ids[(ids.indexOf(now) + 1) % ids.length];
    if (drag) end("cancel");
    pick(id);
  }

  function pick(id) {
    pending = null;
    if (drag) end("cancel");
    begin(id, true, null, 0, 0);
    if (document.activeElement !== box && !box.contains(document.activeElement)) {
      box.focus({ preventScroll: true });
    }
  }

  return { pick, cancel, active: () => Boolean(drag), drop, climb, addWaypoint, dropWaypoint,
    refresh: () => schedule(true) };
}
