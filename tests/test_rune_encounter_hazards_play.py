"""Drowning, fire and grabbers played by the encounter tracker (001c §7.3, §7.6, §7.8; rules §34.5): sprung by
spring_trap, then a round a move (hazard_round) with every die stored, the HP each round costs, the exact odds on
the button checked against the real round played over every face, refusals leaving the run unchanged, undo."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters.hazard_cards import _chance
from runehall.systems.rune.encounters.hazard_play import HazardRoundAction, HazardRoundParams
from runehall.systems.rune.encounters.hazards import drowning_loss
from runehall.systems.rune.encounters.run_dangers import heroes_now
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body
from runehall.systems.rune.encounters.tracker import EncounterTracker

CRYPT = Path(__file__).resolve().parents[1] / "examples" / "rune" / "flooded-crypt.toml"
RUNNER = Seat(runs=True, owns=True)
FAIL, MAKE = [1, 2], [10, 9]  # -2 and 19: fail and make every roll here


def crypt() -> PlayLog:
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": tomllib.loads(CRYPT.read_text(encoding="utf-8"))}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def hazard(
    package: dict[str, Any], ability: str = "dodge", damage: dict[str, Any] | None = None, hall: bool = False
) -> PlayLog:
    """The fixture's hall with a hazard of this package on a Difficulty 7 roll before it (in it: `hall`)."""
    given = notes()
    roll = {"id": "avoid", "name": "Keep clear", "ability": ability, "difficulty": 7, "purpose": "trap"}
    trap: dict[str, Any] = {"package": package} | ({"damage": damage} if damage else {})
    element = {"id": "peril", "name": "The peril", "kind": "hazard", "roll": "avoid", "trap": trap}
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    if hall:
        given["events"][0]["rolls"].append(roll)
        given["events"][0]["elements"] = [element, herbs]
    else:
        given["events"] = [{"id": "gate", "summary": "A gate", "rolls": [roll], "elements": [element, herbs]},
                           *given["events"]]  # fmt: skip
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def brute(made: Callable[[list[int]], bool], prefix: tuple[int, ...] = (), depth: int = 4) -> Fraction:
    """The chance by the real move played on every face sequence of one stress die; past `depth` faces the rest
    go as the least of them does (checked to settle it: a run of 10s after a 10 makes it, after a botch fails)."""
    try:
        StressDie().sample(source := ManualSource(list(prefix)))
        source.finish()
    except ManualResultError:
        if len(prefix) < depth:
            return sum((brute(made, (*prefix, f), depth) for f in range(1, 11)), Fraction(0))
        settled = made([*prefix, 1])
        assert settled == (prefix[0] == 10)
        return Fraction(int(settled), 10 ** len(prefix))
    return Fraction(int(made(list(prefix))), 10 ** len(prefix))


def round_of(log: PlayLog, faces: list[int], **params: Any) -> dict[str, Any]:
    """A hazard round played on the log's state, nothing stored."""
    p = HazardRoundParams.model_validate({"trap": "flood"} | params)
    return HazardRoundAction().apply(state_of(log), p, log.option_values(), ManualSource(faces))[1]


