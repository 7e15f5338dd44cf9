// wingbeat play: run an encounter round by round over /api/play (ES modules, no build step).
// What it says about a ruleset's moves (placeholders, notation help, whether a move takes
// options) comes from the server's registry (GET /api/rulesets), as on the analysis page.

import { amount as decimal, t } from "./i18n.js";
import { $, errorOf, hintsOf, request, rulesets, showError, wireDrawer } from "./common.js";
import { zoomTools, zoomable } from "./zoom.js";
import { playView, wirePlayThreat } from "./playthreat.js";
import { wirePlayDrag } from "./playdrag.js";
import { wireTableGesture } from "./tablegesture.js";
import { keepLegendClear } from "./legend.js";
import { follow } from "./live.js";
import { wireProposals } from "./proposals.js";
import { wireReveal } from "./reveal.js";

const api = "/api/play";
let current = null;  // the encounter id shown
let snap = null;     // its last snapshot
let registry = null;
let live = null;     // the open encounter's event stream (live.js): { id, stream }
let proposals = null;
let reveal = null;   // the game master's Reveal buttons (reveal.js)

function call(method, path, body) {
  return request(method, api + path, body);
}

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}

// "factor=2 pursuit=true" or "factor=2, pursuit=true" → the API's ["factor=2", "pursuit=true"].
function optionList(text) {
  return text.split(/[\s,]+/).filter((word) => word !== "");
}

// An entry as the game master reads it: the server says it (its "text", the CLI log's words for
// the action, each roll and each event), so the page and the command line cannot drift apart.
function entryText(entry) {
  return entry.text;
}

async function loadEncounters(select) {
  const { status, data } = await call("GET", "/encounters");
  const box = $("encounter-select");
  const keep = select !== undefined ? String(select) : box.value;
  if (status !== 200) return;
  box.textContent = "";
  for (const e of data.encounters.slice().reverse()) {
    option(box, String(e.id), t("{id}{name}: {source}, round {round}", { id: e.id,
      name: e.name ? " " + e.name : "", source: e.source, round: e.round }));
  }
  if (keep && data.encounters.some((e) => String(e.id) === keep)) box.value = keep;
}

// The encounter list follows GET /api/play/events (live.js): an encounter started or changed
// anywhere (the game master's screen, a script) is listed again, the one chosen kept chosen.
// A burst of events is one reload.
let listing = null;
let listAgain = false;

function reloadList() {
  if (listing) { listAgain = true; return; }
  listing = (async () => {
    do {
      listAgain = false;
      await loadEncounters();
    } while (listAgain);
  })().catch(showError).finally(() => { listing = null; });
}

function followList() {
  let away = false;
  follow(`${api}/events`, { onEvent: reloadList, onState: (state) => {
    if (state === "live" && away) reloadList();
    away = state !== "live";
  } });
}

async function loadExamples() {
  const { data } = await call("GET", "/examples");
  const box = $("scenario-select");
  box.textContent = "";
  for (const name of data.examples) option(box, name, name);
}

function render(view) {
  snap = view;
  const state = view.state;
  const info = view.encounter;
  current = String(info.id);
  history.replaceState(null, "", "#encounter=" + current);
  // the version shown: a move is declared on it (after), an event newer than it refetches
  $("board").dataset.wbVersion = view.version || "";
  followLive();
  $("encounter-info").textContent = t("Encounter {id}{name}: {source}, {ruleset}, seed {seed}", {
    id: info.id, name: info.name ? " (" + info.name + ")" : "", source: info.source,
    ruleset: info.ruleset, seed: info.seed });
  $("round-panel").hidden = false;
  $("move-panel").hidden = false;
  $("round").textContent = String(state.round);
  moveWords(info.ruleset);
  const body = $("pieces").querySelector("tbody");
  body.textContent = "";
  const names = (view.board && view.board.names) || {};
  for (const id of state.order) {
    const tr = document.createElement("tr");
    const moved = state.moved.includes(id);
    tr.className = moved ? "moved" : (id === state.next ? "next" : "");
    tr.dataset.creature = id;
    const cells = [moved ? t("moved") : (id === state.next ? t("next") : ""),
      names[id] && names[id] !== id ? `${names[id]} (${id})` : id,
      view.describe[id], String(state.damage[id] || 0)];
    cells.forEach((text, i) => {
      const td = document.createElement("td");
      td.textContent = text;
      if (i === 0) td.className = "turn";
      tr.appendChild(td);
    });
    body.appendChild(tr);
  }
  const pending = $("pending");
  pending.textContent = "";
  for (const p of view.pending) {
    const li = document.createElement("li");
    li.textContent = p.text;
    pending.appendChild(li);
  }
  // the creature the player picked stays picked while the turn is the same (a refetch, a live
  // event): only a new turn, or another encounter, puts the next one in the box again
  const select = $("creature-select");
  const picked = select.value;
  const turn = [info.id, state.round, ...state.moved].join("|");
  const sameTurn = select.dataset.turn === turn;
  select.dataset.turn = turn;
  select.textContent = "";
  for (const id of state.order) {
    if (!state.moved.includes(id)) option(select, id, names[id] && names[id] !== id ? `${names[id]} (${id})` : id);
  }
  if (sameTurn && picked && state.order.includes(picked) && !state.moved.includes(picked)) {
    select.value = picked;
  } else if (state.next) select.value = state.next;
  $("move-button").disabled = !state.next;
  renderConditions(view);
  playView(view);
  if (reveal) reveal.show(view).catch(showError);
  drawMap(state.entries).catch(showError);
  loadLog();
}

