"""The Fate-chip engine shared by Deadlands and Spacelands.

One engine, parameterised by a :class:`~app.domain.fatechips.system.ChipSystem`: the
pot, session draws, chip spending on trait rolls (aces, bust), the hand limit,
negating wounds and Wind, Bounty Points and advancement. Each module holds one idea.
"""
