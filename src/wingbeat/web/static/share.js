// The game master's "Share" panel (serve --share): each seat's link and its QR code, to show a
// phone across the table. Only the game master's key gets the links (GET /api/share answers a
// player 403), so a player's page never shows the button at all; a page not shared neither.
import { t } from "./i18n.js";
import { $, el, fetchKeyed, hasKey } from "./common.js";

// The server's QR code is inline SVG without a namespace (segno's svg_inline): read as HTML,
// which puts <svg> in the SVG namespace (read as XML it would be an unknown element, drawn as
// nothing), and given a viewBox from its size so that the panel's CSS can scale it.
function picture(svgText, who) {
  const parsed = new DOMParser().parseFromString(svgText, "text/html");
  const found = parsed.body.querySelector("svg");
  const svg = found ? document.importNode(found, true) : el("span", t("(no QR code)"));
  if (found && !svg.hasAttribute("viewBox")) {
    const width = svg.getAttribute("width");
    const height = svg.getAttribute("height");
    if (width && height) {
      svg.setAttribute("viewBox", `0 0 ${parseFloat(width)} ${parseFloat(height)}`);
    }
  }
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("QR code: {who}'s link", { who }));
  return svg;
}

function seat(who, url, qr) {
  const item = el("li", null, "share-seat");
  const link = el("a", url);
  link.href = url;
  link.rel = "noreferrer";
  item.append(el("strong", who), picture(qr, who), link);
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
  panel.setAttribute("aria-label", t("The table's links"));
  const list = el("ul");
  list.append(seat(t("Game master (keep this one)"), links.gm, links.qr.gm));
  for (const [side, url] of Object.entries(links.players)) {
    list.append(seat(t("Players: {side}", { side }), url, links.qr.players[side]));
  }
  const close = el("button", t("Close"));
  close.type = "button";
  panel.append(el("h2", t("Share the table")),
    el("p", t("Each link carries its seat's key: give a side's link to its players only."),
      "muted"), list, close);
  const button = el("button", t("Share"));
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
