"""The Gnawing Stags in a fight (spec 001b §2.5; combat/gift_stags.py): +5X VP for each trap disarmed or barrier,
item of cover or man-made height destroyed or moved in a fight, a full action each; the runner's "Other action"
names what it undoes, and a roll he asks for must be made."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.gift_stags import STAGS, UNDONE, stags_vp
from runehall.systems.rune.encounters.run_gift_vp import gift_vp
from runehall.systems.rune.encounters.tally import Seat, Tally
from test_rune_board import GM
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n2 import cards


def stags_fight(x: int = 2) -> Fight:
    gifts = {"gift_ranks": {STAGS: x}} if x else {}
    f = Fight(hero("Ragnar", (0, 0), init=9, **gifts), hero("Thurid", (0, 4), init=1), fighter("Goblin", (20, 0)),
              new_encounter=False)  # fmt: skip
    f.roll_all(Ragnar=[9], Thurid=[2], Goblin=[2])
    return f


def test_each_thing_undone_earns_5x_vp() -> None:
    assert [stags_vp(x) for x in (1, 2, 7)] == [5, 10, 35]
    for kind in UNDONE:
        f = stags_fight(x=2)
        out = f.do("other", who="Ragnar", what="the ramp", cost="full", undoes=kind)
        assert out["undoes"] == kind and out["gift_vp"] == [{"hero": "Ragnar", "gift": STAGS, "vp": 10}]
        said = cards(f, "other")
        assert "10" in said[0] and "The Gnawing Stags" in said[0] and "Los ciervos que roen" in said[1]
    f.log.undo()
    assert f.board.next_up() is not None and f.board.next_up()[0] == "Ragnar"  # undo gives his action back


def test_a_roll_the_runner_asks_must_be_made_for_every_die() -> None:
    f = stags_fight(x=1)
    for die in range(2, 10):
        _, out = f.act_on(f.state, "other", [die], who="Ragnar", what="the trap", cost="full", undoes="trap",
                          bonus=2, difficulty=9)  # fmt: skip
        assert out["success"] is (die + 2 >= 9)
        assert ("gift_vp" in out) is out["success"], die


def test_a_half_action_is_refused_and_no_vp_without_the_gift() -> None:
    f = stags_fight()
    f.refuse("other", "takes a full action", who="Ragnar", what="the barrier", cost="half", undoes="barrier")
    out = stags_fight(x=0).do("other", who="Ragnar", what="the barrier", cost="full", undoes="barrier")
    assert out["undoes"] == "barrier" and "gift_vp" not in out


def test_the_board_offers_it_to_the_holder_alone_with_the_four_kinds() -> None:
    def offered(f: Fight, who: str) -> list[Any]:
        moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
        found = [m for m in moves if m.actor == who and m.action == "other" and "undoes" in m.params]
        assert all(program_values(m.title) == [] for m in found)
        return found

    f = stags_fight()
    [move] = offered(f, "Ragnar")
    assert move.title == "Desarmar o derribar" and len(move.choices["undoes"]) == len(UNDONE)
    assert "10" in (move.hint or "")
    f.do("pass", who="Ragnar")
    assert offered(f, "Ragnar") == [] and offered(f, "Thurid") == []


def test_in_a_run_the_vp_are_his_gift_vp() -> None:
    seats = (Seat("ann", "Ragnar", "Ragnar"), Seat("bo", "Thurid", "Thurid"), Seat("cy", "Sven", "Sven"))
    tally = Tally(runner="cy", proxy="ann", seats=seats)
    f = stags_fight(x=3)
    out = f.do("other", who="Ragnar", what="the stairs", cost="full", undoes="height")
    paid = gift_vp(tally, out)
    assert [(e.kind, e.hero, e.amount) for e in paid.events] == [("gift_bonus", "Ragnar", 15)]
