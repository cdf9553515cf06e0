"""Every ``/api/...`` request no route takes gets the documented error shape.

The web UI is mounted at "/" and takes every method on every path, so without this a
wrong method on an API path (``DELETE /api/health``) fell through to Flet and got its
``405 {"detail": ...}``. This catch-all, added after the API's routes and before the
mount, answers 405 (with ``Allow``) when the path is an API route, else 404.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from starlette.routing import BaseRoute, Match, Mount

from .errors import error_body
from .responses import FastJSONResponse

METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def add_api_fallback(app: FastAPI, prefix: str = "/api") -> None:
    """Answer what no ``prefix`` route matched (call once every API route is added)."""

    async def fallback(request: Request) -> FastJSONResponse:
        path = request.url.path
        allowed: set[str] = set()
        routes = [r for r in app.router.routes if r not in own and not isinstance(r, Mount)]
        for method in METHODS:
            probe = {**request.scope, "method": method}
            if any(route.matches(probe)[0] == Match.FULL for route in routes):
                allowed.add(method)
        if allowed:
            methods = ", ".join(sorted(allowed))
            return FastJSONResponse(
                error_body(
                    "method_not_allowed",
                    f"{path} does not take {request.method}; it takes {methods}.",
                ),
                status_code=405,
                headers={"Allow": methods},
            )
        return FastJSONResponse(
            error_body("not_found", f"No API endpoint at {path}."), status_code=404
        )

    before = len(app.router.routes)
    for path in (prefix, prefix + "/{rest:path}"):
        app.add_api_route(path, fallback, methods=METHODS, include_in_schema=False)
    own: list[BaseRoute] = app.router.routes[before:]
