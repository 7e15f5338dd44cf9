// wingbeat's page: every answer comes from the JSON API, every picture from /api/render, every
// word about a ruleset from /api/rulesets. This module holds the page's state and wires the
// controls; the map (mapview.js), its zoom (zoom.js) and the move panel (movepanel.js) are
// modules of their own, and so should be any new feature.

import { colon, amount as decimal, percent, t, tn } from "./i18n.js";
import {
  $, amount, api, el, guard, hintsOf, query, rulesets, showError, wireDrawer,
} from "./common.js";
import { clearMovePanel, showCheck, showPath } from "./movepanel.js";
import { drawPicture, onMap, setSnap, showPreview, wireMap } from "./mapview.js";
import { zoomTools, zoomable } from "./zoom.js";
import { threatAt, threatCreature, threatScenario, wireThreat } from "./mapthreat.js";
import { markCheapest } from "./attackmark.js";
import { wireTableGesture } from "./tablegesture.js";
import { keepLegendClear } from "./legend.js";
import { treePreviewer, wireDrag } from "./drag.js";

export const state = {
  scenario: null,   // name: example:NAME, upload:ID or a file name
  info: null,       // /api/scenario answer
  creature: null,
  altitude: null,   // null: best over all altitudes
  noChecks: false,
  canAct: false,    // clicked paths must leave the attack (path can_act=true)
  options: {},      // ruleset query options that differ from the scenario's own (KEY: VALUE)
  to: null,         // destination of the drawn path
  attack: null,     // target of the drawn attack position (path attack=ID)
  attackEnd: null,  // where that attack position is (highlighted): advice's best place
  cheapest: null,   // {at, moves, text}: the cheapest attack position, where advice ranks another
                    // place first (ringed on the map)
  moves: null,      // declared move being drawn
};

let registry = null;  // rulesets(): the server's words for each ruleset

function words() {
  return hintsOf(registry, state.info.ruleset);
}

function shown(value, unit) {
  return amount(value, unit, registry.lengthUnits);
}

// An altitude index as the map names it: "2 (10 ft)", a level name ("low"), a tier.
function altitudeLabel(index) {
  const a = state.info.altitudes;
  const unit = state.options.units;
  if (unit && a.labels_by_unit && a.labels_by_unit[unit]) {
    return a.labels_by_unit[unit][index - a.min];
  }
  if (a.labels) return a.labels[index - a.min];
  if (a.names && a.names[index] !== undefined) {
    return a.word === "tier" ? t("tier {name}", { name: a.names[index] }) : a.names[index];
  }
  return String(index);
}

// "altitude 2 (10 ft)", "altitude medium", "tier 1": how a sentence names an altitude.
function altitudePhrase(index) {
  const label = altitudeLabel(index);
  const tier = t("tier {name}", { name: "" });
  if (label.startsWith(tier) || label.startsWith(`${altitudeWord()} `)) return label;
  return t("altitude {label}", { label });
}

function altitudeWord() {
  return state.info.altitudes.word || "altitude";
}

// The altitude's word in a sentence: "altitude" or "tier" in the reader's language.
function levelWord() {
  return altitudeWord() === "tier" ? t("tier") : t("altitude");
}

// A save's name (the JSON's value: reflex, dex …) as a sentence says it: "Reflex", "Dexterity".
function saveName(save) {
  const said = { reflex: t("Reflex"), fortitude: t("Fortitude"), will: t("Will"),
    str: t("Strength"), dex: t("Dexterity"), con: t("Constitution"), int: t("Intelligence"),
    wis: t("Wisdom"), cha: t("Charisma") };
  return said[save] || (save ? save[0].toUpperCase() + save.slice(1) : save);
}

