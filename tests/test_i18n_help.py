"""The command line's ``--help`` in Italian and French (issue 28): every command's and group's help,
its parameters' help and click's own words (Usage, Options, Commands, [default: …]) are said in
the language of the moment, the option names, metavars and notation stay as they are, and the
English help reads exactly as before."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer._click import Context
from typer.testing import CliRunner

from english import english_words
from wingbeat.cli import app
from wingbeat.i18n import speaking

runner = CliRunner()
LANGS = ("it", "fr")
ROOT = Path(__file__).resolve().parent.parent

#: The help the brief names: the root's, a command's, a group's and a group's command's.
HELPS = ([], ["check"], ["play"], ["play", "move"])

#: Move notation inside help texts ("U35 down hover") and values typed as they are (--mode
#: hovering, moving; advise --weight cost), which every language keeps.
KEPT = frozenset({"down", "hover", "hovering", "moving", "cost"})

#: A word with a letter beyond ASCII ("Déclare", "può") is no English word.
_ACCENTED = re.compile(r"\w*[^\x00-\x7f]\w*")
_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def _tree() -> Iterator[tuple[list[str], Any]]:
    """Every command of the tree with the words that call it (``["play", "move"]``)."""
    root = typer.main.get_command(app)

    def walk(command: Any, ctx: Context, path: list[str]) -> Iterator[tuple[list[str], Any]]:
        yield path, command
        for name in getattr(command, "list_commands", lambda ctx: [])(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from walk(sub, Context(sub, parent=ctx, info_name=name), [*path, name])

    yield from walk(root, Context(root, info_name="wingbeat"), [])


def _names() -> frozenset[str]:
    """The words a help keeps in every language: command names, option names and metavars."""
    words: set[str] = {"wingbeat"}
    for path, command in _tree():
        words.update(path)
        ctx = Context(command, info_name=path[-1] if path else "wingbeat")
        for param in command.get_params(ctx):
            words.update([*param.opts, *param.secondary_opts, param.metavar or "",
                          param.name or ""])
    return frozenset(w.lower() for text in words for w in re.findall(r"[A-Za-z]+", text))


NAMES = _names()
ALL = [path for path, _command in _tree()]


def helped(lang: str, path: list[str]) -> str:
    with speaking(lang):
        done = runner.invoke(app, [*path, "--help"])
    assert done.exit_code == 0, done.output
    return str(done.output)


#: A name written with underscores (opportunity_attacks, WINGBEAT_LANG) is a value, not English.
_IDENTIFIER = re.compile(r"\w+_\w+")


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as one space: the same help at another
    width (a no-break space stays)."""
    return re.sub(r"[ \n]+", " ", text).strip()


def english(text: str) -> list[str]:
    return english_words(_IDENTIFIER.sub(" ", _ACCENTED.sub(" ", text)), NAMES | KEPT)


