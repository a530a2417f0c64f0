"""Swiftness of Sleipnir in a fight (spec 001b §2.5; X = the hero's level; formulas.swiftness_of_sleipnir and
sleipnir_vp; its state in triggered_state.py).

- His half move is 5X paces longer and his full move 10X (`Combatant.half_move`, `full_move`: a flight's or a
  reckless move's two full moves, seizing ground and seeking cover are full moves, a half move before an attack
  or to a patient is a half move). The paces are his own legs': a mounted hero goes at his horse's pace, and
  where a table counts the move (water, a Balance surface) the table's paces hold. A Jump is not a move.
- +10X VP when he is the first hero of the fight (the event) to attack a foe in melee - any melee swing of his at
  an enemy: his attack, a free attack, a riposte - provided more than 50 paces lay between him and the nearest foe
  when the fight's first initiative was rolled. The fight notes every hero's distance at the first initiative
  roll of its first round, and who struck first; the VP are reported with that swing."""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import dist2

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_people import People

SLEIPNIR = "swiftness_of_sleipnir"


def _set(board: People, c: Combatant, **changes: Any) -> Combatant:
    t = c.gifted.triggered.model_copy(update=changes)
    return board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t}))


def paces_up(d2: int) -> int:
    """A distance whose square is `d2`, in whole paces rounded up (more than 50 paces iff above 50)."""
    root = isqrt(d2)
    return root + (root * root < d2)


def first_initiative(board: People, round_number: int, rolled: int) -> None:
    """At the fight's first initiative roll (round 1, nobody rolled yet): each hero's paces to the nearest foe
    still in the fight."""
    if round_number != 1 or rolled:
        return
    for c in list(board.people.values()):
        if not c.hero or c.health in ("dead", "gone") or c.gifted.triggered.start_paces is not None:
            continue
        foes = [o.at for o in board.enemies(c) if not o.hero and o.health not in ("dead", "gone")]
        if foes:
            _set(board, c, start_paces=paces_up(min(dist2(c.at, at) for at in foes)))


def melee_attack(board: People, a: Combatant, d: Combatant) -> list[dict[str, Any]]:
    """A melee swing of `a` at `d`: the first a hero aims at a foe in this fight is noted, and earns a hero
    holding the gift 10X VP when he started more than 50 paces from the nearest foe."""
    from runehall.systems.rune.gifts.formulas import sleipnir_vp

    if not a.hero or d.hero or d.side == a.side:
        return []
    if any(c.gifted.triggered.first_melee for c in board.people.values()):
        return []
    a = _set(board, a, first_melee=True)
    x, paces = a.gifted.level(SLEIPNIR), a.gifted.triggered.start_paces
    vp = sleipnir_vp(x, True, paces) if x and paces is not None else 0
    return [{"hero": a.name, "gift": SLEIPNIR, "vp": vp, "paces": paces}] if vp else []
