"""The one way the UI talks to a table: TableClient over HTTP (httpx)."""

from .lobby import HostRefused, Seat
from .outcomes import Applied, Outcome, Queued, Rejected
from .table_client import TableClient

__all__ = ["Applied", "HostRefused", "Outcome", "Queued", "Rejected", "Seat", "TableClient"]
