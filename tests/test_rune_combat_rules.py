"""The rules of a fight beyond the book's vectors: free attacks drawn by moving, fleeing and reckless moves,
manoeuvres and half actions, weapons, falling, bracing, mounts, holds and nets, revive windows, ammunition,
and the options that change them."""

from __future__ import annotations

from runehall.systems.rune.combat.arithmetic import health_of, revived, steps_after_acting
from runehall.systems.rune.combat.geometry import passes_within, straight
from test_rune_combat import Fight, fighter, hero

BOW = {"weapon": "short_bow", "init": 20, "atk": 2, "dam": 6, "ammo": 1}


def test_passing_an_enemy_draws_his_free_attack() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, sprint=3), fighter("Goblin", (6, 2)), fighter("Orc", (20, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    result = fight.do("move", [5, 5], who="Ragnar", to=[12, 0], kind="full")
    (strike,) = result["free_attacks"]
    assert strike["attacker"] == "Goblin" and strike["kind"] == "free attack (pass)" and strike["dfn"]["score"] == 5
    assert fight.board.entries["Goblin"].steps == (10,)  # a normal free attack costs him nothing


def test_a_careful_strike_costs_the_striker_his_action() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, sprint=3), fighter("Goblin", (6, 2)), fighter("Orc", (20, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    result = fight.do("move", [5, 5], who="Ragnar", to=[12, 0], kind="full", strikes={"Goblin": "careful"})
    strike = result["free_attacks"][0]
    assert strike["dfn"]["score"] == 0 and strike["dfn"]["score_note"] == "careful strike"
    assert fight.board.entries["Goblin"].steps == ()
    assert fight.board.next_up() == ("Orc", 10)


def test_a_careful_strike_needs_an_action_to_give_up() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=0, sprint=3), fighter("Goblin", (6, 2), init=20), fighter("Orc", (20, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    fight.do("pass", who="Goblin")
    fight.do("pass", who="Orc")
    fight.refuse(
        "move", "already acted this round", [5, 5], who="Ragnar", to=[12, 0], kind="full", strikes={"Goblin": "careful"}
    )
    declined = fight.do("move", who="Ragnar", to=[12, 0], kind="full", strikes={"Goblin": "none"})
    assert "free_attacks" in declined and declined["free_attacks"] == []


def test_disengaging_to_attack_another_allows_a_free_careful_strike() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Goblin", (2, 0)), fighter("Orc", (0, 9)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    result = fight.do("attack", [5, 5, 5, 5], who="Ragnar", target="Orc", move_to=[0, 7])
    (strike,) = result["free_attacks"]
    assert strike["kind"] == "free attack (disengage)" and strike["dfn"]["score"] == 0
    assert fight.board.entries["Goblin"].steps == (10,) and result["attack"]["target"] == "Orc"


def test_an_attack_of_opportunity_can_stop_the_attack() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, sprint=1, hp=20),
        fighter("Goblin", (2, 0), atk=40, dam=40),
        fighter("Orc", (0, 9)),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    result = fight.do("attack", [5, 5], who="Ragnar", target="Orc", move_to=[0, 7])
    assert result["attack"] == "none: he fell on the way" and fight.who("Ragnar").health == "dead"
    assert fight.state.slot is None and fight.board.next_up() == ("Goblin", 10)


def test_fleeing_draws_the_engaged_and_the_archers() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, sprint=1),
        fighter("Goblin", (2, 0)),
        fighter("Archer", (0, 30), weapons=[BOW]),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Archer=[5])
    result = fight.do("move", [5, 5, 5], who="Ragnar", to=[-40, 0], kind="flee")
    kinds = sorted(s["kind"] for s in result["free_attacks"])
    assert kinds == ["free attack (flee)", "shot at a fleeing target"]
    shot = next(s for s in result["free_attacks"] if s["weapon"] == "Short Bow")
    assert shot["atk"]["modifiers"] == {"target flees": 6} and shot["ammo_left"] == 0
    assert fight.board.entries["Goblin"].steps == (10,) and fight.board.entries["Archer"].steps == (25, 5)


def test_a_reckless_move_ends_the_round_for_the_mover() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=40, fatigue=2), fighter("Goblin", (10, 2)), fighter("Orc", (40, 5)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    assert fight.board.entries["Ragnar"].steps == (45, 25, 5)
    result = fight.do("move", [5, 5, 4], who="Ragnar", to=[30, 0], kind="reckless")
    assert [s["attacker"] for s in result["free_attacks"]] == ["Goblin"]
    assert result["fatigue"] == {
        "faces": [4],
        "result": 4,
        "bonus": 2,
        "total": 6,
        "success": False,
        "impairment_added": 1,
    }
    assert fight.who("Ragnar").impairment == 1 and fight.board.entries["Ragnar"].steps == ()


def test_withdrawing_helps_in_melee_and_hurts_against_missiles() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20),
        fighter("Goblin", (2, 0)),
        fighter("Archer", (0, 30), weapons=[{**BOW, "init": 1}]),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Archer=[5])
    result = fight.do("move", who="Ragnar", to=[-3, 0], kind="withdraw")
    assert "free_attacks" not in result
    swing = fight.do("attack", [5, 5], who="Goblin", target="Ragnar", move_to=[-1, 0])["attack"]
    assert swing["dfn"]["modifiers"] == {"withdrawing": 3}
    shot = fight.do("attack", [5], who="Archer", target="Ragnar")["attack"]
    assert shot["atk"]["modifiers"] == {"target withdraws": 3}


