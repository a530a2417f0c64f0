"""The foe gallery's special rules inside Rune's combat tracker (spec 001b §9): undead that only a wounding blow
kills, heads destroyed, rising again; the land crab's clamp, the beetle-werk running a hero over, the
vegetarian goblin's stun damage, the medic's barb-net. Dice are given face by face (ManualSource)."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.errors import RulesError
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import Words
from runehall.systems.rune import foes
from runehall.systems.rune.combat.gallery import TYPES
from runehall.systems.rune.encounters.table_rules import (
    barb_net_escape_difficulty,
    death_blow_split,
    dishonored_recovery,
    tube_striker_throw,
)
from runehall.systems.rune.speech.fights import combat_card
from test_rune_board import board
from test_rune_combat import Fight, fighter, hero


def undead(name: str, at: tuple[int, int], **more: Any) -> dict[str, Any]:
    """A Dishonored given as stats: 10 HP (so Wound Threshold 12), no Soak, no DFN, Res 3."""
    base = {"undead": True, "foe_type": "dishonored", "dfn": 0, "init": 5, "hp": 10, "soak": 0}
    return fighter(name, at, **{**base, **more})


def dropped(**more: Any) -> Fight:
    """Ragnar's blow (ATK 5 + 9 vs DFN 5 + 0: TM 9, DAM 1: raw 10) takes the Dishonored's 10 HP to 0 without
    wounding it (10 < WT 12)."""
    fight = Fight(hero("Ragnar", (0, 0), init=14, atk=9, dam=1), undead("Draugr", (2, 0)), **more)
    fight.roll_all(Ragnar=[5], Draugr=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Draugr")
    return fight


def test_each_gallery_type_named_in_combat_is_a_foe_type_of_the_data() -> None:
    known = {t.id for t in foes.foe_types()}
    assert set(TYPES) <= known and {"dishonored", "sark_amen", "dwarf_medic"} <= known


def test_a_foe_built_by_the_foe_maker_knows_its_type() -> None:
    stats = foes.foe_stats("dishonored", "equal", (5, 5, 5, 5, 3, 40, 3))
    spec = foes.foe_spec("dishonored", "equal", stats, "Draugr")
    fight = Fight(hero("Ragnar", (5, 5)), spec)
    draugr = fight.who("Draugr")
    assert draugr.foe_type == "dishonored" and draugr.undead


def test_a_non_wounding_blow_only_drops_a_dishonored() -> None:
    """001b §9: HP to 0 by a blow below its Wound Threshold: it falls, it is not dead."""
    fight = dropped()
    draugr = fight.who("Draugr")
    assert (draugr.hp, draugr.wounds, draugr.wt) == (0, 0, 12)
    assert draugr.health == "incapacitated" and draugr.undead_down and draugr.dropped_by == "Ragnar"
    assert fight.state.phase == "acting"


def test_a_wounding_blow_to_zero_destroys_a_dishonored() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, atk=9, dam=3), undead("Draugr", (2, 0)))
    fight.roll_all(Ragnar=[5], Draugr=[5])
    result = fight.do("attack", [5, 5], who="Ragnar", target="Draugr")
    injury = result["attack"]["injury"]
    assert injury["hp_lost"] == 12 >= fight.who("Draugr").wt and injury["undead"] == "destroyed"
    assert fight.who("Draugr").health == "dead" and not fight.who("Draugr").undead_down


def test_a_wounding_blow_that_leaves_it_hp_does_not_kill() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, atk=9, dam=6), undead("Draugr", (2, 0), hp=30))
    fight.roll_all(Ragnar=[5], Draugr=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Draugr")
    draugr = fight.who("Draugr")
    assert draugr.active and draugr.hp == 30 - 15 and draugr.wounds == 1 and draugr.wt == 15


def test_destroying_the_head_kills_it_and_names_both_heroes() -> None:
    """001b TV-50: dropped by one hero, finished by another, who split the death blow."""
    fight = Fight(  # two on one: the Dishonored's DFN is 2 lower (ATK 5 + 7 vs DFN 5 - 2: TM 9)
        hero("Ragnar", (0, 0), init=20, atk=7, dam=1), hero("Thurid", (2, 2), init=15), undead("Draugr", (2, 0))
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Draugr=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Draugr")
    result = fight.do("destroy_head", who="Thurid", target="Draugr")
    assert result["finished_by"] == "Thurid" and result["dropped_by"] == "Ragnar" and result["health"] == "dead"
    assert fight.who("Draugr").health == "dead"
    assert fight.board.entries["Thurid"].steps == ()  # it took his action
    assert death_blow_split(20 // 2) == (5, 5)  # Might 20: bonus 10, half each


def test_the_hero_who_dropped_it_may_finish_it_himself() -> None:
    fight = dropped()
    fight.do("end_round", [6])
    fight.roll_all(Ragnar=[5], Draugr=[5])
    fight.refuse("destroy_head", "no undead foe lying down", who="Ragnar", target="Draugr")  # it rose (9 vs 6)
    fight = dropped()
    fight.do("end_round", [2])  # Res 2 + 3 = 5: it stays down
    fight.roll_all(Ragnar=[5])
    result = fight.do("destroy_head", who="Ragnar", target="Draugr")
    assert result["finished_by"] == result["dropped_by"] == "Ragnar"


def test_the_head_is_only_for_a_hero_in_reach_of_a_downed_undead() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, atk=9, dam=1),
        hero("Thurid", (9, 9), init=15),
        undead("Draugr", (2, 0)),
        fighter("Goblin", (3, 3), init=1),
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Draugr=[5], Goblin=[5])
    fight.refuse("destroy_head", "no undead foe lying down", who="Ragnar", target="Draugr")
    fight.refuse("destroy_head", "no undead foe lying down", who="Ragnar", target="Goblin")
    fight.do("attack", [5, 5], who="Ragnar", target="Draugr")
    fight.refuse("destroy_head", "out of reach", who="Thurid", target="Draugr")


def test_a_dishonored_left_down_rises_with_its_margin_and_regains_it_every_round() -> None:
    """001b TV-50: Res total 9 against 6: it stands up with +3 HP, then +3 HP each round until dropped again."""
    fight = dropped()
    result = fight.do("end_round", [6])  # Res 6 + 3 = 9
    (rise,) = result["undead"]
    assert rise["total"] == 9 and rise["rises"] and rise["regains"] == dishonored_recovery(9) == 3
    draugr = fight.who("Draugr")
    assert draugr.active and draugr.hp == 0 + 3 and not draugr.undead_down and draugr.dropped_by is None
    fight.roll_all(Ragnar=[5], Draugr=[5])
    fight.next_round(Ragnar=[5], Draugr=[5])
    assert fight.who("Draugr").hp == 6
    assert fight.state.round == 3


def test_a_risen_dishonored_never_regains_past_its_hit_points() -> None:
    fight = dropped()
    fight.do("end_round", [10, 10, 5])  # a triumph: Res total 28, margin 22, capped at its 10 HP
    assert fight.who("Draugr").hp == 10 and fight.who("Draugr").regains == 22


def test_a_failed_recovery_leaves_it_down_and_the_fight_goes_on() -> None:
    fight = dropped()
    result = fight.do("end_round", [2])
    assert result["undead"][0]["rises"] is False and "ended" not in result
    assert fight.state.phase == "initiative" and fight.who("Draugr").undead_down


def test_the_fight_ends_once_the_undead_is_destroyed() -> None:
    fight = dropped()
    fight.do("end_round", [2])
    fight.roll_all(Ragnar=[5])
    fight.do("destroy_head", who="Ragnar", target="Draugr")
    result = fight.do("end_round")
    assert result["ended"] == "heroes hold the field"


def test_the_undead_rules_are_told_in_words() -> None:
    fight = dropped()
    events = fight.log.to_json()["events"]
    words = Words("en")
    said = combat_card("attack", events[-1], words)
    assert "may rise again" in said.result
    fight.do("end_round", [2])
    fight.roll_all(Ragnar=[5])
    fight.do("destroy_head", who="Ragnar", target="Draugr")
    events = fight.log.to_json()["events"]
    card = combat_card("destroy_head", events[-1], Words("es"))
    assert "Ragnar" in card.action and "Draugr" in card.action
    card = combat_card("end_round", events[-3], words)
    assert any("stays down" in r.value for r in card.rows)


def test_the_board_offers_to_destroy_a_downed_undeads_head() -> None:
    fight = dropped()
    fight.do("end_round", [2])
    fight.roll_all(Ragnar=[5])
    for lang in ("en", "es"):
        view = board(fight, Seat(controls=frozenset({"Ragnar"})), lang)
        (move,) = [m for m in view.moves if m.action == "destroy_head"]
        assert move.targets == ("Draugr",) and move.actor == "Ragnar"
        card = next(c for c in view.combatants if c.key == "Draugr")
        assert len(card.badges) >= 2
        assert not program_values(move.title)
    view = board(fight, Seat(controls=frozenset({"Ragnar"})))
    assert any(b.label == "down, may rise" for c in view.combatants for b in c.badges)
    fight.do("destroy_head", who="Ragnar", target="Draugr")
    assert not [m for m in board(fight).moves if m.action == "destroy_head"]


# -- the beetle-werk, the vegetarian goblin, the land crab, the medic, the wendol ------------------------
def struck_by(kind: str, hp_now: int = 3, **foe: Any) -> Fight:
    """A foe of this gallery type strikes Ragnar first (ATK 5 + 5 vs DFN 5 + 5: TM 0, DAM 6, Soak 3)."""
    fight = Fight(
        hero("Ragnar", (0, 0), hp_now=hp_now, armor="heavy_leather"),
        hero("Thurid", (9, 9), init=1),  # who could revive him
        fighter("Foe", (2, 0), init=20, foe_type=kind, **foe),
        new_encounter=False,
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Foe=[5])
    fight.do("attack", [5, 5], who="Foe", target="Ragnar")
    return fight


def test_a_hero_the_beetle_werk_drops_is_run_over_beyond_revival() -> None:
    """001b §9: brought to 0 HP by a beetle-werk: he cannot be revived by any means."""
    crushed, goblin = struck_by("beetle_werk"), struck_by("rock_goblin")
    assert goblin.who("Ragnar").hp == crushed.who("Ragnar").hp == 0
    assert goblin.who("Ragnar").health == "dying" and "Ragnar" in goblin.state.windows[0].patient
    assert crushed.who("Ragnar").health == "dead" and not crushed.state.windows
    said = combat_card("attack", crushed.log.to_json()["events"][-1], Words("en"))
    assert "run over" in said.result


def test_a_beetle_werk_blow_that_leaves_him_standing_is_an_ordinary_one() -> None:
    assert struck_by("beetle_werk", hp_now=20).who("Ragnar").health == "active"


def test_a_vegetarian_goblins_stun_damage_ignores_armor() -> None:
    """001b §9: stun damage ignores armor: Soak 3 less Heavy Leather's Prot 3 leaves 0."""
    stunned, hit = struck_by("vegetarian_goblin", hp_now=20), struck_by("rock_goblin", hp_now=20)
    soak, prot = stunned.who("Ragnar").soak, stunned.who("Ragnar").armor_prot
    assert (soak, prot) == (3, 3)
    assert stunned.who("Ragnar").hp == 20 - (6 - (soak - prot)) == 14
    assert hit.who("Ragnar").hp == 20 - (6 - soak) == 17
    said = combat_card("attack", stunned.log.to_json()["events"][-1], Words("es"))
    assert len(said.rows) > len(combat_card("attack", hit.log.to_json()["events"][-1], Words("es")).rows)


