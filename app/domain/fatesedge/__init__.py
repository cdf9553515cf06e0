"""Fate's Edge rules, in small pieces (see app/domain/rules/fates_edge.py)."""
