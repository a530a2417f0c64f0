"""The foe gallery's special rules inside Rune's combat tracker (spec 001b §9): undead that only a wounding blow
kills, heads destroyed, rising again; the land crab's clamp, the beetle-werk running a hero over, the
vegetarian goblin's stun damage, the medic's barb-net. Dice are given face by face (ManualSource)."""

from __future__ import annotations

from typing import Any

from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import Words
from runehall.systems.rune import foes
from runehall.systems.rune.combat.gallery import TYPES
from runehall.systems.rune.encounters.table_rules import (
    barb_net_escape_difficulty,
    death_blow_split,
    dishonored_recovery,
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


# -- the beetle-werk, the vegetarian goblin, the land crab, the medic ------------------------------------
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
