"""``wingbeat serve``: the local web app, on 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .._console import Command
from ._messages import _

if TYPE_CHECKING:
    from .share import ShareKeys

__all__ = ["listen", "network_address", "register", "serve_command", "where_to_serve"]

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
    raise ScenarioError(_("no such file or directory"), source=argument)


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
        raise OptionError(_("cannot listen on {host}: {reason}").format(
            host=host, reason=exc.strerror)) from None
    if not found:
        raise OptionError(_("cannot listen on {host}: not an IP address or host name").format(
            host=host))
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
            raise OptionError(_("port {port} on {host} is in use: try --port {free}").format(
                port=port, host=host, free=_free_port(host, port))) from None
        raise OptionError(_("cannot listen on {host} port {port}: {reason}").format(
            host=host, port=port, reason=exc.strerror)) from None
    return sock


def network_address() -> str | None:
    """This machine's address on its network (the one a packet to the internet would leave
    from), or None when it has none but the loopback. A UDP socket's ``connect`` only chooses a
    route: no packet is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: any address off this machine will do
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if found.startswith("127.") or found == "0.0.0.0" else found


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
    host: Annotated[str | None, typer.Option(
        help="Address to listen on (default 127.0.0.1); keep it unless you mean to share it. "
             "With --share: the address to share (default: this machine's network address).",
        show_default=False)] = None,
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
    share: Annotated[bool, typer.Option(
        "--share", help="Share the table: listen on this machine's network address too, and "
                        "print a link (with its key) for the game master and one per side.")
    ] = False,
    new_keys: Annotated[bool, typer.Option(
        "--new-keys", help="With --share: new keys for every link (the old links stop "
                           "working).")] = False,
    json_: Annotated[bool, typer.Option(
        "--json", help="With --share: the links as one line of JSON on stdout.")] = False,
) -> None:
    """Run the web app: the map, reach, paths and move checks in a browser.

    With --share, a table of people: each gets a link with its key (the game master's, or a
    side's player's), and every request without a valid key is refused."""
    from .._console import err, fail, failed
    from ..errors import WingbeatError

    if (new_keys or json_) and not share:
        fail(_("{option} goes with --share (a shared table's links)").format(
            option="--new-keys" if new_keys else "--json"), json_)
    shared: str | None = None  # the address the links name
    if share:
        shared = host if host not in (None, "0.0.0.0", "::") else network_address()
        if shared is None:
            err.print(_("warning: this machine has no network address but the loopback: the "
                        "links work on this machine only"), markup=False)
            shared = "127.0.0.1"
        # the default: every address, so the loopback still answers; the Host check admits the
        # shared address and the loopback only (guard.py)
        everywhere = host in (None, "0.0.0.0", "::") and shared not in _LOOPBACK
        bind = (host or "0.0.0.0") if everywhere else shared
    else:
        bind = host or "127.0.0.1"
    try:
        from .app import DEFAULT_SCENARIO, create_app

        directory, first = where_to_serve(scenario)
        app = create_app(directory, first, hosts=[shared or bind], time_limit=time_limit,
                         workers=workers, memory_limit=memory_limit)
        # Open the first scenario now, so a broken file fails here with the CLI's message.
        from .scenarios import ScenarioStore

        ScenarioStore(directory).open(first or DEFAULT_SCENARIO)
        keys = _table_keys(directory, first, new_keys) if share else None
        sock = listen(bind, port)
    except WingbeatError as exc:
        failed(exc, json_)
    import threading

    import uvicorn

    # The worker processes start while the server does, so the first question need not wait.
    threading.Thread(target=app.state.pool.warm, name="wingbeat-warm", daemon=True).start()
    with sock:
        port = sock.getsockname()[1]
        if keys is not None and shared is not None:
            _announce(app, keys, shared, port, json_)
        elif bind not in _LOOPBACK:
            err.print(_("warning: listening on {address}: anyone who can reach this address "
                        "can use the app").format(address=bind), markup=False)
        named = shared or bind
        shown = f"[{named}]" if ":" in named else named
        err.print(_("wingbeat: serving on {url} (API docs at /docs); Ctrl+C stops it").format(
            url=f"http://{shown}:{port}/"), markup=False)
        # A request must arrive in time, and one client holds few connections (slowloris:
        # web/connections.py, docs/limits.md).
        from .connections import guarded_protocol

        uvicorn.run(app, host=bind, port=port, fd=sock.fileno(), log_level="warning",
                    http=guarded_protocol())


def _table_keys(directory: Path | None, first: str | None, renew: bool) -> ShareKeys:
    """The shared table's keys, for the sides of the scenarios served (a file that does not
    load is left out, with a warning)."""
    from .._console import err
    from .share import share_keys, sides_served

    sides, warnings = sides_served(directory, first)
    for warning in warnings:
        err.print(warning, markup=False)
    return share_keys(sides, renew=renew)


def _announce(app: Any, keys: ShareKeys, address: str, port: int, as_json: bool) -> None:
    """Make ``app`` the shared table's (keys, ``/api/share``) and say its links, before it
    answers anything: each with a QR code on stderr, and with ``as_json`` one line on stdout."""
    import json
    import sys

    import segno

    from .._console import err
    from .access import install_access
    from .share import links

    shown = f"[{address}]" if ":" in address else address
    base = f"http://{shown}:{port}/"
    install_access(app, keys, base)
    found = links(base, keys)
    said = [_("wingbeat: the link for the game master: {url}").format(url=found["gm"]),
            *(_("wingbeat: the link for the players of {side}: {url}").format(side=side, url=url)
              for side, url in found["players"].items())]
    for line, url in zip(said, [found["gm"], *found["players"].values()], strict=True):
        err.print(line, markup=False)
        segno.make(url, error="m").terminal(out=sys.stderr, compact=True)
    if as_json:
        sys.stdout.write(json.dumps(found) + "\n")
        sys.stdout.flush()


def register(app: typer.Typer) -> None:
    app.command("serve", cls=Command)(serve_command)
