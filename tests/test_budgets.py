"""Creation budgets while a sheet is typed (issue 12, CharacterModel.budgets): Midgard's rune, skill and gift
points and Rune's creation points, counted from the raw values a form sends. A valid sheet's budgets are the
rows its drawn sheet shows; a sheet the rules refuse for one point too many still shows them, overspent, as a
warning; a half-filled or garbled one gives what can be counted and never raises."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.test_midgard_character import build, ch1
from tests.test_rune_hero import RAGNAR, hero, ragnar

from runehall.errors import ParameterError
from runehall.present.sheet import Sheet, SheetRow
from runehall.present.words import words_for
from runehall.systems.midgard.character import Character
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.ragnarok.character import Character as RagnarokCharacter
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions

EN, ES = words_for("en", "midgard"), words_for("es", "midgard")
RUNE_EN, RUNE_ES = words_for("en", "rune"), words_for("es", "rune")
RAGNAR_OPTIONS = RuneOptions(**RAGNAR["options"])


def drawn(sheet: Sheet) -> tuple[SheetRow, ...]:
    """The budget rows of a drawn sheet, in its order."""
    return tuple(r for section in sheet.sections for r in section.rows if r.emphasis == "budget")


def said(rows: tuple[SheetRow, ...]) -> dict[str, tuple[str, str]]:
    return {r.label: (r.value, r.emphasis) for r in rows}


def typed(values: Any) -> Any:
    """Values as a form sends them: every number a string."""
    if isinstance(values, dict):
        return {k: typed(v) for k, v in values.items()}
    if isinstance(values, list):
        return [typed(v) for v in values]
    return str(values) if isinstance(values, int) and not isinstance(values, bool) else values


# -- Midgard --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("words", [EN, ES])
def test_midgard_valid_sheet_budgets_are_its_drawn_rows(words: Any) -> None:
    rows = drawn(build(ch1()).sheet(words))
    assert [r.label for r in rows] == ["Rune points", "Skill points", "Gift points"]
    assert Character.budgets(ch1(), None, words) == rows
    assert Character.budgets(typed(ch1()), MidgardOptions(), words) == rows  # numbers still strings


def test_midgard_spanish_labels() -> None:
    rows = Character.budgets(ch1(), None, ES)
    assert [r.gloss for r in rows] == ["Puntos de runa", "Puntos de habilidad", "Puntos de don"]
    assert all(r.gloss == "" for r in Character.budgets(ch1(), None, EN))


@pytest.mark.parametrize(
    ("change", "label", "value"),
    [
        ({"rune_points": {"F": 3, "Th": 4, "A": 1, "H": 3, "T": 4}}, "Rune points", "15 / 14"),
        ({"skills": {**ch1()["skills"], "Athletics": 2}}, "Skill points", "15 / 13"),
        ({"gifts": [*ch1()["gifts"], "wild_strike"]}, "Gift points", "13 / 12"),
    ],
)
def test_midgard_overspent_sheet_is_refused_but_shows_its_budgets(
    change: dict[str, Any], label: str, value: str
) -> None:
    with pytest.raises(ParameterError):
        build(ch1(**change))
    rows = said(Character.budgets(ch1(**change), None, EN))
    assert rows[label] == (value, "warning")
    assert [v for k, (v, emphasis) in rows.items() if k != label and emphasis != "budget"] == []


def test_midgard_skill_budget_follows_birthright_and_options() -> None:
    hauld = ch1(birthright="Hauld")
    assert said(Character.budgets(hauld, None, EN))["Skill points"] == ("13 / 16", "budget")
    two = MidgardOptions(hauld_extra_skill_points=2)
    assert said(Character.budgets(hauld, two, EN))["Skill points"] == ("13 / 15", "budget")


def test_midgard_half_filled_sheet_counts_what_is_there() -> None:
    assert said(Character.budgets({"name": "Astrid"}, None, EN)) == {
        "Rune points": ("0 / 14", "budget"),
        "Gift points": ("0 / 12", "budget"),
    }  # no birthright yet: the skill budget is not known
    started = {
        "name": "Astrid",
        "birthright": "descendant_of_tyr",
        "rune_points": {"F": "3", "Thor": " 4 ", "A": "", "H": "x"},
        "skills": {"Axes": "3", "Sax": "2.5", "Nothing": "1"},
        "gifts": "shield_defence, no_such_gift",
    }
    assert said(Character.budgets(started, None, ES)) == {
        "Rune points": ("7 / 14", "budget"),
        "Skill points": ("7 / 13", "budget"),  # Axes 0 -> 3 with no legend skills named yet: 1 + 2 + 4
        "Gift points": ("1 / 12", "budget"),
    }
    started["legend_skills"] = "Axes, Sax"  # Axes' first rank is now free
    started["gender"] = "female"
    assert said(Character.budgets(started, None, EN))["Skill points"] == ("6 / 13", "budget")


@pytest.mark.parametrize(
    "values",
    [
        {"skills": "x"},
        {"rune_points": [1, 2], "skills": {"Axes": None}, "gifts": 5, "birthright": 3, "legend_skills": {"a": 1}},
        {"skills": {"Axes": "99"}, "rune_points": {"F": "-2"}, "birthright": "hauld", "gender": ["female"]},
        {"skills": {"Axes": True, "Sax": 1e300, "Shields": float("nan")}, "gifts": [None, 1, ":", "x:y"]},
    ],
)
def test_midgard_garbage_gives_what_can_be_counted(values: dict[str, Any]) -> None:
    rows = said(Character.budgets(values, None, EN))
    assert rows["Rune points"] == ("0 / 14", "budget")
    assert rows["Gift points"] == ("0 / 12", "budget")
    assert rows.get("Skill points", ("0 / 16", "budget")) == ("0 / 16", "budget")


# -- Rune -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("words", [RUNE_EN, RUNE_ES])
def test_rune_valid_hero_budget_is_its_drawn_row(words: Any) -> None:
    rows = drawn(hero(ragnar(), **RAGNAR["options"]).sheet(words))
    assert [r.label for r in rows] == ["Creation points"]
    assert Hero.budgets(ragnar(), RAGNAR_OPTIONS, words) == rows
    assert Hero.budgets(typed(ragnar()), RAGNAR_OPTIONS, words) == rows


def test_rune_spanish_label() -> None:
    (row,) = Hero.budgets(ragnar(), None, RUNE_ES)
    assert (row.label, row.gloss) == ("Creation points", "Puntos de creación")


@pytest.mark.parametrize(
    ("change", "value"),
    [
        ({"cp_on_hp": RAGNAR["expect"]["cp_hp"] + 1}, "61 / 60"),
        ({"abilities": {**ragnar()["abilities"], "swim": 2}}, "61 / 60"),  # secondary: 1 a level
        ({"abilities": {**ragnar()["abilities"], "dodge": 2}}, "62 / 60"),  # primary: 2 a level
        ({"characteristics": {**ragnar()["characteristics"], "com": 0}}, "62 / 60"),  # Com -1 refunded 2
    ],
)
def test_rune_overspent_hero_is_refused_but_shows_his_budget(change: dict[str, Any], value: str) -> None:
    with pytest.raises(ParameterError):
        hero(ragnar(**change), **RAGNAR["options"])
    assert said(Hero.budgets(ragnar(**change), RAGNAR_OPTIONS, RUNE_EN)) == {"Creation points": (value, "warning")}


def test_rune_sprint_counts_as_the_table_reads_it() -> None:
    secondary = RuneOptions(sprint_category="secondary")
    assert said(Hero.budgets(ragnar(), secondary, RUNE_EN)) == {"Creation points": ("59 / 60", "budget")}


def test_rune_half_filled_hero_counts_what_is_there() -> None:
    assert said(Hero.budgets({"name": "Ragnar"}, None, RUNE_EN)) == {"Creation points": ("0 / 60", "budget")}
    started = {
        "name": "Ragnar",
        "characteristics": {"Str": "+2", "Stamina": "3", "dex": "9", "nothing": "1"},
        "abilities": {"Dodge": "1", "great weapon": "3", "bows": "-1", "swim": "1.5"},
        "cp_on_hp": "2",
    }
    (row,) = Hero.budgets(started, None, RUNE_ES)
    # Str +2 and Sta +3 as characteristics.toml prices them, Dodge 1 and Great Weapon 3 (primary, 2 a level), 2 HP
    assert row.value == f"{_cost('str', 2) + _cost('sta', 3) + 2 * 4 + 2} / 60"
    started["cp_on_hp"] = "2.5"  # not whole points: not counted
    (row,) = Hero.budgets(started, None, RUNE_EN)
    assert row.value == f"{_cost('str', 2) + _cost('sta', 3) + 2 * 4} / 60"


def _cost(characteristic: str, rating: int) -> int:
    from runehall.systems.rune.rules import rules

    return rules().characteristic_cost(characteristic, rating)


@pytest.mark.parametrize(
    "values",
    [
        {"characteristics": "x", "abilities": ["dodge"], "cp_on_hp": "x"},
        {"characteristics": {"str": None}, "abilities": {"dodge": {"a": 1}}, "cp_on_hp": -3},
        {"characteristics": {"str": True}, "abilities": {"dodge": 1e300}, "cp_on_hp": float("inf")},
    ],
)
def test_rune_garbage_gives_what_can_be_counted(values: dict[str, Any]) -> None:
    assert said(Hero.budgets(values, None, RUNE_EN)) == {"Creation points": ("0 / 60", "budget")}


def test_ragnarok_has_no_creation_budget() -> None:
    assert RagnarokCharacter.budgets({"name": "x"}, None, EN) == ()


# -- never raises ---------------------------------------------------------------------------------------------
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
NAMES = st.sampled_from(
    ["F", "Th", "Thor", "Axes", "Sax", "Alertness", "str", "Sta", "dodge", "sprint", "hauld", "female", "x", ""]
)
NUMBERS = st.integers(-20, 20).map(str) | st.integers(-(10**9), 10**9) | SCALARS
JSON = st.recursive(
    SCALARS | NAMES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(NAMES | st.text(), inner, max_size=4)
)
FIELDS = [
    "name", "gender", "birthright", "legend", "legend_skills", "rune_points", "skills", "gifts",
    "characteristics", "abilities", "cp_on_hp",
]  # fmt: skip
SHEETS = st.dictionaries(
    st.sampled_from(FIELDS) | st.text(max_size=8),
    st.dictionaries(NAMES, NUMBERS, max_size=6) | JSON | NAMES | st.lists(NAMES, max_size=5),
    max_size=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=SHEETS, options=st.sampled_from([None, "x", MidgardOptions(), RuneOptions()]))
def test_budgets_never_raise(values: dict[str, Any], options: Any) -> None:
    for model, words in ((Character, EN), (Hero, RUNE_ES)):
        rows = model.budgets(values, options, words)
        assert rows and all(isinstance(r, SheetRow) and r.emphasis in ("budget", "warning") for r in rows)
        assert all(" / " in r.value for r in rows)