def test_hold_ground_and_duck_and_weave_last_the_round() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=15), fighter("Goblin", (2, 0), init=10))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="duck_and_weave")
    swing = fight.do("attack", [5, 5], who="Goblin", target="Ragnar")["attack"]
    assert swing["dfn"]["modifiers"] == {"duck and weave": 1}
    fight.next_round(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground")["attack"]
    assert swing["atk"]["modifiers"] == {"hold ground": 1} and fight.who("Ragnar").this_round.maneuver == "hold_ground"


def test_a_manoeuvre_needs_the_weapon_already_in_hand() -> None:
    fight = Fight(
        hero(
            "Ragnar",
            (0, 0),
            init=20,
            weapons=[{"weapon": "dagger", "init": 5, "atk": 5, "dfn": 5, "dam": 5}, BOW],
            ready="short_bow",
        ),
        fighter("Goblin", (2, 0)),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse(
        "attack",
        "weapon already in hand",
        [5, 5],
        who="Ragnar",
        target="Goblin",
        weapon="dagger",
        maneuver="hold_ground",
    )
    readied = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", weapon="dagger")
    assert readied["readied"] == "Dagger" and fight.who("Ragnar").ready == "dagger"


def test_two_half_actions_and_changing_weapons() -> None:
    axe = {"weapon": "hand_axe", "init": 5, "atk": 5, "dfn": 5, "dam": 5}
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, weapons=[axe, {"weapon": "dagger", "init": 5}], belt="dagger"),
        fighter("Goblin", (9, 0)),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    careless = fight.do("change_weapon", who="Ragnar", careless=True)
    assert (
        careless["cost"] == "none"
        and fight.who("Ragnar").ready == "dagger"
        and fight.who("Ragnar").dropped == ("hand_axe",)
    )
    fight.do("change_weapon", who="Ragnar", weapon="hand_axe")
    assert fight.state.slot is not None and fight.state.slot.halves == 1
    fight.do("move", who="Ragnar", to=[0, 3])
    assert fight.state.slot is None and fight.who("Ragnar").ready == "hand_axe" and fight.who("Ragnar").dropped == ()


def test_a_fallen_character_stands_with_a_balance_roll() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, balance=1), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("condition", who="Ragnar", fallen=True)
    fight.refuse("move", "must stand up", who="Ragnar", to=[0, -2])
    tried = fight.do("stand_up", [4], who="Ragnar")
    assert tried["total"] == 5 and not tried["stands"]
    fight.refuse("stand_up", "once", [9], who="Ragnar")
    down = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert down["atk"]["modifiers"] == {"fallen": -4}
    fight.next_round(Ragnar=[5], Goblin=[5])
    assert fight.do("stand_up", [5], who="Ragnar")["stands"] and not fight.who("Ragnar").fallen


