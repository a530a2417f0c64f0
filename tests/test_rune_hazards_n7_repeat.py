"""Repeat shots played by the encounter tracker (001c §6.10; rules §34.5): springing a trap that fires every round is
its first shot at `per_round` heroes drawn at random; each `repeat_shot` fires again (new victims, each rolling for
himself, failures suffering its damage); `stop_repeats` ends it by the notes' roll (a success for the party) or by
one hero's action. Buttons only while legal, with each hero's exact chances; refusals leave the run unchanged;
undo; English and Spanish."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_dangers import heroes_now
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.encounters.trap_cards import odds

RUNNER = Seat(runs=True, owns=True)
HEROES = ("Ragnar", "Thurid", "Bjorn", "Sigrid")


def blades(stop_by: str = "disarm") -> PlayLog:
    """A gate whose blades fire at 1 hero a round (Dodge against 7, Dam 7) until stopped by `stop_by`."""
    given = notes()
    rolls = [{"id": "duck", "name": "Duck the blades", "ability": "dodge", "difficulty": 7, "purpose": "trap",
              "structure": "singular"},
             {"id": "disarm", "name": "Jam the gears", "ability": "traps", "difficulty": 7, "purpose": "trap",
              "structure": "rush"}]  # fmt: skip
    trap = {"damage": {"dam": 7}, "targeting": {"per_round": 1, "stop_by": stop_by}}
    element = {"id": "blades", "name": "The whirling blades", "kind": "trap", "roll": "duck", "trap": trap}
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    given["events"] = [{"id": "gate", "summary": "A gate", "rolls": rolls, "elements": [element, herbs]},
                       *given["events"]]  # fmt: skip
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def brute(made: Any, prefix: tuple[int, ...] = (), depth: int = 4) -> Fraction:
    """The chance by the real move played on every face sequence of one stress die."""
    try:
        StressDie().sample(source := ManualSource(list(prefix)))
        source.finish()
    except ManualResultError:
        if len(prefix) < depth:
            return sum((brute(made, (*prefix, f), depth) for f in range(1, 11)), Fraction(0))
        return Fraction(int(prefix[0] == 10), 10 ** len(prefix))
    return Fraction(int(made(list(prefix))), 10 ** len(prefix))


def moves(log: PlayLog, lang: str = "en") -> list[Any]:
    return list(EncounterTracker().board(state_of(log), words_for(lang, "rune"), RUNNER, log.option_values()).moves)


def test_each_round_it_shoots_again_at_a_named_or_drawn_hero_until_stopped_by_its_roll() -> None:
    log = blades()
    opts = log.option_values()
    r = log.apply("spring_trap", {"trap": "blades", "victims": ["Ragnar"]}, ManualSource([1, 2]))["result"]
    assert r["victims"] == ["Ragnar"] and set(r["harm"]) == {"Ragnar"}  # the first shot
    assert state_of(log).traps.repeating == ("blades",)
    before = heroes_now(state_of(log), opts)
    event = log.apply("repeat_shot", {"trap": "blades", "victims": ["Thurid"]}, ManualSource([1, 3]))
    r = event["result"]
    c = body(state_of(log), "Thurid", opts)
    thurid = r["harm"]["Thurid"]
    assert r["shot"] == 2 and r["victims"] == ["Thurid"] and thurid["raw"] == 7 + thurid["failed_by"]
    assert heroes_now(state_of(log), opts)["Thurid"] == before["Thurid"] - max(0, thurid["raw"] - c.soak)
    assert [d[1] for d in event["tape"]] == [f for g in r["faces"] for f in g] == [1, 3]  # every die kept
    r = log.apply("repeat_shot", {"trap": "blades"}, ManualSource(["Bjorn", 10, 9]))["result"]  # drawn, then Dodge
    assert r["drawn"] and len(r["victims"]) == 1 and r["shot"] == 3 and r["harm"] == {}
    assert state_of(log).traps.sprung == ("blades",)  # sprung once, whatever the shots
    r = log.apply("stop_repeats", {"trap": "blades", "rollers": ["Bjorn"]}, ManualSource([1, 2]))["result"]
    assert not r["stopped"] and state_of(log).traps.repeating == ("blades",)
    r = log.apply("stop_repeats", {"trap": "blades", "rollers": ["Bjorn"]}, ManualSource([10, 9]))["result"]
    assert r["stopped"] and state_of(log).traps.repeating == ()
    assert not [m for m in moves(log) if m.action in ("repeat_shot", "stop_repeats")]
    with pytest.raises(RulesError, match="not firing repeat shots"):
        log.apply("repeat_shot", {"trap": "blades"}, ManualSource([9]))


def test_an_action_stops_it_with_no_roll_and_refusals_change_nothing_and_undo() -> None:
    log = blades("action")
    with pytest.raises(RulesError, match="not firing"):  # not yet sprung
        log.apply("stop_repeats", {"trap": "blades", "rollers": ["Bjorn"]}, ManualSource([]))
    log.apply("spring_trap", {"trap": "blades", "victims": ["Ragnar"]}, ManualSource([10, 9]))
    kept = state_of(log)
    with pytest.raises(RulesError, match="name him"):
        log.apply("stop_repeats", {"trap": "blades"}, ManualSource([]))
    with pytest.raises(RulesError):
        log.apply("repeat_shot", {"trap": "blades", "victims": ["Ragnar", "Thurid"]}, ManualSource([9, 9]))
    assert state_of(log) == kept
    event = log.apply("stop_repeats", {"trap": "blades", "rollers": ["Sigrid"]}, ManualSource([]))
    assert event["result"]["stopped"] and state_of(log).traps.repeating == ()
    log.undo(event["seq"])
    assert state_of(log) == kept


def test_the_shot_button_gives_each_heros_chance_to_be_aimed_at_to_make_it_and_to_be_hurt() -> None:
    log = blades()
    log.apply("spring_trap", {"trap": "blades", "victims": ["Ragnar"]}, ManualSource([10, 9]))
    state, opts = state_of(log), log.option_values()
    shot = next(m for m in moves(log) if m.action == "repeat_shot")
    element = state.notes.events[0].elements[0]  # type: ignore[union-attr]
    en = words_for("en", "rune")
    for hero in HEROES:
        made, hurt = odds(state, element, hero, opts)
        assert hurt is not None and f"{hero} aimed at {en.percent(Fraction(1, 4))}, makes it {en.percent(made)}" in (
            shot.hint
        )
        assert en.percent(Fraction(1, 4) * hurt) in shot.hint
    from runehall.systems.rune.encounters.repeat_play import RepeatShotAction, ShotParams

    def made_by(faces: list[int]) -> bool:  # the real shot at Sigrid on these faces
        r = RepeatShotAction().apply(state, ShotParams(trap="blades", victims=("Sigrid",)), opts,
                                     ManualSource([*faces, *[5] * 8]))[1]  # fmt: skip
        return bool(r["roll"]["fates"]["Sigrid"])

    assert odds(state, element, "Sigrid", opts)[0] == brute(made_by)
    stop = next(m for m in moves(log) if m.action == "stop_repeats")
    assert stop.ask == ("rollers",) and "makes it" in stop.hint


def played() -> PlayLog:
    """The blades sprung at Ragnar, shooting again at Thurid (he fails), then stopped by Bjorn's roll: for the words
    tests."""
    log = blades()
    log.apply("spring_trap", {"trap": "blades", "victims": ["Ragnar"]}, ManualSource([10, 9]))
    log.apply("repeat_shot", {"trap": "blades", "victims": ["Thurid"]}, ManualSource([1, 3]))
    log.apply("stop_repeats", {"trap": "blades", "rollers": ["Bjorn"]}, ManualSource([10, 9]))
    return log


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cards_and_buttons_read_in_english_and_spanish(lang: str) -> None:
    log = blades()
    words, acts = words_for(lang, "rune"), EncounterTracker().actions()
    log.apply("spring_trap", {"trap": "blades", "victims": ["Ragnar"]}, ManualSource([10, 9]))
    buttons = " ".join(f"{m.title} {m.hint}" for m in moves(log, lang) if m.action in ("repeat_shot", "stop_repeats"))
    shot, stop = played().events[-2:]  # the same spring, then a shot and a stop
    assert state_of(played()).traps.repeating == ()
    cards = [acts[e["action"]].describe(e, words, "Ana") for e in (shot, stop)]
    said = " ".join([buttons, *(c.action + " " + c.result + " " + " ".join(r.value for r in c.rows) for c in cards)])
    assert "{" not in said
    if lang == "es":
        assert "vuelve a disparar" in said and "deja de disparar" in said and "Shoot" not in said
    else:
        assert "shoots again (shot 2)" in said and "it stops shooting" in said and "Shoot again" in said