// A creature's mode of movement (the scenario's enum value) as the page says it.
function modeWord(mode) {
  const said = { moving: t("moving"), flying: t("flying"), hovering: t("hovering"),
    grounded: t("grounded"), walking: t("walking"), gliding: t("gliding"), prone: t("prone"),
    landed: t("landed"), "on the ground": t("on the ground"), burrowing: t("burrowing") };
  // "on the ground, prone": each part said
  return String(mode).split(", ").map((part) => said[part] || part).join(", ");
}

// The ruleset query options chosen on the page, as the API's repeatable option=KEY=VALUE.
function optionList() {
  return Object.entries(state.options).map(([key, value]) => `${key}=${value}`);
}

function base() {
  return { scenario: state.scenario, creature: state.creature, option: optionList() };
}

// Pickers for the ruleset's query options (which ones, from the scenario summary; their words,
// from the ruleset's hints.options).
function buildOptionPickers(offered) {
  const box = $("query-options");
  box.replaceChildren();
  state.options = {};
  const entries = Object.entries(offered || {});
  box.hidden = entries.length === 0;
  const optionWords = words().hints.options || {};
  for (const [key, spec] of entries) {
    const said = optionWords[key] || { label: key };
    const label = el("label", said.label || key);
    label.htmlFor = `option-${key}`;
    const select = el("select");
    select.id = `option-${key}`;
    select.dataset.option = key;
    for (const choice of spec.choices) {
      const option = el("option", said[choice] || choice);
      option.value = choice;
      select.append(option);
    }
    select.value = spec.value;
    select.addEventListener("change", guard(async () => {
      if (select.value === spec.value) delete state.options[key];
      else state.options[key] = select.value;
      reachCache = null;
      showAltitude();
      clearRoute();
      await draw();
    }));
    box.append(label, select);
  }
}

async function loadList() {
  registry = await rulesets();
  const list = await api("scenarios", {});
  const select = $("scenario-select");
  select.replaceChildren();
  for (const item of list.scenarios) {
    const option = el("option", item.name);
    option.value = item.name;
    select.append(option);
  }
  await openScenario(list.default);
}

// Which opening is the latest: a scenario chosen while the default one is still being fetched
// wins, and the default's late answer is dropped instead of putting it back.
let opening = 0;

async function openScenario(name, info) {
  showError(null);
  const ticket = ++opening;
  const found = info || await api("scenario", { scenario: name });
  if (ticket !== opening) return;
  state.scenario = found.name;
  state.info = found;
  const select = $("scenario-select");
  if (![...select.options].some((o) => o.value === found.name)) {
    const option = el("option", t("{source} (uploaded)", { source: found.source }));
    option.value = found.name;
    select.append(option);
  }
  select.value = found.name;
  const map = found.map;
  const size = map.kind === "table"
    ? `${decimal(map.width)} × ${decimal(map.height)} ${map.unit || ""}`
    : t("{columns} columns × {rows} rows", { columns: map.columns, rows: map.rows });
  const kinds = { table: t("table map"), square: t("square map"), hex: t("hex map") };
  const parts = [found.ruleset, kinds[map.kind] || map.kind, size];
  if (found.wind) {
    parts.push(found.wind.toward
      ? t("wind {strength} toward {toward}", { strength: found.wind.strength,
        toward: found.wind.toward })
      : t("wind {strength}", { strength: found.wind.strength }));
  }
  $("scenario-info").textContent = parts.join(", ");
  const creatures = $("creature-select");
  creatures.replaceChildren();
  for (const c of found.creatures) {
    const option = el("option", c.altitude === null || c.altitude === undefined
      ? t("{name} ({id}) at {at}, {mode}", { name: c.name, id: c.id, at: c.at,
        mode: modeWord(c.mode) })
      : t("{name} ({id}) at {at}, {altitude} {level}, {mode}", { name: c.name, id: c.id,
        at: c.at, altitude: levelWord(), level: c.altitude, mode: modeWord(c.mode) }));
    option.value = c.id;
    creatures.append(option);
  }
  const slider = $("altitude");
  slider.min = found.altitudes.min;
  slider.max = found.altitudes.max;
  $("altitude-word").textContent = altitudeWord() === "tier" ? t("Tier") : t("Altitude");
  $("all-altitudes-word").textContent = altitudeWord() === "tier" ? t("every tier")
    : t("best over all altitudes");
  const saves = words().can("saves");
  $("no-checks-row").hidden = !saves;
  if (!saves) { state.noChecks = false; $("no-checks").checked = false; }
  buildOptionPickers(found.options);
  reachCache = null;
  const attacks = Boolean(found.attack_positions);
  $("attack-button").hidden = !attacks;
  $("can-act-row").hidden = !attacks;
  if (!attacks) { state.canAct = false; $("can-act").checked = false; }
  const hints = words().hints;
  $("move-input").placeholder = hints.example || "";
  $("move-notation").textContent = hints.notation || "";
  setSnap(hints.snap ? fraction(hints.snap) : null);
  $("path-hint").textContent = map.kind === "table"
    ? t("Click a point on the table (or hover it): the cheapest way there.")
    : t("Click a cell on the map, or move to it with the arrow keys and press Enter: the " +
      "cheapest way there.");
  $("all-altitudes").checked = true;  // a new map starts on the best over all altitudes
  state.altitude = null;
  const flyer = found.creatures.find((c) => c.can_fly) || found.creatures[0];
  threatScenario(found, flyer ? flyer.id : null);
  await pickCreature(flyer ? flyer.id : null);
}

