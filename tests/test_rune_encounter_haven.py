"""Healing at a haven of an encounter run (001c §9.5; 001a §7.3; 001b §2.5; rules §35.4): a Healer roll between
fights at a haven given, the shelter's -3 on the Difficulty, HP back or a Wound cured and carried into the next
fight; the wait before the next treatment (The Wounds Close Quick shortens it), lifted by new harm; Zealous
Sinews on a healer's roll, at a haven and in a fight; each refusal leaves the log unchanged."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.words import words_for
from runehall.systems.rune.combat.arithmetic import heal_hp, healer_row, situation_modifier
from runehall.systems.rune.encounters.run_state import RunState
from test_rune_combat import Fight, fighter, hero

SHELTER = situation_modifier("warm_safe_shelter")


def table(hours: int | None = 12, gifts: dict[str, int] | None = None) -> PlayLog:
    """A haven in a first event, the fixture's hall with its fight after it; Thurid may hold gifts."""
    given = notes(difficulty=8)
    haven = {"id": "hut", "name": "The hermit's hut", "kind": "gain", "gain": {"kind": "healing", "hours": hours}}
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    hall = given["events"][0]
    later = copy.deepcopy(hall) | {"id": "yard", "rolls": []}
    later["combat"]["foes"] = [later["combat"]["foes"][0] | {"id": "v3", "name": "Dark Viking 3"}]
    given["events"] = [hall | {"rolls": []}, {"id": "rest", "summary": "A hut", "elements": [haven, herbs]}, later]
    heroes = setup()
    if gifts:
        heroes["heroes"][1]["sheet"]["gifts"] = gifts
    log = PlayLog.start("rune", "encounter", {}, heroes)
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    log.apply("end_combat", {}, ManualSource([]))
    log.apply("next_event", {}, ManualSource([]))
    return log


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def hurt(log: PlayLog, hero: str, damage: int) -> None:
    log.apply("hero_struck_hero", {"hero": "Ragnar", "victim": hero, "damage": damage}, ManualSource([]))


def treat(log: PlayLog, faces: list[int], **params: Any) -> dict[str, Any]:
    given = {"haven": "hut", "healer": "Ragnar", "patient": "Thurid"} | params
    return log.apply("haven_heal", given, ManualSource(faces))["result"]


def refused(log: PlayLog, match: str, **params: Any) -> None:
    before = json.dumps(log.to_json(), sort_keys=True)
    with pytest.raises(RulesError, match=match):
        treat(log, [5], **params)
    assert json.dumps(log.to_json(), sort_keys=True) == before


def played() -> PlayLog:
    """A treatment at a haven, with Zealous Sinews (the words tests read its events)."""
    log = table(gifts={"zealous_sinews": 1})
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    treat(log, [6])
    return log


def test_a_treatment_at_the_haven_gives_hp_back_and_the_next_fight_has_them() -> None:
    log = table()
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    r = treat(log, [6])
    assert r["difficulty"] == healer_row(0)["difficulty"] + SHELTER  # the shelter's -3 (TV-HEAL-7's table)
    assert r["total"] == 6 + r["bonus"] - r["impairment"]
    before = r["hp"] - r["hp_gained"]
    out = heal_hp(r["total"], r["difficulty"], before, 10_000)
    assert r["success"] and r["hp_gained"] == min(out.hp_gained, r["hp_gained"]) > 0
    log.apply("next_event", {}, ManualSource([]))
    log.apply("fight", {"event": "yard"}, ManualSource([]))
    thurid = next(c for c in state(log).fights[-1].fight.combatants if c.name == "Thurid")
    assert thurid.hp == r["hp"] > before
    event = next(e for e in log.events if e["action"] == "haven_heal")
    card = log.tracker.action("haven_heal").describe(event, words_for("es", "rune"), "Thurid")
    assert "hora" in card.action and "Ragnar" in card.action


def test_the_next_treatment_waits_unless_he_is_hurt_again() -> None:
    log = table()
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    r = treat(log, [1])  # a quality roll: 1 is 1, no botch; it fails
    assert not r["success"] and r["ready"] == healer_row(0)["wait_hours"]
    refused(log, "waits until hour", hour=r["ready"] - 1)
    assert treat(log, [1], hour=r["ready"])["ready"] == 2 * r["ready"]
    hurt(log, "Thurid", 1)
    assert treat(log, [1], hour=r["ready"])["hour"] == r["ready"]  # hurt since: at once


def test_refusals_leave_the_log_unchanged() -> None:
    log = table(hours=3)
    refused(log, "have not come to")
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    refused(log, "nothing to treat")
    hurt(log, "Thurid", 5)
    refused(log, "3 hours at most", hour=4)
    refused(log, "no Wound to cure", mode="wounds")
    refused(log, "no haven", haven="herbs")


def test_zealous_sinews_adds_3x_and_the_wounds_close_quick_shortens_the_wait() -> None:
    log = table(gifts={"zealous_sinews": 2, "the_wounds_close_quick": 1})
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    r = treat(log, [1])
    assert r["zealous_sinews"] == 6 and r["total"] == 1 + r["bonus"] + 6 - r["impairment"]
    assert r["ready"] == healer_row(0)["wait_hours"]  # no Wound: the 0 row, never above it


def test_zealous_sinews_in_a_fight_and_the_wait_it_shortens() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, healer=4),
        hero("Thurid", (0, 2), hp=76, hp_now=40, wounds=2, gift_ranks={"zealous_sinews": 1,
                                                                        "the_wounds_close_quick": 1}),
        fighter("B", (9, 9)),
        new_encounter=False,
    )  # fmt: skip
    fight.do("end_combat")
    r = fight.do("heal", [1], who="Ragnar", patient="Thurid")
    assert r["healer_roll"]["zealous_sinews"] == 3
    assert r["healer_roll"]["total"] == 1 + 4 + 3 - fight.who("Ragnar").impairment
    assert r["next_attempt_after_hours"] == healer_row(r["wounds"] - 1)["wait_hours"]  # a row lower
