// The cheapest attack position marked on the map beside advice's best (the engagement panel's
// "Attack position", app.js): the picture draws advice's best way, its end cell outlined; this
// module rings the cheapest place's cell with dashes and tags it "cheapest", its words (the
// server's: cost, saves, where it ends) in the tooltip and in the cell's name for the keyboard.
// It is drawn again on every "wingbeat:map-drawn" (a redraw gives the server's picture back).

import { svgElement } from "./common.js";
import { shapeBox } from "./cellindex.js";

let NS = null;  // the SVG namespace, as the picture being marked names it

function svgEl(tag, attributes, text) {
  return svgElement(NS, tag, attributes, text);
}

// Take the mark off the picture, and give the cell its own name back.
function unmark(svg) {
  for (const node of svg.querySelectorAll(".attack-cheapest")) node.remove();
  for (const cell of svg.querySelectorAll("g.cell[data-cheapest]")) {
    if (cell.dataset.ownName !== undefined) {
      cell.setAttribute("aria-label", cell.dataset.ownName);
      delete cell.dataset.ownName;
    }
    delete cell.dataset.cheapest;
  }
}

// Mark `mark` ({at, tag, text}: the cheapest place's cell, the tag written over it, and its
// words) on `svg`; none: unmark.
export function markCheapest(svg, mark) {
  NS = svg.namespaceURI;
  unmark(svg);
  if (!mark) return;
  const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(mark.at)}"]`);
  const shape = cell && (cell.querySelector(".terrain") || cell.querySelector("polygon, rect"));
  if (!shape) return;
  const group = svgEl("g", { class: "attack-cheapest", "data-cell": mark.at });
  group.append(svgEl("title", {}, mark.text));
  // dashes, a white edge under each: the cell's own outline (advice's best, when it ends in
  // the same cell at another level) shows between them
  for (const [stroke, width] of [["#fff", 6], ["#1d2330", 3]]) {
    const ring = shape.cloneNode(false);
    ring.removeAttribute("class");
    ring.setAttribute("class", "attack-cheapest-ring");
    for (const [key, value] of Object.entries({ fill: "none", stroke, "stroke-width": width,
      "stroke-dasharray": "7 5", "pointer-events": "none" })) ring.setAttribute(key, value);
    group.append(ring);
  }
  const box = shapeBox(shape);  // (no layout: the cell may be out of it)
  group.append(svgEl("text", { class: "attack-cheapest-tag", x: box.x + box.width / 2,
    y: box.y - 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold",
    fill: "#1d2330", stroke: "#fff", "stroke-width": 3, "stroke-linejoin": "round",
    "paint-order": "stroke", "pointer-events": "none" }, mark.tag));
  const creatures = svg.querySelector("g.creatures");
  if (creatures) creatures.after(group); else svg.append(group);
  cell.dataset.cheapest = "true";
  const name = cell.getAttribute("aria-label");
  if (name !== null) {
    cell.dataset.ownName = name;
    cell.setAttribute("aria-label", `${name}; ${mark.text}`);
  }
}
