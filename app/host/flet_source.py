"""The source of a Flet function the host stands in for, read as a syntax tree.

`flet_transport`, `flet_diff` and `flet_events` each replace one function of Flet's,
and only while Flet's own is the one they were written from: a new Flet keeps its own.
They compare Flet's function, docstring left out, with what they recorded: its
statements (`body_of`) or a hash of its tree (`fingerprint`).
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import textwrap
from typing import Any


def _function(fn: Any) -> ast.FunctionDef | None:
    """``fn``'s definition without its docstring (None if its source is not readable)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None
    function = tree.body[0]
    if not isinstance(function, ast.FunctionDef):
        return None
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        function.body = body[1:]
    return function


def body_of(fn: Any) -> tuple[str, ...] | None:
    """``fn``'s statements as ``ast.unparse`` writes them, its docstring left out."""
    function = _function(fn)
    return None if function is None else tuple(ast.unparse(s) for s in function.body)


def fingerprint(fn: Any) -> str:
    """sha256 of ``fn``'s syntax tree, its docstring left out ("" if unreadable)."""
    function = _function(fn)
    return "" if function is None else hashlib.sha256(ast.dump(function).encode()).hexdigest()
