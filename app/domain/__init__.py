"""The pure domain core: rules, dice, tokens and table state. No I/O imports here."""
