"""A trap's damage roll as a mechanic with exact odds (spec 001c §6.1-§6.4): the hero's stress roll to avoid
it and, when he fails, its damage: a flat Dam rating or open-ended damage dice, plus his failure, less his Soak
(its armour part left out when the damage ignores armour), for the first round or a later round of recurring
or escalating damage. Raw damage and HP lost never fall below 0 (001c A-14).

The odds: the roll's results near the target one by one, each failure paired with the dice's totals
(encounters/trap_odds.py, exact in closed form); the tails grouped, each outcome saying "or more" / "or less"
(`beyond`) where a tail leaves the damage known only from one side. Every table of odds sums to exactly 1.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field, model_validator

from runehall.chance.chance import Chance
from runehall.chance.dice import StressDie
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.errors import Invalid
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.encounters.hazards import positional_modifier
from runehall.systems.rune.encounters.trap_odds import total_at_least, total_exactly
from runehall.systems.rune.mechanics import BAND, Modifiers
from runehall.systems.rune.speech.common import stress_chips
from runehall.systems.rune.stress import AtLeast, AtMost, at_least, beyond, exactly

DICE_BAND = 30  # dice totals this far below 0 and above 5.5 a die are shown one by one
Key = tuple[int, int | None]


class TrapDamageParams(Modifiers):
    difficulty: int = Field(6, ge=0, le=60, description="The Difficulty of the roll to avoid the trap.")
    dam: int = Field(0, ge=0, le=50, description="The trap's Dam rating (0 with damage dice).")
    dice: int = Field(0, ge=0, le=8, description="Open-ended damage dice rolled for a failing hero (0: a flat Dam).")
    soak: int = Field(0, ge=0, le=60, description="The hero's Soak, his armour's Prot included.")
    armour_prot: int = Field(0, ge=0, le=60, description="The Prot of the hero's armour (part of his Soak).")
    armour_ignoring: bool = Field(False, description="The damage ignores armour: only Soak without Prot counts.")
    recurrence: Literal["none", "recurring", "escalating"] = Field("none", description="Does the damage go on?")
    round_no: int = Field(1, ge=1, le=30, description="Which round of ongoing damage (1: the first hit).")
    zone: Literal["none", "danger", "safety"] = Field("none", description="A zone of danger or safety on the map.")
    zone_paces: int = Field(0, ge=0, le=1000, description="The zone's size in paces, from its centre to its edge.")
    distance: int = Field(0, ge=0, le=1000, description="The hero's distance in paces from the zone's centre.")

    @model_validator(mode="after")
    def _one_damage(self) -> TrapDamageParams:
        if self.dice and self.dam:
            raise Invalid(N_("a trap's damage is a Dam rating or a number of dice, one of the two"))
        if self.armour_prot > self.soak:
            raise Invalid(N_("the armour's Prot is part of the Soak: it cannot be more than the Soak"))
        return self


class TrapDamageResult(NamedTuple):
    avoided: bool
    failed_by: int
    raw: int
    hp_lost: int
    beyond: int  # 1: this damage or more; -1: this damage or less; 0: exactly


@dataclass(frozen=True)
class TrapRoll(Chance[tuple[tuple[int, ...], ...], Key]):
    """The avoiding roll (a stress die) and, on a failure (die below `target`), `n` damage dice. Key: (the
    die's result, the dice's total or None). dist() gives the die's results in [low, high] one by one, each
    failure paired with the dice's totals in [dice_low, dice_high] and their two tails; the die's own tails
    stand alone (None)."""

    target: int
    n: int
    low: int
    high: int
    dice_low: int
    dice_high: int

    def sample(self, source: Source) -> tuple[tuple[int, ...], ...]:
        roll = StressDie().sample(source)
        if self.n == 0 or StressDie().key(roll) >= self.target:
            return (roll,)
        return (roll, *(StressDie().sample(source) for _ in range(self.n)))

    def key(self, detail: tuple[tuple[int, ...], ...]) -> Key:
        dice = detail[1:]
        return StressDie().key(detail[0]), sum(StressDie().key(d) for d in dice) if dice else None

    def _dice(self) -> dict[int, Fraction]:
        p = {s: total_exactly(self.n, s) for s in range(self.dice_low, self.dice_high + 1)}
        p[AtLeast(self.dice_high + 1)] = total_at_least(self.n, self.dice_high + 1)
        p[AtMost(self.dice_low - 1)] = 1 - total_at_least(self.n, self.dice_low)
        return p

    def dist(self) -> Dist[Key]:
        dice = self._dice() if self.n else {}
        out: dict[Key, Fraction] = {}
        for r in range(self.low, self.high + 1):
            p = exactly(r)
            if r >= self.target or not self.n:
                out[(r, None)] = p
            else:
                out.update({(r, s): p * q for s, q in dice.items()})
        out[(AtLeast(self.high + 1), None)] = at_least(self.high + 1)
        out[(AtMost(self.low - 1), None)] = 1 - at_least(self.low)
        return Dist.from_probabilities({k: v for k, v in out.items() if v})


def _hp(params: TrapDamageParams, raw: int) -> int:
    soak = max(0, params.soak - params.armour_prot) if params.armour_ignoring else params.soak
    return max(0, raw - soak)


class TrapDamage(Mechanic[TrapDamageParams, Key, TrapDamageResult]):
    name: ClassVar[str] = "trap_damage"
    title: ClassVar[str] = N_("A trap's roll and its damage")
    summary: ClassVar[str] = N_(
        "d10 + bonus ≥ Difficulty avoids it; a failure takes the Dam rating (or the damage dice) plus the failure,"
        " less Soak."
    )
    chart_view: ClassVar[str | None] = "avoided"
    Params: ClassVar[type[RulesModel]] = TrapDamageParams
    manual_help: ClassVar[str] = N_("the d10 faces of the roll, then (after a failure) each damage die's faces")

    def _target(self, params: TrapDamageParams) -> int:
        place = 0 if params.zone == "none" else positional_modifier(params.zone, params.zone_paces, params.distance)
        return params.difficulty - params.total - place

    def chance(self, params: TrapDamageParams, options: RulesModel) -> Chance[Any, Key]:
        target = self._target(params)
        low, high = min(target - BAND, 0), max(target + BAND, 0)
        return TrapRoll(target, params.dice, low, high, -DICE_BAND, 6 * params.dice + DICE_BAND)

    def resolve(self, params: TrapDamageParams, options: RulesModel, key: Key) -> TrapDamageResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: TrapDamageParams, options: RulesModel) -> Callable[[Key], TrapDamageResult]:
        target = self._target(params)
        grows = 2 * (params.round_no - 1) if params.recurrence == "escalating" else 0

        def result(key: Key) -> TrapDamageResult:
            roll, dice = key
            if roll >= target:
                return TrapDamageResult(True, 0, 0, 0, 0)
            failed = target - roll  # the die's shortfall is the total's
            if params.dice and dice is None:  # the die's low tail: the dice are not followed one by one
                return TrapDamageResult(False, failed, 0, 0, 1)
            side = -beyond(roll) if dice is None else beyond(dice)  # a tail bounds the damage from one side
            damage = (params.dam if dice is None else dice) + grows
            raw = max(0, damage + failed)
            if side == -1 and raw == 0:
                side = 0  # "0 or less" is exactly 0
            return TrapDamageResult(False, failed, raw, _hp(params, raw), side)

        return result

    def views(self) -> dict[str, Callable[[TrapDamageResult], Hashable]]:
        return {"avoided": lambda r: r.avoided, "hp_lost": lambda r: (r.hp_lost, r.beyond)}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"avoided": [True, False]}

    def view_titles(self, words: Words) -> dict[str, str]:
        return {"avoided": words("Avoided"), "hp_lost": words("HP lost")}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        if view == "avoided":
            return words("avoided") if value else words("not avoided")
        if view == "hp_lost":
            return _hp_words(value[0], value[1], words)
        if view is None:
            if value.avoided:
                return words("avoided")
            return words(
                "failed by {n}: {hp}", n=words.number(value.failed_by), hp=_hp_words(value.hp_lost, value.beyond, words)
            )
        return None

    def headline(self, odds: Odds[TrapDamageResult], words: Words) -> tuple[Headline, ...]:
        avoided = sum((p for r, p in odds.outcomes.items() if r.avoided), Fraction(0))
        return (Headline(words("Avoided"), avoided, "success"),)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        o, params = stored["outcome"], stored["params"]
        action = words("{who} rolls to avoid a trap, Difficulty {d}", who=who, d=words.number(params["difficulty"]))
        rolls = [[int(f) for f in faces] for faces in stored["detail"]]
        chips = tuple(chip for faces in rolls for chip in stress_chips(faces, words))
        if o["avoided"]:
            return Card(action=action, result=words("avoided"), tone="success", chips=chips)
        hp = _hp_words(o["hp_lost"], o["beyond"], words)
        result = words("failed by {n}: {hp}", n=words.number(o["failed_by"]), hp=hp)
        return Card(action=action, result=result, tone="failure", chips=chips)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        return "trap avoided" if o["avoided"] else f"trap: failed by {o['failed_by']}, {o['hp_lost']} HP lost"


def _hp_words(hp: int, side: int, words: Words) -> str:
    n = words.number(hp)
    if side > 0:
        return words("{n} HP lost or more", n=n)
    if side < 0:
        return words("{n} HP lost or less", n=n)
    return words("{n} HP lost", n=n)
