// The threat overlay and the attack positions, drawn over a map the server drew (both pages).
// Every count, colour, sentence and level word comes from the server (/api/threat/overlay,
// /api/play/encounters/{ref}/threat, /api/advise/positions): this module only places them on the
// picture (a grid's cells by their label, a table's GeoJSON by the picture's scale) and lists
// them in the panel, so the keyboard and a screen reader get every word the pointer gets.

import { t } from "./i18n.js";
import { $, el, svgElement } from "./common.js";
import { shapeBox } from "./cellindex.js";

let NS = null;  // the SVG namespace, as the picture being decorated names it

function svgEl(tag, attributes, text) {
  return svgElement(NS, tag, attributes, text);
}

// The cell's own shape (its terrain polygon), or null.
function shapeOf(cell) {
  return cell.querySelector(".terrain") || cell.querySelector("polygon, rect, path");
}

// A cell's <title> begins with `text` (the pointer's tooltip); its name for the keyboard too.
function say(cell, text) {
  let title = cell.querySelector(":scope > title");
  if (!title) { title = svgEl("title"); cell.prepend(title); }
  if (title.dataset.own === undefined) title.dataset.own = title.textContent;
  cell.dataset.decorated = "true";
  title.textContent = `${text}\n${title.textContent}`;
  const label = cell.getAttribute("aria-label");
  if (label !== null) {
    if (cell.dataset.ownLabel === undefined) cell.dataset.ownLabel = label;
    cell.setAttribute("aria-label", `${label}; ${text}`);
  }
}

// A numbered badge in a corner of `box` (a bounding box): white disc, coloured ring, dark number
// (dark on white reads at any ring colour).
function badge(x, y, number, ring, className, r) {
  const group = svgEl("g", { class: className, "pointer-events": "none" });
  group.append(svgEl("circle", { cx: x, cy: y, r, fill: "#fff", stroke: ring,
    "stroke-width": 3 }));
  group.append(svgEl("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12,
    "font-weight": "bold", fill: "#1d2330" }, number));
  return group;
}

// A threat count: a dark square with a white number (unlike the positions' white discs).
function countBadge(x, y, count) {
  const group = svgEl("g", { class: "threat-layer threat-count", "pointer-events": "none" });
  group.append(svgEl("rect", { x: x - 8, y: y - 8, width: 16, height: 16, rx: 2,
    fill: "#3b1d0f", stroke: "#fff", "stroke-width": 1 }));
  group.append(svgEl("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12,
    "font-weight": "bold", fill: "#fff" }, count));
  return group;
}

// Words in lines of at most `width` characters (a legend's heading in the picture's margin).
function wrapped(text, width) {
  const lines = [];
  for (const word of String(text).split(" ")) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && (last + " " + word).length <= width) lines[lines.length - 1] += " " + word;
    else lines.push(word);
  }
  return lines;
}

// Table units → the picture's coordinates (origin south-west, y north).
function tableFrame(svg) {
  const scale = Number(svg.getAttribute("data-scale"));
  const ox = Number(svg.getAttribute("data-origin-x"));
  const oy = Number(svg.getAttribute("data-origin-y"));
  const height = Number(svg.getAttribute("data-table-height"));
  return (x, y) => [ox + x * scale, oy + (height - y) * scale];
}

function rings(geometry) {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return geometry.coordinates;
  if (geometry.type === "MultiPolygon") return geometry.coordinates.flat();
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(rings);
  return [];
}

function pathOf(svg, geometry) {
  const at = tableFrame(svg);
  return rings(geometry).map((ring) => "M" + ring.map(([x, y]) => at(Number(x), Number(y))
    .map((v) => v.toFixed(1)).join(",")).join(" L") + " Z").join(" ");
}