// "1/2" → 0.5: a hint's exact step as the number a click is rounded to.
function fraction(text) {
  const [top, bottom] = String(text).split("/").map(Number);
  return bottom ? top / bottom : top;
}

async function pickCreature(id) {
  state.creature = id;
  $("creature-select").value = id || "";
  const me = state.info.creatures.find((c) => c.id === id);
  if (me) {
    $("altitude").value = me.level !== undefined && me.level !== null ? me.level : me.altitude;
    if (state.altitude !== null) state.altitude = Number($("altitude").value);
    showAltitude();
  }
  const others = $("other-select");
  others.replaceChildren();
  for (const c of state.info.creatures) {
    if (c.id === id) continue;
    const option = el("option", `${c.name} (${c.id})`);
    option.value = c.id;
    others.append(option);
  }
  threatCreature(id, state.info);
  clearRoute();
  await Promise.all([draw(), showEngagement()]);
}

function otherName(id) {
  const other = state.info.creatures.find((c) => c.id === id);
  return other ? other.name : id;
}

function showAltitude() {
  $("altitude-value").textContent = state.altitude === null ? t("all")
    : altitudeLabel(state.altitude);
}

// Each path, attack or check question gets a ticket; an answer that arrives after a newer
// question (a second click, an option change) is dropped, so the panel always shows the last.
let asking = 0;

function clearRoute() {
  asking += 1;
  state.to = null;
  state.attack = null;
  state.moves = null;
  state.cheapest = null;
  clearMovePanel();
}

let drawing = 0;
async function draw() {
  const ticket = ++drawing;
  const asked = {
    ...base(), altitude: state.altitude === null ? "all" : state.altitude,
    to: state.to, attack: state.attack, moves: state.moves, no_checks: state.noChecks,
    can_act: state.to && state.canAct,
  };
  const chosen = state.to || state.attackEnd;
  $("map").dataset.mapKey = state.scenario;  // zoom.js keeps the view while the map is the same
  // a newer picture asked for meanwhile: this one is dropped
  const svg = await drawPicture($("map"), asked, chosen && (state.to || state.attack) ? chosen
    : null, () => ticket === drawing);
  if (!svg) return;
  $("png-link").href = `/api/render?${query({ ...asked, format: "png" })}`;  // this picture
  summarize(svg);
}