def test_drowning_a_failing_hero_goes_under_the_others_swim() -> None:
    log = crypt()
    before = heroes_now(state_of(log), log.option_values())
    r = log.apply("spring_trap", {"trap": "flood"}, ManualSource([*FAIL, *MAKE * 3]))["result"]
    first = drowning_loss(1, log.option_values())  # 6 by the book's example
    assert r["perils"]["Ragnar"]["hp_lost"] == first == 6 and r["harm"] == {}
    assert {h for h, p in r["perils"].items() if p.get("swimming")} == {"Thurid", "Bjorn", "Sigrid"}
    state = state_of(log)
    assert state.outside["Ragnar"] == before["Ragnar"] - 6
    assert {(p.hero, p.under) for p in state.traps.perils} == {("Ragnar", 1), ("Thurid", 0), ("Bjorn", 0),
                                                                ("Sigrid", 0)}  # fmt: skip
    event = log.apply("hazard_round", {"trap": "flood", "out": ["Bjorn"]}, ManualSource([*FAIL, *MAKE]))
    r = event["result"]
    assert [d[1] for d in event["tape"]] == [f for g in r["faces"] for f in g] == [*FAIL, *MAKE]  # every die kept
    assert r["heroes"]["Ragnar"]["hp_lost"] == drowning_loss(2, log.option_values()) == 8  # drowning: 6, 8, 10...
    assert r["heroes"]["Thurid"]["under"] == 1 and r["heroes"]["Thurid"]["hp_lost"] == 6  # failed Swim: under
    sigrid = r["heroes"]["Sigrid"]
    assert r["heroes"]["Bjorn"] == {"out": True} and "under" not in sigrid and sigrid["total"] >= sigrid["difficulty"]
    state = state_of(log)
    assert {(p.hero, p.under, p.round_no) for p in state.traps.perils} == {("Ragnar", 2, 3), ("Thurid", 1, 3),
                                                                           ("Sigrid", 0, 3)}  # fmt: skip
    assert state.outside["Ragnar"] == before["Ragnar"] - 14


def test_the_swim_chance_on_the_button_is_the_real_rounds_over_every_face() -> None:
    log = crypt()
    log.apply("spring_trap", {"trap": "flood"}, ManualSource([*FAIL, *MAKE * 3]))
    state = state_of(log)
    for hero in ("Thurid", "Bjorn"):
        peril = next(p for p in state.traps.perils if p.hero == hero)
        others = [h for h in ("Thurid", "Bjorn", "Sigrid") if h != hero]

        def stays(faces: list[int], hero: str = hero, others: list[str] = others) -> bool:
            return "under" not in round_of(log, faces, out=others)["heroes"][hero]

        assert _chance(state, peril, log.option_values()) == brute(stays)
    board = EncounterTracker().board(state, words_for("en", "rune"), RUNNER, log.option_values())
    button = next(m for m in board.moves if m.action == "hazard_round")
    assert "Ragnar drowns: 8 HP" in button.hint and "Thurid stays afloat" in button.hint
    spanish = EncounterTracker().board(state, words_for("es", "rune"), RUNNER, log.option_values())
    assert "Ragnar se ahoga: 8 PG" in next(m for m in spanish.moves if m.action == "hazard_round").hint


def test_refusals_change_nothing_and_undo_takes_a_round_back() -> None:
    log = crypt()
    log.apply("spring_trap", {"trap": "flood"}, ManualSource([*FAIL, *MAKE * 3]))
    before = state_of(log)
    for params, said in (
        ({"trap": "flood", "trying": ["Thurid"]}, "rolls Swim by himself"),
        ({"trap": "flood", "out": ["Thurid", "Thurid"]}, "each hero once"),
        ({"trap": "flood", "leave": ["Thurid"]}, "raging fire"),
        ({"trap": "icicle"}, "holds nobody"),
    ):
        with pytest.raises(RulesError, match=said):
            log.apply("hazard_round", params, ManualSource([]))
        assert state_of(log) == before
    log.apply("hazard_round", {"trap": "flood"}, ManualSource(MAKE * 3))
    assert state_of(log) != before
    log.undo()
    assert state_of(log) == before


def test_fire_catches_by_the_runners_die_burns_on_and_is_smothered() -> None:
    log = hazard({"kind": "fire"})
    soak = body(state_of(log), "Ragnar", log.option_values()).soak
    r = log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3, 9]))["result"]
    assert r["faces"][-1] == [9] and r["perils"]["Ragnar"]["catches"]  # 9 meets 6: it catches
    assert r["perils"]["Ragnar"]["raw"] == 6 + 3 and r["perils"]["Ragnar"]["hp_lost"] == max(0, 9 - soak)
    peril = state_of(log).traps.perils[0]
    assert (peril.hero, peril.damage) == ("Ragnar", 11)  # 2 more next round
    chance = _chance(state_of(log), peril, log.option_values())

    def smothers(faces: list[int]) -> bool:
        state = state_of(log)
        p = HazardRoundParams(trap="peril", trying=("Ragnar",))
        return bool(HazardRoundAction().apply(state, p, log.option_values(), ManualSource(faces))[1]["heroes"][
            "Ragnar"].get("out"))  # fmt: skip

    assert chance == brute(smothers) and 0 < chance < 1
    r = log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(FAIL))["result"]
    assert r["heroes"]["Ragnar"]["raw"] == 11 and r["heroes"]["Ragnar"]["difficulty"] == 4
    peril = state_of(log).traps.perils[0]
    assert (peril.damage, peril.failed_smothers) == (13, 1)  # Dex against 5 next
    r = log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(MAKE))["result"]
    assert r["heroes"]["Ragnar"]["out"] and r["heroes"]["Ragnar"]["difficulty"] == 5
    assert not state_of(log).traps.perils


