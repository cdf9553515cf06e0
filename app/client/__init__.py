"""TableClient: how a compiled app (and any client over the network) talks to a table,
over HTTP (httpx). The host's own browser sessions use app.inproc instead."""

from .lobby import HostRefused, Seat
from .outcomes import Applied, Outcome, Queued, Rejected
from .table_client import TableClient

__all__ = ["Applied", "HostRefused", "Outcome", "Queued", "Rejected", "Seat", "TableClient"]
