"""The presentation layer: odds summarised as a decision aid, and rolls described as cards."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.present import words_for
from runehall.present.odds import FOLD_BELOW, summarize
from runehall.systems import registry

DICE = registry.get("dice")
ROLL = DICE.mechanic("roll")


def _summary(notation: str, lang: str = "en"):  # type: ignore[no-untyped-def]
    params = ROLL.parse_params({"notation": notation})
    return summarize(ROLL, ROLL.odds(params, DICE.options({})), words_for(lang, "dice"))


def test_at_least_and_at_most_columns_match_brute_force() -> None:
    totals = [a + b for a, b in product(range(1, 7), repeat=2)]
    summary = _summary("2d6")
    assert summary.ordered and summary.mean == 7
    for bar in summary.chart.rows:
        value = int(bar.label)
        assert bar.probability == Fraction(totals.count(value), 36)
        assert bar.at_least == Fraction(sum(t >= value for t in totals), 36)
        assert bar.at_most == Fraction(sum(t <= value for t in totals), 36)


def test_rare_tails_fold_into_or_less_and_or_more_and_nothing_is_lost() -> None:
    summary = _summary("4d6")  # 4 and 24 have 1/1296 each: rare tails at both ends
    rows = summary.chart.rows
    assert rows[0].folded and rows[0].label.endswith("or less")
    assert rows[-1].folded and rows[-1].label.endswith("or more")
    assert all(r.probability >= FOLD_BELOW for r in rows if not r.folded)
    assert sum(r.probability for r in rows) == 1
    full = summary.full[-1].rows
    assert len(full) == 21 and not any(r.folded for r in full)  # the whole exact table is kept beside it


def test_folded_labels_are_in_the_readers_language() -> None:
    rows = _summary("4d6", "es").chart.rows
    assert rows[0].label.endswith("o menos") and rows[-1].label.endswith("o más")


def test_a_huge_pool_charts_a_readable_number_of_rows() -> None:
    summary = _summary("10d10!k5")
    assert len(summary.chart.rows) < 60
    assert sum(r.probability for r in summary.chart.rows) == 1


def test_a_dice_card_shows_kept_dropped_and_exploded_dice() -> None:
    params = ROLL.parse_params({"notation": "4d6k3+1d6!"})
    stored = ROLL.roll("dice", params, DICE.options({}), ManualSource(["6", "1", "4", "4", "6", "2"]), "p").to_json()
    card = ROLL.describe(stored, words_for("en", "dice"), "Astrid")
    assert card.action == "Astrid rolls 4d6k3+1d6!"
    assert [(c.text, c.state) for c in card.chips] == [
        ("6", "kept"),
        ("1", "dropped"),
        ("4", "kept"),
        ("4", "kept"),
        ("6", "exploded"),
        ("2", "kept"),
    ]
    assert card.total == "22"
    assert ROLL.describe(stored, words_for("es", "dice"), "Astrid").action == "Astrid tira 4d6k3+1d6!"


def test_every_draw_of_a_roll_is_a_chip() -> None:
    params = ROLL.parse_params({"notation": "3d8!+2d4k1-1"})
    for seed in range(20):
        stored = ROLL.roll("dice", params, DICE.options({}), SeededSource(seed), "p").to_json()
        card = ROLL.describe(stored, words_for("en", "dice"), "A")
        assert [c.text for c in card.chips] == [str(d[1]) for d in stored["tape"]]
        assert card.total == str(stored["outcome"])


def test_program_values_are_caught_and_sentences_pass() -> None:
    from runehall.present.check import program_values

    caught = [
        "attack: {'kind': 'attack'}",
        "drawn: ['reidh', 'ur']",
        "hit: False",
        "weapon: None",
        '{"kind": "attack"}',
        "unconscious_after_damage",
        "next: allocate --actor gm",
        "illegal move (I-17)",
        "see A-12",
    ]
    for text in caught:
        assert program_values(text), text
    for text in (
        "Ragnar attacks the troll: ATK 15 vs DFN 25, miss",
        "Astrid tira 4d6k3 — 15",
        "Tyr's rune, d10",
        "Astrid uses True Diligence",
    ):
        assert not program_values(text), text
