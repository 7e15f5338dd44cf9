"""The message catalogs: extract every marked sentence, update the Italian and French ``.po``
files, compile them, and check that they are complete (``make messages``; the tests' check).

One gettext *domain* per part of the code that owns its words (``wingbeat.i18n``):

- ``wingbeat``: the core, the frameworks and the command line (``src/wingbeat`` but the web app
  and the rulesets), catalogs in ``src/wingbeat/locale``; with it the command line's help texts
  (docstrings and ``help=``), found by walking the command tree (``help_messages``);
- ``web``: the web app's own sentences (``src/wingbeat/web/*.py``), in ``src/wingbeat/web/locale``;
- ``page``: the pages (``src/wingbeat/web/static/*.js`` and ``*.html``), same folder;
- one per ruleset (``volare`` …): ``src/wingbeat/rulesets/<id>/**.py``, in its own ``locale``.

Python marks a sentence with ``_("…")``, ``ngettext("…", "…", n)``, ``pgettext("ctx", "…")`` or
``N_("…")`` (said later); the pages with ``t("…")`` and ``tn("…", "…", n)`` in JavaScript, and in
HTML an element with ``data-i18n`` (its text is the message) or ``data-i18n-attrs="title
aria-label"`` (those attributes' values are messages). Placeholders are ``{name}``.

    python scripts/messages.py update    # extract, then add new messages to it/fr .po files
    python scripts/messages.py compile   # .po -> .mo beside them (setup.py does this on build)
    python scripts/messages.py check     # every message translated, placeholders the same
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "wingbeat"
LANGUAGES = ("it", "fr")
PY_KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2)}
COMMENT_TAGS = ["Translators:"]
STAMP = datetime(2026, 12, 1, tzinfo=UTC)
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")


@dataclass(frozen=True)
class Domain:
    name: str
    localedir: Path
    files: tuple[Path, ...]

    def po(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.po"


def domains() -> list[Domain]:
    """Every domain with the files its messages come from."""
    rulesets = sorted(p.parent for p in (SRC / "rulesets").glob("*/__init__.py"))
    web = SRC / "web"
    outside = [web, *rulesets]
    core = tuple(p for p in sorted(SRC.rglob("*.py"))
                 if not any(p.is_relative_to(o) for o in outside))
    found = [Domain("wingbeat", SRC / "locale", core),
             Domain("web", web / "locale", tuple(sorted(web.glob("*.py")))),
             Domain("page", web / "locale", tuple(sorted([*web.glob("static/*.js"),
                                                          *web.glob("static/*.html")])))]
    found += [Domain(r.name, r / "locale", tuple(sorted(r.rglob("*.py")))) for r in rulesets]
    return found


class _HTMLMessages(HTMLParser):
    """The messages of a page's HTML: ``data-i18n`` elements' text, ``data-i18n-attrs``'
    attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attrs") or "").split():
            if values.get(name):
                self.found.append((line, str(values[name])))
        if "data-i18n" in values:
            self._open.append((tag, line, []))
        elif self._open:
            self._open.append((tag, line, self._open[-1][2]))

    def handle_endtag(self, tag: str) -> None:
        if not self._open:
            return
        _tag, line, text = self._open.pop()
        if not self._open or self._open[-1][2] is not text:
            message = " ".join("".join(text).split())
            if message:
                self.found.append((line, message))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)


def html_messages(path: Path) -> list[tuple[int, str]]:
    parser = _HTMLMessages()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def extract(domain: Domain) -> Catalog:
    """The domain's template: every marked message with where it is said."""
    template = Catalog(domain=domain.name, project="wingbeat", msgid_bugs_address="",
                       charset="utf-8")
    for path in domain.files:
        where = str(path.relative_to(ROOT))
        if path.suffix == ".html":
            for line, message in html_messages(path):
                template.add(message, locations=[(where, line)])
            continue
        method = "javascript" if path.suffix == ".js" else "python"
        keywords = JS_KEYWORDS if method == "javascript" else PY_KEYWORDS
        for line, message, comments, context in extract_from_file(
                method, str(path), keywords=keywords, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True):
            template.add(message, locations=[(where, line)], auto_comments=comments,
                         context=context)
    if domain.name == "wingbeat":
        for where, line, message, _said_in in help_messages():
            template.add(message, locations=[(where, line)],
                         auto_comments=["Command-line help (wingbeat … --help)."])
    return template


