"""Fleeing (spec 001a §6.5 G, book p. 45): the free attacks of the foes he turns his back on, of the foes his
straight run passes, of every missile user, and of the unengaged foes who run up to 10 paces to intercept him;
the Engagements he may not run through or into."""

from __future__ import annotations

from typing import Any

import pytest

from test_rune_combat import Fight, fighter, hero


def flight(*more: dict[str, Any]) -> Fight:
    """Ragnar (Sprint 1: a flight of 40 paces) Engaged with a goblin; an orc ten paces off his way west."""
    fight = Fight(
        hero("Ragnar", (0, 0), init=-10, sprint=1),
        fighter("Goblin", (2, 0), init=10),
        fighter("Orc", (-20, 10), init=5),
        *more,
    )
    names = ["Ragnar", "Goblin", "Orc", *(m["name"] for m in more)]
    fight.roll_all(**{n: [5] for n in names})
    while (up := fight.board.next_up()) is not None and up[0] != "Ragnar":
        fight.do("pass", who=up[0])
    return fight


def test_foes_run_to_intercept_a_fleer_and_strike_for_free() -> None:
    fight = flight(fighter("Wolf", (-30, 2), init=0))
    result = fight.do("move", [5, 5] * 3, who="Ragnar", to=[-40, 0], kind="flee", intercepts={"Orc": [-20, 3]})
    assert result["intercepted_by"] == {"Orc": [-20, 3]} and fight.who("Orc").at == (-20, 3)
    strikes = {s["attacker"]: s["kind"] for s in result["free_attacks"]}
    assert strikes == {
        "Goblin": "free attack (flee)",  # Engaged with him as he turns
        "Orc": "free attack (intercept)",  # ran 7 paces to meet him
        "Wolf": "free attack (flee)",  # waiting on his straight path
    }
    assert fight.who("Ragnar").at == (-40, 0) and fight.who("Orc").this_round.moved == 7
    assert fight.board.entries["Orc"].steps == ()  # he had passed: the free attack costs nothing anyway


def test_an_interceptor_keeps_his_own_action() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Goblin", (2, 0)), fighter("Orc", (-20, 10), init=0)
    )
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    fight.do("move", [5, 5, 5, 5], who="Ragnar", to=[-40, 0], kind="flee", intercepts={"Orc": [-18, 2]})
    assert fight.board.entries["Orc"].steps == (5,) and fight.board.next_up() == ("Goblin", 10)


def test_without_interception_the_orc_stays_put() -> None:
    fight = flight()
    result = fight.do("move", [5, 5], who="Ragnar", to=[-40, 0], kind="flee")
    assert [s["attacker"] for s in result["free_attacks"]] == ["Goblin"] and fight.who("Orc").at == (-20, 10)


@pytest.mark.parametrize(
    ("intercepts", "match"),
    [
        ({"Goblin": [-5, 1]}, "Goblin is Engaged: only unengaged foes"),
        ({"Orc": [-20, -3]}, "at most 10 paces"),
        ({"Orc": [-20, 5]}, "does not come within 3 paces of Ragnar's path"),
        ({"Thurid": [-20, 1]}, "fights on Ragnar's side"),
        ({"Orc": [-20, 3], "Troll": [-20, 3]}, "already stands at"),
    ],
)
def test_an_interception_out_of_the_rules_is_refused(intercepts: dict[str, Any], match: str) -> None:
    fight = flight(hero("Thurid", (-10, 20), init=-20), fighter("Troll", (-25, 9), init=-20))
    fight.refuse("move", match, [5] * 8, who="Ragnar", to=[-40, 0], kind="flee", intercepts=intercepts)


def test_intercepting_is_for_a_fleer_and_not_for_a_foe_already_in_the_way() -> None:
    fight = flight(fighter("Wolf", (-30, 2), init=0))
    fight.refuse("move", "intercept a fleer only", who="Ragnar", to=[-5, 0], kind="half", intercepts={"Orc": [-5, 3]})
    fight.refuse("move", "already in Ragnar's way", [5] * 6, who="Ragnar", to=[-40, 0], kind="flee",
                 intercepts={"Wolf": [-31, 1]})  # fmt: skip
    bow = {"weapon": "short_bow", "init": 0, "atk": 2, "dam": 6, "ammo": 3}
    archer = Fight(hero("Ragnar", (0, 0), init=20, sprint=1), fighter("Archer", (-20, 10), weapons=[bow]))
    archer.roll_all(Ragnar=[5], Archer=[5])
    archer.refuse("move", "no ready melee weapon", who="Ragnar", to=[-40, 0], kind="flee",
                  intercepts={"Archer": [-20, 2]})  # fmt: skip


def test_a_fleer_may_not_run_through_or_into_another_engagement() -> None:
    fight = flight(hero("Thurid", (-30, 4), init=-20), fighter("Troll", (-30, 2), init=-20))
    fight.refuse("move", "pass through another Engagement: Troll", [5] * 4, who="Ragnar", to=[-40, 0], kind="flee")
    fight.refuse("move", "end in another Engagement: Troll", [5] * 4, who="Ragnar", to=[-32, 0], kind="flee")
    result = fight.do("move", [5, 5], who="Ragnar", to=[0, -40], kind="flee")  # south, clear of them
    assert [s["attacker"] for s in result["free_attacks"]] == ["Goblin"]