// Take every layer this module drew off the picture, and give the cells their own words back.
function undecorate(svg) {
  for (const node of svg.querySelectorAll(".threat-layer, .advice-layer")) node.remove();
  for (const cell of svg.querySelectorAll("g.cell[data-decorated]")) {
    const title = cell.querySelector(":scope > title");
    if (title && title.dataset.own !== undefined) {
      title.textContent = title.dataset.own;
      delete title.dataset.own;
    }
    if (cell.dataset.ownLabel) cell.setAttribute("aria-label", cell.dataset.ownLabel);
    for (const key of ["decorated", "ownLabel", "threatCount", "threatText", "adviceRank"]) {
      delete cell.dataset[key];
    }
  }
}

// The picture with the threat overlay and the attack positions (either may be null) at `level`
// (null: every level); drawn afresh each time (a redraw, a new answer, a toggle).
export function decorate(svg, overlay, advice, level) {
  NS = svg.namespaceURI;
  undecorate(svg);
  svg.classList.toggle("threat-on", Boolean(overlay));  // the reach's colours make way
  if (!overlay && !(advice && advice.options.length)) return;  // no layout asked for nothing
  let below = legendBottom(svg);
  if (overlay) {
    drawThreat(svg, overlay);
    below = pictureLegend(svg, overlay.legend_title, overlay.legend, below, "threat-legend");
  }
  if (advice && advice.options.length) {
    drawAdvice(svg, advice, level);
    pictureLegend(svg, advice.legend_title, advice.legend, below, "advice-legend");
  }
}

// Where a legend of the picture's own ends (its bottom and left), or its top-left corner.
function legendBottom(svg) {
  const legend = svg.querySelector(":scope > g.legend");
  if (legend) {
    const box = legend.getBBox();
    if (box.height > 0) return { x: box.x, y: box.y + box.height + 14 };
  }
  return { x: 8, y: 14 };
}

// A legend drawn in the picture too (the table view shows the map alone): its heading, then a
// swatch and the server's words per shade; where it ends, for the next one.
function pictureLegend(svg, heading, entries, at, className) {
  const halo = { stroke: "#fff", "stroke-width": 3, "stroke-linejoin": "round",
    "paint-order": "stroke", "font-size": 12, fill: "#1d2330" };
  const group = svgEl("g", { class: `threat-layer advice-layer ${className}`,
    "pointer-events": "none" });
  let y = at.y - 15;
  for (const line of wrapped(heading, 30)) {
    y += 15;
    group.append(svgEl("text", { x: at.x, y, "font-weight": "bold", ...halo }, line));
  }
  for (const entry of entries || []) {
    y += 17;
    group.append(svgEl("rect", { x: at.x, y: y - 10, width: 14, height: 12, fill: entry.colour,
      stroke: "#1d2330", "stroke-width": 1 }));
    group.append(svgEl("text", { x: at.x + 20, y, ...halo }, entry.text));
  }
  svg.append(group);
  return { x: at.x, y: y + 24 };
}

// The overlay on the picture: each threatened cell filled in its count's colour under its words,
// its count in a badge, its sentence first in its tooltip; on a table each area as a shaded
// path (the most threatened on top) under the creatures, its sentence as its tooltip.
// The marks drawn over every cell (counts, rings, ranks): one layer after the cells, so no
// neighbour's shape covers them, and under the creatures.
function marksLayer(svg, className) {
  let layer = svg.querySelector(`g.${className}`);
  if (layer) return layer;
  layer = svgEl("g", { class: `threat-layer advice-layer ${className}`, "pointer-events": "none" });
  const cells = svg.querySelector("g.cells");
  if (cells) cells.after(layer);
  else svg.append(layer);
  return layer;
}

