"""Shared drivers for the Fate-chip family (deadlands, spacelands) rule tests."""
