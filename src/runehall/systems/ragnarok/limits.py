"""Ragnarök's caps on what a request may ask for, each from the rules (docs/rules/ragnarok.md, "Limits").

Everything here bounds work or size before any is done: a parameter past its cap is refused by its model.
"""

from __future__ import annotations

from runehall.systems.ragnarok.bag import MAX_BAG

__all__ = ["MAX_BAG"]

MAX_DESTINY = 24
"""Runes one wyrd draws: a full Futhark set (spec §17.5: n <= 24)."""

MAX_LEVEL = 24
"""Skill levels, Divine Potency successes and BDP, and the size of an inherent modifier: levels run 1-4 in the book;
no test draws more than 24 runes, so a level past 24 only moves numbers no draw can reach."""

MAX_DIFFICULTY = 24
"""A base difficulty: 0-5, then epic feats with no printed top; past 24 no draw of a set could ever reach it."""

MAX_POINTS = MAX_BAG * 9
"""Damage or healing points in one action: every position of every rune of the largest bag on the black route
(7 HP, then Death and Consumption). More points than that change nothing."""

MAX_HAND = MAX_BAG + 1
"""Runes named in one move (a hand, a contingency, runes kept or recovered): the whole bag and the Void rune."""

MAX_NAMES = 24
"""Skills allowed in a test, metamarks on a chain: one for each rune of a set."""

MAX_HOURS = 24 * 366 * 10
"""Game time passing in one step: ten years (consumption recovers one rune per interval)."""

MAX_DP = 1000
"""Divine Potency markers gained at once, and the option dp_cap: the book's pools are counted in tens."""

MAX_PURCHASES = 100
"""Times one DP effect is bought in one action (A-22)."""

MAX_DISTANCE_M = 10_000.0
"""Metres between two bearers of a Runic Enchantment: far past the 7.5 m radius, on any map."""

MAX_COMBAT_NUMBER = 1_000_000
"""A combat's number (a label counted up through a campaign)."""

MAX_SKILLS = 2 * MAX_BAG
"""Skill entries on a sheet: one per Essence rune (and the Void rune's) with room to spare."""
