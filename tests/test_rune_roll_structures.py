"""What a roll structure does at the table (spec 001b §13.3-§13.4, 001c §1.3, §3, §5.1-§5.6): the book's examples
(001c TV-01 to TV-06, TV-09; 001b TV-53, TV-54), every structure against a brute force over all success and failure
patterns for 1-6 heroes, and the Multiple-roll states."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import RulesError
from runehall.systems.rune.encounters.roll_states import (
    ActionSink,
    Buffness,
    Countdown,
    Endurance,
    PanicButton,
    Scoreboard,
)
from runehall.systems.rune.encounters.structures import resolve, rush_leaders, who_must_reroll
from runehall.systems.rune.options import RuneOptions

FIVE = ("Amundi", "Bjarni", "Canute", "Dagfin", "Ufnal")
D = 8


def totals(fails: set[str], heroes: tuple[str, ...] = FIVE) -> dict[str, int]:
    return {h: D - 1 if h in fails else D for h in heroes}


# -- the book's examples ----------------------------------------------------------------------------------------
def test_001c_tv01_dogpile() -> None:  # 001c TV-01
    """Hrapp's albatross, Bravery vs 8: the map is torn up; the book's example pays the margin once (001b A-35)."""
    rolled = {"Ragnar": 11, "Thurid": 12, "Thorleik": -8}
    book = resolve("dogpile", 8, rolled, success_vp_per_point=1)
    assert book.group_success is False and set(book.suffer) == set(rolled)
    assert book.pillager_vp == {"Ragnar": 11 - 8, "Thurid": 12 - 8, "Thorleik": 0}
    assert book.runner_vp == 3 * (8 - (-8))
    rule = resolve("dogpile", 8, rolled, success_vp_per_point=RuneOptions().success_vp_per_point)
    assert rule.pillager_vp == {"Ragnar": 3 * 3, "Thurid": 3 * 4, "Thorleik": 0}
    assert RuneOptions(success_vp_per_point=1).success_vp_per_point == 1


def lod(fails: set[str], danger: str) -> set[str]:
    return set(resolve("line_of_doom", D, totals(fails), danger=danger, party=FIVE).suffer)  # type: ignore[arg-type]


def test_001c_tv02_to_tv04_line_of_doom() -> None:  # 001c TV-02, 001c TV-03, 001c TV-04
    assert lod({"Canute", "Ufnal"}, "rear") == {"Canute", "Dagfin", "Ufnal"}  # TV-02
    assert lod({"Canute", "Ufnal"}, "front") == set(FIVE)  # TV-03
    assert lod({"Bjarni"}, "front") == {"Amundi", "Bjarni"}  # TV-04
    assert lod(set(), "front") == set()


def test_001c_tv05_tv06_domino() -> None:  # 001c TV-05, 001c TV-06
    first = totals({"Bjarni"})
    assert who_must_reroll(D, first, "rear", party=FIVE) == "Canute"
    tv05 = resolve("domino", D, first, danger="rear", party=FIVE, rerolls={"Canute": D + 2})
    assert tv05.suffer == ("Bjarni",) and tv05.rerolled == {"Canute": True}
    assert who_must_reroll(D, first, "rear", {"Canute": D - 3}, party=FIVE) == "Dagfin"
    tv06 = resolve("domino", D, first, danger="rear", party=FIVE, rerolls={"Canute": D - 3, "Dagfin": D})
    assert tv06.suffer == ("Bjarni", "Canute")
    assert tv06.runner_vp == 3 * 1 + 3 * 3  # Bjarni's failure and Canute's failed re-roll
    with pytest.raises(RulesError):
        resolve("domino", D, first, danger="rear", party=FIVE)  # Canute has not rolled again yet
    with pytest.raises(RulesError):
        resolve("domino", D, first, danger="rear", party=FIVE, rerolls={"Canute": D, "Ufnal": D})


def test_001b_tv53_no_fault() -> None:  # 001b TV-53
    """Thurid reads the runes, Thorleik does not: the party has the warning; the runner chortles at Thorleik's
    failure all the same (001b A-08)."""
    out = resolve("no_fault", 7, {"Thurid": 9, "Thorleik": 5}, party=("Ragnar", "Thurid", "Thorleik"))
    assert out.group_success and all(out.fates.values()) and set(out.affected) == {"Ragnar", "Thurid", "Thorleik"}
    assert out.pillager_vp["Thurid"] == 3 * 2 and out.runner_vp == 3 * 2


def test_001b_tv54_singular_and_rush() -> None:  # 001b TV-54
    # the albatross, the fire-spitting machine, the runic wall: one hero rolls, the whole party wins or loses by it
    party = ("Ragnar", "Thurid", "Thorleik")
    singular = resolve("singular", 8, {"Thurid": 7}, party=party)
    assert singular.suffer == party  # one roll decides for all
    assert resolve("singular", 8, {"Thurid": 9}, party=party).suffer == ()
    # the spear-trapped door, the golden orb: only the hero who goes first is at stake
    rush = resolve("rush", 8, {"Thurid": 7}, party=party)
    assert rush.suffer == ("Thurid",) and rush.affected == ("Thurid",)
    with pytest.raises(RulesError):
        resolve("rush", 8, {"Thurid": 7, "Ragnar": 9}, party=party)
    assert rush_leaders({"Ragnar": 9, "Thurid": 12}) == ("Thurid",)
    assert rush_leaders({"Ragnar": 12, "Thurid": 12, "Thorleik": 3}) == ("Ragnar", "Thurid")  # they roll again


def test_opposed_ties_favour_the_hero_and_freestanding_pays_the_runner_nothing() -> None:
    out = resolve("opposed", {"Ragnar": 9, "Thurid": 12}, {"Ragnar": 9, "Thurid": 10})
    assert out.fates == {"Ragnar": True, "Thurid": False} and out.pillager_vp["Ragnar"] == 0
    assert out.runner_vp == 3 * 2
    assert resolve("standard", 8, {"Ragnar": 5}, freestanding=True).runner_vp == 0
    with pytest.raises(RulesError):
        resolve("weak_link", 8, {"Ragnar": 5}, party=("Ragnar", "Thurid"))  # Thurid must roll too


# -- every structure against a brute force over all patterns ----------------------------------------------------
def expected(structure: str, fails: tuple[bool, ...], rollers: tuple[bool, ...], danger: str) -> dict[int, bool]:
    """Fates by position, read straight from the book's sentences (an independent statement of the rules)."""
    n = len(fails)
    rolled = [i for i in range(n) if rollers[i]]
    if structure in ("standard", "opposed", "rush", "scramble"):
        return {i: not fails[i] for i in rolled}
    if structure == "no_fault":
        return dict.fromkeys(range(n), any(not fails[i] for i in rolled))
    if structure == "dogpile":
        return dict.fromkeys(range(n), bool(rolled) and all(not fails[i] for i in rolled))
    if structure in ("singular", "weak_link"):
        return dict.fromkeys(range(n), not any(fails[i] for i in rolled))
    failed = [i for i in range(n) if fails[i]]
    if not failed:
        return dict.fromkeys(range(n), True)
    if danger == "rear":  # the failed hero nearest the front, and everyone behind him
        return {i: i < min(failed) for i in range(n)}
    return {i: i > max(failed) for i in range(n)}


