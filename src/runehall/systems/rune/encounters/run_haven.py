"""Healing at a haven of the notes (spec 001c §9.5; 001a §7.3; 001b §2.5): once a safe haven has been given, a
hero with the Healer Ability treats another (or himself) there between fights - a Healer roll (a quality roll;
his own treatment a stress roll at the table's option) against the chart's Difficulty for the patient's Wounds,
the haven's warm, safe shelter counted, his Impairment off it. HP back (outcome A), or Wounds cured (outcome B),
as in a fight (combat/arithmetic.py); the patient's HP, Wounds and health after it are the run's, carried into
the next fight.

The stay is counted in hours from the heroes' coming: each treatment says its hour (at most the haven's limit),
and the next one on the same patient waits the chart's hours (The Wounds Close Quick: X Wounds' rows less) unless
he was hurt since. Zealous Sinews adds 3X to any healer's roll on its hero (gifts/healing.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, Refusal, RulesError
from runehall.present.card import Card, Chip, Row
from runehall.present.words import Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.arithmetic import heal_hp, heal_wounds, healer_row, health_of, situation_modifier
from runehall.systems.rune.combat.settings import opt, stress
from runehall.systems.rune.encounters.gains import Healing
from runehall.systems.rune.encounters.haven_state import Treated
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_dangers import heroes_now
from runehall.systems.rune.encounters.run_gains import gains_of
from runehall.systems.rune.encounters.run_gift_vp import gift_vp
from runehall.systems.rune.encounters.run_gifts import sheet_now
from runehall.systems.rune.encounters.run_items import fight_sheet
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.healing import NURTURING, nurturing_heal_vp, wait_hours, zealous_bonus
from runehall.systems.rune.speech.common import HEALTH
from runehall.systems.rune.speech.triggered_cards import gift_vp_rows

SHELTER = "warm_safe_shelter"


class HavenHealParams(RulesModel):
    haven: str = Field(min_length=1, max_length=40, description="The haven of the notes (its id), given already.")
    healer: str = Field(min_length=1, max_length=60, description="The hero who treats.")
    patient: str = Field(min_length=1, max_length=60, description="Whom he treats (himself too).")
    hour: int = Field(0, ge=0, le=100_000, description="The hour of the stay it is made at (0: on coming).")
    mode: Literal["hp", "wounds"] | None = Field(None, description="hp, or wounds (default: wounds if he has any).")


def hero_now(state: RunState, name: str, options: Any) -> Any:
    """The hero as the run has him now: the last fight's fighter (or his sheet's), with what befell him since."""
    c = body(state, name, options)
    wounds = (c.wounds if state.fights else 0) + state.traps.wounds.get(name, 0)
    was = c.health if state.fights and c.health != "gone" else "active"
    health = state.traps.health.get(name, was)
    other = max(c.impairment_other if state.fights else 0, state.traps.penalty(name))
    update = {"hp": heroes_now(state, options)[name], "wounds": wounds, "health": health, "impairment_other": other}
    return c.model_copy(update=update)


def gifts_of(state: RunState, name: str, options: Any) -> dict[str, int]:
    """The hero's gifts now, by id: his sheet's, those bought in the run's fights, a worn helm's."""
    entry = next(h for h in state.setup.heroes if h.name == name)
    own = sheet_now(state, name, fight_sheet(state, entry, options)).get("gifts")
    return {held.find(str(k)) or str(k): int(v) for k, v in own.items()} if isinstance(own, Mapping) else {}


def _haven(state: RunState, haven: str) -> tuple[str, Healing]:
    for _, element in gains_of(state):
        if element.id == haven and isinstance(element.gain, Healing):
            if not state.given.get(element.id):
                raise RulesError(N_("the heroes have not come to {haven} yet"), haven=element.name)
            return element.name, element.gain
    raise RulesError(N_("the notes have no haven {haven!r}"), haven=haven)


def _check(state: RunState, params: Any, healer: Any, patient: Any, name: str, gain: Healing) -> str:
    if state.fight is not None:
        raise RulesError(N_("the heroes rest at a haven between fights, not during one"))
    if gain.hours is not None and params.hour > gain.hours:
        raise RulesError(N_("the heroes may stay at {haven} {hours} hours at most"), haven=name, hours=gain.hours)
    if healer.health != "active":
        raise RulesError(N_("{who} is {state} and cannot heal"), who=healer.name, state=Refusal(HEALTH[healer.health]))
    if patient.health in ("dead", "dying"):
        raise RulesError(N_("{patient} is {state}"), patient=patient.name, state=Refusal(HEALTH[patient.health]))
    last = state.treated.get(patient.name)
    hurt_since = last is not None and (patient.hp < last.hp or patient.wounds > last.wounds)
    if last is not None and last.haven == params.haven and not hurt_since and params.hour < last.ready:
        raise RulesError(N_("{patient} was treated at hour {hour}: his next treatment waits until hour {ready}"),
                         patient=patient.name, hour=last.hour, ready=last.ready)  # fmt: skip
    mode = str(params.mode or ("wounds" if patient.wounds else "hp"))
    if mode == "wounds" and not patient.wounds:
        raise RulesError(N_("{patient} has no Wound to cure"), patient=patient.name)
    if mode == "hp" and patient.hp >= patient.hp_max:
        raise RulesError(N_("{patient} has lost no Hit Points: there is nothing to treat"), patient=patient.name)
    return mode


class HavenHealAction(RunAction):
    name: ClassVar[str] = "haven_heal"
    title: ClassVar[str] = N_("Treat a hero at a haven")
    summary: ClassVar[str] = "A Healer roll at a safe haven given: HP back or Wounds cured, kept for the next fight."
    Params: ClassVar[type[RulesModel]] = HavenHealParams
    random: ClassVar[bool] = True

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        name, gain = _haven(state, params.haven)
        who, whom = _hero(state, params.healer), _hero(state, params.patient)
        healer, patient = hero_now(state, who, options), hero_now(state, whom, options)
        mode = _check(state, params, healer, patient, name, gain)
        quality = who != whom or not opt(options, "self_heal_can_botch")
        result_die, faces = stress(source, quality=quality)
        gifts = gifts_of(state, whom, options)
        zealous = zealous_bonus(gifts)
        total = result_die + healer.bonus("healer") + zealous - healer.impairment
        difficulty, shelter = healer_row(patient.wounds)["difficulty"], situation_modifier(SHELTER)
        if opt(options, "healing_mods_change_difficulty"):
            difficulty += shelter
        else:
            total -= shelter
        if mode == "hp":
            out = heal_hp(total, difficulty, patient.hp, patient.hp_max)
        else:
            uses = bool(opt(options, "healing_example_uses_total"))
            out = heal_wounds(total, difficulty, patient.wounds, patient.wt, patient.hp, patient.hp_max, uses)
        hp, wounds = patient.hp + out.hp_gained, patient.wounds - out.wounds_cured
        health = health_of(hp, wounds, patient.health, blow=False)
        ready = params.hour + wait_hours(wounds, gifts)
        base = body(state, whom, options).wounds if state.fights else 0
        traps = state.traps.model_copy(update={"wounds": state.traps.wounds | {whom: wounds - base},
                                               "health": state.traps.health | {whom: health}})  # fmt: skip
        treated = state.treated | {whom: Treated(haven=params.haven, hour=params.hour, ready=ready, hp=hp,
                                                 wounds=wounds)}  # fmt: skip
        update: dict[str, Any] = {"outside": state.outside | {whom: hp}, "traps": traps, "treated": treated}
        nurtured = nurturing_heal_vp(gifts_of(state, who, options), out.hp_gained) if who != whom else 0
        result = {"haven": name, "healer": who, "patient": whom, "mode": mode, "hour": params.hour,
                  "faces": list(faces), "quality": quality, "bonus": healer.bonus("healer"),
                  "impairment": healer.impairment, "zealous_sinews": zealous, "total": total,
                  "difficulty": difficulty, "success": out.success, "hp_gained": out.hp_gained,
                  "wounds_cured": out.wounds_cured, "hp": hp, "wounds": wounds, "health": health,
                  "ready": ready}  # fmt: skip
        if nurtured:  # Nurturing of Yggdrasil: the healer's gift VP (gifts/healing.py; run_gift_vp.gift_vp)
            result["gift_vp"] = [{"hero": who, "gift": NURTURING, "vp": nurtured}]
            update["tally"] = gift_vp(state.tally, result)
        return state.model_copy(update=update), result

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        return haven_card(event.get("result") or {}, words)


def haven_card(r: Mapping[str, Any], words: Words) -> Card:
    n = words.number
    said = words(N_("{healer} treats {patient} at {haven}, hour {hour}"), healer=r["healer"], patient=r["patient"],
                 haven=r["haven"], hour=n(r["hour"]))  # fmt: skip
    if not r["success"]:
        outcome = words(N_("the treatment fails"))
    elif r["wounds_cured"]:
        outcome = words(N_("{patient} is cured of {cured} ({left} HP now)"), patient=r["patient"],
                        cured=words.n("{n} wound", "{n} wounds", r["wounds_cured"]), left=n(r["hp"]))  # fmt: skip
    else:
        outcome = words(N_("{patient} regains {hp} HP ({left} HP now)"), patient=r["patient"], hp=n(r["hp_gained"]),
                        left=n(r["hp"]))  # fmt: skip
    rows = [Row(words(N_("Healer roll")), words(N_("{total} against {difficulty}"), total=n(r["total"]),
                                                  difficulty=n(r["difficulty"])))]  # fmt: skip
    if r["zealous_sinews"]:
        rows.append(Row(words("Zealous Sinews"), words("+{n}", n=n(r["zealous_sinews"]))))
    if r["impairment"]:
        rows.append(Row(words(N_("Impairment")), n(-r["impairment"])))
    rows.append(Row(words(N_("Next treatment")), words(N_("from hour {hour}"), hour=n(r["ready"]))))
    rows += gift_vp_rows(r, words)  # Nurturing of Yggdrasil's VP (speech/triggered_cards.py)
    chips = tuple(Chip(str(f), sides=10) for f in r["faces"])
    return Card(said, outcome, "success" if r["success"] else "failure", tuple(rows), chips)
