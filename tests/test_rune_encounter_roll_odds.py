"""The exact odds on each "Call for a roll" button of the encounter tracker (roll_odds.py, rules §34.5): each hero's
chance of making the roll with all the roll adds (his sheet, Escalating Buffness, what the traps left, his gifts),
and the party's chance for a structure that decides for all, each checked against the real roll played over
every way its dice can fall."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters.roll_odds import chances, hint, party_chance, quick_party_chance
from runehall.systems.rune.encounters.run_rolls import NotedRollAction, NotedRollParams, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.encounters.trap_play_state import Ill, TrapPlay

RUNNER = Seat(runs=True, owns=True)
OPTIONS = PlayLog.start("rune", "encounter", {}, setup()).option_values()
HEROES = ("Ragnar", "Thurid", "Bjorn", "Sigrid")
SURE, NEVER = [10, 10, 9], [1, 10, 9]  # 29 and -19: make and fail every roll here


def run(
    structure: str = "standard", difficulty: int | None = 9, ability: str = "climb", owl: bool = False, **more: Any
) -> PlayLog:
    """The fixture's hall with a roll 'wall' (and, `owl`, a trap set on purpose hanging on it and Ragnar holding
    The Owl Hears the Viper)."""
    given = notes()
    roll = {"id": "wall", "name": "Climb the wall", "ability": ability, "difficulty": difficulty, "purpose": "trap",
            "structure": structure, **more}  # fmt: skip
    given["events"][0]["rolls"].append(roll)
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    wire = {"id": "wire", "name": "Tripwire", "kind": "trap", "roll": "wall", "trap": {"damage": {"dam": 4}}}
    given["events"][0]["elements"] = [herbs, *([wire] if owl else [])]  # the roll's cost earned back
    table = setup()
    if owl:
        table["heroes"][0]["sheet"]["gifts"] = {"the_owl_hears_the_viper": 1}
    log = PlayLog.start("rune", "encounter", {}, table)
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def play(log: PlayLog | RunState, faces: list[int], rollers: tuple[str, ...] = ()) -> dict[str, Any]:
    params = NotedRollParams(roll="wall", rollers=rollers)
    state = log if isinstance(log, RunState) else state_of(log)
    return NotedRollAction().apply(state, params, OPTIONS, ManualSource(faces))[1]


def brute(log: PlayLog | RunState, hero: str, prefix: tuple[int, ...] = (), depth: int = 4) -> Fraction:
    """The hero's chance, by the real roll played on every face sequence of his die (the others' dice sure to
    make it): past `depth` faces the rest of the sequences go as the least of them does (a run of 10s after a
    10 only adds, after a botch only takes away: checked to settle it)."""
    at = HEROES.index(hero)
    try:
        StressDie().sample(source := ManualSource(list(prefix)))
        source.finish()
    except ManualResultError:
        if len(prefix) < depth:
            return sum((brute(log, hero, (*prefix, f), depth) for f in range(1, 11)), Fraction(0))
        made = play(log, [*SURE * at, *prefix, 1, *SURE * (3 - at)])["fates"][hero]
        assert made == (prefix[0] == 10)  # the tail is settled: a triumph this high makes it, a botch fails
        return Fraction(int(made), 10 ** len(prefix))
    faces = [f for h in HEROES for f in (prefix if h == hero else SURE)]
    return Fraction(int(play(log, faces)["totals"][hero] >= 9), 10 ** len(prefix))


def test_each_heros_chance_is_the_real_rolls_over_every_face() -> None:
    log = run()
    p = chances(state_of(log), find_roll(state_of(log), "wall"), log.option_values())
    for hero in ("Ragnar", "Thurid"):  # Bjorn and Sigrid carry the same sheets
        assert p[hero] == brute(log, hero)
    assert p["Ragnar"] != p["Thurid"] and 0 < min(p.values()) and max(p.values()) < 1


def test_buffness_and_a_traps_impairment_change_the_shown_chance_as_they_change_the_roll() -> None:
    log = run()
    before = chances(state_of(log), find_roll(state_of(log), "wall"), log.option_values())
    for _ in range(6):  # Escalating Buffness: the seventh qualifying roll gets +1
        log.apply("noted_roll", {"roll": "wall"}, ManualSource(SURE * 4))
    state = state_of(log)
    assert state.buffness == 6
    after = chances(state, find_roll(state, "wall"), log.option_values())
    assert after["Ragnar"] > before["Ragnar"]
    assert after["Ragnar"] == brute(log, "Ragnar")
    ill = Ill(trap="wire", hero="Ragnar", points=2, left={"trap_rolls": 3})  # 2 points of a trap's Impairment
    state = state.model_copy(update={"traps": TrapPlay(ills=(ill,))})
    impaired = chances(state, find_roll(state, "wall"), log.option_values())
    assert impaired["Ragnar"] < after["Ragnar"] and impaired["Thurid"] == after["Thurid"]
    assert impaired["Ragnar"] == brute(state, "Ragnar")


def test_a_gift_on_the_roll_is_in_the_shown_chance_as_in_the_roll() -> None:
    plain, gifted = run(ability="awareness"), run(ability="awareness", owl=True)
    p = chances(state_of(plain), find_roll(state_of(plain), "wall"), OPTIONS)
    q = chances(state_of(gifted), find_roll(state_of(gifted), "wall"), OPTIONS)
    assert q["Ragnar"] > p["Ragnar"] and q["Bjorn"] == p["Bjorn"]  # +3 for the Owl on a deliberate trap's roll
    assert q["Ragnar"] == brute(gifted, "Ragnar")


def party_brute(log: PlayLog, p: dict[str, Fraction], rollers: tuple[str, ...] = ()) -> Fraction:
    """The party's chance by playing the real roll on every success/failure pattern of every die it draws
    (Domino's forced re-rolls too), each pattern weighed by the dice's own chances."""
    seen: dict[tuple[bool, ...], Fraction] = {}
    order = [h for h in HEROES if not rollers or h in rollers]
    for bits in itertools.product((True, False), repeat=2 * len(order)):
        faces = [f for b in bits for f in (SURE if b else NEVER)]
        r = play(log, faces, rollers)
        used = bits[: len(r["drawn"])]
        if used in seen:
            continue
        weight = Fraction(1)
        for key, made in zip(r["drawn"], used, strict=True):
            who = key.removesuffix(" again")
            weight *= p[who] if made else 1 - p[who]
        seen[used] = weight * bool(r["group_success"])
    return sum(seen.values(), Fraction(0))


@pytest.mark.parametrize(
    ("structure", "more"),
    [("weak_link", {}), ("line_of_doom", {"danger": "front"}), ("domino", {"danger": "rear"}),
     ("domino", {"danger": "front"})],
)  # fmt: skip
def test_the_partys_chance_is_the_real_rolls_over_every_way_the_dice_fall(structure: str, more: Any) -> None:
    log = run(structure, **more)
    state = state_of(log)
    p = chances(state, find_roll(state, "wall"), log.option_values())
    exact = party_chance(p, structure, HEROES, more.get("danger"))
    assert exact == party_brute(log, p)
    assert 0 < exact < min(p.values())


@pytest.mark.parametrize("size", [1, 3, 5, 8])
def test_the_closed_form_for_a_large_party_is_the_enumerations(size: int) -> None:
    heroes = [f"h{i}" for i in range(size)]
    p = {h: Fraction(i + 2, 13) for i, h in enumerate(heroes)}
    for structure in ("no_fault", "dogpile", "weak_link", "line_of_doom", "domino"):
        for danger in ("front", "rear"):
            assert party_chance(p, structure, heroes, danger) == quick_party_chance(p, structure)  # type: ignore[arg-type]


def test_a_structure_whose_rollers_are_named_shows_the_chance_if_everyone_rolls() -> None:
    for structure, combine in (("dogpile", "all"), ("no_fault", "any")):
        log = run(structure)
        state = state_of(log)
        p = chances(state, find_roll(state, "wall"), log.option_values())
        exact = party_chance(p, structure, HEROES)
        assert exact == party_brute(log, p, HEROES)
        misses = Fraction(1)
        for chance in p.values():
            misses *= 1 - chance
        assert exact == (p["Ragnar"] ** 2 * p["Thurid"] ** 2 if combine == "all" else 1 - misses)


def test_the_button_says_each_heros_chance_and_the_partys_in_both_languages() -> None:
    log = run("weak_link")
    state = state_of(log)
    p = chances(state, find_roll(state, "wall"), log.option_values())
    group = party_chance(p, "weak_link", HEROES)
    for lang, party in (("en", "the party makes it"), ("es", "el grupo la supera")):
        words = words_for(lang, "rune")
        board = EncounterTracker().board(state, words, RUNNER, log.option_values())
        button = next(m for m in board.moves if m.action == "noted_roll" and m.params == {"roll": "wall"})
        assert button.hint == hint(state, find_roll(state, "wall"), words, log.option_values())
        assert words.percent(p["Ragnar"]) in button.hint and f"{party} {words.percent(group)}" in button.hint
        assert "Ragnar" in button.hint and "{" not in button.hint


def test_a_roll_made_in_a_fight_shows_no_odds() -> None:
    log = run()
    state = state_of(log)
    roll = find_roll(state, "door").model_copy(update={"stat": "atk"})
    assert hint(state, roll, words_for("en", "rune"), log.option_values()) == ""


def test_an_opposed_roll_shows_each_heros_chance_against_the_opponent() -> None:
    log = run(difficulty=None, opposed_bonus=6)
    state = state_of(log)
    p = chances(state, find_roll(state, "wall"), log.option_values())
    faces = [f for _ in HEROES for f in (5,)]
    total = play(log, [*faces, 5])["totals"]["Ragnar"] - 5  # Ragnar's adds
    from runehall.systems.rune.stress import beats

    assert p["Ragnar"] == beats(6 - total)
    text = hint(state, find_roll(state, "wall"), words_for("en", "rune"), log.option_values())
    assert "party" not in text and "Ragnar makes it" in text
