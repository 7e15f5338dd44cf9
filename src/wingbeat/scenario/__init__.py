"""Scenario files (YAML or JSON, one schema) → core objects, with errors that name the place.

Every error names the file, the path inside it (``creatures[1].altitude``) and what was expected.
Each ruleset's part of the schema lives in its own folder (``rulesets/<id>/schema.py``); what
they share lives here.
"""

from __future__ import annotations

from ._load import (
    load_example,
    load_scenario,
    parse_scenario,
    read_scenario_file,
    read_scenario_text,
)

__all__ = ["load_example", "load_scenario", "parse_scenario", "read_scenario_file",
           "read_scenario_text"]
