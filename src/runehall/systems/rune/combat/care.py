"""Healing in a fight (spec 001a §7.3-§7.4): the Healer roll on a wounded or hurt ally, and reviving the dying
within the window the blow left open.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.arithmetic import (
    heal_hp,
    heal_wounds,
    healer_row,
    health_of,
    revived,
    situation_modifier,
)
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.footing import dark, enter, slip
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.gift_cup import cup_holds, cup_until
from runehall.systems.rune.combat.gift_healing import bone_set, healer_gifts, nurtured_revive
from runehall.systems.rune.combat.movement import check_step, walk
from runehall.systems.rune.combat.settings import recovery, stress
from runehall.systems.rune.gifts.healing import wait_hours, zealous_bonus
from runehall.systems.rune.limits import MAX_NAMED, MapPoint
from runehall.systems.rune.speech.common import HEALTH

Place = Literal["wilderness_or_hostile", "warm_safe_shelter"]


class HealParams(RulesModel):
    who: str = Field(description="The healer.")
    patient: str = Field(description="Whom he treats (himself too).")
    mode: Literal["hp", "wounds"] | None = Field(None, description="hp, or wounds (default: wounds if he has any).")
    move_to: MapPoint | None = Field(None, description="A half move to [x, y] first, to reach the patient.")
    situation: list[Place] = Field(
        default_factory=list, max_length=MAX_NAMED, description="Where they are, beyond being in combat."
    )


def reach_patient(
    board: Board, healer: Combatant, patient: Combatant, to: tuple[int, int] | None
) -> dict[str, Any] | None:
    """Validate the half move to the patient; made later by `walk`. The patient must end within 3 paces."""
    where = healer.at
    if to is not None:
        check_step(board, healer, to, healer.half_move, N_("a half move"), half=True)
        where = to
    if healer.name != patient.name and not within(where, patient.at, ENGAGED):
        raise RulesError(
            N_("{patient} is out of reach: the healer must be within {paces} paces"),
            patient=patient.name,
            paces=ENGAGED,
        )
    return {"to": list(to)} if to is not None else None


def healing_roll(board: Board, healer: Combatant, patient: Combatant, source: Source) -> tuple[dict[str, Any], int]:
    self_treatment = healer.name == patient.name
    quality = not self_treatment or not board.opt("self_heal_can_botch")
    roll, faces = stress(source, quality=quality)
    bonus = healer.bonus("healer")
    mods = dark(board, healer)
    total = roll + bonus + sum(v for _, v in mods) - healer.impairment
    record: dict[str, Any] = {"roll": "quality" if quality else "stress", "faces": list(faces), "result": roll}
    record.update(bonus=bonus)
    if mods:
        record["modifiers"] = dict(mods)
    if healer.impairment:
        record["impairment"] = -healer.impairment
    return record, total


def patient_gifts(patient: Combatant) -> dict[str, int]:
    """The patient's gifts, gift id -> level (none for one without)."""
    return dict(patient.gifted.levels) if patient.gifted is not None else {}


def difficulty_mods(board: Board, patient: Combatant, places: list[str], in_combat: bool = True) -> dict[str, int]:
    mods: dict[str, int] = {}
    if in_combat:
        mods["during_combat"] = situation_modifier("during_combat")
    if patient.inhuman:
        mods["inhuman_patient"] = situation_modifier("inhuman_patient")
    if patient.undead:
        mods["undead_patient"] = situation_modifier("undead_patient")
    for place in places:
        mods[place] = situation_modifier(place)
    return mods


def check_healer(board: Board, healer: Combatant) -> None:
    if healer.held:
        raise RulesError(N_("{healer} is restrained: he can only try to break free"), healer=healer.name)
    if healer.restraining is not None:
        raise RulesError(N_("{healer} must keep his hold or let go first"), healer=healer.name)


