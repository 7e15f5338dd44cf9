// Drag to move on the play page (issue 26), grid rulesets: the analysis page's gesture
// (drag.js: wireDrag, treePreviewer) on the encounter as it stands. Press the token of a creature
// that has not moved this round and drag it: the cheapest legal way to the cell under the pointer
// is drawn as it moves, with its running cost, saves and whether the attack is kept, from the
// encounter's reach tree (GET /api/play/encounters/{ref}/reach-tree, once per creature, altitude
// and waypoints: no request per pointer move). Altitude (wheel, PageUp/PageDown, the ± buttons)
// and waypoints (W, the button, the right button, a second finger's tap) as drag.js takes them;
// with waypoints the way is the route through them (the tree's `via`). The drop asks the server's
// check of that way, then one confirmation (Declare / Cancel; Escape cancels) declares it as the
// move form does. Keyboard: T picks the creature to move next, the arrows move a cursor, Enter
// drops, Escape cancels.

import { amount as decimal, t } from "./i18n.js";
import { treePreviewer, wireDrag } from "./drag.js";
import { fetchKeyed, query } from "./common.js";

/**
 * Wire dragging on `board` (the play page's map box). `hooks`:
 *   encounter() → the encounter id shown, or null;  view() → its last snapshot;
 *   declare(creature, moves) → Promise (the page's move, as the move form posts it);
 *   answer(text, refused) → shows the answer beside the map;
 *   lengthUnits → the length units (GET /api/rulesets: amounts as the analysis page says them);
 *   saves() → whether the encounter's ruleset calls for saves ("no saves" is then said).
 * Returns drag.js's {pick(id), cancel(), active(), …}.
 */
