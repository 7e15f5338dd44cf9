// The frame-time harness shared by every candidate page (benchmarks/page.py --frames): the map's
// data, the pan and zoom schedule, and the frame times from requestAnimationFrame timestamps.
// A candidate module exports draw(root, data, width, height) → {view(tx, ty, scale)}: view is
// called once a frame with the world-to-screen transform (screen = world × scale + t) and must
// have drawn it when it returns (or by the next frame's start, which the timestamps then count).

const params = new URLSearchParams(location.search);
const lib = params.get("lib");

function schedule(data, width, height, frames) {
  // wheel-like zoom steps from the whole map (fit to the width) to 8× and back, twice, while
  // the centre circles around the first token: every frame changes the view
  const fit = width / data.width;
  const [cx, cy] = data.tokens[0];
  const steps = [];
  for (let i = 0; i < frames; i++) {
    const phase = (2 * Math.PI * i) / (frames / 2);
    const scale = fit * 2 ** (3 * (0.5 - 0.5 * Math.cos(phase)));
    const radius = 30 * data.r * (1 - (0.5 - 0.5 * Math.cos(phase)));
    const x = cx + radius * Math.cos(phase / 2);
    const y = cy + radius * Math.sin(phase / 2);
    const mix = (0.5 - 0.5 * Math.cos(phase));  // at the whole map, centre the map
    const wx = mix * x + (1 - mix) * data.width / 2;
    const wy = mix * y + (1 - mix) * data.height / 2;
    steps.push([width / 2 - wx * scale, height / 2 - wy * scale, scale]);
  }
  return steps;
}

/** A library's classic script (a UMD build sets its global), loaded once. */
window.loadScript = (src) => new Promise((resolve, reject) => {
  const script = document.createElement("script");
  script.src = src;
  script.onload = resolve;
  script.onerror = () => reject(new Error(`cannot load ${src}`));
  document.head.append(script);
});

window.bench = {
  ready: (async () => {
    const data = await (await fetch("data.json")).json();
    const root = document.getElementById("root");
    const width = root.clientWidth;
    const height = root.clientHeight;
    const made = performance.now();
    const { draw } = await import(`./${lib}.js`);
    const drawn = await draw(root, data, width, height);
    const steps = schedule(data, width, height, Number(params.get("frames") || 240));
    drawn.view(...steps[0]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    window.bench.setup = performance.now() - made;
    window.bench.drawn = drawn;
    window.bench.steps = steps;
  })(),
  async run() {
    await this.ready;
    const { drawn, steps } = this;
    const deltas = [];
    const work = [];
    await new Promise((resolve) => {
      let last = null;
      let i = 0;
      const frame = (t) => {
        if (last !== null) deltas.push(t - last);
        last = t;
        if (i >= steps.length) { resolve(); return; }
        const began = performance.now();
        drawn.view(...steps[i++]);
        work.push(performance.now() - began);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    return { frames: deltas, work, setup: this.setup, renderer: this.renderer || null };
  },
};