class HealAction(CombatAction):
    name: ClassVar[str] = "heal"
    title: ClassVar[str] = N_("Treat wounds")
    summary: ClassVar[str] = (
        "A Healer roll (full action, +3 Difficulty in combat): HP for the unwounded, or Wounds cured."
    )
    Params: ClassVar[type[RulesModel]] = HealParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        healer, patient = board.get(params.who), board.get(params.patient)
        in_combat = board.phase != "over"  # after the fight: a minute's work, no action, no combat modifier
        if in_combat and board.begin(healer).halves:
            raise RulesError(N_("healing takes a full action"))
        board.require_able(healer, N_("{who} is {state} and cannot heal"))
        check_healer(board, healer)
        if patient.health == "dying":
            raise RulesError(N_("{patient} is dying: only a revive can save him"), patient=patient.name)
        if patient.health in ("dead", "gone"):
            raise RulesError(N_("{patient} is {state}"), patient=patient.name, state=Refusal(HEALTH[patient.health]))
        if patient.heal_blocked:
            wait = wait_hours(patient.wounds, patient_gifts(patient))
            raise RulesError(
                N_("{patient} was treated since his last injury: wait {wait} h or until he is hurt again"),
                patient=patient.name,
                wait=wait,
            )
        mode = params.mode or ("wounds" if patient.wounds else "hp")
        if mode == "wounds" and not patient.wounds:
            raise RulesError(N_("{patient} has no Wound to cure"), patient=patient.name)
        if mode == "hp" and patient.wounds and not board.opt("wounded_patient_hp_healing"):
            raise RulesError(
                N_("at this table a wounded patient is treated for his Wounds ({rule})"),
                rule=option_rule("wounded_patient_hp_healing", N_("the table's rule on healing")),
            )
        move = reach_patient(board, healer, patient, params.move_to)
        if mode == "hp" and patient.hp >= patient.hp_max:
            raise RulesError(N_("{patient} has lost no Hit Points: there is nothing to treat"), patient=patient.name)
        result: dict[str, Any] = {"who": healer.name, "patient": patient.name, "mode": mode}
        if move is not None:
            start = healer.at
            walk(board, healer, params.move_to)
            result["moved"] = move
            slipped = slip(board, healer.name, start, params.move_to, source)
            if slipped is not None:
                result["slip"] = slipped
            burns = enter(board, healer.name, start, params.move_to, source)
            if burns:
                result["damaging_places"] = burns
        row = healer_row(patient.wounds)
        mods = difficulty_mods(board, patient, params.situation, in_combat)
        record, total = healing_roll(board, healer, patient, source)
        if zealous := zealous_bonus(patient_gifts(patient)):  # Zealous Sinews: the patient's gift (gifts/healing.py)
            record["zealous_sinews"] = zealous
            total += zealous
        difficulty = row["difficulty"]
        if board.opt("healing_mods_change_difficulty"):
            difficulty += sum(mods.values())
        else:
            total += sum(mods.values())
        record.update(total=total, difficulty=difficulty, situation=mods)
        p = board.people[patient.name]
        if mode == "hp":
            outcome = heal_hp(total, difficulty, p.hp, p.hp_max)
        else:
            use_total = bool(board.opt("healing_example_uses_total"))
            outcome = heal_wounds(total, difficulty, p.wounds, p.wt, p.hp, p.hp_max, use_total)
        hp, wounds = p.hp + outcome.hp_gained, p.wounds - outcome.wounds_cured
        health = health_of(hp, wounds, p.health, blow=False)
        board.update(p.name, hp=hp, wounds=wounds, health=health, heal_blocked=True)
        result.update(healer_roll=record, success=outcome.success, hp_gained=outcome.hp_gained)
        result.update(wounds_cured=outcome.wounds_cured, hp=hp, wounds=wounds, health=health)
        result["next_attempt_after_hours"] = wait_hours(wounds, patient_gifts(p))
        healer_gifts(board, healer, patient, result, outcome.hp_gained if outcome.success else 0)
        if in_combat:
            net = board.spend("full")
            if net:
                result["net"] = net
        return result


class ReviveParams(RulesModel):
    who: str = Field(description="The healer, on his first action since the blow.")
    patient: str = Field(description="The dying character.")
    move_to: MapPoint | None = Field(None, description="A half move to [x, y] first, to reach him.")


