"""A Divine Awareness reading as a mechanic with exact odds (spec 001b §2.2): someone studies a hero, rolling
Perception + Divine Awareness; a total of 6 learns the sum of the hero's Divine Connection ratings, 8 his primary
gods as well, 10 every god who granted him a gift (gifts/divine.py reads what a total learns of a given hero).
One stress roll: the reading of every total, with the tails beyond the band grouped exactly (stress.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple

from runehall.chance.chance import Chance
from runehall.present.card import Card, Row, Tone
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.gifts.divine import EVERY_GOD_AT, PRIMARY_AT, SUM_AT
from runehall.systems.rune.mechanics import Modifiers
from runehall.systems.rune.speech.common import signed, stress_chips
from runehall.systems.rune.stress import BandedStress, beyond

Reading = Literal["every", "primary", "sum", "nothing"]
READINGS: tuple[Reading, ...] = ("every", "primary", "sum", "nothing")  # most learned first
SAID: dict[str, str] = {
    "every": N_("learns the sum of his ratings, his primary gods and every god who granted him a gift"),
    "primary": N_("learns the sum of his ratings and his primary gods"),
    "sum": N_("learns the sum of his Divine Connection ratings"),
    "nothing": N_("learns nothing of his gods"),
}
SHORT: dict[str, str] = {
    "every": N_("every god"),
    "primary": N_("primary gods"),
    "sum": N_("sum of ratings"),
    "nothing": N_("nothing"),
}
MARGIN = 10  # results this far beyond the thresholds are shown one by one


class AwarenessParams(Modifiers):
    """bonus: Perception + Divine Awareness of the one who studies the hero."""


class AwarenessResult(NamedTuple):
    reading: Reading
    total: int
    beyond: int  # -1: this total or less; 1: this total or more; 0: exactly


def reading_of(total: int) -> Reading:
    """What a total learns: 10 every god, 8 the primary gods, 6 the sum of the ratings, else nothing."""
    if total >= EVERY_GOD_AT:
        return "every"
    if total >= PRIMARY_AT:
        return "primary"
    return "sum" if total >= SUM_AT else "nothing"


class DivineAwareness(Mechanic[AwarenessParams, int, AwarenessResult]):
    name: ClassVar[str] = "divine_awareness"
    title: ClassVar[str] = N_("Divine Awareness reading of a hero")
    summary: ClassVar[str] = N_(
        "d10 + Perception + Divine Awareness: 6 learns the sum of his ratings, 8 his primary gods, 10 every god."
    )
    chart_view: ClassVar[str | None] = "reading"
    Params: ClassVar[type[RulesModel]] = AwarenessParams
    manual_help: ClassVar[str] = N_("the d10 faces in order (after a 10 or a first 1, the extra dice too)")

    def chance(self, params: AwarenessParams, options: RulesModel) -> Chance[Any, int]:
        low = min(SUM_AT - params.total, 0) - MARGIN
        high = max(EVERY_GOD_AT - params.total, 0) + MARGIN
        return BandedStress(low, high)

    def resolve(self, params: AwarenessParams, options: RulesModel, key: int) -> AwarenessResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: AwarenessParams, options: RulesModel) -> Callable[[int], AwarenessResult]:
        def result(key: int) -> AwarenessResult:
            total = int(key) + params.total
            return AwarenessResult(reading_of(total), total, beyond(key))

        return result

    def views(self) -> dict[str, Callable[[AwarenessResult], Hashable]]:
        return {"reading": lambda r: r.reading}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"reading": list(READINGS)}

    def view_titles(self, words: Words) -> dict[str, str]:
        return {"reading": words("What the reading learns")}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        if view == "reading":
            return words(SHORT[value])
        if view is None:
            more = {1: words(" or more"), -1: words(" or less")}.get(value.beyond, "")
            return words("{total}{more}: {reading}", total=words.number(value.total), more=more,
                         reading=words(SAID[value.reading]))  # fmt: skip
        return None

    def headline(self, odds: Odds[AwarenessResult], words: Words) -> tuple[Headline, ...]:
        def at_least(levels: tuple[str, ...]) -> Fraction:
            return sum((p for r, p in odds.outcomes.items() if r.reading in levels), Fraction(0))

        return (
            Headline(words("The sum of his ratings"), at_least(("sum", "primary", "every")), "success"),
            Headline(words("His primary gods"), at_least(("primary", "every")), "success"),
            Headline(words("Every god"), at_least(("every",)), "success"),
        )

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        params, o = stored["params"], stored["outcome"]
        faces = [int(f) for f in stored["detail"]]
        bonus = Modifiers.model_validate(params).total
        action = words("{who} studies a hero with Divine Awareness", who=who)
        row = Row(words("Roll"), words("{roll} {bonus} = {total}", roll=words.number(o["total"] - bonus),
                                       bonus=signed(bonus), total=words.number(o["total"])))  # fmt: skip
        tone: Tone = "failure" if o["reading"] == "nothing" else "success"
        chips = tuple(stress_chips(faces, words))
        return Card(action, words(SAID[o["reading"]]), tone, (row,), chips, words.number(o["total"]))

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        return f"Divine Awareness reading: {o['total']}, {SAID[o['reading']]}"
