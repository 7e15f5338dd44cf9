"""The language of each request: every seat of a shared table reads the app in its own.

``Speaking`` (a pure ASGI middleware, outside the guard so that its refusals are said in the
request's language too) sets ``wingbeat.i18n``'s current language for the whole request from, in
order: the ``wingbeat-lang`` cookie (the pages' language picker sets it), the browser's
``Accept-Language`` (its q-values honoured), then English. Work sent to a worker process carries
the language with it (web/pool.py), and every cache of answers keys on it (web/scenarios.py).

Answers say which language they speak (``Content-Language``) and that it depends on the cookie and
the header (``Vary``). The cookie only chooses the language of the sentences: it changes no saved
state, and a cookie another site sets (``SameSite=Lax``) can do no more than that.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any

from starlette.datastructures import Headers

from ..i18n import LANGUAGES, language, parse_language, speaking
from ._messages import PAGE

__all__ = ["COOKIE", "Speaking", "accepted_language", "page_catalog", "page_html",
           "request_language", "with_messages"]

#: The cookie the pages' language picker sets (``en``, ``it`` or ``fr``).
COOKIE = "wingbeat-lang"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def accepted_language(header: str | None) -> str | None:
    """The language wingbeat speaks that ``Accept-Language`` prefers most (``"fr-CH, fr;q=0.9,
    en;q=0.8"`` → ``"fr"``; ``"de, it;q=0.5"`` → ``"it"``), or None: the highest q-value first,
    equal ones in the header's order; ``q=0`` refuses a language; ``*`` is English."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header[:1000].split(",")):
        tag, *params = (p.strip() for p in part.split(";"))
        quality = 1.0
        for param in params:
            name, _sep, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value.strip())
                except ValueError:
                    quality = 0.0
        if not tag or not 0.0 < quality <= 1.0:
            continue
        found = "en" if tag == "*" else parse_language(tag)
        if found:
            ranked.append((-quality, index, found))
    return min(ranked)[2] if ranked else None


def cookie_language(header: str | None) -> str | None:
    """The language the ``wingbeat-lang`` cookie chooses, or None."""
    if not header or COOKIE not in header:
        return None
    cookies: SimpleCookie = SimpleCookie()
    try:
        cookies.load(header)
    except CookieError:
        return None
    morsel = cookies.get(COOKIE)
    value = morsel.value.strip().lower() if morsel is not None else ""
    return value if value in LANGUAGES else None


def request_language(headers: Headers) -> str:
    """The cookie's language, else ``Accept-Language``'s, else English."""
    return (cookie_language(headers.get("cookie")) or
            accepted_language(headers.get("accept-language")) or "en")


class Speaking:
    """Say every sentence of a request in the request's language (ASGI)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = request_language(Headers(scope=scope))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                present = {name.lower() for name, _value in raw}
                if b"content-language" not in present:
                    raw.append((b"content-language", lang.encode()))
                vary = [v for n, v in raw if n.lower() == b"vary"]
                if not vary:
                    raw.append((b"vary", b"Accept-Language, Cookie"))
                message["headers"] = raw
            await send(message)

        with speaking(lang):
            await self.app(scope, receive, sending)


def page_catalog(lang: str) -> dict[str, Any]:
    """The pages' messages in ``lang`` (domain ``page``): msgid → msgstr, and for a plural entry
    singular → [its forms]; empty for English."""
    if lang == "en":
        return {}
    catalog = PAGE.catalog(lang)
    found: dict[str, Any] = {}
    for key, value in getattr(catalog, "_catalog", {}).items():
        if isinstance(key, tuple):  # (singular, index) of a plural entry
            forms = found.setdefault(key[0], [])
            if isinstance(forms, list):
                while len(forms) <= key[1]:
                    forms.append("")
                forms[key[1]] = value
        elif key and value:
            found[key] = value
    return found


def with_messages(html: bytes, lang: str) -> bytes:
    """A page's HTML speaking ``lang``: ``<html lang>`` set, and its catalog in a
    ``<script type="application/json" id="wb-messages">`` before ``</head>`` (static/i18n.js
    reads it, so no English shows before a fetch)."""
    text = html.decode("utf-8")
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    data = json.dumps({"lang": lang, "messages": page_catalog(lang)}, ensure_ascii=False,
                      sort_keys=True)
    # inside <script>, "</" and "<!--" must not appear as they are
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    tag = f'<script type="application/json" id="wb-messages">{data}</script>\n'
    return text.replace("</head>", tag + "</head>", 1).encode("utf-8")


_PAGES: dict[tuple[str, str], bytes] = {}


def page_html(path: Path) -> bytes:
    """The page at ``path`` in the current language (``with_messages``), made once per
    language: the pages are served from memory."""
    lang = language()
    key = (str(path), lang)
    found = _PAGES.get(key)
    if found is None:
        found = _PAGES[key] = with_messages(path.read_bytes(), lang)
    return found