def crab_fight(atk: int, options: dict[str, Any] | None = None) -> Fight:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, atk=atk, dam=1),
        fighter("Crab", (2, 0), foe_type="large_land_crab", dfn=0, init=5, hp=90),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Crab=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Crab")  # ATK 5 + atk vs DFN 5 + 0
    return fight


def test_a_land_crab_beaten_by_ten_clamps_up_and_makes_no_attacks() -> None:
    """001b §9 and A-56: an ATK total beating its DFN total by 10 or more, whatever the damage."""
    fight = crab_fight(atk=10)
    assert fight.who("Crab").clamped
    fight.refuse("attack", "clamped up", who="Crab", target="Ragnar")
    fight.do("condition", who="Crab", clamped=False)  # the runner opens it again
    fight.do("attack", [5, 5], who="Crab", target="Ragnar")


def test_a_land_crab_beaten_by_nine_stays_open() -> None:
    fight = crab_fight(atk=9)
    assert not fight.who("Crab").clamped
    fight.do("attack", [5, 5], who="Crab", target="Ragnar")


def test_the_clamp_changes_nothing_where_the_table_says_so() -> None:
    fight = crab_fight(atk=10, options={"land_crab_clamp": "no_effect"})
    assert fight.who("Crab").clamped
    fight.do("attack", [5, 5], who="Crab", target="Ragnar")