def test_flames_that_do_not_catch_leave_him_unhurt() -> None:
    log = hazard({"kind": "fire"})
    r = log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3, 3]))["result"]
    assert r["perils"]["Ragnar"] == {"die": 3, "catches": False} and not state_of(log).traps.perils


def test_a_raging_fire_burns_until_he_steps_out_then_he_smothers_at_6() -> None:
    log = hazard({"kind": "fire", "raging": True})
    r = log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3]))["result"]
    assert r["perils"]["Ragnar"]["raw"] == 12 and r["perils"]["Ragnar"]["die"] is None
    with pytest.raises(RulesError, match="step out"):
        log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource([]))
    r = log.apply("hazard_round", {"trap": "peril", "leave": ["Ragnar"]}, ManualSource([]))["result"]
    assert r["heroes"]["Ragnar"]["raw"] == 14
    r = log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(FAIL))["result"]
    assert r["heroes"]["Ragnar"]["difficulty"] == 6 and r["heroes"]["Ragnar"]["raw"] == 16


def test_a_grabber_holds_until_he_breaks_free_and_in_a_fight_weighs_on_his_atk_and_dfn() -> None:
    log = hazard({"kind": "grabber", "escape_difficulty": 8}, damage={"dam": 4})
    r = log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3]))["result"]
    assert r["perils"]["Ragnar"] == {"held": True} and "Ragnar" in r["harm"]  # its damage too
    peril = state_of(log).traps.perils[0]

    def frees(faces: list[int]) -> bool:
        p = HazardRoundParams(trap="peril", trying=("Ragnar",))
        out = HazardRoundAction().apply(state_of(log), p, log.option_values(), ManualSource(faces))[1]
        return bool(out["heroes"]["Ragnar"].get("out"))

    assert _chance(state_of(log), peril, log.option_values()) == brute(frees)
    r = log.apply("hazard_round", {"trap": "peril"}, ManualSource([]))["result"]
    assert r["heroes"]["Ragnar"] == {"held": True} and r["goes_on"]
    r = log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(MAKE))["result"]
    assert r["heroes"]["Ragnar"]["difficulty"] == 8 and r["heroes"]["Ragnar"]["out"]


def test_a_grabber_in_a_fight_weighs_on_his_atk_and_dfn_until_he_is_free() -> None:
    log = hazard({"kind": "grabber"}, hall=True)
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3]))
    held = [e for e in state_of(log).fights[-1].fight.effects if e.only == "Ragnar"]
    assert sorted((e.roll, e.delta, e.last_round) for e in held) == [("atk", -3, None), ("dfn", -3, None)]
    log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(MAKE))
    fight = state_of(log).fights[-1].fight
    assert all(e.last_round == max(1, fight.round) for e in fight.effects if e.only == "Ragnar")
    assert not state_of(log).traps.perils


