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
from runehall.systems.rune.encounters.feed import facts
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_rune_powers import wake_moves, weapon

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
