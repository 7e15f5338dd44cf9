"""The command line in Italian and French (issue 28, the core's own sentences): every text a
command prints has no English left (but the rulesets' own sentences, which their catalogs say,
and the creature ids and move notation every language keeps), its --json is the English one but
for the sentences for people, and the language comes from --lang (before or after the command),
WINGBEAT_LANG or the locale."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from english import english_words
from i18n_rules_cli import SENTENCE_FIELDS
from wingbeat import _api, tactics
from wingbeat.cli import app
from wingbeat.i18n import speaking
from wingbeat.scenario import load_example

#: A word with a letter beyond ASCII ("Début", "può") is no English word; english_words reads
#: ASCII letters only, and would find "but" in "Début".
_ACCENTED = re.compile(r"\w*[^\x00-\x7f]\w*")


def latin(text: str) -> str:
    """``text`` without its words that have a letter beyond ASCII."""
    return _ACCENTED.sub(" ", text)


runner = CliRunner()

#: Creature ids and names of the built-in examples, and the move notation every language keeps.
ALLOWED = frozenset({"bat", "chamois", "giant", "harpy", "fighter", "scout", "angel", "gargoyle",
                     "knight", "pegasi", "griffons", "hover", "down", "up", "land", "skim",
                     "thrust", "pay", "land-fast", "walk", "stand", "dash", "disengage"})

LANGS = ("it", "fr")


def said(lang: str, *args: str) -> Any:
    """``wingbeat ARGS`` as a person reads it in ``lang`` (the library's own words, as ``--lang``
    sets them for a process)."""
    with speaking(lang):
        return runner.invoke(app, list(args))


def _without(text: str, parts: list[str]) -> str:
    """``text`` without the sentences the rulesets say (their catalogs translate them)."""
    for part in sorted((p for p in parts if p), key=len, reverse=True):
        text = text.replace(part, " ")
    return text


def _english(text: str, ruleset_said: list[str] | None = None) -> list[str]:
    return english_words(latin(_without(text, list(ruleset_said or []))), ALLOWED)


#: The fields of a JSON answer whose sentences a ruleset says (a refusal, what failing a save
#: does, an event's note): their translation is the ruleset's catalog's, not the core's.
RULESET_SAID = frozenset({"on_failure", "note", "consequence", "cause", "message", "reason",
                          "why", "describe"})


def _ruleset_said(lang: str, args: list[str]) -> list[str]:
    """The rulesets' sentences in the answer to ``args``, read from its --json."""
    done = said(lang, *args, "--json")
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in RULESET_SAID and isinstance(item, str):
                    found.append(item)
                elif key == "describe" and isinstance(item, dict):
                    found.extend(str(v) for v in item.values())
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(done.stdout))
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", [
    ["reach", "example:giant-bat", "bat"],
    ["path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "1", "--mode",
     "hovering"],
    ["check", "example:giant-bat", "bat", "U35 down hover"],
    ["path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "0", "--mode",
     "grounded"],
    ["check", "example:giant-bat", "bat", "U35 down down land-fast"],
    ["threat", "example:harpy", "--side", "monsters"],
    ["threat", "example:giant-bat", "--creature", "bat"],
])
def test_the_core_says_every_word_in_the_language(lang: str, args: list[str]) -> None:
    done = said(lang, *args)
    assert done.exit_code == 0, done.output
    assert _english(done.output, _ruleset_said(lang, args)) == [], done.output


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_move_around_its_rule_message(lang: str) -> None:
    """The ILLEGAL line, the verdict and the table are the core's; the refusal's message is the
    ruleset's (volare's catalog says it)."""
    done = said(lang, "check", "example:giant-bat", "bat", "N N N")
    assert done.exit_code == 1
    with speaking(lang):
        report = _api.check(load_example("giant-bat"), "bat", "N N N")
    assert report.error is not None
    assert _english(done.output, [report.error.message]) == [], done.output
    assert "[V-inertia]" in done.output  # rule ids never change


@pytest.mark.parametrize("lang", LANGS)
def test_advice_reasons_in_the_language(lang: str) -> None:
    with speaking(lang):
        report = tactics.advise(load_example("giant-bat"), "bat")
    ruleset = [why for o in report.options for _word, why in o.edge]
    ruleset += [o.way.how for o in report.options]
    done = said(lang, "advise", "example:giant-bat", "bat")
    assert done.exit_code == 0
    assert _english(done.output, ruleset) == [], done.output
    attack = said(lang, "path", "example:giant-bat", "bat", "--attack", "chamois")
    assert _english(attack.output, [*ruleset, *_failures()]) == [], attack.output


