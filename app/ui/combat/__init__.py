"""Combat screens for the Fate-chip games (Deadlands, Spacelands): the player's cards,
nudge, body diagram and prompts; the GM's fight, countdown, damage flow and healing."""
