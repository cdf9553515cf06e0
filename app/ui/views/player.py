"""The player's phone: the rule system's tabs (hand, roller, sheet) and the log."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..component import component, keyed
from ..model import AppModel
from ..model.redraw import part
from ..systems import Panel, system_ui
from .common import header
from .first_steps import first_steps
from .log import log_panel
from .toast import toast_strip

LOG = Panel("Log", ft.Icons.HISTORY, lambda model: log_panel(model))


def player_panels(model: AppModel) -> list[Panel]:
    return [*system_ui(model.ruleset).player, LOG]


@component
def player_screen(model: AppModel) -> ft.Control:
    """One tab at a time, chosen in the bar at the bottom (thumb reach); the toast just
    above the bar, in the page's flow."""
    panels = player_panels(model)
    system = system_ui(model.ruleset)
    names = [p.name for p in panels]
    opening = model.opening_tab()  # a page back from a drop: where it was
    index, set_index = ft.use_state(names.index(opening) if opening in names else 0)
    index = min(index, len(panels) - 1)
    model.tab_shown(names[index])

    def go(name: str) -> None:
        if name in names:
            set_index(names.index(name))

    body = ft.Column(
        [
            part(first_steps_card, model, go, names[index], key="first-steps"),
            part(panels[index].build, model, key=names[index]),
        ],
        spacing=10,
    )
    badges = model.badges(names)
    if badges.get(names[index]):  # what happened shows on the open tab: seen
        model.seen_tab(names[index], names)
        badges.pop(names[index])

    def open_tab(e: ft.Event[ft.NavigationBar]) -> None:
        chosen = int(e.control.selected_index or 0)
        model.seen_tab(names[chosen], names)
        set_index(chosen)

    return ft.Column(
        [
            part(player_header, model, key="header"),
            # What waits for an answer, above the list: a compel offered while the player
            # was scrolled down showed above the visible area (issue #28).
            *([part(pinned, model, key="pinned")] if (pinned := system.pinned) else []),
            # A list per tab (its own key): a tab opens at its top, as the badge that
            # brought the player there promised, not where the last tab was scrolled.
            ft.ListView([ft.Container(body, padding=12)], expand=True, key=f"tab-{names[index]}"),
            # The toast between the list and the tabs: it shortens the list and covers
            # neither a tab nor a button (issue #28).
            keyed("toast", toast_strip, model.toasts, model.undo),
            # A tab's dot follows the table (hit, card up): the bar is a part of its own.
            part(tab_bar, model, tuple(panels), index, badges, open_tab, key="tabs"),
        ],
        expand=True,
        spacing=0,
    )


def player_header(model: AppModel) -> ft.Control:
    """The bar at the top, naming this player's seat (a rename shows at once)."""
    return header(model, model.seat_name(model.player_id))


def first_steps_card(model: AppModel, go: Callable[[str], None], tab_name: str) -> ft.Control:
    return first_steps(model, go, tab_name)


def tab_bar(
    model: AppModel,
    panels: tuple[Panel, ...],
    index: int,
    badges: dict[str, int],
    open_tab: Callable[[ft.Event[ft.NavigationBar]], None],
) -> ft.Control:
    """The tabs at the bottom (thumb reach), with their badges and dots."""
    return ft.NavigationBar(
        destinations=[tab(p, badges.get(p.name, 0), model) for p in panels],
        selected_index=index,
        on_change=open_tab,
        label_behavior=ft.NavigationBarLabelBehavior.ALWAYS_SHOW,
    )


def tab(panel: Panel, news: int, model: AppModel) -> ft.NavigationBarDestination:
    """A tab at the bottom, with a badge counting what happened there unseen, or a dot
    while the tab's own state needs the player (``Panel.alert``: hit, card up...)."""
    badge = None
    if news:
        badge = ft.Badge(label=str(news))
    elif panel.alert is not None and panel.alert(model):
        badge = ft.Badge(small_size=12)
    return ft.NavigationBarDestination(
        # On the icon: Flutter draws a destination's own badge nowhere.
        icon=ft.Icon(panel.icon, badge=badge),
        label=panel.name,
        tooltip=f"{panel.name}: {news} new" if news else None,
    )
