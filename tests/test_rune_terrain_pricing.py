"""Terrain priced in encounter points (spec 001b §11, §11.16; 001c A-02, A-64): each feature's lines, the caps
on a feature and across an encounter, the three features that earn in a fight, and what is refused."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.data import read_data_file
from runehall.systems.rune.encounters.design import Combat, Encounter
from runehall.systems.rune.encounters.foe_pricing import kind_of
from runehall.systems.rune.encounters.lines import CostLine, totals
from runehall.systems.rune.encounters.pricing_data import terrain_file
from runehall.systems.rune.encounters.terrain import price_terrain, terrain_refusals
from runehall.systems.rune.encounters.terrain_slots import encounter_terrain
from runehall.systems.rune.options import RuneOptions

GOBLINS = [{"id": "g1", "name": "Goblin", "type": "rock_goblin", "threat": "equal"}]  # sees in the dark
TROLLS = [{"id": "t1", "name": "Troll", "type": "troll", "threat": "equal"}]  # needs light


def fight(*terrain: dict[str, Any], foes: list[dict[str, Any]] | None = None, **more: Any) -> Combat:
    return Combat.model_validate({"foes": foes or GOBLINS, "terrain": list(terrain), **more})


def price(feature: dict[str, Any], foes: list[dict[str, Any]] | None = None, **options: Any) -> tuple[CostLine, ...]:
    combat = fight(feature, foes=foes)
    kinds = [k for k in (kind_of(f.type, ()) for f in combat.foes) if k is not None]
    return price_terrain(combat.terrain[0], combat, kinds, RuneOptions(**options))


def eps(feature: dict[str, Any], foes: list[dict[str, Any]] | None = None, **options: Any) -> list[int]:
    return [line.ep for line in price(feature, foes, **options) if line.counted]


def refused(feature: dict[str, Any], foes: list[dict[str, Any]] | None = None, **options: Any) -> list[str]:
    combat = fight(feature, foes=foes)
    pairs = [(f, kind_of(f.type, ())) for f in combat.foes]
    return [r.template for r in terrain_refusals(combat.terrain[0], combat, pairs, RuneOptions(**options))]


# -- each feature -------------------------------------------------------------------------------------
def test_cover_is_base_times_those_sheltered_capped() -> None:  # 001b TV-43, 001c A-64
    assert eps({"id": "c", "kind": "cover", "degree": "half", "shelters": 4}) == [-6 * 4]
    assert eps({"id": "c", "kind": "cover", "degree": "full", "shelters": 4}) == [-36]  # -48 capped
    assert eps({"id": "c", "kind": "cover", "degree": "third", "shelters": 12}) == [-36]
    assert eps({"id": "c", "kind": "cover", "degree": "full", "shelters": 3}) == [-36]  # exactly at the cap


def test_raising_a_cover_jump() -> None:  # 001b TV-41
    lines = price({"id": "c", "kind": "cover", "degree": "full", "shelters": 1, "jump_difficulty": 12})
    assert [line.ep for line in lines] == [-12, 60 - 30]


def test_the_extrapolated_jump_three() -> None:  # 001b A-65
    """One-third cover's standard jump is 3 (cost -30 by extrapolation): raising it to 6 costs 30."""
    lines = price({"id": "c", "kind": "cover", "degree": "third", "shelters": 1, "jump_difficulty": 6})
    assert [line.ep for line in lines] == [-3, 0 - (-30)]
    assert refused({"id": "c", "kind": "cover", "degree": "half", "shelters": 1, "jump_difficulty": 3})
    assert not refused({"id": "c", "kind": "cover", "degree": "third", "shelters": 1, "jump_difficulty": 3})
    assert refused({"id": "c", "kind": "cover", "degree": "half", "shelters": 1, "jump_difficulty": 15})


