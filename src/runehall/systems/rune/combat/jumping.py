"""Jumping a barrier or an item of cover (book pp. 120-121; data/terrain.toml [[jump]]): a half action, a Jump
roll (Str + Jump; Res for a supporting character) against 6 for a barrier, or 3, 6 or 9 for one-third, half or
full cover, unless the designer set another Difficulty. On a success he lands where he meant to (drawing the free
attacks a move there draws); on a failure he stays where he was.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.footing import dark, enter
from runehall.systems.rune.combat.geometry import shown
from runehall.systems.rune.combat.movement import Strike, check_choices, check_step, free_strikes, opportunities, walk
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.terrain import terrain
from runehall.systems.rune.limits import MAX_COMBATANTS, MapPoint

Over = Literal["barrier", "cover_third", "cover_half", "cover_full"]


class JumpParams(RulesModel):
    who: str = Field(description="Who jumps.")
    to: MapPoint = Field(description="Where he lands, [x, y] (within a half move).")
    over: Over = Field(description="A barrier, or a third, half or full cover.")
    difficulty: int | None = Field(None, ge=0, le=60, description="Another Difficulty the designer set for it.")
    strikes: dict[str, Strike] = Field(
        default_factory=dict, max_length=MAX_COMBATANTS, description="Free attacks the landing draws."
    )


def jump_difficulty(over: str) -> int:
    return next(j.difficulty for j in terrain().jump if j.over == over)


class JumpAction(CombatAction):
    name: ClassVar[str] = "jump"
    title: ClassVar[str] = N_("Jump")
    summary: ClassVar[str] = "Jump a barrier (6) or cover (3/6/9): a half action, Str + Jump; a miss leaves him put."
    Params: ClassVar[type[RulesModel]] = JumpParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        to = params.to
        paces = check_step(board, c, to, c.move_half, N_("a jump"), half=True)
        offers = opportunities(board, c, to, (), False)
        chosen = check_choices(board, offers, params.strikes)
        bonus = c.bonus("jump")  # refused before any die if he has none
        difficulty = params.difficulty if params.difficulty is not None else jump_difficulty(params.over)
        roll, faces = stress(source)
        mods = dark(board, c)
        total = roll + bonus + sum(v for _, v in mods) - c.impairment
        result: dict[str, Any] = {"who": c.name, "over": params.over, "faces": list(faces), "result": roll}
        result["bonus"] = bonus
        if mods:
            result["modifiers"] = dict(mods)
        result.update(total=total, difficulty=difficulty, success=total >= difficulty)
        if total >= difficulty:
            start = c.at
            walk(board, c, to)
            result["landed"] = {"to": list(to), "paces": shown(paces)}
            burns = enter(board, c.name, start, to, source, flight=True)
            if burns:
                result["damaging_places"] = burns
            if offers:
                result["free_attacks"] = free_strikes(board, c.name, offers, chosen, source)
        if board.people[c.name].active and board.slot is not None:
            net = board.spend("half")
            if net:
                result["net"] = net
        return result
