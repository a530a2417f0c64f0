"""Getting lost played by the encounter tracker (001c §7.7; rules §34.5): spring_trap makes the Map roll and a
failure leaves the party astray; map_roll makes one Map roll a move, by the hero the runner names (the book's
example: fail, fail, a triumph and a success find the way after 4 rolls); then each hero's Sta + Bravery and Stealth
against the rolls made (a d10 plus the failure, armour ignored; a botch's Impairment; a wandering monster by the
Stealth failure). The button's chances are the real move's over every face; refusals leave the run as it was; undo;
English and Spanish words."""

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
from runehall.systems.rune.encounters.hazards import wandering_threat
from runehall.systems.rune.encounters.lost_play import STA_BRAVERY, STEALTH, MapRollAction, MapRollParams, chances
from runehall.systems.rune.encounters.run_dangers import heroes_now
from runehall.systems.rune.encounters.run_rolls import adds, bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body
from runehall.systems.rune.encounters.tracker import EncounterTracker

RUNNER = Seat(runs=True, owns=True)
HEROES = ("Ragnar", "Thurid", "Bjorn", "Sigrid")


def lost_log(structure: str = "singular", difficulty: int = 4) -> PlayLog:
    given = notes()
    roll = {"id": "map", "name": "Find the way", "ability": "map", "difficulty": difficulty, "purpose": "trap",
            "structure": structure}  # fmt: skip
    element = {"id": "maze", "name": "The twisting tunnels", "kind": "hazard", "roll": "map",
               "trap": {"package": {"kind": "lost"}}}  # fmt: skip
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
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


def face_for(log: PlayLog, hero: str, aim: int, make: bool) -> list[int]:
    """One stress roll's faces that make (or miss) `aim` for the hero on the Map roll, no 10 and no 1."""
    state = state_of(log)
    add = adds(state, hero, find_roll(state, "map"), log.option_values())
    face = next(f for f in range(2, 10) if (f + add >= aim) == make)
    return [face]


def test_the_books_example_fail_fail_triumph_success_finds_the_way_after_4_rolls() -> None:
    log = lost_log()
    r = log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([1, 2]))["result"]
    assert r["astray"] is True and r["harm"] == {}
    way = state_of(log).traps.lost[0]
    assert (way.failures, way.streak, way.rolls, way.lost().needed) == (1, 0, 1, 2)  # X = 2
    r = log.apply("map_roll", {"trap": "maze", "mapper": "Ragnar"}, ManualSource([1, 3]))["result"]
    assert not r["found"] and r["needed"] == 3 and r["rolls"] == 2  # Ragnar fails: X = 3
    r = log.apply("map_roll", {"trap": "maze", "mapper": "Thurid"}, ManualSource([10, 5]))["result"]
    assert r["triumph"] and r["streak"] == 2 and not r["found"]  # a triumph counts two
    before = heroes_now(state_of(log), log.option_values())
    opts = log.option_values()
    sheets = {h.name: h.sheet for h in state_of(log).setup.heroes}
    brave = {h: bonus(h, sheets[h], STA_BRAVERY, opts) for h in HEROES}
    sneak = {h: bonus(h, sheets[h], STEALTH, opts) for h in HEROES}
    # Ragnar botches his Sta + Bravery (-3), the d10 is 7; Bjorn botches Stealth (-4); the rest make both
    faces = [*face_for(log, "Thurid", 4, True), 1, 3, 7, 9, 9, 9, 9, 9, 1, 4, 9]
    event = log.apply("map_roll", {"trap": "maze", "mapper": "Thurid"}, ManualSource(faces))
    r = event["result"]
    assert r["found"] and r["rolls"] == 4  # the Difficulty after: 4, as the book counts it
    assert [d[1] for d in event["tape"]] == [f for g in r["faces"] for f in g] == faces  # every die kept, in order
    ragnar = r["heroes"]["Ragnar"]
    assert ragnar["bravery"] == -3 + brave["Ragnar"] < 4
    c = body(state_of(log), "Ragnar", opts)
    raw = 7 + 4 - ragnar["bravery"]
    assert ragnar["raw"] == raw and ragnar["hp_lost"] == raw - max(0, c.soak - c.armor_prot)  # armour ignored
    assert ragnar["impaired"] == 1 and "hp_lost" not in r["heroes"]["Thurid"]
    assert heroes_now(state_of(log), opts)["Ragnar"] == before["Ragnar"] - ragnar["hp_lost"]
    assert any(i.hero == "Ragnar" and i.trap == "maze" for i in state_of(log).traps.ills)
    assert r["heroes"]["Bjorn"]["stealth"] == -4 + sneak["Bjorn"]
    assert r["heroes"]["Bjorn"]["monster"] == wandering_threat(4 - r["heroes"]["Bjorn"]["stealth"])
    assert "monster" not in r["heroes"]["Sigrid"] and state_of(log).traps.lost == ()


