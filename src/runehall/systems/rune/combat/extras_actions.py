"""What people do with a fight's decoys and hostages (spec 001b §11.5, §11.6): the runner moves a decoy on its
turn (a panicked one 30 paces towards a rolled hex side), a hero downs a decoy with an ATK roll against 6, and a
hero frees a hostage with a special Engagement roll against the captor.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat import extras
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.extras import Extra
from runehall.systems.rune.combat.gallery_actions import ready_to_act
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.moves import contest, engagement_roll
from runehall.systems.rune.combat.resolve import roll_record
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.tube_striker import flung_to
from runehall.systems.rune.encounters.gallery_data import gallery
from runehall.systems.rune.encounters.table_rules import decoy_downed, tube_striker_direction
from runehall.systems.rune.limits import MapPoint


def extra(board: Board, name: str) -> tuple[int, Extra]:
    index = extras.find(board, name)
    if index is None:
        known = ", ".join(e.name for e in board.extras) or "-"
        raise RulesError(N_("there is no decoy or hostage {name!r} (there are: {known})"), name=name, known=known)
    return index, board.extras[index]


class MoveExtraParams(RulesModel):
    name: str = Field(description="The decoy (or freed hostage) who runs.")
    to: MapPoint | None = Field(None, description="Where he ends up (default, if panicked: 30 paces, a rolled way).")
    off: bool = Field(False, description="He leaves the battlefield.")


class MoveExtraAction(CombatAction):
    name: ClassVar[str] = "move_extra"
    title: ClassVar[str] = N_("Move a decoy")
    summary: ClassVar[str] = "The runner moves a decoy: to cover or a wall, 30 paces a rolled way if panicked, or off."
    Params: ClassVar[type[RulesModel]] = MoveExtraParams
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_phase("acting", N_("moving a decoy"))
        index, e = extra(board, params.name)
        if e.status not in extras.LOOSE:
            raise RulesError(N_("{name} is not running about the field"), name=e.name)
        result: dict[str, Any] = {"name": e.name, "from": list(e.at)}
        if params.off:
            extras.change(board, index, status="off")
            return {**result, "off": True}
        to = params.to
        if to is None:
            if e.status != "panicked":
                raise RulesError(N_("say where {name} runs to: only a panicked decoy runs a rolled way"), name=e.name)
            side = tube_striker_direction(source.die(6))  # a hex side, as the tube-striker's throws
            to = flung_to(e.at, side, gallery().decoys.panic_paces)
            result["side"] = side
        extras.change(board, index, at=to)
        return {**result, "to": list(to)}


class DecoyParams(RulesModel):
    who: str = Field(description="The hero.")
    decoy: str = Field(description="The decoy (or freed hostage) he downs.")


class DownDecoyAction(CombatAction):
    name: ClassVar[str] = "down_decoy"
    title: ClassVar[str] = N_("Down a decoy")
    summary: ClassVar[str] = "A hero's ATK roll against 6 downs a decoy (no VP); an odd die: it only plays dead."
    Params: ClassVar[type[RulesModel]] = DecoyParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        ready_to_act(c)
        index, e = extra(board, params.decoy)
        if e.status not in extras.LOOSE:
            raise RulesError(N_("{name} is not running about the field"), name=e.name)
        weapon = c.in_hand
        if not weapon.ranged and not within(c.at, e.at, ENGAGED):
            raise RulesError(N_("{name} is out of reach of {who}'s {weapon}"), name=e.name, who=c.name,
                             weapon=Refusal(weapon.name))  # fmt: skip
        roll, faces = stress(source)
        mods = extras.decoy_mods(board, c)
        atk = roll_record(c.name, "ATK", faces, roll, weapon.need("atk", c.name), mods, c.impairment)
        atk["difficulty"] = gallery().decoys.down_difficulty
        downed, alive = False, False
        if atk["total"] >= atk["difficulty"]:  # the odd-even die only for one downed
            downed, alive = decoy_downed(int(atk["total"]), source.die(10))
        result: dict[str, Any] = {"who": c.name, "decoy": e.name, "weapon": weapon.name, "atk": atk, "downed": downed}
        if downed:
            result["alive"] = alive
            extras.change(board, index, status="down" if alive else "dead", by=c.name)
        net = board.finish()
        if net:
            result["net"] = net
        return result


class FreeHostageParams(RulesModel):
    who: str = Field(description="The hero.")
    captor: str = Field(description="The foe holding a hostage.")


class FreeHostageAction(CombatAction):
    name: ClassVar[str] = "free_hostage"
    title: ClassVar[str] = N_("Free the hostage")
    summary: ClassVar[str] = "A hero's action: a special Engagement roll against the captor; success frees the hostage."
    Params: ClassVar[type[RulesModel]] = FreeHostageParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c, o = board.get(params.who), board.get(params.captor)
        board.begin(c)
        ready_to_act(c)
        if not c.hero:
            raise RulesError(N_("only a hero frees a hostage"))
        index = next((i for i, e in enumerate(board.extras) if e.status == "held" and e.captor == o.name), None)
        if index is None:
            raise RulesError(N_("{captor} holds no hostage"), captor=o.name)
        if not within(c.at, o.at, ENGAGED):
            raise RulesError(N_("{captor} is out of reach: {who} must be within {paces} paces"), captor=o.name,
                             who=c.name, paces=ENGAGED)  # fmt: skip
        rolls = [engagement_roll(board, c, o, source)]
        freed = contest(board, c, o, SimpleNamespace(difficulty=0, nonresisting=False), source, rolls)
        e = board.extras[index]
        result: dict[str, Any] = {"who": c.name, "captor": o.name, "hostage": e.name, "rolls": rolls, "freed": freed}
        if freed:
            extras.change(board, index, status="calm", captor=None, at=c.at, by=c.name)
            result["freed_by"] = c.name
        net = board.spend("full")
        if net:
            result["net"] = net
        return result
