"""Death of an immortal and its rebirth (spec 000 §11.3, A-25, A-26)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.ragnarok.rules import rules
from runehall.systems.ragnarok.tree.board import Board, TreeAction
from runehall.systems.ragnarok.tree.state import VOID_ID

Cause = Literal["natural_disaster", "killing_blow"]


def resolve_death(board: Board, cause: Cause) -> dict[str, Any]:
    """What a death means: rebirth while DP is left, for good after a killing blow at DP 0.

    `rule` is which case applied: "mortal" (no Divine Potency: the status says it all), "rebirth" or
    "permanent_death". A mortal's death is final; any revival is the norn's (undo the event).
    """
    board.require_alive()
    divine = board.character.divine
    if divine is None or not board.options.divine_potency_enabled:
        board.fate = "permanently_dead"
        return {"cause": cause, "rule": "mortal", "fate": board.fate, "dp": 0}
    place = next(o.rebirth_place for o in rules().divine.origin if o.id == divine.origin)
    reborn = board.dp > 0 and (cause == "natural_disaster" or board.options.deathblow_with_dp == "rebirth")
    board.fate = "awaiting_rebirth" if reborn else "permanently_dead"
    result: dict[str, Any] = {"cause": cause, "rule": "rebirth" if reborn else "permanent_death", "dp": board.dp}
    result["fate"] = board.fate
    if reborn:
        result["place"] = place
    return result


class DeathParams(RulesModel):
    cause: Cause = Field(
        title=N_("Causa (cause)"), description=N_("A natural disaster or a killing blow (the norn says which).")
    )


class ResolveDeathAction(TreeAction):
    name: ClassVar[str] = "resolve_death"
    title: ClassVar[str] = N_("Death")
    summary: ClassVar[str] = N_(
        "The character is killed: immortals with Divine Potency left are reborn, others die for good."
    )
    Params: ClassVar[type[RulesModel]] = DeathParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        return resolve_death(board, params.cause)


class RebirthAction(TreeAction):
    name: ClassVar[str] = "rebirth"
    title: ClassVar[str] = N_("Rebirth")
    summary: ClassVar[str] = N_("An immortal is reborn: every rune back in the bag, Divine Potency at its basic value.")
    Params: ClassVar[type[RulesModel]] = RulesModel

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.fate != "awaiting_rebirth":
            raise RulesError(N_("{character} is not awaiting rebirth"), character=board.character.name)
        for cid in list(board.composites):
            if cid in board.composites:
                board.dissolve(cid)
        for t in board.essence():
            board.set_token(t.id, pile="esencia", position=0, consumed_in=None, part_of=None)
        if VOID_ID in board.tokens:
            board.set_token(VOID_ID, pile="vacio", part_of=None)
        board.chains.clear()
        for kid, k in board.contingencies.items():
            if k.state == "armed":
                board.contingencies[kid] = k.model_copy(update={"state": "expired", "units": ()})
        board.combat = None  # reborn at the source of its power, away from the fight
        board.dp = board.bdp
        board.consumption_clock = 0.0
        board.fate = "alive"
        divine = board.character.divine
        place = next((o.rebirth_place for o in rules().divine.origin if divine and o.id == divine.origin), "")
        return {"place": place, "dp": board.dp, "status": board.status()}
