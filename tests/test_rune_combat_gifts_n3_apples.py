"""Golden Apples' Sweetness in a fight (spec 001b §2.5; combat/gift_apples.py): an action, X times a session, while he
is impaired; Presence + X (less Impairment) against 6 + his Loki rating; made, his Impairment is 1 lower."""

from __future__ import annotations

from runehall.systems.rune.combat.gift_apples import apples_difficulty
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n3 import cards

APPLES = "golden_apples_sweetness"
SQUIRREL = "the_chattering_squirrel"  # a gift of Loki's: it raises the Difficulty


def orchard(x: int = 2, wounds: int = 2) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=19, wounds=wounds, presence=1, gift_ranks={APPLES: x, SQUIRREL: 1})
    f = Fight(ragnar, fighter("Goblin", (9, 9), init=1), new_encounter=False)
    f.roll_all(Ragnar=[9], Goblin=[2])
    return f


def test_made_his_impairment_is_one_lower_and_the_difficulty_counts_loki() -> None:
    f = orchard()
    assert f.who("Ragnar").impairment == 2 and apples_difficulty({APPLES: 2, SQUIRREL: 1}) == 7
    out = f.do("use_gift", [6], who="Ragnar", gift=APPLES)  # 6 + Pre 1 + X 2 - 2 = 7 against 6 + Loki 1
    assert (out["rolls"][0]["total"], out["difficulty"], out["success"]) == (7, 7, True)
    assert f.who("Ragnar").impairment == out["impairment"] == 1 and out["uses_left"] == 1
    said = cards(f, "use_gift")
    assert "1" in said[0] and "Dulzura de las manzanas doradas" in said[1]
    f.log.undo()
    assert f.who("Ragnar").impairment == 2


def test_every_die_and_the_limits() -> None:
    for die in range(2, 10):
        f = orchard()
        state, out = f.act_on(f.state, "use_gift", [die], who="Ragnar", gift=APPLES)
        assert out["success"] is (die + 1 >= 7)
        assert [c.impairment for c in state.combatants if c.name == "Ragnar"] == [1 if die + 1 >= 7 else 2]
    f = orchard(wounds=0)
    f.refuse("use_gift", "no Impairment", [9], who="Ragnar", gift=APPLES)
    f = orchard(x=1)
    f.do("use_gift", [9], who="Ragnar", gift=APPLES)
    f.next_round(Ragnar=[9], Goblin=[2])
    f.refuse("use_gift", "as often as it allows", [9], who="Ragnar", gift=APPLES)