def test_a_swarm_bites_each_round_until_he_flees_and_a_dodge_negates_the_bite() -> None:
    log = hazard({"kind": "nuisance", "dam": 2})
    r = log.apply("spring_trap", {"trap": "peril"}, ManualSource([*MAKE, *FAIL, *MAKE, *MAKE]))["result"]
    thurid = body(state_of(log), "Thurid", log.option_values())  # quilted or fur: Prot 1, bitten three times over
    assert r["perils"]["Thurid"]["raw"] == 6 and r["perils"]["Thurid"]["hp_lost"] == max(0, 6 - (thurid.soak - 1))
    peril = state_of(log).traps.perils[0]

    def stays(faces: list[int]) -> bool:
        p = HazardRoundParams(trap="peril")
        out = HazardRoundAction().apply(state_of(log), p, log.option_values(), ManualSource([*faces, 9, 9]))[1]
        return not out["heroes"]["Thurid"].get("flees")

    board = EncounterTracker().board(state_of(log), words_for("en", "rune"), RUNNER, log.option_values())
    hint = next(m for m in board.moves if m.action == "hazard_round").hint
    from runehall.systems.rune.encounters.swarm_play import chances

    swarm = state_of(log).notes.events[0].elements[0].trap.package  # type: ignore[union-attr]
    brave, _ = chances(state_of(log), swarm, peril, log.option_values())  # type: ignore[arg-type]
    assert brave == brute(stays) and f"Thurid stays {words_for('en', 'rune').percent(brave)}" in hint
    r = log.apply("hazard_round", {"trap": "peril", "trying": ["Thurid"]}, ManualSource([*MAKE, *MAKE]))["result"]
    assert r["heroes"]["Thurid"]["dodged"] and r["heroes"]["Thurid"]["difficulty"] == 6 + 2
    r = log.apply("hazard_round", {"trap": "peril"}, ManualSource(MAKE))["result"]
    taken = state_of(log).traps.perils[0].damage
    assert r["heroes"]["Thurid"]["raw"] == 6 and r["heroes"]["Thurid"]["bravery_difficulty"] == 6 + peril.damage
    r = log.apply("hazard_round", {"trap": "peril"}, ManualSource(FAIL))["result"]
    assert r["heroes"]["Thurid"]["flees"] and r["heroes"]["Thurid"]["bravery_difficulty"] == 6 + taken
    assert not state_of(log).traps.perils and not r["goes_on"]


def test_an_ambush_in_an_event_without_a_fight_is_refused() -> None:
    log = hazard({"kind": "ambush"}, ability="awareness")  # ambush_play.py plays one whose event has a fight
    before = state_of(log)
    with pytest.raises(RulesError, match="no fight to be ambushed in"):
        log.apply("spring_trap", {"trap": "peril"}, ManualSource([]))
    assert state_of(log) == before


def played() -> None:
    """Every hazard move once, for the words tests: a drowning and its round, a fire and a smothering, a grabber."""
    log = crypt()
    log.apply("spring_trap", {"trap": "flood"}, ManualSource([*FAIL, *MAKE * 3]))
    log.apply("hazard_round", {"trap": "flood", "out": ["Bjorn"]}, ManualSource([*FAIL, *MAKE]))
    log = hazard({"kind": "fire"})
    log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3, 9]))
    log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(FAIL))
    log = hazard({"kind": "grabber"})
    log.apply("spring_trap", {"trap": "peril"}, ManualSource([*FAIL, *MAKE * 3]))
    log.apply("hazard_round", {"trap": "peril", "trying": ["Ragnar"]}, ManualSource(MAKE))
    log = hazard({"kind": "nuisance", "dam": 2})
    log.apply("spring_trap", {"trap": "peril"}, ManualSource([*MAKE, *FAIL, *MAKE, *MAKE]))
    log.apply("hazard_round", {"trap": "peril", "trying": ["Thurid"]}, ManualSource([*MAKE, *MAKE]))
    log.apply("hazard_round", {"trap": "peril"}, ManualSource(FAIL))


def test_the_cards_say_it_in_both_languages() -> None:
    log = crypt()
    event = log.apply("spring_trap", {"trap": "flood"}, ManualSource([*FAIL, *MAKE * 3]))
    spring = EncounterTracker().actions()["spring_trap"]
    for lang, under in (("en", "goes under"), ("es", "se hunde")):
        text = " ".join(r.value for r in spring.describe(event, words_for(lang, "rune"), "Thurid").rows)
        assert under in text and "{" not in text
    event = log.apply("hazard_round", {"trap": "flood"}, ManualSource(MAKE * 3))
    card = EncounterTracker().actions()["hazard_round"].describe(event, words_for("es", "rune"), "Thurid")
    assert "asalto 2" in card.action and any("PG" in r.value for r in card.rows)