function drawThreat(svg, overlay) {
  if (overlay.cells) {
    for (const place of overlay.cells) {
      const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(place.at)}"]`);
      const shape = cell && shapeOf(cell);
      if (!shape) continue;
      const fill = shape.cloneNode(false);
      fill.setAttribute("class", "threat-layer threat-fill");
      fill.setAttribute("fill", place.colour);
      fill.setAttribute("fill-opacity", "0.85");
      fill.setAttribute("stroke", "#7c2d12");
      fill.setAttribute("stroke-width", "1.5");
      const after = cell.querySelector(".reach-fill") || shape;
      after.after(fill);
      const box = shapeBox(shape);  // (no layout: the cell may be out of it)
      marksLayer(svg, "threat-marks").append(
        countBadge(box.x + box.width * 0.8, box.y + box.height * 0.78, place.count));
      cell.dataset.threatCount = String(place.count);
      cell.dataset.threatText = place.text;
      say(cell, place.text);
    }
    return;
  }
  const layer = svgEl("g", { class: "threat-layer threat-areas" });
  for (const area of overlay.areas || []) {
    const group = svgEl("g", { class: "threat-area", "data-count": area.count,
      "data-level": area.level === null ? "" : area.level });
    group.append(svgEl("title", {}, area.text));
    group.append(svgEl("path", { d: pathOf(svg, area.area), fill: area.colour,
      "fill-opacity": 0.6, stroke: "#7c2d12", "stroke-width": 1.5, "fill-rule": "evenodd" }));
    layer.append(group);
  }
  const at = tableFrame(svg);
  for (const area of overlay.areas || []) {  // each count written in its area, over them all
    if (area.label_at) layer.append(countBadge(...at(...area.label_at), area.count));
  }
  const creatures = svg.querySelector("g.creatures");
  if (creatures) creatures.before(layer); else svg.append(layer);
}

// The attack positions on the picture, at `level` (null: every level): a ring in its rank's
// colour round each end cell (the best of a cell's positions) with its rank in a badge, every
// position of the cell in its tooltip; on a table a ringed, numbered disc at each end point.
function drawAdvice(svg, advice, level) {
  const shown = advice.options.filter((o) => level === null || o.level === null ||
    o.level === level);
  if (svg.classList.contains("table-map")) {
    const at = tableFrame(svg);
    const layer = svgEl("g", { class: "advice-layer advice-points" });
    for (const option of shown.slice().reverse()) {  // the best drawn last, on top
      // no room near its point (the server says so): the list beside the map names it
      if (option.listed) continue;
      const [px, py] = at(...option.at.split(",").map(Number));
      // spread round its point by the server's offset, with a thin line back to the point
      const [dx, dy] = option.offset || [0, 0];
      const [x, y] = [px + dx, py + dy];
      if (dx || dy) {
        layer.append(svgEl("line", { x1: px, y1: py, x2: x, y2: y, stroke: option.colour,
          "stroke-width": 1.5, class: "advice-leader" }));
      }
      // the three best numbered; the rest a dot in their band's colour (the tooltip ranks it)
      const group = option.rank <= 3
        ? badge(x, y, option.rank, option.colour, "advice-point", 10)
        : svgEl("g", { class: "advice-point" });
      if (option.rank > 3) {
        group.append(svgEl("circle", { cx: x, cy: y, r: 5, fill: option.colour, stroke: "#fff",
          "stroke-width": 1.5 }));
      }
      group.setAttribute("pointer-events", "visiblePainted");
      group.dataset.rank = String(option.rank);
      group.prepend(svgEl("title", {}, [option.text, ...option.reasons].join("\n")));
      layer.append(group);
    }
    svg.append(layer);
    return;
  }
  const byCell = new Map();
  for (const option of shown) {
    if (!byCell.has(option.at)) byCell.set(option.at, []);
    byCell.get(option.at).push(option);
  }
  for (const [place, options] of byCell) {
    const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(place)}"]`);
    const shape = cell && shapeOf(cell);
    if (!shape) continue;
    const best = options[0];
    const ring = shape.cloneNode(false);
    ring.setAttribute("class", "advice-layer advice-ring");
    ring.setAttribute("data-cell", place);
    ring.setAttribute("fill", "none");
    ring.setAttribute("stroke", best.colour);
    ring.setAttribute("stroke-width", "5");
    marksLayer(svg, "advice-marks").append(ring);
    const box = shapeBox(shape);  // (no layout: the cell may be out of it)
    marksLayer(svg, "advice-marks").append(badge(box.x + box.width * 0.24, box.y + box.height * 0.78, `${best.rank}`,
      best.colour, "advice-layer advice-rank", 10));
    cell.dataset.adviceRank = String(best.rank);
    const text = options.map((o) => [o.text, ...o.reasons].join("; ")).join("\n");
    cell.dataset.adviceText = text;
    say(cell, text);
  }
}

