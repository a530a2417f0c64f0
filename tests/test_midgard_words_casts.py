"""Midgard's three casts in words: cards of stored rolls, labels and headlines in English and Spanish,
without a program value; headline chances equal the exact odds; a worked cast word for word."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from midgard_speech_helpers import WORDS, texts, values
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.present.odds import summarize
from runehall.systems.midgard import SYSTEM

SIDE = {"rune": 4, "skill": 1}
CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("cast", {"rune": 4, "wyrd": 2, "skill": 2, "difficulty": 3, "time": "short", "speed": 4}, {}),
    ("cast", {"rune": 5, "difficulty": 3, "merkstave": 2, "past_bonus": 1}, {"face_2": "reroll"}),
    ("cast", {"rune": 3, "difficulty": 2, "wound_merkstave": 2}, {"merkstave_policy": "ask_gm"}),
    ("cast", {"rune": 0, "difficulty": 1, "exhausted": True, "skill": 2}, {}),
    ("opposed", {"a": SIDE, "b": {"rune": 3, "merkstave": 1}}, {}),
    ("opposed", {"a": SIDE, "b": {"rune": 4, "skill": 1}}, {"opposed_tie": "recast", "face_2": "reroll"}),
    ("opposed", {"a": SIDE, "b": {"rune": 3}}, {"merkstave_policy": "ask_gm"}),
    ("contested", {"a": {**SIDE, "difficulty": 2, "base_speed": 4}, "b": {"rune": 3, "difficulty": 2, "base_speed": 3}},
     {}),
    ("contested", {"a": {**SIDE, "difficulty": 1, "base_speed": 4}, "b": {"rune": 4, "difficulty": 1, "base_speed": 4}},
     {"contested_tie": "simultaneous", "merkstave_policy": "ask_gm"}),
]  # fmt: skip


def stored(name: str, params: dict[str, Any], options: dict[str, Any], seed: int) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic(name)
    roll = mechanic.roll("midgard", mechanic.parse_params(params), SYSTEM.options(options), SeededSource(seed))
    return roll.to_json()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("name", "params", "options"), CASES)
def test_every_cast_reads_as_words(name: str, params: dict[str, Any], options: dict[str, Any], lang: str) -> None:
    mechanic, words = SYSTEM.mechanic(name), WORDS[lang]
    for seed in range(12):
        roll = stored(name, params, options, seed)
        card = mechanic.describe(roll, words, "Astrid")
        assert card.action.startswith("Astrid") and card.result
        for text in [*texts(card), mechanic.render(roll)]:
            assert values(text) == [], text
        if lang == "es":
            assert card.result != mechanic.describe(roll, WORDS["en"], "Astrid").result
    odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options(options))
    labels = [mechanic.label(None, o, words) for o in odds.outcomes.outcomes()]
    labels += [mechanic.label(view, v, words) for view, d in odds.views.items() for v in d.outcomes()]
    summary = summarize(mechanic, odds, words)
    labels += [h.label for h in summary.headline] + [b.label for b in summary.chart.rows]
    labels += [b.label for t in summary.full for b in t.rows] + [t.title for t in summary.full]
    for label in labels:
        assert label and values(label) == [], label
    outcomes = [mechanic.label(None, o, words) for o in odds.outcomes.outcomes()]
    assert len(set(outcomes)) == len(outcomes)  # the full table never repeats a label
    assert summary.headline and summary.chart.title
    if lang == "es":  # every title and headline of the odds has Spanish
        english = summarize(mechanic, odds, WORDS["en"])
        for said, source in zip(
            [summary.chart.title, *(t.title for t in summary.full), *(h.label for h in summary.headline)],
            [english.chart.title, *(t.title for t in english.full), *(h.label for h in english.headline)],
            strict=True,
        ):
            assert said != source or said == "Merkstave", said


def _sum(odds: Any, keep: Any) -> Fraction:
    return sum((odds.outcomes.probability(o) for o in odds.outcomes.outcomes() if keep(o)), Fraction(0))


@pytest.mark.parametrize(("name", "params", "options"), CASES)
def test_headline_chances_are_the_exact_odds(name: str, params: dict[str, Any], options: dict[str, Any]) -> None:
    mechanic = SYSTEM.mechanic(name)
    odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options(options))
    said = {h.label: h.probability for h in mechanic.headline(odds, WORDS["en"])}
    if name == "cast":
        assert said["Success"] == _sum(odds, lambda o: o.success)
        assert said.get("Margin 2 or more", 0) == _sum(odds, lambda o: o.success and o.margin >= 2)
        assert said.get("Merkstave left over", 0) == _sum(odds, lambda o: o.merkstave > 0)
    else:
        win = "{} wins" if name == "opposed" else "{} prevails"
        assert said[win.format("A")] == _sum(odds, lambda o: o.winner == "a")
        assert said[win.format("B")] == _sum(odds, lambda o: o.winner == "b")
        others = {"a tie: cast again": "recast", "neither succeeds": "neither", "both at once": "both"}
        for label, winner in others.items():
            assert said.get(label, 0) == _sum(odds, lambda o, w=winner: o.winner == w)
    assert sum(said.values()) >= 1 or name == "cast"  # the sides' chances cover every outcome


def test_the_margin_chart_reads_at_least_from_the_best() -> None:
    mechanic = SYSTEM.mechanic("cast")
    params = mechanic.parse_params(CASES[0][1])
    odds = mechanic.odds(params, SYSTEM.options({}))
    chart = summarize(mechanic, odds, WORDS["en"]).chart
    zero = next(b for b in chart.rows if b.label == "success, margin 0")
    assert zero.at_least == odds.views["success"].probability(True)  # a margin of 0 or more: every success
    assert chart.rows[0].label == "failure" and len({b.label for b in chart.rows}) == len(chart.rows)


def test_a_worked_cast_word_for_word() -> None:
    # God rune 4, Sax 1, difficulty 2: a 3 on Past, a 5 on Outcome, a 6 and the skill free, a 1 Merkstave.
    # Past reaches 2 with one free token; the other cancels the Merkstave; the Outcome gives margin 1.
    mechanic = SYSTEM.mechanic("cast")
    params = mechanic.parse_params({"rune": 4, "skill": 1, "difficulty": 2})
    roll = mechanic.roll("midgard", params, SYSTEM.options({}), ManualSource([3, 5, 6, 1])).to_json()
    en, es = mechanic.describe(roll, WORDS["en"], "Astrid"), mechanic.describe(roll, WORDS["es"], "Astrid")
    assert en.plain() == (
        "Astrid casts the runes: success, margin 1  Difficulty 2 (Average)  Dice 4  Skill 1"
        "  Spare tokens Outcome, for margin  [3 5 6 1]  = margin 1"
    )
    assert (es.action, es.result, es.total) == ("Astrid lanza las runas", "éxito, margen 1", "margen 1")
    assert [c.title for c in es.chips] == ["Pasado", "Resultado", "Runas lanzadas", "Merkstave"]
    assert [c.role for c in en.chips] == ["stone-past", "stone-outcome", "stone-cast", "stone-merkstave"]
    assert en.tone == "success"


def test_an_opposed_cast_word_for_word() -> None:
    mechanic = SYSTEM.mechanic("opposed")
    params = mechanic.parse_params({"a": {"rune": 2, "skill": 1}, "b": {"rune": 2}})
    roll = mechanic.roll("midgard", params, SYSTEM.options({}), ManualSource([3, 5, 3, 4])).to_json()
    card = mechanic.describe(roll, WORDS["en"], "Astrid")
    assert card.result == "A wins (Past 2 to 1), margin 1" and card.tone == "success"
    assert mechanic.describe(roll, WORDS["es"], "Astrid").result == "gana A (Pasado 2 a 1), margen 1"
    assert mechanic.render(roll).startswith("Someone: an opposed cast, side A against side B: A wins")
