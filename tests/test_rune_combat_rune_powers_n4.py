"""The Dwarven Hammers' Rune Powers in a fight (spec 001b §2.6, A-27; combat/rune_strike.py): woken with no action
while the hammer is borne and a Great Weapon rating is known; an awake hammer's hurting blow on a target it reaches
asks his Res against that rating - failed, he is a statue (ice or stone), dead, no HP taken and no VP; made, the
blow lands. Which Threat Categories each reaches (work_hammer_max_threat), refusals leaving the fight unchanged,
undo, the card in English and Spanish."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from runehall.present.words import words_for
from runehall.systems.rune.combat.board_view import board_view
from runehall.systems.rune.combat.tracker import ACTIONS
from runehall.systems.rune.encounters.feed import facts
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_rune_powers import GM, notes, wake_moves, weapon

WORK = "rune_power_dwarven_work_hammer"
BATTLE = "rune_power_dwarven_battle_hammer"
ARMS = {WORK: "dwarven_work_hammer", BATTLE: "dwarven_battle_hammer"}


def smith(power: str, level: int = 2, **more: Any) -> dict[str, Any]:
    spec = {"gift_ranks": {power: level}, "weapons": [weapon(ARMS[power], init=9)], "great_weapon": 8, **more}
    return hero("Ragnar", (0, 0), **spec)


def woken(power: str, *foe: dict[str, Any], options: dict[str, Any] | None = None, **more: Any) -> Fight:
    fight = Fight(smith(power, **more), *(foe or (fighter("Goblin", (2, 0)),)), options=options)
    assert wake_moves(fight) == [f"Wake the rune: Rune Power: Dwarven {'Work' if power == WORK else 'Battle'} Hammer"]
    fight.roll_all(Ragnar=[5], Goblin=[5])
    woke = fight.do("use_gift", who="Ragnar", gift=power)
    assert woke["until_round"] == 2 and fight.state.entries[0].steps  # X rounds, no action spent
    return fight


def board_moves(fight: Fight) -> list[Any]:
    view = board_view(fight.state, words_for("en", "rune"), GM, ACTIONS, fight.log.option_values())
    return list(view.moves)


def brute_resists(score: int, difficulty: int) -> Fraction:
    """P(stress roll + score >= difficulty), for a difficulty the die's first face settles (a 10 always reaches it,
    a botch never)."""
    need = difficulty - score
    assert 2 <= need <= 10
    return Fraction(sum(1 for face in range(2, 11) if face >= need), 10)


def test_a_work_hammer_blow_freezes_a_foe_failing_res_no_hp_taken_no_vp_and_undo() -> None:
    fight = woken(WORK)
    before = fight.state
    swing = fight.do("attack", [9, 2, 4], who="Ragnar", target="Goblin")["attack"]
    struck = swing["rune_strike"]
    assert struck["roll"]["total"] == 4 + 3 and struck["roll"]["difficulty"] == 8  # Res 3 against Great Weapon 8
    assert struck["statue"] == "ice" and swing["injury"]["hp_lost"] == 0
    assert Fraction(*struck["resists"]) == brute_resists(3, 8) == Fraction(6, 10)
    goblin = fight.who("Goblin")
    assert goblin.health == "dead" and goblin.hp == 50
    kinds = [f.kind for f in facts(before, fight.state, {"attack": swing})]
    assert "kill" not in kinds and "damage" not in kinds  # no VP for a victim of the hammer
    fight.log.undo()
    assert fight.who("Goblin").health == "active" and fight.state == before


def test_a_foe_making_his_res_takes_the_blow_as_usual() -> None:
    fight = woken(WORK)
    swing = fight.do("attack", [9, 2, 5], who="Ragnar", target="Goblin")["attack"]
    struck = swing["rune_strike"]
    assert struck["roll"]["total"] == 8 and "statue" not in struck  # a tie is made
    assert swing["injury"]["hp_lost"] > 0 and fight.who("Goblin").health == "active"


def test_no_roll_on_a_blow_that_takes_no_hp_nor_with_another_weapon() -> None:
    fight = woken(WORK, fighter("Goblin", (2, 0), soak=40))
    swing = fight.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    assert swing["injury"]["hp_lost"] == 0 and "rune_strike" not in swing
    arms = [weapon("dwarven_work_hammer", init=9), weapon("club")]
    other = woken(WORK, weapons=arms, ready="club")
    swing = other.do("attack", [9, 2], who="Ragnar", target="Goblin", weapon="club")["attack"]
    assert "rune_strike" not in swing and swing["injury"]["hp_lost"] > 0


@pytest.mark.parametrize(
    ("power", "threat", "option", "reached"),
    [
        (BATTLE, "terrifying", None, False),
        (BATTLE, "exceptional", None, True),
        (WORK, "equal", None, True),
        (WORK, "superior", None, False),
        (WORK, "superior", "superior", True),
        (WORK, "inferior", "weak", False),
    ],
)
def test_which_threat_categories_each_hammer_reaches(
    power: str, threat: str, option: str | None, reached: bool
) -> None:
    """The Battle Hammer: all but Terrifying; the Work Hammer: up to work_hammer_max_threat (A-27, Equal)."""
    options = {"work_hammer_max_threat": option} if option else None
    fight = woken(power, fighter("Goblin", (2, 0), threat=threat), options=options)
    swing = fight.do("attack", [9, 2, 2] if reached else [9, 2], who="Ragnar", target="Goblin")["attack"]
    struck = swing["rune_strike"]
    if reached:
        assert struck["statue"] == ("ice" if power == WORK else "stone")
        assert fight.who("Goblin").health == "dead"
    else:
        assert struck["out_of_reach"] == threat and "roll" not in struck and swing["injury"]["hp_lost"] > 0


def test_refusals_leave_the_fight_unchanged_and_the_move_is_offered_only_when_legal() -> None:
    unrated = Fight(smith(WORK, great_weapon=None), fighter("Goblin", (2, 0)))
    assert wake_moves(unrated) == []
    before = unrated.state
    unrated.refuse("use_gift", "no Great Weapon rating given", who="Ragnar", gift=WORK)
    assert unrated.state == before
    bare = Fight(smith(BATTLE, weapons=[weapon("club")]), fighter("Goblin", (2, 0)))
    assert wake_moves(bare) == []
    bare.refuse("use_gift", "bears no Dwarven Battle Hammer", who="Ragnar", gift=BATTLE)
    fight = woken(BATTLE)
    assert wake_moves(fight) == []  # awake: not offered again
    fight.refuse("use_gift", "awake until round 2", who="Ragnar", gift=BATTLE)


def test_the_card_says_the_roll_its_chance_and_the_statue_in_english_and_spanish() -> None:
    fight = woken(BATTLE)
    result = fight.do("attack", [9, 2, 2], who="Ragnar", target="Goblin")
    event = {"params": {"who": "Ragnar", "target": "Goblin"}, "result": result}
    en, es = (combat_card("attack", event, words_for(lang, "rune")) for lang in ("en", "es"))
    said = {r.label: r.value for r in en.rows}
    assert said["Goblin's Res"] == "2 +3 = 5 vs Difficulty 8"
    assert "Goblin turns to stone for good: out of the fight (no VP for him)" in [r.value for r in en.rows]
    assert "chance that Goblin resists: 60%" in [r.value for r in en.rows]
    spanish = " ".join(f"{r.label} {r.value}" for r in es.rows)
    assert "Goblin se convierte en piedra para siempre" in spanish and "turns to" not in spanish
    assert "probabilidad de que Goblin resista: 60" in spanish


# -- the Dwarven Work Sword's lightning (combat/rune_lightning.py; 001b A-28) -------------------------------------
SWORD = "rune_power_dwarven_work_sword"


def sword_fight(level: int = 2, *more: dict[str, Any]) -> Fight:
    bearer = hero("Ragnar", (0, 0), gift_ranks={SWORD: level}, weapons=[weapon("dwarven_work_sword", init=9)],
                  great_weapon=3, per=2)  # fmt: skip
    foes = more or (fighter("Goblin", (5, 0)), fighter("Orc", (0, 8), dfn=7), fighter("Troll", (30, 0), dfn=9))
    return Fight(bearer, *foes)


def stress_table(depth: int = 4) -> dict[int, Fraction]:
    """One stress roll's results by brute force, its open-ended dice followed `depth` deep (a botch: minus E)."""

    def open_end(n: int) -> dict[int, Fraction]:
        found = {j: Fraction(1, 10) for j in range(1, 10)}
        if n:
            for v, p in open_end(n - 1).items():
                found[10 + v] = found.get(10 + v, Fraction(0)) + p / 10
        return found

    e = open_end(depth)
    table = {face: Fraction(1, 10) for face in range(2, 10)}
    for v, p in e.items():
        table[10 + v] = table.get(10 + v, Fraction(0)) + p / 10
        table[-v] = table.get(-v, Fraction(0)) + p / 10
    return table