def played() -> PlayLog:
    """The book's example for the words tests: lost on springing, then fail, a triumph and a success find the
    way (Ragnar botching his Sta + Bravery, Bjorn his Stealth)."""
    log = lost_log()
    log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([1, 2]))
    log.apply("map_roll", {"trap": "maze", "mapper": "Ragnar"}, ManualSource([1, 3]))
    log.apply("map_roll", {"trap": "maze", "mapper": "Thurid"}, ManualSource([10, 5]))
    faces = [*face_for(log, "Thurid", 4, True), 1, 3, 7, 9, 9, 9, 9, 9, 1, 4, 9]
    log.apply("map_roll", {"trap": "maze", "mapper": "Thurid"}, ManualSource(faces))
    return log


def test_a_made_map_roll_on_springing_leaves_nobody_lost() -> None:
    log = lost_log()
    r = log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([9]))["result"]
    assert r["astray"] is False and state_of(log).traps.lost == ()


def brute(made: Any, prefix: tuple[int, ...] = (), depth: int = 4) -> Fraction:
    """The chance by the real move played on every face sequence of one stress die (a long run settles as its
    first face says)."""
    try:
        StressDie().sample(source := ManualSource(list(prefix)))
        source.finish()
    except ManualResultError:
        if len(prefix) < depth:
            return sum((brute(made, (*prefix, f), depth) for f in range(1, 11)), Fraction(0))
        return Fraction(int(prefix[0] == 10), 10 ** len(prefix))
    return Fraction(int(made(list(prefix))), 10 ** len(prefix))


@pytest.mark.parametrize("difficulty", [4, 7, 12])
def test_the_buttons_chances_are_the_real_map_rolls_over_every_face(difficulty: int) -> None:
    log = lost_log(difficulty=difficulty)
    log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([1, 2]))
    state, opts = state_of(log), log.option_values()
    board = EncounterTracker().board(state, words_for("en", "rune"), RUNNER, opts)
    moves = [m for m in board.moves if m.action == "map_roll"]
    assert len(moves) == 1 and moves[0].ask == ("mapper",)
    for hero in ("Thurid", "Ragnar"):

        def play(faces: list[int], hero: str = hero) -> dict[str, Any]:
            p = MapRollParams(trap="maze", mapper=hero)
            return MapRollAction().apply(state, p, opts, ManualSource([*faces, *[9] * 12]))[1]

        made, finds = chances(state, state.traps.lost[0], hero, opts)
        assert made == brute(lambda f: play(f)["total"] >= difficulty)
        assert finds == brute(lambda f: play(f)["found"]) and 0 < finds <= made  # X = 2: only a triumph finds it
        assert finds < made or difficulty > 4 + adds(state, hero, find_roll(state, "map"), opts)
        assert words_for("en", "rune").percent(finds) in moves[0].hint


def test_refused_not_lost_a_stranger_mapper_and_no_button_state_unchanged_and_undo() -> None:
    log = lost_log()
    with pytest.raises(RulesError, match="not lost"):
        log.apply("map_roll", {"trap": "maze", "mapper": "Thurid"}, ManualSource([9]))
    opts = log.option_values()
    assert not [m for m in EncounterTracker().board(state_of(log), words_for("en", "rune"), RUNNER, opts).moves
                if m.action == "map_roll"]  # fmt: skip
    log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([1, 2]))
    kept = state_of(log)
    with pytest.raises(RulesError):
        log.apply("map_roll", {"trap": "maze", "mapper": "Gunnar"}, ManualSource([9]))
    with pytest.raises(RulesError, match="sprung"):
        log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([9]))
    assert state_of(log) == kept
    event = log.apply("map_roll", {"trap": "maze", "mapper": "Ragnar"}, ManualSource([1, 3]))
    assert state_of(log).traps.lost[0].rolls == 2
    log.undo(event["seq"])
    assert state_of(log) == kept


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cards_and_the_board_read_in_english_and_spanish(lang: str) -> None:
    log = lost_log()
    log.apply("spring_trap", {"trap": "maze", "rollers": ["Thurid"]}, ManualSource([1, 2]))
    log.apply("map_roll", {"trap": "maze", "mapper": "Ragnar"}, ManualSource([1, 3]))
    words = words_for(lang, "rune")
    tracker = EncounterTracker()
    view = tracker.board(state_of(log), words, RUNNER, log.option_values())
    text = " ".join([*(m.hint or "" for m in view.moves), *(m.title for m in view.moves),
                     *(f"{r.label} {r.value}" for s in view.sections for r in s.rows)])  # fmt: skip
    log = played()  # the same two first moves, and the way found
    acts = tracker.actions()
    cards = [
        acts[e["action"]].describe(e, words, "Ana") for e in log.events if e["action"] in ("spring_trap", "map_roll")
    ]
    said = " ".join([text, *(c.action + " " + c.result + " ".join(r.label + r.value for r in c.rows) for c in cards)])
    if lang == "es":
        assert "lost" not in said and "Map roll" not in said and "Stealth" not in said and "astray" not in said
        assert "Tirada de Orientación: The twisting tunnels" in said and "monstruo errante" in said
    else:
        assert "Map roll: The twisting tunnels" in said and "finds the way" in said and "wandering monster" in said
