// wingbeat's page: every answer comes from the JSON API, every picture from /api/render.
"use strict";

const state = {
  scenario: null,   // name: example:NAME, upload:ID or a file name
  info: null,       // /api/scenario answer
  creature: null,
  altitude: null,   // null: best over all altitudes
  noChecks: false,
  canAct: false,    // clicked paths must leave the attack (path can_act=true)
  options: {},      // ruleset query options that differ from the scenario's own (KEY: VALUE)
  to: null,         // destination of the drawn path
  attack: null,     // target of the drawn attack position (path attack=ID)
  attackEnd: null,  // where that attack position is (highlighted)
  moves: null,      // declared move being drawn
};

const $ = (id) => document.getElementById(id);

// What the page says about each ruleset's moves (an example, the notation in one line) and
// whether its moves call for saves: from the server's registry (/api/rulesets), read once.
const RULESETS = {};

function ruleset() {
  const found = RULESETS[state.info.ruleset];
  if (!found) return { example: "", notation: "", saves: false };
  return { ...found.hints, saves: found.capabilities.includes("saves") };
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
    return a.word === "tier" ? `tier ${a.names[index]}` : a.names[index];
  }
  return String(index);
}

// "altitude 2 (10 ft)", "altitude medium", "tier 1": how a sentence names an altitude.
function altitudePhrase(index) {
  const label = altitudeLabel(index);
  return label.startsWith("tier ") ? label : `altitude ${label}`;
}

function altitudeWord() {
  return state.info.altitudes.word || "altitude";
}

function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== null && one !== undefined && one !== "" && one !== false) {
        q.append(key, String(one));
      }
    }
  }
  return q.toString();
}

async function api(path, params, init) {
  const response = await fetch(`/api/${path}?${query(params)}`, init);
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = body && body.error ? body.error.message : `${response.status} ${body}`;
    throw new Error(message);
  }
  return body;
}

function showError(error) {
  const box = $("error");
  if (!error) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = error.message || String(error);
}

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The ruleset query options chosen on the page, as the API's repeatable option=KEY=VALUE.
function optionList() {
  return Object.entries(state.options).map(([key, value]) => `${key}=${value}`);
}

function base() {
  return { scenario: state.scenario, creature: state.creature, option: optionList() };
}

// Pickers for the ruleset's query options (dnd5e: diagonals, units), from the scenario summary.
const OPTION_WORDS = {
  diagonals: { label: "Diagonals", phb: "phb: 5-5-5", dmg: "dmg: 5-10-5",
    euclid: "euclid: straight line" },
  units: { label: "Units", ft: "feet (ft)", m: "metres (m)" },
};