def test_the_lightning_strikes_every_chosen_foe_on_one_roll_against_the_highest_dfn() -> None:
    fight = sword_fight()
    woke = fight.do("use_gift", who="Ragnar", gift=SWORD)
    assert woke["shots"] == 2 and "until_round" not in woke  # counted in attacks, no action
    assert "Ragnar's Rune Power: Dwarven Work Sword is awake: 2 lightning attacks left" in notes(fight)
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5], Troll=[5])
    calls = [m for m in board_moves(fight) if m.title == "Call the lightning"]
    assert len(calls) == 1 and set(calls[0].targets) == {"Goblin", "Orc"}  # the Troll is 30 paces off (X = 2: 20)
    before = fight.state
    shot = fight.do("use_gift", [9, 5], who="Ragnar", gift=SWORD, target="Goblin", also=["Orc"])["lightning"]
    assert shot["atk"]["total"] == 9 + 2 + 3 + 8 and shot["dfn"]["who"] == "Orc" and shot["dfn"]["total"] == 5 + 7
    assert shot["success"] and [s["who"] for s in shot["struck"]] == ["Goblin", "Orc"]
    for name in ("Goblin", "Orc"):
        assert fight.who(name).hp == 50 - (10 + 12 - 3)  # the margin + 12, less Soak 3
    assert shot["shots_left"] == 1 and not fight.state.entries[0].steps  # an attack: his action is spent
    table = stress_table()
    brute = sum(p * q for x, p in table.items() for y, q in table.items() if x + 13 > y + 7)
    assert abs(float(Fraction(*shot["chance"]) - brute)) < 1e-4
    fight.log.undo()
    assert fight.state == before