function summarize(svg) {
  const target = $("reach-summary");
  if (!state.creature) { target.textContent = ""; return; }
  const budget = svg.getAttribute("data-budget");
  const unit = svg.getAttribute("data-unit") || "";
  if (state.info.map.kind === "table") {
    const areas = [...svg.querySelectorAll("text.area-words")].map((node) => node.textContent);
    target.textContent = areas.length
      ? t("Can end at {places}.", { places: areas.join("; ") })
      : altitudeWord() === "tier" ? t("Cannot end anywhere at this tier.")
        : t("Cannot end anywhere at this altitude.");
    return;
  }
  const cells = svg.querySelectorAll("g.cell.reach");
  const acting = svg.querySelectorAll('g.cell.reach[data-can-act="true"]');
  const where = state.altitude === null ? t("at any altitude")
    : t("at {altitude}", { altitude: altitudePhrase(state.altitude) });
  const reached = state.info.map.kind === "square"
    ? tn("{n} square reachable {where} with {budget} {unit}",
      "{n} squares reachable {where} with {budget} {unit}", cells.length,
      { where, budget: shown(budget, unit), unit })
    : tn("{n} hex reachable {where} with {budget} {unit}",
      "{n} hexes reachable {where} with {budget} {unit}", cells.length,
      { where, budget: shown(budget, unit), unit });
  const acts = tn("{n} where it can still act (dot).", "{n} where it can still act (dot).",
    acting.length);
  // Translators: the two halves of the reach summary, joined as the language punctuates
  target.textContent = t("{reached}; {acting}", { reached, acting: acts });
}

// The path's altitude as the ruleset names it: an index on grids, a level name on a table.
function pathAltitude() {
  if (state.altitude === null) return null;
  const names = state.info.altitudes.names;
  return names ? names[state.altitude] : state.altitude;
}

function pathQuestion(place) {
  return { ...base(), to: place, altitude: pathAltitude(), no_checks: state.noChecks,
    can_act: state.canAct };
}

async function choose(place) {
  if (!state.creature) return;
  showError(null);
  state.to = place;
  state.attack = null;
  state.cheapest = null;
  state.moves = null;
  const asked = { scenario: state.scenario, creature: state.creature, options: optionList(),
    noChecks: state.noChecks };
  const ticket = ++asking;
  // the map first: its picture finds the way, which the worker keeps, so the path's own answer
  // after it is a look-up; the other way that keeps the attack (to_act) is looked up last, in
  // the whole reach report (a large answer to compute, send and parse the first time)
  await draw();
  if (ticket !== asking) return;
  const answer = await api("path", pathQuestion(place));
  if (ticket !== asking) return;
  const goal = state.altitude === null ? place
    : t("{place} at {altitude}", { place, altitude: altitudePhrase(state.altitude) });
  showPath(answer, state.canAct ? t("To {place}, still able to attack", { place: goal })
    : t("To {place}", { place: goal }),
    words().can("saves"));
  if (answer.found !== false) $("move-input").value = answer.moves;
  if (answer.can_act === false) await showToAct(answer, asked);
}

// The hover preview: the cheapest way to the place under the pointer (or the keyboard cursor),
// in a label beside it; nothing is drawn or chosen until a click (or Enter).
let previewing = 0;
async function preview(place, x, y) {
  const label = $("hover-preview");
  const ticket = ++previewing;
  const moving = () => dragging && dragging.active();  // a drag's label says it, not this one
  if (!place || !state.creature || moving()) { label.hidden = true; return; }
  let answer;
  try {
    answer = await api("path", pathQuestion(place));
  } catch (e) {
    return;  // a place the rules cannot name (the table's edge): no preview, no error
  }
  if (ticket !== previewing || moving()) return;
  const lines = answer.found === false ? [place, answer.message]
    : [colon(place, answer.cost_text), answer.moves || t("(stays where it is)")];
  const threatened = threatAt(place);
  if (threatened) lines.push(threatened);
  showPreview(label, $("map-frame"), lines, x, y);
}