function buildOptionPickers(offered) {
  const box = $("query-options");
  box.replaceChildren();
  state.options = {};
  const entries = Object.entries(offered || {});
  box.hidden = entries.length === 0;
  for (const [key, spec] of entries) {
    const words = OPTION_WORDS[key] || { label: key };
    const label = el("label", words.label);
    label.htmlFor = `option-${key}`;
    const select = el("select");
    select.id = `option-${key}`;
    select.dataset.option = key;
    for (const choice of spec.choices) {
      const option = el("option", words[choice] || choice);
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
  for (const one of (await api("rulesets", {})).rulesets) RULESETS[one.id] = one;
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

async function openScenario(name, info) {
  showError(null);
  const found = info || await api("scenario", { scenario: name });
  state.scenario = found.name;
  state.info = found;
  const select = $("scenario-select");
  if (![...select.options].some((o) => o.value === found.name)) {
    const option = el("option", `${found.source} (uploaded)`);
    option.value = found.name;
    select.append(option);
  }
  select.value = found.name;
  const map = found.map;
  const size = map.kind === "table" ? `${map.width} × ${map.height} ${map.unit || ""}`
    : `${map.columns} columns × ${map.rows} rows`;
  const parts = [found.ruleset, `${map.kind} map`, size];
  if (found.wind) {
    parts.push(`wind ${found.wind.strength}` +
      (found.wind.toward ? ` toward ${found.wind.toward}` : ""));
  }
  $("scenario-info").textContent = parts.join(", ");
  const creatures = $("creature-select");
  creatures.replaceChildren();
  for (const c of found.creatures) {
    const where = c.altitude === null || c.altitude === undefined ? ""
      : `, ${altitudeWord()} ${c.altitude}`;
    const option = el("option", `${c.name} (${c.id}) at ${c.at}${where}, ${c.mode}`);
    option.value = c.id;
    creatures.append(option);
  }
  const slider = $("altitude");
  slider.min = found.altitudes.min;
  slider.max = found.altitudes.max;
  $("altitude-word").textContent = altitudeWord() === "tier" ? "Tier" : "Altitude";
  $("all-altitudes-word").textContent = altitudeWord() === "tier" ? "every tier"
    : "best over all altitudes";
  $("no-checks-row").hidden = !ruleset().saves;
  if (!ruleset().saves) { state.noChecks = false; $("no-checks").checked = false; }
  buildOptionPickers(found.options);
  reachCache = null;
  const attacks = Boolean(found.attack_positions);
  $("attack-button").hidden = !attacks;
  $("can-act-row").hidden = !attacks;
  if (!attacks) { state.canAct = false; $("can-act").checked = false; }
  $("move-input").placeholder = ruleset().example;
  $("move-notation").textContent = ruleset().notation;
  $("path-hint").textContent = map.kind === "table"
    ? "Click a point on the table: the cheapest way there." : "Click a cell on the map: the cheapest way there.";
  $("all-altitudes").checked = true;  // a new map starts on the best over all altitudes
  state.altitude = null;
  const flyer = found.creatures.find((c) => c.can_fly) || found.creatures[0];
  await pickCreature(flyer ? flyer.id : null);
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
  clearRoute();
  await Promise.all([draw(), showEngagement()]);
}

function otherName(id) {
  const other = state.info.creatures.find((c) => c.id === id);
  return other ? other.name : id;
}

function showAltitude() {
  $("altitude-value").textContent = state.altitude === null ? "all"
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
  $("path-summary").textContent = "";
  $("path-moves").textContent = "";
  $("path-end").textContent = "";
  $("to-act").hidden = true;
  $("path-steps").hidden = true;
  $("path-steps").querySelector("tbody").replaceChildren();
  $("check-result").replaceChildren();
}

let drawing = 0;
async function draw() {
  const ticket = ++drawing;
  const asked = {
    ...base(), altitude: state.altitude === null ? "all" : state.altitude,
    to: state.to, attack: state.attack, moves: state.moves, no_checks: state.noChecks,
    can_act: state.to && state.canAct,
  };
  const svgText = await api("render", asked);
  if (ticket !== drawing) return;  // a newer picture was asked for meanwhile
  $("png-link").href = `/api/render?${query({ ...asked, format: "png" })}`;  // this picture
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  $("map").replaceChildren(svg);
  const chosen = state.to || state.attackEnd;
  if (chosen && (state.to || state.attack)) {
    const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(chosen)}"]`);
    if (cell) cell.classList.add("selected");
  }
  summarize(svg);
}

function summarize(svg) {
  const target = $("reach-summary");
  if (!state.creature) { target.textContent = ""; return; }
  const budget = svg.getAttribute("data-budget");
  const unit = svg.getAttribute("data-unit") || "";
  if (state.info.map.kind === "table") {
    const areas = [...svg.querySelectorAll("text.area-words")].map((t) => t.textContent);
    target.textContent = areas.length
      ? `Can end at ${areas.join("; ")}.` : `Cannot end anywhere at this ${altitudeWord()}.`;
    return;
  }
  const cells = svg.querySelectorAll("g.cell.reach");
  const acting = svg.querySelectorAll('g.cell.reach[data-can-act="true"]');
  const where = state.altitude === null ? "at any altitude"
    : `at ${altitudePhrase(state.altitude)}`;
  const what = state.info.map.kind === "square" ? "squares" : "hexes";
  target.textContent = `${cells.length} ${what} reachable ${where} with ` +
    `${shown(budget, unit)} ${unit}; ` +
    `${acting.length} where it can still act (dot).`;
}

// A save in a short line: "45% Reflex (V-skim)", the percentage its chance to succeed (the
// CLI's check_label); its whole sentence, with what a failure does, comes from the server ("text").
function checkLabel(c) {
  const save = c.save ? c.save[0].toUpperCase() + c.save.slice(1) : "A";
  return `${c.chance}% ${save} (${c.rule})`;
}

function checksText(checks) {
  return (checks || []).map(checkLabel).join(", ");
}

function endText(end) {
  const parts = [`at ${end.at}`];
  if (typeof end.altitude === "number") parts.push(altitudePhrase(end.altitude));
  else if (end.altitude !== undefined) parts.push(`altitude ${end.altitude}`);
  if (end.tier !== undefined) parts.push(`tier ${end.tier}`);
  if (end.mode) parts.push(end.mode);
  if (end.heading !== undefined && end.heading !== null) parts.push(`heading ${end.heading}`);
  for (const flag of ["skimming", "prone", "squeezing", "landed", "left_battlefield"]) {
    if (end[flag]) parts.push(flag.replace("_", " "));
  }
  return parts.join(", ");
}

// Whether the creature can still act, as far as the ruleset says (tabletops do not).
function actText(answer) {
  if (answer.can_act === undefined) return "";
  return answer.can_act ? "; can still attack this round" : "; cannot attack this round";
}

// dnd5e's turn ledger: movement left by speed, and what became of the action.
function turnText(turn, unit) {
  if (!turn || !turn.left) return "";
  const left = Object.entries(turn.left).map(([mode, v]) => `${mode} ${shown(v, unit)}`)
    .join(", ");
  return `movement left: ${left}; action ${turn.action}`;
}

// An event as the table says it: the server's sentence (narrate.event_text, as the CLI prints it).
function eventText(event) {
  return event.text || event.type;
}

// An exact amount as people read it, as format_amount does in Python: a length as on a ruler
// ("35/2" cm shows as 17.5, "9/2" m as 4.5: exact, only halves, fifths and the like have a finite
// decimal), movement points and any other fraction as a mixed number ("17/4" MP is 4¼, "19/12"
// 1⁷⁄₁₂), never a rounded number.
const LENGTH_UNITS = new Set(["ft", "m", "cm", "in"]);
const VULGAR = { "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕",
  "2/5": "⅖", "3/5": "⅗", "4/5": "⅘", "1/6": "⅙", "5/6": "⅚", "1/7": "⅐", "1/8": "⅛", "3/8": "⅜",
  "5/8": "⅝", "7/8": "⅞", "1/9": "⅑", "1/10": "⅒" };
const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const SUBSCRIPT = "₀₁₂₃₄₅₆₇₈₉";

function mixed(numerator, denominator) {
  const sign = numerator < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(numerator) / denominator);
  const part = Math.abs(numerator) % denominator;
  if (!part) return `${sign}${whole}`;
  const fraction = VULGAR[`${part}/${denominator}`] ||
    [...String(part)].map((d) => SUPERSCRIPT[d]).join("") + "⁄" +
    [...String(denominator)].map((d) => SUBSCRIPT[d]).join("");
  return `${sign}${whole || ""}${fraction}`;
}

function shown(cost, unit) {
  const text = String(cost);
  const match = /^(-?\d+)\/(\d+)$/.exec(text);
  if (!match) return text;
  const numerator = Number(match[1]);
  const denominator = Number(match[2]);
  if (!LENGTH_UNITS.has(unit)) return mixed(numerator, denominator);
  let rest = denominator;
  let places = 0;
  for (const prime of [2, 5]) {
    let count = 0;
    while (rest % prime === 0) { rest /= prime; count += 1; }
    places = Math.max(places, count);
  }
  if (rest !== 1 || places > 6) return mixed(numerator, denominator);
  return String(Number((numerator / denominator).toFixed(places)));
}

function stepCost(step, unit) {
  if (step.cost !== undefined) return shown(step.cost, unit);
  if (step.length !== undefined) return shown(step.length, unit);
  if (step.climb !== undefined) return `${shown(step.climb, unit)} (climb)`;
  return step.change || "0";
}

function fillSteps(steps, unit) {
  const table = $("path-steps");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  steps.forEach((s, i) => {
    const row = el("tr");
    const notes = [...(s.checks || []).map((c) => c.text || checkLabel(c)),
      ...(s.events || []).map(eventText)].filter((t) => t);
    const said = notes.map((t) => (/[.!?]$/.test(t) ? t : `${t}.`)).join(" ");
    const cells = [i + 1, s.move, stepCost(s, unit), shown(s.total, unit), said];
    for (const text of cells) {
      row.append(el("td", String(text)));
    }
    body.append(row);
  });
  table.hidden = steps.length === 0;
}

// A click on a tabletop picture, in table units ("x,y", origin south-west, y north).
function tablePoint(svg, event) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const scale = Number(svg.getAttribute("data-scale"));
  const x = (pt.x - Number(svg.getAttribute("data-origin-x"))) / scale;
  const y = Number(svg.getAttribute("data-table-height")) -
    (pt.y - Number(svg.getAttribute("data-origin-y"))) / scale;
  const width = Number(svg.querySelector("rect.table").getAttribute("data-width"));
  const height = Number(svg.getAttribute("data-table-height"));
  if (x < 0 || y < 0 || x > width || y > height) return null;
  return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
}

