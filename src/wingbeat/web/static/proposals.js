// Moves waiting for the game master (GET /api/play/encounters/{id}/proposals, web/liveroutes.py):
// the game master switches approval on and accepts or refuses each; a player reads that its
// move waits, or why it was refused. Every screen draws each waiting move on the map as a
// dashed line through its cells, "waiting for the game master".

import { colon, t } from "./i18n.js";
import { $, el, errorOf, request, showError, svgElement } from "./common.js";
import { shapeBox } from "./cellindex.js";

const api = "/api/play";

// The panel under the move form, made once.
function panel() {
  let box = $("proposals-panel");
  if (box) return box;
  box = el("section");
  box.id = "proposals-panel";
  box.setAttribute("aria-live", "polite");
  const title = el("h2", t("Moves waiting for the game master"));
  const label = el("label");
  label.className = "inline";
  label.id = "approval-row";
  const check = el("input");
  check.type = "checkbox";
  check.id = "approval-toggle";
  label.append(check, " ", t("players' moves wait for my approval"));
  const list = el("ul");
  list.id = "proposals";
  box.append(title, label, list);
  $("move-panel").appendChild(box);
  return box;
}

// The line of each waiting move over the map: from where the creature stands through its cells.
function draw(svg, proposals, view) {
  if (!svg) return;
  const old = svg.querySelector("g.proposals");
  if (old) old.remove();
  // a proposal of a creature this seat cannot see comes without creature or way: not drawn
  const waiting = proposals.filter((p) => p.status === "pending" && p.creature && p.way);
  if (!waiting.length || !view) return;
  const ns = svg.namespaceURI;
  const group = svgElement(ns, "g", { class: "proposals", "pointer-events": "none" });
  for (const proposal of waiting) {
    const piece = view.state.pieces[proposal.creature];
    const cells = [piece && piece.at, ...proposal.way].filter((label) => label);
    const points = [];
    for (const label of cells) {
      const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(label)}"]`);
      const shape = cell && (cell.querySelector(".terrain") || cell.querySelector("polygon, rect"));
      if (!shape) continue;
      const box = shapeBox(shape);  // (no layout: the cell may be out of it)
      points.push(`${box.x + box.width / 2},${box.y + box.height / 2}`);
    }
    const one = svgElement(ns, "g", { class: "proposal", "data-proposal": proposal.id });
    one.append(svgElement(ns, "title", {}, t("{creature}: {moves}, waiting for the game master",
      { creature: proposal.creature, moves: proposal.moves })));
    if (points.length > 1) {
      for (const [stroke, width] of [["#fff", 6], ["#7a3db8", 3]]) {
        one.append(svgElement(ns, "polyline", { points: points.join(" "), fill: "none", stroke,
          "stroke-width": width, "stroke-dasharray": "8 6", "stroke-linecap": "round" }));
      }
    }
    if (points.length) {
      const [x, y] = points[points.length - 1].split(",").map(Number);
      one.append(svgElement(ns, "text", { x, y: y - 10, "text-anchor": "middle", "font-size": 12,
        fill: "#7a3db8", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke" },
      t("waiting for the game master")));
    }
    group.append(one);
  }
  const creatures = svg.querySelector("g.creatures");
  if (creatures) creatures.after(group); else svg.append(group);
}

function said(proposal) {
  if (!proposal.creature) {
    return proposal.side ? t("a move of {side}", { side: proposal.side })
      : t("a move of another side");
  }
  const cost = proposal.cost_text ? ` (${proposal.cost_text})` : "";
  const side = proposal.side ? `, ${proposal.side}` : "";
  const moves = proposal.moves || t("holds");
  return `${proposal.creature}: ${moves}${cost}${side}`;
}

// Wire the panel: encounter() is the id shown, view() its snapshot, played() is called when the
// game master's accept played a move (the page shows it at once).
export function wireProposals({ encounter, view, played }) {
  let known = { required: false, proposals: [], you: { game_master: true } };
  let asking = 0;

  async function decide(proposal, how, body) {
    showError("");
    const id = encounter();
    const { status, data } = await request("POST",
      `${api}/encounters/${id}/proposals/${proposal.id}/${how}`, body || {});
    if (status === 200 && how === "accept") played(data);
    else if (status !== 200) showError(errorOf(status, data));
    await refresh();
  }

  function show() {
    const box = panel();
    const master = known.you.game_master;
    const list = $("proposals");
    list.textContent = "";
    $("approval-row").hidden = !master;
    $("approval-toggle").checked = known.required;
    const shown = known.proposals.filter((p) => p.status === "pending" ||
      (!master && p.side === known.you.side));
    for (const proposal of shown.slice(0, 12)) {
      const item = el("li");
      item.dataset.proposal = proposal.id;
      item.dataset.status = proposal.status;
      if (proposal.status === "pending") {
        item.append(el("span", t("{move}: waiting for the game master", { move: said(proposal) })));
        if (master) {
          const yes = el("button", t("Accept"));
          yes.type = "button";
          yes.className = "proposal-accept";
          yes.addEventListener("click", () => decide(proposal, "accept"));
          const why = el("input");
          why.type = "text";
          why.className = "proposal-reason";
          why.maxLength = 300;
          why.placeholder = t("why not (optional)");
          why.setAttribute("aria-label", t("Why it is refused (the player reads it)"));
          const no = el("button", t("Refuse"));
          no.type = "button";
          no.className = "proposal-refuse";
          no.addEventListener("click", () => decide(proposal, "refuse",
            why.value.trim() ? { reason: why.value.trim() } : {}));
          item.append(" ", yes, " ", why, " ", no);
        }
      } else {
        const why = proposal.reason ? `: ${proposal.reason}` : "";
        const statuses = { accepted: t("accepted"), refused: t("refused"), pending: t("pending") };
        item.append(el("span", colon(said(proposal), `${statuses[proposal.status] ||
          proposal.status}${why}`)));
      }
      list.append(item);
    }
    box.hidden = !master && !known.required && !shown.length;
    draw($("map-image"), known.proposals, view());
  }

  async function refresh() {
    const id = encounter();
    if (!id) return;
    const mine = ++asking;
    const { status, data } = await request("GET", `${api}/encounters/${id}/proposals`);
    if (mine !== asking || status !== 200 || String(data.encounter) !== String(encounter())) {
      return;
    }
    known = data;
    show();
  }

  panel();
  $("approval-toggle").addEventListener("change", async (event) => {
    const id = encounter();
    if (!id) return;
    const { status, data } = await request("POST", `${api}/encounters/${id}/approval`,
      { required: event.target.checked });
    if (status !== 200) showError(errorOf(status, data));
    await refresh();
  });
  $("board").addEventListener("wingbeat:map-drawn", (event) => {
    draw(event.detail.svg, known.proposals, view());
  });
  return { refresh };
}
