"""Whole answers under both geometry backends: GEOS through ctypes and shapely give the same
``reach``, ``path``, ``check``, ``threat`` and ``advise`` JSON and text, byte for byte, on drawn
tabletop scenarios.

The backend is chosen when ``wingbeat.geometry.geos`` is imported, so each side runs in its own
interpreter (``WINGBEAT_GEOS=shapely`` for shapely's), answering the same batch of scenarios.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wingbeat.geometry import geos

pytestmark = pytest.mark.skipif(geos.BACKEND != "geos", reason="GEOS not loadable by ctypes")

_ANSWER = """
import json, sys
import wingbeat
from wingbeat.geometry import geos
out = [geos.BACKEND]
for data, queries in json.load(sys.stdin):
    try:
        scenario = wingbeat.parse_scenario(data, source="drawn")
    except wingbeat.WingbeatError as exc:
        out.append(f"no scenario: {exc}")
        continue
    for kind, who, text in queries:
        try:
            if kind == "check":
                report = wingbeat.check(scenario, who, text)
            elif kind == "path":
                report = wingbeat.path(scenario, who, to=text)
            elif kind == "threat":
                report = wingbeat.threat(scenario, side=text)
            elif kind == "advise":
                report = wingbeat.advise(scenario, who)
            else:
                report = wingbeat.reach(scenario, who)
        except wingbeat.WingbeatError as exc:
            out.append(f"refused: {exc}")
            continue
        out.append(json.dumps(report.to_dict()) + "\\n" + report.to_text())
