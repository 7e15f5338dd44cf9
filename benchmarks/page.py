"""Benchmark: the page's answers as a user waits for them (issue 12's page targets).

    python benchmarks/page.py [--repeat 5] [--only harpy]

For each built-in example, in Debian's headless Chromium driving a real ``wingbeat serve`` (its
worker processes, its answer cache), medians of wall time from the user's action to the map
placed on the page:

* ``first``: the example chosen in the scenario list, to its first creature's reach drawn, on a
  server just started on another example (nothing computed yet; target ≤ 100 ms for the harpy);
* ``cached``: another creature, then the first again: its reach drawn from the server's kept
  answer (target ≤ 10 ms);

``first`` and ``cached`` are given twice: the picture's answer (the request alone, from the
browser's resource timing) and the map drawn (the answer parsed and laid out too);
* ``click``: a click on a reachable place, to the path and the map with it drawn, the last
  change to the map (target ≤ 50 ms on every example).

Needs the test extras (Playwright) and Debian's ``chromium``. Each repeat starts a new server, so
``first`` is a first answer every time.

    python benchmarks/page.py --frames [--libs DIR] [--repeat 3] [--only svg,pixi]

Frame times of the drawing candidates for the board (issue 26, items 1 and 5), side by side in
one run: each draws the 100 × 100 hex map of ``benchmarks/reach.py`` (5,000 flat-topped hexes in
doubled coordinates, as ``render/grid.py`` lays them) with the fly-24 flyer's real reach at
altitude 2 coloured per cell and ten tokens with names, then pans and zooms in wheel-like steps
(from the whole map to 8× and back, twice, 240 frames) at 1440 × 900, with the CPU as it is and
throttled 4× (CDP ``Emulation.setCPUThrottlingRate``: a phone). Frame times are the gaps between
``requestAnimationFrame`` timestamps (``work``: the time inside the frame's callback). Candidates:
``svg`` (our own viewport-culled SVG, no library), ``pixi`` (PixiJS, WebGL: headless Chromium
draws it with SwiftShader, on the CPU), ``konva`` (canvas), ``leaflet`` (CRS.Simple, canvas
renderer). The libraries come from ``--libs``, a ``node_modules`` folder (``npm install
pixi.js konva leaflet`` in a throwaway folder); without it only ``svg`` runs.

    python benchmarks/page.py --board [--repeat 3] [--count 240] [--only harpy,big] [--wheels 30]

Frame times of the board itself (issue 26, items 1 and 5): the real page (``wingbeat serve``,
``static/zoom.js``) on the harpy example and on a 100 × 100 hex map with the fly-24 flyer's reach
drawn (``big``), at 1440 × 900, with the CPU as it is and throttled 4×. The page gets wheel
steps (zooming in at a point and out again) and one-finger drags (pointer events) in turns,
one input a frame, with quiet frames between them so each gesture settles (the viewBox set, the
level of detail recomputed): those frames are counted too, as are those in which ``zoom.js``
then shows and hides the cells a few at a time (``data-detail`` on the box). Frame times are the
gaps between ``requestAnimationFrame`` timestamps; beside them, the frames Chromium itself calls
long (``PerformanceObserver`` ``long-animation-frame`` entries over 50 ms: the page's own frame,
from its first task to its paint, which a gap on a loaded machine is not always), per run, with
the longest one's duration, blocking part, scripts' time and style-layout-paint part (``absent``
on a browser without them). ``--wheels N``: N wheel steps a zoom (default 30, a zoom in or out
of up to 15 times); 3 makes each zoom a user's few notches (1.3 times), whose settles keep
the scale the map is laid out at (the rows are then named ``... wheels 3``). The input of a
frame is sent from the benchmark's own frame callback, asked first, so that it comes before the
page's callbacks, as a browser sends input. ``--trace DIR``: Chromium's trace of each run at
CPU 4× (``DIR/MAP-wN-runK-cpu4.json``, its long frames beside it) and, for each frame over 50
ms, its script, style, layout (objects), paint and CPU time and what forced a layout
(``benchmarks/tracesum.py``, which also reads a trace again); the CPU 4× rows then also say
each run's frames of over 50 ms of the main thread's CPU (``trace_cpu_over_50ms_per_run``).

    python benchmarks/page.py --drag [--repeat 3] [--only harpy|big]

Drag to move (issue 26, item 4; static/drag.js): in ``wingbeat serve``, a token is pressed and
dragged over the reachable cells in the map's box (one pointer move a cell, 150 cells a run, each
preview waited for) with the CPU throttled 4×, for the harpy (dnd5e) and the 100 × 100 hex map of
``benchmarks/reach.py`` as it opens (``big``: the whole map, its cells one bitmap) and three key
zooms closer (``big-in``: its cells drawn). For each preview: ``frame``, the frame that drew it,
from the frame's start (its ``requestAnimationFrame`` timestamp) to its style, layout, paint and
commit done on the main thread (a message posted in the frame's callback, read after them:
``#map.wbPreviewFrames``), the issue's "a preview frame takes ≤ 16 ms p95"; the pointer event
(its ``timeStamp``) to the way and label drawn (``#map.wbPreviewTimes``: it also holds the wait
for the next frame, 0-16.7 ms by where the event fell); ``work``, inside the frame's callback
(``#map.wbPreviewWork``). Then the same cells are crossed again at the pointer's pace (moves not
waited for) and the gaps between the page's frames kept: the share over 17 ms is the frames a
60 Hz display missed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

EXAMPLES = {"giant-bat": ("bat", "chamois"), "harpy": ("harpy", "fighter"),
            "morbid-angel": ("angel", "gargoyle"), "pegasi": ("pegasi", "griffons")}

#: The issue's targets. ``answer`` is the picture's request alone (the browser's resource
#: timing: asked to received), ``drawn`` the user's wait, parsing and laying out the map too.
TARGETS_MS = {"first answer": 100.0, "first": 100.0, "cached answer": 10.0, "cached": 10.0,
              "click": 50.0}

#: Installed before the page's own scripts: when a click happened, when the map last changed,
#: and how many requests are still out.
WATCH = """
window.__bench = { clickAt: 0, mapAt: 0, out: 0 };
document.addEventListener("click", () => { window.__bench.clickAt = performance.now(); }, true);
const realFetch = window.fetch;
window.fetch = async (...args) => {
  window.__bench.out += 1;
  try { return await realFetch(...args); } finally { window.__bench.out -= 1; }
};
new MutationObserver(() => {
  const map = document.getElementById("map");
  if (map) new MutationObserver(() => { window.__bench.mapAt = performance.now(); })
    .observe(map, { childList: true, subtree: true, attributes: true });
}).observe(document, { childList: true, subtree: true });
"""

#: Resolves with the milliseconds from now to the map showing ``creature``'s reach, after
#: ``act`` runs (a select's change).
DRAWN = """
async ([selectId, value, creature]) => {
  const began = performance.now();
  const select = document.getElementById(selectId);
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r));
    const svg = document.querySelector("#map svg");
    if (svg && svg.getAttribute("data-creature") === creature) {
      const drawn = performance.now() - began;
      const asked = performance.getEntriesByType("resource").filter((e) =>
        e.startTime >= began && e.name.includes("/api/render") &&
        e.name.includes(`creature=${encodeURIComponent(creature)}`));
      const last = asked[asked.length - 1];
      return { drawn, answer: last ? last.responseEnd - last.startTime : null };
    }
  }
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(opening: str) -> Iterator[str]:
    """``wingbeat serve`` as a user runs it, opening on ``opening``, on a free port, until it
    answers."""
    port = free_port()
    env = {**os.environ, "WINGBEAT_CACHE": "off"}
    process = subprocess.Popen([sys.executable, "-m", "wingbeat", "serve", opening,
                                "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def click_time(page: Any, kind: str) -> float:
    """Click a reachable place; milliseconds from the click to the map's last change."""
    if kind == "table":
        box = page.locator("#map svg g.reach").bounding_box()
        target = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        cells = page.locator("#map svg g.cell.reach")
        box = cells.nth(cells.count() * 2 // 3).bounding_box()
        target = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.evaluate("() => { window.__bench.mapAt = 0; }")
    page.mouse.click(*target)
    quiet_since = time.monotonic()
    last = None
    while True:  # settled: nothing out, and the map unchanged for a while
        bench = page.evaluate("() => window.__bench")
        if bench["out"] or bench["mapAt"] != last or not bench["mapAt"]:
            last = bench["mapAt"]
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since > 0.3:
            return float(bench["mapAt"] - bench["clickAt"])
        time.sleep(0.02)


def measure(browser: Any, name: str) -> dict[str, float]:
    first, other = EXAMPLES[name]
    opening = "example:pegasi" if name != "pegasi" else "example:giant-bat"
    with server(opening) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.add_init_script(WATCH)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(url)
        page.wait_for_selector("#map svg[data-creature]")
        page.wait_for_function("() => window.__bench.out === 0")
        found = page.evaluate(DRAWN, ["scenario-select", f"example:{name}", first])
        page.wait_for_function("() => window.__bench.out === 0")
        page.evaluate(DRAWN, ["creature-select", other, other])
        page.wait_for_function("() => window.__bench.out === 0")
        cached = page.evaluate(DRAWN, ["creature-select", first, first])
        page.wait_for_function("() => window.__bench.out === 0")
        kind = page.locator("#map svg").get_attribute("class") or ""
        click = click_time(page, "table" if "table-map" in kind else "grid")
        context.close()
    return {"first": found["drawn"], "first answer": found["answer"], "cached": cached["drawn"],
            "cached answer": cached["answer"], "click": click}


# -- frame times of the drawing candidates (--frames) ---------------------------------------------

FRAMES = Path(__file__).parent / "frames"
#: each candidate's files under the --libs node_modules (none is vendored: the board draws the
#: server's SVG, docs/web.md "The board's drawing, chosen by measurement")
CANDIDATES = {
    "svg": [],
    "pixi": ["pixi.js/dist/pixi.min.js"],
    "konva": ["konva/konva.min.js"],
    "leaflet": ["leaflet/dist/leaflet.js", "leaflet/dist/leaflet.css"],
}
#: WebGL without a GPU: SwiftShader, Chromium's CPU implementation
GL_ARGS = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
           "--ignore-gpu-blocklist"]


def frame_data() -> dict[str, Any]:
    """benchmarks/reach.py's map and flyer: every hex's centre (flat-topped, doubled
    coordinates: x = 1.5 r a column, y = √3/2 r a row) and fill (the least cost over the
    reach's states at altitude 2, green to red; unreached cells the map's paper), ten tokens."""
    import math

    import wingbeat
    from wingbeat.geometry.hexgrid import parse_hex

    scenario = wingbeat.parse_scenario({
        "ruleset": "volare", "map": {"grid": "hex", "columns": 100, "rows": 100, "top": 10},
        "creatures": [{"id": "roc", "fly": 24, "maneuverability": "medium", "reflex": 50,
                       "at": "AV50", "altitude": 2, "mode": "hovering"}]}, source="benchmark")
    reach = wingbeat.reach(scenario, "roc")
    budget = float(reach.budget)  # type: ignore[attr-defined]
    least: dict[str, float] = {}
    for state, cost, _act in reach.ends():  # type: ignore[attr-defined]
        if state["altitude"] == 2:
            least.setdefault(str(state["at"]), float(cost))
    r = 10.0
    half = math.sqrt(3) / 2 * r

    def fill(label: str) -> str:
        cost = least.get(label)
        if cost is None:
            return "#e8e2d4"
        t = cost / budget
        return f"rgb({int(60 + 190 * t)},{int(170 - 110 * t)},80)"

    cells = []
    for col in range(1, 101):
        for row in range(1, 101):
            if (col + row) % 2:
                continue
            h = parse_hex(f"{_column(col)}{row}")
            cells.append([round(1.5 * r * h.col, 1), round(half * h.row, 1),
                          fill(f"{_column(col)}{row}")])
    roc = parse_hex("AV50")
    tokens = [[1.5 * r * roc.col, half * roc.row, "roc"]]
    for i, (dc, dr) in enumerate([(2, 0), (-2, 2), (3, -5), (-4, -6), (5, 3), (-6, 4), (1, 9),
                                  (7, -3), (-8, 0)]):
        tokens.append([1.5 * r * (roc.col + dc), half * (roc.row + dr * 2 + dc % 2),
                       f"token {i + 1}"])
    return {"r": r, "width": 1.5 * r * 101, "height": half * 101, "cells": cells,
            "tokens": tokens}


def _column(n: int) -> str:
    from wingbeat.geometry.labels import column_label

    return column_label(n)


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """A plain HTTP server of ``folder`` on a free loopback port, in a thread."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def frame_site(folder: Path, libs: Path | None, wanted: list[str]) -> list[str]:
    """The candidate pages in ``folder``, with the libraries found: the candidates ready."""
    import json
    import shutil

    for item in FRAMES.iterdir():
        shutil.copy(item, folder / item.name)
    (folder / "lib").mkdir()
    (folder / "data.json").write_text(json.dumps(frame_data()))
    ready = []
    for name in wanted:
        found = True
        for from_npm in CANDIDATES[name]:
            source = libs / from_npm if libs is not None else Path("--libs not given")
            if not source.exists():
                print(f"{name}: {source} not found, left out")
                found = False
                break
            shutil.copy(source, folder / "lib" / source.name)
        if found:
            ready.append(name)
    return ready


def frame_times(page: Any, url: str, rate: int) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_function("() => window.bench && window.bench.steps", timeout=120_000)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        found: dict[str, Any] = page.evaluate("() => window.bench.run()")
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return found


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def frames_main(args: argparse.Namespace) -> None:
    import tempfile

    from playwright.sync_api import sync_playwright

    wanted = args.only.split(",") if args.only else list(CANDIDATES)
    unknown = set(wanted) - set(CANDIDATES)
    if unknown:
        raise SystemExit(f"--only: no candidate {', '.join(sorted(unknown))}; "
                         f"the candidates are {', '.join(CANDIDATES)}")
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        raise SystemExit("Debian's chromium is needed (apt install chromium)")
    results: dict[tuple[str, int], list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        ready = frame_site(Path(tmp), args.libs, wanted)
        with static_site(Path(tmp)) as site, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(chromium), args=GL_ARGS)
            for run in range(args.repeat):  # interleaved: the machine's load falls on all
                for rate in (1, 4):
                    for name in ready:
                        context = browser.new_context(viewport={"width": 1440, "height": 900})
                        page = context.new_page()
                        found = frame_times(page, f"{site}/index.html?lib={name}"
                                                  f"&frames={args.count}", rate)
                        context.close()
                        results.setdefault((name, rate), []).append(found)
                        frames = found["frames"]
                        print(f"run {run + 1} {name:8} cpu {rate}x: median "
                              f"{statistics.median(frames):5.1f}  p95 "
                              f"{_quantile(frames, 0.95):6.1f}  max {max(frames):6.1f} ms"
                              + (f"  ({found['renderer']})" if found.get("renderer") else ""),
                              flush=True)
            browser.close()
    print()
    print("frame times (ms) at 1440 × 900, every frame of the runs together; work: inside the "
          "frame's callback; setup: data to first view")
    print(f"{'candidate':10}{'cpu':>5}{'median':>9}{'p95':>9}{'max':>9}{'work p95':>10}"
          f"{'> 50 ms':>9}{'setup':>9}")
    for (name, rate), runs in results.items():
        frames = [f for run in runs for f in run["frames"]]
        work = [w for run in runs for w in run["work"]]
        over = sum(f > 50 for f in frames) / len(frames)
        setup = statistics.median(run["setup"] for run in runs)
        print(f"{name:10}{rate:>4}x{statistics.median(frames):9.1f}"
              f"{_quantile(frames, 0.95):9.1f}{max(frames):9.1f}{_quantile(work, 0.95):10.1f}"
              f"{over:9.0%}{setup:9.0f}")

# -- drag preview frame times (--drag) ---------------------------------------------------------

#: the examples --drag measures: (the scenario's name in the page's list, the creature dragged,
#: the key zooms in before the drag). The 100² map opens on the whole map, its cells one bitmap
#: under the way (zoom.js); ``big-in`` is three zooms closer, its cells drawn.
DRAG_CASES = {"harpy": ("example:harpy", "harpy", 0), "big": ("big.yaml", "roc", 0),
              "big-in": ("big.yaml", "roc", 3)}

#: the centres of up to `count` reachable cells (client pixels), spread over the reach
DRAG_TARGETS = """
async (count) => {
  // boxes from the cells' outlines (cellindex.js): zoom.js leaves the cells far from the view,
  // or all of them under its bitmap, out of the layout, with no box of their own
  const { screenBoxOf } = await import('/static/cellindex.js');
  const svg = document.querySelector('#map svg');
  const box = document.getElementById('map').getBoundingClientRect();
  const cells = [...svg.querySelectorAll('g.cell.reach[data-cell]')]
    .map((c) => [c.getAttribute('data-cell'), screenBoxOf(svg, c.getAttribute('data-cell'))])
    .filter(([, r]) => r && r.left >= box.left && r.right <= box.right
      && r.top >= box.top && r.bottom <= box.bottom);
  const step = Math.max(1, Math.floor(cells.length / count));
  return cells.filter((_, i) => i % step === 0).slice(0, count).map(([label, r]) =>
    [label, (r.left + r.right) / 2, (r.top + r.bottom) / 2]);
}
"""


#: Records the gaps between the page's frames until GAPS_STOP.
GAPS_START = """() => {
  window.__wbGaps = { gaps: [], on: true };
  let last = 0;
  const frame = (t) => {
    if (last) window.__wbGaps.gaps.push(t - last);
    last = t;
    if (window.__wbGaps.on) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""
GAPS_STOP = "() => { window.__wbGaps.on = false; return window.__wbGaps.gaps; }"


def drag_run(browser: Any, url: str, scenario: str, creature: str, count: int,
             rate: int, zooms: int = 0) -> dict[str, list[float]]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.set_default_timeout(300_000)
    page.goto(url)
    page.wait_for_function("() => window.wingbeat && window.wingbeat.state.scenario")
    if not page.evaluate("(s) => window.wingbeat.state.scenario === s", scenario):
        page.select_option("#scenario-select", scenario)
    page.wait_for_function(
        """([s, c]) => window.wingbeat.state.scenario === s && window.wingbeat.state.creature === c
             && document.querySelector(`#map svg [data-wb-token="${c}"]`)
             && document.querySelector('#map svg g.cell.reach')""", arg=[scenario, creature])
    # the board drawn to the end (zoom.js shows a large map's cells over a few frames after a
    # settle): the frames measured are the drag's
    page.wait_for_function("() => !document.getElementById('map').dataset.detail")
    for _ in range(zooms):
        page.focus("#map")
        page.keyboard.press("+")
        page.wait_for_function("() => !document.getElementById('map').dataset.detail")
    at = page.get_attribute(f'#map svg [data-wb-token="{creature}"]', "data-at")
    box = page.evaluate("async (label) => { const { screenBoxOf } = await import("
                        "'/static/cellindex.js'); return screenBoxOf("
                        "document.querySelector('#map svg'), label); }", at)
    assert box is not None
    x, y = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
    targets = page.evaluate(DRAG_TARGETS, count)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y + 12, steps=3)
    page.wait_for_function("() => document.querySelector('[data-wb-preview]')"
                           ".dataset.ready === 'true'")
    page.evaluate("() => { const m = document.getElementById('map'); "
                  "m.wbPreviewTimes.length = 0; m.wbPreviewWork.length = 0; "
                  "if (m.wbPreviewFrames) m.wbPreviewFrames.length = 0; }")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        for place, tx, ty in targets:
            page.mouse.move(tx, ty)
            page.wait_for_function(
                "(p) => document.querySelector('[data-wb-preview]').dataset.place === p", arg=place)
        times: dict[str, list[float]] = page.evaluate(
            "() => { const m = document.getElementById('map'); "
            "return { frames: m.wbPreviewTimes, work: m.wbPreviewWork, "
            "whole: m.wbPreviewFrames || [] }; }")
        # then the same cells at the pointer's pace, without waiting for each preview (a fast
        # hand: moves coalesce into frames), the gaps between the page's frames kept
        page.evaluate(GAPS_START)
        for _place, tx, ty in reversed(targets):
            page.mouse.move(tx, ty)
        times["gaps"] = page.evaluate(GAPS_STOP)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.keyboard.press("Escape")
    page.mouse.up()
    context.close()
    return times


def drag_main(args: argparse.Namespace) -> None:
    import json
    import tempfile

    from playwright.sync_api import sync_playwright

    spec = importlib.util.spec_from_file_location("reach_bench", Path(__file__).parent / "reach.py")
    assert spec is not None and spec.loader is not None
    reach_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reach_bench)
    wanted = args.only.split(",") if args.only else list(DRAG_CASES)
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        raise SystemExit("Debian's chromium is needed (apt install chromium)")
    results: dict[str, list[float]] = {name: [] for name in wanted}
    work: dict[str, list[float]] = {name: [] for name in wanted}
    whole: dict[str, list[float]] = {name: [] for name in wanted}
    gaps: dict[str, list[float]] = {name: [] for name in wanted}
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "big.yaml").write_text(json.dumps(reach_bench.SCENARIO))
        with server(tmp) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(chromium),
                                                 args=["--no-sandbox", "--disable-gpu"])
            for run in range(args.repeat):
                for name in wanted:
                    scenario, creature, zooms = DRAG_CASES[name]
                    found = drag_run(browser, url, scenario, creature, args.count, 4, zooms)
                    times = found["frames"]
                    results[name].extend(times)
                    work[name].extend(found["work"])
                    whole[name].extend(found.get("whole") or [])
                    gaps[name].extend(found["gaps"])
                    print(f"run {run + 1} {name:6} cpu 4x: {len(times)} frames, median "
                          f"{statistics.median(times):5.1f}  p95 {_quantile(times, 0.95):5.1f}  "
                          f"max {max(times):5.1f} ms; frame p95 "
                          f"{_quantile(found.get('whole') or [0], 0.95):5.1f}; at the "
                          f"pointer's pace {len(found['gaps'])} frames, p95 "
                          f"{_quantile(found['gaps'], 0.95):5.1f}, "
                          f"{sum(g > 17 for g in found['gaps'])} over 17 ms", flush=True)
            browser.close()
    print()
    print("drag preview (ms), CPU throttled 4x, 1440 x 900; target: a preview frame p95 <= 16")
    print(f"{'example':8}{'moves':>7}{'median':>8}{'p95':>7}{'max':>7}{'work p95':>10}"
          f"{'frame p95':>11}{'frame max':>11}{'paced':>7}{'gap p95':>9}{'> 17 ms':>9}")
    for name, times in results.items():
        frame = whole[name] or [float("nan")]
        over = sum(g > 17 for g in gaps[name]) / max(1, len(gaps[name]))
        print(f"{name:8}{len(times):7}{statistics.median(times):8.1f}"
              f"{_quantile(times, 0.95):7.1f}{max(times):7.1f}"
              f"{_quantile(work[name], 0.95):10.1f}{_quantile(frame, 0.95):11.1f}"
              f"{max(frame):11.1f}{len(gaps[name]):7}{_quantile(gaps[name], 0.95):9.1f}"
              f"{over:9.1%}")
    print("median, p95, max: a pointer move (its event's time) to the way and label drawn, one "
          "move at a time, each waited for (it includes the wait for the next frame);\n"
          "work: inside the frame's own callback (the place, the way, the label); frame: the "
          "frame that drew it, from its start to its style, layout, paint and commit done on "
          "the main thread (absent on a tree without it);\npaced: frames while the same "
          "cells are crossed at the pointer's pace (moves not waited for), the gaps between "
          "them and the share over 17 ms (a 60 Hz frame missed)")
    if args.json:
        print(json.dumps({"rows": [
            {"name": f"drag {name} cpu 4x", "median_ms": statistics.median(times),
             "p95_ms": _quantile(times, 0.95), "max_ms": max(times),
             "work_p95_ms": _quantile(work[name], 0.95), "frames": len(times),
             "frame_p95_ms": _quantile(whole[name], 0.95) if whole[name] else None,
             "frame_max_ms": max(whole[name]) if whole[name] else None,
             "paced_frames": len(gaps[name]),
             "paced_gap_p95_ms": _quantile(gaps[name], 0.95),
             "paced_over_17ms": sum(g > 17 for g in gaps[name])}
            for name, times in results.items()]}))


