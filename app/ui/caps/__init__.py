"""Screens for Bottlecaps (Savage Worlds with caps)."""
