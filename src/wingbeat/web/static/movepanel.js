// The one move panel: the cheapest path to a chosen place, or a checked declared move; showing
// one clears the other. Every amount and ending is the server's words (cost_text, end_text,
// said, each check's label and text, each event's text): this module knows no ruleset.

import { colon, t } from "./i18n.js";
import { $, el, eventText } from "./common.js";

// A save in a short line: "40% Reflex (V-skim)", the server's check_label.
function checksText(checks) {
  return (checks || []).map((c) => c.label || c.rule).join(", ");
}

function fillSteps(steps) {
  const table = $("path-steps");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  (steps || []).forEach((s, i) => {
    const row = el("tr");
    const notes = [...(s.checks || []).map((c) => c.text || c.label),
      ...(s.events || []).map(eventText)].filter((line) => line);
    const said = notes.map((line) => (/[.!?]$/.test(line) ? line : `${line}.`)).join(" ");
    const cells = [i + 1, s.move, s.cost_text ?? "", s.total_text ?? s.total ?? "", said];
    for (const text of cells) row.append(el("td", String(text)));
    body.append(row);
  });
  table.hidden = !steps || steps.length === 0;
}

// The answer in one line under the map (shown on narrow screens, where the panel waits in the
// drawer): what the panel says first.
function echo(text, refused) {
  $("map-answer-text").textContent = text || "";
  $("map-answer").classList.toggle("illegal", Boolean(refused));
  $("map-answer").hidden = !text;
}

// The path's half of the panel emptied (a new question, or a checked move that replaces it).
export function clearPath() {
  $("path-summary").textContent = "";
  $("path-summary").className = "";
  $("path-moves").textContent = "";
  $("path-end").replaceChildren();
  $("to-act").hidden = true;
  $("attack-advice").hidden = true;
  fillSteps([]);
}

export function clearCheck() {
  $("check-result").replaceChildren();
}

export function clearMovePanel() {
  clearPath();
  clearCheck();
  echo(null);
}

// "ends at U35, altitude 1, hovering" and the lines the command line says after it.
function endLines(answer) {
  const lines = [];
  if (answer.end_text) lines.push(t("ends {end}", { end: answer.end_text }));
  for (const line of answer.said || []) lines.push(line);
  return lines;
}

// A path answer (to a chosen place or to an attack position), headed by `goal`; `saves` says
// whether the ruleset's moves call for saves (then "no checks" is worth saying).
export function showPath(answer, goal, saves) {
  clearCheck();
  $("to-act").hidden = true;
  $("attack-advice").hidden = true;
  if (answer.found === false) {
    $("path-summary").textContent = answer.message;
    $("path-summary").className = "illegal";
    $("path-moves").textContent = "";
    $("path-end").replaceChildren();
    fillSteps([]);
    echo(answer.message, true);
    return;
  }
  $("path-summary").className = "";
  $("path-summary").replaceChildren(
    el("span", t("{goal}: ", { goal })),
    el("strong", answer.cost_text, "path-cost"),
    el("span", answer.checks.length ? t(", checks: {checks}", { checks: checksText(answer.checks) })
      : (saves ? t(", no checks") : "")));
  $("path-moves").textContent = answer.moves ? answer.moves : t("(stays where it is)");
  fillSteps(answer.steps);
  $("path-end").replaceChildren(...endLines(answer).map((line) => el("span", line)));
  const stays = t("(stays where it is)");
  echo(colon(goal, `${answer.cost_text} · ${answer.moves || stays}`));
}

// A checked declared move: legal (its cost, end, saves) or the rule it breaks; the path half of
// the panel goes, so the refusal never stands beside an older path.
export function showCheck(answer) {
  clearPath();
  const out = $("check-result");
  out.replaceChildren();
  if (answer.legal) {
    out.append(el("p", t("Legal: {cost}", { cost: answer.cost_text }), "legal"));
    echo(t("Legal: {cost}", { cost: answer.cost_text }) + ` · ${answer.moves}`);
    const [first, ...rest] = endLines(answer);
    if (first) out.append(el("p", first, "said"));
    for (const line of rest) out.append(el("p", line, "muted said"));
    (answer.steps || []).forEach((s, i) => {
      for (const c of s.checks || []) {
        out.append(el("p", t("Step {n}: {check}", { n: i + 1, check: c.text || c.label }), "check"));
      }
    });
  } else {
    const e = answer.error;
    const head = el("p", t("Illegal at step {step} ({move}): ", { step: e.step, move: e.move }),
      "illegal");
    head.append(el("span", e.rule, "rule"));
    out.append(head);
    out.append(el("p", e.message, "explanation"));
    echo(t("Illegal at step {step} ({move}) [{rule}]: {message}", { step: e.step, move: e.move,
      rule: e.rule, message: e.message }), true);
    out.append(el("p", t("stops before it: {cost}, {end}", { cost: answer.cost_text,
      end: answer.end_text || "" }),
      "muted"));
  }
  for (const event of answer.events || []) {
    out.append(el("p", eventText(event), answer.legal ? "event" : "event refused"));
  }
}
