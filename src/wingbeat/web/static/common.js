// What both pages share: finding elements, asking the API, saying errors, and the server's words
// about each ruleset (GET /api/rulesets). The pages hold no rule knowledge of their own: every
// notation, placeholder, option word and amount they show comes from the server.

import { amount as amountSaid, t } from "./i18n.js";
import { cellIndex, centreOf } from "./cellindex.js";

export const $ = (id) => document.getElementById(id);

// A shared table's key (serve --share): the link carries it in its fragment (#key=…), which no
// browser sends to a server. Read once, kept for this tab (sessionStorage: a reload keeps it, a
// closed tab forgets it), and taken off the address bar, so it is not read over a shoulder.
const KEY_ITEM = "wingbeat-key";

function readKey() {
  let key = null;
  try { key = sessionStorage.getItem(KEY_ITEM); } catch (e) { key = null; }
  const found = /(?:^#|&)key=([A-Za-z0-9_-]{16,256})/.exec(location.hash || "");
  if (found) {
    key = found[1];
    try { sessionStorage.setItem(KEY_ITEM, key); } catch (e) { /* this page only */ }
    const rest = location.hash.slice(1).split("&").filter((part) => !part.startsWith("key="));
    history.replaceState(null, "", location.pathname + location.search +
      (rest.length ? "#" + rest.join("&") : ""));
  }
  return key;
}

const tableKey = readKey();

// Whether the page was opened with a shared table's key.
export const hasKey = () => tableKey !== null;

// `init` for fetch with the table's key as its bearer (when there is one): every request the
// pages make goes through this.
export function authorised(init = {}) {
  if (!tableKey) return init;
  return { ...init, headers: { ...(init.headers || {}), Authorization: `Bearer ${tableKey}` } };
}

// A refusal for want of a key (401): one message over the page, never a broken board.
export function noKey(message) {
  if (document.getElementById("no-key")) return;
  const box = document.createElement("div");
  box.id = "no-key";
  box.setAttribute("role", "alert");
  box.textContent = message || t("this table is shared: open the link the game master gave you");
  document.body.append(box);
}

// fetch with the table's key; a 401 says so over the page (and is still the caller's answer).
export async function fetchKeyed(url, init = {}) {
  let response;
  try {
    response = await fetch(url, authorised(init));
  } catch (error) {
    if (error && error.name === "AbortError") throw error;
    // no network (a phone offline): one sentence, cleared when the network is back
    const lost = new Error(t("no connection to the server: the page catches up when it is back"));
    lost.network = true;
    throw lost;
  }
  if (response.status === 401) {
    let message = null;
    try { message = (await response.clone().json()).error.message; } catch (e) { message = null; }
    noKey(message);
  }
  return response;
}

// An SVG element in namespace `ns` (the picture's own) with these attributes (and text).
export function svgElement(ns, tag, attributes, text) {
  const node = document.createElementNS(ns, tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    node.setAttribute(key, String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

// The centre of a grid cell (g.cell) in the picture's units: its terrain shape's, from the
// cells' index (cellindex.js: its attributes, no layout; a cell out of the layout has no box).
export function cellBoxCentre(cell) {
  return centreOf(cell);
}

// The cell of `svg` next to `from` (a g.cell) in the direction (dx, dy): the nearest whose centre
// lies within 60° of that way, the straighter of two as near (hex columns zigzag, so "next" is
// found by geometry, not by labels: right from R22 is S21 or S23, the next column). centreOf
// gives a cell's centre (default: the cells' index). The keyboard's cursor on both pages.
export function neighbourCell(svg, from, dx, dy, centreOf = null) {
  const index = centreOf ? null : cellIndex(svg);
  const here = centreOf ? centreOf(from) : cellBoxCentre(from);
  let best = null;
  let bestScore = Infinity;
  const consider = (cell, there) => {
    const ax = there.x - here.x;
    const ay = there.y - here.y;
    const distance = Math.hypot(ax, ay);
    if (distance < 0.5) return;
    const cos = (ax * dx + ay * dy) / distance;
    if (cos < 0.49) return;
    const score = distance * (1 + 0.1 * (1 - cos));
    if (score < bestScore) { bestScore = score; best = cell; }
  };
  if (index) {
    const { list, x, y } = index;
    for (let i = 0; i < list.length; i++) {
      if (list[i] !== from && list[i].hasAttribute("data-cell")) consider(list[i], { x: x[i], y: y[i] });
    }
    return best;
  }
  for (const cell of svg.querySelectorAll("g.cell[data-cell]")) {
    if (cell === from) continue;
    const there = centreOf(cell);
    if (there) consider(cell, there);
  }
  return best;
}

// A module's stylesheet (an absolute URL), linked once whatever page loads the module.
export function loadStyle(url) {
  const linked = [...document.querySelectorAll('link[rel="stylesheet"]')];
  if (linked.some((link) => link.href === url)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = url;
  document.head.append(link);
}

export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The page's one error box (#error); nothing (null, "") hides it.
export function showError(error) {
  const box = $("error");
  if (!error) { box.hidden = true; box.textContent = ""; delete box.dataset.network; return; }
  box.hidden = false;
  box.textContent = error.message || String(error);
  if (error.network) box.dataset.network = "";
  else delete box.dataset.network;
}
// a lost connection's sentence goes when the network comes back
window.addEventListener("online", () => {
  const box = document.getElementById("error");
  if (box && box.dataset.network !== undefined) showError("");
});

// An async handler whose failure lands in the error box instead of the console.
export function guard(action) {
  return (...args) => Promise.resolve().then(() => action(...args)).catch(showError);
}

// "a=1&b=2&b=3" from {a: 1, b: [2, 3]}; null, "", false and undefined are left out.
export function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params || {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== null && one !== undefined && one !== "" && one !== false) {
        q.append(key, String(one));
      }
    }
  }
  return q.toString();
}

// The fetch helper: { status, data } whatever the status (data is the JSON, or the text).
// Every change is JSON, even with no body: the server refuses the types an HTML form can send
// (docs/web.md, Security); a raw body (a file) keeps the type it is given.
export async function request(method, url, body, type) {
  const init = { method, headers: {} };
  if (method !== "GET") init.headers["Content-Type"] = type || "application/json";
  if (body !== undefined) init.body = type ? body : JSON.stringify(body);
  const response = await fetchKeyed(url, init);
  const kind = response.headers.get("content-type") || "";
  let data = null;
  try {
    data = kind.includes("json") ? await response.json() : await response.text();
  } catch (e) {
    data = null;
  }
  return { status: response.status, data };
}

// The error an answer carries ({"error": {"message": …}}), or the status when it has none.
export function errorOf(status, data) {
  return (data && data.error && data.error.message) || t("request failed ({status})", { status });
}

// GET /api/PATH?params: the answer, or a thrown Error with the server's one-line message.
export async function api(path, params, method = "GET", body, type) {
  const q = query(params);
  const { status, data } = await request(method, `/api/${path}${q ? "?" + q : ""}`, body, type);
  if (status < 200 || status >= 300) throw new Error(errorOf(status, data));
  return data;
}

// The controls drawer on a narrow screen (below 800 px the map takes the width): the header's
// button opens and closes it, its own button and Escape close it, the map answer's "Details"
// opens it at the move panel. `escapeFocus`: Escape gives the focus back to the header's button.
// Gives back `set(open)`, for the page's own ways to open or close it.
export function wireDrawer({ escapeFocus = true } = {}) {
  const button = $("drawer-button");
  const set = (open) => {
    document.body.classList.toggle("drawer-open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => set(!document.body.classList.contains("drawer-open")));
  $("drawer-close").addEventListener("click", () => { set(false); button.focus(); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && document.body.classList.contains("drawer-open")) {
      set(false);
      if (escapeFocus) button.focus();
    }
  });
  $("map-answer-more").addEventListener("click", () => {
    set(true);
    $("move-panel").scrollIntoView({ block: "start" });
  });
  return set;
}

// An event as the table says it: the server's sentence (narrate.event_text, as the CLI prints it).
export function eventText(event) {
  return event.text || event.type;
}

// A request a page cannot start without, asked again while the network fails it (a page opened
// as the server restarts, or a phone between networks): the error box says so meanwhile, and the
// next try comes when the browser is back online or after a pause that doubles up to 8 s. Any
// other failure (a refusal, a 401) is the caller's at once.
export async function untilConnected(ask) {
  for (let pause = 500; ; pause = Math.min(2 * pause, 8000)) {
    try {
      const answer = await ask();
      const box = document.getElementById("error");
      if (box && box.dataset.network !== undefined) showError("");
      return answer;
    } catch (error) {
      if (!error || !error.network) throw error;
      showError(error);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, pause);
        window.addEventListener("online", () => { clearTimeout(timer); resolve(); }, { once: true });
      });
    }
  }
}

