"""Benchmark: how soon ``wingbeat reach --json`` starts its answer, and how long it takes to write.

    python benchmarks/stream.py [--repeat 5] [--baseline CHECKOUT] [--json]

The case of ``benchmarks/reach.py`` and ``benchmarks/reference.py``: a 100 × 100 hex map, top 10,
a flyer with fly 24 hovering at its centre at altitude 2, calm wind; its JSON is about 26 MB.
Each run is a fresh interpreter (the command's own situation: its first answer, its memory
untouched), which parses the battle, makes the reach (``wingbeat.reach``: the search's end), then
writes the answer as the command does (``_console.out``) into a pipe that a thread of the
benchmark reads to its end (into one buffer of ``READ_BYTES``, used again). Rows, medians of
``--repeat`` runs:

- ``first byte``: wall time from the reach's end to the first byte read from the pipe;
- ``written``: wall time from the reach's end to the last byte read;
- ``first byte cpu``, ``writing cpu``: CPU time of the writing thread until its first byte is
  handed to the pipe, and until its last is (the reader's is apart);
- ``peak memory``: the process's peak resident memory (``ru_maxrss``) after writing, and its
  growth over what it was at the reach's end (``grown_mb``): the answer's text held, or not;
  ``faults``, the pages the writing thread faulted in meanwhile (``ru_minflt``: memory mapped
  afresh);
- ``jsonl written`` (and its first byte): the same for ``reach --format jsonl``, absent in a
  checkout without it;
- ``command``: the whole ``wingbeat reach FILE roc --json`` read from a pipe, start-up included
  (wall to its first byte and to its end; CPU of the child process).

A checkout from before the answers streamed (no ``_jsonout.answer_chunks``) writes as its command
did: ``encode_answer`` whole, then ``print_bytes``. ``--baseline CHECKOUT`` measures that
checkout's ``src`` too, each run of it right after the same run of this one (A, B, A, B …), and
gives each row its median there (``base_ms``) and this one's over it (``ratio``); or run the
script with another checkout's ``src`` on ``PYTHONPATH``. Quote medians and the load: this
machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

SCENARIO = {
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 100, "rows": 100, "top": 10},
    "creatures": [{"id": "roc", "fly": 24, "maneuverability": "medium", "reflex": 50,
                   "at": "AV50", "altitude": 2, "mode": "hovering"}],
}


#: Whose page faults are counted: the writing thread's (Linux), else the process's.
_THREAD = getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF)


#: What a read of the pipe takes at most: into one buffer, used again, as a program that reads
#: a pipe does (a fresh ``bytes`` a read, as ``os.read`` makes, had its pages faulted in each
#: time: 16 ms of the reader's CPU for the 26 MB once the pipe holds a megabyte).
READ_BYTES = 1 << 20


def _read_into(fd: int, buffer: memoryview) -> int:
    """One read of ``fd`` into ``buffer``: how many bytes came (0 at the end)."""
    readv = getattr(os, "readv", None)
    if readv is not None:
        got: int = readv(fd, [buffer])
        return got
    data = os.read(fd, len(buffer))
    buffer[:len(data)] = data
    return len(data)


class _Reader(threading.Thread):
    """Reads a pipe to its end: when its first byte came and when its last did."""

    def __init__(self, fd: int) -> None:
        super().__init__(daemon=True)
        self.fd = fd
        self.first: float | None = None
        self.last = 0.0
        self.size = 0

    def run(self) -> None:
        buffer = memoryview(bytearray(READ_BYTES))
        while True:
            got = _read_into(self.fd, buffer)
            if not got:
                break
            if self.first is None:
                self.first = time.perf_counter()
            self.size += got
            self.last = time.perf_counter()
        os.close(self.fd)


def child(form: str) -> dict[str, Any]:
    """One run, in this interpreter: the reach, then its answer written into a read pipe."""
    import wingbeat
    from wingbeat import _console

    scenario = wingbeat.parse_scenario(SCENARIO, source="benchmark")
    write_answer = _writer(form)
    if write_answer is None:
        return {"absent": True}
    report = wingbeat.reach(scenario, "roc")
    read_end, write_end = os.pipe()
    reader = _Reader(read_end)
    reader.start()
    sys.stdout.flush()
    saved = sys.stdout
    sys.stdout = io.TextIOWrapper(open(write_end, "wb", buffering=1 << 16),  # noqa: SIM115
                                  encoding="utf-8")
    try:
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        faults = resource.getrusage(_THREAD).ru_minflt
        began, began_cpu = time.perf_counter(), time.thread_time()
        first_cpu = write_answer(_console.out, report)
        cpu = time.thread_time() - began_cpu
        faults = resource.getrusage(_THREAD).ru_minflt - faults
        first_cpu = (first_cpu if first_cpu is not None else time.thread_time()) - began_cpu
        sys.stdout.close()
    finally:
        sys.stdout = saved
    reader.join()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"faults": faults,
            "first_ms": ((reader.first or reader.last) - began) * 1000,
            "total_ms": (reader.last - began) * 1000, "cpu_ms": cpu * 1000,
            "first_cpu_ms": first_cpu * 1000,
            "peak_mb": peak / 1024, "grown_mb": (peak - rss) / 1024, "bytes": reader.size}


def _writer(form: str) -> Any:
    """How the command writes a reach in ``form`` in this checkout (None: it cannot): a
    function of the output and the report that writes it and returns the writing thread's CPU
    time when its first byte was handed to the output."""
    from wingbeat import _jsonout

    chunks = getattr(_jsonout, "answer_chunks", None)
    if chunks is not None:
        def streamed(out: Any, report: Any) -> float:
            made = chunks(report, form)
            first = next(made)
            handed = time.thread_time()
            out.print_chunks(first, made, end=b"" if form == "jsonl" else b"\n")
            return handed
        return streamed
    if form != "json":
        return None

    def whole(out: Any, report: Any) -> float:  # as the command did before it streamed
        encode = getattr(_jsonout, "encode_answer", None)
        text = encode(report) if encode is not None else _jsonout.encode(report.to_dict())
        handed = time.thread_time()
        out.print_bytes(text)
        return handed
    return whole


def command(path: Path, env: dict[str, str]) -> dict[str, float]:
    """``wingbeat reach FILE roc --json`` read from a pipe: wall to its first byte and to its
    end, and its CPU time (user + system, from ``wait4``)."""
    began = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "wingbeat", "reach", str(path), "roc",
                                "--json"], stdout=subprocess.PIPE, env=env)
    assert process.stdout is not None
    first = None
    buffer = memoryview(bytearray(READ_BYTES))
    while True:
        if not _read_into(process.stdout.fileno(), buffer):
            break
        if first is None:
            first = time.perf_counter()
    end = time.perf_counter()
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, process.returncode
    return {"first_ms": ((first or end) - began) * 1000, "total_ms": (end - began) * 1000,
            "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000}


def _median(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def measure(repeat: int, sources: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    """The rows of each checkout (by name: its ``src`` for ``PYTHONPATH``), each run of one
    right after the same run of the others."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "benchmark.json"
        path.write_text(json.dumps(SCENARIO))
        envs = {name: {**os.environ, "WINGBEAT_CACHE_DIR": folder, "PYTHONPATH": src}
                for name, src in sources.items()}
        runs = {name: {"json": [], "jsonl": [], "command": []} for name in sources}
        for env in envs.values():
            command(path, env)  # fills the scenario cache
        for _ in range(repeat):
            for name, env in envs.items():
                for form in ("json", "jsonl"):
                    done = subprocess.run([sys.executable, __file__, "--child", form], env=env,
                                          capture_output=True, text=True, check=True)
                    runs[name][form].append(json.loads(done.stdout.strip().splitlines()[-1]))
                runs[name]["command"].append(command(path, env))
    return {name: _rows(measured) for name, measured in runs.items()}


