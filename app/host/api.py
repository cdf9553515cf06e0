"""The public HTTP API. Routes are thin: parse, authenticate, hand to the hub."""

# No "from __future__ import annotations": FastAPI resolves the route-local
# dependency aliases (Seat) from evaluated annotations.

import logging
import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import Response, StreamingResponse

from app import __version__
from app.domain.actors import Actor
from app.domain.commands import Command
from app.domain.errors import DomainError
from app.qr import qr_png, qr_svg

from . import catalogue, service
from .api_fallback import add_api_fallback
from .errors import INTERNAL_ERROR, HostError
from .feed import (
    MAX_WAIT_SECONDS,
    STREAM_HEARTBEAT_SECONDS,
    feed_answer,
    feed_stream,
    table_view,
)
from .hub import Hub
from .live import LiveTable
from .logs import mark_logged
from .responses import FastJSONResponse
from .schemas import (
    Claim,
    ClaimIssued,
    CommandIn,
    CommandOut,
    CreateTable,
    ErrorOut,
    EventsOut,
    Join,
    Joined,
    TableCreated,
)
from .service import ApiContext
from .validation import field_message

log = logging.getLogger(__name__)

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 429)
}


#: The only routes that take ``?token=`` (an <img> can't send a header). Anywhere
#: else a token in the address would end up in logs, history and Referer headers.
QUERY_TOKEN_ROUTES = ("/qr.svg", "/qr.png")


def bearer(request: Request) -> str | None:
    """The token from ``Authorization: Bearer`` (or ``?token=`` on the QR images)."""
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if request.url.path.endswith(QUERY_TOKEN_ROUTES):
        return request.query_params.get("token") or None
    return None


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def base_url(ctx: ApiContext, request: Request) -> str:
    """Where links point: the public URL, else the address the request came to."""
    return ctx.base(str(request.base_url))


