"""A page's control tree as Flet's web client keeps it, from the host's patches.

Flet 1.0.5's host sends a page as nested maps (a control is a map with ``_c``, its
type, and ``_i``, its id) and then patches: ``[path tree, op, op, ...]`` against one
control, each operation's node found from that control when the operation runs, as
``Control.applyPatch`` does in Flet's Dart client
(packages/flet/lib/src/models/control.dart).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

# Patch operations (flet/controls/object_patch.py Operation).
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3

Node = dict[Any, Any]


def controls_in(value: Any) -> Iterator[Node]:
    """Every control (a map with ``_c``) in ``value``, depth first, in document order."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "_c" in node:
                yield node
            stack.extend(reversed(list(node.values())))
        elif isinstance(node, list):
            stack.extend(reversed(node))


def has_text(value: Any, needle: str) -> bool:
    """Whether any string in ``value`` (a patch's new value) contains ``needle``."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if needle in node:
                return True
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


@dataclass
class ControlTree:
    """One page's controls: the page, and every control by id."""

    page: Node = field(default_factory=dict)
    index: dict[int, Node] = field(default_factory=dict)

    def reset(self, page: Node) -> None:
        """A new page (the answer to the page's registration)."""
        self.page = page
        self.index = {}
        self._register(page)

    def find(self, predicate: Callable[[Node], bool]) -> Node | None:
        """The first control (in document order) for which ``predicate`` holds."""
        return next((c for c in controls_in(self.page) if predicate(c)), None)

    def _register(self, value: Any) -> None:
        for control in controls_in(value):
            if "_i" in control:
                self.index[control["_i"]] = control

    def _forget(self, value: Any) -> None:
        for control in controls_in(value):
            if self.index.get(control.get("_i", -1)) is control:
                del self.index[control["_i"]]

    def apply(self, control_id: int, patch: list[Any]) -> list[Any]:
        """Apply a PatchControl to control ``control_id`` (none: the page no longer has
        it, and Flet's client drops the patch too); the values it put in the tree."""
        root = self.index.get(control_id)
        if root is None:
            return []
        paths: dict[int, list[Any]] = {}

        def walk(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            if len(node) > 1 and isinstance(node[1], dict):
                for key, child in node[1].items():
                    walk(child, [*path, key])

        walk(patch[0], [])

        def target(index: int) -> Any:
            obj: Any = root
            for part in paths[index]:
                obj = obj[part]
            return obj

        drawn = []
        for op in patch[1:]:
            kind = op[0]
            if kind in (REPLACE, ADD):
                obj, key, value = target(op[1]), op[2], op[3]
                if isinstance(obj, list) and kind == ADD:
                    obj.insert(key, value)
                else:
                    self._forget(obj.get(key) if isinstance(obj, dict) else obj[key])
                    obj[key] = value
                self._register(value)
                drawn.append(value)
            elif kind == REMOVE:
                obj, key = target(op[1]), op[2]
                self._forget(obj.pop(key))
            elif kind == MOVE:
                source, destination = target(op[1]), target(op[3])
                moved = source.pop(op[2])
                if isinstance(destination, list):
                    destination.insert(op[4], moved)
                else:
                    destination[op[4]] = moved
            else:
                raise RuntimeError(f"unknown patch operation {op}")
        return drawn
