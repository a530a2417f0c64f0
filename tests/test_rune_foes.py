"""Rune's foes (spec 001b §8, test vectors §14.2-§14.3): the data file, the Roll of Valor, the Foe Maker with its
clamps, missiles, Wound Threshold and Might, Mix totals, a hero's entry read from his sheet, and foes built this way
starting a fight in the combat tracker."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import ParameterError, RulesDataError
from runehall.present.words import catalog, words_for
from runehall.systems import data as data_module
from runehall.systems.data import load_data, read_data_file
from runehall.systems.rune import foes
from runehall.systems.rune.combat.settings import weapon_row
from runehall.systems.rune.combat.tracker import CombatSetup, start
from runehall.systems.rune.foe_data import FoesFile, category, foes_file, rank
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import PACKAGE
from test_rune_combat import RAGNAR_SHEET, THURID_SHEET, Fight, fighter

BOOK_TALLY = (8, 10, 7, 9, 6, 52, 3)  # the book's tally (001b TV-25, A-78): the Foe Maker vectors' base


def seven(stats: foes.FoeStats) -> tuple[int, ...]:
    return tuple(stats.tally())


# -- the data file ----------------------------------------------------------------------------------------------
# The Foe Reference Table (book p.101; spec 001b §8.14): id, benchmark, maximum threat, move, Mix modifier, page.
TABLE = [
    ("goblin_leader", 2, "weak", 5, "0", 114), ("rock_goblin", 3, "inferior", 15, "0", 111),
    ("goblin_shaman", 3, "inferior", 15, "0", 113), ("rock_goblinesses", 4, "inferior", 15, "0", 111),
    ("vegetarian_goblin", 4, "inferior", 15, "0", 115), ("goblin_warrior", 5, "inferior", 15, "0", 112),
    ("small_land_crab", 5, "inferior", 15, "0", 116), ("spider_werk", 5, "equal", 15, "0.3", 109),
    ("dwarf_laborer", 6, "equal", 15, "0", 107), ("roving_slayer", 6, "equal", 15, "0", 112),
    ("beetle_werk", 6, "terrifying", 100, "0.2", 108), ("centi_werk", 6, "inferior", 15, "0", 108),
    ("dishonored", 7, "superior", 15, "0.5", 103), ("senior_slayer", 7, "equal", 15, "0", 112),
    ("dark_viking", 8, "terrifying", 15, "0", 102), ("dwarf_pit_boss", 8, "superior", 15, "0", 107),
    ("elf_mischief_maker", 8, "equal", 30, "0", 110), ("goblin_freak", 8, "superior", 15, "0", 113),
    ("large_land_crab", 10, "exceptional", 15, "0", 116), ("troll", 10, "terrifying", 15, "0", 117),
    ("dwarf_medic", 11, "exceptional", 15, "0", 107), ("dwarf_centurion", 12, "superior", 15, "0", 108),
    ("dwarf_slaver", 12, "superior", 15, "0", 107), ("elf_courtier", 12, "terrifying", 30, "0", 110),
    ("tube_striker", 12, "terrifying", 0, None, 117), ("wendol", 15, "terrifying", 15, "0", 118),
    ("dwarf_clan_champion", 16, "terrifying", 15, "0.3", 108), ("sark_amen", 16, "terrifying", 15, "0.8", 104),
    ("mecha_dwarf", 17, "terrifying", 15, "0.3", 109), ("giant", 20, "terrifying", 60, "0", 116),
    ("mega_dwarf", 32, "terrifying", 45, "0", 109),
]  # fmt: skip


def test_the_31_foe_types_of_the_reference_table() -> None:
    found = [
        (f.id, f.benchmark, f.max_threat, f.move, None if f.mix is None else f.mix, f.page) for f in foes.foe_types()
    ]
    assert found == [(i, b, t, m, None if x is None else Fraction(x), p) for i, b, t, m, x, p in TABLE]


def test_adjusts_and_icons_as_the_spec_reads_them() -> None:
    assert foes.foe_type("beetle_werk").adjust == {"init": -15, "atk": -4, "dfn": -4, "dam": 6, "soak": 8, "hp": -20}
    assert foes.foe_type("goblin_freak").adjust == {"init": 6, "atk": 1, "dfn": -3, "dam": 3, "soak": -1}
    assert foes.foe_type("rock_goblin").adjust == {}
    assert not foes.foe_type("mecha_dwarf").missiles  # the icons the book confirms
    assert foes.foe_type("dwarf_laborer").missiles and foes.foe_type("dwarf_centurion").missiles
    simple = {f.id for f in foes.foe_types() if f.always_predictable}
    assert simple == {"beetle_werk", "centi_werk", "spider_werk"}
    assert {f.id for f in foes.foe_types() if f.undead} == {"dishonored", "sark_amen"}
    assert foes.foe_type("tube_striker").behaviour == "stationary"


def test_the_threat_categories() -> None:
    cats = foes.categories()
    assert [c.name for c in cats] == ["Terrifying", "Exceptional", "Superior", "Equal", "Inferior", "Weak", "Pitiful"]
    assert [c.mix for c in cats] == [Fraction(x) for x in ("4", "3", "2", "1.3", "0.7", "0.5", "0.3")]
    assert [c.self_willed_cost for c in cats] == [50, 35, 25, 15, 10, 5, 2]
    assert category("weak").maker["init"] == -4  # the OCR's "4" (§8.8)
    assert category("pitiful").maker["soak"] == -3


def test_benchmark_plus_adjust_is_a_typical_specimen() -> None:  # 001b TV-35
    centurion = foes.foe_type("dwarf_centurion")
    typical = [centurion.benchmark + centurion.adjust.get(s, 0) for s in ("init", "atk", "dfn", "dam")]
    assert typical == [12, 10, 11, 21]


def raw_file() -> dict[str, Any]:
    return copy.deepcopy(read_data_file(PACKAGE, "foes.toml"))


def broken(change: Any) -> dict[str, Any]:
    raw = raw_file()
    change(raw)
    return raw


BAD_FILES = {
    "mix as a float": lambda r: r["category"][3].update(mix=1.3),
    "misspelt key": lambda r: r["foe"][0].update(max_treat="weak"),
    "unknown stat in an Adjust": lambda r: r["foe"][0]["adjust"].update(str=1),
    "unknown maximum threat": lambda r: r["foe"][0].update(max_threat="awful"),
    "categories out of order": lambda r: r["category"].reverse(),
    "a Foe Maker row short of a stat": lambda r: r["category"][0]["maker"].pop("res"),
    "foes out of benchmark order": lambda r: r["foe"].reverse(),
    "a third missile": lambda r: r["missile"].append(dict(r["missile"][0])),
    "a bad behaviour": lambda r: r["foe"][1].update(behaviour="sneaky"),
}


@pytest.mark.parametrize("change", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_wrong_data_file_is_refused_when_it_loads(change: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    load_data(PACKAGE, "foes.toml", FoesFile)  # the real file loads
    monkeypatch.setattr(data_module, "read_data_file", lambda package, name: broken(change))
    with pytest.raises(RulesDataError, match=r"foes\.toml"):
        load_data(PACKAGE, "foes.toml", FoesFile)


def test_the_foe_wound_threshold_agrees_with_health_toml(monkeypatch: pytest.MonkeyPatch) -> None:
    from runehall.systems.rune import foe_data

    foes_file.cache_clear()
    monkeypatch.setattr(foe_data, "foe_wt", lambda: {"default_wt": 15, "wt_if_hp_over_60": 20, "wt_if_hp_under_20": 12})
    try:
        with pytest.raises(RulesDataError, match="disagree"):
            foes_file()
    finally:
        foes_file.cache_clear()


# -- the Roll of Valor ------------------------------------------------------------------------------------------
def columns_to_heroes(*columns: list[int]) -> list[list[int]]:
    return [list(row) for row in zip(*columns, strict=True)]


def test_six_heroes_the_books_circling() -> None:  # 001b TV-25
    heroes = columns_to_heroes(
        [10, 9, 8, 9, 10, 2],
        [10, 11, 7, 7, 12, 7],
        [8, 10, 11, 7, 12, 1],
        [14, 9, 10, 12, 9, 7],  # the third DAM is unreadable: anything above 9 keeps the book's 9
        [7, 10, 7, 7, 7, 7],
        [48, 119, 70, 58, 52, 48],
        [6, 3, 3, 4, 4, 2],
    )
    # Soak: the rule circles 10 (the book's text too); its printed tally says 6, which the vectors after use
    assert foes.roll_of_valor(heroes) == (8, 10, 7, 9, 10, 52, 3)
    heroes[2][3] = 8  # the OCR's "8" would be circled instead
    assert foes.roll_of_valor(heroes).dam == 8


def test_small_groups() -> None:  # 001b TV-26
    three = columns_to_heroes([5, 6, 7], [7, 9, 12], [1, 2, 3], [4, 5, 6], [1, 2, 3], [40, 50, 60], [1, 2, 3])
    assert foes.roll_of_valor(three) == (5, 7, 1, 4, 1, 40, 1)
    two = columns_to_heroes([9, 10], [8, 6], [7, 7], [10, 12], [5, 8], [48, 70], [3, 5])
    assert foes.roll_of_valor(two) == (8, 5, 6, 9, 4, 38, 2)


def test_ties_count_once_and_an_all_equal_column_gives_its_value() -> None:
    six = [[5, 5, 5, 5, 7, 50, 3]] * 5 + [[5, 6, 5, 5, 7, 50, 3]]
    assert foes.roll_of_valor(six) == (5, 6, 5, 5, 7, 50, 3)  # 001b TV-26: Soak all 7 -> 7
    four = columns_to_heroes([3, 3, 4, 4], [1, 1, 1, 9], [2, 2, 2, 2], [1, 2, 3, 4], [0, 0, 5, 5], [30] * 4, [1] * 4)
    assert foes.roll_of_valor(four) == (4, 9, 2, 2, 5, 30, 1)  # the second-lowest may be the highest


def test_entries_by_name_and_by_column_agree() -> None:
    by_name = [dict(zip(foes.STATS, row, strict=True)) for row in ([9, 10, 7, 10, 5, 48, 3], [10, 6, 7, 12, 8, 70, 5])]
    assert foes.roll_of_valor(by_name) == (8, 5, 6, 9, 4, 38, 2)


@pytest.mark.parametrize("heroes", [[], [[1, 2, 3, 4, 5, 6, 7]]])
def test_fewer_than_two_heroes_are_refused(heroes: list[list[int]]) -> None:
    with pytest.raises(ParameterError, match=f"needs at least 2 heroes .*not {len(heroes)}"):
        foes.roll_of_valor(heroes)


@pytest.mark.parametrize("entry", [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, "7"], [1, 2, 3, 4, 5, 6, True], {"init": 1}])
def test_an_entry_that_is_not_seven_numbers_is_refused(entry: Any) -> None:
    with pytest.raises(ParameterError, match="hero 2: a Roll of Valor entry is seven whole numbers"):
        foes.roll_of_valor([[1, 2, 3, 4, 5, 6, 7], entry])


# -- the Foe Maker ----------------------------------------------------------------------------------------------
def test_the_foe_makers_rows_on_the_books_tally() -> None:  # 001b TV-27
    assert seven(foes.foe_stats("dark_viking", "terrifying", BOOK_TALLY)) == (14, 16, 13, 15, 9, 82, 6)
    assert seven(foes.foe_stats("dark_viking", "equal", BOOK_TALLY)) == BOOK_TALLY
    assert seven(foes.foe_stats("dark_viking", "inferior", BOOK_TALLY)) == (6, 8, 5, 8, 5, 42, 2)


def test_the_centurion_with_adjust_crossbow_might_and_wt() -> None:  # 001b TV-28, 001b TV-29, 001b TV-30
    centurion = foes.foe_stats("dwarf_centurion", "equal", BOOK_TALLY, missile="crossbow")
    assert seven(centurion) == (8, 8, 6, 18, 6, 52, 3)
    assert centurion.missile == ("crossbow", 0, 5, 3, 14)
    assert (centurion.might, centurion.death_blow, centurion.wt) == (25, 12, 15)  # the book prints 24
    assert seven(foes.foe_stats("dwarf_centurion", "equal", BOOK_TALLY, adjust=False)) == BOOK_TALLY


def test_the_laborer_with_a_bow() -> None:  # 001b TV-29
    laborer = foes.foe_stats("dwarf_laborer", "inferior", BOOK_TALLY, missile="bow")
    assert seven(laborer)[:4] == (6, 8, 5, 8)
    assert laborer.missile == ("bow", 5, 4, 2, 8)


def test_an_inferior_rock_goblin() -> None:  # 001b TV-31
    goblin = foes.foe_stats("rock_goblin", "inferior", BOOK_TALLY)
    assert seven(goblin) == (6, 8, 5, 8, 5, 42, 2)
    assert (goblin.might, goblin.death_blow, goblin.wt, goblin.mix) == (18, 9, 15, Fraction(7, 10))


def test_a_terrifying_mecha_dwarf() -> None:  # 001b TV-32
    mecha = foes.foe_stats("mecha_dwarf", "terrifying", BOOK_TALLY, heroes=6)
    assert seven(mecha) == (14, 16, 13, 24, 9, 82, 6)
    assert (mecha.wt, mecha.might, mecha.death_blow, mecha.mix) == (18, 42, 21, Fraction(43, 10))
    assert (mecha.move, mecha.move_half, mecha.night_vision) == (15, 7, True)


def test_clamps_apply_with_or_without_the_adjust() -> None:  # 001b TV-33
    for adjust in (True, False):
        weakling = foes.foe_stats("dark_viking", "pitiful", (3, 4, 2, 2, 1, 30, 0), adjust=adjust)
        assert seven(weakling) == (-3, -2, -4, 0, 0, 10, -3)
        assert (weakling.wt, weakling.might) == (12, 0)
    crab = foes.foe_stats("small_land_crab", "pitiful", (0, 0, 0, 0, 0, 10, 0))
    assert (crab.soak, crab.hp, crab.dfn) == (0, 10, -9)  # Soak -3 + 3 = 0; DFN may go negative


@pytest.mark.parametrize(("hp", "wt"), [(61, 18), (60, 15), (20, 15), (19, 12)])
def test_wound_threshold_bounds(hp: int, wt: int) -> None:  # 001b TV-34
    assert foes.wound_threshold(hp) == wt


def test_above_the_maximum_threat_is_refused() -> None:  # 001b TV-22
    with pytest.raises(ParameterError, match="a Goblin Leader can be at most Weak, not Inferior"):
        foes.foe_stats("goblin_leader", "inferior", BOOK_TALLY)
    assert foes.foe_stats("goblin_leader", "weak", BOOK_TALLY).hp == 52 - 20 + 50
    with pytest.raises(ParameterError, match="at most Equal, not Superior"):
        foes.foe_stats("spider_werk", "superior", BOOK_TALLY)


def test_other_refusals() -> None:
    # 001b TV-22: H = 3 with a Terrifying foe is invalid
    with pytest.raises(ParameterError, match="a Terrifying foe needs at least 4 heroes to fight it, not 3"):
        foes.foe_stats("troll", "terrifying", BOOK_TALLY, heroes=3)
    with pytest.raises(ParameterError, match="a Mecha-Dwarf never uses missile weapons"):
        foes.foe_stats("mecha_dwarf", "terrifying", BOOK_TALLY, missile="bow")
    with pytest.raises(ParameterError, match="'bow' or 'crossbow', not 'sling'"):
        foes.foe_stats("troll", "equal", BOOK_TALLY, missile="sling")
    with pytest.raises(ParameterError, match="no foe type 'orc'"):
        foes.foe_stats("orc", "equal", BOOK_TALLY)
    with pytest.raises(ParameterError, match="no Threat Category 'dreadful'"):
        foes.foe_stats("troll", "dreadful", BOOK_TALLY)
    with pytest.raises(ParameterError, match="the tally: a Roll of Valor entry is seven whole numbers"):
        foes.foe_stats("troll", "equal", (1, 2, 3))


TALLIES = st.tuples(*(st.integers(-20, 40) for _ in range(5)), st.integers(-50, 200), st.integers(-20, 30))


@given(
    foe=st.sampled_from([f.id for f in foes.foe_types()]),
    threat=st.sampled_from([c.id for c in foes.categories()]),
    tally=TALLIES,
    adjust=st.booleans(),
)
def test_no_foe_ends_below_the_clamps(foe: str, threat: str, tally: tuple[int, ...], adjust: bool) -> None:
    kind, level = foes.foe_type(foe), category(threat)
    if rank(level) < rank(category(kind.max_threat)):
        with pytest.raises(ParameterError):
            foes.foe_stats(kind, level, tally, adjust)
        return
    made = foes.foe_stats(kind, level, tally, adjust)
    assert made.hp >= 10 and made.soak >= 0 and made.dam >= 0
    assert made.wt in (12, 15, 18) and made.might >= 0
    parts = [max(0, v) for v in (made.init, made.atk, made.dfn, made.dam, made.soak)]
    assert made.might == (10 * sum(parts) + made.hp) // 20


# -- Mix --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mixes", "total"),
    [(["6.5"], 6), (["5.5"], 5), (["5.51"], 6), (["0.3"], 0), (["0.5"], 0), (["0.7"], 1), (["4", "1.3", "0.5"], 6)],
)
def test_mix_totals_round_half_down(mixes: list[str], total: int) -> None:  # 001b TV-20, 001b TV-21
    assert foes.mix_total(Fraction(m) for m in mixes) == total


def test_foe_mix_adds_the_type_modifier() -> None:  # 001b TV-20, 001b TV-22
    event = [foes.foe_mix("mecha_dwarf", "terrifying"), foes.foe_mix("dwarf_centurion", "equal")]
    event.append(foes.foe_mix("dwarf_laborer", "weak"))
    assert sum(m for m in event if m is not None) == Fraction(61, 10) and foes.mix_total(event) == 6
    event[2] = foes.foe_mix("dwarf_laborer", "inferior")  # the book later calls him Inferior: 6.3 -> 6
    assert sum(m for m in event if m is not None) == Fraction(63, 10) and foes.mix_total(event) == 6
    assert foes.foe_mix("dishonored", "weak") == 1
    assert foes.foe_mix("tube_striker", "terrifying") is None
    assert foes.mix_total([Fraction(13, 10), None]) == 1


# -- heroes and fights ------------------------------------------------------------------------------------------
def test_a_heros_entry_from_his_sheet() -> None:
    ragnar = foes.hero_tally({"name": "Ragnar", **RAGNAR_SHEET})
    # The book's Ragnar: Viking Axe 9/9/9/12, Soak 6, HP 77, RES 5; his war maul's 9/8/10/12 adds up to as
    # much, and the axe's higher ATK makes it the best weapon (001b A-48; each column's best: DFN 10).
    assert ragnar == (9, 9, 9, 12, 6, 77, 5)
    assert foes.hero_tally({"name": "Thurid", **THURID_SHEET}, RuneOptions()).res == 5


def test_a_heros_entry_from_his_combatant_and_a_missing_number() -> None:
    people = [fighter("Astrid", (0, 0), side="heroes"), fighter("Ulf", (5, 0))]
    state = start(CombatSetup.model_validate({"combatants": people}), None)
    astrid = state.combatants[0]
    assert foes.hero_tally(astrid) == (5, 5, 5, 6, 3, 50, 3)
    with pytest.raises(ParameterError, match="Astrid's Res is not known"):
        foes.hero_tally(astrid.model_copy(update={"res": None}))


def foes_of_the_book() -> tuple[dict[str, Any], dict[str, Any]]:
    laborer = foes.foe_stats("dwarf_laborer", "inferior", BOOK_TALLY, missile="bow")
    goblin = foes.foe_stats("rock_goblin", "inferior", BOOK_TALLY)
    return (
        foes.foe_spec("dwarf_laborer", "inferior", laborer, "Laborer", at=(10, 0)),
        foes.foe_spec("rock_goblin", "inferior", goblin, "Rock goblin", at=(12, 3)),
    )


def test_foes_made_here_start_a_fight() -> None:
    laborer, goblin = foes_of_the_book()
    setup = CombatSetup.model_validate({"combatants": [{"name": "Ragnar", "sheet": RAGNAR_SHEET}, laborer, goblin]})
    people = {c.name: c for c in start(setup, RuneOptions()).combatants}
    dwarf, gob = people["Laborer"], people["Rock goblin"]
    assert not dwarf.hero and dwarf.side == "foes" and people["Ragnar"].side == "heroes"
    assert (dwarf.hp_max, dwarf.soak, dwarf.wt, dwarf.res, dwarf.night_vision) == (42, 5, 15, 2, True)
    bow, axe = dwarf.weapons[0], dwarf.weapons[1]
    assert dwarf.ready == bow.id and bow.kind == "missile" and not bow.dfn_na
    assert (bow.init, bow.atk, bow.dfn, bow.dam, bow.dam_rating) == (5, 4, 2, 8, 10)  # DFN = Res with the bow
    assert (axe.kind, axe.init, axe.atk, axe.dfn, axe.dam) == ("melee", 6, 8, 5, 8)
    assert (gob.move_full, gob.move_half, gob.weapons[0].name) == (15, 7, "Natural weapon")


def test_foes_made_here_fight_through_the_play_log() -> None:
    laborer, goblin = foes_of_the_book()
    fight = Fight({"name": "Ragnar", "sheet": RAGNAR_SHEET, "at": [0, 0]}, laborer, goblin)
    assert fight.who("Rock goblin").hp == 42 and fight.who("Laborer").weapon("foe_bow").ammo is None


def test_the_attack_forms_name_no_weapon_row() -> None:
    # build.py takes a weapon that names a weapons.toml row from that row: a foe's forms must name none.
    for form in ("axe_attack", "claw_attack", "foe_bow", "foe_crossbow"):
        assert weapon_row(form) is None


def test_stats_for_another_foe_are_refused() -> None:
    goblin = foes.foe_stats("rock_goblin", "inferior", BOOK_TALLY)
    with pytest.raises(ParameterError, match="another foe type or Threat Category"):
        foes.foe_spec("troll", "inferior", goblin, "Troll")


# -- names people read ------------------------------------------------------------------------------------------
def test_every_name_in_the_foe_data_has_spanish() -> None:
    spanish = catalog(PACKAGE, "es")
    data = foes_file()
    names = [c.name for c in data.category] + [f.label for f in data.foe] + [f.family for f in data.foe]
    names += [m.name for m in data.missile] + [a.name for a in data.attack_form]
    missing = sorted({n for n in names if n not in spanish})
    assert not missing, f"no Spanish for {missing}"


def test_foe_names_in_spanish() -> None:
    es = words_for("es", "rune")
    assert [es(c.name) for c in foes.categories()] == [
        "Aterrador", "Excepcional", "Superior", "Igual", "Inferior", "Débil", "Lamentable",
    ]  # fmt: skip
    assert es("Rock Goblin") == "Goblin de roca" and es("Dwarf Pit Boss") == "Enano capataz"
    assert es("Giant") == "Gigante"
