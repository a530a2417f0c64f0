"""Divine Gifts outside a fight (spec 001b §2.2, §2.5): the Divine Awareness reading as a mechanic with exact odds
(checked against a brute-force walk of the stress die), and what each reading learns of a hero (001b TV-01)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError
from runehall.present import words_for
from runehall.present.check import program_values
from runehall.systems import registry
from runehall.systems.rune.awareness_mechanic import READINGS, reading_of
from runehall.systems.rune.gifts.divine import awareness

SYSTEM = registry.get("rune")
MECHANIC = SYSTEM.mechanic("divine_awareness")
TENTH = Fraction(1, 10)


def brute_at_least(k: int) -> Fraction:
    """P(one stress roll >= k), by walking the die's faces: a 10 adds 10 and rolls on; a first 1 subtracts an
    open-ended value (whose 10s add and roll on). Exact: a chain is followed only while its outcome is open."""

    def open_at_least(k: int) -> Fraction:  # P(open-ended value >= k)
        if k <= 1:
            return Fraction(1)
        return sum((TENTH for f in range(1, 10) if f >= k), Fraction(0)) + TENTH * open_at_least(k - 10)

    def open_at_most(k: int) -> Fraction:  # P(open-ended value <= k)
        if k < 1:
            return Fraction(0)
        return sum((TENTH for f in range(1, 10) if f <= k), Fraction(0)) + TENTH * open_at_most(k - 10)

    ordinary = sum((TENTH for f in range(2, 10) if f >= k), Fraction(0))
    return ordinary + TENTH * open_at_least(k - 10) + TENTH * open_at_most(-k)


def test_readings_by_threshold() -> None:
    assert [reading_of(t) for t in (5, 6, 7, 8, 9, 10, 30)] == [
        "nothing", "sum", "sum", "primary", "primary", "every", "every"
    ]  # fmt: skip


@pytest.mark.parametrize("bonus", [-4, 0, 3, 6, 9, 12])
@pytest.mark.parametrize("impairment", [0, 2])
def test_each_reading_has_its_exact_odds(bonus: int, impairment: int) -> None:
    params = MECHANIC.parse_params({"bonus": bonus, "impairment": impairment})
    odds = MECHANIC.odds(params, SYSTEM.options())
    views = dict(odds.views["reading"].items())
    assert sum(views.values()) == 1 and set(views) <= set(READINGS)
    b = bonus - impairment
    at = {t: brute_at_least(t - b) for t in (6, 8, 10)}
    assert views.get("every", 0) == at[10]
    assert views.get("primary", 0) == at[8] - at[10]
    assert views.get("sum", 0) == at[6] - at[8]
    assert views.get("nothing", 0) == 1 - at[6]
    heads = [h.probability for h in MECHANIC.headline(odds, words_for("en", "rune"))]
    assert heads == [at[6], at[8], at[10]]


def test_a_rolled_reading_and_its_card() -> None:
    params = MECHANIC.parse_params({"bonus": 3})
    rolled = MECHANIC.roll("rune", params, SYSTEM.options(), ManualSource([5]), "p").to_json()
    assert rolled["outcome"]["reading"] == "primary" and rolled["outcome"]["total"] == 8
    for lang in ("en", "es"):
        card = MECHANIC.describe(rolled, words_for(lang, "rune"), "Astrid")
        assert card.action.startswith("Astrid") and card.total == "8"
        assert program_values(card.result) == []
    assert "primary gods" in MECHANIC.describe(rolled, words_for("en", "rune"), "Astrid").result
    assert "dioses principales" in MECHANIC.describe(rolled, words_for("es", "rune"), "Astrid").result


def test_a_bonus_out_of_range_is_refused() -> None:
    with pytest.raises((ParameterError, ValueError)):
        MECHANIC.parse_params({"bonus": 99})


def test_what_each_reading_learns_001b_tv_01() -> None:
    levels = {"curds_of_utgardaloki": 1, "destiny_reversed": 1, "implacably_braced": 1, "imprecation_of_doom": 2,
              "like_the_leaping_stag": 2, "from_lofty_asgards_peaks": 1, "vigilance_of_heimdal": 1}  # fmt: skip
    for total, reading in ((5, "nothing"), (7, "sum"), (9, "primary"), (11, "every")):
        r = awareness(levels, total)
        assert reading_of(total) == reading
        assert (r.rating_sum is not None) == (reading != "nothing")
        assert (r.primary is not None) == (reading in ("primary", "every"))
        assert (r.gods is not None) == (reading == "every")
    every = awareness(levels, 10)
    assert every.rating_sum == 9 and every.primary == {"Odin", "Thor", "Ull", "Heimdal"}
    assert every.gods == {"Odin", "Thor", "Ull", "Heimdal", "Urd"}
