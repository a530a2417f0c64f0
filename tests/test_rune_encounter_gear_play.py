"""Equipment damage rolled when a trap that harms equipment is sprung (001c §7.4; rules §34.5, gear_play.py): a
plain d10 for each weapon, armour and shield the struck hero carries (then his kits: Ragnar's climbing kit, a 10
holding it here) against half his raw damage, each stored;
what the items have left kept in the run (a later trap starts from it) and shown on the board and the card."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.rules import rules

RUNNER = Seat(runs=True, owns=True)
FAIL, MAKE = [1, 2], [10, 9]


def run() -> PlayLog:
    """Two traps that harm equipment (Dam 10) before the fixture's hall; Ragnar carries a Viking axe, a war maul,
    a short bow and heavy leather."""
    given = notes()
    rolls = [{"id": f"r{i}", "name": f"Dodge {i}", "ability": "dodge", "difficulty": 7, "purpose": "trap"}
             for i in (1, 2)]  # fmt: skip
    blade = {"damage": {"dam": 10}, "equipment_damage": True, "targeting": {"most": 1}}
    traps = [{"id": f"t{i}", "name": f"Blade {i}", "kind": "trap", "roll": f"r{i}", "trap": blade} for i in (1, 2)]
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    given["events"] = [{"id": "gate", "summary": "A gate", "rolls": rolls, "elements": [*traps, herbs]},
                       *given["events"]]  # fmt: skip
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def test_each_carried_item_rolls_against_half_the_raw_damage_and_is_harmed_by_its_kind() -> None:
    log = run()
    event = log.apply("spring_trap", {"trap": "t1", "victims": ["Ragnar"]}, ManualSource([*FAIL, 1, 10, 10, 1, 10]))
    r = event["result"]
    assert [d[1] for d in event["tape"]] == [f for g in r["faces"] for f in g] == [*FAIL, 1, 10, 10, 1, 10]
    harm = r["harm"]["Ragnar"]
    gear = {g["item"]: g for g in harm["gear"]}
    assert list(gear) == ["viking_axe", "war_maul", "short_bow", "heavy_leather", "climb"]  # his climbing kit last
    aim = harm["raw"] // 2  # half the raw damage, before Soak
    axe = rules().weapon("viking_axe")
    modifier = eq.item_modifier(load=axe.load_value)
    d = eq.failure(1, modifier, aim)
    assert gear["viking_axe"]["difficulty"] == aim and gear["viking_axe"]["failed_by"] == d > 0
    h = eq.harm_weapon(axe.atk, axe.dfn, axe.dam, d)  # type: ignore[arg-type]
    assert (gear["viking_axe"]["atk"], gear["viking_axe"]["dfn"], gear["viking_axe"]["dam"]) == (h.atk, h.dfn, h.dam)
    assert gear["war_maul"]["failed_by"] == 0 and "state" not in gear["war_maul"]  # a 10 holds
    leather = eq.harm_armour(3, eq.failure(1, 3, aim), log.option_values())  # heavy leather: Prot 3, Load 1.5
    assert gear["heavy_leather"]["prot"] == leather.value
    kept = {g.item: g for g in state_of(log).traps.gear}
    assert set(kept) == {"viking_axe", "heavy_leather"} and kept["heavy_leather"].prot == leather.value


def test_a_later_trap_harms_what_the_first_left() -> None:
    log = run()
    r = log.apply("spring_trap", {"trap": "t1", "victims": ["Ragnar"]}, ManualSource([*FAIL, 9, 10, 10, 10, 10]))
    axe = r["result"]["harm"]["Ragnar"]["gear"][0]
    die = axe["difficulty"] - axe["modifier"] - 1  # fails by 1: harmed, not ruined
    assert 1 <= die < 9
    log = run()
    log.apply("spring_trap", {"trap": "t1", "victims": ["Ragnar"]}, ManualSource([*FAIL, die, 10, 10, 10, 10]))
    first = next(g for g in state_of(log).traps.gear if g.item == "viking_axe")
    assert first.state == "repairable"
    r = log.apply("spring_trap", {"trap": "t2", "victims": ["Ragnar"]}, ManualSource([*FAIL, die, 10, 10, 10, 10]))
    again = {g["item"]: g for g in r["result"]["harm"]["Ragnar"]["gear"]}["viking_axe"]
    h = eq.harm_weapon(first.atk, first.dfn, first.dam, again["failed_by"])
    assert (again["atk"], again["dfn"], again["dam"]) == (h.atk, h.dfn, h.dam) and again["atk"] < first.atk


def test_the_board_and_the_card_show_the_damaged_gear_in_both_languages() -> None:
    log = run()
    event = log.apply("spring_trap", {"trap": "t1", "victims": ["Ragnar"]}, ManualSource([*FAIL, 1, 10, 10, 1, 10]))
    spring = EncounterTracker().actions()["spring_trap"]
    for lang, axe, prot in (("en", "Viking Axe", "Prot"), ("es", words_for("es", "rune")("Viking Axe"), "Prot")):
        words = words_for(lang, "rune")
        card: Any = spring.describe(event, words, "Thurid")
        text = " ".join(r.value for r in card.rows)
        assert axe in text and prot in text and "{" not in text
        board = EncounterTracker().board(state_of(log), words, RUNNER, log.option_values())
        rows = [r for s in board.sections for r in s.rows if r.label == "Ragnar"]
        assert any(axe in r.value for r in rows)
    assert words_for("es", "rune")("Viking Axe") != "Viking Axe"