def test_a_tie_misses_and_the_last_attack_puts_it_to_sleep() -> None:
    fight = sword_fight(1, fighter("Goblin", (5, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    woke = fight.do("use_gift", [7, 10, 5], who="Ragnar", gift=SWORD, target="Goblin")  # 7 + 13 vs 10 + 5 + 5
    shot = woke["lightning"]
    assert woke["shots"] == 1 and shot["tm"] == 0 and not shot["success"] and "struck" not in shot
    assert fight.who("Goblin").hp == 50 and shot["shots_left"] == 0 and shot["recharge"]["unit"] == "days"
    assert not any(m.action == "use_gift" for m in board_moves(fight))
    before = fight.state
    fight.refuse("use_gift", "sleeps for 3 days", who="Ragnar", gift=SWORD, target="Goblin")
    assert fight.state == before


def test_lightning_refusals_leave_the_fight_unchanged() -> None:
    fight = sword_fight()
    fight.do("use_gift", who="Ragnar", gift=SWORD)
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5], Troll=[5])
    before = fight.state
    for params, match in (
        ({"target": "Troll"}, "within 20 paces"),
        ({"target": "Goblin", "also": ["Goblin"]}, "named twice"),
        ({"target": "Ragnar"}, "within 20 paces"),
        ({}, "name a foe for the lightning"),
    ):
        fight.refuse("use_gift", match, who="Ragnar", gift=SWORD, **params)
        assert fight.state == before
    unrated = Fight(hero("Ragnar", (0, 0), gift_ranks={SWORD: 1}, weapons=[weapon("dwarven_work_sword")]),
                    fighter("Goblin", (5, 0)))  # fmt: skip
    unrated.refuse("use_gift", "no Great Weapon rating given", who="Ragnar", gift=SWORD)


def test_the_lightning_card_in_english_and_spanish() -> None:
    fight = sword_fight()
    fight.do("use_gift", who="Ragnar", gift=SWORD)
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5], Troll=[5])
    params = {"who": "Ragnar", "gift": SWORD, "target": "Goblin", "also": ["Orc"]}
    result = fight.do("use_gift", [9, 5], **params)
    event = {"params": params, "result": result}
    en, es = (combat_card("use_gift", event, words_for(lang, "rune")) for lang in ("en", "es"))
    assert en.result == "the lightning strikes Goblin and Orc" and en.tone == "success"
    values = [r.value for r in en.rows]
    assert any(v.startswith("margin 10 + Dam 12 against Soak 3; Goblin loses 19 HP") for v in values)
    assert es.result == "el rayo alcanza a Goblin y Orc"
    spanish = " ".join(f"{r.label} {r.value}" for r in es.rows)
    assert "probabilidad de alcanzar" in spanish and "Ataques de rayo que quedan 1" in spanish
    assert "Ragnar: Poder rúnico: espada de trabajo enana, despierto; ataques de rayo que quedan: 1" in notes(
        fight, "es"
    )