def test_a_braced_longshaft_against_a_long_charge() -> None:
    pike = {"weapon": "pike", "init": 5, "atk": 5, "dfn": 5, "dam": 5}
    fight = Fight(hero("Ragnar", (0, 0), init=20, weapons=[pike]), fighter("Goblin", (24, 0), init=25, move_half=22))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5, 5], who="Goblin", target="Ragnar", move_to=[2, 0])["attack"]
    assert swing["atk"]["modifiers"] == {"charging": 3} and swing["dfn"]["modifiers"] == {"braced longshaft": 3}


def test_a_rider_against_a_man_on_foot() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, mounted=True, ride=2), fighter("Goblin", (2, 0)))
    assert fight.who("Ragnar").move_full == 200
    result = fight.do("initiative", [5], who="Ragnar")
    assert result["modifiers"] == {"mounted": 2} and result["total"] == 27
    fight.do("initiative", [5], who="Goblin")
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert swing["atk"]["modifiers"] == {"mounted": 3}


def test_the_static_dfn_table_variant() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0), dfn=4), options={"static_dfn_variant": True}
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5], who="Ragnar", target="Goblin")["attack"]
    assert swing["dfn"]["total"] == 9 and "faces" not in swing["dfn"]


def test_an_incapacitated_defender_has_dfn_score_0() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0), wt=5, dfn=9), fighter("Orc", (9, 9)))
    fight.do("damage", who="Goblin", raw=23)
    assert fight.who("Goblin").health == "incapacitated"
    fight.roll_all(Ragnar=[5], Orc=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert swing["dfn"]["score"] == 0 and swing["dfn"]["score_note"] == "incapacitated"


def test_holding_and_breaking_free() -> None:
    unarmed = {"weapon": "unarmed", "init": 5, "atk": 5, "dfn": 2, "dam": 1}
    goblin = fighter("Goblin", (2, 0), init=20, dfn=3, res=2, unarmed=unarmed)
    fight = Fight(hero("Ragnar", (0, 0), init=40, hold=5, unarmed=unarmed), goblin)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    held = fight.do("restrain", [9, 2, 6], who="Ragnar", target="Goblin", kind="hold", disarm=True)
    assert held["disarmed"] == ["club"] and fight.who("Goblin").ready == "unarmed"
    fight.refuse("attack", "keeping Goblin restrained", [5, 5], who="Ragnar", target="Goblin")
    fight.refuse("move", "keep Goblin restrained", who="Ragnar", to=[0, -3])
    fight.do("maintain", who="Ragnar")
    fight.refuse("attack", "can only try to break free", [5, 5], who="Goblin", target="Ragnar")
    tried = fight.do("break_free", [9], who="Goblin")
    assert tried["difficulty"] == 14 and tried["total"] == 11 and not tried["free"]
    fight.do("release", who="Ragnar")
    assert fight.who("Goblin").restraint is None and fight.who("Ragnar").restraining is None


def test_a_restrainer_who_passes_lets_go() -> None:
    unarmed = {"weapon": "unarmed", "init": 5, "atk": 5, "dfn": 2, "dam": 1}
    fight = Fight(hero("Ragnar", (0, 0), init=40, pin=5, unarmed=unarmed), fighter("Goblin", (2, 0), init=20, dfn=3))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("restrain", [9, 2, 6], who="Ragnar", target="Goblin", kind="pin")
    assert fight.who("Goblin").restraint.kind == "pin"  # type: ignore[union-attr]
    assert fight.do("pass", who="Ragnar")["released"] == "Goblin"


def test_the_revive_window_closes_after_the_healers_first_action() -> None:
    fight = Fight(
        hero("Thurid", (0, 0), init=20, healer=10),
        hero("Eyrbyg", (0, 2), hp=30),
        fighter("Goblin", (9, 9)),
    )
    fight.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    fight.do("damage", who="Eyrbyg", raw=36)
    assert fight.state.windows[0].healers == ("Thurid",)
    fight.do("move", who="Thurid", to=[0, -1], kind="full")
    assert fight.who("Eyrbyg").health == "dead" and fight.state.windows == ()


def test_a_failed_revive_leaves_the_other_healers_their_chance() -> None:
    fight = Fight(
        hero("Thurid", (0, 0), init=20, healer=0),
        hero("Bork", (2, 2), healer=10, gifts=2),
        hero("Eyrbyg", (0, 2), hp=30),
        fighter("Goblin", (9, 9)),
    )
    fight.roll_all(Thurid=[5], Bork=[5], Eyrbyg=[5], Goblin=[5])
    fight.do("damage", who="Eyrbyg", raw=36)
    failed = fight.do("revive", [5], who="Thurid", patient="Eyrbyg")
    assert not failed["success"] and failed["others_may_try"] == ["Bork"]
    fight.refuse("revive", "it is Bork's turn|has passed", [9], who="Thurid", patient="Eyrbyg")
    saved = fight.do("revive", [10, 3], who="Bork", patient="Eyrbyg")
    assert saved["success"] and saved["hp"] == 4 and fight.who("Eyrbyg").health == "active"


def test_a_dying_character_nobody_saves_by_the_end_of_the_next_round_dies() -> None:
    """A54: the window closes at the latest when the round after the blow ends."""
    fight = Fight(
        hero("Thurid", (0, 0), init=0, healer=10),
        hero("Eyrbyg", (0, 2), hp=30),
        fighter("Goblin", (9, 9), init=20),
        options={"revive_window": "end_of_next_round"},
    )
    fight.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    fight.do("damage", who="Eyrbyg", raw=36)
    fight.next_round(Thurid=[5], Goblin=[5])
    assert fight.who("Eyrbyg").health == "dying"  # Thurid's pass did not close it under this option
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    assert fight.do("end_round")["died_unrevived"] == ["Eyrbyg"]
    assert fight.who("Eyrbyg").health == "dead"


def test_the_healers_first_action_passing_ends_the_fight() -> None:
    fight = Fight(hero("Thurid", (0, 0), init=0, healer=10), hero("Eyrbyg", (0, 2), hp=30), fighter("Goblin", (9, 9)))
    fight.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    fight.do("damage", who="Goblin", raw=200)
    fight.do("damage", who="Eyrbyg", raw=36)
    assert fight.board.next_up() == ("Thurid", 5) and fight.who("Eyrbyg").health == "dying"
    fight.do("pass", who="Thurid")  # his first action after the blow goes by: Eyrbyg dies
    assert fight.who("Eyrbyg").health == "dead"
    assert fight.do("end_round")["ended"] == "heroes hold the field"


def test_the_fight_goes_on_while_a_dying_hero_can_be_saved() -> None:
    fight = Fight(
        hero("Thurid", (0, 0), init=0, healer=10), hero("Eyrbyg", (0, 2), hp=30, init=10), fighter("Goblin", (2, 2))
    )
    fight.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    fight.do("damage", who="Eyrbyg", raw=36)
    fight.do("damage", who="Goblin", raw=200)
    assert fight.board.next_up() == ("Thurid", 5)
    fight.do("wait", who="Thurid")
    result = fight.do("end_round")
    assert result["waited_too_long"] == ["Thurid"] and result["next_round"] == 2
    assert fight.who("Eyrbyg").health == "dying" and fight.state.phase == "initiative"
    fight.do("initiative", [5], who="Thurid")
    saved = fight.do("revive", [9], who="Thurid", patient="Eyrbyg")
    assert saved["success"] and saved["healer_roll"]["total"] == 19 and fight.who("Eyrbyg").hp == 4


def test_running_out_of_arrows() -> None:
    fight = Fight(hero("Ragnar", (0, 0), weapons=[{**BOW, "init": 40}]), fighter("Goblin", (20, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    assert fight.do("attack", [5], who="Ragnar", target="Goblin")["attack"]["ammo_left"] == 0
    fight.refuse("attack", "no ammunition left", [5], who="Ragnar", target="Goblin")


def test_a_netted_fighter_pays_for_every_action_even_the_escape() -> None:
    net = {"weapon": "barb_net", "init": 10, "atk": 20, "dfn": 5}
    fight = Fight(hero("Ragnar", (0, 0), weapons=[net]), fighter("Goblin", (2, 0), soak=0, hp=90, escape=5))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    freed = fight.do("break_free", [10, 10, 3], who="Goblin")  # 23 + 5 against 6 + TM 15
    assert freed["free"] and freed["net"]["hp_lost"] == 20 and fight.who("Goblin").restraint is None


def test_a_shield_makes_a_dodge_harder_to_beat() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=40, weapons=[BOW]), fighter("Goblin", (20, 0), shield="kite_shield", dodge=2)
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    shot = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", dodge=True)["attack"]
    assert shot["atk"]["modifiers"] == {"target dodges behind a shield": -4} and shot["dfn"]["total"] == 7


def test_ripostes_can_be_declined_and_chain() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=40, atk=0), fighter("Goblin", (2, 0), dfn=21, atk=0))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    declined = fight.do("attack", [3, 2], who="Ragnar", target="Goblin", ripostes=False)["attack"]
    assert declined["tm"] == -20 and "ripostes" not in declined
    chained = fight.do("attack", [3, 2, 1, 9, 9, 10, 9, 2], who="Ragnar", target="Goblin")["attack"]
    riposte = chained["ripostes"][0]
    assert riposte["atk"]["total"] == -9 and riposte["tm"] == -23  # a botched riposte draws a counter-riposte
    back = riposte["ripostes"][0]
    assert back["attacker"] == "Ragnar" and back["tm"] == -4 and "ripostes" not in back


def test_pure_rules() -> None:
    assert steps_after_acting(20, 1) == () and steps_after_acting(20, 1, keep_exact=True) == (0,)
    assert health_of(-21, 0, "dying", blow=False) == "dying" and health_of(-21, 0, "active", blow=True) == "dead"
    assert revived(-3, 5) == (4, 4) and revived(-3, 2, sets_hp_to_4=False) == (1, 2)
    assert straight(((0, 0), (5, 0), (12, 0))) and not straight(((0, 0), (5, 0), (5, 5)))
    assert passes_within((0, 0), (10, 0), (5, 3), 3) and not passes_within((0, 0), (10, 0), (5, 4), 3)


def test_initiative_is_complete_when_the_last_one_to_roll_leaves() -> None:
    fight = Fight(hero("Ragnar", (0, 0)), fighter("Goblin", (2, 0)), fighter("Coward", (9, 9)))
    fight.roll_all(Ragnar=[5], Goblin=[4])
    assert fight.state.phase == "initiative"
    fight.do("leave", who="Coward")
    assert fight.state.phase == "acting" and fight.board.next_up() == ("Ragnar", 10)
    fight.refuse("leave", "Coward is out of the fight", who="Coward")


def test_a_netted_fighter_who_gives_up_his_action_is_not_hurt() -> None:
    net = {"weapon": "barb_net", "init": 10, "atk": 20, "dfn": 5}
    fight = Fight(hero("Ragnar", (0, 0), weapons=[net]), fighter("Goblin", (2, 0), soak=0, hp=90, escape=5))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    assert "net" not in fight.do("pass", who="Goblin") and fight.who("Goblin").hp == 90
    fight.next_round(Ragnar=[5], Goblin=[5])
    fight.do("pass", who="Ragnar")
    hurt = fight.do("other", who="Goblin", what="curses", cost="full")
    assert hurt["net"]["hp_lost"] == 20 and fight.who("Goblin").hp == 70


def test_a_non_combat_plan_uses_the_non_combat_init() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init_noncombat=2), fighter("Goblin", (2, 0), init=7))
    assert fight.do("initiative", [5], who="Ragnar", plan="non-combat")[("plan")] == "noncombat"
    assert fight.board.entries["Ragnar"].total == 7
    foe = fight.do("initiative", [5], who="Goblin", plan="noncombat")
    assert foe["score"] == 7  # a foe has one INIT score