// The reach report the clicked paths are looked up in (for to_act), fetched once per question.
let reachCache = null;
function reachReport(asked) {
  const key = JSON.stringify(asked);
  if (!reachCache || reachCache.key !== key) {
    reachCache = { key, report: api("reach", {
      scenario: asked.scenario, creature: asked.creature, option: asked.options,
      no_checks: asked.noChecks,
    }) };
    reachCache.report.catch(() => { reachCache = null; });
  }
  return reachCache.report;
}

// "with a Reflex save (V-land, 45% to succeed)": the saves a reach's other way needs.
function savesText(checks) {
  if (!checks.length) return "";
  const values = (c) => ({ save: saveName(c.save), rule: c.rule, chance: percent(c.chance) });
  if (checks.length === 1) {
    const [one] = checks;
    return one.save ? t(" with a {save} save ({rule}, {chance} to succeed)", values(one))
      : t(" with a save ({rule}, {chance} to succeed)", values(one));
  }
  const each = checks.map((c) => (c.save ? t("{save} ({rule}, {chance} to succeed)", values(c))
    : t("a save ({rule}, {chance} to succeed)", values(c))));
  return t(" with saves: {saves}", { saves: each.join(", ") });
}

// Where the cheapest way to the path's end state spends the attack but another way keeps it,
// reach gives that way as to_act: say so, and offer to draw it.
async function showToAct(answer, asked) {
  if (!state.info.attack_positions) return;
  const report = await reachReport(asked);
  const sameQuestion = state.to !== null && state.scenario === asked.scenario &&
    state.creature === asked.creature && state.noChecks === asked.noChecks &&
    JSON.stringify(optionList()) === JSON.stringify(asked.options);
  if (!sameQuestion) return;
  const fields = Object.entries(answer.end);
  const reached = report.states.find((s) => fields.every(([k, v]) => s[k] === v));
  const way = reached && reached.to_act;
  if (!way) return;
  $("to-act-text").textContent = t("The cheapest way ends the round's actions; for {cost} " +
    "{unit}{saves} it can still attack: {path}", { cost: shown(way.cost, report.unit),
    unit: report.unit, saves: savesText(way.checks), path: way.path });
  $("to-act-show").dataset.moves = way.path;
  $("to-act").hidden = false;
}

// The attack position against the engagement picker's creature (path attack=ID, with advice's
// word on it, `advised`): advice's best place, its way checked and drawn, its reasons listed;
// where advice ranks another place than the cheapest first, the cheapest beside it (its cost,
// saves and end, advice's rank of it), ringed on the map and a button away from being drawn.
async function attackPosition() {
  const target = $("other-select").value;
  if (!state.creature || !target) return;
  showError(null);
  const ticket = ++asking;
  const answer = await api("path", { ...base(), attack: target, no_checks: state.noChecks });
  if (ticket !== asking) return;
  const advised = answer.found === false ? null : answer.advised || null;
  const other = advised && !advised.agrees ? advised.option : null;
  const best = other ? await api("check", { ...base(), moves: other.moves }) : answer;
  if (ticket !== asking) return;
  state.to = null;
  state.moves = other ? other.moves : null;  // the picture draws advice's best, checked
  state.attack = target;
  state.attackEnd = answer.found === false ? null : other ? other.end.at : answer.end.at;
  state.cheapest = other ? { at: answer.end.at, moves: answer.moves,
    tag: cheapestTag(answer.end, other.end), text: cheapestText(answer, advised) } : null;
  const which = other ? t(", advice's best") : advised ? t(", the cheapest and advice's best")
    : "";
  showPath(best, (state.noChecks
    ? t("Attack position against {name}{which} without saves", { name: otherName(target), which })
    : t("Attack position against {name}{which}", { name: otherName(target), which })),
  words().can("saves"));
  showAdvised(advised, state.cheapest);
  if (answer.found !== false) $("move-input").value = best.moves;
  $("move-panel").scrollIntoView({ block: "nearest" });
  await draw();
}