// The move box's placeholder and notation help, and the options box (only where the ruleset's
// played moves take options), from the ruleset's hints.
function moveWords(ruleset) {
  const { hints } = hintsOf(registry, ruleset);
  $("moves-input").placeholder = hints.example || "";
  $("moves-notation").textContent = hints.notation || "";
  $("options-row").hidden = !hints.play_options;
  $("options-input").placeholder = hints.play_options || "";
}

// The game master's word (rulesets whose board lists conditions, e.g. dnd5e): a creature is
// knocked prone, grappled … at any time in the round; the API applies what that causes.
function conditionForm() {
  let form = $("condition-form");
  if (form) return form;
  form = document.createElement("form");
  form.id = "condition-form";
  const title = document.createElement("h2");
  title.textContent = t("Game master: conditions");
  const who = document.createElement("select");
  who.id = "condition-creature";
  who.setAttribute("aria-label", t("Creature whose conditions change"));
  const what = document.createElement("select");
  what.id = "condition-select";
  what.setAttribute("aria-label", t("Condition"));
  const row = document.createElement("p");
  row.className = "row";
  for (const [id, text, sign] of [["condition-gain-button", t("Gains"), "+"],
    ["condition-end-button", t("Ends"), "-"]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = id;
    button.textContent = text;
    button.addEventListener("click", () => {
      if (current && who.value && what.value) {
        act("POST", `/encounters/${current}/conditions`,
          { creature: who.value, change: sign + what.value });
      }
    });
    row.appendChild(button);
  }
  form.append(title, who, what, row);
  form.addEventListener("submit", (event) => event.preventDefault());
  $("move-panel").appendChild(form);
  return form;
}

function renderConditions(view) {
  const conditions = (view.board && view.board.conditions) || null;
  const existing = $("condition-form");
  if (!conditions) {
    if (existing) existing.hidden = true;
    return;
  }
  const form = conditionForm();
  form.hidden = false;
  const names = view.board.names || {};
  const who = $("condition-creature");
  const keep = who.value;
  who.textContent = "";
  for (const id of view.state.order) {
    option(who, id, names[id] && names[id] !== id ? `${names[id]} (${id})` : id);
  }
  if (keep && view.state.order.includes(keep)) who.value = keep;
  const what = $("condition-select");
  if (what.options.length !== conditions.length) {
    what.textContent = "";
    for (const c of conditions) option(what, c, c);
  }
}

// The whole battlefield as the server draws it: every creature where it stands, where the next
// to move can go, and the round's last move as a trail (the server checks the move as made, from
// where the creature stood, and draws it: the page reads no notation). Placed inline, so the
// table view's styles reach its labels; the trail's words are said under the map too.
let drawing = 0;

async function drawMap(version) {
  const mine = ++drawing;
  const url = `${api}/encounters/${current}/map.svg?v=${version}`;
  const { status, data } = await request("GET", url);
  if (mine !== drawing) return;  // a later redraw was asked meanwhile
  if (status !== 200 || typeof data !== "string") {
    showError(errorOf(status, data));
    return;
  }
  const parsed = new DOMParser().parseFromString(data, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  svg.id = "map-image";
  svg.dataset.src = url;
  const trail = svg.querySelector("g.trail > title");
  const said = trail ? trail.textContent : "";
  const title = svg.querySelector(":scope > title");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", [title ? title.textContent : t("The map"), said]
    .filter((words) => words).join("; "));
  $("board").replaceChildren(svg);
  $("board").dispatchEvent(new CustomEvent("wingbeat:map-drawn", { detail: { svg } }));
  $("trail-note").textContent = said ? t("Dashed line: {trail}", { trail: said }) : "";
  $("trail-note").hidden = !said;
}

async function loadLog() {
  const { status, data } = await call("GET", `/encounters/${current}/log`);
  if (status !== 200) return;
  const log = $("log");
  log.textContent = data.entries.map(entryText).join("\n");
  log.scrollTop = log.scrollHeight;
}

function report(outcome, undone) {
  const text = outcome.entry ? entryText(outcome.entry)
    : t("undone: {entry}", { entry: entryText(outcome.undone) });
  const result = $("move-result");
  result.textContent = text;
  result.className = undone ? "muted" : "legal";
  echo(text, false);
}

// The answer's first line under the map (shown on narrow screens, where the controls wait in the
// drawer).
function echo(text, refusal) {
  $("map-answer-text").textContent = (text || "").split("\n")[0];
  $("map-answer").classList.toggle("illegal", refusal);
  $("map-answer").hidden = !text;
}

function refused(data) {
  const result = $("move-result");
  if (data && data.error && data.error.rule) {
    const values = { step: data.error.step, move: data.error.move, message: data.error.message,
      rule: data.error.rule };
    result.textContent = data.error.step
      ? t("Refused at step {step} ({move}): {message} [{rule}]", values)
      : t("Refused: {message} [{rule}]", values);
  } else {
    result.textContent = (data && data.error && data.error.message) || t("refused");
  }
  result.className = "illegal";
  echo(result.textContent, true);
}

// Every screen follows the open encounter (live.js): an event with another version than the
// one shown refetches it once, however many come at once; nothing is replayed from an event.
function followLive() {
  if (live && live.id === current) return;
  if (live) live.stream.stop();
  const id = current;
  live = { id, stream: follow(`${api}/encounters/${encodeURIComponent(id)}/events`, {
    onEvent: (event) => {
      if (id !== current) return;
      if (event.version && event.version !== $("board").dataset.wbVersion) refetch();
      if (["proposal", "approval", "ready", "resync"].includes(event.kind) && proposals) {
        proposals.refresh();
      }
    },
    onState: (state, why) => {
      // (re)opened: what changed while it was away (a refetch that failed offline) is asked
      // again; the same version shown is not redrawn
      if (state === "live" && id === current &&
          ($("board").dataset.wbLive === "waiting" || missed)) {
        missed = false;
        refetch();
      }
      $("board").dataset.wbLive = state;
      liveNote(state === "live" ? t("Following the game live.") : state === "waiting" ?
        t("The live connection dropped: trying again…")
        : t("Not following live: {why}", { why: why || "" }));
      if (state === "stopped" && why) showError(why);
    },
  }) };
}

// A line under the encounter's name: whether this screen follows the game live.
function liveNote(text) {
  let note = $("live-note");
  if (!note) {
    note = document.createElement("p");
    note.id = "live-note";
    note.className = "muted";
    note.setAttribute("aria-live", "polite");
    $("encounter-info").after(note);
  }
  note.textContent = text;
}

let refetching = null;
let refetchAgain = false;
let missed = false;  // a refetch the network failed (offline): asked again when the stream is back

function refetch() {
  if (refetching) { refetchAgain = true; return refetching; }
  refetching = (async () => {
    do {
      refetchAgain = false;
      const id = current;
      const { status, data } = await call("GET", `/encounters/${encodeURIComponent(id)}`);
      if (status === 200 && id === current &&
          data.version !== $("board").dataset.wbVersion) render(data);
    } while (refetchAgain);
  })().catch((error) => {
    // no network: the stream's return refetches
    if (error && error.network) missed = true;
    showError(error);
  }).finally(() => { refetching = null; });
  return refetching;
}

// A move's body: what is declared, on the board shown (a board that changed since is refused).
function declared(creature, moves, extra) {
  const body = { creature, moves, ...(extra || {}) };
  if (snap && snap.version) body.after = snap.version;
  return body;
}

async function act(method, path, body) {
  showError("");
  const { status, data } = await call(method, path, body);
  if (status === 200) {
    report(data, !!data.undone);
    render(data);
    await loadEncounters(current);
    return true;
  }
  if (status === 202) {  // a proposal: it waits for the game master
    const result = $("move-result");
    const holds = t("holds");
    result.textContent = t("{creature}: {moves}: waiting for the game master", {
      creature: data.creature, moves: data.moves || holds });
    result.className = "muted";
    echo(result.textContent, false);
    if (proposals) await proposals.refresh();
    return true;
  }
  if (status === 409) {
    refused(data);
    if (data && data.error && data.error.rule === "board-changed") refetch();
    return false;
  }
  showError(errorOf(status, data));
  return false;
}

async function openEncounter(id) {
  showError("");
  const { status, data } = await call("GET", `/encounters/${encodeURIComponent(id)}`);
  if (status !== 200) {
    showError(data && data.error ? errorOf(status, data) : t("cannot open encounter {id}", { id }));
    return;
  }
  $("move-result").textContent = "";
  render(data);
  if (proposals) proposals.refresh();
}

async function start() {
  registry = await rulesets();
  const board = $("board");
  zoomTools($("map-tools"), board, zoomable(board));
  keepLegendClear(board, $("map-tools"));
  wireDrawer({ escapeFocus: false });  // the play page's Escape leaves the focus where it is
  wirePlayThreat(() => current, act);
  wireDragging(board);
  proposals = wireProposals({
    encounter: () => current,
    view: () => snap,
    played: (data) => { report(data, false); render(data); },
  });
  reveal = wireReveal(act);
  $("new-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { scenario: $("scenario-select").value };
    const seed = $("seed-input").value.trim();
    if (seed) {
      if (!/^\d+$/.test(seed)) { showError(t("a seed is a whole number")); return; }
      body.seed = Number(seed);
    }
    const name = $("name-input").value.trim();
    if (name) body.name = name;
    await act("POST", "/encounters", body);
  });
  $("resume-button").addEventListener("click", () => {
    const id = $("encounter-select").value;
    if (id) openEncounter(id);
  });
  $("move-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!current) return;
    const sent = $("moves-input").value;
    const sentOptions = $("options-input").value;
    const body = declared($("creature-select").value, sent);
    const options = optionList(sentOptions);
    if (options.length) body.options = options;
    const ok = await act("POST", `/encounters/${current}/moves`, body);
    // Clear only what was sent: the user may already be typing the next creature's move. The
    // options went with that one move: left in place they would silently apply to the next.
    if (ok && $("moves-input").value === sent) $("moves-input").value = "";
    if (ok && $("options-input").value === sentOptions) $("options-input").value = "";
  });
  $("next-round-button").addEventListener("click", () => {
    if (current) act("POST", `/encounters/${current}/next-round`);
  });
  $("undo-button").addEventListener("click", () => {
    if (current) act("POST", `/encounters/${current}/undo`);
  });
  // the lists come last: a form filled in before its handler is there would submit as HTML
  await loadExamples();
  await loadEncounters();
  followList();
  const wanted = /encounter=([^&]+)/.exec(location.hash);
  if (wanted) await openEncounter(decodeURIComponent(wanted[1]));
}