# -- frame times of the board itself (--board) -----------------------------------------------

#: the 100 × 100 battlefield of benchmarks/reach.py, as a file `wingbeat serve` opens
BIG = """ruleset: volare
map: {grid: hex, columns: 100, rows: 100, top: 10}
creatures:
  - {id: roc, fly: 24, maneuverability: medium, reflex: 50, at: AV50, altitude: 2,
     mode: hovering}
  - {id: kite, fly: 12, maneuverability: excellent, reflex: 50, at: AZ52, altitude: 1,
     mode: hovering}
"""

#: Gestures on the map, one input a frame: `count` frames of wheel steps (in, then out) and
#: drags, in turns of 30, each followed by 8 quiet frames; resolves with the frame times.
GESTURES = """
async ([count, wheels]) => {
  const box = document.querySelector("[data-wb-map]");
  const r = box.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const deltas = [];
  // Chromium's long animation frames (the issue's "frame over 50 ms": a frame whose own work,
  // from its first task to its paint, took over 50 ms), beside the rAF gaps; null without the API
  const loafs = (PerformanceObserver.supportedEntryTypes || []).includes("long-animation-frame")
    ? [] : null;
  // where the run starts in the page's clock: a trace (--trace) finds this mark in its own
  const zero = performance.mark("wb-bench-start").startTime;
  const keep = (list) => { for (const e of list) loafs.push({ start: e.startTime - zero,
    duration: e.duration,
    blocking: e.blockingDuration, script: e.scripts.reduce((sum, s) => sum + s.duration, 0),
    layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
    scripts: e.duration > 50 ? e.scripts.map((s) => ({ url: (s.sourceURL || "").split("/").pop(),
      fn: s.sourceFunctionName, invoker: s.invoker, duration: s.duration,
      forced: s.forcedStyleAndLayoutDuration, start: s.startTime - e.startTime })) : [] }); };
  const observer = loafs && new PerformanceObserver((list) => keep(list.getEntries()));
  if (observer) observer.observe({ type: "long-animation-frame" });
  let last = null, i = 0, pointer = 0;
  const send = (type, x, y) => box.dispatchEvent(new PointerEvent(type, { pointerId: 7,
    pointerType: "touch", clientX: x, clientY: y, bubbles: true, cancelable: true,
    isPrimary: true, button: 0 }));
  await new Promise((resolve) => {
    const frame = (t) => {
      if (last !== null) deltas.push(t - last);
      last = t;
      if (i >= count) { resolve(); return; }
      // the next frame asked first: its input is sent before the page's own frame callbacks,
      // as a browser sends input (before a frame's callbacks, or between frames), not after
      // the culling's changes of that frame, whose layout a handler's read would then force
      requestAnimationFrame(frame);
      const turn = Math.floor(i / 38), step = i % 38;
      if (step < 30) {
        if (turn % 2 === 0) {
          const inward = turn % 4 === 0;
          if (step < wheels) box.dispatchEvent(new WheelEvent("wheel", { deltaY: inward ? -60 : 60,
            clientX: cx + 80, clientY: cy - 40, bubbles: true, cancelable: true }));
        } else {
          const dx = 12 * step * (turn % 4 === 1 ? 1 : -1);
          if (step === 0) send("pointerdown", cx, cy);
          else send("pointermove", cx + dx, cy + dx / 2);
          if (step === 29) send("pointerup", cx + dx, cy + dx / 2);
        }
      }
      i += 1;
    };
    requestAnimationFrame(frame);
  });
  if (observer) {  // the last frames' entries come a task later
    await new Promise((resolve) => setTimeout(resolve, 100));
    keep(observer.takeRecords());
    observer.disconnect();
  }
  return { deltas, loafs };
}
"""

