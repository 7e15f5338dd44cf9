// The tabletop gesture (issue 26), rulesets on a table (confrontation, battlesystem): press a
// model and drag it; the flight line is drawn on the table from where it stands to the point
// under the pointer, snapped to round points (the ruleset's `snap`, half a unit by default), with
// its length and whether its end is inside the creature's reach as drawn (the picture's
// `.reach-area` shapes). The rest is the server's: on the drop, `check` of the line (or, dropped
// on another model, of a dive charge onto it, `dive:ID`, or a flight to the point), then one
// confirmation declares it (play) or the check is shown.
//
// The altitude changes while dragging: PageUp / PageDown, the wheel, or the two 44 px buttons
// shown meanwhile (a second finger's) climb or descend a level (tier) first: the move is then
// "up x,y" ("down x,y", twice "up up x,y"), the rulesets' own words. Whether the end is in reach
// is said only from the dragged creature's own reach areas at its own level; otherwise the drop's
// check tells (the play board draws the reach of the creature whose turn it is).
//
// Models are found by geometry (their discs' boxes on the screen), as playdrag.js finds tokens.

import { colon, amount as decimal, t } from "./i18n.js";
import { loadStyle } from "./common.js";

const DRAG = 4;

function round(value, step) {
  return Math.round(Math.round(value / step) * step * 1000) / 1000;
}

function disc(token) {
  return token.querySelector("circle, rect, polygon:not(.heading)") || token;
}

/**
 * Wire the gesture on `board` (the box holding a `svg.table-map`). `hooks`:
 *   movable(id) → bool;  snap() → the table step (number);
 *   check(id, moves) → Promise<{status, data}> (the server's check JSON);
 *   act(id, moves, data) → Promise (play: declares after confirmation; the page: shows it);
 *   answer(text, refused).
 */
