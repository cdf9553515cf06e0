"""Screens for the Fate-chip games (Deadlands, Spacelands): one engine, two flavours."""
