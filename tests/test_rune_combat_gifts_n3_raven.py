"""The Raven Plucks an Eye in a fight (spec 001b §2.5; combat/gift_raven.py): a foe the hero hurt falls; no action,
his Odin rating + a die against the foe's Res + a die; made, for X rounds he uses up to min(X, 4) of its INIT, ATK,
DFN and Soak scores in place of his own (the gain over his own, on his rolls and in the attack odds)."""

from __future__ import annotations

from typing import Any

from runehall.systems.rune.combat.attack_odds import attack_odds
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n3 import cards

RAVEN = "the_raven_plucks_an_eye"
SCOURGING = "scourging_of_fell_spirits"  # another gift of Odin's: his rating counts it


def raven_fight(x: int = 2, **gifts: int) -> Fight:
    """Ragnar (ATK 9, DFN 9, INIT 19, Soak 3) holds the raven; a Troll (ATK 12, DFN 11, INIT 10, Soak 6, Res 2, 10 HP)
    stands by him, a Goblin beyond."""
    ragnar = hero("Ragnar", (0, 0), init=19, atk=9, dfn=9, dam=12, gift_ranks={RAVEN: x, **gifts})
    troll = fighter("Troll", (2, 0), init=10, atk=12, dfn=11, soak=6, res=2, hp=10)
    f = Fight(ragnar, troll, fighter("Goblin", (0, 2), init=1), new_encounter=False)
    f.roll_all(Ragnar=[9], Troll=[2], Goblin=[2])
    return f


def killed(f: Fight) -> dict[str, Any]:
    out = f.do("attack", [9, 2], who="Ragnar", target="Troll")
    assert f.who("Troll").health in ("dead", "dying")
    return out


def test_a_fallen_foe_he_hurt_gives_his_best_scores_for_x_rounds() -> None:
    f = raven_fight(x=2, **{SCOURGING: 1})
    killed(f)
    due = f.who("Ragnar").gifted.triggered.raven_due
    assert due is not None and due.foe == "Troll" and due.scores == {"init": 10, "atk": 12, "dfn": 11, "soak": 6}
    before = attack_odds(f.state, f.log.option_values(), "Ragnar", "Goblin", "club")
    out = f.do("use_gift", [3, 2], who="Ragnar", gift=RAVEN)  # 3 + Odin 3 = 6 against 2 + Res 2 = 4
    assert [r["total"] for r in out["rolls"]] == [6, 4] and out["success"]
    assert out["scores"] == {"atk": 12, "soak": 6} and out["until_round"] == 2  # the two that gain most
    assert "uses_left" not in out and f.who("Ragnar").gifted.triggered.raven_due is None
    after = attack_odds(f.state, f.log.option_values(), "Ragnar", "Goblin", "club")
    assert before is not None and after is not None and after.hit > before.hit
    said = cards(f, "use_gift")
    assert "Troll" in said[0] and "12" in said[0] and "El cuervo arranca un ojo" in said[1]
    swing = f.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert swing["atk"]["modifiers"] == {"The Raven Plucks an Eye": 3} and swing["atk"]["total"] == 5 + 9 + 3
    f.log.undo()
    f.log.undo()
    assert f.who("Ragnar").gifted.triggered.raven is None and f.who("Ragnar").gifted.triggered.raven_due is not None


def test_the_roll_is_exact_for_every_die_and_a_tie_is_his() -> None:
    for mine in range(2, 10):
        for theirs in range(2, 10):
            f = raven_fight(x=1)
            killed(f)
            _, out = f.act_on(f.state, "use_gift", [mine, theirs], who="Ragnar", gift=RAVEN)  # Odin 1 vs Res 2
            assert out["success"] is (mine + 1 >= theirs + 2)


def test_chosen_scores_hold_x_rounds_then_lapse_and_wrong_choices_are_refused() -> None:
    f = raven_fight(x=1)
    f.refuse("use_gift", "waits for a foe", [5, 5], who="Ragnar", gift=RAVEN)
    killed(f)
    f.refuse("use_gift", "may take 1 of the foe", [5, 5], who="Ragnar", gift=RAVEN, scores=["atk", "dfn"])
    out = f.do("use_gift", [9, 2], who="Ragnar", gift=RAVEN, scores=["dfn"])
    assert out["scores"] == {"dfn": 11} and out["until_round"] == 1
    f.refuse("use_gift", "waits for a foe", [5, 5], who="Ragnar", gift=RAVEN)  # one roll a fallen foe
    f.next_round(Ragnar=[9], Goblin=[2])
    assert f.who("Ragnar").gifted.triggered.raven is not None
    while (up := f.board.next_up()) is not None and up[0] != "Goblin":
        f.do("pass", who=up[0])
    swing = f.do("attack", [5, 5], who="Goblin", target="Ragnar")["attack"]
    assert "The Raven Plucks an Eye" not in str(swing)  # round 2: lapsed


def test_a_foe_he_never_hurt_gives_nothing() -> None:
    f = raven_fight()
    f.do("damage", who="Troll", raw=40)  # the runner's hazard, not his blow
    assert f.who("Troll").health in ("dead", "dying") and f.who("Ragnar").gifted.triggered.raven_due is None
