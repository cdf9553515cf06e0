"""The built-in rule systems. Importing this package imports every module in it, and
each rule-system module registers itself with ``app.domain.ruleset.register``."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
