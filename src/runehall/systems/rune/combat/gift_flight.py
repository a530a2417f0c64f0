"""Comeuppance Postponed: a Divine Gift on the hero's flight (spec 001b §2.5, book p. 67).

While he flees (turns tail and runs his two full moves) a hero holding it keeps the +3 DFN of a careful retreat
against the blows that reach him (`dfn_mods`). The foes on his escape route - those Engaged with him as he turns,
those his straight run passes, those who run to intercept him - get their free attack only by beating him in an
Engagement roll (strictly higher: a tie is his), his Loki Divine Connection rating added to his roll (`contests`).
A missile shot at a fleer is not taken by someone on his route, so shots are left as they are. Every roll is made
with the move's dice, before the free attacks that are still taken."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.present.words import N_

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.combatant import Combatant
    from runehall.systems.rune.combat.movement import Strike

COMEUPPANCE = "comeuppance_postponed"
LABEL = N_("Comeuppance Postponed")
RETREAT_DFN = 3
ON_ROUTE = ("flee", "intercept")  # the kinds of free attack taken by someone on his escape route
PATRON = "Loki"


def holds(c: Combatant) -> bool:
    return c.hero and c.gifted.level(COMEUPPANCE) > 0


def dfn_mods(d: Combatant) -> list[tuple[str, int]]:
    """+3 DFN while he flees this round, as if carefully retreating."""
    return [(LABEL, RETREAT_DFN)] if holds(d) and d.this_round.fleeing else []


def loki_rating(c: Combatant) -> int:
    from runehall.systems.rune.gifts.divine import connections

    return connections(c.gifted.levels).get(PATRON, 0)


def check(c: Combatant, offers: list[tuple[str, str]], board: Board) -> None:
    """Before anything moves or is rolled: both sides of each contest can roll Engagement (a refusal otherwise)."""
    from runehall.systems.rune.combat.moves import engagement_bonus

    if not holds(c) or not any(kind in ON_ROUTE for _, kind in offers):
        return
    engagement_bonus(c)
    for name, kind in offers:
        if kind in ON_ROUTE:
            engagement_bonus(board.people[name])


def contests(
    board: Board, c: Combatant, offers: list[tuple[str, str]], chosen: dict[str, Strike], source: Source
) -> list[dict[str, Any]]:
    """The Engagement rolls of the foes on his route who mean to strike; a foe who does not beat him loses his free
    attack (`chosen` is set to none for him). Each contest: the foe's roll, the hero's, and whether the foe won."""
    from runehall.systems.rune.combat.movement import order
    from runehall.systems.rune.combat.moves import engagement_roll

    if not holds(c):
        return []
    kinds = dict(offers)
    loki = loki_rating(c)
    done: list[dict[str, Any]] = []
    for name in order(board, [n for n, k in offers if k in ON_ROUTE]):
        if chosen.get(name) == "none":
            continue
        foe = board.people[name]
        theirs = engagement_roll(board, foe, c, source)
        mine = engagement_roll(board, c, foe, source)
        if loki:
            mine["modifiers"] = {**mine.get("modifiers", {}), LABEL: loki}
            mine["total"] = int(mine["total"]) + loki
        won = int(theirs["total"]) > int(mine["total"])
        if not won:
            chosen[name] = "none"
        done.append({"foe": name, "kind": kinds[name], "foe_roll": theirs, "hero_roll": mine, "strikes": won})
    return done
