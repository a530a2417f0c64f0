"""Ragnarök's rolls in words: cards for stored tests, opposed tests and wyrds, their headline odds and labels.

Everything is read from the stored roll: the runes drawn (detail), the parameters and the table's options.
A test stores R, not D or K; K is counted again from the runes drawn (the same rule resolution.py applies)
and D follows as R + L + P + K, so the card shows the book's sum without trusting a second copy of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from runehall.present.card import Card, Chip, Row, Tone
from runehall.present.odds import Headline
from runehall.present.words import Words
from runehall.systems.base import Odds
from runehall.systems.ragnarok.resolution import matching_runes
from runehall.systems.ragnarok.rules import TRAITS
from runehall.systems.ragnarok.speech import (
    level_name,
    own,
    rune_chip,
    skill_name,
    tier_name,
    trait_counts,
    trait_name,
    void_chip,
)

SUCCESSES = ("exito", "exito_parcial", "exito_minimo")


def _counts(detail: Sequence[Mapping[str, Any]]) -> tuple[int, int, int]:
    cats = [str(t["category"]) for t in detail]
    return cats.count("F"), cats.count("M"), cats.count("E")


def _chips(
    words: Words, detail: Sequence[Mapping[str, Any]], void: str | None, drew: bool, yngr: str = "U+16DC"
) -> list[Chip]:
    chips = [rune_chip(words, str(t["label"]), yngr) for t in detail]
    if void and drew:
        chips.append(void_chip(words, void))
    return chips


def _yngr(stored: Mapping[str, Any]) -> str:
    return str(stored.get("options", {}).get("yngr_glyph", "U+16DC"))


def _extra(words: Words, n: int) -> str:
    return words.n("{n} extra success", "{n} extra successes", n)


def tier_text(words: Words, tier: str, extra: int) -> str:
    """The tier in the book's words, with the extra successes when there are any."""
    if not extra:
        return tier_name(words, tier)
    return words("{tier}, {extra}", tier=tier_name(words, tier), extra=_extra(words, extra))