// "cheapest", over the cheapest place's cell on the map; "cheapest, altitude 0" where advice's
// best ends in that cell too, at another level.
function cheapestTag(end, best) {
  const level = end.tier ?? end.altitude;
  if (end.at !== best.at || level === undefined || level === null) return t("cheapest");
  return t("cheapest, {level}", { level: end.tier !== undefined
    ? t("tier {name}", { name: level }) : altitudePhrase(level) });
}

// "The cheapest place: 3 MP, checks: 45% Reflex (V-land): U35 down down land-fast, ends at
// U35, altitude 0, grounded; advice ranks it #3": every part the server's words.
function cheapestText(answer, advised) {
  const checks = answer.checks.length
    ? t(", checks: {checks}", { checks: answer.checks.map((c) => c.label || c.rule).join(", ") })
    : t(", no checks");
  const rank = advised.cheapest ? t("; advice ranks it #{rank}", { rank: advised.cheapest.rank })
    : "";
  const stays = t("(stays)");
  return t("The cheapest place: {cost}{checks}: {moves}, ends {end}{rank}", {
    cost: answer.cost_text, checks, moves: answer.moves || stays, end: answer.end_text,
    rank });
}

// Why advice ranks its place first (its reasons, the server's), and the cheapest beside it.
function showAdvised(advised, cheapest) {
  $("attack-advice").hidden = !advised;
  if (!advised) return;
  const among = advised.without_saves ? t(" (of the ways without a save)") : "";
  $("attack-why-head").textContent = (advised.agrees
    ? t("Advice ranks this place first too{among}:", { among })
    : t("Why advice ranks this place first{among}:", { among }));
  $("attack-why").replaceChildren(...advised.option.reasons.map((r) => el("li", r)));
  $("attack-cheapest").hidden = !cheapest;
  if (cheapest) {
    $("attack-cheapest-text").textContent = advised.cheapest
      ? t("{text} (ringed with dashes on the map); advice's reasons for it:", { text: cheapest.text })
      : t("{text} (ringed with dashes on the map).", { text: cheapest.text });
    $("attack-cheapest-why").replaceChildren(...(advised.cheapest ? advised.cheapest.reasons : [])
      .map((r) => el("li", r)));
    $("attack-cheapest-show").dataset.moves = cheapest.moves;
  }
}

async function checkMove(text) {
  if (!state.creature) return;
  showError(null);
  const ticket = ++asking;
  const answer = await api("check", { ...base(), moves: text });
  if (ticket !== asking) return;
  state.moves = text;
  state.to = null;
  state.attack = null;
  state.cheapest = null;
  showCheck(answer);
  await draw();
}

// Like the paths, each engagement question gets a ticket: an answer about the scenario or the
// pair shown before is dropped.
let engaging = 0;
async function showEngagement() {
  const ticket = ++engaging;
  const other = $("other-select").value;
  const out = $("engagement-result");
  if (!state.creature || !other) { out.textContent = ""; return; }
  const answer = await api("engagement", { scenario: state.scenario, a: state.creature, b: other });
  if (ticket !== engaging) return;
  // the engagement's kind (the JSON's value) as the page says it
  const engaged = { melee: t("melee"), "reach-only": t("reach-only"), none: t("none") };
  const kind = engaged[answer.engagement] || `${answer.engagement}`;
  let text = answer.reason ? colon(kind, answer.reason) : kind;
  if (answer.elevated) text += t("; {name} is above", { name: answer.elevated });
  out.textContent = `${text} [${answer.rule}]`;
}