#: What a trace (--trace) records: the timeline's tasks, styles, layouts (with their object
#: counts and the stack that forced them) and paints, and the page's marks.
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                    "disabled-by-default-devtools.timeline.frame",
                    "disabled-by-default-devtools.timeline.stack", "blink",
                    "blink.user_timing", "v8.execute", "loading"]


def board_times(browser: Any, url: str, rate: int, count: int, wheels: int = 30,
                trace: Path | None = None) -> tuple[list[float], list[dict[str, float]] | None]:
    """The rAF gaps of a run and its long animation frames (None: the browser has no LoAF);
    with ``trace``, Chromium's trace of the run written there (and its long frames beside it,
    ``.loafs.json``, for ``benchmarks/tracesum.py``)."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.goto(url + "/")
    page.wait_for_selector("#map svg[data-creature]")
    # the picture with its reach, settled (a run that began on the first picture also timed
    # the reach's arrival: a new picture, not a pan or a zoom)
    page.wait_for_function("""() => { const b = document.getElementById('map');
        return b.dataset.zoom && !b.dataset.detail && b.querySelector('svg g.cell.reach'); }""")
    # ... and no picture still coming (the page may ask for the same map again as it opens: a
    # run that timed its arrival, `Response.text.then` in mapview.js, timed a new picture)
    page.wait_for_load_state("networkidle")
    page.wait_for_function("""() => { const b = document.getElementById('map');
        return b.dataset.zoom && !b.dataset.detail; }""")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    if trace is not None:
        browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
    try:
        found: dict[str, Any] = page.evaluate(GESTURES, [count, wheels])
    finally:
        if trace is not None:
            browser.stop_tracing()
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        context.close()
    if trace is not None:
        trace.with_suffix(".loafs.json").write_text(json.dumps(found["loafs"]), encoding="utf-8")
    return found["deltas"], found["loafs"]


def _loaf_summary(runs: list[list[dict[str, float]] | None]) -> dict[str, Any]:
    """The long animation frames over 50 ms of the runs: how many, each run's, the longest, and
    the longest's blocking part, scripts' time and style, layout and paint part (ms)."""
    if any(run is None for run in runs):
        return {"loaf": "absent"}
    every = [e for run in runs if run for e in run if e["duration"] > 50]
    longest = max(every, key=lambda e: e["duration"], default=None)
    return {"loaf_over_50ms": len(every),
            "loaf_over_50ms_per_run": [sum(e["duration"] > 50 for e in run or []) for run in runs],
            "loaf_max_ms": round(longest["duration"], 1) if longest else 0.0,
            "loaf_max_blocking_ms": round(longest["blocking"], 1) if longest else 0.0,
            "loaf_max_layout_ms": round(longest["layout"], 1) if longest else 0.0,
            "loaf_max_script_ms": round(longest["script"], 1) if longest else 0.0,
            # the page's own work in a frame (its scripts, then its style, layout and paint):
            # over 50 ms is the page's doing; a long frame of little work is one the loaded
            # machine did not run the renderer in
            "loaf_work_over_50ms_per_run": [sum(e["script"] + e["layout"] > 50 for e in run or [])
                                            for run in runs]}


def _print_long(run: list[dict[str, Any]] | None) -> None:
    """Each long animation frame's scripts (where a frame over 50 ms spent its script time)."""
    for entry in run or []:
        if entry["duration"] <= 50:
            continue
        print(f"  LoAF {entry['duration']:.1f} ms (blocking {entry['blocking']:.1f}, scripts "
              f"{entry['script']:.1f}, style+layout+paint {entry['layout']:.1f})")
        for s in entry.get("scripts", []):
            print(f"    +{s['start']:5.1f} {s['duration']:6.1f} ms (forced layout "
                  f"{s['forced']:5.1f}) {s['invoker']} {s['fn'] or ''} {s['url']}")


