"""The Mace's Rune Power in a fight (spec 001b §2.6): one blast as it wakes, spent at once.

The X characters nearest its bearer are hit, friend or foe alike (he does not pick them: the nearest first, and
between two as near the one earlier in the notes), everyone still on the field but the dead. Each is flung 10X
paces: all in the direction the hero names (`toward`, a place on the map he flings them towards), or, when he
names none, straight away from him. A place already taken stops the flight a pace short, then another, until a free
one. On landing each rolls Balance (Dex + Balance; a supporting character his Res) against 6; failing it he has
fallen down. The exact chance each has of staying up is reported with his roll."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import Point, dist2
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board

MACE = "rune_power_mace"
FLUNG_PACES = 10  # a level
LANDING = 6


def nearest(board: Board, c: Combatant, x: int) -> list[Combatant]:
    """The X characters nearest the hero (never himself, nor the dead or those gone from the field)."""
    near = [o for o in board.people.values() if o.name != c.name and o.health not in ("dead", "gone")]
    return sorted(near, key=lambda o: (dist2(o.at, c.at), o.order))[:x]


def _landing(start: Point, way: tuple[float, float], paces: int, taken: set[Point]) -> Point:
    size = math.hypot(*way)
    for n in range(paces, 0, -1):
        spot = (start[0] + round(way[0] / size * n), start[1] + round(way[1] / size * n))
        if spot not in taken:
            return spot
    return start


def stays_up(score: int) -> Fraction:
    """The exact chance that a landing roll with this score (Impairment taken off) reaches 6."""
    from runehall.systems.rune.stress import at_least

    return at_least(LANDING - score)


def blast(board: Board, c: Combatant, x: int, toward: Point | None, source: Source) -> list[dict[str, Any]]:
    """The blast: each victim flung and his landing roll, in the order they were hit."""
    victims = nearest(board, c, x)
    scores = {v.name: v.bonus("balance") - v.impairment for v in victims}  # refused before anyone moves
    taken = {o.at for o in board.people.values()}
    said: list[dict[str, Any]] = []
    for v in victims:
        aim = toward if toward is not None else v.at  # the place named, else straight away from him
        way = (aim[0] - c.at[0], aim[1] - c.at[1])
        taken.discard(v.at)
        spot = _landing(v.at, way, FLUNG_PACES * x, taken) if any(way) else v.at
        taken.add(spot)
        roll, faces = stress(source)
        total = roll + scores[v.name]
        chance = stays_up(scores[v.name])
        record: dict[str, Any] = {
            "who": v.name, "from": list(v.at), "to": list(spot), "paces": FLUNG_PACES * x,
            "roll": {"faces": list(faces), "result": roll, "score": scores[v.name], "total": total},
            "difficulty": LANDING, "fallen": total < LANDING,
            "stays_up": [chance.numerator, chance.denominator],
        }  # fmt: skip
        board.update(v.name, at=spot, fallen=v.fallen or total < LANDING)
        said.append(record)
    return said
