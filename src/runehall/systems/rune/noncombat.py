"""Rolls outside a fight (spec 001a §3.4.1; data/abilities.toml): Bargain prices, falling asleep, Demeanor's
Difficulty and focused Awareness. Pure functions of totals; the table's options decide what the book leaves
open. Contests of three or more are the `contest_many` mechanic (contests.py rolls them and gives their odds).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, NamedTuple

from pydantic import Field, model_validator

from runehall.errors import Invalid, RulesError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import PACKAGE, Data

Side = Literal["buyer", "seller"]


# -- abilities.toml: prices, Sleep, Demeanor, focused Awareness -------------------------------------------
class PriceRow(Data):
    winner: Side
    margin_min: int = Field(ge=1)
    margin_max: int | None = None
    common: int | Literal["difference"]
    rare: int | Literal["difference_x5"]


class DemeanorRules(Data):
    min_difficulty: int
    foreign_culture_penalty: int
    foreign_penalty_drop_per_success: int
    foreign_penalty_min: int
    untracked_successes_penalty: int


class SleepRules(Data):
    automatic_after_hours: int = Field(ge=1)


class FocusRules(Data):
    bonus: int
    max_minutes: int = Field(ge=1)
    after_penalty: int


class NonCombatFile(Data):
    bargain_price: tuple[PriceRow, ...]
    demeanor: DemeanorRules
    sleep: SleepRules
    awareness_focus: FocusRules

    @model_validator(mode="after")
    def _every_margin_priced(self) -> NonCombatFile:
        for side in ("buyer", "seller"):
            rows = sorted((r for r in self.bargain_price if r.winner == side), key=lambda r: r.margin_min)
            expected = 1
            for row in rows:
                if row.margin_min != expected:
                    raise Invalid(
                        N_("bargain_price: the {side}'s margins must run on from {expected}"),
                        side=side,
                        expected=expected,
                    )
                expected = (row.margin_max or 0) + 1
            if not rows or rows[-1].margin_max is not None:
                raise Invalid(N_("bargain_price: the {side}'s last row must be open-ended"), side=side)
        return self


@cache
def noncombat() -> NonCombatFile:
    return load_data(PACKAGE, "abilities.toml", NonCombatFile)


# -- Bargain --------------------------------------------------------------------------------------------
def price(availability: Literal["common", "rare"], winner: Side, margin: int) -> int:
    """Ounces of silver for an item when `winner` wins the Bargain contest by `margin` (at least 1)."""
    if margin < 1:
        raise RulesError(N_("margin {margin}: a Bargain contest is won by 1 or more"), margin=margin)
    row = next(
        r
        for r in noncombat().bargain_price
        if r.winner == winner and r.margin_min <= margin and (r.margin_max is None or margin <= r.margin_max)
    )
    value = row.common if availability == "common" else row.rare
    if value == "difference":
        return margin
    if value == "difference_x5":
        return 5 * margin
    return int(value)


class Deal(NamedTuple):
    winner: Side
    margin: int
    price: int


def bargain(
    buyer: int, seller: int, availability: Literal["common", "rare"], hero: Side | None, options: RuneOptions
) -> Deal | None:
    """The price two Bargain totals settle; None when the tie has to be rolled again (both or neither side a
    hero, or option bargain_tie = reroll). A hero's tie is a win by 1 (A7)."""
    if buyer != seller:
        winner: Side = "buyer" if buyer > seller else "seller"
        margin = abs(buyer - seller)
        return Deal(winner, margin, price(availability, winner, margin))
    if hero is None or options.bargain_tie == "reroll":
        return None
    return Deal(hero, 1, price(availability, hero, 1))


# -- Sleep ----------------------------------------------------------------------------------------------
class Sleep(NamedTuple):
    asleep: bool
    roll_needed: bool
    difficulty: int | None
    hours: int  # how long he may stay asleep (0 when he stays awake)


def sleep(hours_awake: int, total: int | None = None) -> Sleep:
    """Falling asleep at will: a roll against 16 - hours awake, sleeping up to the margin in hours; after 16
    hours awake he falls asleep without a roll."""
    if hours_awake < 0:
        raise RulesError(N_("hours awake {hours_awake}: not below 0"), hours_awake=hours_awake)
    after = noncombat().sleep.automatic_after_hours
    if hours_awake >= after:
        return Sleep(True, False, None, 0)
    difficulty = after - hours_awake
    if total is None:
        raise RulesError(N_("falling asleep before 16 hours awake takes a roll: give its total"))
    return Sleep(total >= difficulty, True, difficulty, max(0, total - difficulty))


def sleep_bonus(hero: Any, options: RuneOptions) -> int:
    """The Sleep roll's bonus: Sta + Sleep, or Sta alone (option sleep_roll); ENC's decrease applies to Sta."""
    if options.sleep_roll == "sta_plus_sleep":
        value = hero.check_bonus("sleep", options=options).value
    else:
        sheet = hero.numbers(options)
        value = None if sheet.enc_dec is None else sheet.characteristics["sta"] - sheet.enc_dec
    if value is None:
        raise RulesError(N_("the hero's Load is unknown (a value the book lost), so his Sta roll is too"))
    return int(value)


# -- Demeanor and Awareness -----------------------------------------------------------------------------
def demeanor_difficulty(
    com: int, insight: int, foreign: bool = False, successes: int | None = None, adjustment: int = 0
) -> int:
    """The subject's Com + Insight, plus +6 in an unfamiliar culture less 1 per earlier success with it (not
    below 0; +6 when nobody counts), plus the runner's adjustment; never below 1."""
    rules = noncombat().demeanor
    difficulty = com + insight + adjustment
    if foreign:
        if successes is None:
            difficulty += rules.untracked_successes_penalty
        else:
            drop = rules.foreign_penalty_drop_per_success * max(0, successes)
            difficulty += max(rules.foreign_penalty_min, rules.foreign_culture_penalty - drop)
    return max(rules.min_difficulty, difficulty)


class Focus(NamedTuple):
    bonus: int
    bonus_minutes: int
    penalty: int
    penalty_minutes: int


def awareness_focus(minutes: int) -> Focus:
    rules = noncombat().awareness_focus
    if not 1 <= minutes <= rules.max_minutes:
        raise RulesError(
            N_("focused scanning lasts 1 to {max_minutes} minutes, not {minutes}"),
            max_minutes=rules.max_minutes,
            minutes=minutes,
        )
    return Focus(rules.bonus, minutes, rules.after_penalty, minutes)
