"""What the runner rules on the spot (spec 001a §6.5 G "Other", §6.16-§6.18, §12.5): damage from a hazard,
a change of someone's condition, someone leaving the field, and any other action with its own roll.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.arithmetic import damage
from runehall.systems.rune.combat.board import Board, CombatAction, WhoParams
from runehall.systems.rune.combat.combatant import Cover
from runehall.systems.rune.combat.gift_stags import Undone, check_undoing, gnawed
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.speech.common import HEALTH


def open_fight(board: Board) -> None:
    if board.phase == "over":
        raise RulesError(N_("the fight is over ({ended})"), ended=board.why_over())


class DamageParams(RulesModel):
    who: str = Field(description="Who is hurt.")
    raw: int = Field(ge=0, le=999, description="Raw damage (a hazard's Dam, a trap...).")
    soak: bool = Field(True, description="His Soak applies.")


class DamageAction(CombatAction):
    name: ClassVar[str] = "damage"
    title: ClassVar[str] = N_("Deal damage")
    summary: ClassVar[str] = "The runner applies raw damage (hazard, trap): HP lost = Raw - Soak, Wounds by WT."
    Params: ClassVar[type[RulesModel]] = DamageParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        open_fight(board)
        c = board.get(params.who)
        if c.health in ("dead", "gone"):
            raise RulesError(N_("{who} is {state}"), who=c.name, state=Refusal(HEALTH[c.health]))
        lost = damage(0, params.raw, c.soak).lost if params.soak else params.raw
        return {"raw": params.raw, "soak": c.soak if params.soak else 0, **board.hurt(c.name, lost)}


class ConditionParams(RulesModel):
    who: str = Field(description="Whose condition changes.")
    fallen: bool | None = Field(None, description="Knocked down (slippery ground, a Gift) or back up.")
    grabbed: bool | None = Field(None, description="Caught in (or freed from) a grabber trap.")
    mounted: bool | None = Field(None, description="On horseback or not.")
    cover: Cover | None = Field(None, description="The cover he stands behind: none, third, half, full.")
    obscured: bool | None = Field(None, description="Fog, glare, shifting shadow (as one-third cover).")
    invigoration: int | None = Field(None, ge=0, le=20, description="Invigoration cancelling Impairment.")
    clamped: bool | None = Field(None, description="A land crab clamped up (or open again).")


class ConditionAction(CombatAction):
    name: ClassVar[str] = "condition"
    title: ClassVar[str] = N_("Note a condition")
    summary: ClassVar[str] = (
        "The runner sets someone's condition: fallen, grabbed, mounted, cover, obscured, invigoration."
    )
    Params: ClassVar[type[RulesModel]] = ConditionParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        open_fight(board)
        c = board.get(params.who)
        changes = {k: v for k, v in params.model_dump().items() if k != "who" and v is not None}
        if not changes:
            raise RulesError(N_("say what changes (fallen, grabbed, mounted, cover, obscured or invigoration)"))
        if changes.get("fallen") and board.slot is not None and board.slot.who == c.name:
            board.slot = board.slot.model_copy(update={"stood": True})  # down during his action: up next action
        board.update(c.name, **changes)
        return {"who": c.name, **changes}


class LeaveAction(CombatAction):
    name: ClassVar[str] = "leave"
    title: ClassVar[str] = N_("Leave the fight")
    summary: ClassVar[str] = "Someone leaves the fight (fled off the field, surrendered, carried away)."
    Params: ClassVar[type[RulesModel]] = WhoParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        open_fight(board)
        c = board.get(params.who)
        if c.health in ("dead", "gone"):
            raise RulesError(N_("{who} is {state}"), who=c.name, state=Refusal(HEALTH[c.health]))
        if c.held:
            raise RulesError(N_("{who} is restrained and cannot leave"), who=c.name)
        if board.slot is not None and board.slot.who == c.name:
            board.finish(acted=False)
        board.update(c.name, health="gone")
        board.left_the_fight(c.name)
        board.windows.pop(c.name, None)
        return {"who": c.name, "health": "gone"}


class OtherParams(RulesModel):
    who: str = Field(description="Who acts.")
    what: str = Field(min_length=1, max_length=200, description="What he does (climb, read runes, scan...).")
    cost: Literal["half", "full"] = Field("full", description="What it costs: half or full action.")
    bonus: int | None = Field(None, ge=-30, le=60, description="The roll's Characteristic + Ability, if it needs one.")
    difficulty: int | None = Field(None, ge=0, le=60, description="Its Difficulty (6 unless the runner says).")
    undoes: Undone | None = Field(
        None,
        title=N_("What it undoes"),
        description=N_("A trap he disarms, or a barrier, an item of cover or a man-made height he destroys or moves."),
    )


class OtherAction(CombatAction):
    name: ClassVar[str] = "other"
    title: ClassVar[str] = N_("Other action")
    summary: ClassVar[str] = (
        "Any other action the runner allows: a half or full action, with a roll if he asks for one."
    )
    Params: ClassVar[type[RulesModel]] = OtherParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        if c.held:
            raise RulesError(N_("{who} is held or pinned: he can only try to break free"), who=c.name)
        if c.restraining is not None:
            raise RulesError(N_("{who} must keep his hold or let go first"), who=c.name)
        check_undoing(params)  # The Gnawing Stags: a full action (gift_stags.py)
        result: dict[str, Any] = {"who": c.name, "what": params.what, "cost": params.cost}
        if params.bonus is not None:
            difficulty = 6 if params.difficulty is None else params.difficulty
            roll, faces = stress(source)
            total = roll + params.bonus - c.impairment
            result.update(
                faces=list(faces), result=roll, total=total, difficulty=difficulty, success=total >= difficulty
            )
        elif params.difficulty is not None:
            raise RulesError(N_("a Difficulty needs the roll's bonus"))
        gnawed(c, params, result)  # The Gnawing Stags' VP for a thing undone (gift_stags.py)
        net = board.spend(params.cost)
        if net:
            result["net"] = net
        return result