def _rows(runs: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for form, label in (("json", "reach --json"), ("jsonl", "reach --format jsonl")):
        measured = runs[form]
        if measured[0].get("absent"):
            rows.append({"name": f"{label}: written", "median_ms": None, "absent": True})
            continue
        rows.append({"name": f"{label}: first byte", "median_ms": _median(measured, "first_ms"),
                     "unit": "wall ms after the reach"})
        rows.append({"name": f"{label}: written", "median_ms": _median(measured, "total_ms"),
                     "unit": "wall ms after the reach", "bytes": measured[0]["bytes"]})
        rows.append({"name": f"{label}: first byte cpu",
                     "median_ms": _median(measured, "first_cpu_ms")})
        rows.append({"name": f"{label}: writing cpu", "median_ms": _median(measured, "cpu_ms")})
        rows.append({"name": f"{label}: peak memory", "median_ms": None,
                     "peak_mb": _median(measured, "peak_mb"),
                     "grown_mb": _median(measured, "grown_mb"),
                     "faults": _median(measured, "faults")})
    measured = runs["command"]
    rows.append({"name": "command reach --json: first byte", "median_ms":
                 _median(measured, "first_ms"), "unit": "wall ms from start"})
    rows.append({"name": "command reach --json: end", "median_ms": _median(measured, "total_ms"),
                 "unit": "wall ms from start"})
    rows.append({"name": "command reach --json: cpu", "median_ms": _median(measured, "cpu_ms")})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another checkout, measured interleaved")
    parser.add_argument("--json", action="store_true", help="print the rows as one JSON object")
    parser.add_argument("--child", choices=("json", "jsonl"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child)))
        return
    here = os.environ.get("PYTHONPATH", "")
    sources = {"this": here}
    if args.baseline is not None:
        sources["base"] = str(args.baseline.resolve() / "src")
    measured = measure(args.repeat, sources)
    rows = measured["this"]
    for row, base in zip(rows, measured.get("base", ()), strict=False):
        if base["name"] != row["name"] or base.get("absent") or row.get("absent"):
            continue
        if row["median_ms"] is not None:
            row["base_ms"] = base["median_ms"]
            row["ratio"] = row["median_ms"] / base["median_ms"] if base["median_ms"] else None
        else:  # memory: the base's figures beside
            row.update({f"base_{key}": value for key, value in base.items()
                        if key not in ("name", "median_ms")})
    if args.json:
        print(json.dumps({"rows": rows, "pythonpath": here, "repeat": args.repeat,
                          "baseline": None if args.baseline is None else str(args.baseline),
                          "load": os.getloadavg()}))
        return
    print("reach --json of the 100x100 hex map, top 10, fly 24 (about 26 MB), written to a pipe")
    print(f"{'row':<40} {'median ms':>10}  other")
    for row in rows:
        value = "absent" if row.get("absent") else (
            "" if row["median_ms"] is None else f"{row['median_ms']:.1f}")
        other = ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                          for k, v in row.items() if k not in ("name", "median_ms", "absent"))
        print(f"{row['name']:<40} {value:>10}  {other}")
    print("load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
