// Drag to move on the play page (issue 26), grid rulesets: press a token of a creature that has
// not moved this round and drag it; the cheapest legal way to the cell under the pointer is drawn
// as it moves, with its running cost and saves, from the reach tree of the creature as the
// encounter stands (GET /api/play/encounters/{ref}/reach-tree, read once per creature and
// altitude: no request per pointer move). Dropping asks the server's check of that way, then a
// confirmation (Declare / Cancel; Escape cancels) declares it the way the move form does.
// PageUp / PageDown (or the ± buttons) change the altitude while dragging. Keyboard: T picks the
// creature to move next, the arrows move a cursor cell, Enter drops, Escape cancels.
//
// Tokens are found by geometry (document.elementsFromPoint), never by classes or pointer-events
// added to them. The map's own panning (zoom.js) never sees a press that picks a token.

import { decodeReachTree } from "./reachtree.js";
import { cellNear } from "./drag.js";

const DRAG = 4;  // pixels before a press on a token is a drag
const ARROW_KEYS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// The token under (x, y) by geometry: the nearest whose disc (at least 44 px across, a finger's
// target) holds the point. Tokens take no pointer events in the picture (the cells under them
// do), so elementsFromPoint does not find them.
function tokenNear(box, x, y) {
  let best = null;
  let bestDistance = Infinity;
  for (const token of box.querySelectorAll(":scope > svg [data-wb-token]")) {
    const r = discOf(token).getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const reach = Math.max(22, Math.max(r.width, r.height) / 2);
    const distance = Math.hypot(x - cx, y - cy);
    if (distance <= reach && distance < bestDistance) { best = token; bestDistance = distance; }
  }
  return best;
}

// A token's disc (its circle or square), not the box of its disc and its words.
function discOf(token) {
  return token.querySelector("circle, rect, polygon:not(.heading)") || token;
}

