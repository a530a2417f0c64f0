"""Divine Connection (spec 001b §2.2): a hero's rating with each god is the number of gift levels he holds of
that god; Rune Powers have no patron and never count. His primary gods are those at his highest rating, unless
that rating is 1 (or he has no gifts). A Divine Awareness reading (Perception + Divine Awareness) learns, at a
total of 6, the sum of his ratings; at 8, his primary gods too; at 10, every god who granted him a gift."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from runehall.systems.rune.gifts.catalog import check_level, gift

SUM_AT = 6  # a Divine Awareness total that learns the sum of the ratings
PRIMARY_AT = 8  # ... the primary gods
EVERY_GOD_AT = 10  # ... every god who granted a gift
THRESHOLDS = (SUM_AT, PRIMARY_AT, EVERY_GOD_AT)


def connections(levels: Mapping[str, int], items: Mapping[str, int] | None = None) -> dict[str, int]:
    """God -> Divine Connection rating, for the gods of whom the hero holds at least one level; `items` adds what
    his legendary items' levels give their patrons (treasure/legendary.py's connections, 001c §8.12)."""
    found: dict[str, int] = dict(items or {})
    for gift_id, level in levels.items():
        g = gift(gift_id)
        check_level(g, level)
        if g.patron is not None and level > 0:
            found[g.patron] = found.get(g.patron, 0) + level
    return dict(sorted(found.items()))


def primary_gods(levels: Mapping[str, int], items: Mapping[str, int] | None = None) -> frozenset[str]:
    """The gods at the hero's highest rating; none when that rating is 1 or he has no gifts."""
    ratings = connections(levels, items)
    top = max(ratings.values(), default=0)
    if top <= 1:
        return frozenset()
    return frozenset(god for god, rating in ratings.items() if rating == top)


@dataclass(frozen=True)
class Reading:
    """What a Divine Awareness total learns about a hero; None where the total fell short."""

    total: int
    rating_sum: int | None
    primary: frozenset[str] | None
    gods: frozenset[str] | None

    @property
    def learned(self) -> int:
        """How many of the three things the reading learned (0-3)."""
        return sum(self.total >= t for t in THRESHOLDS)


def awareness(levels: Mapping[str, int], total: int) -> Reading:
    ratings = connections(levels)
    return Reading(
        total=total,
        rating_sum=sum(ratings.values()) if total >= SUM_AT else None,
        primary=primary_gods(levels) if total >= PRIMARY_AT else None,
        gods=frozenset(ratings) if total >= EVERY_GOD_AT else None,
    )
