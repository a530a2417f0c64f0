"""Terrain on the map of a fight (data/terrain.toml): the data is checked when it loads, areas are checked in the
setup, and each feature changes the fight -- moves over bad ground, slipping, heavy blows that knock a man down or
send him rolling down a slope, the higher ground, darkness, fog, height against cover, damaging places, limited
exits and jumping barriers."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from runehall.errors import ParameterError
from runehall.systems.data import read_data_file
from runehall.systems.rune.combat.terrain import TerrainFile, terrain
from test_rune_combat import Fight, fighter, hero

BOW = {"weapon": "short_bow", "init": 20, "atk": 2, "dam": 6, "ammo": 5}


def zone(kind: str, area: list[int], **more: Any) -> dict[str, Any]:
    return {"kind": kind, "area": area, **more}


def field(*zones: dict[str, Any], people: list[dict[str, Any]] | None = None, **options: Any) -> Fight:
    """Ragnar (Sprint 1: 10 / 20 paces) and a goblin far off, on the given ground; Ragnar acts first."""
    people = people or [hero("Ragnar", (0, 0), init=20, sprint=1, balance=2), fighter("Goblin", (60, 60))]
    return Fight(*people, options=options, terrain=list(zones))


def start(fight: Fight, **faces: list[int]) -> Fight:
    fight.roll_all(**{c.name: faces.get(c.name, [5]) for c in fight.state.combatants})
    return fight


# -- the data -----------------------------------------------------------------------------------------
def test_the_terrain_data_loads_and_is_checked() -> None:
    data = terrain()
    assert {f.id for f in data.feature} >= {"slippery", "slope", "exit"} and len(data.random_feature) == 12
    raw = read_data_file("runehall.systems.rune", "terrain.toml")
    gap = copy.deepcopy(raw)
    gap["random_feature"][1]["roll"] = [14, 18]
    with pytest.raises(ValidationError, match="gap or overlap"):
        TerrainFile.model_validate(gap)
    lopsided = copy.deepcopy(raw)
    del next(f for f in lopsided["feature"] if f["id"] == "slope")["downhill"]
    with pytest.raises(ValidationError, match="both uphill and downhill"):
        TerrainFile.model_validate(lopsided)
    missing = copy.deepcopy(raw)
    missing["feature"] = [f for f in missing["feature"] if f["id"] != "fog"]
    with pytest.raises(ValidationError, match="exactly"):
        TerrainFile.model_validate(missing)
    dice = copy.deepcopy(raw)
    dice["roll_direction"][2]["faces"] = [7, 9]
    with pytest.raises(ValidationError, match="cover 1 to 10"):
        TerrainFile.model_validate(dice)


@pytest.mark.parametrize(
    ("bad", "match"),
    [
        (zone("quicksand", [0, 0, 5, 5]), "not a kind of terrain"),
        (zone("slippery", [5, 0, 0, 5]), "x0 <= x1"),
        (zone("slope", [0, 0, 5, 5]), "uphill"),
        (zone("slope", [0, 0, 5, 5], up=[0, 0]), "uphill"),
        (zone("damaging", [0, 0, 5, 5]), "Dam rating"),
        (zone("uneven", [0, 0, 5, 5], height=10), "only a level"),
        (zone("fog", [0, 0, 5, 5], per_round=2), "only an exit"),
    ],
)
def test_a_bad_area_is_refused_in_the_setup(bad: dict[str, Any], match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        field(bad)


# -- moving -------------------------------------------------------------------------------------------
def test_slippery_and_uneven_ground_halve_moves() -> None:
    for kind in ("slippery", "uneven"):
        fight = start(field(zone(kind, [5, -5, 40, 5])))
        fight.refuse("move", "over this ground .* costs 25 paces", who="Ragnar", to=[15, 0], kind="full")
        fight.do("move", [9] if kind == "slippery" else None, who="Ragnar", to=[12, 0], kind="full")  # 5 + 7 x 2
    open_ground = start(field())
    open_ground.do("move", who="Ragnar", to=[15, 0], kind="full")


def test_a_slope_halves_moves_uphill_and_doubles_them_downhill() -> None:
    fight = start(field(zone("slope", [-50, -5, 50, 5], up=[1, 0])))
    fight.refuse("move", "costs 24 paces", who="Ragnar", to=[12, 0], kind="full")
    fight.do("move", who="Ragnar", to=[-40, 0], kind="full")  # 40 paces downhill cost 20
    across = start(field(zone("slope", [-50, -50, 50, 50], up=[1, 0])))
    across.refuse("move", "is 21 paces away", who="Ragnar", to=[0, 21], kind="full")


def test_balance_surfaces_and_water_use_their_own_tables() -> None:
    beam = start(field(zone("balance_surface", [-30, -1, 30, 1]), people=[
        hero("Ragnar", (0, 0), init=20, sprint=1, balance_rating=1), fighter("Goblin", (60, 60))]))  # fmt: skip
    beam.refuse("move", "costs 22 paces", who="Ragnar", to=[11, 0], kind="full")  # Balance 1: 10 paces
    beam.do("move", who="Ragnar", to=[10, 0], kind="full")
    swimmer = [hero("Ragnar", (0, 0), init=20, sprint=1, swim_rating=2), fighter("Goblin", (60, 60))]
    choppy = start(field(zone("choppy_water", [-30, -30, 30, 30]), people=swimmer))
    choppy.refuse("move", "at most 20 paces", who="Ragnar", to=[13, 0], kind="full")  # Swim 2: 25 x 1/2 = 12
    choppy.do("move", who="Ragnar", to=[12, 0], kind="full")
    raging = start(field(zone("raging_water", [-30, -30, 30, 30]), people=swimmer))
    raging.refuse("move", "at most 20 paces", who="Ragnar", to=[7, 0], kind="full")  # 25 x 0.25 = 6
    milder = start(field(zone("raging_water", [-30, -30, 30, 30]), people=swimmer, swim_raging_factor=0.75))
    milder.do("move", who="Ragnar", to=[18, 0], kind="full")  # 25 x 0.75 = 18


def test_moving_over_slippery_ground_calls_for_a_balance_roll() -> None:
    fight = start(field(zone("slippery", [-10, -10, 10, 10])))
    result = fight.do("move", [3], who="Ragnar", to=[0, 4], kind="half")
    (slipped,) = result["slips"]
    assert slipped["total"] == 5 and slipped["fell"] and fight.who("Ragnar").fallen
    steady = start(field(zone("slippery", [-10, -10, 10, 10])))
    assert "slips" not in steady.do("move", who="Ragnar", to=[0, 2], kind="half")  # 2 paces: no roll
    kept = steady.do("move", [4], who="Ragnar", to=[0, 5], kind="half")
    assert not kept["slips"][0]["fell"] and not steady.who("Ragnar").fallen  # 4 + 2 = 6


def test_the_paces_moved_over_slippery_ground_add_up_over_one_action() -> None:
    """The book checks slipping per action: two half moves of 2 paces make 4 in the action, and call for the roll."""
    fight = start(field(zone("slippery", [-10, -10, 10, 10])))
    assert "slips" not in fight.do("move", [], who="Ragnar", to=[0, 2], kind="half")
    (slipped,) = fight.do("move", [3], who="Ragnar", to=[0, 4], kind="half")["slips"]
    assert slipped["paces"] == "4" and slipped["total"] == 5 and slipped["fell"] and fight.who("Ragnar").fallen
    diagonal = start(field(zone("slippery", [-10, -10, 10, 10])))
    diagonal.do("move", [], who="Ragnar", to=[1, 1], kind="half")  # 1.41 paces
    (kept,) = diagonal.do("move", [4], who="Ragnar", to=[2, 2], kind="half")["slips"]  # 2.83 in all
    assert kept["paces"] == "2.83" and not kept["fell"]


def test_the_slip_roll_is_made_once_an_action() -> None:
    fight = start(field(zone("slippery", [-10, -10, 10, 10])))
    (kept,) = fight.do("move", [4], who="Ragnar", to=[0, 3], kind="half")["slips"]
    assert kept["paces"] == "3" and not kept["fell"]
    assert "slips" not in fight.do("move", [], who="Ragnar", to=[0, 6], kind="half")  # the same action: no new roll
    fight.next_round(Ragnar=[5], Goblin=[5])  # a new action counts afresh
    assert "slips" not in fight.do("move", [], who="Ragnar", to=[0, 8], kind="half")
    (again,) = fight.do("move", [4], who="Ragnar", to=[0, 9], kind="half")["slips"]
    assert again["paces"] == "3"


def test_only_the_paces_on_slippery_ground_count_towards_a_slip() -> None:
    fight = start(field(zone("slippery", [10, -5, 40, 5])))
    assert "slips" not in fight.do("move", [], who="Ragnar", to=[12, 0], kind="full")  # 10 dry paces, 2 in mud
    further = start(field(zone("slippery", [10, -5, 40, 5])))
    (slipped,) = further.do("move", [4], who="Ragnar", to=[13, 0], kind="full")["slips"]  # 3 in mud
    assert slipped["paces"] == "3"
    out = start(field(zone("slippery", [-2, -5, 0, 5])))  # leaving the mud from its edge: no pace in it
    assert "slips" not in out.do("move", [], who="Ragnar", to=[10, 0], kind="full")


def test_a_free_move_to_intercept_is_judged_on_its_own() -> None:
    """The orc runs to meet a fleer outside any action of his own: his 3 paces of mud are weighed by themselves."""
    people = [hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Goblin", (2, 0)), fighter("Orc", (-20, 10), init=0)]
    fight = start(field(zone("slippery", [-21, 3, -19, 6]), people=people))
    moved = fight.do("move", [9] + [5, 5] * 2, who="Ragnar", to=[-40, 0], kind="flee", intercepts={"Orc": [-20, 3]})
    (slipped,) = moved["slips"]
    assert (slipped["who"], slipped["paces"], slipped["total"], slipped["fell"]) == ("Orc", "3", 12, False)


# -- blows on bad footing -------------------------------------------------------------------------------
def duel_on(kind: str, **more: Any) -> Fight:
    people = [hero("Ragnar", (0, 0), init=20, atk=9, dam=12), fighter("Goblin", (2, 0), dfn=3, hp=90, soak=3)]
    return start(field(zone(kind, [-30, -30, 30, 30], **more), people=people))


def test_a_heavy_blow_on_slippery_ground_can_knock_him_down() -> None:
    fight = duel_on("slippery")
    hit = fight.do("attack", [8, 2, 5], who="Ragnar", target="Goblin")["attack"]  # 17 vs 5: raw 24
    footing = hit["footing"]
    assert (footing["total"], footing["against"], footing["fell"]) == (7, 17, True)  # 5 + 3, less his new Wound
    assert fight.who("Goblin").fallen
    light = duel_on("slippery")
    blow = light.do("attack", [2, 9], who="Ragnar", target="Goblin")["attack"]  # 11 vs 12: a miss
    assert not blow["hit"] and "footing" not in blow


def test_failing_by_more_than_5_on_a_slope_sends_him_rolling() -> None:
    fight = duel_on("slope", up=[-1, 0])  # the goblin stands downhill, east of Ragnar
    hit = fight.do("attack", [8, 2, 3, 5], who="Ragnar", target="Goblin")["attack"]
    assert hit["atk"]["total"] == 19 and hit["footing"]["total"] == 5  # Ragnar uphill: +2; DFN 3 + 3 - 1 Wound
    rolled = hit["footing"]["rolls_down"]
    assert rolled["paces"] == 42 and rolled["turn_degrees"] == 0  # 3 paces a point of the 14 missed; d10 5
    assert rolled["to"] == [30, 0] and rolled["stopped_by"] == "the end of the slope"
    assert fight.who("Goblin").at == (30, 0) and fight.who("Goblin").fallen


# -- the higher ground ---------------------------------------------------------------------------------
def test_a_raised_level_gives_the_high_ground() -> None:
    people = [hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0), init=5)]
    fight = field(zone("level", [-1, -1, 1, 1], height=10), people=people)
    first = fight.do("initiative", [5], who="Ragnar")
    assert first["modifiers"] == {"high_ground": 3} and first["total"] == 28
    fight.do("initiative", [5], who="Goblin")
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert swing["atk"]["modifiers"] == {"high ground": 2}
    fight.next_round(Ragnar=[5], Goblin=[5])
    ruled = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", high_ground="neither")["attack"]
    assert "modifiers" not in ruled["atk"]


def test_a_pit_is_low_ground_for_initiative() -> None:
    fight = field(zone("level", [-1, -1, 1, 1], height=-10))
    assert fight.do("initiative", [5], who="Ragnar")["modifiers"] == {"low_ground": -3}


def test_the_higher_up_a_slope_wins_engagement_rolls_more_easily() -> None:
    people = [hero("Ragnar", (0, 0), init=20, engagement=2), fighter("Goblin", (2, 0), init=5)]
    fight = start(field(zone("slope", [-30, -30, 30, 30], up=[-1, 0]), people=people))
    rolls = fight.do("engagement", [5, 5], who="Ragnar", opponent="Goblin")["rolls"]
    assert rolls[0]["modifiers"] == {"higher ground": 3} and "modifiers" not in rolls[1]


# -- seeing --------------------------------------------------------------------------------------------
def test_darkness_and_gloom_hinder_rolls_unless_a_light_is_near() -> None:
    dark = field(zone("darkness", [-80, -80, 80, 80]))
    assert dark.do("initiative", [5], who="Ragnar")["modifiers"] == {"darkness": -4}
    assert dark.do("initiative", [5], who="Goblin")["modifiers"] == {"darkness": -4}
    torch = [hero("Ragnar", (0, 0), init=20, light=True), fighter("Goblin", (20, 0), night_vision=True)]
    lit = field(zone("darkness", [-50, -50, 50, 50]), people=torch)
    assert "modifiers" not in lit.do("initiative", [5], who="Ragnar")
    assert "modifiers" not in lit.do("initiative", [5], who="Goblin")  # night vision
    people = [hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0))]
    gloom = start(field(zone("gloom", [-50, -50, 50, 50]), people=people))
    swing = gloom.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert swing["atk"]["modifiers"] == {"gloom": -2} and swing["dfn"]["modifiers"] == {"gloom": -2}


def test_fog_obscures_a_target_and_height_beats_cover() -> None:
    people = [hero("Ragnar", (0, 0), init=20, weapons=[BOW]), fighter("Goblin", (30, 0))]
    fog = start(field(zone("fog", [25, -5, 35, 5]), people=people))
    assert fog.do("attack", [5], who="Ragnar", target="Goblin")["attack"]["atk"]["modifiers"] == {"obscured": -3}
    for height, expected in ((20, 0), (-20, -12), (10, -3)):
        high = start(field(zone("level", [-1, -1, 1, 1], height=height), people=people))
        high.do("condition", who="Goblin", cover="half")
        shot = high.do("attack", [5], who="Ragnar", target="Goblin")["attack"]
        assert shot["atk"].get("modifiers", {}).get("half cover", 0) == expected


# -- rounds and exits ----------------------------------------------------------------------------------
def test_standing_in_a_damaging_place_hurts_at_the_end_of_the_round() -> None:
    people = [hero("Ragnar", (0, 0), init=10, fatigue=1), fighter("Goblin", (20, 0))]
    fight = start(field(zone("damaging", [-1, -1, 1, 1], dam=20), people=people))
    fight.do("pass", who="Ragnar")
    fight.do("pass", who="Goblin")
    (burn,) = fight.do("end_round", [2])["damaging_places"]
    assert (burn["total"], burn["raw"], burn["injury"]["hp_lost"]) == (3, 21, 18)  # 20 + (4 - 3), Soak 3
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("move", who="Ragnar", to=[0, 5], kind="full")
    fight.do("pass", who="Goblin")
    assert "damaging_places" not in fight.do("end_round")


LAVA = zone("damaging", [5, -2, 8, 2], dam=20)


def close(fight: Fight, faces: list[int] | None = None) -> dict[str, Any]:
    """Everyone still due passes and the round ends (the faces for any roll it makes)."""
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    return fight.do("end_round", faces)


def in_lava(*zones: dict[str, Any], **options: Any) -> Fight:
    """Ragnar (Sprint 1, Sta bonus 1, Soak 3) at (0, 0) with lava 5 to 8 paces east of him; the goblin far off."""
    people = [hero("Ragnar", (0, 0), init=20, sprint=1, fatigue=1, jump=3), fighter("Goblin", (60, 60))]
    return start(field(*(zones or (LAVA,)), people=people, **options))


def test_running_through_a_damaging_place_and_out_hurts() -> None:
    """The book harms all who enter the area, not only those left standing in it when the round ends."""
    fight = in_lava()
    moved = fight.do("move", [2], who="Ragnar", to=[20, 0], kind="full")
    (burn,) = moved["damaging_places"]
    assert (burn["who"], burn["entered"], burn["dam"], burn["total"], burn["raw"]) == ("Ragnar", True, 20, 3, 21)
    assert burn["injury"]["hp_lost"] == 18 and fight.who("Ragnar").hp == 32  # 20 + (4 - 3), less Soak 3
    assert "damaging_places" not in close(fight)  # he is out of it: nothing more this round
    steady = in_lava()
    (kept,) = steady.do("move", [5], who="Ragnar", to=[20, 0], kind="full")["damaging_places"]
    assert kept["total"] == 6 and "raw" not in kept and steady.who("Ragnar").hp == 50


def test_keeping_clear_of_a_damaging_place_is_safe() -> None:
    fight = in_lava()
    assert "damaging_places" not in fight.do("move", [], who="Ragnar", to=[4, 0], kind="half")  # up to its edge
    assert "damaging_places" not in fight.do("move", [], who="Ragnar", to=[4, 9], kind="half")  # alongside it
    assert "damaging_places" not in close(fight)
    assert fight.who("Ragnar").hp == 50


def test_entering_and_staying_rolls_once_that_round_and_again_each_round_after() -> None:
    fight = in_lava()
    (entered,) = fight.do("move", [5], who="Ragnar", to=[6, 0], kind="full")["damaging_places"]
    assert entered["entered"] and fight.who("Ragnar").this_round.burned
    assert "damaging_places" not in close(fight)  # the same round's exposure: no second roll
    fight.roll_all(Ragnar=[5], Goblin=[5])
    (stayed,) = close(fight, [2])["damaging_places"]
    assert (stayed["who"], stayed["total"], stayed["raw"]) == ("Ragnar", 3, 21) and "entered" not in stayed


def test_leaving_a_damaging_place_is_free() -> None:
    fight = start(field(LAVA, people=[hero("Ragnar", (6, 0), init=20, sprint=1, fatigue=1), fighter("G", (60, 60))]))
    assert "damaging_places" not in fight.do("move", [], who="Ragnar", to=[16, 0], kind="full")
    assert "damaging_places" not in close(fight)


@pytest.mark.parametrize(("exposure", "rolls"), [("once_a_round", 1), ("each_entry", 2)])
def test_going_back_into_a_damaging_place_in_the_same_round(exposure: str, rolls: int) -> None:
    """Through the lava and back again in one action: one round of exposure (default), or two entries."""
    fight = in_lava(damaging_place_exposure=exposure)
    (first,) = fight.do("move", [5], who="Ragnar", to=[10, 0], kind="half")["damaging_places"]
    back = fight.do("move", [5] * (rolls - 1), who="Ragnar", to=[0, 0], kind="half").get("damaging_places", [])
    assert first["entered"] and len(back) == rolls - 1
    assert "damaging_places" not in close(fight)
    strips = (zone("damaging", [3, -2, 4, 2], dam=10), zone("damaging", [8, -2, 9, 2], dam=30))
    two = in_lava(*strips, damaging_place_exposure=exposure)
    crossed = two.do("move", [5] * rolls, who="Ragnar", to=[12, 0], kind="full")["damaging_places"]
    assert [b["dam"] for b in crossed] == [10, 30][:rolls]


def test_a_jump_over_a_damaging_place_harms_only_if_it_lands_there() -> None:
    fight = in_lava(zone("damaging", [2, -1, 3, 1], dam=20))
    over = fight.do("jump", [5], who="Ragnar", to=[4, 0], over="barrier")
    assert over["success"] and "damaging_places" not in over
    short = in_lava(zone("damaging", [2, -1, 3, 1], dam=20))
    (burn,) = short.do("jump", [5, 2], who="Ragnar", to=[2, 0], over="barrier")["damaging_places"]
    assert burn["entered"] and burn["raw"] == 21


def test_a_free_move_to_intercept_through_a_damaging_place_hurts_the_interceptor() -> None:
    people = [
        hero("Ragnar", (0, 0), init=20, sprint=1),
        fighter("Goblin", (2, 0)),
        fighter("Orc", (-20, 10), init=0, res=1),
    ]
    fight = start(field(zone("damaging", [-21, 5, -19, 6], dam=10), people=people))
    moved = fight.do("move", [2] + [5, 5] * 2, who="Ragnar", to=[-40, 0], kind="flee", intercepts={"Orc": [-20, 3]})
    (burn,) = moved["damaging_places"]
    assert (burn["who"], burn["entered"], burn["total"], burn["raw"]) == ("Orc", True, 3, 11)  # Res 1; 10 + (4 - 3)
    assert burn["injury"]["hp_lost"] == 8 and not fight.who("Ragnar").this_round.burned  # he kept clear


def test_being_shoved_into_a_damaging_place_hurts() -> None:
    people = [hero("Ragnar", (0, 0), init=20, engagement=2), fighter("Goblin", (2, 0), init=5)]
    fight = start(field(zone("damaging", [4, -1, 6, 1], dam=20), people=people))
    result = fight.do("engagement", [9, 2, 2], who="Ragnar", opponent="Goblin", shove_to=[5, 0])
    assert result["success"] and fight.who("Goblin").at == (5, 0)
    (burn,) = result["damaging_places"]
    assert (burn["who"], burn["entered"], burn["total"]) == ("Goblin", True, 5) and "raw" not in burn
    assert "damaging_places" not in close(fight)  # he rolled for this round when he went in


def test_rolling_down_a_slope_through_a_damaging_place_hurts() -> None:
    people = [hero("Ragnar", (0, 0), init=20, atk=9, dam=12), fighter("Goblin", (2, 0), dfn=3, hp=90, soak=3)]
    ground = (zone("slope", [-30, -30, 30, 30], up=[-1, 0]), zone("damaging", [10, -1, 12, 1], dam=20))
    fight = start(field(*ground, people=people))
    hit = fight.do("attack", [8, 2, 3, 5, 2], who="Ragnar", target="Goblin")["attack"]
    rolled = hit["footing"]["rolls_down"]
    assert rolled["to"] == [30, 0]
    (burn,) = rolled["damaging_places"]
    assert (burn["who"], burn["entered"], burn["total"]) == ("Goblin", True, 4)  # Res 3 + 2 - 1 for his Wound


def test_a_limited_exit_lets_one_hero_flee_a_round() -> None:
    people = [
        hero("Ragnar", (0, 0), init=10, sprint=1),
        hero("Thurid", (0, 4), init=5, sprint=1),
        fighter("Goblin", (50, 50)),
    ]
    fight = start(field(zone("exit", [-45, -10, -35, 10], name="the tunnel"), people=people))
    result = fight.do("move", who="Ragnar", to=[-40, 0], kind="flee")
    assert result["escaped"] == {"who": "Ragnar", "through": "the tunnel"} and fight.who("Ragnar").health == "gone"
    fight.refuse("move", "1 hero.* through the tunnel", who="Thurid", to=[-40, 4], kind="flee")
    fight.do("pass", who="Thurid")
    fight.do("pass", who="Goblin")
    fight.do("end_round")
    fight.roll_all(Thurid=[5], Goblin=[5])
    assert fight.do("move", who="Thurid", to=[-40, 4], kind="flee")["escaped"]["who"] == "Thurid"


# -- jumping -------------------------------------------------------------------------------------------
def test_jumping_a_barrier() -> None:
    fight = start(field(people=[hero("Ragnar", (0, 0), init=40, jump=3), fighter("Goblin", (60, 60))]))
    missed = fight.do("jump", [2], who="Ragnar", to=[4, 0], over="barrier")  # 5 vs 6
    assert not missed["success"] and fight.who("Ragnar").at == (0, 0)
    made = fight.do("jump", [3], who="Ragnar", to=[4, 0], over="cover_third")  # 6 vs 3
    assert made["success"] and fight.who("Ragnar").at == (4, 0) and made["difficulty"] == 3
    fight.next_round(Ragnar=[5], Goblin=[5])
    paid = fight.do("jump", [9], who="Ragnar", to=[8, 0], over="cover_full", difficulty=12)
    assert (paid["difficulty"], paid["success"]) == (12, True)
    fight.refuse("jump", "at most 8 paces", [5], who="Ragnar", to=[20, 0], over="barrier")
