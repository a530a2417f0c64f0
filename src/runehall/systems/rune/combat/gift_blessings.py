"""Divine Gifts that pay VP for what a fight does to their hero (spec 001b §2.5; X = the hero's level).

- Berserks' Blessing: each HP a hero holding it loses to the counter blow his berserk attack draws from a foe left
  standing (the Chapter 2 berserk rule, resolve._afterwards) earns him X VP, reported inside that counter as his
  gift VP (in a run, into the tally; at X = 1 it cancels the VP lost for damage taken)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_people import People

BERSERKS = "berserks_blessing"


def berserk_counter_vp(board: People, hero: str, counter: dict[str, Any]) -> None:
    """The berserk's counter blow has hurt him: +X VP a HP lost (put in the counter's result)."""
    c = board.people.get(hero)
    injury = counter.get("injury")
    if c is None or not c.hero or not isinstance(injury, dict):
        return
    x, lost = c.gifted.level(BERSERKS), int(injury.get("hp_lost", 0))
    if x and lost > 0:
        counter["gift_vp"] = [*counter.get("gift_vp", ()), {"hero": c.name, "gift": BERSERKS, "vp": x * lost}]
