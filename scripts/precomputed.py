"""What wingbeat keeps precomputed so a short command does not make it each time (issue 29):
the built-in rulesets' registrations (``src/wingbeat/rules/builtin.json``: each
``rulesets/<id>/ruleset.toml``, its text and what it parses to; one whose text changed is parsed
again at run time) and the scenario file's JSON Schemas
(``src/wingbeat/scenario/schema/*.json``, from the pydantic models; ``docs/schema/`` holds the same
files for editors), and the code of the methods ``dataclass`` writes for wingbeat's classes
(``src/wingbeat/_records_code/``, read from bytecode rather than compiled at each start; heard
in a fresh interpreter, by the Python running this script: its texts are what that Python writes).

    python scripts/precomputed.py update   # write them again (after a ruleset.toml or schema.py)
    python scripts/precomputed.py check    # exit 1, naming the stale files, if one differs

tests/test_registry.py and tests/test_schema.py make the same comparisons.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wingbeat.rules.registry import BUILTIN_FILE, precomputed_registrations  # noqa: E402
from wingbeat.scenario.json_schema import (  # noqa: E402
    STORED,
    made_schema_text,
    stored_names,
)


def registrations_text() -> str:
    """``builtin.json`` as it should read."""
    return json.dumps(precomputed_registrations(), indent=1, ensure_ascii=False) + "\n"


def records_code_texts() -> dict[str, str]:
    """``_records_code/``'s files as they should read: the texts a fresh interpreter's
    ``dataclass`` compiles when every module of the package is imported."""
    script = ("import json, sys\nfrom wingbeat import _records\n"
              "print(json.dumps(_records.code_module_texts(_records.heard_texts())))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=env)
    files: dict[str, str] = json.loads(done.stdout.splitlines()[-1])
    return files


def expected() -> dict[Path, str]:
    """Every precomputed file and what it should hold."""
    from wingbeat._records import CODE_FOLDER

    files = {Path(BUILTIN_FILE): registrations_text()}
    for name, text in records_code_texts().items():
        files[Path(CODE_FOLDER) / name] = text
    for ruleset, name in stored_names().items():
        text = made_schema_text(ruleset)
        files[Path(STORED) / name] = text
        files[ROOT / "docs" / "schema" / name] = text
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("update", "check"))
    args = parser.parse_args()
    stale = []
    for path, text in expected().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(path)
        if args.action == "update":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(("wrote " if args.action == "update" else "stale: ") + str(path.relative_to(ROOT)))
    if stale and args.action == "check":
        sys.exit(1)


if __name__ == "__main__":
    main()
