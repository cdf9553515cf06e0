"""Tokens and join codes: random from ``secrets``, player tokens stored only as hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No look-alikes (0/O, 1/I/L) so a code read aloud across a table is typed right.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6


def new_token() -> str:
    """A bearer token with 192 bits of entropy."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return "t" + secrets.token_hex(6)


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(code: str) -> str:
    """Forgive case, spaces and dashes in a typed code."""
    return code.strip().upper().replace("-", "").replace(" ", "")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same(a: str, b: str) -> bool:
    """Constant-time comparison for secrets."""
    return hmac.compare_digest(a.encode(), b.encode())