async function upload(file) {
  if (file.size > 1000000) {
    throw new Error(t("{file}: is larger than 1 MB; a scenario is a small text file",
      { file: file.name }));
  }
  // The server takes a change only with a type no HTML form can send (see docs/web.md, Security).
  const type = file.name.toLowerCase().endsWith(".json") ? "application/json" : "application/yaml";
  const found = await api("upload", { name: file.name }, "POST", file, type);
  await openScenario(found.name, found);
}

// The board's answer over the map (data-wb-answer) says advice's too: its title and best place.
function echoAdvice() {
  new MutationObserver(() => {
    const title = $("advice-title").textContent;
    if (!title) return;
    const best = $("advice-list").querySelector("li");
    const first = best ? best.textContent.trim().split("\n")[0].slice(0, 120) : "";
    $("map-answer-text").textContent = first ? colon(title, first) : title;
    $("map-answer").classList.remove("illegal");
    $("map-answer").hidden = false;
  }).observe($("advice-title"), { childList: true, characterData: true, subtree: true });
}

// The tabletop gesture (tablegesture.js): drag a model on the table; the drop shows the check
// of its flight line (or of a dive charge, dropped on an enemy), for that creature.
function wireTableDrag(map) {
  wireTableGesture(map, {
    movable: (id) => !!state.info && state.info.creatures.some((c) => c.id === id),
    next: () => state.creature,
    snap: () => {
      const step = state.info && words().hints.snap;
      return step ? fraction(step) : 0.5;
    },
    check: async (creature, moves) => ({
      status: 200, data: await api("check", { ...base(), creature, moves }) }),
    act: async (creature, moves) => {
      if (creature !== state.creature) {
        $("creature-select").value = creature;
        await pickCreature(creature);
      }
      $("move-input").value = moves;
      await checkMove(moves);
    },
    answer: (text, refused) => {
      if (refused) showError(text);
    },
  });
}

let sliderTimer = null;
function wire() {
  const map = $("map");
  const zoom = zoomable(map);
  zoomTools($("map-tools"), map, zoom);
  keepLegendClear(map, $("map-tools"));
  wireMap(map, $("hover-preview"));
  wireTableDrag(map);
  onMap(guard(choose), guard(preview));
  const setDrawer = wireDrawer();
  // a question asked from the drawer shows its answer on the map: the drawer makes way
  $("controls").addEventListener("submit", () => setDrawer(false));
  wireThreat(state, guard(checkMove));
  echoAdvice();
  $("scenario-select").addEventListener("change", guard((e) => openScenario(e.target.value)));
  $("upload").addEventListener("change", guard(async (e) => {
    const file = e.target.files[0];
    if (file) await upload(file);
    e.target.value = "";
  }));
  $("creature-select").addEventListener("change", guard((e) => pickCreature(e.target.value)));
  $("altitude").addEventListener("input", (e) => {
    if (!state.info) return;  // still opening the scenario: its altitudes are not known yet
    $("all-altitudes").checked = false;
    state.altitude = Number(e.target.value);
    showAltitude();
    clearRoute();
    clearTimeout(sliderTimer);
    sliderTimer = setTimeout(guard(draw), 120);
  });
  $("all-altitudes").addEventListener("change", guard(async (e) => {
    if (!state.info) return;
    state.altitude = e.target.checked ? null : Number($("altitude").value);
    showAltitude();
    clearRoute();
    await draw();
  }));
  $("no-checks").addEventListener("change", guard(async (e) => {
    state.noChecks = e.target.checked;
    const { to, attack } = state;
    clearRoute();
    if (attack) await attackPosition();  // the same question, now without saves (or with)
    else if (to) await choose(to);
    else await draw();
  }));
  $("can-act").addEventListener("change", guard(async (e) => {
    state.canAct = e.target.checked;
    if (state.to) await choose(state.to);
  }));
  $("attack-button").addEventListener("click", guard(attackPosition));
  $("map").addEventListener("wingbeat:map-drawn", (e) => markCheapest(e.detail.svg,
    state.attack ? state.cheapest : null));
  $("attack-cheapest-show").addEventListener("click", guard(async (e) => {
    const moves = e.target.dataset.moves;
    $("move-input").value = moves;
    await checkMove(moves);
  }));
  $("to-act-show").addEventListener("click", guard(async (e) => {
    const moves = e.target.dataset.moves;
    $("move-input").value = moves;
    $("to-act").hidden = true;
    await checkMove(moves);
  }));
  $("check-form").addEventListener("submit", guard(async (e) => {
    e.preventDefault();
    const text = $("move-input").value.trim();
    if (text) await checkMove(text);
  }));
  $("other-select").addEventListener("change", guard(async () => {
    if (state.attack) await attackPosition();
    await showEngagement();
  }));
}