def patterns(structure: str, n: int) -> list[tuple[bool, ...]]:
    if structure in ("singular", "rush"):
        return [tuple(j == i for j in range(n)) for i in range(n)]
    if structure in ("no_fault", "scramble", "dogpile"):
        return list(product((False, True), repeat=n))
    return [(True,) * n]


@pytest.mark.parametrize(
    "structure",
    ["standard", "opposed", "singular", "no_fault", "rush", "scramble", "dogpile", "weak_link", "line_of_doom"],
)
@pytest.mark.parametrize("n", range(1, 7))
def test_structures_against_brute_force(structure: str, n: int) -> None:
    heroes = tuple(f"H{i}" for i in range(n))
    for danger in ("front", "rear"):
        for rollers in patterns(structure, n):
            for fails in product((False, True), repeat=n):
                rolled = {heroes[i]: D - 2 if fails[i] else D + i for i in range(n) if rollers[i]}
                out = resolve(structure, D, rolled, party=heroes, danger=danger)  # type: ignore[arg-type]
                want = expected(structure, fails, rollers, danger)
                assert out.fates == {heroes[i]: ok for i, ok in want.items()}, (structure, danger, rollers, fails)
                assert out.pillager_vp == {h: 3 * (t - D) if t >= D else 0 for h, t in rolled.items()}
                assert out.runner_vp == 3 * 2 * sum(1 for t in rolled.values() if t < D)