def _failures() -> list[str]:
    """What failing a save does, as the rulesets say it (their catalogs translate it)."""
    scenario = load_example("giant-bat")
    report = _api.attack_path(scenario, "bat", "chamois")
    return [c.on_failure for c in report.checks]


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_units_and_words_as_the_language_writes_them(lang: str) -> None:
    done = said(lang, "reach", "example:giant-bat", "bat")
    head = done.output.splitlines()[0]
    assert "8 PM" in head and "4 PM" in head  # punti movimento / points de mouvement
    check = said(lang, "check", "example:giant-bat", "bat", "U35 down down land-fast")
    percent = "45\u00a0%" if lang == "fr" else "45%"
    assert percent in check.output
    assert ("Riflessi" if lang == "it" else "Réflexes") in check.output


JSON_COMMANDS = [
    ["reach", "example:giant-bat", "bat", "--json"],
    ["check", "example:giant-bat", "bat", "U35 down hover", "--json"],
    ["check", "example:giant-bat", "bat", "N N N", "--json"],
    ["path", "example:giant-bat", "bat", "--attack", "chamois", "--json"],
    ["advise", "example:giant-bat", "bat", "--json"],
    ["threat", "example:harpy", "--side", "monsters", "--json"],
    ["engagement", "example:morbid-angel", "angel", "gargoyle", "--json"],
    ["reach", "example:pegasi", "pegasi", "--json"],
]

#: The fields of a JSON answer that are sentences for people: the only ones a language changes.
#: every field of the JSON that holds a sentence for people (docs/json.md, "Languages")
SENTENCES = SENTENCE_FIELDS | {"why", "describe", "words"}


def _data(value: Any) -> Any:
    """``value`` with every sentence for people left out."""
    if isinstance(value, dict):
        return {k: _data(v) for k, v in value.items() if k not in SENTENCES}
    if isinstance(value, list):
        return [_data(v) for v in value]
    return value


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_json_differs_only_in_its_sentences(args: list[str]) -> None:
    english = said("en", *args)
    data = json.loads(english.stdout)
    for lang in LANGS:
        other = said(lang, *args)
        assert other.exit_code == english.exit_code
        assert _data(json.loads(other.stdout)) == _data(data)


def test_the_schema_is_the_same_in_every_language() -> None:
    english = said("en", "schema").stdout
    assert said("it", "schema").stdout == english == said("fr", "schema").stdout


