// The analysis page's threat overlay and attack advice: the "Threat" panel's toggle and picker,
// the engagement panel's "Attack advice", and a click on another creature's token. Each redraw
// of the map ("wingbeat:map-drawn") gets the overlay and the positions drawn on it again
// (threat.js); the words are the server's (/api/threat/overlay, /api/advise/positions).

import { $, api, guard, showError } from "./common.js";
import {
  clickableTokens, decorate, fillAdvice, fillLegend, fillWhose, showOverlayWords, whose,
} from "./threat.js";

let page = null;      // { state, checkMove }: the page's state and its way to check a move
let overlay = null;   // the overlay shown (an /api/threat/overlay answer), or null
let overlayKey = "";  // the question it answers
let advice = null;    // the attack positions shown (an /api/advise/positions answer), or null
let asking = 0;       // tickets: an answer that arrives after a newer question is dropped
let advising = 0;

function svgNow() {
  return $("map").querySelector("svg");
}

function level() {
  return page.state.altitude;
}

function question() {
  return { scenario: page.state.scenario, ...whose(),
    altitude: level() === null ? "all" : level() };
}

function redraw() {
  const svg = svgNow();
  if (!svg || !page.state.info) return;
  decorate(svg, $("threat-toggle").checked ? overlay : null, advice, level());
  clickableTokens(svg, page.state.creature, guard(adviseAgainst));
}

// Ask the overlay for the toggle's side at the slider's level, if it is not the one shown.
async function refreshOverlay() {
  if (!$("threat-toggle").checked || !$("threat-of").value) {
    overlay = null;
    overlayKey = "";
    showOverlayWords(null);
    redraw();
    return;
  }
  const asked = question();
  const key = JSON.stringify(asked);
  if (key !== overlayKey) {
    const ticket = ++asking;
    const answer = await api("threat/overlay", asked);
    if (ticket !== asking) return;  // a newer question meanwhile
    overlay = answer;
    overlayKey = key;
    showOverlayWords(answer);
  }
  redraw();
}

// The overlay picker: each side, then each creature (the sides and names are the scenario's).
export function threatScenario(info, creature) {
  fillWhose([...new Set(info.creatures.map((c) => c.side).filter((s) => s))],
    info.creatures.map((c) => [c.id, `${c.name} (${c.id})`]));
  threatCreature(creature, info);
}

// A new creature chosen: the overlay picker starts on a side it is not on (else another
// creature), and the advice about the last one goes.
export function threatCreature(creature, info) {
  const me = info.creatures.find((c) => c.id === creature);
  const select = $("threat-of");
  const values = [...select.options].map((o) => o.value);
  const other = values.find((v) => v.startsWith("side:") && (!me || v !== `side:${me.side}`)) ||
    values.find((v) => v !== `creature:${creature}`) || values[0] || "";
  if (!$("threat-toggle").checked) select.value = other;
  clearAdvice();
}

function clearAdvice() {
  advising += 1;
  advice = null;
  $("advice-title").textContent = "";
  fillLegend($("advice-legend"), []);
  fillAdvice($("advice-list"), null);
  $("advise-clear").hidden = true;
}

// The attack positions of the chosen creature against `target`, drawn and listed.
async function adviseAgainst(target) {
  const state = page.state;
  if (!state.creature || !target || target === state.creature) return;
  showError(null);
  const others = $("other-select");
  if (others.value !== target) {
    others.value = target;
    others.dispatchEvent(new Event("change"));
  }
  const ticket = ++advising;
  const answer = await api("advise/positions",
    { scenario: state.scenario, creature: state.creature, target });
  if (ticket !== advising) return;
  advice = answer;
  $("advice-title").textContent = answer.title;
  fillLegend($("advice-legend"), answer.legend);
  fillAdvice($("advice-list"), answer, guard((option) => page.checkMove(option.moves)));
  $("advise-clear").hidden = false;
  redraw();
}

// The words of the overlay's cell at `place` (for the hover preview), or null.
export function threatAt(place) {
  if (!overlay || !$("threat-toggle").checked || !overlay.cells) return null;
  const found = overlay.cells.find((c) => c.at === place);
  return found ? found.text : null;
}

export function wireThreat(state, checkMove) {
  page = { state, checkMove };
  $("map").addEventListener("wingbeat:map-drawn", guard(refreshOverlay));
  $("threat-toggle").addEventListener("change", guard(refreshOverlay));
  $("threat-of").addEventListener("change", guard(refreshOverlay));
  $("advise-button").addEventListener("click", guard(() => adviseAgainst($("other-select").value)));
  $("advise-clear").addEventListener("click", () => { clearAdvice(); redraw(); });
}
