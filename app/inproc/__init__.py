"""The in-process adapter: the host's own browser sessions follow the table directly.

Each browser page is a Flet session running in the host's process. Through this
adapter it calls the host's service layer (app.host.service, app.host.hub) as the HTTP
routes do, and gets events and views as Python values: no request, no JSON, no diff.
`InProcessGateway` and `InProcessClient` present what the UI uses of `HttpGateway` and
`TableClient` (app.ui.model.contracts), so the UI does not know which it has; the
compiled app keeps HTTP. tests/platform/test_client_contract.py runs the same
scenarios against both.
"""

from .client import InProcessClient
from .gateway import InProcessGateway
from .views import SharedViews

__all__ = ["InProcessClient", "InProcessGateway", "SharedViews"]
