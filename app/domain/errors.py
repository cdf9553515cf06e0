"""The one exception hierarchy the domain raises.

Each error carries a stable machine ``code``, a player-facing ``message`` that names
the rule in plain words, and the HTTP ``status`` the host answers with.
"""

from __future__ import annotations


class DomainError(Exception):
    """Base of every error the domain raises on purpose."""

    status = 409
    code = "rule_violation"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class UnknownCommand(DomainError):
    """The command type does not exist for this table's rule system."""

    status = 400
    code = "unknown_command"


class InvalidArgs(DomainError):
    """The command's arguments are missing, of the wrong type, or out of range."""

    status = 422
    code = "invalid_args"


class Forbidden(DomainError):
    """A valid actor tried something outside their rights (another player's chips...)."""

    status = 403
    code = "forbidden"


class RuleViolation(DomainError):
    """The rules do not allow this right now; the message names the rule."""

    status = 409
    code = "rule_violation"


class UndoRefused(RuleViolation):
    """The event cannot be undone (already undone, or later events depend on it)."""

    code = "undo_refused"