def _shape(text: str) -> tuple[str, list[str], list[str]]:
    """What a help names, in any language: its usage line after the first word, every flag, and
    the first column of its sections (arguments, options with their metavars, commands)."""
    lines = text.splitlines()
    usage = lines[0].split(" ", 1)[1].lstrip()
    terms: list[str] = []
    in_section = False
    for line in lines[1:]:
        if line and not line.startswith(" "):
            in_section = True
        elif in_section and re.match(r"  \S", line):
            terms.append(line.strip().split("  ")[0])
    return usage, sorted(set(_FLAG.findall(text))), terms


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", HELPS, ids=lambda p: " ".join(p) or "wingbeat")
def test_the_help_has_no_english_left(lang: str, path: list[str]) -> None:
    text = helped(lang, path)
    assert not english(text), (english(text), text)
    assert text != helped("en", path)


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_s_help_is_said_in_the_language(lang: str) -> None:
    for path in ALL:
        text = helped(lang, path)
        assert not english(text), (path, english(text), text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", HELPS, ids=lambda p: " ".join(p) or "wingbeat")
def test_the_help_names_the_options_as_in_english(lang: str, path: list[str]) -> None:
    """The usage line (but its first word), every flag, every argument's and option's name with
    its metavar, and the commands' names are the English ones, in the same order."""
    assert _shape(helped(lang, path)) == _shape(helped("en", path))


def test_click_s_own_words_are_said() -> None:
    it = helped("it", ["check"])
    assert it.startswith("Uso: wingbeat check [OPTIONS] SCENARIO CREATURE MOVES\n")
    assert "\nArgomenti:\n" in it and "\nOpzioni:\n" in it
    assert "--help              Mostra questo messaggio ed esce." in it
    fr = helped("fr", ["play"])
    assert fr.startswith("Usage\u00a0: wingbeat play [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nOptions\u00a0:\n" in fr and "\nCommandes\u00a0:\n" in fr
    # a default, as click writes it after an option's help
    assert "[predefinito: 8000; 0<=x<=65535]" in flat(helped("it", ["serve"]))
    assert "[par défaut\u00a0: 8000; 0<=x<=65535]" in flat(helped("fr", ["serve"]))


CHECK_HELP = """\
Usage: wingbeat check [OPTIONS] SCENARIO CREATURE MOVES

  Is this declared move legal? Its cost, checks and what remains; or the rule
  it breaks.

Arguments:
  SCENARIO  Scenario file (YAML or JSON), or a built-in one:
            example:giant-bat.
  CREATURE  The creature's id in the scenario.
  MOVES     The declared move, e.g. "U35 down hover".

Options:
  --json              Print JSON for machines.
  --option KEY=VALUE  A ruleset query option (repeatable).
  --help              Show this message and exit.
"""


def _wingbeat(*args: str, lang_env: str = "en") -> str:
    """``wingbeat ARGS`` in a process of its own, as a shell runs it (80 columns)."""
    env = {**os.environ, "WINGBEAT_LANG": lang_env, "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", "wingbeat", *args], capture_output=True,
                          text=True, encoding="utf-8", env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_english_help_is_unchanged() -> None:
    """``--lang en`` (or no language) is the English help as it always read, byte for byte."""
    assert _wingbeat("--lang", "en", "check", "--help", lang_env="fr") == CHECK_HELP
    assert helped("en", ["check"]) == str(runner.invoke(app, ["check", "--help"]).output)
    root = helped("en", [])
    assert root.startswith("Usage: wingbeat [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nCommands:\n  reach       Everything the creature can reach this round, each at " \
           "its...\n" in root
    assert "  --help                Show this message and exit.\n" in root


def test_lang_chooses_the_help_s_language_anywhere_on_the_line() -> None:
    """``--lang`` before or after the command, or ``WINGBEAT_LANG``."""
    assert flat(_wingbeat("--lang", "it", "play", "move", "--help")) == flat(
        helped("it", ["play", "move"]))
    assert flat(_wingbeat("check", "--help", "--lang=fr")) == flat(helped("fr", ["check"]))
    assert flat(_wingbeat("play", "new", "--help", lang_env="fr")) == flat(
        helped("fr", ["play", "new"]))
    root = _wingbeat("--help", lang_env="it")  # a group's commands at a shell's width
    assert root.startswith("Uso: wingbeat [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nComandi:\n  reach       Tutto ciò che la creatura può raggiungere" in root


def test_the_help_is_said_when_shown_not_kept() -> None:
    """One process, three languages in turn: no help is kept in the language it was first
    said in."""
    first = helped("en", ["play"])
    assert helped("it", ["play"]) != first
    assert helped("fr", ["play"]) != helped("it", ["play"])
    assert helped("en", ["play"]) == first


def _messages_tool() -> Any:
    return sys.modules["wingbeat_messages_tool"]  # loaded by conftest, which compiles them


def test_the_catalog_holds_every_help_text() -> None:
    """``scripts/messages.py`` puts each command's help, each parameter's and click's words in
    the ``wingbeat`` template, so its check fails when one has no translation."""
    tool = _messages_tool()
    core = next(d for d in tool.domains() if d.name == "wingbeat")
    template = tool.extract(core)
    for message in ("Show this message and exit.", "Print JSON for machines.",
                    "Is this declared move legal? Its cost, checks and what remains; or the rule "
                    "it breaks.",
                    "Usage:", "Options:", "Arguments:", "Commands:", "default: {default}",
                    "required"):
        assert template.get(message) is not None, message
    def flat(text: str) -> str:
        return " ".join(text.split())

    found = {flat(text) for _file, _line, text, _where in tool.help_messages()}
    for _path, command in _tree():
        ctx = Context(command, info_name="x")
        for text in [command.help, *(p.help for p in command.get_params(ctx))]:
            assert not text or flat(text) in found, text


def test_other_domains_are_extracted_without_importing_wingbeat() -> None:
    tool = str(ROOT / "scripts" / "messages.py")
    code = ("import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('m', {tool!r})\n"
            "m = importlib.util.module_from_spec(spec); sys.modules['m'] = m\n"
            "spec.loader.exec_module(m)\n"
            "for d in m.domains():\n"
            "    if d.name != 'wingbeat':\n"
            "        m.extract(d)\n"
            "assert 'wingbeat' not in sys.modules, sorted(sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