def help_messages() -> Iterator[tuple[str, int, str, str]]:
    """Every help text of the command line (``wingbeat … --help``): each command's and group's
    help and each of its parameters' ``help=``, as ``(file, line, message, where)``, the file and
    line of the function that defines the command. They are plain English where each command is
    defined and said when the help is shown (``wingbeat._console``), so they are found by walking
    the command tree, which imports ``wingbeat.cli`` (from this checkout)."""
    import importlib
    import inspect

    src = str(ROOT / "src")
    if src not in sys.path:
        sys.path.insert(0, src)
    import typer.main
    from typer._click import Context

    cli = importlib.import_module("wingbeat.cli")
    console = importlib.import_module("wingbeat._console")
    default = (str((SRC / "cli.py").relative_to(ROOT)), 0)

    def where_defined(command: Any) -> tuple[str, int]:
        function = inspect.unwrap(command.callback) if command.callback else None
        try:
            path = Path(inspect.getsourcefile(function) or "").resolve()  # type: ignore[arg-type]
            return str(path.relative_to(ROOT)), inspect.getsourcelines(function)[1]  # type: ignore[arg-type]
        except (TypeError, ValueError, OSError):
            return default

    def walk(command: Any, ctx: Any) -> Iterator[tuple[str, int, str, str]]:
        file, line = where_defined(command)
        for text in (command.help, command.short_help):
            if text:
                yield file, line, console.help_message(text), ctx.command_path
        for param in command.get_params(ctx):
            if param.help:
                flag = param.opts[0] if param.param_type_name == "option" else \
                    (param.metavar or param.name or "").upper()
                yield file, line, console.help_message(param.help), f"{ctx.command_path} {flag}"
        for name in getattr(command, "list_commands", lambda ctx: [])(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from walk(sub, Context(sub, parent=ctx, info_name=name))

    root = typer.main.get_command(cli.app)
    yield from walk(root, Context(root, info_name="wingbeat"))


def _read(path: Path, lang: str, domain: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def update() -> None:
    """New messages into every ``.po`` (untranslated), gone ones out; translations kept."""
    for domain in domains():
        template = extract(domain)
        for lang in LANGUAGES:
            path = domain.po(lang)
            if path.exists():
                catalog = _read(path, lang, domain.name)
            else:
                catalog = Catalog(locale=lang, domain=domain.name, project="wingbeat",
                                  charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            # a stable header: an update that adds nothing rewrites nothing
            catalog.creation_date = catalog.revision_date = STAMP
            catalog.project, catalog.version, catalog.fuzzy = "wingbeat", "", False
            catalog.last_translator = catalog.language_team = "wingbeat"
            path.parent.mkdir(parents=True, exist_ok=True)
            out = BytesIO()
            write_po(out, catalog, width=100, omit_header=False, sort_output=False,
                     include_previous=False)
            if not path.exists() or path.read_bytes() != out.getvalue():
                path.write_bytes(out.getvalue())
                print(f"updated {path.relative_to(ROOT)}")


def compile_all(root: Path = SRC) -> list[Path]:
    """Every ``.po`` under ``root`` compiled to its ``.mo`` beside it (fuzzy entries left out)."""
    written = []
    for po in sorted(root.rglob("locale/*/LC_MESSAGES/*.po")):
        catalog = _read(po, po.parent.parent.name, po.stem)
        out = BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != out.getvalue():
            part = mo.with_name(f".{mo.name}.{os.getpid()}")  # whole or absent, for a reader
            part.write_bytes(out.getvalue())
            os.replace(part, mo)
        written.append(mo)
    return written


def _placeholders(text: str) -> list[str]:
    return sorted(m.group().split(":")[0].split("!")[0].strip("{}") for m in
                  PLACEHOLDER.finditer(text))


def problems(domain_list: Iterable[Domain] | None = None) -> Iterator[str]:
    """Each message of the code with no Italian or French entry, a fuzzy or empty one, or one
    whose placeholders differ from the English: one line each."""
    for domain in domain_list or domains():
        template = extract(domain)
        if not len(template):
            continue
        for lang in LANGUAGES:
            path = domain.po(lang)
            if not path.exists():
                yield f"{domain.name}: no {lang} catalog ({path.relative_to(ROOT)})"
                continue
            catalog = _read(path, lang, domain.name)
            for message in template:
                if not message.id:
                    continue
                entry = catalog.get(message.id, context=message.context)
                where = f"{domain.name} [{lang}] {message.locations[0][0]}:" \
                        f"{message.locations[0][1]} {message.id!r}"
                if entry is None:
                    yield f"{where}: no entry"
                    continue
                if entry.fuzzy:
                    yield f"{where}: fuzzy"
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                if not all(strings):
                    yield f"{where}: not translated"
                    continue
                wanted = _placeholders(ids[-1])
                for string in strings:
                    if _placeholders(string) != wanted and _placeholders(string) != \
                            _placeholders(ids[0]):
                        yield f"{where}: placeholders {_placeholders(string)} in {string!r}, " \
                              f"not {wanted}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("update", "compile", "check"))
    args = parser.parse_args(argv)
    if args.action == "update":
        update()
        compile_all()
    elif args.action == "compile":
        compile_all()
    else:
        found = list(problems())
        for line in found:
            print(line)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
