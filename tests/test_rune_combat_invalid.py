"""Every illegal action is refused with a RulesError (a bad parameter with a ParameterError) and the play log
does not change: not an event, not a byte."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, ParameterError
from test_rune_combat import Fight, fighter, hero

BOW = {"weapon": "short_bow", "init": 1, "atk": 2, "dam": 6, "ammo": 1}
AXE = {"weapon": "viking_axe", "init": 20, "atk": 9, "dfn": 9, "dam": 12}


def scene() -> Fight:
    """Ragnar's turn: the goblin Engaged with him, Thurid beside him, an archer far off."""
    fight = Fight(
        hero("Ragnar", (0, 0), weapons=[AXE, BOW], sprint=1, engagement=3),
        hero("Thurid", (0, 2), init=1),
        fighter("Goblin", (2, 0), init=2),
        fighter("Archer", (30, 0), init=3, weapons=[{**BOW, "init": 3}]),
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5], Archer=[5])
    return fight


REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("attack", {"who": "Goblin", "target": "Ragnar"}, "it is Ragnar's turn"),
    ("attack", {"who": "Ragnar", "target": "Thurid"}, "aiming at a friend always fails"),
    ("attack", {"who": "Ragnar", "target": "Ragnar"}, "cannot attack himself"),
    ("attack", {"who": "Ragnar", "target": "Nobody"}, "no combatant 'Nobody'"),
    ("attack", {"who": "Ragnar", "target": "Archer"}, "out of range"),
    ("attack", {"who": "Ragnar", "target": "Archer", "move_to": [11, 0]}, "at most 10 paces"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "move_to": [1, 1]}, "already in range"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "weapon": "spear"}, "has no weapon"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "weapon": "short_bow"}, "need 5 paces or more"),
    ("attack", {"who": "Ragnar", "target": "Archer", "weapon": "short_bow", "berserk": True}, "berserk is a melee"),
    ("attack", {"who": "Ragnar", "target": "Archer", "weapon": "short_bow", "line_of_fire": ["Archer"]}, "own line"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "dodge": True}, "for missiles"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "charge": True}, "a charge needs 10"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "precaution": True}, "name him"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "ally_between": "Archer"}, "not an ally"),
    ("attack", {"who": "Ragnar", "target": "Goblin", "strikes": {"Archer": "careful"}}, "no free attack"),
    ("move", {"who": "Ragnar", "to": [0, -11]}, "at most 10 paces"),
    ("move", {"who": "Ragnar", "to": [0, 2]}, "Thurid stands at"),
    ("move", {"who": "Ragnar", "to": [1, 0], "kind": "withdraw"}, "closer to Goblin"),
    ("move", {"who": "Ragnar", "to": [0, -5], "dodge": True}, "for a fleer"),
    ("move", {"who": "Ragnar", "to": [0, -5], "cover": "half"}, "seeking it"),
    ("move", {"who": "Ragnar", "to": [28, 0], "kind": "flee"}, "another Engagement: Archer"),
    ("move", {"who": "Ragnar", "to": [0, -5], "strikes": {"Archer": "normal"}}, "Archer gets no free attack"),
    ("engagement", {"who": "Ragnar", "opponent": "Goblin", "to": [0, -4]}, "at most 3 paces"),
    ("engagement", {"who": "Ragnar", "shove_to": [3, 0]}, "needs an opponent"),
    ("engagement", {"who": "Ragnar", "opponent": "Ragnar"}, "against someone else"),
    ("restrain", {"who": "Ragnar", "target": "Archer", "kind": "hold"}, "out of reach"),
    ("restrain", {"who": "Ragnar", "target": "Goblin", "kind": "pin", "disarm": True}, "only a hold"),
    ("restrain", {"who": "Ragnar", "target": "Thurid", "kind": "hold"}, "enemies only"),
    ("break_free", {"who": "Ragnar"}, "not restrained"),
    ("maintain", {"who": "Ragnar"}, "holds nobody"),
    ("release", {"who": "Thurid"}, "holds nobody"),
    ("stand_up", {"who": "Ragnar"}, "on his feet"),
    ("heal", {"who": "Ragnar", "patient": "Thurid", "mode": "wounds"}, "no Wound to cure"),
    ("heal", {"who": "Ragnar", "patient": "Archer"}, "out of reach"),
    ("revive", {"who": "Ragnar", "patient": "Thurid"}, "not dying"),
    ("change_weapon", {"who": "Ragnar", "weapon": "viking_axe"}, "already holds"),
    ("change_weapon", {"who": "Ragnar", "careless": True}, "no weapon on his belt"),
    ("change_weapon", {"who": "Ragnar"}, "say which weapon"),
    ("wait", {"who": "Thurid"}, "it is Ragnar's turn"),
    ("cut_in", {"who": "Ragnar"}, "not waiting"),
    ("pass", {"who": "Goblin"}, "it is Ragnar's turn"),
    ("end_round", {}, "Ragnar still has an action"),
    ("tiebreak", {}, "roll-off phase"),
    ("initiative", {"who": "Ragnar"}, "initiative phase"),
    ("rest", {"who": "Ragnar", "sleep_hours": 8, "rest_hours": 8}, "until the fight is over"),
    ("other", {"who": "Ragnar", "what": "read runes", "difficulty": 9}, "needs the roll's bonus"),
    ("other", {"who": "Thurid", "what": "read runes"}, "it is Ragnar's turn"),
    ("damage", {"who": "Nobody", "raw": 3}, "no combatant"),
    ("condition", {"who": "Ragnar"}, "say what changes"),
]