@pytest.mark.parametrize(("reach", "offered"), [("paces", {"Goblin", "Orc"}), ("feet", {"Goblin"})])
def test_the_lightnings_reach_follows_option_work_sword_reach(reach: str, offered: set[str]) -> None:
    """001b A-28: 10X paces by default; 'feet' reads the book's 10X feet as 4X paces (X = 1: 10 or 4 paces)."""
    bearer = hero("Ragnar", (0, 0), gift_ranks={SWORD: 1}, weapons=[weapon("dwarven_work_sword", init=9)],
                  great_weapon=3, per=2)  # fmt: skip
    fight = Fight(bearer, fighter("Goblin", (4, 0)), fighter("Orc", (0, 10)), options={"work_sword_reach": reach})
    fight.do("use_gift", who="Ragnar", gift=SWORD)
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    calls = [m for m in board_moves(fight) if m.title == "Call the lightning"]
    assert set(calls[0].targets) == offered


# -- the Four-Bladed Mace's fire (combat/rune_fire.py) -----------------------------------------------------------
FIRE = "rune_power_four_bladed_mace"


def pass_round(fight: Fight, *names: str, faces: list[int] | None = None) -> dict[str, Any]:
    fight.roll_all(**{name: [5] for name in names})
    for name in names:
        fight.do("pass", who=name)
    return fight.do("end_round", faces)


def test_the_fire_burns_everyone_near_him_at_each_rounds_end_escalating_and_spares_him() -> None:
    people = ("Ragnar", "Bjorn", "Goblin", "Orc")
    fight = Fight(hero("Ragnar", (0, 0), gift_ranks={FIRE: 2}, weapons=[weapon("four_bladed_mace", init=9)]),
                  hero("Bjorn", (0, 5)), fighter("Goblin", (12, 0)), fighter("Orc", (21, 0)))  # fmt: skip
    woke = fight.do("use_gift", who="Ragnar", gift=FIRE)
    assert woke["until_round"] == 2  # X rounds, no action
    before = fight.state
    first = pass_round(fight, *people)["rune_fire"]
    assert [(b["who"], b["dam"], b["injury"]["hp_lost"]) for b in first] == [("Bjorn", 12, 9), ("Goblin", 12, 9)]
    assert fight.who("Ragnar").hp == 50 and fight.who("Orc").hp == 50  # immune; the Orc is 21 paces off (20)
    found = facts(before, fight.state, {"rune_fire": first})
    assert ("damage", "Ragnar", "Goblin", 9) in {(f.kind, f.hero, f.other, f.amount) for f in found}
    assert not any(f.kind in ("pvp", "damage") and f.other == "Bjorn" for f in found)  # an ally's burns: nobody's
    second = pass_round(fight, *people)["rune_fire"]
    assert [(b["who"], b["dam"]) for b in second] == [("Bjorn", 14), ("Goblin", 14)]  # escalating: + 2
    assert "rune_fire" not in pass_round(fight, *people)  # round 3: the fire is out
    assert fight.who("Goblin").hp == 50 - 9 - 11
    for _ in range(30):  # undo back to the power just woken: the fire's burns and its marks go
        if fight.state == before:
            break
        fight.log.undo()
    assert fight.state == before and fight.who("Goblin").hp == 50


def test_the_fire_on_the_rounds_card_in_english_and_spanish() -> None:
    fight = Fight(hero("Ragnar", (0, 0), gift_ranks={FIRE: 1}, weapons=[weapon("four_bladed_mace", init=9)]),
                  fighter("Goblin", (2, 0)))  # fmt: skip
    fight.do("use_gift", who="Ragnar", gift=FIRE)
    result = pass_round(fight, "Ragnar", "Goblin")
    event = {"params": {}, "result": result}
    en, es = (combat_card("end_round", event, words_for(lang, "rune")) for lang in ("en", "es"))
    assert ("Rune Power: Four-Bladed Mace", "fire 12 against Soak 3 without armour; Goblin loses 9 HP (41 left)") in [
        (r.label, r.value) for r in en.rows
    ]
    assert any(r.value.startswith("fuego 12 contra Absorción 3 sin armadura") for r in es.rows)