// The centre of an element of the picture, in the picture's user units.
function centre(node) {
  const box = node.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const CELL = /^(?:dash[:-]?)?([A-Za-z]+\d+)/;  // "U35", dnd5e "C5+up", "dash K11"

/**
 * Wire dragging on `board` (the play page's map box). `hooks`:
 *   encounter() → the encounter id shown, or null;  view() → its last snapshot;
 *   declare(creature, moves) → Promise<bool> (the page's move, as the move form posts it);
 *   answer(text, refused) → shows the answer beside the map.
 * Returns {pick(id), cancel(), active()}.
 */
export function wirePlayDrag(board, hooks) {
  const trees = new Map();  // "ref|version|creature|altitude" → Promise<ReachTree>
  let drag = null;  // {id, token, altitude, tree, place, x, y, moved, pointer, keyboard}
  let press = null;  // a press on a token not yet a drag
  let treeAsked = 0;

  const frame = board.parentElement;
  const label = document.createElement("div");
  label.className = "drag-preview";
  label.setAttribute("data-wb-preview", "");
  label.setAttribute("aria-live", "polite");
  label.hidden = true;
  frame.append(label);

  const altitudes = document.createElement("div");
  altitudes.className = "drag-altitude";
  altitudes.hidden = true;
  for (const [text, step, words] of [["▲", 1, "Higher"], ["▼", -1, "Lower"]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.setAttribute("aria-label", `${words} (while dragging)`);
    button.addEventListener("pointerdown", (event) => event.stopPropagation());
    button.addEventListener("click", () => {
      climb(step);
      board.focus({ preventScroll: true });  // the drag's keys go on working
    });
    altitudes.append(button);
  }
  const shownLevel = document.createElement("span");
  altitudes.append(shownLevel);
  frame.append(altitudes);

  const dialog = document.createElement("dialog");
  dialog.className = "drag-confirm";
  dialog.setAttribute("aria-labelledby", "drag-confirm-text");
  dialog.innerHTML = '<p id="drag-confirm-text"></p><p id="drag-confirm-checks" class="muted"></p>' +
    '<form method="dialog" class="row"><button value="declare" id="drag-declare">Declare</button>' +
    '<button value="cancel" id="drag-cancel">Cancel</button></form>';
  document.body.append(dialog);

  const svg = () => board.querySelector(":scope > svg");
  const tokenAt = (x, y) => tokenNear(board, x, y);
  const grid = () => svg() && !svg().classList.contains("table-map");  // a table: tablegesture.js
  const ref = () => hooks.encounter();
  const version = () => {
    const v = hooks.view();
    return v ? `${v.state.round}.${v.state.entries}.${v.state.moved.join(",")}` : "";
  };

  function movable(id) {
    const v = hooks.view();
    if (!v || !ref()) return false;
    return v.state.order.includes(id) && !v.state.moved.includes(id);
  }

  function treeOf(id, altitude) {
    const key = `${ref()}|${version()}|${id}|${altitude}`;
    if (!trees.has(key)) {
      const params = new URLSearchParams({ creature: id });
      if (altitude !== null) params.set("altitude", String(altitude));
      const url = `/api/play/encounters/${encodeURIComponent(ref())}/reach-tree?${params}`;
      trees.set(key, fetch(url).then(async (answer) => {
        if (!answer.ok) {
          const data = await answer.json().catch(() => null);
          throw new Error((data && data.error && data.error.message) || `status ${answer.status}`);
        }
        return decodeReachTree(await answer.arrayBuffer());
      }));
      if (trees.size > 16) trees.delete(trees.keys().next().value);
    }
    return trees.get(key);
  }

  function line() {
    const picture = svg();
    let path = picture && picture.querySelector("polyline.drag-way");
    if (picture && !path) {
      path = document.createElementNS(picture.namespaceURI, "polyline");
      path.setAttribute("class", "drag-way");
      path.setAttribute("fill", "none");
      path.setAttribute("stroke", "#1f3fbf");
      path.setAttribute("stroke-width", "5");
      path.setAttribute("stroke-linecap", "round");
      path.setAttribute("stroke-linejoin", "round");
      path.setAttribute("pointer-events", "none");
      picture.append(path);
    }
    return path;
  }

  function cellAt(name) {
    const picture = svg();
    return picture && picture.querySelector(`g.cell[data-cell="${CSS.escape(name)}"]`);
  }

  function drawWay(way, place) {
    const path = line();
    if (!path) return;
    if (!way) {
      const to = cellAt(place);
      const [x0, y0] = centre(discOf(drag.token));
      const points = to ? [[x0, y0], centre(to)] : [];
      path.setAttribute("points", points.map((p) => p.join(",")).join(" "));
      path.setAttribute("stroke", "#b3261e");
      path.setAttribute("stroke-dasharray", "6 6");
      return;
    }
    const points = [centre(discOf(drag.token))];
    for (const word of way.moves.split(" ")) {
      const found = CELL.exec(word);
      const cell = found ? cellAt(found[1]) : null;
      if (cell) points.push(centre(cell));
    }
    path.setAttribute("points", points.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "));
    path.setAttribute("stroke", "#1f3fbf");
    path.removeAttribute("stroke-dasharray");
  }

  function say(words, legal, way, x, y) {
    label.replaceChildren();
    words.forEach((w, i) => {
      const part = document.createElement(i ? "span" : "strong");
      part.textContent = (i ? " " : "") + w;
      label.append(part);
    });
    label.dataset.moves = way ? way.moves : "";
    label.dataset.cost = way ? way.cost : "";
    label.dataset.legal = String(legal);
    label.classList.toggle("illegal", !legal);
    const r = frame.getBoundingClientRect();
    label.style.left = `${Math.max(0, Math.min(x - r.left + 16, r.width - 260))}px`;
    label.style.top = `${Math.max(0, Math.min(y - r.top + 16, r.height - 60))}px`;
    label.hidden = false;
  }

  function unit() {
    return drag && drag.tree ? drag.tree.header.unit : "";
  }

  // The preview for the cell under (x, y): the way, its cost, its saves, whether it keeps the
  // attack; or that it is out of reach.
  function preview(place, x, y) {
    drag.place = place;
    drag.x = x;
    drag.y = y;
    if (!drag.tree) { say([`${drag.id}: reading its reach…`], false, null, x, y); return; }
    if (!place) { label.hidden = true; return; }
    const way = drag.tree.wayTo(place);
    drawWay(way, place);
    board.dataset.wbHover = place;
    if (!way) {
      say([`${place}: out of reach`, "(drop to see why)"], false, null, x, y);
      return;
    }
    const saves = way.checks.map((c) => c.label || c.text).join("; ");
    say([`${place}: ${way.cost} ${unit()}`, way.moves ? `· ${way.moves}` : "· stays",
      saves ? `· saves: ${saves}` : "· no save", way.canAct ? "· attack kept" : ""],
    true, way, x, y);
  }

  function levelText() {
    shownLevel.textContent = drag.altitude === null ? "altitude: best" : `altitude ${drag.altitude}`;
  }

  async function load() {
    const mine = ++treeAsked;
    drag.tree = null;
    if (drag.place !== undefined) preview(drag.place, drag.x, drag.y);  // "reading its reach…"
    try {
      const tree = await treeOf(drag.id, drag.altitude);
      if (!drag || mine !== treeAsked) return;
      drag.tree = tree;
      if (drag.place !== undefined) preview(drag.place, drag.x, drag.y);
      board.dispatchEvent(new CustomEvent("wingbeat:drag-ready", { detail: { id: drag.id } }));
    } catch (error) {
      if (!drag || mine !== treeAsked) return;
      hooks.answer(`${drag.id}: ${error.message}`, true);
      cancel();
    }
  }

  function climb(step) {
    if (!drag) return;
    const token = drag.token;
    const now = drag.altitude === null ? Number(token.getAttribute("data-altitude") || 0)
      : drag.altitude;
    drag.altitude = Math.max(0, now + step);
    levelText();
    load();
  }

  function start(id, token, keyboard) {
    drag = { id, token, altitude: null, tree: null, place: undefined, x: 0, y: 0, keyboard };
    board.classList.add("dragging");
    board.focus({ preventScroll: true });  // the keys (PageUp/PageDown, Escape) are the drag's
    altitudes.hidden = false;
    levelText();
    board.dispatchEvent(new CustomEvent("wingbeat:drag-start", { detail: { id } }));
    load();
  }

  function cancel() {
    const picture = svg();
    const path = picture && picture.querySelector("polyline.drag-way");
    if (path) path.remove();
    const cursor = picture && picture.querySelector("polygon.drag-cursor, rect.drag-cursor");
    if (cursor) cursor.remove();
    label.hidden = true;
    altitudes.hidden = true;
    board.classList.remove("dragging");
    delete board.dataset.wbHover;
    const was = drag;
    drag = null;
    press = null;
    if (was) board.dispatchEvent(new CustomEvent("wingbeat:drag-end", { detail: { id: was.id } }));
  }

  // The drop: the server's check of the previewed way (or why there is none), then the
  // confirmation, then the move declared.
  async function drop() {
    if (!drag) return;
    const { id, place } = drag;
    if (!drag.tree || !place) { cancel(); return; }
    const way = drag.tree.wayTo(place);
    const at = encodeURIComponent(ref());
    if (!way) {
      const words = await whyNot(at, id, place, drag.altitude);
      hooks.answer(words, true);
      cancel();
      return;
    }
    const params = new URLSearchParams({ creature: id, moves: way.moves });
    const answer = await fetch(`/api/play/encounters/${at}/check?${params}`);
    const data = await answer.json().catch(() => null);
    if (!answer.ok || !data) {
      hooks.answer((data && data.error && data.error.message) || `status ${answer.status}`, true);
      cancel();
      return;
    }
    if (!data.legal) {
      hooks.answer(`Refused: ${data.error.message} [${data.error.rule}]`, true);
      cancel();
      return;
    }
    const saves = (data.checks || []).map((c) => c.text).join(" ");
    hooks.answer(`${id} to ${place}: ${way.moves}, ${data.cost} ${unit()}` +
      (saves ? `; ${saves}` : "; no save"), false);
    const yes = await confirm(`Declare ${id}: ${way.moves || "holds"} (${data.cost} ${unit()})?`,
      saves);
    cancel();
    if (yes) await hooks.declare(id, way.moves);
  }

  // Why a place is out of reach: the path's reason and rule when it says them, else the rule
  // the straight step there breaks.
  async function whyNot(at, id, place, altitude) {
    const params = new URLSearchParams({ creature: id, to: place });
    if (altitude !== null) params.set("altitude", String(altitude));
    const found = await (await fetch(`/api/play/encounters/${at}/path?${params}`)).json()
      .catch(() => null);
    if (found && found.rule) return `${place} out of reach: ${found.reason || found.message} [${found.rule}]`;
    const step = new URLSearchParams({ creature: id, moves: place });
    const data = await (await fetch(`/api/play/encounters/${at}/check?${step}`)).json()
      .catch(() => null);
    const said = found && found.message ? found.message : `${place} is out of reach`;
    if (data && data.error && data.error.rule) {
      return `${said}; a step straight there: ${data.error.message} [${data.error.rule}]`;
    }
    return said;
  }

  function confirm(text, details) {
    dialog.querySelector("#drag-confirm-text").textContent = text;
    dialog.querySelector("#drag-confirm-checks").textContent = details || "";
    dialog.returnValue = "";
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "declare"),
        { once: true });
      dialog.showModal();
      dialog.querySelector("#drag-declare").focus();
    });
  }

  // -- pointer --------------------------------------------------------------------------------

  board.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (drag || dialog.open || !grid()) return;
    const token = tokenAt(event.clientX, event.clientY);
    if (!token) return;
    const id = token.getAttribute("data-wb-token");
    if (!movable(id)) return;
    event.preventDefault();
    event.stopPropagation();  // not a pan of the map
    press = { id, token, x: event.clientX, y: event.clientY, pointer: event.pointerId };
  }, true);

  board.addEventListener("pointermove", (event) => {
    if (press && event.pointerId === press.pointer && !drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG) {
        event.stopPropagation();
        return;
      }
      const { id, token } = press;
      start(id, token, false);
      board.setPointerCapture(event.pointerId);  // a press that stays a click stays the token's
      drag.pointer = press.pointer;
    }
    if (!drag || drag.keyboard || event.pointerId !== drag.pointer) return;
    event.preventDefault();
    event.stopPropagation();
    // the cell from an index of cell centres (drag.js), not a hit test of thousands of shapes
    // (its place on the screen asked anew each time: a redrawn picture or a settled view moves it)
    drag.moved = true;
    const began = performance.now();
    preview(cellNear(svg(), event.clientX, event.clientY, true), event.clientX, event.clientY);
    // each preview's time, from the pointer event to the way drawn, and the handler's own work
    // (ms), for measurement
    const times = board.wbPlayPreviewTimes || (board.wbPlayPreviewTimes = []);
    const work = board.wbPlayPreviewWork || (board.wbPlayPreviewWork = []);
    const now = performance.now();
    if (times.length < 2000) { times.push(now - event.timeStamp); work.push(now - began); }
  }, true);

  const release = (event) => {
    if (press && event.pointerId === press.pointer) {
      event.stopPropagation();
      press = null;
    }
    if (!drag || drag.keyboard || event.pointerId !== drag.pointer) return;
    event.stopPropagation();
    if (event.type === "pointercancel") { cancel(); return; }
    drag.place = cellNear(svg(), event.clientX, event.clientY, true) || drag.place;
    whenReady().then(drop);
  };
  board.addEventListener("pointerup", release, true);
  board.addEventListener("pointercancel", release, true);
  board.addEventListener("wheel", (event) => {
    if (!drag) return;
    event.preventDefault();
    event.stopPropagation();
    climb(event.deltaY < 0 ? 1 : -1);
  }, { capture: true, passive: false });

  // the drop waits for the tree when the drag was quicker than its answer
  function whenReady() {
    if (!drag || drag.tree) return Promise.resolve();
    return new Promise((resolve) => {
      board.addEventListener("wingbeat:drag-ready", () => resolve(), { once: true });
      board.addEventListener("wingbeat:drag-end", () => resolve(), { once: true });
    });
  }

  // -- keyboard -------------------------------------------------------------------------------

  function keyCursor(cell) {
    const picture = svg();
    let mark = picture.querySelector("rect.drag-cursor");
    if (!mark) {
      mark = document.createElementNS(picture.namespaceURI, "rect");
      mark.setAttribute("class", "drag-cursor");
      mark.setAttribute("fill", "none");
      mark.setAttribute("stroke", "#1f3fbf");
      mark.setAttribute("stroke-width", "3");
      mark.setAttribute("pointer-events", "none");
      picture.append(mark);
    }
    const b = cell.getBBox();
    for (const [k, v] of Object.entries({ x: b.x, y: b.y, width: b.width, height: b.height })) {
      mark.setAttribute(k, String(v));
    }
    const r = mark.getBoundingClientRect();
    preview(cell.getAttribute("data-cell"), r.right, r.bottom);
  }

  // The nearest cell from `from` in the arrow's direction (within 60° of it).
  function neighbour(from, dx, dy) {
    const [x0, y0] = centre(from);
    let best = null;
    let bestDistance = Infinity;
    for (const cell of svg().querySelectorAll("g.cell[data-cell]")) {
      if (cell === from) continue;
      const [x, y] = centre(cell);
      const distance = Math.hypot(x - x0, y - y0);
      if (!distance || (dx * (x - x0) + dy * (y - y0)) / distance < 0.5) continue;
      if (distance < bestDistance) { best = cell; bestDistance = distance; }
    }
    return best;
  }

  function pick(id) {
    const picture = svg();
    const token = picture && picture.querySelector(`[data-wb-token="${CSS.escape(id)}"]`);
    if (!token || !movable(id)) return false;
    if (drag) cancel();
    start(id, token, true);
    const at = token.getAttribute("data-at");
    const cell = at && cellAt(at.split(/[ ,]/)[0]);
    if (cell) { drag.cell = cell; keyCursor(cell); }
    return true;
  }

  board.addEventListener("keydown", (event) => {
    if (dialog.open) return;
    if (!drag) {
      if (!grid()) return;
      if ((event.key === "t" || event.key === "T") && !event.ctrlKey && !event.metaKey) {
        const v = hooks.view();
        const next = v && (v.state.next || v.state.order.find((id) => movable(id)));
        if (next && pick(next)) event.preventDefault();
      }
      return;
    }
    if (ARROW_KEYS[event.key] && drag.keyboard && drag.cell) {
      event.preventDefault();
      event.stopPropagation();
      const [dx, dy] = ARROW_KEYS[event.key];
      const next = neighbour(drag.cell, dx, dy);
      if (next) { drag.cell = next; keyCursor(next); }
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      event.preventDefault();
      climb(event.key === "PageUp" ? 1 : -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      whenReady().then(drop);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  }, true);

  return { pick, cancel, active: () => drag !== null };
}