def test_barriers_and_their_jump() -> None:
    assert eps({"id": "b", "kind": "barrier", "count": 3}) == [-9]
    assert eps({"id": "b", "kind": "barrier", "count": 2, "jump_difficulty": 8}) == [-6, 2 * 20]
    assert eps({"id": "b", "kind": "barrier", "count": 2, "jump_difficulty": 8}, barrier_jump_priced="per_feature") == [
        -6,
        20,
    ]


def test_damaging_place() -> None:  # 001b TV-44, A-67, A-68
    assert eps({"id": "d", "kind": "damaging_place", "dam": 25}) == [-30]
    assert eps({"id": "d", "kind": "damaging_place", "dam": 25, "expanding": "5", "bait_rounds": 3}) == [-30, -10, 20]
    assert sum(eps({"id": "d", "kind": "damaging_place", "dam": 25, "expanding": "5"})) == -40
    assert eps({"id": "d", "kind": "damaging_place", "dam": 20, "bait_rounds": 2}) == [-20, 10]
    assert eps({"id": "d", "kind": "damaging_place", "dam": 30, "bait_rounds": 1}) == [-20]  # entering is enough
    assert eps({"id": "d", "kind": "damaging_place", "dam": 15}) == []
    assert refused({"id": "d", "kind": "damaging_place", "dam": 15})
    assert eps({"id": "d", "kind": "damaging_place", "dam": 15}, damaging_place_other_dam="nearest_lower") == [-10]
    assert not refused({"id": "d", "kind": "damaging_place", "dam": 15}, damaging_place_other_dam="nearest_lower")
    assert refused({"id": "d", "kind": "damaging_place", "dam": 5}, damaging_place_other_dam="nearest_lower")
    assert refused({"id": "d", "kind": "damaging_place", "dam": 20, "bait_rounds": 4})


def test_vision_by_the_foes_night_vision() -> None:  # 001b A-71
    for kind, size in (("darkness", 10), ("gloom", 5), ("torch_proof", 10)):
        assert eps({"id": "v", "kind": kind}, GOBLINS) == [size]
        assert eps({"id": "v", "kind": kind}, TROLLS) == [-size]
        assert eps({"id": "v", "kind": kind}, GOBLINS + TROLLS) == [size]  # any foe who sees costs
    assert eps({"id": "o", "kind": "obscurant", "penalty": 2}, TROLLS) == [-10]
    assert eps({"id": "o", "kind": "obscurant", "penalty": 3}, GOBLINS) == [15]


def test_weird_magic() -> None:  # 001b TV-45
    def magic(*adjust: tuple[str, int, str], **more: Any) -> dict[str, Any]:
        listed = [{"target": t, "delta": d, "side": s} for t, d, s in adjust]
        return {"id": "w", "kind": "weird_magic", "adjustments": listed, **more}

    assert eps(magic(("atk", 2, "foes"))) == [20]
    assert eps(magic(("dfn", 1, "heroes"))) == [-10]
    assert eps(magic(("atk", -1, "heroes"), ("soak", -1, "both"))) == [10, -10]  # never netted
    assert refused(magic(("atk", 1, "foes"), ("dfn", 1, "foes")))
    assert refused(magic(("init", 1, "both")))
    assert not refused(magic(("init", 1, "heroes")))
    assert refused(magic(("atk", -2, "both"), ("soak", -2, "both")))  # four points
    shaman = [{"id": "s", "name": "Shaman", "type": "goblin_shaman", "threat": "inferior"}]
    assert eps(magic(("atk", 2, "foes"), source="shaman_chant"), shaman) == [10]
    assert eps(magic(("atk", 2, "foes"), source="shaman_brazier"), shaman) == [20]
    assert refused(magic(("atk", 2, "foes"), source="shaman_chant"))  # no shaman in the fight
    assert refused(magic(("atk", 2, "heroes"), source="shaman_chant"), shaman)  # helps the heroes


