"""The observable state of one Flet session and the actions that change it.

`AppModel` is what the screens read; its methods are what taps call. It talks to the
table only through a client built by a `Gateway`, so the same model runs in the
host's Flet sessions (the in-process adapter, app.inproc) and in a compiled app
(TableClient over real HTTP), and tests drive it with a fake client and no browser.

Composed of parts, each tested alone (docs/architecture.md, "The UI model"):
`app_model` (`AppModel`: the page's fields, the screens' reads, acting at the table)
holds a `session.Session` (gateway, device, route), a `telling.Notifier` (alerts and
undo notices), a `following.Follower` (the seat's client) and a `joining.JoiningFlow`
(routes, seats, hosting). `contracts` has the protocols they meet through; `news`
(toasts and alerts), `toasts` (the toast on screen), `page_memory` and `redraw` (what
makes a page redraw) are leaves. No module of the model imports another in a ring
(tests/ui/test_model_parts.py).
"""

from .app_model import AppModel
from .contracts import ClientLike, Gateway, Screen
from .following import PRESENCE_SECONDS, WAKE_RETRY_SECONDS
from .news import ALERT_TABS, TARGET_KEYS, Alert, Toast, action_texts, alert_for
from .redraw import News

__all__ = [
    "ALERT_TABS",
    "PRESENCE_SECONDS",
    "TARGET_KEYS",
    "WAKE_RETRY_SECONDS",
    "Alert",
    "AppModel",
    "ClientLike",
    "Gateway",
    "News",
    "Screen",
    "Toast",
    "action_texts",
    "alert_for",
]