def medic_fight(options: dict[str, Any] | None = None) -> Fight:
    stats = foes.foe_stats("dwarf_medic", "equal", (5, 5, 5, 5, 3, 40, 3), adjust=False)
    medic = foes.foe_spec("dwarf_medic", "equal", stats, "Medic", at=(2, 0))
    medic["ready"] = "barb_net"
    fight = Fight(hero("Ragnar", (0, 0), dfn=4, armor="heavy_leather", soak=5, escape=2), medic, options=options)
    fight.roll_all(Ragnar=[5], Medic=[9])
    return fight


def test_the_medics_barb_net_wraps_whom_it_hits() -> None:
    """001b TV-49: the netting attack's ATK total 14 against DFN total 9: escape Difficulty 6 + 5 = 11, and every
    action (the escape too) costs 20 damage, Soak applying (A-55)."""
    fight = medic_fight()
    result = fight.do("attack", [9, 5], who="Medic", target="Ragnar")["attack"]
    assert (result["atk"]["total"], result["dfn"]["total"]) == (14, 9)
    assert result["netted"]["escape_difficulty"] == barb_net_escape_difficulty(14, 9) == 11
    assert fight.who("Ragnar").restraint.difficulty == 11  # type: ignore[union-attr]
    escape = fight.do("break_free", [5], who="Ragnar")
    assert escape["difficulty"] == 11 and not escape["free"]
    assert escape["net"]["hp_lost"] == 20 - 5


