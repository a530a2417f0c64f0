"""Divine Gifts that pay VP for what a fight does to their hero (spec 001b §2.5; X = the hero's level).

- Berserks' Blessing: each HP a hero holding it loses to the counter blow his berserk attack draws from a foe left
  standing (the Chapter 2 berserk rule, resolve._afterwards) earns him X VP, reported inside that counter as his
  gift VP (in a run, into the tally; at X = 1 it cancels the VP lost for damage taken).
- Wrestlers' Blessing: +20X VP each time a hero holding it wins an Engagement contest (the fight's Engagement move
  against an opponent who resists) that gives him the higher ground over that opponent, which he did not have
  (his own shift or his shove), or that stops a foe's shift or shove that would have given the foe the higher
  ground over him."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People

BERSERKS = "berserks_blessing"
WRESTLERS = "wrestlers_blessing"
WRESTLERS_VP = 20  # x X


def berserk_counter_vp(board: People, hero: str, counter: dict[str, Any]) -> None:
    """The berserk's counter blow has hurt him: +X VP a HP lost (put in the counter's result)."""
    c = board.people.get(hero)
    injury = counter.get("injury")
    if c is None or not c.hero or not isinstance(injury, dict):
        return
    x, lost = c.gifted.level(BERSERKS), int(injury.get("hp_lost", 0))
    if x and lost > 0:
        counter["gift_vp"] = [*counter.get("gift_vp", ()), {"hero": c.name, "gift": BERSERKS, "vp": x * lost}]


def wrestlers_vp(board: Board, roller: str, opponent: str, before: tuple[Any, Any], params: Any,
                 won: bool, contested: bool) -> list[dict[str, Any]]:  # fmt: skip
    """The Engagement contest just settled: the gift VP Wrestlers' Blessing earns in it (none, or one award)."""
    from runehall.systems.rune.combat.terrain import higher

    c, o = board.people[roller], board.people[opponent]
    if not contested:
        return []
    was = higher(board.terrain, before[0], before[1])  # the roller's height over the opponent before
    if won and c.hero and c.gifted.level(WRESTLERS) and was <= 0 < higher(board.terrain, c.at, o.at):
        return [{"hero": c.name, "gift": WRESTLERS, "vp": WRESTLERS_VP * c.gifted.level(WRESTLERS)}]
    would = higher(board.terrain, params.to or before[0], params.shove_to or before[1])
    if not won and o.hero and not c.hero and o.gifted.level(WRESTLERS) and was <= 0 < would:
        return [{"hero": o.name, "gift": WRESTLERS, "vp": WRESTLERS_VP * o.gifted.level(WRESTLERS)}]
    return []
