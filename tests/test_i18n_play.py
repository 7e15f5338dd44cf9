"""A play round in Italian and French (issue 28): the log, the rolls and the narration said in the
reader's language at the moment they are read, from the data the log stores (an encounter played
in English reads in Italian), and the refusals of the play engine."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from english import english_words
from wingbeat.cli import app
from wingbeat.i18n import speaking

#: A word with a letter beyond ASCII ("Début", "può") is no English word; english_words reads
#: ASCII letters only, and would find "but" in "Début".
_ACCENTED = re.compile(r"\w*[^\x00-\x7f]\w*")


def latin(text: str) -> str:
    """``text`` without its words that have a letter beyond ASCII."""
    return _ACCENTED.sub(" ", text)


runner = CliRunner()

ALLOWED = frozenset({"bat", "chamois", "giant", "hover", "down", "up", "land", "land-fast",
                     "skim", "next-round", "play", "new", "scenario", "example"})

#: The sentences the log keeps from the rulesets (an event's note, what a failed save does) and
#: the pieces' descriptions: each ruleset's catalog says those.
RULESET_SAID = ("note", "consequence", "cause", "message", "on_failure")


def play(db: Path, lang: str, *args: str) -> Any:
    with speaking(lang):
        return runner.invoke(app, ["play", *args, "--db", str(db)])


def _ruleset_words(db: Path, lang: str) -> list[str]:
    """The rulesets' sentences in the encounter: its log's notes and its pieces' words (as the
    adapter describes each piece of every entry's state, in ``lang``)."""
    from wingbeat.play.engine import adapter_for

    log = json.loads(play(db, "en", "log", "1", "--json").stdout)
    adapter = adapter_for("volare")
    found = []
    with speaking(lang):
        for entry in log["entries"]:
            found += [adapter.describe(p) for p in entry["state"]["pieces"].values()]
    for entry in log["entries"]:
        for item in [*entry["events"], *entry["rolls"]]:
            found += [str(item[k]) for k in RULESET_SAID if item.get(k)]
    return found


def _english(text: str, ruleset: list[str]) -> list[str]:
    for part in sorted(ruleset, key=len, reverse=True):
        text = text.replace(part, " ")
    return english_words(latin(text), ALLOWED)


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_a_round_in_the_language(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "fight.sqlite3"
    outputs = [play(db, lang, "new", "example:giant-bat", "--seed", "7", "--order",
                    "bat,chamois"),
               play(db, lang, "move", "1", "bat", "U35 down down land-fast"),
               play(db, lang, "move", "1", "chamois", ""),
               play(db, lang, "next-round", "1"),
               play(db, lang, "show", "1"),
               play(db, lang, "log", "1"),
               play(db, lang, "list")]
    assert all(o.exit_code == 0 for o in outputs), [o.output for o in outputs]
    ruleset = _ruleset_words(db, lang)
    for done in outputs:
        assert _english(done.output, ruleset) == [], done.output
    log = outputs[5].output
    if lang == "it":
        assert "tiro salvezza su Riflessi (V-land), 45% di riuscita" in log
        assert "inizia il round 2" in log.lower()
    else:
        assert "jet de sauvegarde de Réflexes (V-land), 45\u00a0% de réussite" in log
        assert "début du round 2" in log.lower()


def test_the_log_is_said_when_it_is_read(tmp_path: Path) -> None:
    """The log stores data, not sentences: played in English, it reads in French."""
    db = tmp_path / "fight.sqlite3"
    play(db, "en", "new", "example:giant-bat", "--seed", "7", "--order", "bat,chamois")
    play(db, "en", "move", "1", "bat", "U35 down down land-fast")
    english = play(db, "en", "log", "1").output
    french = play(db, "fr", "log", "1").output
    assert "rolls its Reflex save" in english
    assert "lance son jet de sauvegarde de Réflexes" in french
    assert "rolls" not in french
    in_french = json.loads(play(db, "fr", "log", "1", "--json").stdout)
    in_english = json.loads(play(db, "en", "log", "1", "--json").stdout)
    assert _without_sentences(in_french) == _without_sentences(in_english)
    assert in_french != in_english  # the save's consequence, said in French


def _without_sentences(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_sentences(v) for k, v in data.items() if k not in RULESET_SAID}
    if isinstance(data, list):
        return [_without_sentences(v) for v in data]
    return data


def test_a_log_played_in_italian_reads_in_french_and_replays_in_any(tmp_path: Path) -> None:
    """The log keeps its entries in English (what replay compares); each reader's language says
    them again, the rulesets' own sentences (a failed save's consequence) included."""
    db = tmp_path / "fight.sqlite3"
    play(db, "it", "new", "example:giant-bat", "--seed", "7", "--order", "bat,chamois")
    moved = play(db, "it", "move", "1", "bat", "U35 down down land-fast").output
    assert "atterrato" in moved or "prono" in moved, moved
    assert "knocked down" not in moved
    french = play(db, "fr", "log", "1").output
    assert "renversée (à terre)" in french, french
    assert "knocked down" not in french and "prono" not in french
    english = play(db, "en", "log", "1").output
    assert "knocked down (prone), with the damage of a 3 m fall (1d6)" in english
    for lang in ("en", "it", "fr"):
        assert play(db, lang, "replay", "1").exit_code == 0


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "bat si è già mosso nel round 1; next-round inizia il prossimo [turn]"),
    ("fr", "bat a déjà bougé au round 1\u00a0; next-round commence le suivant [turn]")])
