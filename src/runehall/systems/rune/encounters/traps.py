"""A trap or hazard in the notes as data (spec 001c §6-§7, §18.2 Trap/TrapEffect): what a hero who fails its
roll suffers, and how it picks its victims. The roll itself (what is rolled, its Difficulty, its structure,
a combo trap's several effects) is one of the event's `RollSpec`s, named by the element's `roll`; what it
costs is rolls.py's. What a trap's effects cost is traps_pricing.py's; what the rules refuse in them,
trap_checks.py's. These models check shape only: kinds, and ranges a field can never leave.

A trap is an element of kind "trap" or "hazard" (the same rules: a hazard is nature's trap) whose `trap`
field holds a `Trap`; its lines are then priced by the rules instead of typed by the designer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.trap_data import Current, Waters

RollId = Annotated[str, Field(min_length=1, max_length=40)]
CombatStat = Literal["init", "atk", "dfn", "engagement"]
Trigger = Literal[
    "disarmed", "falls", "falls_not_terrain", "gift_activated", "berserk", "missile_used", "foe_dies",
    "foe_botches", "foe_triumphs",
]  # fmt: skip


class Strict(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=4000)


class Damage(Strict):
    """The damage a failing hero takes: a flat Dam rating or a number of open-ended d10, plus his failure
    difference, less his Soak (only its non-armour part when the damage ignores armour). Recurring damage hits
    again every round; escalating damage grows each round; either ends when `end_roll` succeeds."""

    dam: int | None = Field(None, ge=0, le=200)  # the validator allows 0-50
    dice: int | None = Field(None, ge=1, le=20)  # the validator allows 1-8
    armour_ignoring: bool = False
    recurrence: Literal["none", "recurring", "escalating"] = "none"
    end_roll: RollId | None = None  # the roll (same event) that stops recurring or escalating damage
    heat: bool = False  # heat, fire, a jet of flame or lava (The North's Cooling Sigh)
    poison: bool = False  # poison (Resist the Serpent's Tears)

    @model_validator(mode="after")
    def _one_kind(self) -> Damage:
        if (self.dam is None) == (self.dice is None):
            raise Invalid(N_("a trap's damage is a Dam rating or a number of dice, one of the two"))
        return self


class Impairment(Strict):
    """A flat decrease to every roll (or, `specific`, to the rolls of some Abilities or combat scores) from
    the trap until the end of the encounter, or until its cure. Priced by what is left in that window (the
    fights, trap rolls, gain rolls and Freestanding rolls still to come): a count the designer leaves out is
    counted from the notes to the encounter's end. `covers`: the rolls it falls on, when not all later ones."""

    points: int = Field(ge=1, le=10)  # non-Wound Impairment: the validator allows at most 2
    specific: tuple[Annotated[str, Field(max_length=40)], ...] = Field((), max_length=12)  # Ability ids / stats
    combats: int | None = Field(None, ge=0, le=4)  # None: counted from the notes (trap_window.py)
    trap_rolls: int | None = Field(None, ge=0, le=64)
    gain_rolls: int | None = Field(None, ge=0, le=64)
    freestanding: int | None = Field(None, ge=0, le=64)
    covers: tuple[RollId, ...] = Field((), max_length=64)  # the notes rolls it falls on (no low-Difficulty gain)


class SleepDeprivation(Strict):
    """Hours awake the trap forces: past 16 hours, deprivation counts; it is priced as general Impairment."""

    hours_awake: int = Field(ge=0, le=400)
    combats: int | None = Field(None, ge=0, le=4)  # None: counted from the notes (trap_window.py)
    trap_rolls: int | None = Field(None, ge=0, le=64)
    gain_rolls: int | None = Field(None, ge=0, le=64)
    freestanding: int | None = Field(None, ge=0, le=64)
    covers: tuple[RollId, ...] = Field((), max_length=64)


