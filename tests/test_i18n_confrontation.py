"""Confrontation in French and Italian (issue 28): its refusals in the French seed's own words
(palier, MOU, charge en piqué, mouvement de poursuite) and in Italian, with the same rule ids;
the MOU breakdown with the language's decimal comma; the command line's text with no English left
and its JSON the English one but for its sentences."""

from __future__ import annotations

from typing import Any

import pytest

import wingbeat
from english import english_words
from i18n_rules_cli import (
    core_speaks,
    sentences,
    wingbeat_json,
    wingbeat_says,
    without_sentences,
)
from wingbeat.i18n import speaking

#: Creature ids and names, the scenery's name, and the notation's words (the same in every
#: language).
ALLOWED = frozenset({"angel", "morbid", "k", "g", "f", "wall", "up", "down", "dive", "pursue",
                     "redirect"})

WALL = {"name": "wall", "polygon": [[40, 40], [60, 40], [60, 50], [40, 50]], "height": 20}
ANGEL = {"id": "angel", "name": "Morbid angel", "mou": {"ground": 10, "air": 17.5}, "tier": 2,
         "at": [20, 20]}
LOW = {"id": "k", "mou": {"ground": 10, "air": 15}, "tier": 1, "at": [30, 20]}
GROUND = {"id": "g", "mou": {"ground": 10, "air": 10}, "tier": 0, "at": [20, 30]}
FLYER = {"id": "f", "mou": {"ground": 10, "air": 15}, "tier": 1, "at": [50, 30]}


def scenario(*creatures: dict[str, Any], edition: str = "3.5") -> wingbeat.Scenario:
    return wingbeat.parse_scenario({"ruleset": "confrontation", "options": {"edition": edition},
                                    "map": {"table": [120, 120], "obstacles": [WALL]},
                                    "creatures": list(creatures)}, source="i18n")


S = scenario(ANGEL, LOW, GROUND, FLYER)
THREE = scenario(ANGEL, LOW, edition="3")

#: (scenario, fighter, move, the rule, the step refused): one of each kind of refusal.
REFUSALS = {
    "once-a-turn": (S, "angel", "down up", "C-change", 2),
    "highest-tier": (S, "angel", "up", "C-tiers", 1),
    "ground-tier": (S, "g", "down", "C-tiers", 1),
    "mou-exceeded": (S, "angel", "20,40", "C-mou", 1),
    "dive-tier": (S, "angel", "dive:g", "C-dive", 1),
    "dive-change": (S, "angel", "down dive:k", "C-change", 2),
    "dive-edition": (THREE, "angel", "dive:k", "C-dive", 1),
    "obstacle": (S, "f", "50,45", "C-terrain", 1),
    "landed": (S, "f", "down 50,35", "C-change", 2),
}

SAID = {
    ("fr", "once-a-turn"): "Morbid angel a déjà changé de palier ce tour-ci : un seul changement "
                           "par tour",
    ("it", "once-a-turn"): "Morbid angel ha già cambiato livello in questo turno: un solo cambio "
                           "per turno",
    ("fr", "mou-exceeded"): "se déplacer jusqu’en 20,40 porte son mouvement à 20 cm, plus que son "
                            "MOU aérien 17,5 cm (il se déplace au palier 2 (C-mou))",
    ("it", "mou-exceeded"): "muoversi fino a 20,40 porta il suo movimento a 20 cm, più del suo MOV "
                            "in volo 17,5 cm (si muove al livello 2 (C-mou))",
    ("fr", "dive-tier"): "g est au palier 0 : une charge en piqué vise le palier directement "
                         "inférieur (1)",
    ("it", "dive-tier"): "g è al livello 0: una carica in picchiata va sul livello immediatamente "
                         "inferiore (1)",
    ("fr", "dive-edition"): "la charge en piqué n’existe que dans le texte actuel, Confédé et "
                            "Confrontation 3.5, pas dans Confrontation 3",
    ("fr", "landed"): "f a atterri : il n’est pas permis de se déplacer après l’atterrissage (un "
                      "mouvement de poursuite pendant la phase de corps à corps vient après "
                      "'pursue')",
}


def _refusal(kind: str, lang: str) -> dict[str, Any]:
    s, who, moves, _rule, _step = REFUSALS[kind]
    with speaking(lang):
        report = wingbeat.check(s, who, moves).to_dict()
    error: dict[str, Any] = report["error"]
    return error


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("kind", sorted(REFUSALS))
def test_each_refusal_is_said_in_the_language_with_its_rule(kind: str, lang: str) -> None:
    english = _refusal(kind, "en")
    said = _refusal(kind, lang)
    _s, _who, _moves, rule, step = REFUSALS[kind]
    assert (said["rule"], said["step"], said["move"]) == (rule, step, english["move"])
    assert said["message"] != english["message"]
    assert english_words(said["message"], ALLOWED) == [], said["message"]
    if (lang, kind) in SAID:
        assert said["message"] == SAID[lang, kind]


