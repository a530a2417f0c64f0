"""Midgard's fights set up from lists (issue 13): two created characters and a warband of three rank-2
warriors become a fight the board shows; a foe row's numbers follow its class and rank as Table 15 of
enemies.toml says (read here on its own), a number typed by hand is kept, a kind not offered and a fight of
one side are refused with their reasons; every word of the lineup reads in Spanish."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any

import pytest

from runehall.errors import ParameterError, RulesError
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.lineup import Entry
from runehall.present.refusals import say
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.midgard.combat.build import ID_PATTERN
from runehall.systems.midgard.combat.lineup import Numbers
from runehall.systems.midgard.combat.state import CombatState
from test_midgard_combat_play import ASTRID, ULF

SYSTEM = registry.get("midgard")
TRACKER = SYSTEM.tracker("combat")
OPTIONS = SYSTEM.options()
EN, ES = words_for("en", "midgard"), words_for("es", "midgard")
ENEMIES = tomllib.loads(resources.files("runehall.systems.midgard").joinpath("data", "enemies.toml").read_text("utf-8"))
TABLE = {row["rank"]: row for row in ENEMIES["rank_table"]}


def numbers(kind: str, **given: Any) -> dict[str, Any]:
    found: dict[str, Any] = TRACKER.foe_numbers(kind, given, [ASTRID, ULF], OPTIONS)
    return found


def heroes() -> list[Entry]:
    return [Entry("Astrid", "players", sheet=ASTRID), Entry("Ulf", "players", sheet=ULF)]


def start(entries: list[Entry]) -> tuple[CombatState, tuple[tuple[str, ...], ...]]:
    made = TRACKER.lineup_setup(entries, {}, OPTIONS)
    state: CombatState = TRACKER.start(TRACKER.parse_setup(made.setup), OPTIONS)
    return state, made.keys


def test_the_lineup_offers_the_enemy_classes_and_the_bestiary() -> None:
    lineup = TRACKER.lineup(EN, OPTIONS)
    assert lineup is not None and not lineup.places and lineup.Extras is None
    assert [key for key, _ in lineup.sides] == ["players", "enemies"]  # the build's defaults, the board's keys
    kinds = {k.id: k for k in lineup.foes}
    assert (kinds["thane"].name, kinds["shieldbearer"].name, kinds["warband"].name) == (
        "Thane",
        "Shieldbearer",
        "Warband of warriors",
    )
    assert kinds["warband"].hint == "Rank 1 to 4 · a warband of up to 4 warriors, stronger together"
    creatures = [c["name"] for c in ENEMIES["creature"]]
    for group in ("Thanes", "Shieldbearers", "Warbands"):  # every creature built as each class
        assert [k.name for k in lineup.foes if k.group == group][1:] == creatures
    assert kinds["thane.draugr"].hint.startswith("Thane, rank 1 to 4 · risen Viking dead")
    assert lineup.most == 40


def test_two_created_characters_and_a_warband_of_three_rank_2_warriors_start_a_fight() -> None:
    band = numbers("warband", rank=2, size=3)
    entries = [*heroes(), Entry("Raiders", "enemies", foe="warband", numbers=band)]
    state, keys = start(entries)
    assert keys == (("astrid",), ("ulf",), ("raiders",))
    assert TRACKER.combatants(state) == {"astrid": "Astrid", "ulf": "Ulf", "raiders": "Raiders"}
    raiders = next(c for c in state.combatants if c.id == "raiders")
    assert [m.rank for m in raiders.members] == [2, 2, 2]
    board = TRACKER.board(state, ES, Seat(runs=True))
    cards = {c.key: c for c in board.combatants}
    assert [(c.name, c.side_key, c.side) for c in cards.values()] == [
        ("Astrid", "players", "Jugadores"),
        ("Ulf", "players", "Jugadores"),
        ("Raiders", "enemies", "Enemigos"),
    ]
    # the row showed what the board shows: Table 15's Defence and WS with the size bonus (+2 for three)
    stats = {s.label.split(" (")[0]: s.value for s in cards["raiders"].stats}
    assert (stats["Defence"], stats["Weapon Skill"]) == (str(band["defence"]), str(band["ws"])) == ("5", "3")
    assert cards["raiders"].gauges[0].value == 3


@pytest.mark.parametrize("rank", [1, 2, 3, 4])
def test_numbers_follow_the_rank_table(rank: int) -> None:
    row = TABLE[rank]
    picked = ("defence", "ws", "health", "courage_bonus")
    shieldbearer = numbers("shieldbearer", rank=rank)
    assert {k: shieldbearer[k] for k in picked} == {k: row["shieldbearer"][k] for k in picked}
    lone = numbers("warband", rank=rank, size=1)  # one warrior: no size bonus
    assert {k: lone[k] for k in picked} == {k: row["warrior"][k] for k in picked}
    four = numbers("warband.draugr", rank=rank, size=4)  # +1 a warrior past the first, at equal ranks
    added = set(ENEMIES["warband"]["size_bonus_adds_to"])
    assert {k: four[k] for k in picked} == {k: row["warrior"][k] + (3 if k in added else 0) for k in picked}
    thane = numbers("thane", rank=rank)  # the build's defaults: 1 + rank, rank, 3 + rank, rank
    assert (thane["defence"], thane["ws"], thane["health"], thane["courage_bonus"]) == (
        1 + rank,
        rank,
        3 + rank,
        rank,
    )
    assert thane["size"] == 1  # a size is a warband's only


def test_every_field_comes_back_and_a_typed_number_is_kept() -> None:
    assert numbers("thane") == Numbers.model_validate(numbers("thane")).model_dump()
    assert set(numbers("shieldbearer.jotnar")) == set(Numbers.model_fields)
    kept = numbers("thane.draugr", rank=3, defence=9, weapon="broad_sword", armour="chainmail")
    assert (kept["rank"], kept["defence"], kept["ws"], kept["health"]) == (3, 9, 3, 6)
    assert numbers("warband", rank=3)["size"] == 4  # a warband's size left out: the most there may be
    assert Numbers.model_json_schema()["properties"]["rank"]["x-derives"] is True
    state, keys = start([*heroes(), Entry("Draugr", "enemies", foe="thane.draugr", numbers=kept)])
    draugr = next(c for c in state.combatants if c.id == keys[2][0])
    assert (draugr.name, draugr.kind, draugr.defence, draugr.rank) == ("Draugr", "thane", 9, 3)
    assert [i.weapon for i in draugr.items] == ["broad_sword"]
    assert {loc for a in draugr.armour for loc in a.locations} == {"head", "body", "arms", "legs"}


def test_a_kind_not_offered_is_refused() -> None:
    with pytest.raises(ParameterError, match="no foe of kind 'dragon'"):
        numbers("dragon")
    with pytest.raises(ParameterError, match="no foe of kind 'warrior'"):
        TRACKER.lineup_setup([*heroes(), Entry("W", "enemies", foe="warrior")], {}, OPTIONS)


def test_a_fight_of_one_side_is_refused_with_its_reason() -> None:
    one_side = [*heroes(), Entry("Sb", "players", foe="shieldbearer", numbers=numbers("shieldbearer"))]
    with pytest.raises(ParameterError) as refused:
        TRACKER.lineup_setup(one_side, {}, OPTIONS)
    assert say(refused.value, EN) == "everyone is on one side: a fight needs at least two"
    assert say(refused.value, ES) == "todos están en el mismo bando: un combate necesita al menos dos"


@pytest.mark.parametrize(
    ("kind", "given", "match"),
    [
        ("shieldbearer", {"rank": 2, "defence": 9}, "a Shieldbearer's numbers follow its rank"),
        ("warband", {"rank": 2, "size": 2, "health": 5}, "a warband's numbers follow its rank and size"),
        ("thane", {"weapon": "claws"}, "claws are chosen here for warriors only"),
        ("warband", {"weapon": "bow"}, "fight hand to hand, not with bows"),
    ],
)
def test_what_the_build_would_drop_is_refused_not_lost(kind: str, given: dict[str, Any], match: str) -> None:
    row = Entry("Foe", "enemies", foe=kind, numbers=numbers(kind, **given))  # kept by foe_numbers
    with pytest.raises(RulesError, match=match):
        TRACKER.lineup_setup([*heroes(), row], {}, OPTIONS)


def test_bad_rows_are_refused() -> None:
    with pytest.raises(ParameterError, match="is on no side"):
        TRACKER.lineup_setup([*heroes(), Entry("X", "villains", foe="thane")], {}, OPTIONS)
    with pytest.raises(ParameterError, match="a character or a foe"):
        TRACKER.lineup_setup([*heroes(), Entry("X", "enemies")], {}, OPTIONS)
    with pytest.raises(ParameterError, match="at least two combatants"):
        TRACKER.lineup_setup(heroes()[:1], {}, OPTIONS)
    with pytest.raises(ParameterError, match="rank"):
        numbers("thane", rank=5)
    with pytest.raises(ParameterError, match="weapon"):
        numbers("thane", weapon="laser")


def test_ids_come_from_names_fit_the_pattern_are_unique_and_never_the_gms() -> None:
    band = numbers("warband.haugbui", size=2)

    def foe(name: str) -> Entry:
        return Entry(name, "enemies", foe="warband.haugbui", numbers=band)

    entries = [
        Entry("Ásgeir Þórðarson", "players", sheet=ASTRID),
        Entry("GM", "players", sheet=ULF),
        foe("Haugbúi"),
        foe("haugbui"),
        foe("7 Trolls!"),
    ]
    state, keys = start(entries)
    ids = [k[0] for k in keys]
    assert ids == ["asgeir_thordarson", "gm_2", "haugbui", "haugbui_2", "c_7_trolls"]
    assert all(re.match(ID_PATTERN, i) for i in ids)
    assert [c.name for c in state.combatants] == [e.name for e in entries]


def test_choice_words_titles_and_kinds_read_in_spanish() -> None:
    schema = Numbers.model_json_schema()["properties"]
    for name, prop in schema.items():
        assert ES.knows(prop["title"]) and ES.knows(prop["description"]), name
    for field in ("weapon", "armour"):
        for value in schema[field]["enum"]:
            en, es = TRACKER.choice_label(field, value, EN), TRACKER.choice_label(field, value, ES)
            assert en and es and "_" not in en + es, (field, value)
    assert TRACKER.choice_label("weapon", "broad_sword", ES) == "Espada ancha"
    assert TRACKER.choice_label("armour", "none", ES) == "Sin armadura"
    lineup = TRACKER.lineup(ES, OPTIONS)
    assert lineup is not None
    for c in ENEMIES["creature"]:  # data names and glosses, said through the catalog
        assert ES.knows(c["name"]) and ES.knows(c["gloss"]), c["name"]
    kinds = {k.id: k for k in lineup.foes}
    assert (kinds["warband"].name, kinds["warband"].group) == ("Mesnada de guerreros", "Mesnadas")
    assert kinds["shieldbearer.valkyries"].name == "Valquirias"
    assert kinds["shieldbearer.valkyries"].hint.startswith("Portaescudos, rango 1 a 4 · llevan a los muertos")
    for k in lineup.foes:
        for text in (k.name, k.group, k.hint):
            assert not program_values(text), text
