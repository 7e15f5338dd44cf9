"""Every answer of threat, advise and suggest on every example, written to a folder: to compare
two versions of the code byte for byte (a speed-up must not change an answer).

    python benchmarks/threat_outputs.py OUT [--fields 12]
    PYTHONPATH=/other/worktree/src python benchmarks/threat_outputs.py OTHER
    diff -r OUT OTHER

Per scenario (the built-in examples, ``examples/*/*.yaml``, the benchmark's 100 × 100 map and
random battlefields of the property tests, drawn deterministically): ``threat`` per side and per
creature (JSON, text, SVG at every level), ``advise`` per creature against each foe and every foe
(JSON, full text, with default and other weights) and ``suggest`` per creature (JSON, text).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests")]

import wingbeat  # noqa: E402
from wingbeat.errors import WingbeatError  # noqa: E402
from wingbeat.render.threat import render_threat_svg  # noqa: E402
from wingbeat.tactics import members  # noqa: E402

OTHER_WEIGHTS = {"cost": "2", "threatened": "0", "success": "1/2"}


def _fields(count: int) -> list[tuple[str, wingbeat.Scenario]]:
    """Random battlefields of the property tests (volare with a foe added, dnd5e), the same on
    every run (derandomized)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from test_dnd5e_properties import battlefields as dnd5e_fields
    from test_volare_properties import battlefields as volare_fields

    found: list[tuple[str, wingbeat.Scenario]] = []
    quiet = settings(max_examples=count, derandomize=True, database=None, deadline=None,
                     suppress_health_check=list(HealthCheck))

    @quiet
    @given(volare_fields(), st.sampled_from(["C3", "D4", "E3", "B2"]),
           st.sampled_from(["grounded", "hovering"]))
    def volare(data: dict[str, Any], at: str, mode: str) -> None:
        data = json.loads(json.dumps(data))
        if at in {data["creatures"][0]["at"], *(c for x in data["map"]["cells"]
                                                for c in x["at"])}:
            return
        foe: dict[str, Any] = {"id": "foe", "at": at, "mode": mode, "fly": 3, "ground": 2,
                               "maneuverability": "medium", "reflex": 50, "side": "b"}
        if mode == "hovering":
            foe["altitude"] = 1
        data["creatures"][0]["side"] = "a"
        data["creatures"].append(foe)
        try:
            scenario = wingbeat.parse_scenario(data, source="field")
        except WingbeatError:
            return
        found.append((f"volare-field-{len(found)}", scenario))

    @quiet
    @given(dnd5e_fields())
    def dnd5e(field: tuple[str, str]) -> None:
        found.append((f"dnd5e-field-{len(found)}",
                      wingbeat.read_scenario_text(field[0], source="field")))

    volare()
    dnd5e()
    return found


def scenarios(count: int) -> list[tuple[str, wingbeat.Scenario]]:
    from threat import _big_map

    found = [(name, wingbeat.open_scenario(f"example:{name}"))
             for name in ("harpy", "giant-bat", "morbid-angel", "pegasi")]
    for path in sorted((ROOT / "examples").glob("*/*.yaml")):
        try:
            found.append((f"{path.parent.name}-{path.stem}", wingbeat.open_scenario(str(path))))
        except WingbeatError:
            continue
    found.append(("big-map", _big_map()))
    return found + _fields(count)


def _answer(out: Path, name: str, ask: Any) -> None:
    """One question's JSON and text (or its one-line error), and a threat's SVGs."""
    try:
        found = ask()
    except WingbeatError as exc:
        (out / f"{name}.error").write_text(str(exc) + "\n")
        return
    (out / f"{name}.json").write_text(json.dumps(found.to_dict(), indent=2, ensure_ascii=False))
    text = found.to_text(limit=None) if name.startswith("advise") else found.to_text()
    (out / f"{name}.txt").write_text(text)
    if name.startswith("threat"):
        scenario = ask.scenario
        data = found.to_dict()
        levels: list[Any] = [None]
        if "threats" in data:
            levels += sorted({p["altitude"] for p in data["threats"]})
        for level in levels:
            try:
                svg = render_threat_svg(scenario, found, level)
            except WingbeatError as exc:
                svg = f"error: {exc}"
            (out / f"{name}.at-{level}.svg").write_text(svg)


class _Ask:
    def __init__(self, scenario: wingbeat.Scenario, run: Any) -> None:
        self.scenario, self.run = scenario, run

    def __call__(self) -> Any:
        return self.run()


def dump(out: Path, name: str, scenario: wingbeat.Scenario, big: bool) -> None:
    here = out / name
    here.mkdir(parents=True, exist_ok=True)
    known = members(scenario)
    for side in sorted({s for _, s in known if s is not None}):
        _answer(here, f"threat-side-{side}",
                _Ask(scenario, lambda s=side: wingbeat.threat(scenario, side=s)))
    if big:
        return
    for creature, _ in known:
        _answer(here, f"threat-creature-{creature}",
                _Ask(scenario, lambda c=creature: wingbeat.threat(scenario, creature=c)))
        _answer(here, f"advise-{creature}", lambda c=creature: wingbeat.advise(scenario, c))
        _answer(here, f"advise-{creature}-weights",
                lambda c=creature: wingbeat.advise(scenario, c, weights=OTHER_WEIGHTS))
        for target, _ in known:
            if target != creature:
                _answer(here, f"advise-{creature}-{target}",
                        lambda c=creature, t=target: wingbeat.advise(scenario, c, target=t))
        _answer(here, f"suggest-{creature}", lambda c=creature: wingbeat.suggest(scenario, c))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--fields", type=int, default=12)
    args = parser.parse_args()
    print(f"wingbeat from {Path(wingbeat.__file__).parent}", file=sys.stderr)
    for name, scenario in scenarios(args.fields):
        dump(args.out, name, scenario, big=name == "big-map")


if __name__ == "__main__":
    main()