print(json.dumps(out))
"""


def _answers(batch: list[Any], backend: str) -> list[str]:
    env = {**os.environ, "WINGBEAT_LANG": "en"}
    env.pop("WINGBEAT_GEOS", None)
    if backend == "shapely":
        env["WINGBEAT_GEOS"] = "shapely"
    done = subprocess.run([sys.executable, "-c", _ANSWER], input=json.dumps(batch),
                          capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    out: list[str] = json.loads(done.stdout.splitlines()[-1])
    assert out[0] == backend
    return out[1:]


@st.composite
def confrontation(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    """A table with rectangles and triangles (low and tall), maybe a zone, fighters on the
    ground and in the air, and moves to corners, near them and anywhere."""
    width, height = draw(st.integers(30, 150)), draw(st.integers(30, 150))
    obstacles = []
    corners: list[tuple[float, float]] = [(0, 0)]
    for tall in draw(st.lists(st.sampled_from([10, 20]), max_size=3)):
        x, y = draw(st.integers(0, width - 8)), draw(st.integers(0, height - 8))
        w, h = draw(st.integers(2, 25)), draw(st.integers(2, 25))
        ring = draw(st.sampled_from([
            [[x, y], [x + w, y], [x + w, y + h], [x, y + h]],
            [[x, y], [x + w, y], [x + w / 2, y + h]],
            [[x, y], [x + w, y + h / 3], [x + w / 3, y + h]]]))
        obstacles.append({"polygon": ring, "height": tall})
        corners += [(a, b) for a, b in ring]

    def point() -> list[float]:
        if draw(st.booleans()):
            return [draw(st.integers(0, width)), draw(st.integers(0, height))]
        cx, cy = draw(st.sampled_from(corners))
        dx, dy = (draw(st.sampled_from([0, 0.5, -0.5, 1.25, -1.3, 3, -4.5])) for _ in range(2))
        return [min(max(cx + dx, 0), width), min(max(cy + dy, 0), height)]

    count = draw(st.integers(1, 4))
    creatures = [{"id": f"f{i}", "mou": {"ground": draw(st.sampled_from([5, 10, 12.5])),
                                         "air": draw(st.sampled_from([0, 15, 17.5]))},
                  "tier": draw(st.integers(0, 2)), "at": point(),
                  "side": draw(st.sampled_from(["a", "b"]))} for i in range(count)]
    zones = []
    if draw(st.booleans()):
        x, y = draw(st.integers(0, width - 10)), draw(st.integers(0, height - 10))
        zones.append({"name": "marsh", "factor": 2,
                      "polygon": [[x, y], [x + 10, y], [x + 10, y + 10], [x, y + 10]]})
    data = {"ruleset": "confrontation", "options": {"edition": draw(st.sampled_from(
        ["current", "3.5", "3"]))}, "creatures": creatures,
            "map": {"table": [width, height], "zones": zones, "obstacles": obstacles}}
    queries: list[tuple[str, str, str]] = []
    for c in creatures:
        legs = [",".join(str(v) for v in point()) for _ in range(draw(st.integers(1, 3)))]
        words = draw(st.lists(st.sampled_from(["up", "down"]), max_size=1))
        queries.append(("check", c["id"], " ".join(words + legs)))
        queries.append(("path", c["id"], ",".join(str(v) for v in point())))
        queries.append(("reach", c["id"], ""))
    return data, queries


@st.composite
def battlesystem(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    """Units at any heading and altitude on a table, with their reaches, paths and checks."""
    width, height = draw(st.integers(24, 100)), draw(st.integers(24, 100))
    units = [{"id": f"u{i}", "fly": draw(st.sampled_from([6, 15, 24, 36, 48])),
              "maneuverability": draw(st.sampled_from(["A", "B", "C", "D", "E"])),
              "altitude": draw(st.sampled_from(["ground", "low", "medium", "high"])),
              "at": [draw(st.integers(0, width)), draw(st.integers(0, height))],
              "heading": draw(st.sampled_from([0, 37.5, 90, 180, 271])),
              "side": draw(st.sampled_from(["a", "b"]))} for i in range(draw(st.integers(1, 2)))]
    data = {"ruleset": "battlesystem", "options": {"game": "adnd"}, "units": units,
            "map": {"table": [width, height]}}
    queries: list[tuple[str, str, str]] = []
    for u in units:
        x, y = draw(st.integers(0, width)), draw(st.integers(0, height))
        queries += [("reach", u["id"], ""), ("path", u["id"], f"{x},{y}"),
                    ("check", u["id"], f"{x},{y}")]
    return data, queries


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(st.lists(st.one_of(confrontation(), battlesystem()), min_size=15, max_size=15))
def test_reach_path_and_check_are_the_same_under_both_backends(batch: list[Any]) -> None:
    ours, theirs = _answers(batch, "geos"), _answers(batch, "shapely")
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        assert a == b
    assert any('"area"' in a for a in ours)  # some areas were drawn and compared


@st.composite
def threats_and_advice(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    """A drawn table's threat zones per side and every creature's advice (its zones' overlay,
    the nearest places it can end, the foes' reach at each end)."""
    data, _queries = draw(st.one_of(confrontation(), battlesystem()))
    members = data.get("creatures") or data.get("units") or []
    queries = [("threat", "", side) for side in sorted({m["side"] for m in members})]
    queries += [("advise", m["id"], "") for m in members]
    return data, queries


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(st.lists(threats_and_advice(), min_size=6, max_size=6))
def test_threat_and_advice_are_the_same_under_both_backends(batch: list[Any]) -> None:
    ours, theirs = _answers(batch, "geos"), _answers(batch, "shapely")
    assert ours == theirs
    assert any('"count"' in a for a in ours)  # some zones were cut and compared


_PICKLED = """
import json, pickle, sys
import wingbeat
from wingbeat.geometry import geos
if sys.argv[1] == "dump":
    s = wingbeat.open_scenario("example:morbid-angel")
    report = wingbeat.reach(s, "angel")
    print(json.dumps([pickle.dumps(report).hex(), json.dumps(report.to_dict())]))
else:
    report = pickle.loads(bytes.fromhex(sys.stdin.read()))
    print(json.dumps([geos.BACKEND, json.dumps(report.to_dict())]))
"""


def test_a_pickled_reach_reads_back_under_either_backend() -> None:
    """A reach's areas pickle by their WKB: read back as ``Shape``\\ s, or as shapely's
    geometries where GEOS is shapely's, with the same JSON."""
    env = {**os.environ, "WINGBEAT_LANG": "en"}
    env.pop("WINGBEAT_GEOS", None)
    dumped = subprocess.run([sys.executable, "-c", _PICKLED, "dump"], env=env,
                            capture_output=True, text=True, check=True)
    data, expected = json.loads(dumped.stdout.splitlines()[-1])
    for backend in ("geos", "shapely"):
        if backend == "shapely":
            env["WINGBEAT_GEOS"] = "shapely"
        loaded = subprocess.run([sys.executable, "-c", _PICKLED, "load"], input=data, env=env,
                                capture_output=True, text=True, check=True)
        assert json.loads(loaded.stdout.splitlines()[-1]) == [backend, expected]
