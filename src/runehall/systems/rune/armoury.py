"""The schemas of Rune's gear tables: weapons.toml, armor.toml (armor and shields) and the range and
ammunition rules of missiles.toml.

A value the OCR lost is UNKNOWN ("unknown") and stays so: `WeaponDef.missing()` names a row's lost fields,
and a row is `complete` exactly when none of its numbers (Init, Atk, Dfn, Dam, Load, Ability) is lost.
gear.py gives the tables as a table reads them (options, filled-in values).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.rune.records import UNKNOWN, WEAPON_NUMBERS, Availability, Data, Unknown


class WeaponDef(Data):
    """One weapon row. A number the OCR lost is UNKNOWN; dfn "n/a" means no DFN; dam "special" (barb-net)
    follows its own rule; load "none" means not carried (printed N/A)."""

    id: str
    name: str
    init: int | Unknown
    atk: int | Unknown
    dfn: int | Literal["n/a"] | Unknown
    dam: int | Literal["special"] | Unknown
    load: float | Literal["none"] | Unknown
    ability: str
    availability: Availability
    kind: Literal["melee", "missile", "thrown", "brawling", "unknown"]
    two_handed: bool | Unknown
    edge: Literal["sword", "axe", "other"]
    complete: bool
    special: str | None = None
    reconstructed: bool = False
    ability_inferred: str | None = None
    availability_inferred: str | None = None
    combination: tuple[str, ...] = ()

    def missing(self) -> tuple[str, ...]:
        """The fields whose values were lost (unknown), in table order."""
        fields = (*WEAPON_NUMBERS, "availability", "two_handed")
        return tuple(f for f in fields if getattr(self, f) == UNKNOWN)

    @property
    def load_value(self) -> Fraction | None:
        """The Load carried: 0 for an item the table prints no Load for, None when it was lost."""
        if self.load == UNKNOWN:
            return None
        return Fraction(0) if self.load == "none" else Fraction(str(self.load))


class WeaponsFile(Data):
    weapon: tuple[WeaponDef, ...]

    @model_validator(mode="after")
    def _rows(self) -> WeaponsFile:
        if len({w.id for w in self.weapon}) != len(self.weapon):
            raise Invalid(N_("weapon ids must be unique"))
        for w in self.weapon:
            lost = [f for f in WEAPON_NUMBERS if getattr(w, f) == UNKNOWN]
            if w.complete == bool(lost):
                raise Invalid(N_("{id}: complete must be false exactly when a number is unknown"), id=w.id)
        return self


class ArmorDef(Data):
    id: str
    name: str
    prot: int | Unknown
    init: int | Unknown
    load: float
    availability: Availability
    complete: bool

    def missing(self) -> tuple[str, ...]:
        return tuple(f for f in ("prot", "init", "availability") if getattr(self, f) == UNKNOWN)


class ShieldDef(Data):
    id: str
    name: str
    init: int
    atk: int
    dfn: int
    dam: int
    load: float
    ability: str
    availability: Availability


class ShieldRules(Data):
    usable_with_abilities: tuple[str, ...]
    never_with_two_handed: bool
    never_with_two_weapons: bool
    adds_to_soak: bool


class ArmorFile(Data):
    armor: tuple[ArmorDef, ...]
    shield: tuple[ShieldDef, ...]
    shield_rules: ShieldRules


# -- missiles.toml (ranges and ammunition only) -------------------------------------------------------
class RangeDef(Data):
    kind: Literal["missile", "thrown"]
    abilities: tuple[str, ...]
    paces_per_dam: int
    min_distance: int
    dam_includes_str: bool


class Ammunition(Data):
    included_dozens: int
    extra_dozen_load_fraction: Fraction
    no_ammo_load_fraction: Fraction


class MissilesFile(Data):
    range: tuple[RangeDef, ...]
    ammunition: Ammunition
