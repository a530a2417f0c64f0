"""The Blinding Armor's sparks (spec 001c §8.12; X = the wearer's levels while he wears it, `blinding` from his
sheet; the Difficulty adds his Divine Awareness).

Each melee hit on the wearer by an enemy supporting character (the other side, no hero) asks the striker a roll of
Stamina - a supporting character rolls his Res - (stress, less Impairment) against the wearer's Divine Awareness +
X. Below it, the striker is dazzled: a penalty of the Difficulty less his total on his ATK rolls (melee and shots)
and his DFN rolls, for X combat rounds; a second dazzling adds its penalty and its rounds to what is left
(`dazzled`, `dazzled_rounds`). Each round's end takes one round off; at none the penalty is gone. Shots at the
wearer raise no sparks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.treasure.legendary import BLINDING

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.combatant import Combatant, Weapon


def sparks(board: Board, a: Combatant, d: Combatant, weapon: Weapon, source: Source) -> dict[str, Any] | None:
    """A melee hit of `a` on `d`: when `d` wears the Blinding Armor and `a` is an enemy supporting character, `a`
    rolls Res (his Stamina) against `d`'s Divine Awareness + X; failing, dazzled (the roll, the Difficulty, the
    penalty and rounds he has now)."""
    if not d.blinding or a.hero or a.side == d.side or weapon.ranged:
        return None
    roll, faces = stress(source)
    total = roll + (a.res or 0) - a.impairment
    difficulty = d.gifted.divine_awareness + d.blinding
    said: dict[str, Any] = {"who": d.name, "foe": a.name, "faces": list(faces), "total": total,
                            "difficulty": difficulty, "dazzled": total < difficulty}  # fmt: skip
    if not said["dazzled"]:
        return said
    penalty, rounds = a.dazzled + difficulty - total, a.dazzled_rounds + d.blinding
    board.update(a.name, dazzled=penalty, dazzled_rounds=rounds)
    return {**said, "penalty": penalty, "rounds": rounds}


def dazzle_mods(c: Combatant) -> list[tuple[str, int]]:
    """The modifier on a dazzled character's ATK and DFN rolls while his rounds last."""
    return [(BLINDING, -c.dazzled)] if c.dazzled and c.dazzled_rounds else []


def dazzle_rounds(board: Board) -> None:
    """At a round's end: one round less for each dazzled character; the penalty gone with the last."""
    for c in list(board.people.values()):
        if c.dazzled_rounds:
            left = c.dazzled_rounds - 1
            board.update(c.name, dazzled_rounds=left, dazzled=c.dazzled if left else 0)
