"""Fate Pot: a local-network table companion for fate-economy tabletop RPGs."""

__version__ = "0.1.0"
