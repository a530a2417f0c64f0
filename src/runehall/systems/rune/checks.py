"""Rune's non-combat mechanics with exact odds: a Bargain contest and its price, and falling asleep at will
(spec 001a §3.4.1; noncombat.py holds the rules they resolve with)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field

from runehall.chance.chance import Chance
from runehall.errors import RulesError
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.mechanics import BAND, LACKING_ABILITY, Modifiers
from runehall.systems.rune.noncombat import noncombat, price
from runehall.systems.rune.speech import rolls as said
from runehall.systems.rune.stress import BandedStress, StressDifference, beyond

Side = Literal["buyer", "seller"]


# -- Bargain --------------------------------------------------------------------------------------------
class BargainParams(RulesModel):
    buyer: Modifiers = Field(description="The buyer's Bargain roll: bonus (Com + Bargain) and modifiers.")
    seller: Modifiers = Field(description="The seller's Bargain roll.")
    availability: Literal["common", "rare"] = Field("common", description="A common or a rare item.")
    hero: Literal["buyer", "seller", "both", "neither"] = Field("buyer", description="Which side is a hero.")


class BargainResult(NamedTuple):
    winner: Side
    margin: int
    price: int
    beyond: int  # 1: this margin or more (the price too, when it grows with the margin)


class Bargain(Mechanic[BargainParams, int, BargainResult]):
    name: ClassVar[str] = "bargain"
    title: ClassVar[str] = N_("Bargain contest and price")
    summary: ClassVar[str] = N_("Bargain vs Bargain; the winner's margin sets the price in ounces of silver.")
    chart_view: ClassVar[str | None] = "winner"
    Params: ClassVar[type[RulesModel]] = BargainParams
    manual_help: ClassVar[str] = N_("the buyer's d10 faces, then the seller's (again for a rerolled tie)")

    def _tie(self, params: BargainParams) -> int:
        return params.seller.total - params.buyer.total

    def _hero(self, params: BargainParams, options: RulesModel) -> Side | None:
        """Who takes a tie: the one hero, unless the table rerolls ties (option bargain_tie)."""
        if getattr(options, "bargain_tie", "hero_wins_by_one") == "reroll":
            return None
        return params.hero if params.hero in ("buyer", "seller") else None

    def chance(self, params: BargainParams, options: RulesModel) -> Chance[Any, int]:
        tie = self._tie(params)
        reroll = None if self._hero(params, options) else tie
        return StressDifference(tie - BAND, tie + BAND, reroll_on=reroll)

    def resolve(self, params: BargainParams, options: RulesModel, key: int) -> BargainResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: BargainParams, options: RulesModel) -> Callable[[int], BargainResult]:
        tie, hero = self._tie(params), self._hero(params, options)
        noncombat()  # the price table is checked before anything is rolled

        def result(key: int) -> BargainResult:
            lead = key - tie  # the buyer's total minus the seller's
            tail = beyond(key)
            if lead == 0:
                side: Side = hero or "buyer"  # without a hero to take it, a tie is rolled again
                return BargainResult(side, 1, price(params.availability, side, 1), 0)
            side = "buyer" if lead > 0 else "seller"
            return BargainResult(side, abs(lead), price(params.availability, side, abs(lead)), abs(tail))

        return result

    def views(self) -> dict[str, Callable[[BargainResult], Hashable]]:
        return {"winner": lambda r: r.winner, "price": lambda r: (r.price, r.beyond == 1 and r.winner == "seller")}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return said.bargain_label(view, value, words)

    def headline(self, odds: Odds[BargainResult], words: Words) -> tuple[Headline, ...]:
        return said.bargain_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said.bargain_card(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        return f"Bargain: the {o['winner']} wins by {o['margin']}; price {o['price']} oz silver"


# -- Sleep ----------------------------------------------------------------------------------------------
class SleepParams(RulesModel):
    stamina: int = Field(ge=-10, le=20, description="Sta (less the ENC decrease).")
    sleep: int = Field(0, ge=0, le=20, description="The Sleep rating (0: lacking it).")
    hours_awake: int = Field(ge=0, le=100, description="Hours since he last woke.")
    impairment: int = Field(0, ge=0, le=10, description="Impairment.")


class SleepResult(NamedTuple):
    asleep: bool
    hours: int  # how long he may sleep
    margin: int
    beyond: int


class SleepRoll(Mechanic[SleepParams, int, SleepResult]):
    name: ClassVar[str] = "sleep"
    title: ClassVar[str] = N_("Falling asleep at will")
    summary: ClassVar[str] = N_("Sta + Sleep vs 16 - hours awake; he may sleep the margin in hours.")
    manual_help: ClassVar[str] = N_("the d10 faces in order (after a 10 or a first 1, the extra dice too)")
    chart_view: ClassVar[str | None] = "asleep"
    Params: ClassVar[type[RulesModel]] = SleepParams

    def _target(self, params: SleepParams, options: RulesModel) -> int:
        after = noncombat().sleep.automatic_after_hours
        if params.hours_awake >= after:
            raise RulesError(N_("no roll: after {after} hours awake he falls asleep anyway"), after=after)
        bonus = params.stamina - params.impairment
        if getattr(options, "sleep_roll", "sta_plus_sleep") == "sta_plus_sleep":
            bonus += params.sleep if params.sleep else -LACKING_ABILITY
        return after - params.hours_awake - bonus

    def chance(self, params: SleepParams, options: RulesModel) -> Chance[Any, int]:
        target = self._target(params, options)
        return BandedStress(target - BAND, target + BAND)

    def resolve(self, params: SleepParams, options: RulesModel, key: int) -> SleepResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: SleepParams, options: RulesModel) -> Callable[[int], SleepResult]:
        target = self._target(params, options)

        def result(key: int) -> SleepResult:
            margin = key - target
            return SleepResult(margin >= 0, max(0, margin), margin, beyond(key))

        return result

    def views(self) -> dict[str, Callable[[SleepResult], Hashable]]:
        return {"asleep": lambda r: r.asleep}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"asleep": [True, False]}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return said.sleep_label(view, value, words)

    def headline(self, odds: Odds[SleepResult], words: Words) -> tuple[Headline, ...]:
        return said.sleep_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said.sleep_card(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        return f"sleep: asleep for up to {o['hours']} h" if o["asleep"] else f"sleep: awake (margin {o['margin']})"
