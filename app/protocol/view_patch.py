"""View patches: what changed in a follower's view, as JSON Patch (RFC 6902) operations.

A streaming follower gets its whole view once, then after every change only the
members that changed, which is a few hundred bytes instead of the 10-20 KB a view of
a full table takes (docs/protocol.md, docs/benchmarks.md).

Only ``add``, ``replace`` and ``remove`` of object members are produced; lists and
scalars are replaced whole. That keeps ``diff`` cheap (equal subtrees are skipped by
one C-level ``==``) and ``apply`` small enough to write here: it copies only the
objects on a changed path and shares the rest with the previous view, which neither
a deep copy nor an in-place patch (what the JSON Patch libraries offer) would do.

As with ``==`` in Python, ``1``, ``1.0`` and ``true`` count as equal: a member that
changes between them alone is not sent. Views never do that (a member keeps its type).
"""

from __future__ import annotations

from typing import Any

JsonObject = dict[str, Any]
Operation = dict[str, Any]


def diff(old: JsonObject, new: JsonObject) -> list[Operation]:
    """The operations that turn ``old`` into ``new``."""
    ops: list[Operation] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: JsonObject, new: JsonObject, path: str, ops: list[Operation]) -> None:
    for key, value in new.items():
        if key not in old:
            ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
            continue
        before = old[key]
        if before is value or before == value:
            continue
        where = f"{path}/{_escape(key)}"
        if isinstance(before, dict) and isinstance(value, dict):
            _diff(before, value, where, ops)
        else:
            ops.append({"op": "replace", "path": where, "value": value})
    if len(old) > len(new) or any(key not in new for key in old):
        ops.extend({"op": "remove", "path": f"{path}/{_escape(k)}"} for k in old if k not in new)


def apply(doc: JsonObject, ops: list[Operation]) -> JsonObject:
    """A new document: ``doc`` with ``ops`` applied (``doc`` itself is left as it was).

    Raises ValueError for an operation this module would not have produced, or one
    that does not fit ``doc`` (the follower then asks for the whole view again).
    """
    root = dict(doc)
    fresh = {id(root)}  # objects copied for this patch: safe to change
    for op in ops:
        try:
            kind, path = op["op"], op["path"]
            parts = [_unescape(p) for p in path.split("/")[1:]] if path.startswith("/") else []
            if not parts or kind not in ("add", "replace", "remove"):
                raise ValueError(f"unsupported patch operation {op!r}")
            parent = root
            for part in parts[:-1]:
                child = parent[part]
                if not isinstance(child, dict):
                    raise ValueError(f"{path}: not an object on the way")
                if id(child) not in fresh:
                    child = dict(child)
                    parent[part] = child
                    fresh.add(id(child))
                parent = child
            last = parts[-1]
            if kind == "remove":
                del parent[last]
            elif kind == "replace" and last not in parent:
                raise ValueError(f"{path}: nothing to replace")
            else:
                parent[last] = op["value"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"patch does not fit the view: {op!r}") from exc
    return root


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")
