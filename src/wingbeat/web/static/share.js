// The game master's "Share" panel (serve --share): each seat's link and its QR code, to show a
// phone across the table. Only the game master's key gets the links (GET /api/share answers a
// player 403), so a player's page never shows the button at all; a page not shared neither.
import { $, el, fetchKeyed, hasKey } from "./common.js";

function picture(svgText) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  svg.setAttribute("role", "img");
  return svg;
}

function seat(who, url, qr) {
  const item = el("li", null, "share-seat");
  const link = el("a", url);
  link.href = url;
  link.rel = "noreferrer";
  item.append(el("strong", who), picture(qr), link);
  return item;
}

// A download link to the API (the analysis page's PNG): a link sends no key, so the click
// fetches the file with it and saves what came.
function keyedDownload(link) {
  if (!link) return;
  link.addEventListener("click", async (event) => {
    event.preventDefault();
    const response = await fetchKeyed(link.href);
    if (!response.ok) return;
    const saved = document.createElement("a");
    saved.href = URL.createObjectURL(await response.blob());
    saved.download = link.getAttribute("download") || "wingbeat-map.png";
    saved.click();
    setTimeout(() => URL.revokeObjectURL(saved.href), 60_000);
  });
}

async function wireShare() {
  if (!hasKey()) return;
  const response = await fetchKeyed("/api/share");
  if (response.status === 403) {
    // a player's key: the analysis page's questions are the game master's, so no link to it
    for (const link of document.querySelectorAll('header a[href="/"]')) link.hidden = true;
    return;
  }
  if (!response.ok) return;
  keyedDownload($("png-link"));
  const links = await response.json();
  const panel = el("section", null, "share-panel");
  panel.id = "share-panel";
  panel.hidden = true;
  panel.setAttribute("aria-label", "The table's links");
  const list = el("ul");
  list.append(seat("Game master (keep this one)", links.gm, links.qr.gm));
  for (const [side, url] of Object.entries(links.players)) {
    list.append(seat(`Players: ${side}`, url, links.qr.players[side]));
  }
  const close = el("button", "Close");
  close.type = "button";
  panel.append(el("h2", "Share the table"),
    el("p", "Each link carries its seat's key: give a side's link to its players only.",
      "muted"), list, close);
  const button = el("button", "Share");
  button.type = "button";
  button.id = "share-button";
  button.setAttribute("aria-controls", "share-panel");
  button.setAttribute("aria-expanded", "false");
  const show = (open) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(panel.hidden));
  close.addEventListener("click", () => show(false));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) show(false);
  });
  const header = document.querySelector("header");
  (header || document.body).append(button);
  document.body.append(panel);
}

wireShare().catch(() => { /* no links: nothing to share */ });