def test_the_barb_net_ignores_armor_where_the_table_says_so() -> None:
    fight = medic_fight({"barb_net_damage": "armor_ignoring"})
    fight.do("attack", [9, 5], who="Medic", target="Ragnar")
    assert fight.do("break_free", [5], who="Ragnar")["net"]["hp_lost"] == 20 - (5 - 3)


def wendol_fight(distance: int = 31) -> Fight:
    fight = Fight(
        fighter("Wendol", (0, 0), foe_type="wendol", init=20, move_half=30, move_full=60, hp=30),
        hero("Ragnar", (distance, 0), armor="heavy_leather", init=0, atk=9, dam=30, balance=3),
    )
    fight.roll_all(Wendol=[5], Ragnar=[5])
    return fight


def test_a_wendols_charge_lands_on_its_prey() -> None:
    """001b §9 and A-58: its first attack from 30 paces or more: he is down under it, the damage ignores armor."""
    fight = wendol_fight()
    result = fight.do("attack", [5, 5], who="Wendol", target="Ragnar", approach=True, wendol_charge=True)["attack"]
    ragnar = fight.who("Ragnar")
    assert result["hit"] and result["soak"] == ragnar.soak - ragnar.armor_prot == 0
    assert ragnar.fallen and ragnar.under == "Wendol"
    fight.refuse("stand_up", "wendol lies on him", [9], who="Ragnar")
    fight.do("pass", who="Ragnar")
    fight.refuse("attack", "first attack", who="Wendol", target="Ragnar", wendol_charge=True)


