// PixiJS (WebGL): the cells in one Graphics built once; a view change moves the world container
// and renders (the ticker is stopped: each frame renders here).
export async function draw(root, data, width, height) {
  await window.loadScript("lib/pixi.min.js");
  const PIXI = window.PIXI;
  const app = new PIXI.Application();
  await app.init({ width, height, background: "#f4f1ea", antialias: true, autoStart: false,
                   preference: "webgl" });
  root.append(app.canvas);
  const world = new PIXI.Container();
  app.stage.addChild(world);
  const g = new PIXI.Graphics();
  const r = data.r;
  for (const [x, y, fill] of data.cells) {
    const pts = [];
    for (let k = 0; k < 6; k++) pts.push(x + r * Math.cos(k * Math.PI / 3), y + r * Math.sin(k * Math.PI / 3));
    g.poly(pts).fill(fill).stroke({ width: r * 0.06, color: 0x8a8170 });
  }
  world.addChild(g);
  for (const [x, y, name] of data.tokens) {
    const t = new PIXI.Graphics().circle(x, y, r * 0.7).fill(0x1f4e79).stroke({ width: r * 0.1, color: 0xffffff });
    const label = new PIXI.Text({ text: name, style: { fontSize: 24, fill: 0x000000 } });
    label.scale.set(r * 0.6 / 24);
    label.anchor.set(0.5, 0);
    label.position.set(x, y + r * 0.8);
    world.addChild(t, label);
  }
  window.bench.renderer = app.renderer.name || app.renderer.type;
  return {
    view(tx, ty, scale) {
      world.position.set(tx, ty);
      world.scale.set(scale);
      app.render();
    },
  };
}
