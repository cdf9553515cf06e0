"""The built-in rule systems, one module each, named after the system
(``fates-edge`` lives in ``fates_edge.py``). A module registers its system with
``app.domain.ruleset.register`` when imported; ``app.domain.ruleset`` imports them on
demand, so one system's module is only loaded when a table uses it."""

import importlib
import pkgutil


def module_names() -> list[str]:
    """Every rule-system module in this package."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__))


def load(name: str) -> None:
    """Import the module of rule system ``name`` if there is one."""
    module = name.replace("-", "_")
    if module in module_names():
        importlib.import_module(f"{__name__}.{module}")


def load_all() -> None:
    for module in module_names():
        importlib.import_module(f"{__name__}.{module}")