// Drag to move (playdrag.js): a drop declares the move after one confirmation; undo is one
// click in the map's tools.
function wireDragging(board) {
  const said = (text, refusal) => {
    const result = $("move-result");
    result.textContent = text;
    result.className = refusal ? "illegal" : "legal";
    echo(text, refusal);
  };
  wirePlayDrag(board, {
    encounter: () => current,
    view: () => snap,
    declare: (creature, moves) => act("POST", `/encounters/${current}/moves`,
      declared(creature, moves)),
    answer: said,
    get lengthUnits() { return registry ? registry.lengthUnits : new Set(); },
    saves: () => !!snap && !!registry && hintsOf(registry, snap.encounter.ruleset).can("saves"),
  });
  wireTableGesture(board, {
    movable: (id) => !!snap && snap.state.order.includes(id) && !snap.state.moved.includes(id),
    next: () => snap && snap.state.next,
    snap: () => {
      const step = snap && hintsOf(registry, snap.encounter.ruleset).hints.snap;
      const [top, bottom] = String(step || "1/2").split("/").map(Number);
      return top / (bottom || 1) || 0.5;
    },
    check: (creature, moves) => call("GET", `/encounters/${current}/check?` +
      new URLSearchParams({ creature, moves })),
    act: async (creature, moves, data, choose) => {
      const yes = await choose(t("Declare {creature}: {moves} ({cost} {unit})?", { creature,
        moves, cost: decimal(data.cost), unit: data.unit || "" }),
      [["declare", t("Declare")], ["", t("Cancel")]]);
      if (yes === "declare") {
        await act("POST", `/encounters/${current}/moves`, declared(creature, moves));
      }
    },
    answer: said,
  });
  const undo = document.createElement("button");
  undo.type = "button";
  undo.id = "map-undo-button";
  undo.textContent = "↶";  // a 44 px button like the view's; its name is said, not drawn
  undo.title = t("Undo: take back the last action");
  undo.setAttribute("aria-label", t("Undo"));
  undo.addEventListener("click", () => {
    if (current) act("POST", `/encounters/${current}/undo`);
  });
  $("map-tools").prepend(undo);
}

start().catch(showError);
