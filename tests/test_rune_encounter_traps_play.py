"""Traps and hazards of the notes sprung by the encounter tracker (001c §6, §7.5; 001b §6.2-§6.4; rules §34.5):
a run of examples/rune/flooded-crypt.toml and of small notes of its own: the heroes' roll, every die stored, HP
and Wounds changed (outside a fight kept in the run and carried into the next, in a fight dealt there), VP
tallied, the exact odds on the button, refusals with the state unchanged, undo."""

from __future__ import annotations

import tomllib
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
from runehall.systems.rune.encounters.hazards import fall
from runehall.systems.rune.encounters.run_dangers import heroes_now
from runehall.systems.rune.encounters.run_rolls import bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import JUMP, body
from runehall.systems.rune.encounters.trap_cards import odds

CRYPT = Path(__file__).resolve().parents[1] / "examples" / "rune" / "flooded-crypt.toml"
RUNNER = Seat(runs=True, owns=True)


def crypt() -> PlayLog:
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": tomllib.loads(CRYPT.read_text(encoding="utf-8"))}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def total(log: PlayLog, hero: str, roll_id: str, faces: list[int]) -> int:
    state = state_of(log)
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    roll = find_roll(state, roll_id) if roll_id != "jump" else JUMP
    return StressDie().key(tuple(faces)) + bonus(hero, sheet, roll, log.option_values())


def vp(log: PlayLog, kind: str, hero: str | None = None) -> list[Any]:
    return [e for e in state_of(log).tally.of(kind) if hero is None or e.hero == hero]  # type: ignore[arg-type]


def test_the_icicle_strikes_the_hero_named_and_he_loses_hp_by_the_rule() -> None:
    log = crypt()
    before = heroes_now(state_of(log), log.option_values())["Ragnar"]
    soak = body(state_of(log), "Ragnar", log.option_values()).soak
    event = log.apply("spring_trap", {"trap": "icicle", "victims": ["Ragnar"]}, ManualSource([1, 3]))
    r = event["result"]
    assert [d[1] for d in event["tape"]] == [f for group in r["faces"] for f in group] == [1, 3]  # every die kept
    failed = 8 - total(log, "Ragnar", "dodge_icicle", [1, 3])
    lost = max(0, 12 + failed - soak)  # Dam 12 plus the failure, less Soak (001c §6.1)
    assert r["harm"]["Ragnar"]["hp_lost"] == lost > 0 and r["harm"]["Ragnar"]["failed_by"] == failed
    state = state_of(log)
    assert state.outside["Ragnar"] == before - lost == heroes_now(state, log.option_values())["Ragnar"]
    assert sum(e.amount for e in vp(log, "damage_taken", "Ragnar")) == -lost
    assert [e.meta["roll"] for e in vp(log, "runner_chortle")] == ["dodge_icicle"]  # only the victim rolled
    assert state.traps.sprung == ("icicle",) and not vp(log, "runner_terrain")  # not in a fight: no terrain VP


def test_a_victim_who_makes_the_roll_is_not_hurt_and_scores_his_success() -> None:
    log = crypt()
    r = log.apply("spring_trap", {"trap": "icicle", "victims": ["Sigrid"]}, ManualSource([10, 9]))["result"]
    assert r["harm"] == {} and r["roll"]["fates"] == {"Sigrid": True}
    margin = total(log, "Sigrid", "dodge_icicle", [10, 9]) - 8
    assert [e.amount for e in vp(log, "success", "Sigrid")] == [3 * margin]
    assert "Sigrid" not in state_of(log).outside


def test_a_limited_trap_draws_its_victim_when_none_is_named() -> None:
    log = crypt()
    r = log.apply("spring_trap", {"trap": "icicle"}, ManualSource(["Bjorn", 9]))["result"]
    assert r["victims"] == ["Bjorn"] and r["drawn"] and list(r["roll"]["totals"]) == ["Bjorn"]