def describe_test(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    words = own(words)
    p, o, options = stored["params"], stored["outcome"], stored.get("options", {})
    detail = stored["detail"]
    required, void = str(p["required_trait"]), p.get("void_trait")
    level, potency, remaining = int(p.get("skill_level", 0)), int(p.get("divine_potency", 0)), int(o["remaining"])
    optimal = p.get("transform", "optimal") == "optimal"
    void_free = bool(options.get("void_can_transform", True))
    k = matching_runes(_counts(detail), void, required, optimal, void_free)  # type: ignore[arg-type]
    drew = bool(detail) or bool(options.get("draw_on_automatic")) or remaining + level + potency + k > 0
    if not drew:  # an Automatic test without a wyrd: no Hand, so no match (rules doc §10.4)
        k = 0
    difficulty = remaining + level + potency + k
    trait = trait_name(words, required)
    if p.get("skill"):
        action = words(
            "{who} makes a {trait} test of {skill}", who=who, skill=skill_name(words, p["skill"]), trait=trait
        )
    else:
        action = words("{who} makes a {trait} test", who=who, trait=trait)
    base = int(p["difficulty"])
    shown = level_name(words, base)
    if difficulty != base:
        shown = words("{base} {sign} {n} inherent", base=shown, sign="+" if difficulty > base else "−",
                      n=words.number(abs(difficulty - base)))  # fmt: skip
    rows = [
        Row(words("Difficulty"), shown),
        Row(words("Skill level"), words.number(level)),
        Row(words("Matching runes"), words.number(k)),
    ]
    if potency:
        rows.insert(2, Row(words("Divine Potency"), words.number(potency)))
    sums = "{d} − {l} − {p} − {k} = {r}" if potency else "{d} − {l} − {k} = {r}"
    formula = "R = D − L − P − K" if potency else "R = D − L − K"
    numbers = {x: words.number(v) for x, v in zip("dlpkr", (difficulty, level, potency, k, remaining), strict=True)}
    rows.append(Row(formula, sums.format(**numbers)))
    if not drew:
        rows.append(Row(words("Wyrd"), words("none: an Automatic test draws no runes")))
    tone: Tone = "success" if o["tier"] in SUCCESSES else "failure"
    return Card(
        action=action,
        result=tier_text(words, str(o["tier"]), int(o["extra_successes"])),
        tone=tone,
        rows=tuple(rows),
        chips=tuple(_chips(words, detail, void, drew, _yngr(stored))),
        total=f"R {numbers['r']}",
    )


def _side(words: Words, side: Mapping[str, Any], required: str, successes: int) -> str:
    level, potency = int(side.get("skill_level", 0)), int(side.get("divine_potency", 0))
    k = successes - level - potency
    values = {"l": words.number(level), "p": words.number(potency), "k": words.number(k), "s": words.number(successes)}
    text = "L {l} + P {p} + K {k} = {s}" if potency else "L {l} + K {k} = {s}"
    return words("{sum} ({trait})", sum=text.format(**values), trait=trait_name(words, required))


def opposed_result(words: Words, result: str, a: int, b: int) -> str:
    if result == "a":
        return words("side A wins, {a} to {b}", a=words.number(a), b=words.number(b))
    if result == "b":
        return words("side B wins, {b} to {a}", a=words.number(a), b=words.number(b))
    return words("a tie at {a}: the norn decides", a=words.number(a))


def describe_opposed(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    words = own(words)
    p, o = stored["params"], stored["outcome"]
    a_trait = str(p.get("a_trait") or p["required_trait"])
    b_trait = str(p.get("b_trait") or p["required_trait"])
    detail_a, detail_b = stored["detail"]
    if a_trait == b_trait:
        action = words("{who} calls an opposed {trait} test", who=who, trait=trait_name(words, a_trait))
    else:
        action = words("{who} calls an opposed test", who=who)
    rows = (
        Row(words("Side A"), _side(words, p["a"], a_trait, int(o["a_successes"]))),
        Row(words("Side B"), _side(words, p["b"], b_trait, int(o["b_successes"]))),
    )
    chips = []
    for label, detail, side in (("A", detail_a, p["a"]), ("B", detail_b, p["b"])):
        for chip in _chips(words, detail, side.get("void_trait"), True, _yngr(stored)):
            title = words("side {side}: {rune}", side=label, rune=chip.title)
            chips.append(Chip(chip.text, chip.kind, chip.sides, chip.state, chip.mark, chip.role, title))
    a, b = int(o["a_successes"]), int(o["b_successes"])
    return Card(
        action=action,
        result=opposed_result(words, str(o["result"]), a, b),
        rows=rows,
        chips=tuple(chips),
        total=f"{words.number(a)} : {words.number(b)}",
    )


def describe_wyrd(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    words = own(words)
    detail = stored["detail"]
    action = words.n("{who} draws {n} rune (wyrd)", "{who} draws {n} runes (wyrd)", len(detail), who=who)
    asked = int(stored["params"]["destiny"])
    rows = () if asked == len(detail) else (Row(words("Destino"), words("{n} asked, the bag held fewer",
                                                                             n=words.number(asked))),)  # fmt: skip
    return Card(
        action=action,
        result=trait_counts(words, _counts(detail)),
        rows=rows,
        chips=tuple(_chips(words, detail, None, False, _yngr(stored))),
        total=words.n("{n} rune", "{n} runes", len(detail)),
    )


# -- odds ----------------------------------------------------------------------------------------------
def test_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    words = own(words)
    tiers = odds.views["tier"]
    any_success = sum((tiers.probability(t) for t in SUCCESSES), Fraction(0))
    return (
        Headline(words("Any success"), any_success, "success"),
        Headline(tier_name(words, "exito"), tiers.probability("exito"), "success"),
        Headline(tier_name(words, "fallo"), tiers.probability("fallo"), "failure"),
    )


def test_label(view: str | None, value: Any, words: Words) -> str | None:
    words = own(words)
    if view == "extra_successes":
        return None  # a plain number under the view's title ("éxitos extra") reads best
    if view == "tier":
        return tier_name(words, str(value))
    return words(
        "R = {r}: {tier}", r=words.number(value.remaining), tier=tier_text(words, value.tier, value.extra_successes)
    )


def opposed_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    words = own(words)
    results = odds.views["result"]
    return (
        Headline(words("Side A wins"), results.probability("a"), "success"),
        Headline(words("Tie"), results.probability("tie")),
        Headline(words("Side B wins"), results.probability("b"), "failure"),
    )


def opposed_label(view: str | None, value: Any, words: Words) -> str:
    words = own(words)
    if view == "result":
        return {"a": words("Side A wins"), "b": words("Side B wins"), "tie": words("Tie")}[str(value)]
    return opposed_result(words, value.result, value.a_successes, value.b_successes)


def wyrd_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    words = own(words)
    found = []
    for i, trait in enumerate(TRAITS):
        p = odds.outcomes.probability_where(lambda counts, i=i: counts[i] > 0)  # type: ignore[misc]
        found.append(Headline(words("At least one {trait} rune", trait=trait_name(words, trait)), p))
    return tuple(found)


def wyrd_label(view: str | None, value: Any, words: Words) -> str:
    words = own(words)
    return trait_counts(words, value)
