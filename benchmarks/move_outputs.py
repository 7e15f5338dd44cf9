"""Every answer of reach, path, check and engagement on every example, written to a folder: to
compare two versions of the code byte for byte (a refactor or a speed-up must not change an
answer). The companion of ``threat_outputs.py``, on the same scenarios.

    python benchmarks/move_outputs.py OUT [--fields 12] [--every 5]
    PYTHONPATH=/other/worktree/src python benchmarks/move_outputs.py OTHER
    diff -r OUT OTHER

Per creature: ``reach`` (JSON, text, the map's SVG with it at its altitudes), and for every
``--every``-th state it reports: ``check`` of the path it gives (legal), ``path`` to that state
(JSON, text, SVG), ``check`` of that path with another state's cell added (mostly illegal, so
the refusals are compared too); ``attack_path`` and ``engagement`` against every other
creature.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "benchmarks")]

import wingbeat  # noqa: E402
from threat_outputs import scenarios  # noqa: E402
from wingbeat.errors import WingbeatError  # noqa: E402
from wingbeat.tactics import members  # noqa: E402


def _answer(out: Path, name: str, ask: Any, scenario: wingbeat.Scenario | None = None,
            kind: str = "") -> Any:
    """One question's JSON and text (or its one-line error); a reach's or path's SVG."""
    try:
        found = ask()
    except WingbeatError as exc:
        (out / f"{name}.error").write_text(str(exc) + "\n")
        return None
    (out / f"{name}.json").write_text(json.dumps(found.to_dict(), indent=2, ensure_ascii=False))
    (out / f"{name}.txt").write_text(found.to_text())
    if scenario is not None and kind:
        try:
            svg = wingbeat.render_svg(scenario, **{kind: found})
        except WingbeatError as exc:
            svg = f"error: {exc}"
        # a picture's title names its file: the same example read from another checkout
        (out / f"{name}.svg").write_text(svg.replace(str(ROOT), "<repo>"))
    return found


def dump(out: Path, name: str, scenario: wingbeat.Scenario, every: int) -> None:
    here = out / name
    here.mkdir(parents=True, exist_ok=True)
    known = [creature for creature, _ in members(scenario)]
    for creature in known:
        found = _answer(here, f"reach-{creature}",
                        lambda c=creature: wingbeat.reach(scenario, c), scenario, "reach")
        if found is None:
            continue
        states = found.to_dict().get("states", [])
        sample = states[::every]
        for index, state in enumerate(sample):
            moves = state.get("path", "")
            _answer(here, f"check-{creature}-{index}",
                    lambda c=creature, m=moves: wingbeat.check(scenario, c, m or "stay"))
            level = state.get("altitude")
            _answer(here, f"path-{creature}-{index}",
                    lambda c=creature, s=state, a=level: wingbeat.path(
                        scenario, c, s["at"], altitude=a, mode=s.get("mode")),
                    scenario, "route")
            longer = f"{moves} {sample[(index * 7 + 3) % len(sample)]['at']}".strip()
            _answer(here, f"check-{creature}-{index}-plus",
                    lambda c=creature, m=longer: wingbeat.check(scenario, c, m))
        for target in known:
            if target == creature:
                continue
            _answer(here, f"attack-{creature}-{target}",
                    lambda c=creature, t=target: wingbeat.attack_path(scenario, c, t))
            _answer(here, f"engagement-{creature}-{target}",
                    lambda c=creature, t=target: wingbeat.engagement(scenario, c, t))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--fields", type=int, default=12)
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args()
    print(f"wingbeat from {Path(wingbeat.__file__).parent}", file=sys.stderr)
    for name, scenario in scenarios(args.fields):
        if name != "big-map":
            dump(args.out, name, scenario, args.every)


if __name__ == "__main__":
    main()