def build_router(ctx: ApiContext) -> APIRouter:
    """Every /api route."""
    router = APIRouter(prefix="/api", responses=ERRORS)
    hub = ctx.hub
    # Which run of the host answers: a browser page that lost its socket reopens itself
    # when the host it knew was restarted (its session died with it).
    instance = secrets.token_hex(6)

    # Dependencies are async: a plain `def` would cost a thread-pool hop per request.
    async def require_admin(request: Request) -> None:
        service.require_admin(ctx, bearer(request))

    async def seat(table_id: str, request: Request) -> tuple[LiveTable, Actor]:
        return service.seat(ctx, table_id, bearer(request))

    Seat = Annotated[tuple[LiveTable, Actor], Depends(seat)]

    @router.get("/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "instance": instance}

    @router.get("/rulesets", response_model=list[dict[str, Any]])
    async def rulesets(request: Request) -> Response:
        """Every rule system with its settings and command catalogue (each command's
        arguments described and as a JSON Schema). Sent gzipped to a client that takes
        it: the schemas make it ~330 kB, ~40 kB compressed."""
        plain, packed = catalogue.rulesets_body()
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(
                packed,
                media_type="application/json",
                headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"},
            )
        return Response(plain, media_type="application/json", headers={"Vary": "Accept-Encoding"})

    @router.post(
        "/tables",
        status_code=201,
        response_model=TableCreated,
        dependencies=[Depends(require_admin)],
    )
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        return await service.create_table(
            ctx, base_url(ctx, request), body.name, body.ruleset, body.settings
        )

    @router.get("/tables", dependencies=[Depends(require_admin)])
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        return service.list_tables(ctx, base_url(ctx, request))

    @router.post("/join", status_code=201, response_model=Joined)
    async def join(body: Join, request: Request) -> dict[str, Any]:
        return await service.join(ctx, client_address(request), body.join_code, body.name)

    @router.get("/join/{join_code}")
    async def join_check(join_code: str, request: Request) -> dict[str, Any]:
        """The table a join code opens (its name and game), before a name is asked;
        a wrong code counts against the same per-address limit as a wrong join."""
        return service.check_code(ctx, client_address(request), join_code)

    @router.post("/claim", status_code=201, response_model=Joined)
    async def claim(body: Claim, request: Request) -> dict[str, Any]:
        return await service.claim(ctx, client_address(request), body.claim_code)

    @router.get("/tables/{table_id}")
    async def get_table(seat: Seat) -> dict[str, Any]:
        live, actor = seat
        live.seen(actor.label)
        return table_view(live, actor)

    @router.post(
        "/tables/{table_id}/commands",
        response_model=CommandOut,
        responses={200: {"model": CommandOut}},
    )
    async def post_command(body: CommandIn, seat: Seat) -> FastJSONResponse:
        live, actor = seat
        live.seen(actor.label)
        command = Command(body.id, body.type, body.args, actor, time.time())
        status, answer = await hub.execute(live, command)
        return FastJSONResponse(answer, status_code=status)

    # The feed is the hot path (every follower, every event): the answer is built as
    # plain JSON and sent as is; EventsOut documents it without re-validating it.
    @router.get("/tables/{table_id}/events", responses={200: {"model": EventsOut}})
    async def events(
        seat: Seat,
        request: Request,
        after: Annotated[int, Query(ge=0, le=2**62)] = 0,
        wait: Annotated[float, Query(ge=0, le=MAX_WAIT_SECONDS)] = 0,
        state: bool = False,
    ) -> FastJSONResponse:
        """Events after ``after`` the caller may see; long-polls up to ``wait`` seconds.
        (Well-formed requests are answered by the fast lane in app.host.fast_lane.)"""
        live, actor = seat
        still = live.authority(bearer(request) or "", ctx.admin_token, actor)
        return FastJSONResponse(await feed_answer(live, actor, after, wait, state, still))

    @router.get("/tables/{table_id}/events/stream")
    async def stream(
        seat: Seat,
        request: Request,
        after: Annotated[int, Query(ge=0, le=2**62)] = 0,
        state: bool = False,
        heartbeat: Annotated[float, Query(ge=1, le=MAX_WAIT_SECONDS)] = STREAM_HEARTBEAT_SECONDS,
    ) -> StreamingResponse:
        """Server-sent events: each event as ``data: {...}`` with ``id: version``; with
        ``state=true``, a feed answer (events, version, your view) now and per change."""
        live, actor = seat
        still = live.authority(bearer(request) or "", ctx.admin_token, actor)
        return StreamingResponse(
            feed_stream(live, actor, after, state, heartbeat, still),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache"},
        )

    @router.get("/tables/{table_id}/qr.svg")
    async def qr_svg_route(seat: Seat, request: Request) -> Response:
        live, _ = seat
        return Response(
            qr_svg(ctx.join_url(base_url(ctx, request), live)), media_type="image/svg+xml"
        )

    @router.get("/tables/{table_id}/qr.png")
    async def qr_png_route(seat: Seat, request: Request) -> Response:
        live, _ = seat
        return Response(qr_png(ctx.join_url(base_url(ctx, request), live)), media_type="image/png")

    @router.post(
        "/tables/{table_id}/seats/{player_id}/claim", status_code=201, response_model=ClaimIssued
    )
    async def issue_claim(player_id: str, seat: Seat, request: Request) -> dict[str, Any]:
        live, actor = seat
        return await service.issue_claim(ctx, base_url(ctx, request), live, actor, player_id)

    @router.get("/tables/{table_id}/export")
    async def export(seat: Seat) -> dict[str, Any]:
        live, actor = seat
        service.gm_only(actor, "export the table")
        return export_table(live)

    return router


def export_table(live: LiveTable) -> dict[str, Any]:
    """The full log and state of a table (GM eyes only: it holds every secret)."""
    return {
        "format": "fatepot-table/1",
        "table_id": live.table_id,
        "name": live.table.state.get("name"),
        "ruleset": live.table.ruleset.name,
        "version": live.table.version,
        "events": [e.to_record() for e in live.table.events],
        "state": live.table.state,
    }


def install_error_handlers(app: FastAPI) -> None:
    """Every error leaves as ``{"error": {"code", "message"}}``, never a stack trace."""
    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException as StarletteHTTPException

    from .errors import error_body

    @app.exception_handler(HostError)
    async def host_error(request: Request, exc: HostError) -> FastJSONResponse:
        return FastJSONResponse(error_body(exc.code, exc.message), status_code=exc.status)

    @app.exception_handler(DomainError)
    async def domain_error(request: Request, exc: DomainError) -> FastJSONResponse:
        return FastJSONResponse(error_body(exc.code, exc.message), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> FastJSONResponse:
        errors = exc.errors()
        if any(e.get("type") in ("json_invalid", "model_attributes_type") for e in errors) or (
            any(e.get("loc") == ("body",) for e in errors)
        ):
            return FastJSONResponse(
                error_body("malformed_json", "The body is not a JSON object."), status_code=400
            )
        message = field_message(errors[0]) if errors else "Invalid request."
        return FastJSONResponse(error_body("invalid_request", message), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> FastJSONResponse:
        if exc.status_code == 400:  # the framework could not parse the body
            return FastJSONResponse(
                error_body("malformed_json", "The body is not valid JSON."), status_code=400
            )
        codes = {404: "not_found", 405: "method_not_allowed"}
        return FastJSONResponse(
            error_body(codes.get(exc.status_code, "http_error"), str(exc.detail)),
            status_code=exc.status_code,
        )

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> FastJSONResponse:
        log.error("Unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
        mark_logged(exc)  # Starlette re-raises it to uvicorn, which would log it again
        return FastJSONResponse(INTERNAL_ERROR, status_code=500)


def build_api(hub: Hub, *, admin_token: str, public_url: str | None = None) -> FastAPI:
    """The API application (the web UI is mounted onto it by app.host.server)."""
    app = FastAPI(
        title="Fate Pot",
        version=__version__,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
        default_response_class=FastJSONResponse,
    )
    ctx = ApiContext(hub, admin_token, public_url)
    app.state.api = ctx
    app.include_router(build_router(ctx))
    add_api_fallback(app)
    install_error_handlers(app)
    catalogue.add_command_schemas(app)
    return app