// Every registered ruleset (id → its registration: hints, capabilities …) and the units whose
// amounts read as decimals, fetched once per page.
let registry = null;
export function rulesets() {
  if (!registry) {
    registry = untilConnected(() => api("rulesets")).then((answer) => ({
      byId: Object.fromEntries(answer.rulesets.map((one) => [one.id, one])),
      lengthUnits: new Set(answer.length_units || []),
    }));
    registry.catch(() => { registry = null; });
  }
  return registry;
}

// A ruleset's words for the page: hints (example, notation, option words …) and capabilities.
export function hintsOf(found, id) {
  const one = found.byId[id];
  return {
    hints: (one && one.hints) || {},
    can: (capability) => Boolean(one && one.capabilities.includes(capability)),
  };
}

// An exact amount the server sent bare (a reach's budget or another way's cost: answers whose
// JSON carries no text) as people read it, as format_amount does in Python: in a length unit the
// server names (lengthUnits) a decimal (35/2 cm is 17.5), anything else a mixed number (17/4 MP
// is 4¼, 19/12 is 1⁷⁄₁₂), never rounded.
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

export function amount(value, unit, lengthUnits) {
  const text = String(value);
  const match = /^(-?\d+)\/(\d+)$/.exec(text);
  if (!match) return amountSaid(text);
  const numerator = Number(match[1]);
  const denominator = Number(match[2]);
  if (!lengthUnits.has(unit)) return mixed(numerator, denominator);
  let rest = denominator;
  let places = 0;
  for (const prime of [2, 5]) {
    let count = 0;
    while (rest % prime === 0) { rest /= prime; count += 1; }
    places = Math.max(places, count);
  }
  if (rest !== 1 || places > 6) return mixed(numerator, denominator);
  return amountSaid(String(Number((numerator / denominator).toFixed(places))));
}