def _print_trace(trace: Path) -> int:
    """The trace's long frames, said by benchmarks/tracesum.py; how many took over 50 ms of the
    main thread's CPU (the page's own work, not the moments it waited for a core)."""
    spec = importlib.util.spec_from_file_location("tracesum", Path(__file__).with_name(
        "tracesum.py"))
    if spec is None or spec.loader is None:
        return 0
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    print(f"  trace {trace}")
    for line in module.summary(trace):
        print("  " + line)
    return sum(f["cpu"] > 50 for f in module.frames(trace))


def board_main(args: argparse.Namespace) -> None:
    import tempfile

    from playwright.sync_api import sync_playwright

    wanted = args.only.split(",") if args.only else ["harpy", "big"]
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        raise SystemExit("Debian's chromium is needed (apt install chromium)")
    results: dict[tuple[str, int], list[float]] = {}
    runs: dict[tuple[str, int], list[list[float]]] = {}
    loafs: dict[tuple[str, int], list[list[dict[str, float]] | None]] = {}
    cpu: dict[str, list[int]] = {}  # with --trace: each run's frames of over 50 ms of CPU
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.yaml"
        big.write_text(BIG, encoding="utf-8")
        openings = {"harpy": "example:harpy", "big": str(big)}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(chromium),
                                                 args=["--no-sandbox"])
            for name in wanted:
                with server(openings[name]) as url:
                    for run in range(args.repeat):
                        for rate in (1, 4):
                            trace = (args.trace / f"{name}-w{args.wheels}-run{run + 1}"
                                     f"-cpu{rate}.json" if args.trace and rate == 4 else None)
                            frames, long = board_times(browser, url, rate, args.count,
                                                       args.wheels, trace)
                            results.setdefault((name, rate), []).extend(frames)
                            runs.setdefault((name, rate), []).append(frames)
                            loafs.setdefault((name, rate), []).append(long)
                            said = _loaf_summary([long])
                            print(f"run {run + 1} {name:6} cpu {rate}x: median "
                                  f"{statistics.median(frames):5.1f}  p95 "
                                  f"{_quantile(frames, 0.95):6.1f}  max {max(frames):6.1f} ms, "
                                  f"{sum(f > 50 for f in frames)} gaps > 50 ms; long animation "
                                  f"frames > 50 ms: {said.get('loaf_over_50ms', 'absent')}"
                                  f" (longest {said.get('loaf_max_ms', '-')}), of own work "
                                  f"> 50 ms: {said.get('loaf_work_over_50ms_per_run', ['-'])[0]}",
                                  flush=True)
                            if args.verbose:
                                _print_long(long)
                            if trace is not None:
                                cpu.setdefault(name, []).append(_print_trace(trace))
            browser.close()
    print()
    print("board frame times (ms) at 1440 × 900 under wheel zooms and drags, every frame of the "
          "runs together")
    print("(median, p95, max, > 50 ms: gaps between requestAnimationFrame timestamps; LoAF: "
          "Chromium's long animation frames over 50 ms, each run's, those whose own work (scripts, "
          "style, layout, paint) is over 50 ms, and the longest one's duration / blocking / "
          "scripts' time)")
    print(f"{'map':8}{'cpu':>5}{'median':>9}{'p95':>9}{'max':>9}{'> 50 ms':>9}{'frames':>8}"
          f"  {'LoAF > 50 ms (runs)':<36}{'longest LoAF':>22}")
    rows = []
    for (name, rate), frames in results.items():
        over = sum(f > 50 for f in frames) / len(frames)
        said = _loaf_summary(loafs[name, rate])
        counts = (f"{said['loaf_over_50ms']} {said['loaf_over_50ms_per_run']}"
                  f" work {said['loaf_work_over_50ms_per_run']}"
                  if "loaf_over_50ms" in said else "absent")
        longest = (f"{said['loaf_max_ms']} / {said['loaf_max_blocking_ms']} / "
                   f"{said['loaf_max_script_ms']}" if "loaf_max_ms" in said else "-")
        print(f"{name:8}{rate:>4}x{statistics.median(frames):9.1f}"
              f"{_quantile(frames, 0.95):9.1f}{max(frames):9.1f}{over:9.1%}{len(frames):8}"
              f"  {counts:<36}{longest:>22}")
        suffix = f" wheels {args.wheels}" if args.wheels != 30 else ""
        rows.append({"name": f"board {name} cpu {rate}x{suffix}",
                     "median_ms": statistics.median(frames),
                     "p95_ms": _quantile(frames, 0.95), "max_ms": max(frames),
                     "over_50ms": sum(f > 50 for f in frames), "frames": len(frames),
                     "over_50ms_per_run": [sum(f > 50 for f in run) for run in runs[name, rate]],
                     **said})
        if rate == 4 and name in cpu:
            rows[-1]["trace_cpu_over_50ms_per_run"] = cpu[name]
    if args.json:
        print(json.dumps({"rows": rows}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs of each measure (default 5; with --frames, 3)")
    parser.add_argument("--only", help="one example (harpy …); with --frames, candidates "
                                       "(svg,pixi,konva,leaflet); with --board, maps (harpy,big)")
    parser.add_argument("--frames", action="store_true",
                        help="frame times of the drawing candidates instead (see above)")
    parser.add_argument("--board", action="store_true",
                        help="frame times of the board (zoom.js) on the real page (see above)")
    parser.add_argument("--wheels", type=int, default=30,
                        help="with --board, wheel steps a zoom (30: up to 15 times; 3: notches)")
    parser.add_argument("--count", type=int, default=240,
                        help="with --frames or --board: frames a run")
    parser.add_argument("--libs", type=Path, default=None,
                        help="with --frames: a node_modules folder holding the candidates")
    parser.add_argument("--drag", action="store_true",
                        help="drag preview frame times instead (see above)")
    parser.add_argument("--trace", type=Path, default=None,
                        help="with --board: Chromium's trace of each run at CPU 4× into this "
                             "folder, and its long frames said (benchmarks/tracesum.py)")
    parser.add_argument("--verbose", action="store_true",
                        help="with --board: each long animation frame's scripts")
    parser.add_argument("--json", action="store_true",
                        help="the rows as one JSON object on the last line (not --frames)")
    args = parser.parse_args()
    if args.drag:
        args.repeat = args.repeat or 3
        args.count = 150 if args.count == 240 else args.count
        drag_main(args)
        return
    if args.board:
        args.repeat = args.repeat or 3
        if args.trace:
            args.trace.mkdir(parents=True, exist_ok=True)
        board_main(args)
        return
    if args.frames:
        args.repeat = args.repeat or 3
        frames_main(args)
        return
    args.repeat = args.repeat or 5
    if args.only is not None and args.only not in EXAMPLES:
        raise SystemExit(f"--only: one of {', '.join(sorted(EXAMPLES))}")
    from playwright.sync_api import sync_playwright

    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        raise SystemExit("Debian's chromium is needed (apt install chromium)")
    names = [args.only] if args.only else list(EXAMPLES)
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium),
                                             args=["--no-sandbox", "--disable-gpu"])
        for _ in range(args.repeat):  # interleaved, so the machine's load falls on every example
            for name in names:
                runs[name].append(measure(browser, name))
        browser.close()
    heads = {"first answer": "first: answer", "first": "drawn", "cached answer": "cached: answer",
             "cached": "drawn", "click": "click: drawn"}
    print(f"{'example (ms)':14}" + "".join(f"{heads[what]:>17}" for what in TARGETS_MS))
    for name in names:
        cells = []
        for what, target in TARGETS_MS.items():
            values = [run[what] for run in runs[name]]
            median = statistics.median(values)
            cells.append(f"{median:7.1f} ({median / target:4.1f}x)".rjust(17))
        print(f"{name:14}" + "".join(cells))
    print("medians, ms (ratio to the target: first 100, cached 10, click 50); answer: the "
          "picture's request, drawn: until the map shows it")
    if args.json:
        print(json.dumps({"rows": [
            {"name": f"{name} {what}", "median_ms": statistics.median(run[what] for run in
                                                                     runs[name]),
             "target_ms": target} for name in names for what, target in TARGETS_MS.items()]}))


if __name__ == "__main__":
    main()
