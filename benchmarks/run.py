"""Run every benchmark: ``python benchmarks/run.py`` (or ``make bench``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    for script in ("reach.py", "kernel.py", "rulesets.py", "dnd5e.py", "threat.py",
                   "refusals.py", "stream.py", "commands.py"):
        print(f"== {script}", flush=True)
        subprocess.run([sys.executable, str(HERE / script)], check=True)
        print(flush=True)
