"""What a hero sheet keeps of play (spec 001a §8, book pp. 56-58): the Ability points bought with victory points
since creation (experience and training), the victory-point accounts, and the death-insurance snapshot.

Creation rules (60 points, ratings of 3 at most) judge only the ratings bought at creation; the points bought
since are kept apart in `advances`, so a sheet saved after play validates as the hero it now is. The only limit
on them is the table's cap after creation (option ability_cap_after_creation).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, field_validator

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune import creation, modifiers
from runehall.systems.rune.limits import MAX_CP, MAX_GIFT_LEVEL, MAX_GIFTS, MAX_NAMED, MAX_RATING
from runehall.systems.rune.modifiers import Modifier
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules

MOST_ADVANCES = 50


def check_advances(value: Mapping[str, int], data: Mapping[str, Any], options: RuneOptions) -> dict[str, int]:
    """Points bought since creation: 1 to 50 per Ability, and the total within the table's cap."""
    bought = data.get("abilities", {})
    cap = options.ability_cap_after_creation
    for ability_id, points in value.items():
        name = rules().ability(ability_id).name
        if not 0 <= points <= MOST_ADVANCES:
            raise Invalid(
                N_("{name}: 0 to {most} points bought since creation"), name=Refusal(name), most=MOST_ADVANCES
            )
        rating = bought.get(ability_id, 0) + points
        if cap is not None and rating > cap:
            raise Invalid(
                N_("{name} {rating} is over this table's cap of {cap} after creation"),
                name=Refusal(name),
                rating=rating,
                cap=cap,
            )
    return {a: p for a, p in value.items() if p}


class Insurance(RulesModel):
    """A death-insurance snapshot: the sheet without the name and without any equipment (book p. 57)."""

    characteristics: dict[str, Annotated[int, Field(ge=-MAX_RATING, le=MAX_RATING)]] = Field(
        max_length=MAX_NAMED, description="The Characteristics as bought at creation."
    )
    abilities: dict[str, Annotated[int, Field(ge=-MAX_RATING, le=MAX_RATING)]] = Field(
        max_length=MAX_NAMED, description="The Ability ratings bought at creation."
    )
    advances: dict[str, Annotated[int, Field(ge=-MAX_RATING, le=MAX_RATING)]] = Field(
        default_factory=dict, max_length=MAX_NAMED, description="Ability points bought since, by VP."
    )
    cp_on_hp: int = Field(0, ge=0, le=MAX_CP, description="Creation points spent on hit points.")
    kits_left_behind: tuple[str, ...] = Field((), max_length=MAX_NAMED)
    modifiers: tuple[Modifier, ...] = Field(
        default=(), max_length=MAX_NAMED, description="Gifts and the like (not tied to a weapon)."
    )
    gifts: dict[str, Annotated[int, Field(ge=1, le=MAX_GIFT_LEVEL)]] = Field(
        default_factory=dict, max_length=MAX_GIFTS, description="The Divine Gifts and Rune Powers he held."
    )

    @field_validator("characteristics", mode="before")
    @classmethod
    def _characteristics(cls, value: object) -> object:
        return creation.ids("characteristic", value)

    @field_validator("abilities", "advances", mode="before")
    @classmethod
    def _abilities(cls, value: object) -> object:
        return creation.ids("ability", value)

    @field_validator("modifiers", mode="before")
    @classmethod
    def _modifiers(cls, value: object) -> object:
        return modifiers.parse(value)

    def sheet(self) -> dict[str, Any]:
        """The snapshot as the fields of a hero sheet (a name and gear still to be added)."""
        return {
            "characteristics": dict(self.characteristics),
            "abilities": dict(self.abilities),
            "advances": dict(self.advances),
            "cp_on_hp": self.cp_on_hp,
            "kits_left_behind": list(self.kits_left_behind),
            "modifiers": [m.model_dump(mode="json") for m in self.modifiers],
            "gifts": dict(self.gifts),
        }


def snapshot(hero: Any, advances: Mapping[str, int]) -> Insurance:
    """Death insurance taken on a hero with these points bought since creation: everything but his name and his
    gear (modifiers tied to a carried weapon go with the weapon)."""
    kept = tuple(m for m in hero.modifiers if m.row is None or m.row in modifiers.FIXED_ROWS)
    return Insurance(
        characteristics=dict(hero.characteristics),
        abilities=dict(hero.abilities),
        advances=dict(advances),
        cp_on_hp=hero.cp_on_hp,
        kits_left_behind=tuple(hero.kits_left_behind),
        modifiers=kept,
        gifts=dict(getattr(hero, "gifts", {})),
    )
