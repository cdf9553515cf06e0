"""Acting at the table: commands, undo, refusals, claim links; and `AppModel`."""

from __future__ import annotations

import flet as ft

from app.client.outcomes import Applied, Outcome, Queued, Rejected
from app.client.table_client import HostRefused
from app.domain.command_types import CommandCall

from ..device import Device
from .contracts import Gateway
from .joining import Joining
from .news import Toast, action_texts
from .redraw import ModelRef


@ft.observable
class AppModel(Joining):
    """One browser tab (or app) at one table. Screens read it; taps call its methods.

    Observable: a change to a public field (the screen, a message, the alerts) redraws
    the components given the model. The table's own changes do not go through it: they
    bump `news` (see `redraw.py`), which only the page's root follows.
    """

    #: Counts every change of a public field; `ft.observable` adds it (untyped there).
    __version__: int

    def __init__(self, gateway: Gateway, device: Device, origin: str) -> None:
        super().__init__(gateway, device, origin)
        self._ref = ModelRef(self)

    @property
    def ref(self) -> ModelRef:
        """This model for `part`s, which must not follow every change of it."""
        return self._ref

    # ---- acting ---------------------------------------------------------------------------

    async def send(self, call: CommandCall) -> Outcome | None:
        """Send a command (a call of its ``CommandType``); the outcome becomes a toast
        (with Undo when allowed)."""
        client = self._client
        if client is None:
            return None
        outcome = await client.send(call.type, call.args)
        self._changed()
        if isinstance(outcome, Applied):
            # Every event the action made that this device may see (the host sent no
            # others): "End session 1" is five lines, not its first one.
            text = "\n".join(action_texts(outcome.events)) or "Done."
            undoable = any(self.can_undo(e) for e in outcome.events[:1])
            self.toast(Toast(text, outcome.command_id if undoable else None))
        elif isinstance(outcome, Rejected):
            self.toast(Toast(outcome.message, error=True))
        elif isinstance(outcome, Queued):
            self.toast(Toast("No connection: saved, it will be sent when the host is back."))
        return outcome

    async def undo(self, command_id: str) -> Outcome | None:
        client = self._client
        if client is None:
            return None
        outcome = await client.undo(command_id)
        self._changed()
        if isinstance(outcome, Applied):
            self.toast(Toast("\n".join(action_texts(outcome.events)) or "Undone."))
        elif isinstance(outcome, Rejected):
            self.toast(Toast(outcome.message, error=True))
        return outcome

    def refuse(self, reason: str) -> None:
        """Show why the rules don't allow what was tapped (nothing is sent)."""
        self.toast(Toast(reason, error=True))

    async def issue_claim(self, player_id: str) -> None:
        client = self._client
        if client is None:
            return
        try:
            issued = await client.issue_claim(player_id)
        except HostRefused as err:
            self.toast(Toast(err.message, error=True))
            return
        url = f"{self.origin}/claim/{issued['claim_code']}"
        self.claim_links = {**self.claim_links, player_id: url}

    @property
    def join_url(self) -> str:
        code = self.table.get("join_code") or self.join_code
        return f"{self.origin}/join/{code}"
