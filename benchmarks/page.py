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
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=sorted(EXAMPLES))
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
