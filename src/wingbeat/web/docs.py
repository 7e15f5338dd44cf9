"""``/docs``: the API's Swagger UI from files the app serves itself, so it works offline (a
table with no network) and under the page's own content security policy (no script from a CDN,
none inline).

Swagger UI's files come from the ``swagger-ui-bundle-v2`` wheel; the page that starts it and its
start script are here.
"""

from __future__ import annotations

import json
from html import escape

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

__all__ = ["ASSETS", "mount_docs"]

ASSETS = "/docs/assets"


def mount_docs(app: FastAPI, path: str = "/docs") -> None:
    """Serve Swagger UI at ``path`` over ``app.openapi_url``, its files under ``ASSETS``."""
    from swagger_ui_bundle import swagger_ui_path

    openapi = app.openapi_url or "/openapi.json"
    page = _PAGE.format(title=escape(f"{app.title}: the API"), assets=ASSETS,
                        start=f"{path}/start.js")
    start = _START.format(openapi=json.dumps(openapi))

    @app.get(path, include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(page)

    @app.get(f"{path}/start.js", include_in_schema=False)
    def docs_start() -> Response:
        return Response(start, media_type="text/javascript")

    app.mount(ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="swagger-ui")


_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="{assets}/swagger-ui.css">
<link rel="icon" type="image/png" href="{assets}/favicon-32x32.png">
</head>
<body>
<main id="swagger-ui"></main>
<script src="{assets}/swagger-ui-bundle.js"></script>
<script src="{start}"></script>
</body>
</html>
"""

_START = """// Starts Swagger UI on the app's OpenAPI document (FastAPI's own settings for /docs).
window.ui = SwaggerUIBundle({{
  url: {openapi},
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
}});
"""