@pytest.mark.parametrize(
    ("kind", "bands"),
    [
        ("slippery", {"less_than_third": 0, "third": -5, "half": -10, "two_thirds": -15, "all": -5}),
        ("uneven", {"less_than_third": -3, "third": -3, "half": -7, "two_thirds": -7, "all": -3}),
    ],
)
def test_ground_bands(kind: str, bands: dict[str, int]) -> None:  # 001b A-73
    for coverage, ep in bands.items():
        assert eps({"id": "g", "kind": kind, "coverage": coverage}) == [ep]


def test_slopes_and_ramps() -> None:
    assert eps({"id": "s", "kind": "slope_area", "coverage": "all"}) == [-15]
    assert eps({"id": "s", "kind": "slope_area", "coverage": "two_thirds"}) == [-20]
    assert refused({"id": "s", "kind": "slope_area", "coverage": "half"})
    assert eps({"id": "r", "kind": "slope_ramp", "count": 6, "hexes_each": 6}) == [-30]
    assert refused({"id": "r", "kind": "slope_ramp", "count": 2, "hexes_each": 5})


def test_the_rest_of_the_summary() -> None:
    assert eps({"id": "x", "kind": "limited_exits", "mode": "one"}) == [-20]
    assert eps({"id": "x", "kind": "limited_exits", "mode": "two"}) == [-10]
    assert eps({"id": "x", "kind": "limited_exits", "mode": "one_double"}) == [-10]
    assert eps({"id": "m", "kind": "missile_obstruction", "extent": "full"}) == [-10]
    assert eps({"id": "m", "kind": "missile_obstruction", "extent": "half"}) == [-5]
    assert eps({"id": "p", "kind": "missile_penalty", "points": 4}) == [-20]
    assert refused({"id": "p", "kind": "missile_penalty", "points": 5})
    assert eps({"id": "l", "kind": "levels", "count": 2}) == [-10]
    assert eps({"id": "a", "kind": "obscurant_areas", "count": 3}) == [-15]
    assert refused({"id": "c", "kind": "cover", "degree": "half", "shelters": 0})


def test_caps_on_one_feature_keep_the_rest_uncounted() -> None:  # 001b TV-48
    lines = price({"id": "t", "kind": "tube_strikers", "count": 5})
    assert [(line.ep, line.counted) for line in lines] == [(-28, True), (-7, False)]
    assert totals(lines) == (0, 28)
    assert totals(price({"id": "l", "kind": "levels", "count": 5})) == (0, 15)


def test_hostages_need_crafty_captors() -> None:
    held = {"id": "h", "kind": "hostages", "count": 1, "held_by": ["g1"]}
    assert refused(held)  # a rock goblin is headlong
    crafty = [{"id": "g1", "name": "Warrior", "type": "goblin_warrior", "threat": "inferior"}]
    assert not refused(held, crafty)
    assert refused({"id": "h", "kind": "hostages", "count": 1, "held_by": ["nobody"]}, crafty)
    assert refused({"id": "h", "kind": "hostages", "count": 1})  # no crafty foe at all


# -- across the encounter and the three that earn -----------------------------------------------------
def encounter(*fights: Combat) -> Encounter:
    events = [{"id": f"e{i}", "combat": f.model_dump()} for i, f in enumerate(fights)]
    return Encounter.model_validate({"title": "Test", "heroes": 4, "events": events})


def counted_by(lines: tuple[CostLine, ...]) -> dict[str, int]:
    found: dict[str, int] = {}
    for line in lines:
        if line.counted:
            found[line.where] = found.get(line.where, 0) + line.ep
    return found


