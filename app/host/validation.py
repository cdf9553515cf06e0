"""Request validation errors in a player's words.

FastAPI reports a bad field as pydantic does ("name: String should have at most 40
characters"); a phone shows that message as it is, so it is said here the way a
player would: "A name can be at most 40 characters."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.domain import wording

#: How a field is named in a sentence, by its name in the request.
FIELD_NAMES = {
    "name": "A name",
    "join_code": "A join code",
    "claim_code": "A claim code",
    "ruleset": "A rule system's name",
    "settings": "The settings",
    "id": "A command id",
    "type": "A command type",
    "args": "A command's args",
    "after": "'after'",
    "wait": "'wait'",
    "heartbeat": "'heartbeat'",
    "state": "'state'",
}


def field_message(error: Mapping[str, Any]) -> str:
    """One pydantic error (from ``RequestValidationError.errors()``) as a sentence: the
    field named as :data:`FIELD_NAMES` says, and what is wrong with it in the words of
    the domain's one table (:mod:`app.domain.wording`), as a command's arguments are."""
    loc = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path")]
    field = loc[-1] if loc else ""
    subject = FIELD_NAMES.get(field, f"'{'.'.join(loc)}'" if loc else "The request")
    kind = error.get("type", "")
    if kind == "extra_forbidden":
        return f"'{'.'.join(loc)}' is not something this request takes."
    said = wording.predicate(kind, error.get("ctx") or {})
    if said:
        return f"{subject} {said}"
    where = ".".join(loc)
    message = str(error.get("msg", "invalid"))
    return f"{where}: {message}" if where else "Invalid request."
