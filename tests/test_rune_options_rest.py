"""The other options of RuneOptions, each at a value other than its default, against the same situation at the
default: hit points and Wound Thresholds above the tables, missiles, ripostes, manoeuvres, holds, severed arms,
standing up, injury, healing and reviving. (Combat options of the issue's list: test_rune_combat_options.py;
outside a fight: test_rune_noncombat.py; creation and gear readings: test_rune_hero.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.base import validate_model
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions
from test_rune_combat import RAGNAR_SHEET, Fight, fighter, hero

BOW = {"weapon": "short_bow", "init": 20, "atk": 2, "dam": 6, "ammo": 5}
UNARMED = {"weapon": "unarmed", "init": 5, "atk": 5, "dfn": 2, "dam": 1}


def sheet(options: RuneOptions, **changes: Any) -> dict[str, Any]:
    values = {"name": "Ragnar", **RAGNAR_SHEET, **changes}
    derived: dict[str, Any] = validate_model(Hero, values, "field", {"options": options}).derived()
    return derived


# -- the hero sheet -------------------------------------------------------------------------------------
def test_hp_and_wt_steps_above_the_tables() -> None:
    """Str + Sta 7 and Sta 5 through Gifts, with HP and WT recomputed: the steps beyond the tables (A8, A9)."""
    gifted = {"modifiers": ["sta:+2:Valor of Tyr"]}
    base = sheet(RuneOptions(recompute_hp_wt_after_creation=True), **gifted)
    assert (base["hp_base"], base["wt"]) == (60 + 4, 18 + 2 * 3)
    other = RuneOptions(recompute_hp_wt_after_creation=True, base_hp_step_above_table=0, wt_step_above_table=2)
    changed = sheet(other, **gifted)
    assert (changed["hp_base"], changed["wt"]) == (60, 18 + 2 * 2)


def test_missile_atk_with_or_without_the_enc_decrease() -> None:
    loaded = {"other_items": {"anvil": 2}}  # Load 8: Loaded, -1
    assert sheet(RuneOptions(), **loaded)["combat"]["short_bow"]["atk"] == -1 + 1 + 0 - 1
    assert sheet(RuneOptions(missile_atk_enc_dec=False), **loaded)["combat"]["short_bow"]["atk"] == 0


# -- missiles -------------------------------------------------------------------------------------------
def shoot(options: dict[str, Any], faces: list[int], **attack: Any) -> dict[str, Any]:
    fight = Fight(
        hero("Ragnar", (0, 0), init=40, weapons=[BOW]),
        fighter("Goblin", (20, 0), dodge=2, init=30),
        fighter("Orc", (22, 0), init=-30),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])  # the goblin at 35, Ragnar (his bow's INIT) at 25
    fight.do("move", who="Goblin", to=[20, 2], kind="half")
    fight.do("pass", who="Goblin")
    shot: dict[str, Any] = fight.do("attack", faces, who="Ragnar", target="Goblin", **attack)["attack"]
    return shot


def test_ammunition_per_shot() -> None:
    assert shoot({}, [5], dodge=False)["ammo_left"] == 4
    assert shoot({"ammo_per_shot": 2}, [5], dodge=False)["ammo_left"] == 3


def test_missile_modifiers_when_the_target_dodges() -> None:
    assert shoot({}, [5, 5], dodge=True)["atk"]["modifiers"] == {"target moved": -6}
    assert "modifiers" not in shoot({"missile_mods_apply_when_dodged": False}, [5, 5], dodge=True)["atk"]


def test_a_dodged_shot_may_stray_where_the_table_says_so() -> None:
    """ATK 9 + 2 = 11 (no target modifiers at this table) reaches 6 but not the dodge's 17: the orc beside the
    goblin takes it."""
    missed = shoot({}, [9, 10, 5], dodge=True)
    assert not missed["hit"] and "stray" not in missed
    stray = shoot({"stray_only_undodged": False, "missile_mods_apply_when_dodged": False}, [9, 10, 5], dodge=True)
    assert not stray["hit"] and stray["stray"]["victim"] == "Orc" and stray["stray"]["tm"] == 11 - 6


def test_fog_of_war_for_missiles_too() -> None:
    def botch(options: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        fight = Fight(
            hero("Ragnar", (0, 0), init=40, weapons=[BOW]),
            hero("Thurid", (1, 0), init=-40),
            fighter("Goblin", (20, 0)),
            options=options,
        )
        fight.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5])
        shot: dict[str, Any] = fight.do("attack", faces, who="Ragnar", target="Goblin")["attack"]
        return shot

    assert "fog_of_war" not in botch({}, [1, 3])
    fog = botch({"fog_of_war_scope": "melee_and_missile"}, [1, 3, 9])["fog_of_war"]
    assert fog["would_hit"] and fog["ally"] == "Thurid"


def test_ripostes_against_any_attack() -> None:
    def wild(options: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        fight = Fight(
            hero("Ragnar", (0, 0), weapons=[{"weapon": "rock", "init": 20, "atk": 2, "dam": 2}], unarmed=UNARMED),
            fighter("Goblin", (3, 0), dodge=30),
            options=options,
        )
        fight.roll_all(Ragnar=[5], Goblin=[5])
        shot: dict[str, Any] = fight.do("attack", faces, who="Ragnar", target="Goblin", dodge=True)["attack"]
        return shot

    plain = wild({}, [5, 5])
    assert plain["tm"] == -28 and "ripostes" not in plain
    assert wild({"riposte_scope": "any_attack"}, [5, 5, 5, 5])["ripostes"][0]["attacker"] == "Goblin"


def test_the_depth_of_ripostes() -> None:
    def chain(options: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        fight = Fight(hero("Ragnar", (0, 0), init=40, atk=0), fighter("Goblin", (2, 0), dfn=21, atk=0), options=options)
        fight.roll_all(Ragnar=[5], Goblin=[5])
        swing: dict[str, Any] = fight.do("attack", faces, who="Ragnar", target="Goblin")["attack"]
        return swing

    faces = [3, 2, 1, 9, 9, 10, 9, 2]
    assert "ripostes" in chain({}, faces)["ripostes"][0]  # the botched riposte draws a counter-riposte
    assert "ripostes" not in chain({"riposte_max_depth": 1}, faces[:5])["ripostes"][0]


# -- the round and its actions --------------------------------------------------------------------------
def test_cutting_in_at_exactly_20() -> None:
    for options, later in (({}, []), ({"delay_exact_step_20": "keeps_action"}, [0])):
        fight = Fight(hero("Ragnar", (0, 0), init=27), fighter("Goblin", (2, 0), init=20), options=options)
        fight.roll_all(Ragnar=[5], Goblin=[5])
        fight.do("wait", who="Ragnar")
        fight.do("attack", [5, 5], who="Goblin", target="Ragnar")
        assert fight.do("cut_in", who="Ragnar", at_step=20)["later_steps"] == later


def test_the_plain_attack_after_a_half_action() -> None:
    def plain(options: dict[str, Any]) -> dict[str, Any]:
        dagger = {"weapon": "dagger", "init": 9, "atk": 5, "dfn": 5, "dam": 4}
        fight = Fight(
            hero(
                "Ragnar", (0, 0), init=20, weapons=[{"weapon": "club", "init": 9, "atk": 5, "dfn": 5, "dam": 6}, dagger]
            ),
            fighter("Goblin", (2, 0)),
            options=options,
        )
        fight.roll_all(Ragnar=[5], Goblin=[5])
        fight.do("change_weapon", who="Ragnar", weapon="dagger")
        swing: dict[str, Any] = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", atk_modifier=2)["attack"]
        return swing

    assert plain({})["atk"]["modifiers"] == {"runner": 2}
    assert "modifiers" not in plain({"half_action_attack_unmodified": "no_modifiers"})["atk"]


def test_two_half_actions_may_be_refused() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (9, 9)), options={"ties_two_half_actions": False})
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("move", who="Ragnar", to=[0, 3], kind="half")
    fight.refuse("move", "not two half actions", who="Ragnar", to=[0, 6], kind="half")


def test_the_fatigue_roll_can_be_left_to_the_runner() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20), fighter("Goblin", (40, 5)), options={"fatigue_rule": "runner_decides"}
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    result = fight.do("move", who="Ragnar", to=[20, 0], kind="reckless")
    assert result["fatigue"] == {"rule": "runner decides"} and fight.who("Ragnar").impairment == 0


def test_a_manoeuvre_for_one_action_only() -> None:
    for options, second in (({}, {"hold ground": 1}), ({"maneuver_duration": "one_action"}, None)):
        fight = Fight(hero("Ragnar", (0, 0), init=30), fighter("Goblin", (2, 0), hp=200), options=options)
        fight.roll_all(Ragnar=[5], Goblin=[5])
        fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground")
        again = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
        assert again["atk"].get("modifiers") == second


@pytest.mark.parametrize(
    ("options", "hero_wins", "foe_wins"),
    [({}, True, False), ({"engagement_zero_vs_nonresisting": "fail"}, False, False),
     ({"engagement_zero_vs_nonresisting": "success"}, True, True)],
)  # fmt: skip
def test_an_engagement_total_of_0_against_someone_who_does_not_push_back(
    options: dict[str, Any], hero_wins: bool, foe_wins: bool
) -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, engagement=-5), fighter("Goblin", (2, 0), engagement=-5),
                  options=options)  # fmt: skip
    fight.roll_all(Ragnar=[5], Goblin=[5])
    assert fight.do("engagement", [5], who="Ragnar", opponent="Goblin", nonresisting=True)["success"] is hero_wins
    fight.do("pass", who="Ragnar")
    assert fight.do("engagement", [5], who="Goblin", opponent="Ragnar", nonresisting=True)["success"] is foe_wins


def test_standing_up_as_the_whole_action() -> None:
    for options, acting in (({}, True), ({"stand_up_timing": "roll_is_the_action"}, False)):
        fight = Fight(hero("Ragnar", (0, 0), init=20, balance=3), fighter("Goblin", (9, 9)), options=options)
        fight.do("condition", who="Ragnar", fallen=True)
        fight.roll_all(Ragnar=[5], Goblin=[5])
        assert fight.do("stand_up", [5], who="Ragnar")["stands"]
        assert (fight.state.slot is not None) is acting  # by default he still acts after the free roll


# -- melee ----------------------------------------------------------------------------------------------
def test_an_incapacitated_defender_under_each_reading() -> None:
    def swing(options: dict[str, Any], faces: list[int]) -> dict[str, Any]:
        fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0), wt=5, dfn=9), fighter("Orc", (9, 9)),
                      options=options)  # fmt: skip
        fight.do("damage", who="Goblin", raw=23)
        fight.roll_all(Ragnar=[5], Orc=[5])
        found: dict[str, Any] = fight.do("attack", faces, who="Ragnar", target="Goblin")["attack"]
        return found

    assert swing({}, [5, 5])["dfn"]["score"] == 0
    assert swing({"incapacitated_dfn": "normal_dfn"}, [5, 5])["dfn"]["score"] == 9
    helpless = swing({"incapacitated_dfn": "automatic_hit"}, [5])
    assert helpless["dfn"]["total"] == 0 and "faces" not in helpless["dfn"]


def test_the_charge_distance() -> None:
    for options, bonus in (({}, {"charging": 3}), ({"charge_min_paces": 20}, None)):
        fight = Fight(hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Goblin", (12, 0)), options=options)
        fight.roll_all(Ragnar=[5], Goblin=[5])
        swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", move_to=[10, 0])["attack"]
        assert swing["atk"].get("modifiers") == bonus


def test_bracing_a_longshaft_needs_no_declaration_unless_the_table_says_so() -> None:
    pike = {"weapon": "pike", "init": 1, "atk": 5, "dfn": 5, "dam": 6}
    for options, dfn in (({}, {"braced longshaft": 3}), ({"brace_automatic": False}, None)):
        fight = Fight(hero("Ragnar", (0, 0), init=40, sprint=3), fighter("Goblin", (22, 0), weapons=[pike]),
                      options=options)  # fmt: skip
        fight.roll_all(Ragnar=[5], Goblin=[5])
        fight.do("move", who="Ragnar", to=[20, 0], kind="full")  # 20 paces this round
        swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
        assert swing["dfn"].get("modifiers") == dfn


def test_berserk_with_or_without_decreases() -> None:
    for options, mods in (({}, {"fallen": -4}), ({"berserk_decreases_apply": False}, None)):
        fight = Fight(hero("Ragnar", (0, 0), init=20, hp=60), fighter("Goblin", (2, 0), hp=200), options=options)
        fight.do("condition", who="Ragnar", fallen=True)
        fight.roll_all(Ragnar=[5], Goblin=[5])
        swing = fight.do("attack", [5, 5, 5, 5], who="Ragnar", target="Goblin", berserk=True, atk_modifier=2)
        assert swing["attack"]["atk"].get("modifiers") == mods


def test_the_ally_between_takes_dam_or_raw_damage() -> None:
    for options, raw in (({}, 6), ({"ally_between_damage": "raw_minus_soak"}, 6 - 1)):
        fight = Fight(hero("Ragnar", (0, 0), init=20), hero("Thurid", (1, 0), init=-20), fighter("Goblin", (2, 0)),
                      options=options)  # fmt: skip
        fight.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5])
        swing = fight.do("attack", [2, 5], who="Ragnar", target="Goblin", ally_between="Thurid")["attack"]
        assert swing["tm"] == -1 and swing["ally_hit"]["raw"] == raw  # 7 vs 10 - 2 (two foes on the goblin)


# -- holds, severed arms --------------------------------------------------------------------------------
def held(options: dict[str, Any]) -> Fight:
    axe = {"weapon": "hand_axe", "init": 1, "atk": 5, "dfn": 5, "dam": 6}
    fight = Fight(
        hero("Ragnar", (0, 0), init=-10, hold=3, weapons=[axe], shield="round_shield"),
        hero("Thurid", (0, 9), init=-20),
        fighter("Goblin", (2, 0), init=20, hold=4, unarmed=UNARMED),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5])
    fight.do("restrain", [9, 2, 6], who="Goblin", target="Ragnar", kind="hold")
    return fight


def test_breaking_free_with_weapon_and_shield() -> None:
    parts = {"Dex + Brawling": 3, "weapon Dfn rating": 2, "shield Dfn rating": 3}
    assert held({}).do("break_free", [5], who="Ragnar")["bonus"] == parts
    alone = held({"break_free_both_dfn": False}).do("break_free", [5], who="Ragnar")["bonus"]
    assert alone == {"Dex + Brawling": 3, "weapon Dfn rating": 2}


def restrained_goblin(options: dict[str, Any]) -> Fight:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, hold=9, unarmed=UNARMED),
        hero("Thurid", (2, 2), init=10, dam=10),
        fighter("Goblin", (2, 0), dfn=5, init=-20),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5])
    fight.do("restrain", [9, 2, 6], who="Ragnar", target="Goblin", kind="hold")
    return fight


def test_halving_the_dfn_of_a_restrained_victim() -> None:
    assert restrained_goblin({}).do("attack", [5, 5], who="Thurid", target="Goblin")["attack"]["dfn"]["score"] == 2
    rounded = restrained_goblin({"halving_rounding": "round_half_up"})
    assert rounded.do("attack", [5, 5], who="Thurid", target="Goblin")["attack"]["dfn"]["score"] == 3


def test_the_restrainer_hit_by_his_allys_miss() -> None:
    for options, lost in (({}, 10 + 10 - 3), ({"restrainer_soak_applies": False}, 10 + 10)):
        swing = restrained_goblin(options).do("attack", [2, 10, 5], who="Thurid", target="Goblin")["attack"]
        assert swing["restrainer_hit"]["injury"]["hp_lost"] == lost  # DAM 10 + the miss (7 vs 2 + 15)


def sever(weapon: dict[str, Any], options: dict[str, Any], faces: list[int], at: int = 2) -> Fight:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, weapons=[weapon]),
        fighter("Goblin", (at, 0), wt=9, soak=0, res=3, atk=7, hp=90),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", faces, who="Ragnar", target="Goblin", sever=True)
    return fight


AXE = {"weapon": "hand_axe", "init": 5, "atk": 5, "dfn": 5, "dam": 18}


def test_a_maimed_foe_flees_or_fights_on() -> None:
    assert sever(AXE, {}, [5, 5, 7, 2]).who("Goblin").health == "gone"  # odd d10, Res 3 + 2 < 6
    stays = sever(AXE, {"foe_flee_after_sever": "never_flee"}, [5, 5, 7])
    assert stays.who("Goblin").severed and stays.who("Goblin").active


def test_the_off_hand_penalty_on_top_of_the_halving() -> None:
    for options, atk in (({}, 3), ({"sever_offhand_penalty_stacks": True}, 0)):
        fight = sever(AXE, {"foe_flee_after_sever": "never_flee", **options}, [5, 5, 7])
        fight.do("change_weapon", who="Goblin", weapon="club")
        swing = fight.do("attack", [5, 5], who="Goblin", target="Ragnar")["attack"]
        assert swing["atk"]["score"] == atk  # ATK 7 halved (3), then -3 where the option stacks it


def test_a_thrown_axe_may_or_may_not_sever() -> None:
    thrown = {"weapon": "throwing_axe", "init": 5, "atk": 5, "dam": 18, "dam_rating": 4}
    assert sever(thrown, {}, [5, 7, 2], at=4).who("Goblin").severed  # a hit (10 vs 6), odd d10, Res fails
    kept = sever(thrown, {"sever_with_thrown_axe": False}, [5], at=4)
    assert not kept.who("Goblin").severed


# -- injury, healing, reviving --------------------------------------------------------------------------
def test_foes_may_die_at_once() -> None:
    for options, health in (({}, "dying"), ({"foes_use_injury_rules": False}, "dead")):
        fight = Fight(hero("Ragnar", (0, 0)), fighter("Goblin", (2, 0), hp=10, soak=0), fighter("Shaman", (9, 9)),
                      options=options)  # fmt: skip
        fight.do("damage", who="Goblin", raw=12)
        assert fight.who("Goblin").health == health


def test_heroes_start_an_encounter_whole_unless_the_table_says_not() -> None:
    for options, hp in (({}, 50), ({"full_heal_between_encounters": False}, 20)):
        fight = Fight(hero("Ragnar", (0, 0), hp_now=20), fighter("Goblin", (2, 0)), options=options)
        assert fight.who("Ragnar").hp == hp


def test_a_wounded_patient_may_be_refused_hp_healing() -> None:
    def healer(options: dict[str, Any]) -> Fight:
        fight = Fight(hero("Thurid", (0, 0), init=20, healer=5), hero("Bork", (1, 0), wounds=1, hp_now=30),
                      fighter("Goblin", (9, 9)), options=options, new_encounter=False)  # fmt: skip
        fight.roll_all(Thurid=[5], Bork=[5], Goblin=[5])
        return fight

    assert healer({}).do("heal", [5], who="Thurid", patient="Bork", mode="hp")["hp_gained"] == 4 * (1 + 10 - 8)
    healer({"wounded_patient_hp_healing": False}).refuse("heal", "treated for his Wounds", [5], who="Thurid",
                                                         patient="Bork", mode="hp")  # fmt: skip


def test_self_treatment_with_or_without_botches() -> None:
    for options, result in (({}, -4), ({"self_heal_can_botch": False}, 1)):
        fight = Fight(hero("Thurid", (0, 0), init=20, hp_now=20), fighter("Goblin", (9, 9)), options=options,
                      new_encounter=False)  # fmt: skip
        fight.roll_all(Thurid=[5], Goblin=[5])
        faces = [1, 4] if result < 0 else [1]
        assert fight.do("heal", faces, who="Thurid", patient="Thurid")["healer_roll"]["result"] == result


def revive(options: dict[str, Any], raw: int) -> dict[str, Any]:
    fight = Fight(hero("Thurid", (0, 0), init=20, healer=20), hero("Eyrbyg", (1, 0), init=-20, hp=30),
                  fighter("Goblin", (9, 9)), options=options)  # fmt: skip
    fight.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    fight.do("damage", who="Eyrbyg", raw=raw)
    return fight.do("revive", [5], who="Thurid", patient="Eyrbyg")


def test_the_revive_difficulty_with_or_without_the_situation() -> None:
    assert revive({}, 40)["healer_roll"]["difficulty"] == 12 + 3  # in combat
    assert revive({"revive_applies_situation_mods": False}, 40)["healer_roll"]["difficulty"] == 12


def test_a_revive_sets_hp_to_4_or_adds_4() -> None:
    assert revive({}, 40)["hp"] == 4  # from -7 (30 - 37)
    assert revive({"revive_sets_hp_to_4": False}, 40)["hp"] == -7 + 4


def test_the_barb_nets_damage_with_or_without_soak() -> None:
    net = {"weapon": "barb_net", "init": 10, "atk": 20, "dfn": 5}
    for options, lost in (({}, 20 - 5), ({"barb_net_damage_soaked": False}, 20)):
        fight = Fight(hero("Ragnar", (0, 0), weapons=[net]), fighter("Goblin", (2, 0), soak=5, hp=90, escape=0),
                      options=options)  # fmt: skip
        fight.roll_all(Ragnar=[5], Goblin=[5])
        fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
        assert fight.do("break_free", [2], who="Goblin")["net"]["hp_lost"] == lost