def test_a_slide_down_the_stair_makes_each_faller_jump_and_land() -> None:
    log = crypt()
    soak = {h: body(state_of(log), h, log.option_values()) for h in ("Ragnar", "Thurid", "Bjorn", "Sigrid")}
    faces = [1, 2, 9, 9, 9, 2]  # Ragnar botches; Thurid, Bjorn, Sigrid roll; then Ragnar's Jump
    event = log.apply("spring_trap", {"trap": "slide"}, ManualSource(faces))
    r = event["result"]
    fell = [h for h, fine in r["roll"]["fates"].items() if not fine]
    assert fell == ["Ragnar"] and list(r["harm"]) == ["Ragnar"]
    jump = total(log, "Ragnar", "jump", [2])
    c = soak["Ragnar"]
    landing = fall(18, jump, max(0, c.soak - c.armor_prot))  # armour ignored (001c §7.5)
    assert r["harm"]["Ragnar"]["jump"] == jump and r["harm"]["Ragnar"]["hp_lost"] == landing.hp_lost
    assert [d[1] for d in event["tape"]] == [f for g in r["faces"] for f in g]


def test_refusals_change_nothing() -> None:
    log = crypt()
    log.apply("spring_trap", {"trap": "icicle", "victims": ["Ragnar"]}, ManualSource([9]))
    before = state_of(log)
    for params, said in (
        ({"trap": "icicle", "victims": ["Ragnar"]}, "has been sprung"),
        ({"trap": "nowhere"}, "no trap or hazard"),
        ({"trap": "slide", "victims": ["Ragnar"]}, "strikes every hero"),
    ):
        with pytest.raises(RulesError, match=said):
            log.apply("spring_trap", params, ManualSource([]))
        assert state_of(log) == before
    with pytest.raises(RulesError, match="hurting nobody"):
        log.apply("trap_round", {"trap": "icicle"}, ManualSource([]))


def test_in_a_fight_the_trap_comes_into_play_and_other_events_traps_wait() -> None:
    log = crypt()
    log.apply("fight", {"event": "tomb"}, ManualSource([]))
    with pytest.raises(RulesError, match="not in the event of the fight"):
        log.apply("spring_trap", {"trap": "icicle", "victims": ["Ragnar"]}, ManualSource([]))
    r = log.apply("spring_trap", {"trap": "bell"}, ManualSource([2, 9, 9, 9]))["result"]
    assert r["in_play"] and [e.meta["feature"] for e in vp(log, "runner_terrain")] == ["bell"]  # 001c §6.13
    assert r["roll"]["group_success"] is False  # Weak Link: one failure fails everyone
    marks = state_of(log).traps.marks
    assert [(m.stat, m.points, m.all_foes) for m in marks] == [("init", 6, True)]  # the alarm, for later
    left = log.tracker.board(state_of(log), words_for("en", "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    assert any("+6 INIT" in row.value for s in left.sections for row in s.rows)


def acid_notes() -> dict[str, Any]:
    """The fixture's hall with an acid vat before its fight: escalating armour-ignoring damage, climbed out of."""
    given = notes()
    hall = given["events"][0]
    hall["rolls"] += [
        {"id": "balance", "name": "Keep your balance", "ability": "balance", "difficulty": 6},
        {"id": "climb", "name": "Climb out", "ability": "climb", "difficulty": 6},
    ]
    acid = {"dam": 50, "armour_ignoring": True, "recurrence": "escalating", "end_roll": "climb"}
    hall["elements"] = [
        {"id": "acid", "name": "Acid vat", "kind": "hazard", "roll": "balance", "trap": {"damage": acid}},
        {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -150}]},
    ]
    return given