def test_what_the_table_sees() -> None:
    unarmed = {"weapon": "unarmed", "init": 5, "atk": 5, "dfn": 2, "dam": 1}
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, pin=5, unarmed=unarmed),
        hero("Thurid", (0, 2), init=10),
        fighter("Goblin", (2, 0)),
        hero("Bork", (-2, 0), hp=20, init=1),
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5], Bork=[5])
    fight.do("restrain", [9, 2, 6], who="Ragnar", target="Goblin", kind="pin")
    fight.do("wait", who="Thurid")
    fight.do("damage", who="Bork", raw=25)
    text = fight.log.tracker.render(fight.state)
    assert "Round 1 · acting · Goblin acts at step 10" in text
    assert "order: Goblin 10, Ragnar 5, Thurid (waiting)" in text  # Bork, dying, lost his action
    goblin = "Goblin (foes, supporting) · HP 50/50 · Wounds 0 · active · at (2, 0) · holds club"
    assert f"{goblin} [pin (escape 12) by Ragnar, init 10 (club)]" in text
    assert "restraining Goblin" in text and "dying: Bork (may still be revived by: Ragnar, Thurid)" in text
    seen = fight.log.tracker.view(fight.state)
    assert seen["turn"] == {"who": "Goblin", "step": 10, "halves_spent": 0}
    assert seen["dying"] == [{"patient": "Bork", "round": 1, "healers": ["Ragnar", "Thurid"]}]