def test_encounter_caps_across_events() -> None:
    first = fight({"id": "d1", "kind": "decoys", "count": 3}, {"id": "b1", "kind": "barrier", "count": 3})
    more = [{"id": "g2", "name": "Goblin", "type": "rock_goblin", "threat": "equal"}]
    second = fight({"id": "d2", "kind": "decoys", "count": 3}, {"id": "b2", "kind": "barrier", "count": 3}, foes=more)
    lines, problems = encounter_terrain(encounter(first, second), RuneOptions())
    assert not problems
    assert counted_by(lines) == {"d1": -30, "b1": -9, "d2": -10, "b2": -3}
    assert [line.ep for line in lines if not line.counted] == [-20, -6]


def test_fight_caps_over_all_features_of_a_kind() -> None:  # 001b TV-48
    pipes = fight({"id": "p1", "kind": "tube_strikers", "count": 3}, {"id": "p2", "kind": "tube_strikers", "count": 3})
    lines, _ = encounter_terrain(encounter(pipes), RuneOptions())
    assert counted_by(lines) == {"p1": -21, "p2": -7} and totals(lines) == (0, 28)


def test_only_three_earning_features_count() -> None:  # 001b A-61
    terrain = (
        {"id": "cover", "kind": "cover", "degree": "half", "shelters": 2},  # -12
        {"id": "exit", "kind": "limited_exits", "mode": "one"},  # -20
        {"id": "slip", "kind": "slippery", "coverage": "half"},  # -10
        {"id": "lvl", "kind": "levels", "count": 3},  # -15
        {"id": "dark", "kind": "darkness"},  # +10 with goblins: uncapped
    )
    lines, _ = encounter_terrain(encounter(fight(*terrain)), RuneOptions())
    assert counted_by(lines) == {"cover": -12, "exit": -20, "lvl": -15, "dark": 10}
    chosen, problems = encounter_terrain(encounter(fight(*terrain, counted_terrain=["slip", "cover"])), RuneOptions())
    assert counted_by(chosen) == {"cover": -12, "slip": -10, "dark": 10} and not problems
    many = fight(*terrain, counted_terrain=["slip", "cover", "exit", "lvl"])
    _, problems = encounter_terrain(encounter(many), RuneOptions())
    assert [p.where for p in problems] == ["lvl"]
    _, problems = encounter_terrain(encounter(fight(*terrain, counted_terrain=["nothing"])), RuneOptions())
    assert [p.where for p in problems] == ["e0"]


def test_barriers_and_groups_in_the_three() -> None:  # 001c A-02
    terrain = (
        {"id": "b1", "kind": "barrier", "count": 2},
        {"id": "b2", "kind": "barrier", "count": 2},
        {"id": "cover", "kind": "cover", "degree": "full", "shelters": 3},
        {"id": "exit", "kind": "limited_exits", "mode": "one"},
        {"id": "slope", "kind": "slope_area", "coverage": "two_thirds"},
    )
    exempt, _ = encounter_terrain(encounter(fight(*terrain)), RuneOptions())
    assert totals(exempt) == (0, 12 + 36 + 20 + 20)
    slotted, _ = encounter_terrain(encounter(fight(*terrain)), RuneOptions(barriers_use_feature_slots=True))
    assert totals(slotted) == (0, 36 + 20 + 20)  # both barriers are one feature, the smallest
    named, _ = encounter_terrain(
        encounter(fight(*terrain, counted_terrain=["b2", "cover", "exit"])),
        RuneOptions(barriers_use_feature_slots=True),
    )
    assert totals(named) == (0, 12 + 36 + 20)


def test_the_jump_chart_is_the_difficulty_chart() -> None:
    """The jump Difficulties 4-14 cost what the notes rolls' Difficulty chart says (one chart, two files)."""
    rolls = read_data_file("runehall.systems.rune", "encounter_rolls.toml")["difficulty"]["rows"]
    jump = {c.difficulty: c.ep for c in terrain_file().jump.cost}
    assert {row["at"]: row["ep"] for row in rolls} == {d: e for d, e in jump.items() if d >= 4}
    assert jump[3] == jump[4] - (jump[5] - jump[4])  # 3 extrapolated one step down