# -- the Viking Axe's possession (combat/rune_possess.py) --------------------------------------------------------
AXE = "rune_power_viking_axe"


def axe_fight(level: int, *foes: dict[str, Any]) -> Fight:
    bearer = hero("Ragnar", (0, 0), gift_ranks={AXE: level}, weapons=[weapon("viking_axe", init=9)], great_weapon=8)
    fight = Fight(bearer, *foes)
    fight.do("use_gift", who="Ragnar", gift=AXE)
    fight.roll_all(**{name: [5] for name in fight.board.people})
    return fight


def test_a_foe_hurt_by_the_axe_failing_res_fights_for_him_then_turns_on_him() -> None:
    fight = axe_fight(2, fighter("Goblin", (2, 0)), fighter("Orc", (3, 0)))
    own = fight.who("Goblin").side
    swing = fight.do("attack", [9, 2, 4], who="Ragnar", target="Goblin")["attack"]
    struck = swing["rune_strike"]
    assert struck["roll"]["total"] == 4 + 3 and struck["roll"]["difficulty"] == 8 and not struck["resisted"]
    assert swing["injury"]["hp_lost"] > 0 and struck["possessed_until"] == 2  # the blow lands; X rounds, this counted
    assert fight.who("Goblin").side == fight.who("Ragnar").side != own
    assert "Goblin fights for Ragnar until the end of round 2" in notes(fight)
    assert "Goblin lucha por Ragnar hasta el final de la ronda 2" in notes(fight, "es")
    for name in ("Goblin", "Orc"):
        fight.do("pass", who=name)
    assert "possession_ends" not in fight.do("end_round")
    ended = pass_round(fight, "Ragnar", "Goblin", "Orc")
    assert ended["possession_ends"] == [{"who": "Goblin", "hero": "Ragnar", "why": "rounds"}]
    assert fight.who("Goblin").side == own and fight.who("Ragnar").gifted.runes[AXE].possessed == {}
    card = combat_card("end_round", {"params": {}, "result": ended}, words_for("es", "rune"))
    assert ("Poder rúnico: hacha vikinga", "Goblin vuelve en sí y se revuelve contra Ragnar") in [
        (r.label, r.value) for r in card.rows
    ]


def test_a_possessed_foe_comes_back_when_his_side_is_gone_and_one_who_resists_is_only_hurt() -> None:
    fight = axe_fight(3, fighter("Goblin", (2, 0)))
    own = fight.who("Goblin").side
    resisted = fight.do("attack", [9, 2, 5], who="Ragnar", target="Goblin")["attack"]["rune_strike"]
    assert resisted["resisted"] and "possessed_until" not in resisted and fight.who("Goblin").side == own
    fight.log.undo()
    fight.do("attack", [9, 2, 2], who="Ragnar", target="Goblin")
    fight.do("pass", who="Goblin")
    ended = fight.do("end_round")  # nobody of his own side is left: he comes back at once, the fight goes on
    assert ended["possession_ends"] == [{"who": "Goblin", "hero": "Ragnar", "why": "alone"}]
    assert fight.who("Goblin").side == own and not ended.get("ended")


# -- the Double-Bladed Axe's crow (combat/rune_crow.py; 001b A-25) -----------------------------------------------
CROW = "rune_power_double_bladed_axe"


def crow_fight(**options: Any) -> Fight:
    bearer = hero("Ragnar", (0, 0), gift_ranks={CROW: 2}, weapons=[weapon("double_bladed_axe", init=9)],
                  great_weapon=8)  # fmt: skip
    goblin = fighter("Goblin", (2, 0), soak=5, armor="heavy_leather", weapons=[weapon("club"), weapon("dagger")])
    fight = Fight(bearer, goblin, fighter("Orc", (9, 0)), options=options or None)
    woke = fight.do("use_gift", who="Ragnar", gift=CROW)
    assert woke["until_round"] == 2  # 1 + floor(2/2) rounds (001b TV-12)
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    return fight