def vat() -> PlayLog:
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": acid_notes()}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def test_escalating_damage_goes_on_a_round_a_move_until_death_by_a_hazard() -> None:
    log = vat()
    r = log.apply("spring_trap", {"trap": "acid"}, ManualSource([1, 2, 9, 9, 9]))["result"]
    assert list(r["harm"]) == ["Ragnar"] and r["ongoing"] == ["Ragnar"]
    failed = r["harm"]["Ragnar"]["failed_by"]
    c = body(state_of(log), "Ragnar", log.option_values())
    hp = r["harm"]["Ragnar"]["hp"]
    second = log.apply("trap_round", {"trap": "acid"}, ManualSource([2]))["result"]  # he fails to climb out
    raw = 50 + 2 + failed  # the Dam grows by 2 a round, the failure as it was (001c §6.4)
    assert second["round"] == 2 and second["harm"]["Ragnar"]["raw"] == raw
    assert second["harm"]["Ragnar"]["hp"] == hp - max(0, raw - max(0, c.soak - c.armor_prot))
    assert second["harm"]["Ragnar"]["health"] == "dead" and not second["goes_on"]
    assert [e.meta["cause"] for e in vp(log, "hero_died")] == ["hazard"]  # 001b §6.3: death by a hazard
    assert state_of(log).traps.ongoing == ()
    with pytest.raises(RulesError, match="hurting nobody"):
        log.apply("trap_round", {"trap": "acid"}, ManualSource([]))


def test_a_victim_who_makes_the_ending_roll_is_freed() -> None:
    log = vat()
    log.apply("spring_trap", {"trap": "acid"}, ManualSource([1, 2, 9, 9, 9]))
    hp = state_of(log).outside["Ragnar"]
    r = log.apply("trap_round", {"trap": "acid"}, ManualSource([10, 5]))["result"]
    assert list(r["freed"]) == ["Ragnar"] and r["harm"] == {} and state_of(log).outside["Ragnar"] == hp
    assert vp(log, "success", "Ragnar")  # the ending roll is a roll of the notes


def test_undo_takes_the_trap_back() -> None:
    log = crypt()
    before = state_of(log)
    log.apply("spring_trap", {"trap": "icicle", "victims": ["Ragnar"]}, ManualSource([1, 3]))
    assert state_of(log) != before
    log.undo()
    assert state_of(log) == before


def test_the_button_shows_each_heros_exact_odds() -> None:
    log = crypt()
    state = state_of(log)
    view = log.tracker.board(state, words_for("en", "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    springs = {m.params["trap"]: m for m in view.moves if m.action == "spring_trap"}
    assert set(springs) == {"icicle", "slide", "bell", "flood"}  # the flood's drowning: hazard_play.py
    made, hurt = odds(state, next(el for e in state.notes.events for el in e.elements if el.id == "icicle"),  # type: ignore[union-attr]
                      "Ragnar", log.option_values())  # fmt: skip
    assert hurt is not None and 0 < hurt <= 1 - made
    words = words_for("en", "rune")
    assert f"Ragnar makes it {words.percent(made)}, loses HP {words.percent(hurt)}" in springs["icicle"].hint
    # brute force: every sequence of faces the stress die can show (to 4 faces), through the die itself
    adds = bonus("Ragnar", state.setup.heroes[0].sheet, find_roll(state, "dodge_icicle"), log.option_values())
    assert abs(brute_made(8 - adds) - made) < Fraction(1, 1000)


def brute_made(target: int, prefix: tuple[int, ...] = (), depth: int = 4) -> Fraction:
    """P(a stress roll >= target), summing every face sequence the die reads (deeper ones, under 1/1000, left)."""
    try:
        source = ManualSource(list(prefix))
        faces = StressDie().sample(source)
        source.finish()
    except ManualResultError:  # the die wants another face
        if len(prefix) >= depth:
            return Fraction(0)
        return sum((brute_made(target, (*prefix, f), depth) for f in range(1, 11)), Fraction(0))
    return Fraction(int(StressDie().key(faces) >= target), 10 ** len(prefix))


def played() -> None:
    """Every trap move once, for the words tests: a trap struck at a named hero, a fall, a round of acid."""
    log = crypt()
    log.apply("spring_trap", {"trap": "icicle", "victims": ["Ragnar"]}, ManualSource([1, 3]))
    log.apply("spring_trap", {"trap": "slide"}, ManualSource([1, 2, 9, 9, 9, 2]))
    log = vat()
    log.apply("spring_trap", {"trap": "acid"}, ManualSource([1, 2, 9, 9, 9]))
    log.apply("trap_round", {"trap": "acid"}, ManualSource([10, 5]))
