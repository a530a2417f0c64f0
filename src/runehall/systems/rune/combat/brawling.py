"""Holds, pins and nets (spec 001a §4.2 barb-net, §6.14): restraining with an unarmed attack, keeping the
restraint, letting go, and breaking free.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction, WhoParams
from runehall.systems.rune.combat.combatant import UNARMED, Combatant
from runehall.systems.rune.combat.footing import dark
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.modifiers import Situation, check_gang_up
from runehall.systems.rune.combat.resolve import Swing, melee_swing
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.speech.common import HEALTH


class RestrainParams(RulesModel):
    who: str = Field(description="Who grapples.")
    target: str = Field(description="Whom he grapples (within 3 paces).")
    kind: Literal["hold", "pin"] = Field(description="hold (Dex + Brawling) or pin (Str + Brawling).")
    disarm: bool = Field(False, description="A hold makes the victim drop what he holds (weapon and shield).")
    ripostes: bool = Field(True, description="Whoever earns a riposte takes it.")


class RestrainAction(CombatAction):
    name: ClassVar[str] = "restrain"
    title: ClassVar[str] = N_("Hold or pin")
    summary: ClassVar[str] = (
        "A hold or pin: an unarmed attack that hurts nothing, then Dex/Str + Brawling vs his DFN score."
    )
    Params: ClassVar[type[RulesModel]] = RestrainParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c, t = board.get(params.who), board.get(params.target)
        slot = board.begin(c)
        if slot.halves:
            raise RulesError(N_("a hold or pin takes the whole action"))
        if c.held or c.restraining is not None:
            raise RulesError(
                N_("{who} is already grappling: he can only keep at it, let go, or break free"), who=c.name
            )
        if t.name == c.name or t.side == c.side:
            raise RulesError(N_("{who} grapples with enemies only"), who=c.name)
        if not within(c.at, t.at, ENGAGED):
            raise RulesError(N_("{target} is out of reach: a hold or pin needs him within 3 paces"), target=t.name)
        if t.restraint is not None:
            raise RulesError(N_("{target} is already restrained"), target=t.name)
        if t.health in ("dead", "gone"):
            raise RulesError(N_("{target} is {state}"), target=t.name, state=Refusal(HEALTH[t.health]))
        if params.disarm and params.kind != "hold":
            raise RulesError(N_("only a hold makes the victim drop what he holds"))
        check_gang_up(board, t)
        swing = Swing(
            c.name,
            t.name,
            c.unarmed,
            why=params.kind,
            sit=Situation(),
            restrain=params.kind,
            take_ripostes=params.ripostes,
        )
        result: dict[str, Any] = {"who": c.name, "target": t.name, "attack": melee_swing(board, swing, source)}
        victim = board.people[t.name]
        if params.disarm and victim.restraint is not None and victim.restraint.by == c.name:
            dropped = [x for x in (victim.ready,) if x != UNARMED]
            board.update(t.name, ready=UNARMED, dropped=(*victim.dropped, *dropped), shield=None, shield_dfn=0)
            result["disarmed"] = dropped + ([victim.shield] if victim.shield else [])
        if board.people[c.name].active and board.slot is not None:
            net = board.finish()
            if net:
                result["net"] = net
        return result


class MaintainAction(CombatAction):
    name: ClassVar[str] = "maintain"
    title: ClassVar[str] = N_("Keep the hold")
    summary: ClassVar[str] = "Spend the action keeping a hold or pin (the restrainer can do nothing else)."
    Params: ClassVar[type[RulesModel]] = WhoParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        if c.restraining is None:
            raise RulesError(N_("{who} holds nobody"), who=c.name)
        result: dict[str, Any] = {"who": c.name, "keeps": c.restraining}
        net = board.spend("full")
        if net:
            result["net"] = net
        return result


class ReleaseAction(CombatAction):
    name: ClassVar[str] = "release"
    title: ClassVar[str] = N_("Let go")
    summary: ClassVar[str] = "Let go of a held or pinned victim (free, at any time)."
    Params: ClassVar[type[RulesModel]] = WhoParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.phase == "over":
            raise RulesError(N_("the fight is over ({ended})"), ended=board.why_over())
        c = board.get(params.who)
        if c.restraining is None:
            raise RulesError(N_("{who} holds nobody"), who=c.name)
        return {"who": c.name, "released": board.release(c.name)}


def escape_bonus(board: Board, c: Combatant) -> tuple[int, dict[str, int]]:
    """The roll bonus for breaking free, and its parts."""
    assert c.restraint is not None
    kind = c.restraint.kind
    if kind == "net":
        return c.bonus("escape"), {"Str": c.bonus("escape")}
    base = c.bonus(kind)
    parts = {"Dex + Brawling" if kind == "hold" else "Str + Brawling": base}
    if c.hero or c.res is None:
        weapon = c.in_hand
        if weapon.id != UNARMED and weapon.dfn_rating:
            parts["weapon Dfn rating"] = weapon.dfn_rating
        if c.shield_dfn and (board.opt("break_free_both_dfn") or "weapon Dfn rating" not in parts):
            parts["shield Dfn rating"] = c.shield_dfn
        if board.opt("armor_term_in_break_free") == "armor_init":
            if c.armor_init is None:
                raise RulesError(
                    N_("{who}'s armor has no known Init rating (the book lost it): give {field}"),
                    who=c.name,
                    field=Named(N_("it as 'armor'"), N_("it in the fight's setup")),
                )
            if c.armor_init:
                parts["armor Init rating"] = -abs(c.armor_init)
    return sum(parts.values()), parts


class BreakFreeAction(CombatAction):
    name: ClassVar[str] = "break_free"
    title: ClassVar[str] = N_("Break free")
    summary: ClassVar[str] = (
        "Break a hold (Dex), a pin (Str) or a net (Str) against 6 + the margin that restrained him."
    )
    Params: ClassVar[type[RulesModel]] = WhoParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        if c.restraint is None:
            raise RulesError(N_("{who} is not restrained"), who=c.name)
        restraint = c.restraint
        _, parts = escape_bonus(board, c)
        parts.update(dark(board, c))
        roll, faces = stress(source)
        total = roll + sum(parts.values()) - c.impairment
        free = total >= restraint.difficulty
        result: dict[str, Any] = {"who": c.name, "from": restraint.kind, "faces": list(faces), "result": roll}
        result.update(bonus=parts, total=total, difficulty=restraint.difficulty, free=free)
        if free and restraint.by is not None:
            board.release(restraint.by)
        net = board.spend("full")  # a netted man pays for every action, the escape that frees him included
        if free and restraint.kind == "net":
            board.update(c.name, restraint=None)
        if net:
            result["net"] = net
        return result
