"""The catalogs stay complete: every sentence the code marks has an Italian and a French entry,
translated, with the same placeholders as the English (scripts/messages.py check)."""

from __future__ import annotations

import sys


def test_every_message_is_translated() -> None:
    tool = sys.modules["wingbeat_messages_tool"]  # loaded by conftest, which compiles them
    problems = list(tool.problems())
    assert not problems, "\n".join(["run `make messages`, then translate:", *problems[:60]])


def test_the_html_extractor_reads_marked_elements(tmp_path) -> None:  # type: ignore[no-untyped-def]
    tool = sys.modules["wingbeat_messages_tool"]
    page = tmp_path / "p.html"
    page.write_text('<p data-i18n>Pick a creature\n  first</p>'
                    '<button data-i18n-attrs="title aria-label" title="Zoom in" '
                    'aria-label="Zoom in on the map">+</button><p>not this</p>')
    assert sorted(tool.html_messages(page)) == [(1, "Pick a creature first"), (2, "Zoom in"),
                                                (2, "Zoom in on the map")]
