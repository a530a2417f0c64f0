"""The Demon Maw Helm in a fight (spec 001c §8.12, A-42; treasure/legendary.py holds it as data; X = its owner's
levels, given to the fight by his sheet while he has it).

"Bellow" (`demon_maw`) costs the wearer a full action, once in the fight (the book: once an encounter). From then
until the fight ends, each character who would strike him - a melee blow or a shot - first rolls, once for the
fight, a d10 plus his primary god's Divine Connection (a supporting character has none: 0) against the wearer's
Loki Divine Connection (A-42: a Difficulty, not a contest); below it, every ATK roll of his against the wearer is
3X lower. The roll is made inside his first attack on the wearer (its die kept with that attack); the attack
odds before it weigh both outcomes by their exact chance (`maw_odds`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.treasure.legendary import MAW

MAW_PER_LEVEL = 3
DIE = 10


class MawParams(RulesModel):
    who: str = Field(description="The hero who wears the Demon Maw Helm.")


class MawAction(CombatAction):
    name: ClassVar[str] = "demon_maw"
    title: ClassVar[str] = N_("Bellow through the Demon Maw Helm")
    summary: ClassVar[str] = "A full action, once in the fight: those who would strike him roll or attack at -3X."
    Params: ClassVar[type[RulesModel]] = MawParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        if not c.maw:
            raise RulesError(N_("{who} has no levels in a Demon Maw Helm"), who=c.name)
        if c.maw_roared:
            raise RulesError(N_("{who} has bellowed through the helm in this fight already"), who=c.name)
        board.update(c.name, maw_roared=True)
        result: dict[str, Any] = {"who": c.name, "penalty": MAW_PER_LEVEL * c.maw, "difficulty": c.loki_rating}
        net = board.spend("full")
        if net:
            result["net"] = net
        return result


def pending(a: Combatant, d: Combatant) -> bool:
    """`a` would strike the bellowing `d` and has not rolled against the helm yet."""
    return bool(d.maw and d.maw_roared and a.name != d.name and a.name not in d.maw_rolls)


def maw_roll(board: Board, attacker: str, target: str, source: Source) -> dict[str, Any] | None:
    """Before `attacker`'s first strike at the bellowing `target`: his d10 + primary god's rating against the
    target's Loki rating, kept on the target (the penalty, 0 when made); None when no roll is due."""
    a, d = board.people[attacker], board.people[target]
    if not pending(a, d):
        return None
    face = source.die(DIE)
    total = face + a.primary_rating
    penalty = 0 if total >= d.loki_rating else MAW_PER_LEVEL * d.maw
    board.update(d.name, maw_rolls={**d.maw_rolls, a.name: penalty})
    return {"who": a.name, "wearer": d.name, "faces": [face], "total": total, "difficulty": d.loki_rating,
            "penalty": penalty}  # fmt: skip


def maw_mods(a: Combatant, d: Combatant) -> list[tuple[str, int]]:
    """The ATK modifier of `a` striking `d` once he has failed his roll against the helm."""
    penalty = d.maw_rolls.get(a.name, 0)
    return [(MAW, -penalty)] if penalty else []


def fail_chance(a: Combatant, d: Combatant) -> Fraction:
    """The exact chance that `a`'s roll against `d`'s helm fails (every face of the d10 counted)."""
    return Fraction(sum(1 for f in range(1, DIE + 1) if f + a.primary_rating < d.loki_rating), DIE)
