"""The Chattering Squirrel in a fight (spec 001b §2.5, 001b TV-13e, A-14; combat/gift_squirrel.py): no action, once an
event, an enemy within 3 paces; Divine Awareness + Presence against its Res; won, its Soak -X (never below 0) to the
fight's end, and the curse spreads each round to the nearest unaffected foe of the latest victim on a failed Res
roll against 6 (one who resists keeps the chain alive); it ends when a round begins with the latest victim dead."""

from __future__ import annotations

from typing import Any

from runehall.systems.rune.gifts.formulas import chattering_squirrel_soak
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n3 import cards

SQUIRREL = "the_chattering_squirrel"


def squirrel_fight(x: int = 3, a_hp: int = 50) -> Fight:
    """Ragnar (Pre 1, Divine Awareness 2) holds it; goblins A (Soak 2) by him, B two paces beyond A, C farther."""
    ragnar = hero("Ragnar", (0, 0), init=19, atk=9, dam=12, gift_ranks={SQUIRREL: x}, presence=1, divine_awareness=2)
    f = Fight(ragnar, fighter("A", (2, 0), soak=2, init=1, hp=a_hp), fighter("B", (4, 0), init=1),
              fighter("C", (9, 0), init=1), new_encounter=False)  # fmt: skip
    f.roll_all(Ragnar=[9], A=[2], B=[2], C=[2])
    return f


def round_ends(f: Fight, faces: list[int]) -> dict[str, Any]:
    while (up := f.board.next_up()) is not None:
        f.do("pass", who=up[0])
    out = f.do("end_round", faces)
    f.roll_all(**{c.name: [2] for c in f.state.combatants if c.active})
    return out


def test_tv_13e_won_soak_2_at_x_3_is_0_and_the_curse_spreads_round_by_round() -> None:
    f = squirrel_fight()
    won = f.do("use_gift", [5, 2], who="Ragnar", gift=SQUIRREL, target="A")  # 5 + 2 + 1 = 8 against 2 + Res 3 = 5
    assert won["success"] and [r["total"] for r in won["rolls"]] == [8, 5] and won["uses_left"] == 0
    said = cards(f, "use_gift")
    assert "A" in said[0] and "La ardilla parlanchina" in said[1]
    swing = f.do("attack", [9, 2], who="Ragnar", target="A")["attack"]
    assert swing["soak"] == chattering_squirrel_soak(2, 3) == 0  # 001b TV-13e: not -1
    assert swing["soak_modifiers"] == {"The Chattering Squirrel": -3}
    f.refuse("use_gift", "as often as it allows", [5, 2], who="Ragnar", gift=SQUIRREL, target="A")
    spread = round_ends(f, [2])["squirrel"]  # B, nearest A, rolls 2 + 3 = 5 against 6: caught
    assert spread[0]["foe"] == "B" and spread[0]["caught"] and spread[0]["roll"]["total"] == 5
    assert "B" in cards(f, "end_round")[0]
    resisted = round_ends(f, [5])["squirrel"]  # C, nearest B, rolls 5 + 3 = 8: resists, the chain goes on
    assert resisted[0]["foe"] == "C" and not resisted[0]["caught"]
    again = round_ends(f, [2])["squirrel"]  # C rolls again next round
    assert again[0]["foe"] == "C" and again[0]["caught"]
    chain = f.who("Ragnar").gifted.triggered.squirrel
    assert chain is not None and chain.victims == ("A", "B", "C") and chain.latest == "C"
    assert round_ends(f, [])["squirrel"] == [{"hero": "Ragnar", "ended": True, "latest": "C"}]  # nobody left


def test_the_chain_ends_when_a_round_begins_with_its_latest_victim_dead() -> None:
    f = squirrel_fight(a_hp=20)
    f.do("use_gift", [5, 2], who="Ragnar", gift=SQUIRREL, target="A")
    f.do("damage", who="A", raw=90, soak=False)  # the runner's boulder: dead outright
    assert f.who("A").health == "dead"
    assert round_ends(f, [])["squirrel"] == [{"hero": "Ragnar", "ended": True, "latest": "A"}]
    assert "B" not in f.who("Ragnar").gifted.triggered.squirrel.victims  # type: ignore[union-attr]


def test_the_contest_is_exact_and_the_wrong_targets_are_refused() -> None:
    for mine in range(2, 10):
        for theirs in range(2, 10):
            f = squirrel_fight(x=1)
            _, out = f.act_on(f.state, "use_gift", [mine, theirs], who="Ragnar", gift=SQUIRREL, target="A")
            assert out["success"] is (mine + 3 >= theirs + 3)  # a tie is his against a supporting character
    f = squirrel_fight()
    f.refuse("use_gift", "out of reach", [5, 2], who="Ragnar", gift=SQUIRREL, target="C")
    f.refuse("use_gift", "name the enemy", [5, 2], who="Ragnar", gift=SQUIRREL)
    lost = f.do("use_gift", [2, 9], who="Ragnar", gift=SQUIRREL, target="A")
    assert not lost["success"] and f.who("Ragnar").gifted.triggered.squirrel is None
    f.log.undo()
    assert f.who("Ragnar").gifted.used.get(SQUIRREL, 0) == 0


def test_option_squirrel_chain_on_resist_ends_breaks_the_chain_at_the_first_resister() -> None:
    f = squirrel_fight()
    f.log = type(f.log).start("rune", "combat", {"squirrel_chain_on_resist": "ends"}, f.log.setup)
    f.roll_all(Ragnar=[9], A=[2], B=[2], C=[2])
    f.do("use_gift", [5, 2], who="Ragnar", gift=SQUIRREL, target="A")
    resisted = round_ends(f, [9])["squirrel"]  # B resists: with this reading the chain ends there
    assert resisted[0]["foe"] == "B" and resisted[0]["chain_ends"] and not resisted[0]["caught"]
    assert "the chain ends" in cards(f, "end_round")[0]
    assert "squirrel" not in round_ends(f, [])  # nothing spreads any more
