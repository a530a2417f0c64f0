"""The schema of data/gains.toml (what treasure and the other gains earn, spec 001c §8.1-§8.3, §9), checked when
it loads: every table in order with no value twice, every gain an earning (negative) and every cost positive."""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from pydantic import Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.dice_charts import Strict
from runehall.systems.rune.records import PACKAGE

Table = tuple[tuple[int, int], ...]  # (value, encounter points), values rising


def _table(what: str, table: Table) -> None:
    if not table or any(a >= b for (a, _), (b, _) in pairwise(table)) or any(ep >= 0 for _, ep in table):
        raise Invalid(N_("the table {what} must list rising values, each earning encounter points"), what=what)


class Page(Strict):
    page: int = Field(ge=1, le=300)


class TreasureRule(Page):
    category: dict[str, int]
    per_event: int = Field(ge=1)
    per_encounter: int = Field(ge=1)


class SilverRule(Page):
    per_ounce: int = Field(lt=0)
    most_per_event: int = Field(ge=1)


class LiarsRule(Page):
    per_piece: int = Field(gt=0)
    most: int = Field(ge=1)
    lore_difficulty: int = Field(ge=1)


class CarrotRule(Page):
    per_point: int = Field(lt=0)
    init_per_point: int = Field(ge=1)
    most_points: int = Field(ge=1)
    most_rounds: int = Field(ge=1)


class FreestandingRule(Page):
    difficulty: Table


class HealingRule(Page):
    hours: Table
    no_limit: int = Field(lt=0)


class InvigorationRule(Page):
    combat: int = Field(lt=0)
    trap_roll: int = Field(lt=0)
    gain_roll: int = Field(lt=0)
    freestanding: int = Field(lt=0)
    specific_combat: int = Field(lt=0)


class GoHomeRule(Page):
    per_bonus: int = Field(lt=0)
    most_bonus: int = Field(ge=1)
    treasure_needed: int = Field(ge=1)
    lore_difficulty: int = Field(ge=1)


class CacheRule(Page):
    recovery: Table
    deterrent_difficulty: int = Field(ge=1)


class ShrineRule(Page):
    most: int = Field(ge=1)
    insurance_primary: int = Field(ge=1)
    discount_percent: int = Field(ge=1, le=99)
    loki_awareness: int = Field(ge=1)


class Flat(Page):
    ep: int = Field(lt=0)


class VariableAward(Page):
    variable: int = Field(lt=0)


class Load(Page):
    ounces_per_load: int = Field(ge=1)


class GainsFile(Strict):
    treasure: TreasureRule
    silver: SilverRule
    liars_silver: LiarsRule
    carrot: CarrotRule
    freestanding: FreestandingRule
    healing: HealingRule
    invigoration: InvigorationRule
    go_home: GoHomeRule
    loot_cache: CacheRule
    shrine: ShrineRule
    bargaining: Flat
    vp_award: VariableAward
    load: Load

    @model_validator(mode="after")
    def _tables(self) -> GainsFile:
        if sorted(self.treasure.category) != list("ABCDEF") or any(v >= 0 for v in self.treasure.category.values()):
            raise Invalid(N_("each treasure category A-F earns encounter points"))
        _table("freestanding", self.freestanding.difficulty)
        _table("healing", self.healing.hours)
        _table("loot_cache", self.loot_cache.recovery)
        return self


@cache
def gains_data() -> GainsFile:
    return load_data(PACKAGE, "gains.toml", GainsFile)