@pytest.mark.parametrize(("lang", "breakdown"), [
    ("fr", "MOU aérien 17,5 − 5 = 12,5 cm (descente du palier 2 au palier 1 : MOU aérien réduit "
           "de 5 (C-change))"),
    ("it", "MOV in volo 17,5 − 5 = 12,5 cm (discesa dal livello 2 al livello 1: MOV in volo − 5 "
           "(C-change))")])
def test_the_mou_breakdown_in_cm_with_a_decimal_comma(lang: str, breakdown: str) -> None:
    """C-mou, C-change: the seed's own example, the morbid angel going down from tier 2."""
    with speaking(lang):
        report = wingbeat.check(S, "angel", "down")
        text = report.to_text()
    assert report.legal
    assert breakdown in text
    assert report.to_dict()["budget"]["budget"] == "25/2"  # JSON keeps its exact value


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_dive_charge_and_engagement_are_said(lang: str) -> None:
    with speaking(lang):
        dive = wingbeat.check(S, "angel", "dive:k").to_dict()
        engaged = wingbeat.engagement(S, "angel", "k").to_dict()
    assert dive["legal"] and dive["dive"]["bonuses"] == {"INI": 2, "ATT": 2, "FOR": 2}
    for sentence in (dive["dive"]["measured"], dive["dive"]["holds"], engaged["reason"],
                     engaged["between_tiers"], engaged["dive_charge"]):
        assert english_words(sentence, ALLOWED) == [], sentence
    assert ("charge en piqué" if lang == "fr" else "in picchiata") in engaged["dive_charge"]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_reach_notes_and_ways(lang: str) -> None:
    with speaking(lang):
        data = wingbeat.reach(S, "angel").to_dict()
    english = wingbeat.reach(S, "angel").to_dict()
    assert without_sentences(data) == without_sentences(english)
    for sentence in sentences(data):
        assert english_words(sentence, ALLOWED) == [], sentence


# -- the command line ------------------------------------------------------------------------------
CLI = {
    "check": ("check", "example:morbid-angel", "angel", "down 40,40"),
    "reach": ("reach", "example:morbid-angel", "angel"),
    "path": ("path", "example:morbid-angel", "angel", "--to", "40,40"),
}


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("command", sorted(CLI))
def test_the_command_line_json_changes_only_its_sentences(command: str, lang: str) -> None:
    english = wingbeat_json("en", *CLI[command])
    said = wingbeat_json(lang, *CLI[command])
    assert without_sentences(said) == without_sentences(english)
    for sentence in sentences(said):
        assert english_words(sentence, ALLOWED) == [], sentence


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("command", sorted(CLI))
def test_the_command_line_text_has_no_english(command: str, lang: str) -> None:
    """Every line, the core's table words with the ruleset's (the core's are domain
    ``wingbeat``)."""
    if not core_speaks(lang):
        pytest.skip("the core's sentences are not translated on this branch")
    text = wingbeat_says(lang, *CLI[command])
    assert text.strip()
    assert english_words(text, ALLOWED) == [], text


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "MOU aérien 17,5 − 5 = 12,5 cm"), ("it", "MOV in volo 17,5 − 5 = 12,5 cm")])
def test_the_command_line_says_the_mou(lang: str, words: str) -> None:
    assert words in wingbeat_says(lang, *CLI["check"])


def test_the_page_words_of_ruleset_toml_are_in_the_catalog() -> None:
    """The words of ``ruleset.toml`` the page shows are marked in ``registration.WORDS`` (title,
    notation, level word), word for word, and translated."""
    import tomllib
    from importlib import resources

    from wingbeat.i18n import Domain
    from wingbeat.rulesets.confrontation import registration

    package = "wingbeat.rulesets.confrontation"
    toml = tomllib.loads(resources.files(package).joinpath("ruleset.toml").read_text("utf-8"))
    hints = toml["hints"]
    assert list(registration.WORDS) == [toml["title"], hints["notation"], hints["level_word"]]
    domain = Domain("confrontation", package)
    for lang in ("it", "fr"):
        with speaking(lang):
            assert all(domain.gettext(w) != w for w in registration.WORDS)
    with speaking("fr"):
        assert domain.gettext("tier") == "palier"


@pytest.mark.parametrize(("lang", "end"), [
    ("en", "at 20,20, tier 1"), ("it", "in 20,20, livello 1"), ("fr", "en 20,20, palier 1")])
def test_where_a_move_ends(lang: str, end: str) -> None:
    with speaking(lang):
        assert wingbeat.check(S, "angel", "down").end_words() == end
