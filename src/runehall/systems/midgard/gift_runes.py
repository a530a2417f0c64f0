"""The schema of gifts.toml: Table 4's prices and the 24 gift runes, each with one gift of every level (and
the special gifts of level 0, which are not bought), checked against Table 4 when the file loads."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.midgard.records import Data


class GiftCost(Data):
    level: int
    cost: int
    counts_as: int


class PurchaseChoice(Data):
    rune: tuple[str, ...]


class UseCost(Data):
    """Wyrð paid each time the gift is used: `wyrd` per `per` (use, hardness_point, option, question...)."""

    wyrd: int
    per: str


class GiftDef(Data):
    id: str
    name: str
    level: int
    special: bool = False
    skill: str = ""
    creation_cost: int
    use_cost: UseCost = Field(alias="cost")
    cost_source: str = "stated"
    timing: str
    duration: Any = None
    choose: int | None = None
    option: str = ""
    requires: tuple[str, ...] = ()
    purchase_choice: PurchaseChoice | None = None
    summary: str
    effect: tuple[dict[str, Any], ...] = ()


class GiftRuneDef(Data):
    id: str
    name: str
    regain_trigger: str
    gift: tuple[GiftDef, ...]


class GiftCreationRules(Data):
    whole_rune_cost: int
    whole_rune_total: int


class GiftsFile(Data):
    gift_rune_count: int
    levels_per_rune: int
    creation_cost: tuple[GiftCost, ...]
    creation_rules: GiftCreationRules
    gift_rune: tuple[GiftRuneDef, ...]

    @model_validator(mode="after")
    def _runes(self) -> GiftsFile:
        prices = {c.level: c.cost for c in self.creation_cost}
        if len(self.gift_rune) != self.gift_rune_count:
            raise Invalid(N_("there must be {gift_rune_count} gift runes"), gift_rune_count=self.gift_rune_count)
        for rune in self.gift_rune:
            levels = sorted(g.level for g in rune.gift if not g.special)
            if levels != list(range(1, self.levels_per_rune + 1)):
                raise Invalid(
                    N_("gift rune {rune} must hold one gift of each level 1-{levels_per_rune}"),
                    rune=rune.id,
                    levels_per_rune=self.levels_per_rune,
                )
            for g in rune.gift:
                expected = 0 if g.special else prices[g.level]
                if g.creation_cost != expected or (g.special and (g.level != 0 or not g.skill)):
                    raise Invalid(N_("gift {id}: creation cost or special marking disagrees with Table 4"), id=g.id)
        ids = [g.id for r in self.gift_rune for g in r.gift]
        if len(ids) != len(set(ids)):
            raise Invalid(N_("gift ids must be unique"))
        if sum(prices.values()) != self.creation_rules.whole_rune_cost:
            raise Invalid(N_("a whole rune must cost the sum of the level prices"))
        return self
