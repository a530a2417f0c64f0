"""Actions the foe gallery adds to a fight (spec 001b §9): destroying a downed undead foe's head."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gallery import destroy_head
from runehall.systems.rune.combat.geometry import ENGAGED, within


def ready_to_act(c: Combatant) -> None:
    """Someone taking an action of his own: not held, and not keeping a hold."""
    if c.held:
        raise RulesError(N_("{who} is held or pinned: he can only try to break free"), who=c.name)
    if c.restraining is not None:
        raise RulesError(N_("{who} must keep his hold or let go first"), who=c.name)


class DestroyHeadParams(RulesModel):
    who: str = Field(description="The hero who finishes it.")
    target: str = Field(description="The undead foe lying down.")


class DestroyHeadAction(CombatAction):
    name: ClassVar[str] = "destroy_head"
    title: ClassVar[str] = N_("Destroy its head")
    summary: ClassVar[str] = "A hero spends his action crushing the head of an undead foe that lies down: it is dead."
    Params: ClassVar[type[RulesModel]] = DestroyHeadParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c, t = board.get(params.who), board.get(params.target)
        board.begin(c)
        ready_to_act(c)
        if not c.hero:
            raise RulesError(N_("only a hero destroys a fallen undead's head"))
        if not (t.undead_down and t.health == "incapacitated"):
            raise RulesError(N_("{target} is no undead foe lying down"), target=t.name)
        if not within(c.at, t.at, ENGAGED):
            raise RulesError(N_("{target} is out of reach: {who} must be within {paces} paces"), target=t.name,
                             who=c.name, paces=ENGAGED)  # fmt: skip
        result = {"attacker": c.name, **destroy_head(board, c.name, t)}
        net = board.spend("full")
        if net:
            result["net"] = net
        return result
