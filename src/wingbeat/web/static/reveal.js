// The game master's "Reveal" buttons (serve --share): one per creature the scenario hides
// (`hidden: true`) and the game master has not shown yet (the show answer's state.hidden). A
// click POSTs …/reveal; every screen follows through the live events, and undo hides it again
// as it undoes any action. A player's page never shows them: a player of the hidden creature's
// own side sees it in state.hidden too, so the page asks its seat first (…/proposals says it).

import { t } from "./i18n.js";
import { $, el, request } from "./common.js";

const api = "/api/play";

// The seat of this page: {game_master, side}, asked once (a page's key never changes).
let seat = null;

async function gameMaster(encounter) {
  if (seat === null) {
    const { status, data } = await request("GET",
      `${api}/encounters/${encodeURIComponent(encounter)}/proposals`);
    if (status !== 200 || !data || !data.you) return false;
    seat = data.you;
  }
  return seat.game_master === true;
}

function panel() {
  let box = $("reveal-panel");
  if (box) return box;
  box = el("section");
  box.id = "reveal-panel";
  box.hidden = true;
  const list = el("p", null, "row");
  list.id = "reveal-buttons";
  box.append(el("h2", t("Game master: hidden creatures")),
    el("p", t("The players of the other sides see nothing of these until you reveal them."),
      "muted"), list);
  $("move-panel").appendChild(box);
  return box;
}

// Wire the panel: act(method, path, body) is the page's way of making an action (it shows the
// answer and redraws). Gives back show(view), to call with each snapshot drawn.
export function wireReveal(act) {
  let shown = 0;
  async function show(view) {
    const mine = ++shown;
    const box = panel();
    const hidden = (view && view.state && view.state.hidden) || [];
    const id = view && view.encounter && String(view.encounter.id);
    const master = hidden.length > 0 && await gameMaster(id);
    if (mine !== shown) return;  // a later snapshot was drawn meanwhile
    const list = $("reveal-buttons");
    list.textContent = "";
    box.hidden = !master;
    // what was decided, for a test to wait on: nothing hidden here, or whose page this is
    box.dataset.seat = !hidden.length ? "none hidden" : master ? "game master" : "player";
    if (!master) return;
    const names = (view.board && view.board.names) || {};
    for (const creature of hidden) {
      const name = names[creature] || creature;
      const button = el("button", t("Reveal {name}", { name }), "reveal-button");
      button.type = "button";
      button.dataset.creature = creature;
      button.addEventListener("click", () => {
        button.disabled = true;
        act("POST", `/encounters/${encodeURIComponent(id)}/reveal`, { creature })
          .then((ok) => { if (!ok) button.disabled = false; });
      });
      list.append(button);
    }
  }
  return { show };
}
