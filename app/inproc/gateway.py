"""`InProcessGateway`: a browser session's way to the host before it has a seat.

Joining, claiming, checking a code, creating and listing tables call the service layer
(app.host.service) as the routes do, with the routes' own body models (the same limits
and words) and the phone's address for the per-address limit on wrong codes; refusals
are raised as `HostRefused`, as the HTTP gateway raises them.
"""

from __future__ import annotations

from collections.abc import Awaitable
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from app.client.core import OutboxSaver
from app.client.lobby import Catalogue, HostRefused, Seat
from app.domain.errors import DomainError
from app.host import catalogue, jsoncodec, service
from app.host.errors import HostError
from app.host.schemas import Claim, CreateTable, Join
from app.host.validation import field_message

from .client import InProcessClient
from .views import SharedViews

#: The address in-process requests carried before a page's own was known (httpx's).
LOCAL_ADDRESS = "127.0.0.1"
M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


@cache
def shared_catalogue() -> list[dict[str, Any]]:
    """Every rule system's catalogue as ``GET /api/rulesets`` sends it, parsed once.

    Shared by every browser session in the host, so read-only: a page keeps it and
    reads it (the home screen's systems, the command forms), never changes it."""
    parsed: list[dict[str, Any]] = jsoncodec.loads(catalogue.rulesets_body()[0])
    return parsed


class InProcessGateway:
    """Joins, claims and admin calls straight to the host's service layer."""

    def __init__(
        self,
        ctx: service.ApiContext,
        base_url: str,
        *,
        address: str = LOCAL_ADDRESS,
        views: SharedViews | None = None,
    ) -> None:
        self.ctx = ctx
        self.base_url = base_url
        self.address = address
        self.views = views if views is not None else SharedViews()

    @property
    def remote(self) -> bool:
        """Never: the host serves this session from its own process."""
        return False

    async def reachable(self, base_url: str) -> bool:
        return True  # the host is this process

    def for_client(self, address: str | None) -> InProcessGateway:
        """A gateway for one page, its wrong codes counted against the phone's address
        (as the browser session's web socket saw it); the views stay shared."""
        if not address:
            return self
        return InProcessGateway(self.ctx, self.base_url, address=address, views=self.views)

    def _base(self) -> str:
        return self.ctx.base(self.base_url)

    async def join(self, code: str, name: str) -> Seat:
        body = _parsed(Join, join_code=code, name=name)
        joined = await _asked(service.join(self.ctx, self.address, body.join_code, body.name))
        return Seat(self.base_url, joined["table_id"], joined["player_token"], joined["player_id"])

    async def check_code(self, code: str) -> dict[str, Any]:
        """The table ``code`` opens ({name, ruleset, title}); HostRefused if none."""
        try:
            return service.check_code(self.ctx, self.address, code)
        except HostError as exc:
            raise HostRefused(exc.status, exc.code, exc.message) from None

    async def claim(self, code: str) -> Seat:
        body = _parsed(Claim, claim_code=code)
        found = await _asked(service.claim(self.ctx, self.address, body.claim_code))
        return Seat(self.base_url, found["table_id"], found["player_token"], found["player_id"])

    async def create_table(
        self, admin: str, name: str, ruleset: str, settings: dict[str, Any]
    ) -> dict[str, Any]:
        _admin(self.ctx, admin)
        body = _parsed(CreateTable, name=name, ruleset=ruleset, settings=settings)
        return await _asked(
            service.create_table(self.ctx, self._base(), body.name, body.ruleset, body.settings)
        )

    async def list_tables(self, admin: str) -> list[dict[str, Any]]:
        _admin(self.ctx, admin)
        return service.list_tables(self.ctx, self._base())

    async def rulesets(self) -> Catalogue:
        # One parsed copy for every session of the host, which pages only read
        # (tests/ui/test_shared_catalogue.py draws every form and checks it unchanged):
        # parsed per session it was 3.0 of a session's 3.5 MiB, ~40,000 objects that
        # each full garbage collection walked again (docs/benchmarks.md §11).
        return shared_catalogue()

    def client(
        self, seat: Seat, outbox: list[dict[str, Any]], save: OutboxSaver | None
    ) -> InProcessClient:
        return InProcessClient(seat, self.ctx, self.views, outbox=outbox, save_outbox=save)


def _admin(ctx: service.ApiContext, token: str) -> None:
    try:
        service.require_admin(ctx, token)
    except HostError as exc:
        raise HostRefused(exc.status, exc.code, exc.message) from None


def _parsed(model: type[M], **fields: Any) -> M:
    """The route's body model of ``fields``: too long a name is refused in its words."""
    try:
        return model(**fields)
    except ValidationError as exc:
        raise HostRefused(422, "invalid_request", field_message(exc.errors()[0])) from None


async def _asked(call: Awaitable[T]) -> T:
    try:
        return await call
    except (HostError, DomainError) as exc:  # the routes answer both in one shape
        raise HostRefused(exc.status, exc.code, exc.message) from None
