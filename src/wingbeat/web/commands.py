"""``wingbeat serve``: the local web app, on 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Annotated

import typer

from .._console import Command

__all__ = ["listen", "register", "serve_command", "where_to_serve"]

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


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port``, for the server to accept on.

    Bound here, before the server starts, so a busy port is the CLI's one-line error rather than
    the server's log; and handed to the server as it is, so no other process can take the port in
    between.
    """
    from ..errors import OptionError

    try:
        found = [a for a in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                               flags=socket.AI_PASSIVE)
                 if a[0] in (socket.AF_INET, socket.AF_INET6)]
    except socket.gaierror as exc:
        raise OptionError(f"cannot listen on {host}: {exc.strerror}") from None
    if not found:
        raise OptionError(f"cannot listen on {host}: not an IP address or host name")
    # IPv4 first: a name such as localhost then means 127.0.0.1, as the server would take it.
    family, kind, proto, _name, address = min(found, key=lambda a: a[0] != socket.AF_INET)
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Inherited by each accepted connection: uvicorn takes the socket by its descriptor, as
        # a Unix socket, so asyncio does not turn Nagle off itself, and every small answer would
        # wait about 40 ms for the client's delayed ACK.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise OptionError(f"port {port} on {host} is in use: try --port "
                              f"{_free_port(host, port)}") from None
        raise OptionError(f"cannot listen on {host} port {port}: {exc.strerror}") from None
    return sock


def _free_port(host: str, port: int) -> int:
    """The next port that is free on ``host`` (the next one, if none of the next hundred is)."""
    from ..errors import WingbeatError

    for candidate in range(port + 1, min(port + 101, 65536)):
        try:
            probe = listen(host, candidate)
        except WingbeatError:
            continue
        probe.close()
        return candidate
    return port + 1


def serve_command(
    scenario: Annotated[str | None, typer.Argument(
        help="A scenario file, a directory of them, or example:NAME (default: "
             "example:giant-bat).")] = None,
    host: Annotated[str, typer.Option(
        help="Address to listen on; keep 127.0.0.1 unless you mean to share it.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free one).",
                                      min=0, max=65535)] = 8000,
    time_limit: Annotated[float, typer.Option(
        help="Seconds one question may compute before it answers 503.",
        min=0.1, max=3600)] = 60.0,
    # The defaults are pool.WORKERS and pool.MEMORY_LIMIT_MB (not imported: no other command
    # should pay for multiprocessing).
    workers: Annotated[int, typer.Option(
        help="Worker processes that compute the questions, at most this many at once.",
        min=1, max=32)] = 2,
    memory_limit: Annotated[int, typer.Option(
        help="Memory (address space, MB) one worker may use; a question past it answers 503 "
             "(0: no limit).", min=0, max=1_048_576)] = 4096,
) -> None:
    """Run the web app: the map, reach, paths and move checks in a browser."""
    from .._console import err, failed
    from ..errors import WingbeatError

    try:
        from .app import DEFAULT_SCENARIO, create_app

        directory, first = where_to_serve(scenario)
        app = create_app(directory, first, hosts=[host], time_limit=time_limit,
                         workers=workers, memory_limit=memory_limit)
        # Open the first scenario now, so a broken file fails here with the CLI's message.
        from .scenarios import ScenarioStore

        ScenarioStore(directory).open(first or DEFAULT_SCENARIO)
        sock = listen(host, port)
    except WingbeatError as exc:
        failed(exc, False)
    import threading

    import uvicorn

    # The worker processes start while the server does, so the first question need not wait.
    threading.Thread(target=app.state.pool.warm, name="wingbeat-warm", daemon=True).start()
    with sock:
        port = sock.getsockname()[1]
        if host not in _LOOPBACK:
            err.print(f"warning: listening on {host}: anyone who can reach this address can use "
                      "the app", markup=False)
        shown = f"[{host}]" if ":" in host else host
        err.print(f"wingbeat: serving on http://{shown}:{port}/ (API docs at /docs); "
                  "Ctrl+C stops it", markup=False)
        # A request must arrive in time, and one client holds few connections (slowloris:
        # web/connections.py, docs/limits.md).
        from .connections import guarded_protocol

        uvicorn.run(app, host=host, port=port, fd=sock.fileno(), log_level="warning",
                    http=guarded_protocol())


def register(app: typer.Typer) -> None:
    app.command("serve", cls=Command)(serve_command)