@pytest.mark.parametrize(("action", "params", "match"), REFUSALS, ids=[f"{a}:{m}" for a, _, m in REFUSALS])
def test_an_illegal_action_is_refused_and_changes_nothing(action: str, params: dict[str, Any], match: str) -> None:
    fight = scene()
    fight.refuse(action, match, [5, 5, 5, 5], **params)


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"who": "Ragnar", "target": "Goblin", "maneuver": "spin"}, "maneuver"),
        ({"who": "Ragnar", "target": "Goblin", "atk_modifier": 99}, "atk_modifier"),
        ({"who": "Ragnar"}, "target"),
        ({"who": "Ragnar", "target": "Goblin", "move_to": [1]}, "move_to"),
    ],
)
def test_a_bad_parameter_is_refused_and_changes_nothing(params: dict[str, Any], match: str) -> None:
    fight = scene()
    before = json.dumps(fight.log.to_json())
    with pytest.raises(ParameterError, match=match):
        fight.log.apply("attack", params, ManualSource([5, 5]))
    assert json.dumps(fight.log.to_json()) == before


def test_manual_faces_that_do_not_fit_change_nothing() -> None:
    fight = scene()
    fight.refuse("attack", "it is Ragnar's turn", None, who="Goblin", target="Ragnar")
    before = json.dumps(fight.log.to_json())
    for faces in ([5], [5, 5, 5], [11, 5]):
        with pytest.raises(ManualResultError, match=r"manual|d10"):
            fight.log.apply("attack", {"who": "Ragnar", "target": "Goblin"}, ManualSource(faces))
        assert json.dumps(fight.log.to_json()) == before


def test_refusals_that_need_an_earlier_action() -> None:
    fight = scene()
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground")
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    fight.do("end_round")
    fight.refuse("attack", "initiative phase", [5, 5], who="Ragnar", target="Goblin")
    fight.roll_all(Ragnar=[10, 10, 2], Thurid=[5], Goblin=[5], Archer=[5])
    assert fight.board.entries["Ragnar"].steps == (42, 22, 2)
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground")
    switch = {"who": "Ragnar", "target": "Goblin", "maneuver": "duck_and_weave"}
    fight.refuse("attack", "chose hold ground this round and cannot switch", [5, 5], **switch)
    fight.do("engagement", [5, 5], who="Ragnar", opponent="Goblin")
    fight.refuse("engagement", "one Engagement roll this round", [5, 5], who="Ragnar", opponent="Goblin")
    fight.do("move", who="Ragnar", to=[0, -1])
    fight.refuse("attack", "plain attack on a foe Engaged", [5, 5], who="Ragnar", target="Archer")
    fight.refuse(
        "attack", "no manoeuvre, move or berserk", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground"
    )
    fight.refuse("heal", "takes a full action", [5], who="Ragnar", patient="Thurid")
    fight.refuse("move", "a full action no longer fits", who="Ragnar", to=[0, -3], kind="full")
    plain = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert "modifiers" not in plain["atk"]  # a plain attack: Hold Ground's +1 does not count (A26)


def test_a_foe_may_not_use_the_heroes_manoeuvres() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=0, hp=20), fighter("Goblin", (2, 0), init=20, hp=30))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse("attack", "only heroes hold ground", [5, 5], who="Goblin", target="Ragnar", maneuver="hold_ground")
    fight.refuse("attack", "only heroes go berserk", [5, 5], who="Goblin", target="Ragnar", berserk=True)
    fight.refuse("attack", "only heroes sever arms", [5, 5], who="Goblin", target="Ragnar", sever=True)


def test_the_out_of_action_cannot_act() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0)), fighter("Orc", (0, 2)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    fight.do("damage", who="Orc", raw=55)
    fight.refuse("pass", "Orc is dying and cannot act", who="Orc")
    fight.refuse("engagement", "Orc is dying and cannot make an Engagement roll", [5], who="Orc")
    fight.do("damage", who="Goblin", raw=200)
    assert fight.who("Goblin").health == "dead"
    assert fight.who("Orc").health == "dead"  # nobody is left who could revive him (A54)
    fight.refuse("attack", "Goblin is dead", [5, 5], who="Ragnar", target="Goblin")
