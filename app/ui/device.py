"""What the device remembers: tokens per table, the player's name, queued commands.

Tokens stay on the device (browser local storage through Flet's SharedPreferences, or
the phone's preferences in the compiled app) so a reload, a phone that slept or a
browser restart returns to the same seat with no typing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

PREFIX = "fatepot."
#: How long one question to the browser's storage may take before it is asked again,
#: and how many times. A browser page's answer can be lost with its web socket: Flet
#: 1.0.5 keeps the question waiting for ever when the session only disconnects
#: (`Session.disconnect` cancels nothing), and a page asked "which seat is mine?" just
#: before a drop stayed on "Opening the table..." after it re-attached. The question
#: asked again on the new socket is answered.
ASK_SECONDS = 4.0
#: Asked again for this long in all: a phone can be off the Wi-Fi for minutes while its
#: session waits for it (questions asked meanwhile go out when it is back), and a
#: session gone for good answers nothing.
ASK_GIVE_UP_SECONDS = 600.0


class KeyValue(Protocol):
    """The two calls Fate Pot needs from a preferences store."""

    async def get(self, key: str) -> Any: ...

    async def set(self, key: str, value: Any) -> Any: ...

    async def remove(self, key: str) -> Any: ...


class MemoryStore:
    """A dict standing in for the device's preferences (tests, no browser)."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}

    async def get(self, key: str) -> Any:
        return self.data.get(key)

    async def set(self, key: str, value: Any) -> bool:
        self.data[key] = value
        return True

    async def remove(self, key: str) -> bool:
        self.data.pop(key, None)
        return True


@dataclass(frozen=True)
class SavedSeat:
    """A seat this device holds: a player's (with ``player_id``) or the GM's."""

    table_id: str
    token: str
    player_id: str | None = None
    join_code: str | None = None

    @property
    def role(self) -> str:
        return "gm" if self.player_id is None else "player"

    def to_json(self) -> dict[str, Any]:
        return {
            "table_id": self.table_id,
            "token": self.token,
            "player_id": self.player_id,
            "join_code": self.join_code,
        }

    @staticmethod
    def from_json(data: Any) -> SavedSeat | None:
        if not isinstance(data, dict) or not data.get("table_id") or not data.get("token"):
            return None
        return SavedSeat(
            str(data["table_id"]),
            str(data["token"]),
            data.get("player_id"),
            data.get("join_code"),
        )


class Device:
    """Typed access to the device's preferences; every value is stored as JSON text."""

    def __init__(
        self,
        store: KeyValue,
        *,
        ask_seconds: float = ASK_SECONDS,
        give_up_seconds: float = ASK_GIVE_UP_SECONDS,
    ) -> None:
        self.store = store
        self.ask_seconds = ask_seconds
        self.give_up_seconds = give_up_seconds

    async def _ask(self, question: Callable[[], Awaitable[Any]]) -> Any:
        """``question()``'s answer, asked again when none comes in time (see ASK_SECONDS);
        TimeoutError if the device never answers."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.give_up_seconds
        while True:
            try:
                return await asyncio.wait_for(question(), self.ask_seconds)
            except TimeoutError:
                if loop.time() >= give_up:
                    raise

    async def _get(self, key: str) -> Any:
        raw = await self._ask(lambda: self.store.get(PREFIX + key))
        if not isinstance(raw, str):
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return None

    async def _set(self, key: str, value: Any) -> None:
        if value is None:
            await self._ask(lambda: self.store.remove(PREFIX + key))
        else:
            await self._ask(lambda: self.store.set(PREFIX + key, json.dumps(value)))

    # ---- seats --------------------------------------------------------------------

    async def player_seat(self, join_code: str) -> SavedSeat | None:
        """The seat this device took at the table with ``join_code``."""
        return SavedSeat.from_json(await self._get(f"seat.{join_code.upper()}"))

    async def save_player_seat(self, seat: SavedSeat) -> None:
        if seat.join_code:
            await self._set(f"seat.{seat.join_code.upper()}", seat.to_json())
        await self._set("last", seat.to_json())

    async def forget_player_seat(self, join_code: str) -> None:
        await self._set(f"seat.{join_code.upper()}", None)
        last = SavedSeat.from_json(await self._get("last"))
        if last is not None and last.join_code == join_code.upper():
            await self._set("last", None)

    async def gm_seat(self, table_id: str | None) -> SavedSeat | None:
        """The GM token kept for ``table_id`` (or for the last GM table)."""
        key = table_id or await self._get("gm.last")
        if not isinstance(key, str):
            return None
        return SavedSeat.from_json(await self._get(f"gm.{key}"))

    async def save_gm_seat(self, seat: SavedSeat) -> None:
        await self._set(f"gm.{seat.table_id}", seat.to_json())
        await self._set("gm.last", seat.table_id)
        await self._set("last", seat.to_json())

    async def forget_gm_seat(self, table_id: str) -> None:
        await self._set(f"gm.{table_id}", None)

    async def take_gm_handoff(self, table_id: str | None) -> str | None:
        """The GM token the page took out of the address (app.host.web_pages.GM_LINK_JS)
        for ``table_id``, once."""
        seat = SavedSeat.from_json(await self._get("gm.handoff"))
        if seat is None:
            return None
        await self._set("gm.handoff", None)
        return seat.token if seat.table_id == table_id else None

    async def last_seat(self) -> SavedSeat | None:
        """Where this device was last seated (player or GM)."""
        return SavedSeat.from_json(await self._get("last"))

    async def forget_last(self) -> None:
        await self._set("last", None)

    # ---- small things ---------------------------------------------------------------

    async def host_url(self) -> str:
        """The host a compiled app last used (browsers are served by their host)."""
        value = await self._get("host")
        return value if isinstance(value, str) else ""

    async def save_host_url(self, url: str) -> None:
        await self._set("host", url)

    async def hosting(self) -> bool:
        """Whether this app was hosting a table itself when it last ran (it hosts again
        at start-up: the app killed, the tablet restarted)."""
        return await self._get("hosting") is True

    async def save_hosting(self, hosting: bool) -> None:
        await self._set("hosting", True if hosting else None)

    async def name(self) -> str:
        value = await self._get("name")
        return value if isinstance(value, str) else ""

    async def save_name(self, name: str) -> None:
        await self._set("name", name)

    async def admin_token(self) -> str:
        value = await self._get("admin")
        return value if isinstance(value, str) else ""

    async def save_admin_token(self, token: str) -> None:
        await self._set("admin", token or None)

    async def theme(self) -> str:
        value = await self._get("theme")
        return value if value in ("dark", "light") else "dark"

    async def save_theme(self, theme: str) -> None:
        await self._set("theme", theme)

    async def outbox(self, seat: SavedSeat) -> list[dict[str, Any]]:
        value = await self._get(f"outbox.{seat.table_id}.{seat.player_id or 'gm'}")
        return [c for c in value if isinstance(c, dict)] if isinstance(value, list) else []

    async def save_outbox(self, seat: SavedSeat, commands: list[dict[str, Any]]) -> None:
        await self._set(f"outbox.{seat.table_id}.{seat.player_id or 'gm'}", commands or None)
