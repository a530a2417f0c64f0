"""Decoys and hostages as a fight's terrain extras (spec 001b §11.5, §11.6) in Rune's combat tracker: the panic
die at each round's start, the ATK penalty near decoys, downing a decoy, a captor's hostage shield, freeing the
hostage, and the board and the words that show them. Dice are given face by face (ManualSource)."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.lineup import Entry
from runehall.present.words import Words
from runehall.systems.rune.encounters.table_rules import decoy_atk_penalty, decoy_panics, hostage_shield
from runehall.systems.rune.speech.fights import combat_card
from test_rune_board import board
from test_rune_combat import Fight, fighter, hero

DECOYS = [
    {"name": "Ingrid", "kind": "decoy", "at": [2, 2]},
    {"name": "Sigrun", "kind": "decoy", "at": [-3, 2]},
    {"name": "Tove", "kind": "decoy", "at": [40, 40]},
]


class Scene(Fight):
    """A fight whose setup carries decoys and hostages."""

    def __init__(self, *people: dict[str, Any], extras: list[dict[str, Any]], options: dict[str, Any] | None = None):
        setup = {"combatants": list(people), "extras": extras}
        self.log = PlayLog.start("rune", "combat", options or {}, setup)


def decoy_fight(options: dict[str, Any] | None = None) -> Fight:
    fight = Scene(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0), init=5), options=options, extras=DECOYS)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    return fight


def test_the_panic_die_against_the_decoys_on_the_field() -> None:
    """001b TV-46: 3 decoys on the field: a 2 panics one (picked at random), a 5 none."""
    fight = decoy_fight()
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    panic = fight.do("end_round", [2, 1])["extras"]["panic"]
    assert panic["panics"] == decoy_panics(2, 3) and panic["who"] == "Ingrid"
    assert [e.status for e in fight.state.extras] == ["panicked", "calm", "calm"]
    fight.roll_all(Ragnar=[5], Goblin=[5])
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    panic = fight.do("end_round", [5])["extras"]["panic"]
    assert not panic["panics"] and "who" not in panic and not decoy_panics(5, 3)


def test_an_atk_roll_near_decoys_loses_one_a_decoy() -> None:
    """001b TV-46: a hero attacking within 5 paces of 2 decoys: -2 (the third stands far off)."""
    fight = decoy_fight()
    atk = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]["atk"]
    assert atk["modifiers"]["decoys near"] == decoy_atk_penalty(2) == -2


def test_every_decoy_on_the_field_counts_where_the_table_says_so() -> None:
    fight = decoy_fight({"decoy_penalty_scope": "all_on_field"})
    atk = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]["atk"]
    assert atk["modifiers"]["decoys near"] == -3


def test_a_decoy_is_downed_by_an_atk_roll_against_six() -> None:
    fight = decoy_fight()
    result = fight.do("down_decoy", [1, 3], who="Ragnar", decoy="Ingrid")  # a botch: no odd-even die
    assert not result["downed"] and fight.state.extras[0].status == "calm"
    fight.do("pass", who="Goblin")
    result = fight.do("down_decoy", [5, 3], who="Ragnar", decoy="Ingrid")  # 5 + 5 - 2 = 8 vs 6; odd: alive
    assert result["downed"] and result["alive"] and fight.state.extras[0].status == "down"
    assert fight.state.extras[0].by == "Ragnar"


def test_a_decoy_out_of_reach_of_a_melee_weapon_is_refused() -> None:
    fight = decoy_fight()
    fight.refuse("down_decoy", "out of reach", [5, 2], who="Ragnar", decoy="Tove")


def test_the_runner_moves_decoys_a_panicked_one_a_rolled_way() -> None:
    fight = decoy_fight()
    fight.refuse("move_extra", "say where", name="Ingrid")
    fight.do("move_extra", name="Ingrid", to=[9, 9])
    assert fight.state.extras[0].at == (9, 9)
    fight.do("move_extra", name="Tove", off=True)
    assert fight.state.extras[2].status == "off"
    board_ = fight.board
    board_.extras[1] = board_.extras[1].model_copy(update={"status": "panicked"})
    _, result = fight.act_on(board_.freeze(), "move_extra", [1], name="Sigrun")
    assert result["side"] == 1 and result["to"] == [-3, 32]  # 30 paces north


HOSTAGE = [{"name": "Astrid", "kind": "hostage", "captor": "Jarl"}]


def hostage_fight(atk: int, dam: int, *more: dict[str, Any]) -> Fight:
    captor = fighter("Jarl", (2, 0), foe_type="dark_viking", init=1, soak=5, dfn=5, hp=60, res=2)
    fight = Scene(hero("Ragnar", (0, 0), init=20, atk=atk, dam=dam, engagement=4), *more, captor, extras=HOSTAGE)
    fight.roll_all(Ragnar=[5], **{p["name"]: [5] for p in more}, Jarl=[5])
    return fight


def test_a_captor_shields_himself_with_his_hostage() -> None:
    """001b TV-47: Soak 5 becomes 11 against the hero; raw 14: the captor loses 3, the hostage 6 (18 to 12)."""
    fight = hostage_fight(atk=5, dam=14)
    result = fight.do("attack", [5, 5], who="Ragnar", target="Jarl")["attack"]
    expected = hostage_shield(14, 5, 10, 10)
    assert result["raw"] == 14 and result["injury"]["hp_lost"] == expected.captor_loses == 3
    assert result["hostage"]["hostage_lost"] == 6 and result["hostage"]["hostage_hp"] == 12
    assert fight.state.extras[0].hp == 12 and fight.state.extras[0].shields_from == ("Ragnar",)


def test_beating_the_captors_dfn_by_ten_bypasses_the_hostage() -> None:
    """001b TV-47: the captor loses 14 - 5 = 9, the hostage is unharmed."""
    fight = hostage_fight(atk=15, dam=4)
    result = fight.do("attack", [5, 5], who="Ragnar", target="Jarl")["attack"]
    assert result["tm"] == 10 and result["raw"] == 14 and result["injury"]["hp_lost"] == 9
    assert result["hostage"]["bypassed"] and fight.state.extras[0].hp == 18


def test_the_hero_may_choose_not_to_bypass() -> None:
    fight = hostage_fight(atk=15, dam=4)
    result = fight.do("attack", [5, 5], who="Ragnar", target="Jarl", bypass_hostage=False)["attack"]
    assert result["injury"]["hp_lost"] == 3 and fight.state.extras[0].hp == 12


def test_the_hostage_shields_against_two_heroes_at_most() -> None:
    fight = hostage_fight(5, 14, hero("Thurid", (2, 2), init=12, dam=14), hero("Bjorn", (3, -1), init=8, dam=14))
    for who in ("Ragnar", "Thurid", "Bjorn"):
        fight.do("attack", [5, 5], who=who, target="Jarl")
    assert fight.state.extras[0].shields_from == ("Ragnar", "Thurid")
    assert fight.state.extras[0].hp == 18 - 6 - 6


def test_a_hostage_with_4_hp_dies_of_the_6_points_it_takes() -> None:  # 001b TV-68: the hero who slew it
    fight = hostage_fight(5, 14)
    board_ = fight.board
    board_.extras[0] = board_.extras[0].model_copy(update={"hp": 4})
    _, result = fight.act_on(board_.freeze(), "attack", [5, 5], who="Ragnar", target="Jarl")
    assert result["attack"]["hostage"]["hostage_lost"] == 6 and result["attack"]["hostage"]["slain_by"] == "Ragnar"


def test_an_engagement_roll_frees_the_hostage() -> None:  # 001b TV-68: the hero who freed it
    fight = hostage_fight(5, 6)
    result = fight.do("free_hostage", [8, 2], who="Ragnar", captor="Jarl")  # 8 + 4 vs 2 + 2
    assert result["freed"] and result["freed_by"] == "Ragnar"
    astrid = fight.state.extras[0]
    assert astrid.status == "calm" and astrid.captor is None and astrid.by == "Ragnar"
    fight.do("pass", who="Jarl")
    fight.refuse("free_hostage", "holds no hostage", [8, 2], who="Ragnar", captor="Jarl")


def test_a_hostage_runs_loose_once_his_captor_falls() -> None:
    fight = hostage_fight(20, 80)
    fight.do("attack", [5, 5], who="Ragnar", target="Jarl", bypass_hostage=True)
    assert not fight.who("Jarl").active
    fight.do("pass", who="Ragnar")
    result = fight.do("end_round", [9])
    assert result["extras"]["loose"] == ["Astrid"] and fight.state.extras[0].status == "calm"


def test_only_crafty_foes_take_hostages() -> None:
    goblin = fighter("Jarl", (2, 0), foe_type="rock_goblin")
    with pytest.raises(ParameterError, match="crafty"):
        Scene(hero("Ragnar", (0, 0)), goblin, extras=HOSTAGE).state  # noqa: B018


def test_the_board_shows_the_extras_and_offers_their_moves() -> None:
    fight = hostage_fight(5, 6)
    for lang in ("en", "es"):
        view = board(fight, lang=lang)
        assert any(a.kind == "hostage" for a in view.map.areas)  # type: ignore[union-attr]
        (free,) = [m for m in view.moves if m.action == "free_hostage"]
        assert free.targets == ("Jarl",) and not program_values(free.title)
        assert any("Astrid" in n for n in view.notes)
    fight = decoy_fight()
    moves = board(fight, Seat(runs=True)).moves
    assert {m.action for m in moves} >= {"down_decoy", "move_extra"}
    (down,) = [m for m in moves if m.action == "down_decoy"]
    assert down.targets == ("Ingrid",)  # Sigrun stands 3.6 paces off, out of a club's reach


def test_the_extras_are_told_in_words() -> None:
    fight = hostage_fight(5, 14)
    fight.do("attack", [5, 5], who="Ragnar", target="Jarl")
    events = fight.log.to_json()["events"]
    for lang in ("en", "es"):
        card = combat_card("attack", events[-1], Words(lang))
        assert any("Astrid" in r.value for r in card.rows)
        assert all(not program_values(r.value) for r in card.rows)


def test_a_fight_set_up_from_lists_carries_its_decoys_and_hostages() -> None:
    from test_rune_lineup import SHEETS, heroes, tracker

    viking = tracker().foe_numbers("dark_viking", {}, SHEETS)
    crab = {**tracker().foe_numbers("small_land_crab", {}, SHEETS), "self_willed": True}
    entries = [
        *heroes(),
        Entry("Jarl", "foes", foe="dark_viking", numbers=viking, at=(6, 0)),
        Entry("Crab", "foes", foe="small_land_crab", numbers=crab, at=(9, 0)),
    ]
    people = [{"kind": "hostage", "name": "Astrid", "captor": "Jarl"}, {"kind": "decoy", "name": "Ingrid", "x": 4}]
    made = tracker().lineup_setup(entries, {"bystanders": people})
    fight = Fight.__new__(Fight)
    fight.log = PlayLog.start("rune", "combat", {}, made.setup)
    astrid, ingrid = fight.state.extras
    assert (astrid.status, astrid.captor, astrid.hp, ingrid.status, ingrid.at) == ("held", "Jarl", 18, "calm", (4, 0))
    assert fight.who("Crab").self_willed and not fight.who("Jarl").self_willed
    beetle = {**tracker().foe_numbers("beetle_werk", {"category": "inferior"}, SHEETS), "self_willed": True}
    with pytest.raises(ParameterError, match="always Predictable"):
        tracker().lineup_setup([*heroes(), Entry("Werk", "foes", foe="beetle_werk", numbers=beetle)], {})


def test_the_panic_die_counts_every_decoy_placed_where_the_table_says_so() -> None:
    """001b A-69: with two of three decoys gone, a 2 panics nobody by default, the last one if all placed count."""
    for counts, panics in (("on_field", False), ("placed", True)):
        fight = decoy_fight({"decoy_panic_counts": counts})
        fight.do("move_extra", name="Ingrid", off=True)
        fight.do("move_extra", name="Sigrun", off=True)
        while (up := fight.board.next_up()) is not None:
            fight.do("pass", who=up[0])
        panic = fight.do("end_round", [2])["extras"]["panic"]
        assert panic["on_field"] == 1 and panic["panics"] is panics
        assert (fight.state.extras[2].status == "panicked") is panics