def test_the_engine_refuses_in_the_language(tmp_path: Path, lang: str, said: str) -> None:
    db = tmp_path / "fight.sqlite3"
    play(db, lang, "new", "example:giant-bat", "--seed", "7", "--order", "bat,chamois")
    play(db, lang, "move", "1", "bat", "U35 down hover")
    again = play(db, lang, "move", "1", "bat", "U35")
    assert again.exit_code == 1
    assert said in again.output
    # "next-round" is the command's name, "[turn]" the rule id: neither changes
    assert english_words(again.output, ALLOWED | {"round", "turn"}) == []


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "nessuno scontro 'owl' qui"), ("fr", "aucune rencontre 'owl' ici")])
def test_an_unknown_encounter(tmp_path: Path, lang: str, said: str) -> None:
    db = tmp_path / "fight.sqlite3"
    play(db, lang, "new", "example:giant-bat", "--seed", "7")
    done = play(db, lang, "show", "owl")
    assert done.exit_code == 2
    assert said in done.output


#: One event of each type any ruleset or the play engine makes, without the rulesets' own
#: sentences (notes, consequences, causes: their catalogs say those).
EVENTS = [
    {"type": "landing", "safe": False, "may_walk": 1, "step": 4},
    {"type": "landing", "safe": True, "forced": True, "creature": "bat"},
    {"type": "fall", "feet": 30, "metres": 9, "damage": "3d6", "rolled": 11, "prone": True,
     "creature": "harpy"},
    {"type": "fall", "feet": 10, "lands": False, "remaining": 20},
    {"type": "take-off-thrust", "creature": "bat"},
    {"type": "walk", "rule": "V-walk", "creature": "bat"},
    {"type": "walk", "rule": "V-land"},
    {"type": "wind-pay", "creature": "bat"},
    {"type": "save-failed", "rule": "V-skim", "move": "skim", "creature": "bat"},
    {"type": "check-failed", "check": "Acrobatics DC 10", "move": "jump:E5", "step": 2},
    {"type": "jump", "jump": "high", "run_up": True, "feet": 5, "creature": "scout"},
    {"type": "jump", "jump": "long", "run_up": False, "feet": 10},
    {"type": "stand", "creature": "scout"},
    {"type": "inertia-spent", "mode": "hovering", "creature": "bat"},
    {"type": "opportunity-attack", "by": "fighter", "creature": "harpy", "step": 2},
    {"type": "opportunity-attack", "by": "fighter"},
    {"type": "condition", "gains": "prone", "because": "unconscious", "creature": "scout"},
    {"type": "condition", "ends": "grappled", "creature": "scout"},
    {"type": "speeds-renew", "creature": "harpy"},
    {"type": "still-falling", "fallen": 60, "creature": "harpy"},
    {"type": "still-prone", "creature": "scout"},
    {"type": "tier-change", "change": "take-off", "from": 0, "to": 1, "creature": "angel"},
    {"type": "dive-charge", "target": "knight", "creature": "angel"},
    {"type": "landed", "creature": "angel"},
    {"type": "tier-change-renews", "creature": "angel"},
    {"type": "redirect", "gone": "knight", "target": "gargoyle", "creature": "angel"},
    {"type": "pursuit", "creature": "angel", "note": "bonuses"},
    {"type": "formation", "from": "closed", "to": "open", "creature": "pegasi"},
    {"type": "left-battlefield", "creature": "pegasi"},
    {"type": "round-start", "round": 2},
    {"type": "revealed", "creature": "harpy"},
]
IDS = frozenset({"harpy", "scout", "fighter", "angel", "knight", "gargoyle", "pegasi", "bat",
                 "skim", "jump", "hover", "d", "land"})  # "land" of V-land


@pytest.mark.parametrize("lang", ["it", "fr"])
@pytest.mark.parametrize("event", EVENTS, ids=lambda e: str(e["type"]))
def test_every_event_is_a_whole_sentence_of_the_language(lang: str, event: dict[str, Any]
                                                         ) -> None:
    from wingbeat.narrate import event_text

    with speaking(lang):
        text = event_text(event)
    assert english_words(latin(text), IDS) == [], text
    assert text.endswith(".")
    with speaking("en"):
        english = event_text(event)
    assert english != text