// The path's altitude as the ruleset names it: an index on grids, a level name on a table.
function pathAltitude() {
  if (state.altitude === null) return null;
  const names = state.info.altitudes.names;
  return names ? names[state.altitude] : state.altitude;
}

// A path answer (to a clicked cell or to an attack position) in the path panel.
function showPath(answer, goal) {
  $("to-act").hidden = true;
  if (answer.found === false) {
    $("path-summary").textContent = answer.message;
    $("path-summary").className = "illegal";
    $("path-moves").textContent = "";
    $("path-end").textContent = "";
    fillSteps([]);
    return;
  }
  $("path-summary").className = "";
  $("path-summary").replaceChildren(
    el("span", `${goal}: `),
    el("strong", `${shown(answer.cost, answer.unit)} ${answer.unit}`, "path-cost"),
    el("span", answer.checks.length ? `, checks: ${checksText(answer.checks)}`
      : (ruleset().saves ? ", no checks" : "")));
  $("path-moves").textContent = answer.moves ? answer.moves : "(stays where it is)";
  fillSteps(answer.steps, answer.unit);
  const ledger = turnText(answer.turn, answer.unit);
  $("path-end").textContent = `ends ${endText(answer.end)}${actText(answer)}` +
    (ledger ? `; ${ledger}` : "");
  $("move-input").value = answer.moves;
}

