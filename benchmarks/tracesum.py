"""What each long frame of a traced board run spent its time on (``page.py --board --trace``).

    python benchmarks/tracesum.py TRACE.json [--over 50]

``TRACE.json`` is Chromium's trace of one run (``page.py --board --trace DIR`` writes one per
run at CPU 4×) and ``TRACE.loafs.json`` beside it the run's long animation frames, placed from
the mark ``wb-bench-start`` the run makes (the trace's clock there is the page's mark time).
For each frame over ``--over`` ms (and its last task to its end: Chromium's frame ends before
its paint): the main thread's busy time and CPU time (the trace's thread time), its script (the
page's tasks and frame callbacks, top level), style (``UpdateLayoutTree``, the most elements
restyled), layout (``Layout``, the objects laid out: dirty of total), pre-paint, paint and
commit, and each forced style or layout with the function that forced it (its stack's top
frames). Chromium's own trace events, nothing of the page's but the mark: it runs on any tree.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

#: top-level script: a task's, a timer's, a frame callback's, an event's (nested ones are in it)
SCRIPT = {"FunctionCall", "FireAnimationFrame", "EventDispatch", "TimerFire", "EvaluateScript",
          "v8.compile", "FireIdleCallback", "v8.run"}
PHASES = {"UpdateLayoutTree": "style", "Layout": "layout",
          "LocalFrameView::RunPrePaintLifecyclePhase": "prepaint",
          "LocalFrameView::RunPaintLifecyclePhase": "paint", "Commit": "commit"}


def _stack(data: dict[str, Any]) -> str:
    frames = data.get("stackTrace") or []
    return " ← ".join(f"{f.get('functionName') or '(anon)'} "
                      f"({(f.get('url') or '').rsplit('/', 1)[-1]}:{f.get('lineNumber', 0) + 1})"
                      for f in frames[:3])


def frames(trace: Path, over: float = 50.0) -> list[dict[str, Any]]:
    """Each long frame over ``over`` ms of the run, with its parts (ms) and forced layouts."""
    raw = json.loads(trace.read_text(encoding="utf-8"))
    events = raw["traceEvents"] if isinstance(raw, dict) else raw
    loafs = json.loads(trace.with_suffix(".loafs.json").read_text(encoding="utf-8")) or []
    mark = next((e for e in events if e.get("name") == "wb-bench-start"), None)
    if mark is None:
        return []
    main = sorted((e for e in events if e.get("pid") == mark["pid"] and
                   e.get("tid") == mark["tid"] and e.get("ph") == "X" and "dur" in e),
                  key=lambda e: (e["ts"], -e["dur"]))
    found = []
    for loaf in loafs:
        if loaf["duration"] <= over or "start" not in loaf:
            continue
        t0 = mark["ts"] + loaf["start"] * 1000
        t1 = t0 + loaf["duration"] * 1000
        # the frame's last task runs on past the frame's end (its paint and commit)
        tasks = [e for e in main if e["name"] == "RunTask" and t0 <= e["ts"] < t1]
        t1 = max([t1] + [e["ts"] + e["dur"] for e in tasks])
        busy = sum(e["dur"] for e in tasks) / 1000
        # the thread's own time (CPU) in them: on a loaded machine a frame's wall time also
        # holds the moments its thread waited for a core
        cpu = sum(e.get("tdur", e["dur"]) for e in tasks) / 1000
        inside = [e for e in main if t0 <= e["ts"] < t1]
        parts = dict.fromkeys(["script", "style", "layout", "prepaint", "paint", "commit"], 0.0)
        end = -1.0
        scripts: list[list[Any]] = []  # [what, ms] of each top-level script
        forced: list[str] = []
        counts = {"elements": 0, "dirty": 0, "total": 0}
        for e in inside:
            name, ms = e["name"], e["dur"] / 1000
            if name in SCRIPT and e["ts"] >= end:  # top level
                end = e["ts"] + e["dur"]
                parts["script"] += ms
                data = e.get("args", {}).get("data", {})
                scripts.append([data.get("type") or name, ms])
            elif name == "FunctionCall" and scripts and e["ts"] < end:  # what it ran first
                data = e.get("args", {}).get("data", {})
                if not str(scripts[-1][0]).endswith(")"):
                    scripts[-1][0] += (f" {data.get('functionName') or '(anon)'}"
                                       f"({(data.get('url') or 'page.py').rsplit('/', 1)[-1]})")
            if name in PHASES:
                parts[PHASES[name]] += ms
            args = e.get("args", {})
            begin = args.get("beginData", {})
            if name == "UpdateLayoutTree":
                counts["elements"] = max(counts["elements"], args.get("elementCount", 0))
            if name == "Layout" and begin.get("totalObjects", 0) >= counts["total"]:
                counts["dirty"] = begin.get("dirtyObjects", 0)
                counts["total"] = begin.get("totalObjects", 0)
            if name in ("Layout", "UpdateLayoutTree") and begin.get("stackTrace") and ms >= 1:
                what = (f"layout {begin.get('dirtyObjects')}/{begin.get('totalObjects')} objects"
                        if name == "Layout" else f"style {args.get('elementCount', 0)} elements")
                forced.append(f"{what} {ms:.1f} ms by {_stack(begin)}")
        found.append({"start": loaf["start"], "duration": loaf["duration"],
                      "work": loaf.get("script", 0) + loaf.get("layout", 0), "busy": busy,
                      "cpu": cpu,
                      **{k: round(v, 1) for k, v in parts.items()}, **counts,
                      "scripts": [f"{what} {ms:.1f}" for what, ms in scripts if ms >= 2],
                      "forced": forced})
    return found


def summary(trace: Path, over: float = 50.0) -> Iterable[str]:
    """One line a long frame, and one a forced style or layout in it."""
    for f in frames(trace, over):
        yield (f"frame +{f['start'] / 1000:6.2f} s {f['duration']:5.1f} ms (own work "
               f"{f['work']:5.1f}, main thread busy {f['busy']:5.1f} to its commit, of it CPU "
               f"{f['cpu']:5.1f}): script "
               f"{f['script']:5.1f}, style {f['style']:5.1f} "
               f"({f['elements']} el.), layout {f['layout']:5.1f} ({f['dirty']}/{f['total']} "
               f"obj.), prepaint {f['prepaint']:4.1f}, paint {f['paint']:5.1f}, commit "
               f"{f['commit']:4.1f}; {', '.join(f['scripts']) or 'no script'}")
        for line in f["forced"]:
            yield f"    forced: {line}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trace", type=Path, nargs="+")
    parser.add_argument("--over", type=float, default=50.0, help="frames longer than this (ms)")
    parser.add_argument("--json", action="store_true", help="the frames as one JSON object")
    args = parser.parse_args()
    rows = []
    for trace in args.trace:
        print(trace)
        for line in summary(trace, args.over):
            print(line)
        rows += [{"name": f"{trace.stem} +{f['start']:.0f}", "median_ms": f["duration"], **f}
                 for f in frames(trace, args.over)]
    if args.json:
        print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
