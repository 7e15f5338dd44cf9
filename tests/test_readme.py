"""Every ```python block of README.md runs as written, from an empty folder, so the README cannot
rot: a block that needs a file it does not make, or an API that changed, fails here.

A bare expression whose line ends in a comment that is itself a Python expression states its value
(``report.legal, report.cost  # (True, Fraction(4, 1))``): that value is checked too.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from fractions import Fraction
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def blocks() -> list[tuple[int, str]]:
    """Each python block with the README line its code starts on."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def test_the_readme_has_python_blocks() -> None:
    assert blocks(), "README.md has no ```python block: the test below would check nothing"


def stated_value(comment: str) -> str | None:
    """The comment's text if it is a Python expression (a stated value), else None (prose)."""
    text = comment.removeprefix("#").strip()
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    return text


@pytest.mark.parametrize(("line", "code"),
                         [pytest.param(line, code, id=f"line {line}") for line, code in blocks()])
def test_the_python_block_runs(line: int, code: str, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no file of the repository is at hand, as for a reader
    where = f"README.md, block at line {line}"
    comments = {tok.start[0]: tok.string
                for tok in tokenize.generate_tokens(io.StringIO(code).readline)
                if tok.type == tokenize.COMMENT}
    namespace: dict[str, object] = {"__name__": "readme"}
    for statement in ast.parse(code, filename=where).body:
        if not isinstance(statement, ast.Expr):
            exec(compile(ast.Module([statement], []), where, "exec"), namespace)
            continue
        value = eval(compile(ast.Expression(statement.value), where, "eval"), namespace)
        comment = comments.get(statement.end_lineno or statement.lineno)
        stated = None if comment is None else stated_value(comment)
        if stated is not None:
            assert value == eval(stated, {"Fraction": Fraction}), (
                f"{where}: line {line + statement.lineno - 1} gives {value!r}, "
                f"its comment says {stated}")
