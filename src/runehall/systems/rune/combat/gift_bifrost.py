"""Shoulders Wide as Bifrost in a fight (spec 001b §2.5, 001b TV-10; X = the hero's level).

+3X on every Engagement roll he makes with the fight's Engagement move (on his own or resisting another's), shown
under the gift's name; and floor(X/3) + 1 Engagement rolls of his own a round beyond the one everybody has
(formulas.shoulders_wide_as_bifrost), counted in `Triggered.engagements` (the round and how many extra he made)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runehall.systems.rune.gifts.formulas import shoulders_wide_as_bifrost

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_people import People
    from runehall.systems.rune.combat.combatant import Combatant

BIFROST = "shoulders_wide_as_bifrost"
LABEL = "Shoulders Wide as Bifrost"  # the modifier's label: the gift's English name, said through Rune's words


def bifrost_bonus(c: Combatant) -> int:
    """+3X on his Engagement roll (0 without the gift)."""
    x = c.gifted.level(BIFROST) if c.hero else 0
    return shoulders_wide_as_bifrost(x).engagement if x else 0


def extra_used(board: People, c: Combatant) -> int:
    """The extra Engagement rolls he has made this round."""
    t = c.gifted.triggered.engagements
    return t[1] if t and t[0] == board.round else 0


def may_roll_again(board: People, c: Combatant) -> bool:
    """He has made his one Engagement roll this round: may he make another (an extra roll left)?"""
    x = c.gifted.level(BIFROST) if c.hero else 0
    return bool(x) and extra_used(board, c) < shoulders_wide_as_bifrost(x).extra_rolls


def count_extra(board: People, c: Combatant) -> int:
    """One extra roll made this round; how many extra rolls are left."""
    used = extra_used(board, c) + 1
    t = c.gifted.triggered.model_copy(update={"engagements": (board.round, used)})
    board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t}))
    return shoulders_wide_as_bifrost(c.gifted.level(BIFROST)).extra_rolls - used
