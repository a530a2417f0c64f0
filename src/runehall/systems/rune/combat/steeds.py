"""Horses in a fight (spec 001c §10.4, A-48; horses.py holds the rules, the hero sheet keeps his horse).

A mounted rider moves at his horse's Move: a plain steed's 200 paces when no horse is on his sheet (a borrowed
one, or stats), else his own horse's with its upgrades, less 10 paces for each point of the Load it bears beyond
20 (the rider's Load from his sheet unless the fight says how much). His +3 ATK and +3 DFN against a foe on foot
(modifiers.py) and his Ride added to his Initiative (initiative.py) come with `mounted`.

His horse may also stand in the fight as a combatant of its own (`horse`: its name and its place): its Trample
attack and its numbers from its profile with the upgrades, on its rider's side, with the Impairment its load
costs it (1 point a Load point beyond 20; the fight counts at most 2 points of Impairment not from Wounds). Foes
may then attack it, or it may trample. It stands at a place of its own: the fight does not move horse and rider
as one.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.settings import steed_full_move
from runehall.systems.rune.horses import Horse, carrying, profile
from runehall.systems.rune.limits import MapPoint

MAX_HORSE_LOAD = 1000
COUNTED_IMPAIRMENT = 2  # Impairment not from Wounds counts up to 2 points (combatant.py)


class HorseInFight(RulesModel):
    name: str = Field(min_length=1, max_length=60, description="The horse's name in the fight.")
    at: MapPoint = Field(description="Where the horse stands, [x, y] in paces.")


def load_borne(rider_load: float | None, given: int | None) -> int:
    """The Load on the horse: as the fight gives it, else the rider's (whole points), else none."""
    if given is not None:
        return given
    return int(rider_load) if rider_load is not None else 0


def ridden_move(horse: Horse | None, rider_load: float | None, given: int | None) -> tuple[int, int]:
    """(half, full) Move of a mounted rider: his horse's after its load, or a plain steed's."""
    full = steed_full_move() if horse is None else carrying(horse, load_borne(rider_load, given))[1]
    return full // 2, full


def horse_fields(
    rider: str, side: str, horse: Horse | None, fielded: HorseInFight, rider_load: float | None, given: int | None
) -> dict[str, Any]:
    """The combatant spec (as fields) of a rider's horse fielded in the fight; refused without a horse on his
    sheet."""
    if horse is None:
        raise ParameterError(N_("{who} has no horse on his sheet to bring into the fight"), who=rider)
    p = profile(horse)
    over, move = carrying(horse, load_borne(rider_load, given))
    trample = {"weapon": p.attack, "name": "Trample", "kind": "melee", "init": p.init, "atk": p.atk, "dfn": p.dfn}
    return {
        "name": fielded.name,
        "side": side,
        "hero": False,
        "at": fielded.at,
        "weapons": [{**trample, "dam": p.dam}],
        "init_noncombat": p.init,
        "soak": p.soak,
        "hp": p.hp,
        "wt": p.wt,
        "res": p.res,
        "move_half": move // 2,
        "move_full": move,
        "impairment": min(over, COUNTED_IMPAIRMENT),
    }
