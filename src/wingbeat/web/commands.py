"""``wingbeat serve``: the local web app, on 127.0.0.1 unless told otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register", "serve_command", "where_to_serve"]

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def where_to_serve(argument: str | None) -> tuple[Path | None, str | None]:
    """The scenario directory and the scenario to open on, from ``wingbeat serve [SCENARIO]``.

    A file serves its own directory and opens on it; a directory serves its files; ``example:NAME``
    (or nothing) serves the built-in examples only.
    """
    from ..errors import ScenarioError

    if argument is None or argument.startswith("example:"):
        return None, argument
    given = Path(argument)
    if given.is_dir():
        return given, None
    if given.is_file():
        return given.parent, given.name
    raise ScenarioError("no such file or directory", source=argument)


def serve_command(
    scenario: Annotated[str | None, typer.Argument(
        help="A scenario file, a directory of them, or example:NAME (default: "
             "example:giant-bat).")] = None,
    host: Annotated[str, typer.Option(
        help="Address to listen on; keep 127.0.0.1 unless you mean to share it.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
) -> None:
    """Run the web app: the map, reach, paths and move checks in a browser."""
    import uvicorn

    from .._console import err, fail
    from ..errors import WingbeatError
    from .app import DEFAULT_SCENARIO, create_app

    try:
        directory, first = where_to_serve(scenario)
        app = create_app(directory, first)
        # Open the first scenario now, so a broken file fails here with the CLI's message.
        from .scenarios import ScenarioStore

        ScenarioStore(directory).open(first or DEFAULT_SCENARIO)
    except WingbeatError as exc:
        fail(str(exc), False)
    if host not in _LOOPBACK:
        err.print(f"warning: listening on {host}: anyone who can reach this address can use "
                  "the app", markup=False)
    shown = f"[{host}]" if ":" in host else host
    err.print(f"wingbeat: serving on http://{shown}:{port}/ (API docs at /docs); "
              "Ctrl+C stops it", markup=False)
    uvicorn.run(app, host=host, port=port, log_level="warning")


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_command)
