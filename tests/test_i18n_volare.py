"""volare in Italian and French (issue 28): its refusals, saves and texts in the seed's own words
(punti movimento, librarsi, volare rasoterra, tiro salvezza su Riflessi …), the same rule ids, and
JSON that differs from the English only in its sentences.

The Italian words are those of seed 000 (the rules were written in Italian): "punti movimento",
"librarsi in volo sul posto", "volare rasoterra", "spinta propulsiva", "azione di mezzo
movimento", "posizioni frontali", "tiro salvezza su riflessi", "brezza", "burrasca o tornado".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import wingbeat
from english import english_words
from scenarios import volare
from wingbeat.i18n import MESSAGES, speaking

#: Words of both languages that are also English words: the Italian and French tables say "round"
#: (AD&D's round, "nel corso di ogni round"), French says "altitude".
ALSO = {"it": frozenset({"round"}), "fr": frozenset({"round", "altitude"})}
#: The examples' ids and names, and move notation a sentence quotes in parentheses (land, hover).
NAMES = frozenset({"bat", "giant", "chamois", "owl", "land", "hover", "up", "skim", "pay",
                   "thrust"})

BAT = wingbeat.open_scenario("example:giant-bat")


def _windy() -> wingbeat.Scenario:
    return volare([{"id": "owl", "name": "Owl", "fly": 6, "maneuverability": "medium",
                    "reflex": 40, "at": "T34", "altitude": 2, "mode": "hovering"}],
                  wind={"strength": "breeze", "toward": "NE"})


def _slow() -> wingbeat.Scenario:
    return volare([{"id": "bat", "name": "Giant bat", "fly": 2, "maneuverability": "medium",
                    "reflex": 50, "at": "T34", "altitude": 2, "mode": "moving",
                    "came_from": "T32"}], wind={"strength": "breeze", "toward": "N"})


def _refused(scenario: wingbeat.Scenario, who: str, moves: str, lang: str) -> tuple[str, str]:
    with speaking(lang):
        report = wingbeat.check(scenario, who, moves)
    assert not report.legal and report.error is not None
    return report.error.rule, report.error.message


def _no_english(text: str, lang: str) -> None:
    assert english_words(text, NAMES | ALSO[lang]) == [], text


#: (scenario, creature, moves, rule, Italian, French): one refusal of each kind.
REFUSALS: list[tuple[Any, str, str, str, str, str]] = [
    (lambda: BAT, "bat", "S33", "V-inertia",
     "S33 non è una delle tre posizioni frontali dopo il volo T32→T34 (S35, T36, U35); prima "
     "fermati a librarti sul posto: 2 PM",
     "S33 n’est pas l’un des trois hexagones frontaux après le vol T32→T34 (S35, T36, U35) ; "
     "arrêtez-vous d’abord en vol stationnaire : 2 PM"),
    (_slow, "bat", "T36", "V-mp",
     "lo spostamento in T36 costa 3 PM con brezza ma a Giant bat restano solo 2 PM",
     "le pas vers T36 coûte 3 PM par brise mais il ne reste que 2 PM à Giant bat"),
    (lambda: BAT, "bat", "A1", "V-grid",
     "A1 non è adiacente a T34: ogni spostamento porta in uno dei sei esagoni adiacenti",
     "A1 n’est pas adjacent à T34 : un pas mène dans l’un des six hexagones adjacents"),
    (_windy, "owl", "S35", "V-wind",
     "Owl inizia il round librandosi sul posto con brezza: deve prima spendere 2 PM per "
     "mantenere la posizione (pay) o spostarsi di almeno un esagono nella direzione in cui "
     "soffia il vento (NE, in U33)",
     "Owl commence le round en vol stationnaire par brise : elle doit d’abord dépenser 2 PM "
     "pour tenir sa position (pay) ou se déplacer d’au moins un hexagone sous le vent (NE, "
     "vers U33)"),
    (lambda: BAT, "bat", "land", "V-land",
     "Giant bat è a quota 2, sopra il livello del suolo 0 di T34: prima deve scendere fin lì",
     "Giant bat est à l’altitude 2, au-dessus du niveau du sol 0 de T34 : elle doit d’abord y "
     "descendre"),
    (lambda: BAT, "chamois", "thrust", "V-takeoff",
     "Chamois non può volare", "Chamois ne peut pas voler"),
]


@pytest.mark.parametrize(("make", "who", "moves", "rule", "italian", "french"), REFUSALS,
                         ids=[r[3] for r in REFUSALS])
def test_refusals_in_italian_and_french(make: Any, who: str, moves: str, rule: str,
                                        italian: str, french: str) -> None:
    scenario = make()
    english_rule, english = _refused(scenario, who, moves, "en")
    assert english_rule == rule
    for lang, expected in (("it", italian), ("fr", french)):
        said_rule, said = _refused(scenario, who, moves, lang)
        assert (said_rule, said) == (rule, expected)
        assert said != english
        _no_english(said, lang)


@pytest.mark.parametrize("moves", ["U35 T34", "T36 T38 hover S37 land", "thrust", "pay",
                                   "down down skim land", "T36 A9", "up up up up up up up up up"])
@pytest.mark.parametrize("lang", ["it", "fr"])
def test_more_refusals_say_no_english(moves: str, lang: str) -> None:
    """Whatever the refusal, the sentence is in the language asked, and the rule id the same."""
    english = wingbeat.check(BAT, "bat", moves)
    with speaking(lang):
        said = wingbeat.check(BAT, "bat", moves)
    assert said.legal == english.legal
    if english.error is not None:
        assert said.error is not None
        assert (said.error.rule, said.error.step) == (english.error.rule, english.error.step)
        _no_english(said.error.message, lang)


def test_saves_say_their_consequence() -> None:
    with speaking("it"):
        report = wingbeat.check(BAT, "bat", "down down skim")
    (save,) = report.steps[2].checks
    assert (save.rule, save.save) == ("V-skim", "reflex")
    assert save.on_failure == (
        "deve atterrare immediatamente, sul posto (V-land): in sicurezza se le resta un'azione "
        "di mezzo movimento da sacrificare, altrimenti con il tiro salvezza contro "
        "l'atterraggio violento")
    with speaking("fr"):  # a report says its sentences when asked: its JSON is made here
        states = wingbeat.reach(BAT, "bat").to_dict()["states"]
    failures = {c["on_failure"] for s in states for c in s["checks"]}
    assert "renversée (à terre), avec les dégâts d’une chute de 3 m (1d6)" in failures
    for text in failures:
        _no_english(text, "fr")


def test_one_space_says_each_language() -> None:
    """A space (kept a while by a lifted search) says its saves in the language of the moment."""
    space = wingbeat.find_ruleset("volare").space(BAT, "bat")
    with speaking("it"):
        italian = space.skim_check.on_failure
    with speaking("fr"):
        french = space.skim_check.on_failure
    assert italian.startswith("deve atterrare") and french.startswith("elle doit atterrir")
    assert space.skim_check.on_failure.startswith("it must land")


def test_engagement_text() -> None:
    with speaking("it"):
        text = wingbeat.engagement(BAT, "bat", "chamois").to_text()
    assert text.splitlines()[1:] == ["bat è in posizione sopraelevata.",
                                     "bat attacca con -2 mentre è in volo (V-man)."]
    _no_english(text, "it")


# -- the command line ---------------------------------------------------------------------------

def _wingbeat(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WINGBEAT_LANG": "en"}
    return subprocess.run([sys.executable, "-m", "wingbeat", "--lang", lang, *args],
                          capture_output=True, text=True, env=env, check=False)


#: the JSON fields that are sentences for people: only these differ across languages
SENTENCES = frozenset({"message", "reason", "reasons", "on_failure", "note", "notes",
                       "consequence", "goal"})


def _facts(data: Any) -> Any:
    """``data`` without its sentences."""
    if isinstance(data, dict):
        return {k: _facts(v) for k, v in data.items() if k not in SENTENCES}
    if isinstance(data, list):
        return [_facts(v) for v in data]
    return data


QUESTIONS = [
    ("check", "example:giant-bat", "bat", "S33"),
    ("check", "example:giant-bat", "bat", "down down skim"),
    ("reach", "example:giant-bat", "bat"),
    ("path", "example:giant-bat", "bat", "--to", "A1"),
    ("path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "1"),
]


@pytest.mark.parametrize("question", QUESTIONS, ids=[" ".join(q) for q in QUESTIONS])
def test_cli_json_differs_only_in_sentences(question: tuple[str, ...]) -> None:
    english = _wingbeat("en", *question, "--json")
    data = json.loads(english.stdout)
    for lang in ("it", "fr"):
        said = _wingbeat(lang, *question, "--json")
        assert said.returncode == english.returncode, said.stderr
        assert _facts(json.loads(said.stdout)) == _facts(data)


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_cli_check_says_the_refusal_in_the_language(lang: str) -> None:
    done = _wingbeat(lang, "check", "example:giant-bat", "bat", "S33")
    assert done.returncode == 1
    line = next(x for x in done.stdout.splitlines() if "[V-inertia]" in x)
    said = line.split(": ", 1)[1].removesuffix(" [V-inertia]")
    assert said == dict(it=REFUSALS[0][4], fr=REFUSALS[0][5])[lang]
    skim = _wingbeat(lang, "check", "example:giant-bat", "bat", "down down skim")
    assert dict(it="deve atterrare immediatamente", fr="elle doit atterrir aussitôt")[lang] \
        in skim.stdout


def _core_speaks(lang: str) -> bool:
    """Whether the command line's own words (the core's catalog) are translated yet: the lines
    around volare's sentences are the core's."""
    with speaking(lang):
        return bool(getattr(MESSAGES.catalog(lang), "_catalog", {}).keys() - {""})


@pytest.mark.parametrize("lang", ["it", "fr"])
@pytest.mark.parametrize("question", QUESTIONS, ids=[" ".join(q) for q in QUESTIONS])
def test_cli_text_has_no_english(question: tuple[str, ...], lang: str) -> None:
    if not _core_speaks(lang):
        pytest.skip("the core's sentences are not translated on this branch")
    done = _wingbeat(lang, *question)
    # the table's columns quote notation (moves, modes as JSON writes them) and creature ids
    notation = NAMES | {"down", "moving", "hovering", "grounded"}
    assert english_words(done.stdout, notation | ALSO[lang]) == [], done.stdout


@pytest.mark.parametrize("ruleset", ["volare", "battlesystem"])
def test_the_registration_words_are_in_the_catalog(ruleset: str) -> None:
    """``ruleset.toml``'s words for people are marked in ``registration.WORDS`` (so extracted into
    the ruleset's catalog) exactly as the file has them, and translated."""
    import importlib
    import tomllib
    from importlib import resources

    from wingbeat.i18n import Domain

    package = f"wingbeat.rulesets.{ruleset}"
    toml = tomllib.loads(resources.files(package).joinpath("ruleset.toml").read_text("utf-8"))
    hints = toml.get("hints", {})
    said = [toml["title"], hints["notation"], *([hints["level_word"]] if "level_word" in hints
                                                else [])]
    words = importlib.import_module(f"{package}.registration").WORDS
    assert list(words) == said
    domain = Domain(ruleset, package)
    for lang in ("it", "fr"):
        with speaking(lang):
            assert all(domain.gettext(w) != w for w in words)