def domino_by_chains(fails: tuple[bool, ...], refails: tuple[bool, ...], danger: str) -> set[int]:
    """Victims by following each chain from each failed hero, one hero at a time (each re-rolls once at most)."""
    n = len(fails)
    step = 1 if danger == "rear" else -1
    victims = {i for i in range(n) if fails[i]}
    rerolled: set[int] = set()
    pending = sorted(victims, reverse=step < 0)
    while pending:
        j = pending.pop(0) + step
        while 0 <= j < n and j not in rerolled:
            if fails[j]:
                break  # a victim already: his own chain carries on from him
            rerolled.add(j)
            if not refails[j]:
                break
            victims.add(j)
            j += step
    return victims


@pytest.mark.parametrize("n", range(1, 7))
def test_domino_against_brute_force(n: int) -> None:
    heroes = tuple(f"H{i}" for i in range(n))
    for danger in ("front", "rear"):
        for fails in product((False, True), repeat=n):
            for refails in product((False, True), repeat=n):
                first = {heroes[i]: D - 1 if fails[i] else D for i in range(n)}
                rerolls: dict[str, int] = {}
                while (who := who_must_reroll(D, first, danger, rerolls, heroes)) is not None:
                    rerolls[who] = D - 4 if refails[heroes.index(who)] else D + 1
                out = resolve("domino", D, first, party=heroes, danger=danger, rerolls=rerolls)
                assert set(out.suffer) == {heroes[i] for i in domino_by_chains(fails, refails, danger)}
                assert out.runner_vp == 3 * (sum(fails) + 4 * sum(not ok for ok in out.rerolled.values()))


# -- the Multiple-roll states and Escalating Buffness (001c TV-09) -------------------------------------------
def test_001c_tv09_escalating_buffness() -> None:  # 001c TV-09
    state, bonuses = Buffness(), []
    listed = [i for i in range(1, 12) if i != 3]  # eleven listed rolls, the third skipped
    for i in listed[:7]:
        bonus, state = state.roll(combat_ability=False, in_notes=True, freestanding=False)
        bonuses.append((i, bonus))
    assert bonuses == [(1, 0), (2, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 1)]
    free, state = state.roll(combat_ability=False, in_notes=True, freestanding=True)
    jump, state = state.roll(combat_ability=False, in_notes=False, freestanding=False)
    awareness_gift, state = state.roll(combat_ability=False, in_notes=False, freestanding=False)
    assert (free, jump, awareness_gift, state.bonus) == (1, 1, 1, 1)
    awareness, state = state.roll(combat_ability=False, in_notes=True, freestanding=False)
    dodge, state = state.roll(combat_ability=False, in_notes=True, freestanding=False)
    assert (awareness, dodge) == (2, 3)
    swing, after = state.roll(combat_ability=True, in_notes=True, freestanding=False)
    assert swing == 0 and after == state  # a Combat Ability neither gets it nor raises it


@given(st.lists(st.booleans(), max_size=30))
def test_buffness_bonus_is_the_count_beyond_six(qualifying: list[bool]) -> None:
    state = Buffness()
    for q in qualifying:
        state = state.after(q)
    assert state.bonus == max(0, sum(qualifying) - 6)


def test_countdown_state() -> None:
    state = Countdown(needed=2, rounds=2).after(True).after(False).end_round()
    assert state.outcome is None
    assert state.after(True).outcome is True
    assert state.end_round().outcome is False
    with pytest.raises(RulesError):
        state.after(True).after(True)


def test_scoreboard_state() -> None:
    state = Scoreboard(target=3)
    for hero, foe in ((9, 9), (4, 7), (8, 5)):
        state = state.exchange(hero, foe)
    assert (state.hero, state.adversary, state.outcome) == (2, 1, None)
    assert state.after(False).after(False).outcome is False and state.after(True).outcome is True


def test_endurance_panic_button_and_action_sink_states() -> None:
    bridge = Endurance(rolls=4)
    assert bridge.after(True).after(True).after(True).outcome is None
    assert bridge.after(True).after(True).after(True).after(True).outcome is True
    assert bridge.after(True).after(False).outcome is False
    panic = PanicButton().after(True).after(True)
    assert panic.ending_roll(False).outcome is None and panic.ending_roll(True).outcome is True
    assert panic.after(False).outcome is False
    sink = ActionSink(needed=4, trap_at_end=True).after(True).after(False).after(True)
    assert sink.outcome is None and sink.attempts == 3
    assert sink.end_of_fight().outcome is False and sink.end_of_fight().trap_strikes
    done = sink.after(True).after(True)
    assert done.outcome is True and not done.end_of_fight().trap_strikes