def test_a_restrainer_cannot_change_weapons() -> None:
    unarmed = {"weapon": "unarmed", "init": 5, "atk": 5, "dfn": 2, "dam": 1}
    fight = Fight(hero("Ragnar", (0, 0), init=40, pin=5, unarmed=unarmed), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("restrain", [9, 2, 6], who="Ragnar", target="Goblin", kind="pin")
    fight.refuse("change_weapon", "keep his hold or let go", who="Ragnar", weapon="club")


def test_options_for_attacks_of_opportunity() -> None:
    """A39 off: a careful strike at someone disengaging costs the striker his action; A40 off: foes moving
    past heroes draw nothing."""
    options = {"disengage_careful_strike_free": False, "aoo_symmetric": False}
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Goblin", (2, 0)), fighter("Orc", (0, 9)), options=options
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    strike = fight.do("attack", [5, 5, 5, 5], who="Ragnar", target="Orc", move_to=[0, 7])["free_attacks"][0]
    assert strike["dfn"]["score"] == 5 and fight.board.entries["Goblin"].steps == (10,)  # a normal strike by default
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Goblin", (2, 0)), fighter("Orc", (0, 9)), options=options
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    result = fight.do("attack", [5, 5, 5, 5], who="Ragnar", target="Orc", move_to=[0, 7], strikes={"Goblin": "careful"})
    assert result["free_attacks"][0]["dfn"]["score"] == 0 and fight.board.entries["Goblin"].steps == ()
    fight = Fight(hero("Ragnar", (0, 0), init=-20), fighter("Goblin", (6, 2), init=20, sprint=3), options=options)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    assert "free_attacks" not in fight.do("move", who="Goblin", to=[-6, 2], kind="full")
