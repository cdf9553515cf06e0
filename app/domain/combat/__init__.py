"""Combat at the table for the Fate-chip games: the Action Deck, the countdown, hit
locations, damage, wounds, stun, Wind, bleeding and healing (spacelands-combat.txt,
"Combat"; fate-chips.txt, the Jokers and negation). See docs/rulesets/combat.md."""