def test_a_wendol_charges_only_from_thirty_paces() -> None:
    fight = wendol_fight(distance=20)
    fight.refuse("attack", "30 paces", who="Wendol", target="Ragnar", approach=True, wendol_charge=True)
    fight = Fight(fighter("Troll", (0, 0), init=20, move_half=30), hero("Ragnar", (31, 0), init=0))
    fight.roll_all(Troll=[5], Ragnar=[5])
    fight.refuse("attack", "only a wendol", who="Troll", target="Ragnar", approach=True, wendol_charge=True)


def test_the_hero_who_kills_the_wendol_on_him_crawls_out_in_two_rounds() -> None:
    fight = Fight(
        fighter("Wendol", (0, 0), foe_type="wendol", init=20, move_half=30, move_full=60, hp=30),
        hero("Ragnar", (31, 0), init=0, atk=9, dam=30, balance=3),
        fighter("Goblin", (60, 60), init=0),
    )
    fight.roll_all(Wendol=[5], Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Wendol", target="Ragnar", approach=True, wendol_charge=True)
    fight.do("attack", [9, 2], who="Ragnar", target="Wendol")  # 9 + 9 vs 2 + 5: a kill
    assert fight.who("Wendol").out
    for left in (2, 1):
        result = fight.next_round(Ragnar=[5], Goblin=[5])
        assert fight.who("Ragnar").crawl_rounds == left
        fight.refuse("stand_up", "crawling out", [9], who="Ragnar")
    card = combat_card("end_round", fight.log.to_json()["events"][-3], Words("en"))
    assert any("1 round left" in r.value for r in card.rows) and result
    fight.next_round(Ragnar=[5], Goblin=[5])
    assert fight.do("stand_up", [9], who="Ragnar")["stands"]


def test_a_wendol_that_moves_off_lets_him_rise() -> None:
    fight = wendol_fight()
    fight.do("attack", [5, 5], who="Wendol", target="Ragnar", approach=True, wendol_charge=True)
    fight.do("pass", who="Ragnar")
    fight.do("pass", who="Wendol")
    fight.do("end_round")
    fight.roll_all(Wendol=[5], Ragnar=[5])
    fight.do("move", who="Wendol", to=[20, 10], kind="half", strikes={"Ragnar": "none"})
    fight.do("pass", who="Wendol")
    assert fight.do("stand_up", [9], who="Ragnar")["stands"]


def test_the_board_offers_the_wendols_charge() -> None:
    fight = wendol_fight()
    (move,) = [m for m in board(fight).moves if m.params.get("wendol_charge")]
    assert move.targets == ("Ragnar",) and not program_values(move.title)


# -- the tube-striker (001b §9, §11.13) -------------------------------------------------------------------
AXE = {"weapon": "viking_axe", "init": 0, "atk": 9, "dfn": 6, "dam": 6}


def tube_fight() -> Fight:
    """The tube-striker (ATK 10) acts first; Ragnar (DFN 6, an axe in hand, a dagger too) stands 2 paces off."""
    fight = Fight(
        fighter("Tube", (0, 0), foe_type="tube_striker", init=20, atk=10, dfn=0, move_half=0, move_full=0),
        hero("Ragnar", (2, 0), init=0, weapons=[AXE, {"weapon": "dagger", "init": 0, "atk": 5, "dfn": 2, "dam": 3}]),
    )
    fight.roll_all(Tube=[5], Ragnar=[5])
    return fight


def test_an_even_die_is_a_bite() -> None:
    fight = tube_fight()
    result = fight.do("tube_strike", [4, 5, 5], who="Tube", target="Ragnar")
    assert result["form"] == "bite" and result["attack"]["kind"] == "bite" and result["attack"]["hit"]
    assert fight.who("Ragnar").hp < 50 and fight.who("Ragnar").at == (2, 0)


def test_a_grab_flings_the_hero_four_paces_a_point() -> None:
    """001b TV-48: ATK total 15 vs DFN total 11: a hero flies 4 x 4 = 16 paces (hex side 1: north)."""
    fight = tube_fight()
    result = fight.do("tube_strike", [3, 5, 5, 1, 1], who="Tube", target="Ragnar")
    attack, grab = result["attack"], result["grab"]
    assert result["form"] == "grab" and (attack["atk"]["total"], attack["dfn"]["total"]) == (15, 11)
    assert "injury" not in attack  # a grab does no damage of its own
    assert grab["grabs"] == "hero" and grab["paces"] == tube_striker_throw(15, 11, "hero") == 16
    assert fight.who("Ragnar").at == (2, 16) and grab["lands"] == [2, 16]


def test_a_grab_on_an_even_die_flings_what_he_holds_eight_paces_a_point() -> None:
    fight = tube_fight()
    result = fight.do("tube_strike", [3, 5, 5, 2, 4], who="Tube", target="Ragnar")
    grab = result["grab"]
    assert grab["grabs"] == "object" and grab["paces"] == 32 and grab["side"] == 4
    assert grab["lands"] == [2, -32]  # side 4 faces south
    ragnar = fight.who("Ragnar")
    assert ragnar.ready == "unarmed" and "viking_axe" in ragnar.dropped and ragnar.at == (2, 0)


def test_the_runner_picks_the_object_it_grabs() -> None:
    """001b A-57."""
    fight = tube_fight()
    fight.do("tube_strike", [3, 5, 5, 2, 4], who="Tube", target="Ragnar", object="dagger")
    ragnar = fight.who("Ragnar")
    assert ragnar.ready == "viking_axe" and ragnar.dropped == ("dagger",)


def test_a_missed_grab_seizes_nothing() -> None:
    fight = tube_fight()
    result = fight.do("tube_strike", [3, 1, 2, 9], who="Tube", target="Ragnar")  # 1 is a botch: -2
    assert not result["attack"]["hit"] and "grab" not in result


def test_a_sharp_blow_of_eight_severs_a_tentacle_and_without_them_it_cannot_strike() -> None:
    fight = tube_fight()
    fight.do("pass", who="Tube")
    result = fight.do("attack", [5, 5], who="Ragnar", target="Tube")["attack"]  # 5 + 9 vs 5 + 0: 9 + 6 raw, Soak 3
    assert result["injury"]["hp_lost"] == 12 >= 8 and result["tentacles_left"] == 3
    board = fight.board
    board.update("Tube", tentacles_lost=4)
    with pytest.raises(RulesError, match="no tentacles"):
        fight.act_on(board.freeze(), "tube_strike", [4, 5, 5], who="Tube", target="Ragnar")


def test_a_blunt_blow_severs_nothing() -> None:
    fight = Fight(
        fighter("Tube", (0, 0), foe_type="tube_striker", init=20, hp=90, move_half=0, move_full=0),
        hero("Ragnar", (2, 0), init=0, dam=20),  # a club
    )
    fight.roll_all(Tube=[5], Ragnar=[5])
    fight.do("pass", who="Tube")
    result = fight.do("attack", [5, 5], who="Ragnar", target="Tube")["attack"]
    assert result["injury"]["hp_lost"] >= 8 and "tentacles_left" not in result
    assert fight.who("Tube").tentacles_lost == 0


def test_a_tube_striker_attacks_only_as_its_die_says() -> None:
    fight = tube_fight()
    fight.refuse("attack", "as its die says", [5, 5], who="Tube", target="Ragnar")
    (move,) = [m for m in board(fight).moves if m.action == "tube_strike"]
    assert move.targets == ("Ragnar",)
    events = fight.log.to_json()["events"]
    fight.do("tube_strike", [3, 5, 5, 1, 1], who="Tube", target="Ragnar")
    events = fight.log.to_json()["events"]
    for lang in ("en", "es"):
        card = combat_card("tube_strike", events[-1], Words(lang))
        assert all(not program_values(t) for t in (card.action, card.result, *(r.value for r in card.rows)))
