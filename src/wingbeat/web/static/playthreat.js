// The play page's threat overlay (the encounter as it stands: /api/play/encounters/{id}/threat)
// and its "Suggest a move" (/api/play/encounters/{id}/suggest): the suggestion is shown with its
// reasons and declared only when the game master accepts it (posted as an ordinary move). Every
// word is the server's; threat.js draws the overlay on the map after each redraw.

import { t } from "./i18n.js";
import { $, api, el, guard, showError } from "./common.js";
import { decorate, fillWhose, showOverlayWords, whose } from "./threat.js";

let play = null;      // { current(), act(method, path, body) }: the page's encounter and actions
let view = null;      // the encounter's last snapshot
let overlay = null;
let overlayKey = "";
let asking = 0;
let suggesting = 0;
let suggested = null; // { creature, moves, version }: the suggestion on show

function version() {
  return view ? `${view.encounter.id}/${view.state.entries}` : "";
}

function redraw() {
  const svg = $("board").querySelector("svg");
  if (svg) decorate(svg, $("threat-toggle").checked ? overlay : null, null, null);
}

async function refreshOverlay() {
  if (!$("threat-toggle").checked || !view || !$("threat-of").value) {
    overlay = null;
    overlayKey = "";
    showOverlayWords(null);
    redraw();
    return;
  }
  const level = $("threat-level").value;
  const asked = { ...whose(), altitude: level === "" ? "all" : level };
  const key = JSON.stringify([version(), asked]);
  if (key !== overlayKey) {
    const ticket = ++asking;
    const answer = await api(`play/encounters/${encodeURIComponent(play.current())}/threat`,
      asked);
    if (ticket !== asking) return;
    overlay = answer;
    overlayKey = key;
    showOverlayWords(answer);
    levelChoices(answer);
  }
  redraw();
}

// The level picker: "the most over all" and each level the overlay threatens (server's words).
function levelChoices(answer) {
  const select = $("threat-level");
  const keep = select.value;
  const wanted = ["", ...answer.levels.map((l) => String(l.index))];
  const have = [...select.options].map((o) => o.value);
  if (JSON.stringify(wanted) === JSON.stringify(have)) return;
  select.replaceChildren();
  const all = el("option", t("the most over all levels"));
  all.value = "";
  select.append(all);
  for (const level of answer.levels) {
    const option = el("option", level.text);
    option.value = String(level.index);
    select.append(option);
  }
  select.value = wanted.includes(keep) ? keep : "";
}

// A new snapshot: the pickers follow the encounter's sides and creatures; a suggestion made
// before a move is withdrawn (the battle it was made for is gone).
export function playView(snapshot) {
  const fresh = !view || view.encounter.id !== snapshot.encounter.id;
  view = snapshot;
  $("threat-panel").hidden = false;
  if (fresh) {
    const sides = (snapshot.board && snapshot.board.sides) || {};
    const names = (snapshot.board && snapshot.board.names) || {};
    fillWhose([...new Set(snapshot.state.order.map((id) => sides[id]).filter((s) => s))],
      snapshot.state.order.map((id) => [id, names[id] && names[id] !== id ? `${names[id]} (${id})`
        : id]));
    $("threat-level").replaceChildren();
  }
  if (suggested && suggested.version !== version()) hideSuggestion();
}

function hideSuggestion() {
  suggesting += 1;
  suggested = null;
  $("suggestion").hidden = true;
}

async function suggest() {
  const creature = $("creature-select").value;
  if (!play.current() || !creature) return;
  showError(null);
  const ticket = ++suggesting;
  const answer = await api(`play/encounters/${encodeURIComponent(play.current())}/suggest`,
    { creature });
  if (ticket !== suggesting) return;
  const said = answer.suggestion;
  suggested = { creature, moves: said.moves, version: version() };
  $("suggestion-headline").replaceChildren(el("strong", said.headline));
  $("suggestion-reasons").replaceChildren(...said.reasons.map((r) => el("li", r)));
  $("suggestion").hidden = false;
  $("suggest-accept").focus();
}

async function accept() {
  if (!suggested) return;
  const { creature, moves } = suggested;
  hideSuggestion();
  await play.act("POST", `/encounters/${play.current()}/moves`, { creature, moves });
}

function decline() {
  if (!suggested) return;
  const creature = suggested.creature;
  hideSuggestion();
  $("move-result").textContent = t("Suggestion for {creature} declined: nothing declared.",
    { creature });
  $("move-result").className = "muted";
  $("suggest-button").focus();
}

export function wirePlayThreat(current, act) {
  play = { current, act };
  $("board").addEventListener("wingbeat:map-drawn", guard(refreshOverlay));
  $("threat-toggle").addEventListener("change", guard(refreshOverlay));
  $("threat-of").addEventListener("change", guard(refreshOverlay));
  $("threat-level").addEventListener("change", guard(refreshOverlay));
  $("suggest-button").addEventListener("click", guard(suggest));
  $("suggest-accept").addEventListener("click", guard(accept));
  $("suggest-decline").addEventListener("click", decline);
  $("creature-select").addEventListener("change", hideSuggestion);
}
