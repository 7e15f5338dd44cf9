"""A scenario file's errors in Italian and French (issue 28): pydantic's errors turned into our own
sentences by their type, each still naming the file, the place inside it and what was expected
there, with its line and column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from english import english_words
from wingbeat.errors import ScenarioError
from wingbeat.i18n import speaking
from wingbeat.scenario import load_scenario

BAD = """\
ruleset: volare
map:
  grid: hex
  columns: 40
  rows: 60
  top: many
  colour: red
creatures:
  - id: bat
    fly: 8
    maneuverability: great
    reflex: -5
    at: T34
    altitude: 2
  - name: nobody
    at: T30
"""

#: The scenario's own words, which no language changes: keys, values and example snippets.
ALLOWED = frozenset({"top", "many", "colour", "red", "maneuverability", "great", "excellent",
                     "medium", "poor", "reflex", "creatures", "map", "id", "harpy", "yaml",
                     "bad", "tmp"})

EXPECTED = {
    "it": ["5 problemi", "map.top: atteso un numero intero, come top: 20 (ricevuto 'many') "
           "(riga 6, colonna 8)",
           "map.colour: chiave sconosciuta",
           "creatures[0].maneuverability: atteso uno tra: excellent, medium, poor",
           "creatures[0].reflex: atteso un valore maggiore o uguale a 0 (ricevuto -5)",
           "creatures[1].id: obbligatorio, ma mancante"],
    "fr": ["5\u00a0problèmes", "map.top\u00a0: nombre entier attendu, comme top: 20 "
           "(reçu 'many') (ligne 6, colonne 8)",
           "map.colour\u00a0: clé inconnue",
           "creatures[0].maneuverability\u00a0: attendu l’un de\u00a0: excellent, medium, poor",
           "creatures[0].reflex\u00a0: valeur supérieure ou égale à 0 attendue (reçu -5)",
           "creatures[1].id\u00a0: obligatoire, mais absent"],
}


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_every_problem_in_the_language(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    with speaking(lang), pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    text = str(caught.value)
    assert text.startswith(str(path))
    for part in EXPECTED[lang]:
        assert part.replace("5\u00a0", "5 ") in text
    assert english_words(re.sub(r"\w*[^\x00-\x7f]\w*", " ", text.replace(str(path), "")),
                         ALLOWED) == []
    # the places inside the file are the same in every language
    with pytest.raises(ScenarioError) as english:
        load_scenario(path)
    assert [w for w, _m in caught.value.problems] == [w for w, _m in english.value.problems]


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "non è YAML o JSON valido"), ("fr", "n’est pas du YAML ou du JSON valide")])
def test_a_file_that_is_no_yaml(tmp_path: Path, lang: str, said: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("ruleset: [volare\n", encoding="utf-8")
    with speaking(lang), pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert said in str(caught.value)
    assert ("riga" if lang == "it" else "ligne") in str(caught.value)


BROKEN_YAML = ["ruleset: volare\nmap: {grid: hex\n  columns: 3\n",
               "ruleset: volare\nmap:\n  grid: hex\n   columns: 3\n",
               "a: [1, 2\n", 'a: "x\n', "\tx: 1\n", "a: *nowhere\n", 'a: "\\q"\n',
               "a: b: c\n", "- a\nb: c\n", "a: 'x' y\n"]


@pytest.mark.parametrize("lang", ["it", "fr"])
@pytest.mark.parametrize("text", BROKEN_YAML)
def test_what_yaml_finds_wrong_is_said_in_the_language(tmp_path: Path, lang: str,
                                                      text: str) -> None:
    """PyYAML's own problems (English) are said again in the language, YAML's token names and
    the characters kept."""
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with speaking(lang), pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value).split("broken.yaml", 1)[1]  # the path is the test's own
    said = re.sub(r"<[^>]+>|\w*[^\x00-\x7f]\w*", " ", message)
    assert english_words(said, frozenset({"nowhere", "volare", "hex", "columns", "map"})) == [], \
        str(caught.value)


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "file inesistente"), ("fr", "fichier introuvable")])
def test_a_missing_file(tmp_path: Path, lang: str, said: str) -> None:
    with speaking(lang), pytest.raises(ScenarioError) as caught:
        load_scenario(tmp_path / "none.yaml")
    assert said in str(caught.value)


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "regolamento sconosciuto 'chess'; atteso uno tra:"),
    ("fr", "règle inconnue 'chess'\u00a0; attendu l’une de\u00a0:")])
def test_an_unknown_ruleset(tmp_path: Path, lang: str, said: str) -> None:
    path = tmp_path / "chess.yaml"
    path.write_text("ruleset: chess\n", encoding="utf-8")
    with speaking(lang), pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert said in str(caught.value)
