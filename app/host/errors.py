"""Host-level errors, mapped (with domain errors) onto the one JSON error shape."""

from __future__ import annotations

from typing import Any

from app.domain.errors import DomainError


class HostError(Exception):
    """An error the host answers with ``{"error": {"code", "message"}}``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def error_body(code: str, message: str) -> dict[str, Any]:
    """The canonical error shape, everywhere."""
    return {"error": {"code": code, "message": message}}


#: What any unexpected failure answers (never a stack trace).
INTERNAL_ERROR = error_body("internal", "The host hit an unexpected error.")


def domain_error_body(exc: DomainError) -> dict[str, Any]:
    return error_body(exc.code, exc.message)


def unauthorized(message: str = "Missing or invalid token.") -> HostError:
    return HostError(401, "unauthorized", message)


def not_found(message: str) -> HostError:
    return HostError(404, "not_found", message)