// A legend as a list: a swatch and the server's words for each shade.
export function fillLegend(list, legend) {
  list.replaceChildren(...(legend || []).map((entry) => {
    const item = el("li");
    const swatch = el("span", null, "swatch");
    swatch.style.background = entry.colour;
    item.append(swatch, el("span", entry.text));
    return item;
  }));
  list.hidden = !legend || legend.length === 0;
}

// Every threatened place in words (a table's areas, a grid's cells), for the keyboard.
export function fillPlaces(list, overlay) {
  const places = overlay ? (overlay.cells || overlay.areas || []) : [];
  const sorted = places.slice().sort((a, b) => b.count - a.count);
  list.replaceChildren(...sorted.map((p) => el("li", p.text)));
}

// The "Threat" panel's words for an overlay (the server's title, legend and places), or none.
export function showOverlayWords(answer) {
  $("threat-title").textContent = answer ? (answer.none_text || answer.title) : "";
  fillLegend($("threat-legend"), answer ? answer.legend : []);
  fillPlaces($("threat-places"), answer);
  $("threat-places-box").hidden = !answer || (answer.cells || answer.areas || []).length === 0;
}

// What the overlay picker (#threat-of) names: "side:monsters" → { side: "monsters" },
// "creature:harpy" → { creature: "harpy" }, nothing chosen → {}.
export function whose() {
  const [kind, id] = ($("threat-of").value || "").split(/:(.*)/s);
  return kind === "side" ? { side: id } : kind === "creature" ? { creature: id } : {};
}

// The overlay picker's choices: each side, then each creature ([id, its words]).
export function fillWhose(sides, creatures) {
  const select = $("threat-of");
  select.replaceChildren();
  for (const side of sides) {
    const option = el("option", t("side {side}", { side }));
    option.value = `side:${side}`;
    select.append(option);
  }
  for (const [id, words] of creatures) {
    const option = el("option", words);
    option.value = `creature:${id}`;
    select.append(option);
  }
}

// The positions in words, best first, each with its reasons and a button that checks its move.
export function fillAdvice(list, advice, onShow) {
  list.replaceChildren(...(advice ? advice.options : []).map((option) => {
    const item = el("li");
    item.dataset.rank = String(option.rank);
    const head = el("p", null, "advice-head");
    const swatch = el("span", null, "swatch");
    swatch.style.background = option.colour;
    head.append(swatch, el("strong", option.text));
    const reasons = el("ul");
    reasons.append(...option.reasons.map((r) => el("li", r)));
    item.append(head, reasons);
    if (onShow) {
      const button = el("button", t("Check this move"));
      button.type = "button";
      button.setAttribute("aria-label", t("Check this move: {move}",
        { move: option.moves || option.text }));
      button.addEventListener("click", () => onShow(option));
      item.append(button);
    }
    return item;
  }));
}

// The tokens of the other creatures take a click (the page's map passes clicks through the
// tokens to the cells): `onToken(id)`; the click goes no further (it chooses no cell). A token
// kept from the picture before (a redraw sent as changes) is wired again, not twice.
export function clickableTokens(svg, except, onToken) {
  for (const token of svg.querySelectorAll("g.creature[data-id]")) {
    const id = token.getAttribute("data-id");
    if (token.wingbeatClick) {
      token.removeEventListener("click", token.wingbeatClick);
      token.wingbeatClick = null;
      token.classList.remove("advisable");
      token.removeAttribute("pointer-events");
    }
    if (id === except) continue;
    token.classList.add("advisable");
    token.setAttribute("pointer-events", "visiblePainted");
    token.wingbeatClick = (event) => {
      event.stopPropagation();
      onToken(id);
    };
    token.addEventListener("click", token.wingbeatClick);
  }
}
