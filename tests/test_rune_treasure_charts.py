"""Rune's treasure charts (spec 001c §8.4-§8.12, §18.8): loaded and checked for full, non-overlapping coverage (a
broken chart refused), rolled with their category's modifier, clamping and re-rolls, their exact odds cross-checked
by brute force through the roll itself, said in English and Spanish, and rolled from the CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from pydantic import ValidationError

from conftest import Cli
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import Source
from runehall.errors import Invalid
from runehall.present.words import words_for
from runehall.systems.data import read_data_file
from runehall.systems.rune.records import PACKAGE
from runehall.systems.rune.treasure.charts import CATEGORIES, ChartFile, chart, charts, check_charts
from runehall.systems.rune.treasure.mechanic import TreasureChart, chart_odds
from runehall.systems.rune.treasure.rolling import ChartChance
from runehall.systems.rune.treasure.words import CHART_TITLES, row_words

EN, ES = words_for("en", "rune"), words_for("es", "rune")


class Script(Source):
    """Faces given in advance; running out is an error (the roll asked for more than was scripted)."""

    kind = "manual"  # type: ignore[assignment]

    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.faces = list(faces)

    def _below(self, n: int) -> int:
        if not self.faces:
            raise LookupError("out of faces")
        return self.faces.pop(0) - 1


def roll(chart_id: str, category: Any, faces: list[int]) -> tuple[int, tuple[int, ...]]:
    drawn = ChartChance(chart(chart_id), category).sample(Script(faces))
    return drawn.result, drawn.faces


def brute(chance: ChartChance) -> dict[int, Fraction]:
    """The odds found by running the roll itself on every first face, and, where it rolls again, on every second
    face: the rolls after the first repeat one rule, so the second faces that end the roll, weighed alike, give
    the first face's share."""
    die = chance.chart.die
    found: dict[int, Fraction] = {}
    for first in range(1, die + 1):
        try:
            results = [chance.sample(Script([first])).result]
        except LookupError:
            results = []
            for second in range(1, die + 1):
                try:
                    results.append(chance.sample(Script([first, second])).result)
                except LookupError:
                    continue
        for r in results:
            found[r] = found.get(r, Fraction(0)) + Fraction(1, die * len(results))
    return found


def test_every_chart_loads_and_covers_its_die_once() -> None:
    assert len(charts()) == len(CHART_TITLES) == 31
    for c in charts().values():
        for face in range(1, c.die + 1):
            assert sum(r.faces[0] <= face <= r.faces[1] for r in c.rows) == 1, (c.id, face)


@pytest.mark.parametrize(
    ("rows", "reason"),
    [
        ([{"faces": [1, 5]}, {"faces": [7, 10]}], "gap"),
        ([{"faces": [1, 5]}, {"faces": [5, 10]}], "overlap"),
        ([{"faces": [1, 9]}], "short"),
        ([{"faces": [2, 10]}], "late"),
    ],
)
def test_a_broken_chart_is_refused(rows: list[dict[str, Any]], reason: str) -> None:
    with pytest.raises((Invalid, ValidationError)):
        ChartFile.model_validate({"chart": [{"id": "broken", "die": 10, "page": 1, "rows": rows}]})


def test_the_shipped_files_with_a_misprint_are_refused() -> None:
    raw = read_data_file(PACKAGE, "treasure_charts.toml")
    category_e = next(c for c in raw["chart"] if c["id"] == "category_e")
    category_e["rows"][13]["faces"] = [78, 79]  # the book's printed 78-79 leaves 80 without a row
    with pytest.raises((Invalid, ValidationError)):
        ChartFile.model_validate(raw)
    raw = read_data_file(PACKAGE, "treasure_items.toml")
    raw["chart"][1]["rows"][0]["weapon"] = "laser_sword"
    with pytest.raises(Invalid):
        check_charts({c.id: c for c in ChartFile.model_validate(raw).chart})


@pytest.mark.parametrize("chart_id", sorted(CHART_TITLES))
def test_exact_odds_match_brute_force(chart_id: str) -> None:
    for category in (None, *CATEGORIES):
        for golden in (0, 1):
            chance = ChartChance(chart(chart_id), category, golden)
            exact = chance.probabilities()
            assert sum(exact.values()) == 1
            assert exact == brute(chance), (chart_id, category, golden)
            assert sum(chance.row_odds()) == 1


def test_a_category_modifier() -> None:  # 001c TV-78
    result, _ = roll("potion_type", "A", [9])
    assert result == 5 and chart("potion_type").row(result).name == "Ability potion"


def test_a_modified_result_is_clamped() -> None:  # 001c TV-79
    result, _ = roll("charm_type", "F", [10])
    assert result == 10 and chart("charm_type").row(result).name == "Characteristic charm"
    assert roll("potion_potency", "A", [3])[0] == 1  # 3 - 5 < 1: clamped up