export function wireTableGesture(board, hooks) {
  // its look, on the analysis page too (play.html links it as well)
  loadStyle(new URL("./playdrag.css", import.meta.url).href);
  let press = null;
  let drag = null;  // {id, token, from: [x, y], to: [x, y], pointer}

  const frame = board.parentElement;
  const label = document.createElement("div");
  label.className = "drag-preview table-preview";
  label.setAttribute("data-wb-preview", "");
  label.setAttribute("aria-live", "polite");
  label.hidden = true;  // in the page only while a drag lasts: the grid's preview is the other

  const levels = document.createElement("div");
  levels.className = "drag-altitude table-altitude";
  levels.hidden = true;
  for (const [text, step, words] of [["▲", 1, t("Climb a level")],
    ["▼", -1, t("Descend a level")]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.setAttribute("aria-label", t("{action} (while dragging)", { action: words }));
    button.addEventListener("pointerdown", (event) => event.stopPropagation());
    button.addEventListener("click", () => climb(step));
    levels.append(button);
  }

  const dialog = document.createElement("dialog");
  dialog.className = "drag-confirm table-confirm";
  dialog.setAttribute("aria-labelledby", "table-confirm-text");
  dialog.innerHTML = '<p id="table-confirm-text"></p><form method="dialog" class="row"></form>';
  document.body.append(dialog);

  const svg = () => {
    const picture = board.querySelector(":scope > svg");
    return picture && picture.classList.contains("table-map") ? picture : null;
  };

  function tokens(picture) {
    return [...picture.querySelectorAll("[data-wb-token]")];
  }

  function tokenAt(picture, x, y, except) {
    let best = null;
    let bestDistance = Infinity;
    for (const token of tokens(picture)) {
      if (token === except) continue;
      const r = disc(token).getBoundingClientRect();
      const distance = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (distance <= Math.max(22, r.width / 2) && distance < bestDistance) {
        best = token;
        bestDistance = distance;
      }
    }
    return best;
  }

  // table units ↔ the picture's user units (the render's data-scale, data-origin-*)
  function geometry(picture) {
    return {
      scale: Number(picture.getAttribute("data-scale")),
      ox: Number(picture.getAttribute("data-origin-x")),
      oy: Number(picture.getAttribute("data-origin-y")),
      height: Number(picture.getAttribute("data-table-height")),
      unit: picture.getAttribute("data-unit") || "",
    };
  }

  function toUser(picture, [x, y]) {
    const g = geometry(picture);
    return [g.ox + x * g.scale, g.oy + (g.height - y) * g.scale];
  }

  function tableAt(picture, clientX, clientY) {
    const matrix = picture.getScreenCTM();
    if (!matrix) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const g = geometry(picture);
    const step = hooks.snap() || 0.5;
    return [round((pt.x - g.ox) / g.scale, step), round(g.height - (pt.y - g.oy) / g.scale, step)];
  }

  function inReach(picture, point) {
    const [ux, uy] = toUser(picture, point);
    for (const area of picture.querySelectorAll(".reach-area, .reach-area *")) {
      if (typeof area.isPointInFill !== "function") continue;
      const own = area.getCTM();
      const root = picture.getCTM();
      let p = new DOMPoint(ux, uy);
      if (own && root) p = p.matrixTransform(root).matrixTransform(own.inverse());
      if (area.isPointInFill(p)) return true;
    }
    return false;
  }

  function lineOf(picture) {
    let line = picture.querySelector("line.table-drag-line");
    if (!line) {
      line = document.createElementNS(picture.namespaceURI, "line");
      line.setAttribute("class", "table-drag-line");
      line.setAttribute("stroke-width", "4");
      line.setAttribute("stroke-linecap", "round");
      line.setAttribute("pointer-events", "none");
      picture.append(line);
    }
    return line;
  }

  const said = (point) => point.map((v) => String(v)).join(",");

  // "up up ", "down ", "": the level changes the move begins with
  const climbs = (level) => (level > 0 ? "up " : "down ").repeat(Math.abs(level));

  function show(picture, clientX, clientY) {
    const to = tableAt(picture, clientX, clientY);
    if (!to) return;
    drag.to = to;
    drag.client = [clientX, clientY];
    const g = geometry(picture);
    const length = Math.hypot(to[0] - drag.from[0], to[1] - drag.from[1]);
    const target = tokenAt(picture, clientX, clientY, drag.token);
    drag.target = target ? target.getAttribute("data-wb-token") : null;
    // its own reach, at its own level: else not said (null), the drop's check tells
    const own = picture.getAttribute("data-creature") === drag.id && drag.level === 0 &&
      picture.querySelector(".reach-area");
    const reach = own ? inReach(picture, to) : null;
    const [x1, y1] = toUser(picture, drag.from);
    const [x2, y2] = toUser(picture, to);
    const line = lineOf(picture);
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, v.toFixed(1));
    const out = reach === false && !drag.target;
    line.setAttribute("stroke", out ? "#b3261e" : "#1f3fbf");
    line.setAttribute("stroke-dasharray", out ? "6 6" : "");
    const dives = picture.getAttribute("data-ruleset") === "confrontation";
    const reachWords = reach === null ? t("the drop checks it")
      : reach ? t("inside its reach") : t("outside its reach");
    const onto = { id: drag.id, target: drag.target, point: said(to) };
    const words = drag.target
      ? (dives ? t("{id} onto {target}: dive charge or a flight to {point} (drop to choose)", onto)
        : t("{id} onto {target}: a flight to {point} (drop to choose)", onto))
      : colon(`${climbs(drag.level)}${said(to)}`,
        `${decimal(round(length, 0.01))} ${g.unit}, ${reachWords}`);
    label.textContent = words;
    label.dataset.moves = drag.target ? `dive:${drag.target}` : climbs(drag.level) + said(to);
    label.dataset.cost = String(round(length, 0.01));
    if (drag.target || reach !== null) label.dataset.legal = String(reach || !!drag.target);
    else delete label.dataset.legal;  // not known before the check
    board.dataset.wbHover = said(to);
    const r = frame.getBoundingClientRect();
    label.style.left = `${Math.max(0, Math.min(clientX - r.left + 16, r.width - 260))}px`;
    label.style.top = `${Math.max(0, Math.min(clientY - r.top + 16, r.height - 60))}px`;
    label.hidden = false;
    if (!label.isConnected) frame.append(label);
    // clear of the map's buttons: on the pointer's other side when they would meet
    const tools = frame.querySelector(".map-tools");
    const [a, b] = [label.getBoundingClientRect(), tools && tools.getBoundingClientRect()];
    if (b && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top) {
      label.style.left = `${Math.max(0, clientX - r.left - 16 - a.width)}px`;
    }
    levels.hidden = false;
    if (!levels.isConnected) frame.append(levels);
  }

  // a level up (+1) or down (−1) before the flight, while the drag lasts
  function climb(step) {
    const picture = svg();
    if (!drag || !picture) return;
    drag.level += step;
    show(picture, ...(drag.client || clientOf(picture, drag.to)));
  }

  function cancel() {
    const picture = svg();
    const line = picture && picture.querySelector("line.table-drag-line");
    if (line) line.remove();
    label.hidden = true;
    label.remove();
    levels.hidden = true;
    levels.remove();
    delete board.dataset.wbHover;
    board.classList.remove("dragging");
    const was = drag;
    drag = null;
    press = null;
    if (was) board.dispatchEvent(new CustomEvent("wingbeat:drag-end", { detail: { id: was.id } }));
  }

  function choose(text, choices) {
    dialog.querySelector("#table-confirm-text").textContent = text;
    const form = dialog.querySelector("form");
    form.replaceChildren(...choices.map(([value, words], i) => {
      const button = document.createElement("button");
      button.value = value;
      button.textContent = words;
      button.id = `table-choice-${i}`;
      Object.assign(button.style, { minWidth: "44px", minHeight: "44px", font: "inherit" });
      return button;
    }));
    dialog.returnValue = "";
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true });
      dialog.showModal();
      form.querySelector("button").focus();
    });
  }

  // Dropped on a model: on a ruleset with dive charges (confrontation, C-dive), a dive charge
  // onto it, or a dive onto it redirected to another model (C-change: the target gone, the
  // assault goes on to another on the ground); a flight to the point; Cancel.
  function choices(id, target, point) {
    const picture = svg();
    const offered = [];
    if (picture && picture.getAttribute("data-ruleset") === "confrontation") {
      offered.push([`dive:${target}`, t("Dive charge onto {target}", { target })]);
      for (const other of tokens(picture).map((node) => node.getAttribute("data-wb-token"))
        .filter((other) => other !== id && other !== target).slice(0, 3)) {
        offered.push([`dive:${target} redirect:${other}`,
          t("Dive onto {target}, redirected to {other}", { target, other })]);
      }
    }
    offered.push([point, t("Fly to {point}", { point })], ["", t("Cancel")]);
    return offered;
  }

  async function drop() {
    const { id, to, target, level } = drag;
    cancel();
    let moves = said(to);
    if (target) {
      const picked = await choose(t("{id} dropped on {target}:", { id, target }),
        choices(id, target, moves));
      if (!picked) return;
      moves = picked;
    } else {
      moves = climbs(level) + moves;
    }
    const { status, data } = await hooks.check(id, moves);
    if (status !== 200 || !data) {
      hooks.answer((data && data.error && data.error.message) || t("status {status}", { status }),
        true);
      return;
    }
    if (!data.legal) {
      hooks.answer(t("Refused: {moves}: {message} [{rule}]", { moves, message: data.error.message,
        rule: data.error.rule }), true);
      return;
    }
    hooks.answer(colon(id, `${moves}, ${decimal(data.cost)} ${data.unit || ""}`.trim()), false);
    await hooks.act(id, moves, data, choose);
  }

  board.addEventListener("pointerdown", (event) => {
    const picture = svg();
    if (!picture || drag || dialog.open) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const token = tokenAt(picture, event.clientX, event.clientY, null);
    if (!token) return;
    const id = token.getAttribute("data-wb-token");
    if (!hooks.movable(id)) return;
    event.preventDefault();
    event.stopPropagation();
    const from = (token.getAttribute("data-at") || "0,0").split(",").map(Number);
    press = { id, token, from, x: event.clientX, y: event.clientY, pointer: event.pointerId };
  }, true);

  board.addEventListener("pointermove", (event) => {
    const picture = svg();
    if (!picture) return;
    if (press && !drag && event.pointerId === press.pointer) {
      event.stopPropagation();
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG) return;
      drag = { ...press, to: press.from, target: null, level: 0 };
      board.setPointerCapture(event.pointerId);  // a press that stays a click stays the token's
      board.classList.add("dragging");
      board.dispatchEvent(new CustomEvent("wingbeat:drag-start", { detail: { id: drag.id } }));
    }
    if (!drag || event.pointerId !== drag.pointer) return;
    event.preventDefault();
    event.stopPropagation();
    show(picture, event.clientX, event.clientY);
  }, true);

  const release = (event) => {
    if (press && event.pointerId === press.pointer) event.stopPropagation();
    if (!drag || event.pointerId !== drag.pointer) { press = null; return; }
    event.stopPropagation();
    if (event.type === "pointercancel") { cancel(); return; }
    press = null;
    swallow = true;
    drop();
  };
  board.addEventListener("pointerup", release, true);
  board.addEventListener("pointercancel", release, true);
  // the click a drag ends with is the drag's, not a point chosen on the map
  let swallow = false;
  board.addEventListener("click", (event) => {
    if (swallow) { swallow = false; event.stopPropagation(); event.preventDefault(); }
  }, true);
  board.addEventListener("pointerdown", () => { swallow = false; });

  // -- keyboard: T picks the creature to move (hooks.next()), the arrows move the line's end a
  // step (the snap; ten with Shift), Enter drops, Escape cancels --------------------------------
  const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

  function clientOf(picture, point) {
    const [ux, uy] = toUser(picture, point);
    const p = new DOMPoint(ux, uy).matrixTransform(picture.getScreenCTM());
    return [p.x, p.y];
  }

  board.addEventListener("keydown", (event) => {
    const picture = svg();
    if (!picture || dialog.open) return;
    if (!drag) {
      if ((event.key !== "t" && event.key !== "T") || event.ctrlKey || event.metaKey) return;
      const id = hooks.next && hooks.next();
      const token = id && picture.querySelector(`[data-wb-token="${CSS.escape(id)}"]`);
      if (!token || !hooks.movable(id)) return;
      event.preventDefault();
      event.stopPropagation();
      const from = (token.getAttribute("data-at") || "0,0").split(",").map(Number);
      drag = { id, token, from, to: from, target: null, keyboard: true, level: 0 };
      board.classList.add("dragging");
      board.dispatchEvent(new CustomEvent("wingbeat:drag-start", { detail: { id } }));
      show(picture, ...clientOf(picture, from));
      return;
    }
    if (!drag.keyboard) return;
    if (ARROWS[event.key]) {
      event.preventDefault();
      event.stopPropagation();
      const step = (hooks.snap() || 0.5) * (event.shiftKey ? 10 : 1);
      const [dx, dy] = ARROWS[event.key];
      show(picture, ...clientOf(picture, [drag.to[0] + dx * step, drag.to[1] + dy * step]));
    } else if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      drop();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  }, true);

  // the level while any drag lasts: PageUp / PageDown (wherever the focus is), the wheel
  document.addEventListener("keydown", (event) => {
    if (!drag || dialog.open || (event.key !== "PageUp" && event.key !== "PageDown")) return;
    event.preventDefault();
    event.stopPropagation();
    climb(event.key === "PageUp" ? 1 : -1);
  }, true);
  board.addEventListener("wheel", (event) => {
    if (!drag || !event.deltaY) return;
    event.preventDefault();
    event.stopPropagation();
    climb(event.deltaY < 0 ? 1 : -1);
  }, { capture: true, passive: false });

  return { cancel, active: () => drag !== null };
}
