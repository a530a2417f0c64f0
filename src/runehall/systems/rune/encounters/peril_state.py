"""A hero still in a hazard off the rack after it was sprung (spec 001c §7.3, §7.6, §7.8): in deep water (swimming,
or gone under and drowning), with his clothing on fire (inside a raging fire or out of it), or held by a grabber.
Kept in the run's trap record (`TrapPlay.perils`); hazard_play.py changes it a round a move. And an item a trap
harmed (`TrapPlay.gear`, gear_play.py); a party gone astray (`TrapPlay.lost`, lost_play.py); an ambush's surprise
(`TrapPlay.ambushes`, ambush_play.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from runehall.systems.base import RulesModel

PerilKind = Literal["drowning", "fire", "grabber", "nuisance"]


class Peril(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    trap: str
    hero: str
    kind: PerilKind
    round_no: int = Field(2, ge=2, le=1000)  # the next round's number (the first was the springing)
    failed_by: int = Field(0, ge=0, le=1000)  # his failure on the roll that put him in it
    under: int = Field(0, ge=0, le=1000)  # drowning: the rounds he has drowned so far (0: still swimming)
    damage: int = Field(0, ge=0, le=10000)  # fire: the coming round's raw damage; a swarm: the HP it took from him
    failed_smothers: int = Field(0, ge=0, le=1000)
    raging: bool = False  # fire: a raging fire's (smothered at its own Difficulty once out of it)
    inside: bool = False  # fire: still inside the raging fire (he cannot smother there)


class Gear(RulesModel):
    """A weapon, armour or shield a trap harmed (001c §7.4): what it has left (equipment_damage.py's Harm); or a kit
    (`item` its Ability, `value` its decrease) or magic item (`item` its number among his magic items, `value` a
    charm's or amulet's bonus or a helm's levels left; gear_items.py)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    hero: str
    kind: Literal["weapon", "armour", "shield", "kit", "potion", "charm", "amulet", "helm", "legendary"]
    item: str  # its id in the rules' tables
    load: float = Field(0, ge=0, le=100)
    state: str = "unharmed"
    prot: int = Field(0, ge=-100, le=100)
    atk: int = Field(0, ge=-200, le=100)
    dfn: int = Field(0, ge=-200, le=100)
    dam: int = Field(0, ge=-400, le=200)
    value: int | None = Field(None, ge=-100, le=100)


class Astray(RulesModel):
    """A party gone astray by a hazard of getting lost: the Map rolls failed, the successes in a row since the last
    failure (a triumph two), every Map roll made while lost (the Difficulty of the rolls after)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trap: str
    failures: int = Field(1, ge=1, le=1000)
    streak: int = Field(0, ge=0, le=1000)
    rolls: int = Field(1, ge=1, le=1000)

    def lost(self) -> Any:
        """As hazards.map_roll counts it."""
        from runehall.systems.rune.encounters.hazards import Lost

        return Lost(self.failures, self.streak, self.rolls)


class Surprise(RulesModel):
    """An ambush sprung (ambush_play.py): the surprised side (the heroes it names, or every foe), the fight it is
    staged in (its index among the run's fights) and the round it began there (None: kept for the event's fight),
    each combatant's last recovery roll's round and the ambush round (2 or 3) he recovered at."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trap: str
    side: Literal["heroes", "foes"]
    heroes: tuple[str, ...] = Field((), max_length=12)
    fight: int | None = Field(None, ge=0, le=100)
    first: int | None = Field(None, ge=1, le=1000)
    tried: dict[str, int] = Field(default_factory=dict, max_length=64)
    recovered: dict[str, int] = Field(default_factory=dict, max_length=64)