// Drag to move (drag.js): a token pressed and dragged previews the cheapest way to the place
// under the pointer from the reach tree (one request per creature, altitude and waypoints), and
// the drop checks that way as a declared move (the same panel as a typed move). Grid maps only.
let previewer = null;
let previewKey = null;
function dragPreviewer(creature) {
  const key = JSON.stringify([state.scenario, creature, optionList(), state.noChecks]);
  if (previewer && previewKey === key) return previewer;
  previewKey = key;
  const asked = { scenario: state.scenario, creature, option: optionList(),
    no_checks: state.noChecks };
  previewer = treePreviewer(
    (altitude, via) => `/api/reach-tree?${query({ ...asked,
      altitude: altitude === null ? "all" : altitude, via })}`,
    registry.lengthUnits, {
      pathUrl: (place, altitude, via) => `/api/path?${query({ ...asked, to: place, altitude,
        via })}`,
      onChange: () => dragging && dragging.active() && dragging.refresh(),
      altitudeText: (a) => altitudePhrase(a),
      saves: words().can("saves"),
    });
  return previewer;
}

let dragging = null;
function wireDragging() {
  const box = $("map");
  const grid = () => state.info && state.info.map.kind !== "table";
  box.addEventListener("wingbeat:drag-start", () => { $("hover-preview").hidden = true; });
  dragging = wireDrag(box, {
    enabled: grid,
    picked: async (id) => {
      if (!grid()) throw new Error(t("not a grid"));
      showError(null);
      if (id !== state.creature) await pickCreature(id);
      const ways = dragPreviewer(id);
      ways.retry();
      ways.tree(state.altitude, null).catch(() => {});  // asked now: the first move finds it
    },
    start: () => state.altitude,
    own: (id) => {
      const me = state.info.creatures.find((c) => c.id === id);
      return me ? (me.level ?? me.altitude ?? null) : null;
    },
    first: (ids) => (ids.includes(state.creature) ? state.creature : ids[0]),
    altitudes: () => {
      const a = state.info.altitudes;
      return Array.from({ length: a.max - a.min + 1 }, (_, i) => a.min + i);
    },
    preview: (place, altitude, via) => dragPreviewer(state.creature).preview(place, altitude,
      via),
    dropped: guard(async (place, altitude, via, shown) => {
      const answer = shown && shown.place === place && shown.ready ? shown
        : dragPreviewer(state.creature).preview(place, altitude, via);
      if (answer.legal && answer.moves !== undefined) {
        $("move-input").value = answer.moves;
        await checkMove(answer.moves);
        return;
      }
      const said = answer.answer || await api("path", { ...base(), to: place,
        altitude, no_checks: state.noChecks, via: dragPreviewer(state.creature).viaText(via) });
      ++asking;
      state.moves = null;
      const why = said.found === false && said.rule
        ? { ...said, message: colon(place, `${said.reason || said.message} [${said.rule}]`) }
        : said;
      showPath(why, t("To {place}", { place }), words().can("saves"));
    }),
  });
}

// For tests and the console: the page's state (read-only use).
window.wingbeat = { state };

wire();
wireDragging();
guard(loadList)();