export function wirePlayDrag(board, hooks) {
  const dialog = document.createElement("dialog");
  dialog.className = "drag-confirm";
  dialog.setAttribute("aria-labelledby", "drag-confirm-text");
  dialog.innerHTML = '<p id="drag-confirm-text"></p>' +
    '<p id="drag-confirm-checks" class="muted"></p><form method="dialog" class="row">' +
    '<button value="declare" id="drag-declare"></button>' +
    '<button value="cancel" id="drag-cancel"></button></form>';
  dialog.querySelector("#drag-declare").textContent = t("Declare");
  dialog.querySelector("#drag-cancel").textContent = t("Cancel");
  document.body.append(dialog);

  const svg = () => board.querySelector(":scope > svg");
  // a table's drag is tablegesture.js's
  const grid = () => Boolean(svg()) && !svg().classList.contains("table-map");
  const ref = () => hooks.encounter();
  const at = () => `/api/play/encounters/${encodeURIComponent(ref())}`;
  // where the encounter stands: a tree asked before a move is not the tree after it
  const version = () => {
    const v = hooks.view();
    return v ? `${v.state.round}.${v.state.entries}.${v.state.moved.join(",")}` : "";
  };

  function movable(id) {
    const v = hooks.view();
    if (!v || !ref()) return false;
    return v.state.order.includes(id) && !v.state.moved.includes(id);
  }

  // The previews of the creature being moved: the encounter's tree and path (drag.js).
  let creature = null;
  let ways = null;
  let waysKey = null;
  let waiting = [];  // drops waiting for an answer (the tree, or why a place is out of reach)
  function previewer(id) {
    const key = `${ref()}|${version()}|${id}`;
    if (ways && waysKey === key) return ways;
    waysKey = key;
    ways = treePreviewer(
      (altitude, via) => `${at()}/reach-tree?${query({ creature: id, altitude, via })}`,
      hooks.lengthUnits, {
        pathUrl: (place, altitude, via) => `${at()}/path?${query({ creature: id, to: place,
          altitude, via })}`,
        onChange: () => {
          if (dragging.active()) dragging.refresh();
          const now = waiting;
          waiting = [];
          for (const wake of now) wake();
        },
        altitudeText: (a) => t("altitude {label}", { label: a }),
        saves: hooks.saves ? hooks.saves() : true,
      });
    return ways;
  }

  // The preview of the drop once it is ready (the tree read, or the server's word on it).
  async function settled(place, altitude, via) {
    for (;;) {
      const answer = previewer(creature).preview(place, altitude, via);
      if (answer.ready) return answer;
      await new Promise((resolve) => waiting.push(resolve));
    }
  }

  function unit() {
    const picture = svg();
    return (picture && picture.getAttribute("data-unit")) || "";
  }

  // The drop: the route's server check (or why there is none), the confirmation, the move.
  async function dropped(place, altitude, via, shown) {
    const id = creature;
    const answer = shown && shown.place === place && shown.ready ? shown
      : await settled(place, altitude, via);
    if (!answer.legal || answer.moves === undefined) {
      hooks.answer(await whyNot(id, place, answer), true);
      return;
    }
    const moves = answer.moves;
    // (an empty move, the creature holding, is a move: kept in the question)
    const data = await ask(`${at()}/check?${new URLSearchParams({ creature: id, moves })}`);
    if (!data.ok) { hooks.answer(data.message, true); return; }
    if (!data.legal) {
      hooks.answer(t("Refused: {message} [{rule}]", { message: data.error.message,
        rule: data.error.rule }), true);
      return;
    }
    const saves = (data.checks || []).map((c) => c.text).join(" ");
    const places = via.map((w) => w.place).join(", ");
    const cost = decimal(data.cost);
    const head = via.length
      ? t("{id} to {place} through {places}: {moves}, {cost} {unit}", { id, place, places,
        moves, cost, unit: unit() })
      : t("{id} to {place}: {moves}, {cost} {unit}", { id, place, moves, cost, unit: unit() });
    hooks.answer(head + (saves ? `; ${saves}` : t("; no save")), false);
    const attack = answer.canAct === true ? t(" It can still attack.")
      : answer.canAct === false ? t(" The attack is spent.") : "";
    const holds = t("holds");
    const yes = await confirm(t("Declare {creature}: {moves} ({cost} {unit})?", { creature: id,
      moves: moves || holds, cost, unit: unit() }), `${saves}${attack}`.trim());
    if (yes) await hooks.declare(id, moves);
  }

  async function ask(url) {
    const response = await fetchKeyed(url);
    const data = await response.json().catch(() => null);
    if (!response.ok || !data) {
      return { ok: false, message: (data && data.error && data.error.message) ||
        t("status {status}", { status: response.status }) };
    }
    return { ok: true, ...data };
  }

  // Why a place is out of reach: the path's reason and rule when it says them, else the rule
  // the straight step there breaks.
  async function whyNot(id, place, answer) {
    const said = answer.lines ? answer.lines.slice(1).join(": ")
      : t("{place} is out of reach", { place });
    if (answer.rule) return t("{place} out of reach: {why}", { place, why: said });
    const step = await ask(`${at()}/check?${query({ creature: id, moves: place })}`);
    if (step.ok && step.error && step.error.rule) {
      return t("{place} out of reach: {why}; a step straight there: {message} [{rule}]", {
        place, why: said, message: step.error.message, rule: step.error.rule });
    }
    return t("{place} out of reach: {why}", { place, why: said });
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

  const dragging = wireDrag(board, {
    enabled: () => grid() && !dialog.open && Boolean(ref()),
    can: (id) => movable(id),
    picked: (id) => {
      if (!movable(id)) throw new Error(t("{id} has moved this round", { id }));
      creature = id;
      const ways = previewer(id);
      ways.retry();
      ways.tree(null, null).catch(() => {});  // asked now: the first move finds it
    },
    start: () => null,
    own: (id) => {
      const v = hooks.view();
      const piece = v && v.state.pieces[id];
      return piece ? piece.altitude : null;
    },
    first: (ids) => {
      const v = hooks.view();
      return v && ids.includes(v.state.next) ? v.state.next : ids[0];
    },
    altitudes: () => {
      const v = hooks.view();
      const b = v ? v.board : {};
      const low = b.bottom ?? 0;
      const high = b.top ?? low;
      return Array.from({ length: high - low + 1 }, (_, i) => low + i);
    },
    preview: (place, altitude, via) => previewer(creature).preview(place, altitude, via),
    dropped: (place, altitude, via, shown) => dropped(place, altitude, via, shown)
      .catch((error) => hooks.answer(String(error.message || error), true)),
  });
  return dragging;
}
