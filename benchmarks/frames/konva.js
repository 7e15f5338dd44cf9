// Konva (2D canvas): a RegularPolygon node a cell on one layer, not listening (no hit graph);
// a view change moves and scales the stage and draws the layer.
export async function draw(root, data, width, height) {
  await window.loadScript("lib/konva.min.js");
  const Konva = window.Konva;
  const stage = new Konva.Stage({ container: root, width, height });
  const layer = new Konva.Layer({ listening: false });
  stage.add(layer);
  const r = data.r;
  for (const [x, y, fill] of data.cells) {
    layer.add(new Konva.RegularPolygon({ x, y, sides: 6, radius: r, rotation: 30, fill,
      stroke: "#8a8170", strokeWidth: r * 0.06, perfectDrawEnabled: false, listening: false,
      shadowForStrokeEnabled: false }));
  }
  for (const [x, y, name] of data.tokens) {
    layer.add(new Konva.Circle({ x, y, radius: r * 0.7, fill: "#1f4e79", stroke: "#fff",
                                 strokeWidth: r * 0.1, listening: false }));
    layer.add(new Konva.Text({ x: x - r * 2, y: y + r * 0.8, width: r * 4, align: "center",
                               text: name, fontSize: r * 0.6, listening: false }));
  }
  return {
    view(tx, ty, scale) {
      stage.position({ x: tx, y: ty });
      stage.scale({ x: scale, y: scale });
      layer.draw();
    },
  };
}