def test_the_ability_chart_rolls_a_low_result_again() -> None:  # 001c TV-80
    result, faces = roll("ability", "A", [20, 45, 31, 12])
    assert (result, faces) == (12, (20, 45, 31, 12))  # 20 - 30 < 1: rolled again, unmodified, until under 30
    result, faces = roll("characteristic", "F", [10, 29])  # 10 - 30 < 1, then 29 is under 30
    assert result == 29
    odds = ChartChance(chart("ability"), "A").probabilities()
    # faces 1-30 fall below 1 and spread over 1-29; faces 31-100 give 1-70
    assert odds[1] == odds[29] == Fraction(30, 100) / 29 + Fraction(1, 100)
    assert odds[30] == odds[70] == Fraction(1, 100) and 71 not in odds


def test_category_a_equipment_is_always_rare() -> None:  # 001c TV-81
    assert ChartChance(chart("equipment_type"), "A").row_odds() == [1, 0]
    assert ChartChance(chart("equipment_type"), "C").row_odds() == [Fraction(1, 2), Fraction(1, 2)]
    assert ChartChance(chart("equipment_type"), "F").row_odds() == [0, 1]  # 6 + 5: always magical


def test_re_roll_rules() -> None:
    # Magical equipment for A: results over 80 rolled again; helms for F: under 77 rolled again
    assert roll("magical_equipment", "A", [95, 81, 80])[0] == 80
    assert max(ChartChance(chart("magical_equipment"), "A").probabilities()) == 80
    assert min(ChartChance(chart("helm_gift"), "F").probabilities()) == 77
    assert ChartChance(chart("helm_gift"), "C").probabilities()[1] == Fraction(1, 100)  # C: no rule


def test_category_f_twice_and_d_to_e() -> None:
    f = chart("category_f")
    assert row_words(f, f.row(95), EN) == "roll twice on this chart, rolling again any result over 90"
    d = chart("category_d")
    assert d.row(91).category == "E" and chart("category_e").row(80).count == 4


def test_every_row_is_said_in_both_languages() -> None:
    for c in charts().values():
        for row in c.rows:
            english, spanish = row_words(c, row, EN), row_words(c, row, ES)
            assert english and spanish and "{" not in spanish and "None" not in english
            if row.name is not None:
                assert ES.knows(row.name), row.name
        assert ES.knows(CHART_TITLES[c.id])


def test_the_mechanic_rolls_and_gives_odds() -> None:
    mechanic = TreasureChart()
    params = mechanic.parse_params({"chart": "category_d", "category": "E"})
    odds = mechanic.odds(params, read_options())
    rows = odds.views["row"]
    assert sum(rows.probability(k) for k in rows.outcomes()) == 1
    assert rows.probability(("category_d", 0)) == Fraction(1, 10)
    table = chart_odds("category_d", "E", ES)
    assert table[0][2] == Fraction(1, 10) and "plata" in table[0][1]
    drawn = ChartChance(chart("category_a"), "B").sample(SeededSource(b"treasure"))
    assert 1 <= drawn.result <= 10


def read_options() -> Any:
    from runehall.systems.rune.options import RuneOptions

    return RuneOptions()


def test_the_cli_rolls_a_chart_and_shows_its_odds(cli: Cli) -> None:
    text = cli("roll", "rune", "treasure", "--chart", "potion_type", "--category", "A", "--manual", "9")
    assert "3–8: Ability potion" in text
    text = cli("roll", "rune", "treasure", "--chart", "ability", "--category", "A", "--manual", "20,45,12")
    assert "11–12: Seamanship" in text  # 20 - 30: rolled again until under 30
    data = json.loads(cli("odds", "rune", "treasure", "--chart", "equipment_type", "--category", "A", "--json"))
    assert [Fraction(r["probability"]) for r in data["views"]["row"]] == [1]
    assert "must be one of" in cli("roll", "rune", "treasure", "--chart", "nope", code=2)
    # the chart asked about is said by its title, in the reader's language
    assert "Chart: Helm of Power (levels)" in cli("odds", "rune", "treasure", "--chart", "helm_levels")
    assert "Tabla: Yelmo de Poder (niveles)" in cli(
        "odds", "rune", "treasure", "--chart", "helm_levels", "--lang", "es"
    )


def test_the_mechanics_chart_choices_are_the_files_charts() -> None:
    from typing import get_args

    from runehall.systems.rune.treasure.mechanic import ChartId

    assert sorted(get_args(ChartId)) == sorted(charts()) == sorted(CHART_TITLES)
    assert TreasureChart().choice_label("chart", "helm_gift", ES) == "Yelmo de Poder (Don Divino)"
