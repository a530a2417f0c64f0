"""Equipment damage as a mechanic with exact odds (spec 001c §7.4): one item's roll after a trap that harms
equipment, a plain d10 plus the item's modifier against half the raw damage its bearer took (3 if none), and
what a failure does to it by its kind (encounters/equipment_damage.py). Ten faces, each 1/10.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field

from runehall.chance.chance import Chance
from runehall.chance.dice import Die
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.speech.common import stress_chips

Item = Literal["armour", "weapon", "shield", "kit", "charm", "helm", "potion", "loot", "legendary"]


class EquipmentParams(RulesModel):
    item: Item = Field("weapon", description="What the item is.")
    modifier: int = Field(
        0, ge=0, le=40, description="Its modifier: twice the Load (weapon, armour, shield), the book's for others."
    )
    raw_damage: int = Field(0, ge=0, le=200, description="The raw damage its bearer took (0: none, Difficulty 3).")
    prot: int = Field(0, ge=0, le=40, title="Prot", description="Armour: its Prot.")
    atk: int = Field(0, ge=-20, le=40, title="ATK", description="Weapon: its ATK.")
    dfn: int = Field(0, ge=-20, le=40, title="DFN", description="Weapon or shield: its DFN.")
    dam: int = Field(0, ge=-20, le=60, title="DAM", description="Weapon: its DAM.")
    bonus: int = Field(0, ge=0, le=20, description="Charm or amulet: its bonus; Helm of Power: its levels.")


class EquipmentResult(NamedTuple):
    held: bool
    failed_by: int
    state: eq.State
    value: int | None  # Prot, DFN, bonus or levels left
    atk: int | None
    dfn: int | None
    dam: int | None


STATES: dict[str, str] = {
    "unharmed": N_("unharmed"),
    "damaged": N_("damaged"),
    "repairable": N_("damaged, can be repaired"),
    "destroyed": N_("ruined"),
    "slight": N_("slightly damaged (-1 to its Ability)"),
    "mostly": N_("mostly damaged (-2 to its Ability)"),
    "doubled_cost": N_("damaged: its levels cost double"),
}


def harm(params: EquipmentParams, d: int, options: RuneOptions) -> eq.Harm:
    if params.item == "armour":
        return eq.harm_armour(params.prot, d, options)
    if params.item == "weapon":
        return eq.harm_weapon(params.atk, params.dfn, params.dam, d)
    if params.item == "shield":
        return eq.harm_shield(params.dfn, d)
    if params.item == "kit":
        return eq.harm_kit(d)
    if params.item == "charm":
        return eq.harm_charm(params.bonus, d)
    if params.item == "helm":
        return eq.harm_helm(params.bonus, d)
    return eq.harm_other(params.item, d)


class EquipmentDamage(Mechanic[EquipmentParams, int, EquipmentResult]):
    name: ClassVar[str] = "equipment_damage"
    title: ClassVar[str] = N_("Equipment damage: one item's roll")
    summary: ClassVar[str] = N_("d10 + the item's modifier ≥ half the raw damage (3 if none) keeps it whole.")
    chart_view: ClassVar[str | None] = "state"
    Params: ClassVar[type[RulesModel]] = EquipmentParams
    manual_help: ClassVar[str] = N_("the d10's face")

    def chance(self, params: EquipmentParams, options: RulesModel) -> Chance[Any, int]:
        return Die(10)

    def resolve(self, params: EquipmentParams, options: RulesModel, key: int) -> EquipmentResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: EquipmentParams, options: RulesModel) -> Callable[[int], EquipmentResult]:
        difficulty = eq.damage_difficulty(params.raw_damage)
        table = options if isinstance(options, RuneOptions) else RuneOptions()

        def result(key: int) -> EquipmentResult:
            d = eq.failure(key, params.modifier, difficulty)
            h = harm(params, d, table)
            return EquipmentResult(d == 0, d, h.state, h.value, h.atk, h.dfn, h.dam)

        return result

    def views(self) -> dict[str, Callable[[EquipmentResult], Hashable]]:
        return {"held": lambda r: r.held, "state": lambda r: r.state}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"held": [True, False], "state": list(STATES)}

    def view_titles(self, words: Words) -> dict[str, str]:
        return {"held": words("Holds"), "state": words("What becomes of it")}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        if view == "held":
            return words("holds") if value else words("harmed")
        if view == "state":
            return words(STATES[value])
        if view is None:
            return _said(value.state, value.failed_by, words)
        return None

    def headline(self, odds: Odds[EquipmentResult], words: Words) -> tuple[Headline, ...]:
        held = sum((p for r, p in odds.outcomes.items() if r.held), Fraction(0))
        return (Headline(words("Holds"), held, "success"),)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        o = stored["outcome"]
        action = words("{who} rolls for a piece of equipment", who=who)
        chips = tuple(stress_chips([int(stored["detail"])], words, quality=True))
        result = _said(o["state"], o["failed_by"], words)
        return Card(action=action, result=result, tone="success" if o["held"] else "failure", chips=chips)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        return _said(o["state"], o["failed_by"], ENGLISH)


def _said(state: str, failed_by: int, words: Words) -> str:
    if not failed_by:
        return words(STATES["unharmed"])
    return words("failed by {n}: {state}", n=words.number(failed_by), state=words(STATES[state]))
