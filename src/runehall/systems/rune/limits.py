"""Rune's caps on what a request may ask for, each from the rules (docs/rules/rune.md, "Limits").

A parameter past its cap is refused by its model before any roll, move or look-up is made.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

MAX_PACES = 5000
"""A place on the map, in paces from its origin: ten times the longest full move (500) and five times the
longest standard range a Dam rating can give (10 paces a point of Dam, Dam at most 100)."""

Coordinate = Annotated[int, Field(ge=-MAX_PACES, le=MAX_PACES)]
MapPoint = tuple[Coordinate, Coordinate]

MIN_BONUS, MAX_BONUS = -60, 100
"""A roll bonus or score given for a combatant (as a weapon's scores are): far past any hero's."""

MAX_RATING = 30
"""A Characteristic (-3..+3 at creation), an Ability rating (0-3 at creation) or the points bought since: Gifts
and years of advancement add to them, never tens of points."""

MAX_NAMED = 64
"""Entries named in one mapping or list of a sheet or an action (Abilities, kits, items, modifiers): more than
the book's Abilities, and more than a hero carries."""

MAX_WEAPONS = 12
"""Weapons carried: a hero starts with up to 3; a fighter's list holds at most 12 (the combat setup's cap)."""

MAX_OVERRIDES = 128
"""Filled-in values of lost rows: eight fields on each of the eleven lost weapon rows, with room to spare."""

MAX_DOZENS = 100
"""Dozens of ammunition per missile weapon (the sheet's own rule)."""

MAX_LOAD = 100.0
"""Load of one carried item (a filled-in weapon Load has the same cap)."""

MAX_SILVER_OZ = 1_000_000
MAX_VP = 1_000_000
"""Ounces of silver and victory points: a campaign's hoard and score, many times over."""

MAX_GIFTS = 96
"""Divine Gifts and Rune Powers one hero holds: the book has 75 gifts and 15 Rune Powers."""

MAX_GIFT_LEVEL = 100
"""Levels of one gift: the gift catalog's own cap on an "unlimited" gift (gifts/catalog.py MAX_LEVEL); each level
costs 30 VP or more, so a hero at the cap has spent 3,000 VP or more on that one gift."""

MAX_CP = 60
"""Creation points spent on hit points: a hero has 60 in all."""

MAX_COMBATANTS = 40
"""Combatants named in one action (a line of fire, strikes, intercepts): the combat setup's cap on a fight."""

MAX_STEP = 1000
"""An initiative step to cut in at: far past any initiative total."""

MAX_RIPOSTES = 100
"""Option riposte_max_depth: ripostes answered in a chain, each a roll."""