def test_a_foe_failing_res_is_a_crow_until_the_power_ends_then_drops_naked_and_rolls_jump() -> None:
    fight = crow_fight()
    swing = fight.do("attack", [9, 2, 4], who="Ragnar", target="Goblin")["attack"]
    struck = swing["rune_strike"]
    assert struck["crow_until"] == 2 and swing["injury"]["hp_lost"] == 0  # no HP: a crow
    assert fight.who("Goblin").health == "gone" and fight.who("Goblin").hp == 50
    fight.do("pass", who="Orc")
    assert "crows_land" not in fight.do("end_round")
    landed = pass_round(fight, "Ragnar", "Orc", faces=[5])["crows_land"]  # round 2, the power's last: he drops
    one = landed[0]
    assert one["who"] == "Goblin" and one["roll"]["total"] == 5 + 3 and not one["fallen"]  # Res 3 for Jump, vs 6
    assert Fraction(*one["on_his_feet"]) == brute_resists(3, 6)
    goblin = fight.who("Goblin")
    assert goblin.health == "active" and goblin.ready == "unarmed" and set(goblin.dropped) == {"club", "dagger"}
    assert goblin.soak == 5 - 3 and goblin.armor_prot == 0  # his armour (Prot 3) lies in the heap
    card = combat_card("end_round", {"params": {}, "result": {"round": 2, "crows_land": landed}},
                       words_for("es", "rune"))  # fmt: skip
    assert any("cae del aire, desnudo, y cae de pie" in r.value for r in card.rows)


def test_a_crows_landing_follows_option_crow_landing_difficulty_and_res_made_takes_the_blow() -> None:
    fight = crow_fight(crow_landing_difficulty=9)
    made = fight.do("attack", [9, 2, 5], who="Ragnar", target="Goblin")["attack"]
    assert made["rune_strike"]["resisted"] and made["injury"]["hp_lost"] > 0  # the damage applies
    fight.log.undo()
    fight.do("attack", [9, 2, 2], who="Ragnar", target="Goblin")
    fight.do("pass", who="Orc")
    fight.do("end_round")
    one = pass_round(fight, "Ragnar", "Orc", faces=[5])["crows_land"][0]
    assert one["roll"]["difficulty"] == 9 and one["fallen"] and fight.who("Goblin").fallen


@pytest.mark.parametrize(
    ("power", "arm", "title"),
    [
        (FIRE, "four_bladed_mace", "Four-Bladed Mace"),
        (AXE, "viking_axe", "Viking Axe"),
        (CROW, "double_bladed_axe", "Double-Bladed Axe"),
        (SWORD, "dwarven_work_sword", "Dwarven Work Sword"),
    ],
)
def test_wake_the_rune_is_offered_only_with_the_weapon_and_refused_without_it(power: str, arm: str, title: str) -> None:
    def bearer(weapon_id: str) -> dict[str, Any]:
        return hero("Ragnar", (0, 0), gift_ranks={power: 1}, weapons=[weapon(weapon_id)], great_weapon=5, per=1)

    armed = Fight(bearer(arm), fighter("Goblin", (2, 0)))
    assert wake_moves(armed) == [f"Wake the rune: Rune Power: {title}"]
    bare = Fight(bearer("club"), fighter("Goblin", (2, 0)))
    assert wake_moves(bare) == []
    before = bare.state
    bare.refuse("use_gift", "Rune Power needs one", who="Ragnar", gift=power)
    assert bare.state == before
    armed.do("use_gift", who="Ragnar", gift=power)
    assert wake_moves(armed) in ([], ["Call the lightning"])  # awake: not offered again (the sword: its attack)


def test_the_great_weapon_rating_comes_from_his_sheet() -> None:
    from test_rune_combat import RAGNAR_SHEET

    sheet = {**RAGNAR_SHEET, "gifts": {AXE: 1}}
    fight = Fight({"name": "Ragnar", "sheet": sheet, "at": [0, 0]}, fighter("Goblin", (2, 0)))
    assert fight.who("Ragnar").gifted.great_weapon == RAGNAR_SHEET["abilities"]["great_weapon"] == 3
    assert wake_moves(fight) == ["Wake the rune: Rune Power: Viking Axe"]
    fight.do("use_gift", who="Ragnar", gift=AXE)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [9, 2, 2], who="Ragnar", target="Goblin", weapon="viking_axe")["attack"]
    assert swing["rune_strike"]["roll"]["difficulty"] == 3