async function choose(cell) {
  if (!state.creature) return;
  showError(null);
  state.to = cell;
  state.attack = null;
  state.moves = null;
  $("check-result").replaceChildren();
  const asked = { scenario: state.scenario, creature: state.creature, options: optionList(),
    noChecks: state.noChecks };
  const ticket = ++asking;
  const answer = await api("path", {
    ...base(), to: cell, altitude: pathAltitude(), no_checks: state.noChecks,
    can_act: state.canAct,
  });
  if (ticket !== asking) return;
  const goal = cell + (state.altitude === null ? "" : ` at ${altitudePhrase(state.altitude)}`);
  showPath(answer, `To ${goal}` + (state.canAct ? ", still able to attack" : ""));
  await Promise.all([draw(), answer.can_act === false ? showToAct(answer, asked) : null]);
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
  const each = checks.map((c) => {
    const save = c.save ? c.save[0].toUpperCase() + c.save.slice(1) : "A";
    return `${save} (${c.rule}, ${c.chance}% to succeed)`;
  });
  return checks.length === 1 ? ` with a ${each[0].replace(" (", " save (")}`
    : ` with saves: ${each.join(", ")}`;
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
  $("to-act-text").textContent = "The cheapest way ends the round's actions; for " +
    `${shown(way.cost, report.unit)} ${report.unit}${savesText(way.checks)} it can still ` +
    `attack: ${way.path}`;
  $("to-act-show").dataset.moves = way.path;
  $("to-act").hidden = false;
}