def _wingbeat(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items()
            if k not in ("WINGBEAT_LANG", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    full.update(env)
    return subprocess.run([sys.executable, "-m", "wingbeat", *args], capture_output=True,
                          text=True, env=full, check=False)


ITALIAN = "può ancora attaccare in questo round"
FRENCH = "peut encore attaquer ce round-ci"


def test_the_language_from_the_line_the_variable_or_the_locale() -> None:
    move = ["check", "example:giant-bat", "bat", "U35 down hover"]
    assert ITALIAN in _wingbeat("--lang", "it", *move).stdout
    assert FRENCH in _wingbeat(*move, "--lang", "fr").stdout
    assert FRENCH in _wingbeat(*move, "--lang=fr", LANG="it_IT.UTF-8").stdout
    assert FRENCH in _wingbeat(*move, WINGBEAT_LANG="fr", LANG="it_IT.UTF-8").stdout
    assert ITALIAN in _wingbeat(*move, LANG="it_IT.UTF-8").stdout
    assert "can still attack this round" in _wingbeat(*move, LANG="C").stdout


def test_bad_input_in_the_language_on_stderr() -> None:
    done = _wingbeat("--lang", "it", "check", "example:giant-bat", "owl", "U35")
    assert done.returncode == 2
    assert done.stderr.startswith("errore: nessuna creatura 'owl' in questo scenario")
    done = _wingbeat("check", "example:giant-bat", "bat", "U35", "--option", "x", "--lang", "fr")
    assert done.returncode == 2
    assert done.stderr.startswith("erreur\u00a0: attendu --option CLÉ=VALEUR, reçu 'x'")


@pytest.mark.parametrize("lang", LANGS)
def test_demo_in_the_language(lang: str) -> None:
    done = said(lang, "demo")
    assert done.exit_code == 0
    # the demo shows the volare refusal (its catalog's) and the engagement (the ruleset's)
    with speaking(lang):
        scenario = load_example("giant-bat")
        refusal = _api.check(scenario, "bat", "U35 U33")
        engaged = _api.engagement(scenario, "bat", "chamois").to_text()
    ruleset = [refusal.error.message if refusal.error else "", engaged,
               *_failures(), *[c.on_failure for c in refusal.checks]]
    ruleset += _ruleset_said(lang, ["reach", "example:giant-bat", "bat"])
    lines = [line for line in done.output.splitlines() if not line.startswith("$ wingbeat")]
    found = _english("\n".join(lines), ruleset)
    assert found == [], done.output


def test_no_english_word_list_is_too_eager() -> None:
    """The Italian and French words these tests rely on are no English function words."""
    text = " ".join([ITALIAN, FRENCH, "in movimento", "en vol stationnaire", "librato"])
    assert english_words(text) == []
    assert re.search(r"\bround\b", ITALIAN)


IMPORTS = os.path.join(os.path.dirname(__file__), "data", "import")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["guard-room.json", "room.dd2vtt", "hexes.tmx", "cliff.tmj"])
def test_import_says_its_notes_in_the_language(tmp_path: Any, lang: str, name: str) -> None:
    out = tmp_path / "made.yaml"
    done = said(lang, "import", os.path.join(IMPORTS, name), "-o", str(out))
    assert done.exit_code == 0, done.output
    text = done.output.replace(str(tmp_path), "")
    # the map file's own names (its layers' keys, its tokens) stay as the file writes them
    names = {"lights", "terrain", "tokens", "giant", "eagle", "move"}
    assert english_words(latin(text.replace(IMPORTS, "")), ALLOWED | names) == [], text
    assert ("scritt" if lang == "it" else "écrit") in text


@pytest.mark.parametrize(("lang", "said_"), [
    ("it", "atteso un file di mappa che finisca in"),
    ("fr", "fichier de carte attendu se terminant par")])
def test_import_refuses_in_the_language(lang: str, said_: str) -> None:
    done = said(lang, "import", os.path.join(IMPORTS, "meadow.png"))
    assert done.exit_code == 2
    assert said_ in done.output


def _readme_examples() -> list[tuple[list[str], str, str]]:
    """The README's commands in each language, with the text its comment lines promise."""
    import shlex
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("### In Italian and French", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0]
    found: list[tuple[list[str], str, str]] = []
    for line in block.strip().splitlines():
        if line.startswith("#"):
            command, lang, promised = found[-1]
            found[-1] = (command, lang, f"{promised} {line.lstrip('# ').strip()}".strip())
            continue
        words = shlex.split(line)[1:]
        lang = "en"
        if "--lang" in words:
            at = words.index("--lang")
            lang = words[at + 1]
            del words[at:at + 2]
        found.append((words, lang, ""))
    return found


@pytest.mark.parametrize(("args", "lang", "promised"), _readme_examples(),
                         ids=lambda v: v if isinstance(v, str) and len(v) < 4 else None)
def test_the_readme_says_what_each_language_prints(args: list[str], lang: str, promised: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).parent.parent)  # the README's paths are the repository's
    done = said(lang, *args)
    assert " ".join(promised.split()) in " ".join(done.output.split()), done.output


USAGE_ERRORS = [
    (["check", "example:giant-bat", "bat", "U35", "--bogus"],
     "opzione sconosciuta: --bogus", "option inconnue\u00a0: --bogus"),
    (["check", "example:giant-bat"], "manca l’argomento 'CREATURE'",
     "argument manquant\u00a0: 'CREATURE'"),
    (["reach", "example:giant-bat", "bat", "extra"], "argomenti in più non previsti (extra)",
     "arguments en trop (extra)"),
    (["nosuch"], "comando sconosciuto: 'nosuch'", "commande inconnue\u00a0: 'nosuch'"),
    (["serve", "--port", "abc"], "valore non valido per '--port': serve un numero intero",
     "valeur invalide pour '--port'\u00a0: un nombre entier est attendu"),
    (["check", "example:giant-bat", "bat", "U35", "--option"],
     "l’opzione '--option' richiede un valore", "l’option '--option' demande une valeur"),
    (["check", "--json=1", "a", "b", "c"], "l’opzione '--json' non accetta valori",
     "l’option '--json' ne prend pas de valeur"),
]


@pytest.mark.parametrize(("args", "italian", "french"), USAGE_ERRORS,
                         ids=lambda v: v[0] if isinstance(v, list) else None)
def test_usage_errors_in_the_language(args: list[str], italian: str, french: str) -> None:
    """Typer's own usage errors (English in its click) are said in the language too, on one
    line, with exit code 2; in English they read as before."""
    for lang, expected in (("it", italian), ("fr", french)):
        done = subprocess.run([sys.executable, "-m", "wingbeat", "--lang", lang, *args],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 2
        assert expected in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    english = subprocess.run([sys.executable, "-m", "wingbeat", *args], capture_output=True,
                             text=True, check=False, env={**os.environ, "WINGBEAT_LANG": "en"})
    assert english.returncode == 2 and "wingbeat: error: " in english.stderr