class ReviveAction(CombatAction):
    name: ClassVar[str] = "revive"
    title: ClassVar[str] = N_("Revive")
    summary: ClassVar[str] = (
        "Save a dying ally: a Healer roll vs 12 (+3 in combat) on the healer's first action after the blow."
    )
    Params: ClassVar[type[RulesModel]] = ReviveParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        healer, patient = board.get(params.who), board.get(params.patient)
        slot = board.begin(healer)
        if slot.halves:
            raise RulesError(N_("reviving takes a full action"))
        check_healer(board, healer)
        if patient.health != "dying":
            raise RulesError(
                N_("{patient} is {state}, not dying: nobody can revive him"),
                patient=patient.name,
                state=Refusal(HEALTH[patient.health]),
            )
        window = board.windows.get(patient.name)
        cup = cup_holds(board, patient.name, window) and healer.side == patient.side  # The Ever-Flowing Cup
        if window is None or (healer.name not in window.healers and not cup):
            raise RulesError(
                N_("{healer}'s chance to revive {patient} has passed (his first action after the blow)"),
                healer=healer.name,
                patient=patient.name,
            )
        move = reach_patient(board, healer, patient, params.move_to)
        result: dict[str, Any] = {"who": healer.name, "patient": patient.name}
        if cup and healer.name not in window.healers:  # only his cup keeps the window open for this healer
            result["cup_until"] = cup_until(board, patient.name, window)
        if move is not None:
            start = healer.at
            walk(board, healer, params.move_to)
            result["moved"] = move
            slipped = slip(board, healer.name, start, params.move_to, source)
            if slipped is not None:
                result["slip"] = slipped
            burns = enter(board, healer.name, start, params.move_to, source)
            if burns:
                result["damaging_places"] = burns
        difficulty = int(recovery()["revive"]["difficulty"])
        mods = difficulty_mods(board, patient, [], bool(board.opt("revive_applies_situation_mods")))
        difficulty += sum(mods.values())
        record, total = healing_roll(board, healer, patient, source)
        record.update(total=total, difficulty=difficulty, situation=mods)
        success = total >= difficulty
        result.update(healer_roll=record, success=success)
        if success:
            hp, wounds = revived(patient.hp, patient.wounds, bool(board.opt("revive_sets_hp_to_4")))
            health = health_of(hp, wounds, "active", blow=False)
            board.update(patient.name, hp=hp, wounds=wounds, health=health)
            del board.windows[patient.name]
            result.update(hp=hp, wounds=wounds, health=health)
            if vp := nurtured_revive(healer, patient, patient.hp):  # Nurturing of Yggdrasil (gift_healing.py)
                result["gift_vp"] = vp
        else:
            left = tuple(h for h in window.healers if h != healer.name)
            if not board.opt("multiple_revive_healers"):
                left = ()
            board.windows[patient.name] = window.model_copy(update={"healers": left})
            result["others_may_try"] = list(left)
        if blessed := bone_set(board, healer, patient):  # Bone-Setters' Blessing (gift_healing.py)
            result["bone_setters"] = blessed
        net = board.spend("full")
        if net:
            result["net"] = net
        return result


class RestParams(RulesModel):
    who: str = Field(description="Who rests, once the fight is over.")
    sleep_hours: int = Field(ge=0, le=1000, description="Hours of sleep.")
    rest_hours: int = Field(0, ge=0, le=1000, description="Hours of rest besides.")


class RestAction(CombatAction):
    name: ClassVar[str] = "rest"
    title: ClassVar[str] = N_("Rest")
    summary: ClassVar[str] = (
        "After the fight: 8 h sleep + 8 h rest bring an unwounded hero back to full HP (all or nothing)."
    )
    Params: ClassVar[type[RulesModel]] = RestParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.phase != "over":
            raise RulesError(N_("resting for hours waits until the fight is over"))
        c = board.get(params.who)
        if c.health in ("dead", "gone", "dying"):
            raise RulesError(N_("{who} is {state}"), who=c.name, state=Refusal(HEALTH[c.health]))
        rule = recovery()["rest"]
        hours = params.sleep_hours + params.rest_hours
        result: dict[str, Any] = {"who": c.name, "hours": hours}
        whole = params.sleep_hours >= rule["sleep_hours"] and params.rest_hours >= rule["rest_hours"]
        if c.wounds:
            result["hp_regained"] = 0
            result["why"] = "a wounded hero needs a healer"
        elif whole:
            result["hp_regained"] = c.hp_max - c.hp
            board.update(c.name, hp=c.hp_max)
        else:
            result["hp_regained"] = 0
            result["why"] = (
                f"rest is all or nothing: {rule['sleep_hours']} h of sleep and {rule['rest_hours']} h of rest"
            )
        if c.heal_blocked and hours >= wait_hours(c.wounds, patient_gifts(c)):
            board.update(c.name, heal_blocked=False)
            result["may_be_treated_again"] = True
        return result
