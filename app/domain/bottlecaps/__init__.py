"""The pieces of the Bottlecaps rule system (Savage Worlds with caps instead of bennies).

The rule system itself is ``app.domain.rules.bottlecaps``; this package holds its parts:
Savage Worlds dice, the character sheet, cap uses, the cap economy, rolls, and views.
"""
