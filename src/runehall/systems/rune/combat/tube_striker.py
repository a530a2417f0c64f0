"""The tube-striker in a fight (spec 001b §9, §11.13): stationary, it bites or grabs by the parity of a die at each
of its turns; a grab flings the hero, or an object he carries (the runner's pick, A-57), a number of paces per
point its ATK total beat his DFN total, towards a hex side rolled on a d6; a sharp blow of 8 or more severs one
of its four tentacles, and with none left it cannot attack.
"""

from __future__ import annotations

from math import cos, radians, sin
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.combatant import UNARMED, Combatant, Weapon
from runehall.systems.rune.combat.footing import enter
from runehall.systems.rune.combat.gallery import TUBE_STRIKER, tentacles_left
from runehall.systems.rune.combat.geometry import ENGAGED, Point, within
from runehall.systems.rune.combat.resolve import Swing, melee_swing, melee_weapon
from runehall.systems.rune.encounters.table_rules import (
    tube_striker_attack,
    tube_striker_direction,
    tube_striker_grabs,
    tube_striker_throw,
)

HEX_DEGREES = 60  # a hex side every 60 degrees; side 1 faces north (y up), the rest clockwise


def flung_to(at: Point, side: int, paces: int) -> Point:
    """Where something lands `paces` from `at` towards hex side `side` (whole paces)."""
    angle = radians(90 - HEX_DEGREES * (side - 1))
    return (round(at[0] + paces * cos(angle)), round(at[1] + paces * sin(angle)))


def free_spot(board: Board, who: str, start: Point, to: Point) -> Point:
    """The landing spot, or the nearest one short of it on the way that nobody stands on."""
    taken = {c.at for c in board.people.values() if c.name != who and c.health not in ("dead", "gone")}
    steps = max(abs(to[0] - start[0]), abs(to[1] - start[1]))
    for k in range(steps, -1, -1):
        spot = (
            round(start[0] + (to[0] - start[0]) * k / max(steps, 1)),
            round(start[1] + (to[1] - start[1]) * k / max(steps, 1)),
        )
        if spot not in taken:
            return spot
    return start


def _share(span: int, k: int, steps: int) -> int:
    """k / steps of a whole span, to the nearest pace (in whole numbers)."""
    return (2 * span * k + steps) // (2 * steps)


class TubeStrikeParams(RulesModel):
    who: str = Field(description="The tube-striker.")
    target: str = Field(description="The hero within its reach.")
    object: str | None = Field(
        None, description="If it grabs an object: which weapon of his (default: the one in hand)."
    )


class TubeStrikeAction(CombatAction):
    name: ClassVar[str] = "tube_strike"
    title: ClassVar[str] = N_("Strike with the tentacles")
    summary: ClassVar[str] = (
        "A tube-striker's turn: a die for bite (even) or grab (odd); a grab flings him or his gear."
    )
    Params: ClassVar[type[RulesModel]] = TubeStrikeParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c, t = board.get(params.who), board.get(params.target)
        board.begin(c)
        if c.foe_type != TUBE_STRIKER:
            raise RulesError(N_("{who} is no tube-striker"), who=c.name)
        if not tentacles_left(c):
            raise RulesError(N_("{who} has no tentacles left and cannot attack"), who=c.name)
        if t.side == c.side or t.health in ("dead", "gone"):
            raise RulesError(N_("{target} is no enemy it can strike"), target=t.name)
        if not within(c.at, t.at, ENGAGED):
            raise RulesError(N_("{target} is out of its reach"), target=t.name)
        thing = t.find_weapon(params.object) if params.object else None
        if thing is not None and (thing.id == UNARMED or thing.id in t.dropped):
            raise RulesError(N_("{target} does not carry the {weapon}"), target=t.name, weapon=Refusal(thing.name))
        face = source.die(10)
        form = tube_striker_attack(face)
        result: dict[str, Any] = {"who": c.name, "target": t.name, "die": face, "form": form}
        swing = Swing(c.name, t.name, melee_weapon(c), why=form, grab=form == "grab")
        blow = melee_swing(board, swing, source)
        result["attack"] = blow
        if form == "grab" and blow["hit"] and board.people[t.name].health not in ("dead", "gone"):
            result["grab"] = fling(board, board.people[t.name], int(blow["atk"]["total"]), int(blow["dfn"]["total"]),
                                   thing, source)  # fmt: skip
        if board.people[c.name].active and board.slot is not None:
            board.finish()
        return result


def fling(
    board: Board, t: Combatant, atk_total: int, dfn_total: int, thing: Weapon | None, source: Source
) -> dict[str, Any]:
    """A successful grab: odd, the hero flies; even, an object he carries (the one named, or the one in hand)."""
    grabbed = tube_striker_grabs(source.die(10))
    held = [w for w in t.weapons if w.id in t.carried() and w.id != UNARMED]
    if grabbed == "object" and thing is None:
        thing = next((w for w in held if w.id == t.ready), held[0] if held else None)
    if grabbed == "object" and thing is None:
        return {"grabs": "object", "nothing": True}
    side = tube_striker_direction(source.die(6))
    paces = tube_striker_throw(atk_total, dfn_total, grabbed)
    out: dict[str, Any] = {"grabs": grabbed, "side": side, "paces": paces}
    if grabbed == "object" and thing is not None:
        ready = UNARMED if t.ready == thing.id else t.ready
        belt = None if t.belt == thing.id else t.belt
        board.update(t.name, dropped=(*t.dropped, thing.id), ready=ready, belt=belt)
        out.update(object=thing.name, lands=list(flung_to(t.at, side, paces)))
        return out
    start = t.at
    spot = free_spot(board, t.name, start, flung_to(start, side, paces))
    board.update(t.name, at=spot)
    out["lands"] = list(spot)
    burns = enter(board, t.name, start, spot, source)
    if burns:
        out["damaging_places"] = burns
    return out
