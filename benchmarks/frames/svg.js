// A viewport-culled SVG, our own code: only the cells within the view (and a margin) are in the
// document; a view change moves one group's transform, and redraws the cells only when the view
// leaves the drawn area or the zoom changes by more than half.
const NS = "http://www.w3.org/2000/svg";

export function draw(root, data, width, height) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  const world = document.createElementNS(NS, "g");
  const cells = document.createElementNS(NS, "g");
  const tokens = document.createElementNS(NS, "g");
  world.append(cells, tokens);
  svg.append(world);
  root.append(svg);
  const r = data.r;
  const hex = [0, 1, 2, 3, 4, 5].map((k) => [r * Math.cos(k * Math.PI / 3),
                                              r * Math.sin(k * Math.PI / 3)]);
  const shape = (x, y) => "M" + hex.map(([dx, dy]) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`).join("L") + "Z";
  tokens.innerHTML = data.tokens.map(([x, y, name]) =>
    `<circle cx="${x}" cy="${y}" r="${r * 0.7}" fill="#1f4e79" stroke="#fff" stroke-width="${r * 0.1}"/>` +
    `<text x="${x}" y="${y + r * 1.4}" font-size="${r * 0.6}" text-anchor="middle">${name}</text>`).join("");
  let area = null;  // [x0, y0, x1, y1, scale] drawn
  function redraw(x0, y0, x1, y1, scale) {
    const w = x1 - x0, h = y1 - y0;
    area = [x0 - w / 2, y0 - h / 2, x1 + w / 2, y1 + h / 2, scale];
    const [a0, b0, a1, b1] = area;
    const stroke = r * scale >= 4;  // under 4 px a hex's outline is noise
    const parts = [];
    for (const [x, y, fill] of data.cells) {
      if (x < a0 - r || x > a1 + r || y < b0 - r || y > b1 + r) continue;
      parts.push(`<path d="${shape(x, y)}" fill="${fill}"/>`);
    }
    cells.setAttribute("stroke", stroke ? "#8a8170" : "none");
    cells.setAttribute("stroke-width", String(1 / scale));
    cells.innerHTML = parts.join("");
  }
  return {
    view(tx, ty, scale) {
      world.setAttribute("transform", `translate(${tx} ${ty}) scale(${scale})`);
      const x0 = -tx / scale, y0 = -ty / scale;
      const x1 = (width - tx) / scale, y1 = (height - ty) / scale;
      if (!area || x0 < area[0] || y0 < area[1] || x1 > area[2] || y1 > area[3] ||
          scale > area[4] * 1.5 || scale < area[4] / 1.5) redraw(x0, y0, x1, y1, scale);
    },
  };
}