class Stick(Strict):
    """A penalty to a later notes roll (for `rounds` rounds when it is a series)."""

    roll: RollId
    penalty: int = Field(ge=1, le=40)  # the validator allows at most 6
    rounds: int = Field(1, ge=1, le=20)


class FoeBonus(Strict):
    """A bonus the failure gives the foes (an alarm: INIT in the first round; an enraged foe: ATK)."""

    stat: Literal["init", "atk", "dfn"]
    bonus: int = Field(ge=1, le=60)
    rounds: int = Field(1, ge=1, le=20)
    all_foes: bool = False  # every foe of the encounter gains it: the roll must be Weak Link


class StickCarrot(Strict):
    """One roll: success gives a carrot (a bonus to a later roll), failure a stick (a penalty to it)."""

    roll: RollId
    carrot: int = Field(ge=0, le=60)
    stick: int = Field(ge=0, le=60)
    init: bool = False  # both sides are INIT points (3 INIT points price as 1)
    carrot_rounds: int = Field(1, ge=1, le=20)
    stick_rounds: int = Field(1, ge=1, le=20)


class Targeting(Strict):
    """Fewer than all heroes can be hit, the notes cannot tell who (`most` victims); or, `per_round`, it fires
    every round at that many heroes the runner picks at random until `stop_by` (a roll id, or an action)."""

    most: int | None = Field(None, ge=1, le=12)
    per_round: int | None = Field(None, ge=1, le=12)  # repeat shots: the validator allows 1-6
    stop_by: RollId | Literal["action"] | None = None


class Positional(Strict):
    """The hero's roll is modified by his distance on the map: in a zone of danger, -1 per 10 paces between
    him and its edge; in a zone of safety, +1 per 10 paces between him and its edge. `paces`: its radius."""

    zone: Literal["danger", "safety"]
    paces: int = Field(ge=10, le=1000)


class Drowning(Strict):
    kind: Literal["drowning"] = "drowning"
    waters: Waters
    current: Current = "none"


class Falling(Strict):
    kind: Literal["falling"] = "falling"
    feet: int = Field(ge=1, le=10000)


class Fire(Strict):
    kind: Literal["fire"] = "fire"
    raging: bool = False
    water_paces: int | None = Field(None, ge=0, le=1000)  # a pond or tub this near lets a burning hero douse


class Lost(Strict):
    kind: Literal["lost"] = "lost"  # the trap's roll is the Map roll


class Grabber(Strict):
    kind: Literal["grabber"] = "grabber"
    escape_difficulty: int | None = Field(None, ge=-20, le=40)  # default 6; the validator allows 4-14


class Nuisance(Strict):
    kind: Literal["nuisance"] = "nuisance"
    dam: int = Field(ge=1, le=40)  # the validator allows 1-10


class Ambush(Strict):
    kind: Literal["ambush"] = "ambush"
    by: Literal["foes", "heroes"] = "foes"  # foes ambush the heroes (a trap), or the heroes the foes (a gain)


class Acid(Strict):
    kind: Literal["acid"] = "acid"  # recurring armour-ignoring damage that harms equipment too


OffTheRack = Annotated[
    Drowning | Falling | Fire | Lost | Grabber | Nuisance | Ambush | Acid, Field(discriminator="kind")
]


class Trap(Strict):
    damage: Damage | None = None
    deliberate: bool | None = None  # set on purpose to harm (None: the runner decides; a trap is, a hazard is not)
    impairment: Impairment | None = None
    sleep: SleepDeprivation | None = None
    sticks: tuple[Stick, ...] = Field((), max_length=8)
    foe_bonuses: tuple[FoeBonus, ...] = Field((), max_length=6)
    stick_carrot: StickCarrot | None = None
    equipment_damage: bool = False
    loss_of_status: int = Field(0, ge=0, le=100)  # VP the heroes who refuse lose; the validator: steps of 5, <= 20
    targeting: Targeting | None = None
    positional: Positional | None = None
    package: OffTheRack | None = None
    triggers: tuple[Trigger, ...] = Field((), max_length=9)  # what sets it off in a fight