// The cheapest place in melee with the engagement picker's creature, the attack still to make.
async function attackPosition() {
  const target = $("other-select").value;
  if (!state.creature || !target) return;
  showError(null);
  const ticket = ++asking;
  const answer = await api("path", { ...base(), attack: target, no_checks: state.noChecks });
  if (ticket !== asking) return;
  state.to = null;
  state.moves = null;
  state.attack = target;
  state.attackEnd = answer.found === false ? null : answer.end.at;
  $("check-result").replaceChildren();
  showPath(answer, `Attack position against ${otherName(target)}` +
    (state.noChecks ? " without saves" : ""));
  $("path-panel").scrollIntoView({ block: "nearest" });
  await draw();
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
  const out = $("check-result");
  out.replaceChildren();
  if (answer.legal) {
    out.append(el("p", `Legal: ${shown(answer.cost, answer.unit)} ${answer.unit}`, "legal"));
    out.append(el("p", `ends ${endText(answer.end)}${actText(answer)}`));
    const ledger = turnText(answer.turn, answer.unit);
    if (ledger) out.append(el("p", ledger, "muted"));
    (answer.steps || []).forEach((s, i) => {
      for (const c of s.checks || []) {
        out.append(el("p", `Step ${i + 1}: ${c.text || checkLabel(c)}`, "check"));
      }
    });
  } else {
    const e = answer.error;
    const head = el("p", `Illegal at step ${e.step} (${e.move}): `, "illegal");
    head.append(el("span", e.rule, "rule"));
    out.append(head);
    out.append(el("p", e.message, "explanation"));
    out.append(el("p", `stops before it: ${shown(answer.cost, answer.unit)} ${answer.unit}, ` +
      endText(answer.end),
      "muted"));
  }
  for (const event of answer.events || []) {
    out.append(el("p", eventText(event), "event"));
  }
  await draw();
}

async function showEngagement() {
  const other = $("other-select").value;
  const out = $("engagement-result");
  if (!state.creature || !other) { out.textContent = ""; return; }
  const answer = await api("engagement", { scenario: state.scenario, a: state.creature, b: other });
  let text = `${answer.engagement}` + (answer.reason ? `: ${answer.reason}` : "");
  if (answer.elevated) text += `; ${answer.elevated} is above`;
  out.textContent = `${text} [${answer.rule}]`;
}

async function upload(file) {
  if (file.size > 1000000) {
    throw new Error(`${file.name}: is larger than 1 MB; a scenario is a small text file`);
  }
  // The server takes a change only with a type no HTML form can send (see docs/web.md, Security).
  const type = file.name.toLowerCase().endsWith(".json") ? "application/json" : "application/yaml";
  const found = await api("upload", { name: file.name },
    { method: "POST", body: file, headers: { "Content-Type": type } });
  await openScenario(found.name, found);
}

function guard(action) {
  return (...args) => action(...args).catch(showError);
}

let sliderTimer = null;
function wire() {
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
  $("to-act-show").addEventListener("click", guard(async (e) => {
    const moves = e.target.dataset.moves;
    $("move-input").value = moves;
    $("to-act").hidden = true;
    await checkMove(moves);
  }));
  $("map").addEventListener("click", guard(async (e) => {
    const cell = e.target.closest && e.target.closest("g.cell[data-cell]");
    if (cell) { await choose(cell.getAttribute("data-cell")); return; }
    const svg = e.target.closest && e.target.closest("svg.table-map");
    if (svg) {
      const spot = tablePoint(svg, e);
      if (spot) await choose(spot);
    }
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

document.addEventListener("DOMContentLoaded", () => {
  wire();
  guard(loadList)();
});
