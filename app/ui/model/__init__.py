"""The observable state of one Flet session and the actions that change it.

`AppModel` is what the screens read; its methods are what taps call. It talks to the
table only through a client built by a `Gateway`, so the same model runs in the
host's Flet sessions (the in-process adapter, app.inproc) and in a compiled app
(TableClient over real HTTP), and tests drive it with a fake client and no browser.

Split by idea: `contracts` (the client and gateway protocols), `news` (toasts and
alerts), `state` (fields and reads), `telling`, `following`, `joining`, `acting` (one
layer of methods each, stacked into `AppModel`), `redraw` (what makes a page redraw).
"""

from .acting import AppModel
from .contracts import ClientLike, Gateway
from .following import PRESENCE_SECONDS, WAKE_RETRY_SECONDS
from .news import ALERT_TABS, TARGET_KEYS, Alert, Toast, action_texts, alert_for
from .redraw import News
from .state import Screen

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
