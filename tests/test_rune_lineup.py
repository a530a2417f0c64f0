"""A Rune fight set up from lists (combat/lineup.py, issue 13): the book's Ragnar and Thurid ticked in, rock
goblins picked from the Foe Reference Table with the Foe Maker's numbers from the heroes' Roll of Valor, the
terrain as rows; what it becomes is the combat tracker's own setup, started as the API's would be."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.fields import choice
from runehall.present.lineup import Entry, Lineup
from runehall.present.refusals import say
from runehall.present.words import Words, words_for
from runehall.systems import registry
from runehall.systems.base import RulesModel
from runehall.systems.rune import foes
from runehall.systems.rune.combat import CombatState
from runehall.systems.rune.combat.lineup import Area, Category, Extras, Numbers, TerrainKind
from runehall.systems.rune.combat.terrain import KINDS
from runehall.systems.rune.foe_data import foes_file
from runehall.systems.tracker import Tracker
from test_rune_combat import RAGNAR_SHEET, THURID_SHEET

RAGNAR = {**RAGNAR_SHEET, "name": "Ragnar"}
THURID = {**THURID_SHEET, "name": "Thurid"}
SHEETS = [RAGNAR, THURID]
SLIPPERY = {"kind": "slippery", "name": "Grimsmire", "x0": 3, "y0": -2, "x1": 6, "y1": 1}


def tracker() -> Tracker[Any]:
    return registry.get("rune").tracker("combat")


def heroes() -> list[Entry]:
    return [Entry("Ragnar", "heroes", sheet=RAGNAR, at=(0, 0)), Entry("Thurid", "heroes", sheet=THURID, at=(0, 2))]


def goblins(count: int = 2, at: tuple[float, float] = (4, 0), **typed: Any) -> Entry:
    numbers = tracker().foe_numbers("rock_goblin", {"category": "inferior", **typed}, SHEETS)
    return Entry("Rock Goblin", "foes", foe="rock_goblin", numbers={**numbers, "count": count}, at=at)


def setup(*entries: Entry, terrain: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    made = tracker().lineup_setup(entries, {"terrain": terrain or []})
    return made.setup


def the_lineup(lang: str = "en") -> Lineup:
    found = tracker().lineup(words_for(lang, "rune"))
    assert found is not None
    return found


# -- the whole way: lists to a fight on the map ---------------------------------------------------------
def test_two_heroes_and_two_inferior_rock_goblins_on_slippery_ground_start_a_fight_on_the_map() -> None:
    entries = [*heroes(), goblins()]
    made = tracker().lineup_setup(entries, {"terrain": [SLIPPERY], "new_encounter": True})
    log = PlayLog.start("rune", "combat", {}, made.setup)  # the setup goes through parse_setup and start
    state = log.state()
    assert isinstance(state, CombatState)
    assert made.keys == (("Ragnar",), ("Thurid",), ("Rock Goblin 1", "Rock Goblin 2"))
    keys = log.tracker.combatants(state)
    assert {k for row in made.keys for k in row} == set(keys)
    view = log.tracker.board(state, words_for("en", "rune"), Seat(runs=True))
    tokens = {c.name: c.at for c in view.combatants}
    assert tokens == {"Ragnar": (0, 0), "Thurid": (0, 2), "Rock Goblin 1": (4, 0), "Rock Goblin 2": (6, 0)}
    assert {c.side_key for c in view.combatants if c.name.startswith("Rock")} == {"foes"}
    assert view.map is not None
    assert [a.label for a in view.map.areas] == ["Grimsmire: slippery ground"]
    assert state.terrain[0].kind == "slippery" and state.terrain[0].area == (3, -2, 6, 1)
    goblin = next(c for c in state.combatants if c.name == "Rock Goblin 2")
    numbers = goblins().numbers
    assert not goblin.hero
    assert (goblin.soak, goblin.hp_max, goblin.res) == (numbers["soak"], numbers["hp"], numbers["res"])


def test_the_lineup_offers_every_foe_type_by_family_two_sides_and_a_map_in_paces() -> None:
    lineup = the_lineup()
    assert [k.id for k in lineup.foes] == [t.id for t in foes.foe_types()]
    rock = next(k for k in lineup.foes if k.id == "rock_goblin")
    assert (rock.name, rock.group, rock.hint) == ("Rock Goblin", "Goblin", "benchmark 3; at most Inferior")
    assert lineup.sides == (("heroes", "Heroes"), ("foes", "Foes"))
    assert lineup.places and lineup.unit == "paces" and lineup.Extras is Extras
    assert lineup.most == tracker().Setup.model_fields["combatants"].metadata[1].max_length  # the setup's own cap


# -- a foe row's numbers ---------------------------------------------------------------------------------
def test_the_numbers_are_the_foe_makers_from_the_heroes_roll_of_valor() -> None:
    tally = foes.roll_of_valor([foes.hero_tally(s) for s in SHEETS])
    made = foes.foe_stats("rock_goblin", "inferior", tally)
    numbers = tracker().foe_numbers("rock_goblin", {}, SHEETS)  # a new row: the type's usual category
    assert numbers == {
        "category": "inferior", "count": 1, "adjust": True, "missile": "none", "self_willed": False,
        **{str(s): getattr(made, s) for s in foes.STATS},
    }  # fmt: skip
    assert set(numbers) == set(Numbers.model_fields)
    Numbers.model_validate(numbers)
    weak = tracker().foe_numbers("rock_goblin", {"category": "weak"}, SHEETS)
    assert weak["atk"] == foes.foe_stats("rock_goblin", "weak", tally).atk == numbers["atk"] - 2


def test_the_adjust_is_the_types_and_may_be_left_out() -> None:
    tally = foes.roll_of_valor([foes.hero_tally(s) for s in SHEETS])
    given = {"category": "inferior"}
    with_adjust = tracker().foe_numbers("vegetarian_goblin", given, SHEETS)
    without = tracker().foe_numbers("vegetarian_goblin", {**given, "adjust": False}, SHEETS)
    assert with_adjust["init"] == without["init"] + 1  # Adjust INIT +1, DAM -3
    assert without["dam"] == foes.foe_stats("vegetarian_goblin", "inferior", tally, adjust=False).dam
    assert tracker().foe_numbers("vegetarian_goblin", {**given, "adjust": "false"}, SHEETS) == without  # as the API


def test_a_typed_number_is_kept_over_the_foe_maker_and_in_the_fight() -> None:
    worked_out = tracker().foe_numbers("rock_goblin", {"category": "inferior"}, SHEETS)
    typed = tracker().foe_numbers("rock_goblin", {"category": "weak", "atk": worked_out["atk"] + 5}, SHEETS)
    assert typed["atk"] == worked_out["atk"] + 5
    assert typed["dfn"] == worked_out["dfn"] - 2  # the rest follows the category
    spec = setup(*heroes(), goblins(1, atk=15))["combatants"][2]
    assert spec["name"] == "Rock Goblin"  # one of a kind: no number
    assert spec["weapons"][0]["atk"] == 15


def test_a_category_above_the_types_maximum_threat_is_refused_with_its_reason() -> None:
    with pytest.raises(ParameterError, match="Rock Goblin can be at most Inferior, not Equal") as refused:
        tracker().foe_numbers("rock_goblin", {"category": "equal"}, SHEETS)
    assert say(refused.value, words_for("es", "rune")) == "Goblin de roca: como mucho Inferior, no Igual"
    too_high = Entry("Rock Goblin", "foes", foe="rock_goblin", numbers={**goblins().numbers, "category": "superior"})
    with pytest.raises(ParameterError, match="at most Inferior, not Superior"):
        tracker().lineup_setup([*heroes(), too_high], {})


def test_a_terrifying_foe_needs_four_heroes() -> None:
    with pytest.raises(ParameterError, match="needs at least 4 heroes to fight it, not 2"):
        tracker().foe_numbers("giant", {"category": "terrifying"}, SHEETS)
    assert tracker().foe_numbers("giant", {"category": "terrifying"}, SHEETS * 2)["category"] == "terrifying"


def test_only_a_type_with_missiles_carries_a_bow_and_its_scores_follow_the_foe_maker() -> None:
    with pytest.raises(ParameterError, match="Rock Goblin never uses missile weapons"):
        tracker().foe_numbers("rock_goblin", {"missile": "bow"}, SHEETS)
    numbers = tracker().foe_numbers("goblin_warrior", {"missile": "bow"}, SHEETS)
    archer = Entry("Goblin Warrior", "foes", foe="goblin_warrior", numbers=numbers, at=(8, 0))
    spec = setup(*heroes(), archer)["combatants"][2]
    bow = next(w for w in spec["weapons"] if w["kind"] == "missile")
    assert (bow["atk"], bow["dfn"]) == (numbers["atk"] - 4, numbers["res"])  # Bow: ATK -4, DFN = Res


def test_with_one_hero_his_own_numbers_stand_for_the_tally_and_with_none_they_are_typed() -> None:
    lone = foes.hero_tally(RAGNAR)
    numbers = tracker().foe_numbers("dark_viking", {}, [RAGNAR])
    assert numbers["category"] == "equal"  # the usual category where the type's maximum allows it
    assert [numbers[s] for s in foes.STATS] == list(lone)  # an Equal foe is the tally itself
    with pytest.raises(ParameterError, match="tick in the heroes who fight"):
        tracker().foe_numbers("dark_viking", {}, [])
    every: dict[str, Any] = dict(zip(foes.STATS, (5, 6, 7, 8, 2, 40, 3), strict=True))
    assert tracker().foe_numbers("dark_viking", every, []) == {
        "category": "equal", "count": 1, "adjust": True, "missile": "none", "self_willed": False, **every,
    }  # fmt: skip
    with pytest.raises(ParameterError, match="at most Inferior"):  # the type's maximum first, heroes or not
        tracker().foe_numbers("rock_goblin", {"category": "equal"}, [])


def test_an_unknown_kind_or_numbers_out_of_bounds_are_refused() -> None:
    with pytest.raises(ParameterError, match="no foe type"):
        tracker().foe_numbers("dragon", {}, SHEETS)
    with pytest.raises(ParameterError, match="count"):
        tracker().foe_numbers("rock_goblin", {"count": 0}, SHEETS)
    with pytest.raises(ParameterError, match="hp"):  # below the Foe Maker's floor
        tracker().foe_numbers("rock_goblin", {"hp": foes_file().clamps["hp"] - 1}, SHEETS)


def test_the_numbers_model_follows_the_data() -> None:
    assert get_args(Category) == tuple(c.id for c in foes.categories())
    assert get_args(TerrainKind) == KINDS
    assert Numbers.model_fields["hp"].metadata[0].ge == foes_file().clamps["hp"]
    schema = Numbers.model_json_schema()["properties"]
    assert {name for name, prop in schema.items() if prop.get("x-derives")} == {"category", "adjust", "missile"}


# -- places, names, sides --------------------------------------------------------------------------------
def test_the_copies_stand_two_paces_apart_on_free_spots() -> None:
    near = Entry("Thurid", "heroes", sheet=THURID, at=(6, 0))  # on the second goblin's spot
    people = setup(heroes()[0], near, goblins(3, at=(4, 0)))["combatants"]
    assert [(p["name"], p["at"]) for p in people] == [
        ("Ragnar", [0, 0]), ("Thurid", [6, 0]),
        ("Rock Goblin 1", [4, 0]), ("Rock Goblin 2", [8, 0]), ("Rock Goblin 3", [10, 0]),
    ]  # fmt: skip


def test_two_on_one_spot_or_a_place_between_paces_is_refused() -> None:
    with pytest.raises(ParameterError, match="two combatants cannot stand on the same spot"):
        setup(*heroes(), goblins(at=(0, 2)))
    with pytest.raises(ParameterError, match="whole paces"):
        setup(*heroes(), goblins(at=(4.5, 0)))


def test_rows_of_one_name_are_numbered_on_and_the_keys_follow() -> None:
    made = tracker().lineup_setup([*heroes(), goblins(2), goblins(1, at=(4, 6))], {})
    assert made.keys[2:] == (("Rock Goblin 1", "Rock Goblin 2"), ("Rock Goblin 3",))
    state = tracker().start(tracker().parse_setup(made.setup), None)
    assert set(tracker().combatants(state)) == {k for row in made.keys for k in row}


def test_a_row_must_be_a_hero_or_a_foe_on_a_known_side_and_the_fight_has_a_cap() -> None:
    with pytest.raises(ParameterError, match="either a hero with his sheet or a foe"):
        tracker().lineup_setup([Entry("Nobody", "heroes")], {})
    with pytest.raises(ParameterError, match="Ragnar fights on the heroes' side or the foes'"):
        tracker().lineup_setup([Entry("Ragnar", "trolls", sheet=RAGNAR)], {})
    with pytest.raises(ParameterError, match="at most 40 combatants, not 41"):
        tracker().lineup_setup([*heroes(), goblins(39)], {})


# -- terrain rows ----------------------------------------------------------------------------------------
def test_terrain_rows_become_the_setups_areas() -> None:
    rows = [
        {"kind": "slope", "x0": -6, "y0": -6, "x1": -1, "y1": 6, "dx": -1, "dy": 0},
        {"kind": "level", "x0": 10, "y0": 8, "x1": 12, "y1": 10, "height": 10},
        {"kind": "damaging", "x0": 0, "y0": 8, "x1": 2, "y1": 10, "dam": 5},
        {"kind": "exit", "name": "Gate", "x0": -10, "y0": -1, "x1": -9, "y1": 1, "per_round": 2},
    ]
    assert setup(*heroes(), goblins(), terrain=rows)["terrain"] == [
        {"kind": "slope", "area": [-6, -6, -1, 6], "up": [-1, 0]},
        {"kind": "level", "area": [10, 8, 12, 10], "height": 10},
        {"kind": "damaging", "area": [0, 8, 2, 10], "dam": 5},
        {"kind": "exit", "name": "Gate", "area": [-10, -1, -9, 1], "per_round": 2},
    ]
    refused = {
        "which way runs uphill": {**rows[0], "dx": 0},
        "only a slope runs uphill": {**SLIPPERY, "dy": 1},
        "only one, has a Dam rating": {**SLIPPERY, "dam": 3},
        "not below its 'From x'": {**SLIPPERY, "x1": 2},
        "only a level has a height": {**SLIPPERY, "height": 5},
        "only an exit": {**SLIPPERY, "per_round": 1},
    }
    for reason, row in refused.items():
        with pytest.raises(ParameterError, match=reason):
            setup(*heroes(), goblins(), terrain=[row])


# -- words -----------------------------------------------------------------------------------------------
def _titles(model: type[RulesModel]) -> list[str]:
    found: list[str] = []
    for field in model.model_fields.values():
        found += [t for t in (field.title, field.description) if t]
    return found


def test_every_title_and_choice_has_spanish() -> None:
    es = words_for("es", "rune")
    for text in [*_titles(Numbers), *_titles(Area), *_titles(Extras)]:
        assert es.knows(text), text
    label = tracker().choice_label
    choices = [("category", c) for c in get_args(Category)] + [("missile", m) for m in ("none", "bow", "crossbow")]
    choices += [("terrain.kind", k) for k in KINDS]
    for field, value in choices:
        english, spanish = choice(field, value, words_for("en", "rune"), label), choice(field, value, es, label)
        assert "_" not in english and spanish, (field, value)
        assert es.knows(label(field, value, Words("en", es.packages)) or ""), (field, value)
    assert choice("category", "terrifying", es, label) == "Aterrador"
    lineup = the_lineup("es")
    for kind, foe in zip(lineup.foes, foes.foe_types(), strict=True):
        assert es.knows(foe.label) and es.knows(foe.family), foe.id
        assert kind.name == es(foe.label)
    rock = next(k for k in lineup.foes if k.id == "rock_goblin")
    assert rock.hint == "referencia 3; como mucho Inferior"
    assert lineup.sides == (("heroes", "Héroes"), ("foes", "Enemigos")) and lineup.unit == "pasos"
