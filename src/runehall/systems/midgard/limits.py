"""Midgard's caps on what a request may ask for, each from the rules (docs/rules/midgard.md, "Limits").

A parameter past its cap is refused by its model before any die is cast or any look-up made.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

MAX_DICE = 24
"""Dice one cast rolls for a god rune, Wyrð or gift bonuses (the mechanics' cap): a rune is 1-4 at creation and at
most 8 in play (option god_rune_max_in_play)."""

MAX_RANK = 20
"""A skill's ranks (0-4 in the book, option skill_rank_max) and the bonuses the mechanics take (20)."""

MAX_DEFENCE = 30
"""A Defence: it is the attacker's difficulty, which the mechanics cap at 30."""

MAX_HEALTH = 100
"""Health (wound boxes): a Thane has 3 + rank."""

MAX_WYRD = 1000
"""A Wyrð pool: rank times every gift level, many times over."""

MAX_LEGEND = 10
"""A legend score (the mechanics' cap)."""

MAX_STRUCTURE = 20
"""An item's Structure (a thick club: 2)."""

MAX_COMBATANTS = 40
"""Combatants in a fight, and combatants named in one action."""

MAX_GIFTS = 64
"""Gifts held or named at once: more than the book's rune gifts."""

MAX_NAMED = 64
"""Skills or other entries named in one list or mapping: more than the book's skills."""

MAX_WEAPONS = 12
"""Weapons, shields and missiles carried."""

MAX_LOCATIONS = 8
"""Armour locations (head, body, arms, legs), with room for the names they are given by."""

MAX_RANGE_FT = 5000
"""Feet to a target of a throw or a shot: past any missile's range."""

MAX_SECONDS = 3600
"""Option round_seconds: an hour."""

Rank = Annotated[int, Field(le=MAX_RANK)]
RunePoints = Annotated[int, Field(le=MAX_DICE)]
