"""An ambush played by the encounter tracker (book p. 148; rules §34.5): sprung before its event's fight, a failed
Weak Link Awareness roll surprises the heroes and the fight stages it from its first round (ATK, DFN and
Engagement -6, then ATK and DFN -3, then -1); sprung in the fight, from the round under way; the heroes' own ambush
surprises every foe on a success. At the ambush's second and third rounds the surprised roll to recover (Bravery or
Res against 9): the button's chance is the real move's over every face; making it leaves -2 that round and nothing
the next. Refusals leave the run unchanged; undo; English and Spanish."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.dice import StressDie
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.effects import effect_total
from runehall.systems.rune.combat.moves import engagement_roll
from runehall.systems.rune.encounters.ambush_play import AmbushRecoveryAction, RecoveryParams, adds, chance
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.options import RuneOptions

RUNNER = Seat(runs=True, owns=True)
HEROES = ("Ragnar", "Thurid", "Bjorn", "Sigrid")


def ambush_log(by: str = "foes", in_fight: bool = False) -> PlayLog:
    given = notes()
    ability = "awareness" if by == "foes" else "stealth"
    roll = {"id": "watch", "name": "Keep watch", "ability": ability, "difficulty": 7, "purpose": "trap",
            "structure": "weak_link"}  # fmt: skip
    element = {"id": "lurk", "name": "Wolves in the brush", "kind": "trap" if by == "foes" else "gain",
               "roll": "watch", "trap": {"package": {"kind": "ambush", "by": by}}}  # fmt: skip
    if in_fight:
        element["in_combat"] = True
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    given["events"][0]["rolls"].append(roll)
    given["events"][0]["elements"] = [element, herbs] if by == "foes" else [element]
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def at_round(state: RunState, n: int) -> RunState:
    """The run with its fight moved on to round `n` (its Initiative)."""
    last = state.fights[-1]
    fight = last.fight.model_copy(update={"round": n, "phase": "initiative"})
    return state.model_copy(update={"fights": (*state.fights[:-1], last.model_copy(update={"fight": fight}))})


def on(state: RunState, who: str, roll: Any) -> int:
    fight = state.fights[-1].fight
    return effect_total(Board(fight, RuneOptions()), next(c for c in fight.combatants if c.name == who), roll)


def test_a_failed_watch_surprises_the_heroes_from_the_fights_first_round() -> None:
    log = ambush_log()
    r = log.apply("spring_trap", {"trap": "lurk"}, ManualSource([1, 2, 9, 9, 9]))["result"]
    assert r["ambush"] == {"side": "heroes", "heroes": list(HEROES), "staged": False}  # Weak Link: all fail
    assert state_of(log).traps.ambushes[0].first is None
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = state_of(log)
    for n, (atk, dfn, eng) in enumerate([(-6, -6, -6), (-3, -3, 0), (-1, -1, 0), (0, 0, 0)], start=1):
        s = at_round(state, n)
        assert [on(s, "Ragnar", x) for x in ("atk", "dfn", "engagement")] == [atk, dfn, eng]
        assert [on(s, "Dark Viking 1", x) for x in ("atk", "dfn", "engagement")] == [0, 0, 0]  # foes untouched
    fight = state.fights[-1].fight
    ragnar = next(c for c in fight.combatants if c.name == "Ragnar")
    record = engagement_roll(Board(fight, RuneOptions()), ragnar, None, ManualSource([5]))
    assert record["modifiers"]["Wolves in the brush"] == -6  # on the Engagement roll, by the trap's name


def test_the_heroes_ambush_surprises_every_foe_and_a_made_watch_surprises_nobody() -> None:
    log = ambush_log(by="heroes")
    r = log.apply("spring_trap", {"trap": "lurk"}, ManualSource([9, 9, 9, 9]))["result"]
    assert r["ambush"]["side"] == "foes" and not r["in_play"]
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = at_round(state_of(log), 1)
    assert on(state, "Dark Viking 2", "atk") == -6 and on(state, "Thurid", "atk") == 0
    quiet = ambush_log()
    r = quiet.apply("spring_trap", {"trap": "lurk"}, ManualSource([10, 9] * 4))["result"]
    assert r["ambush"] is None and state_of(quiet).traps.ambushes == ()


def test_sprung_in_the_fight_it_starts_with_the_round_under_way() -> None:
    log = ambush_log(in_fight=True)
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    with_round = at_round(state_of(log), 2)
    from runehall.systems.rune.encounters.run_traps import SpringParams, SpringTrapAction

    after, r = SpringTrapAction().apply(with_round, SpringParams(trap="lurk"), log.option_values(),
                                        ManualSource([1, 2, 9, 9, 9]))  # fmt: skip
    assert r["ambush"]["staged"] and after.traps.ambushes[0].first == 2
    assert on(after, "Sigrid", "atk") == -6 and on(at_round(after, 3), "Sigrid", "dfn") == -3


def brute(made: Any, prefix: tuple[int, ...] = (), depth: int = 4) -> Fraction:
    try:
        StressDie().sample(source := ManualSource(list(prefix)))
        source.finish()
    except ManualResultError:
        if len(prefix) < depth:
            return sum((brute(made, (*prefix, f), depth) for f in range(1, 11)), Fraction(0))
        return Fraction(int(prefix[0] == 10), 10 ** len(prefix))
    return Fraction(int(made(list(prefix))), 10 ** len(prefix))


def test_recovery_rolls_their_odds_and_what_they_spare() -> None:
    log = ambush_log()
    log.apply("spring_trap", {"trap": "lurk"}, ManualSource([1, 2, 9, 9, 9]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    opts, action = log.option_values(), AmbushRecoveryAction()
    state = at_round(state_of(log), 2)
    fight = state.fights[-1].fight
    ragnar = next(c for c in fight.combatants if c.name == "Ragnar")

    def play(faces: list[int], s: RunState = state) -> tuple[RunState, dict[str, Any]]:
        return action.apply(s, RecoveryParams(trap="lurk"), opts, ManualSource([*faces, 1, 2, 1, 2, 1, 2]))

    assert chance(state, ragnar, opts) == brute(lambda f: play(f)[1]["rolls"]["Ragnar"]["made"])
    board = EncounterTracker().board(state, words_for("en", "rune"), RUNNER, opts)
    button = next(m for m in board.moves if m.action == "ambush_recovery")
    assert f"Ragnar recovers {words_for('en', 'rune').percent(chance(state, ragnar, opts))}" in button.hint
    aim = 9 - adds(state, ragnar, opts)
    made = next([f] for f in range(2, 10) if f >= aim) if aim <= 9 else [10, 9]
    after, r = play(made)
    assert r["rolls"]["Ragnar"]["made"] and not r["rolls"]["Thurid"]["made"]
    assert [d for g in r["faces"] for d in g] == [*made, 1, 2, 1, 2, 1, 2]  # every die kept
    assert on(after, "Ragnar", "atk") == -2 and on(at_round(after, 3), "Ragnar", "dfn") == 0  # -2, then nothing
    assert on(after, "Thurid", "atk") == -3
    with pytest.raises(RulesError, match="rolled this round"):  # the same round again: refused
        action.apply(after, RecoveryParams(trap="lurk"), opts, ManualSource([9]))
    third = at_round(after, 3)
    again, r = action.apply(third, RecoveryParams(trap="lurk"), opts, ManualSource([10, 9, 1, 2, 1, 2]))
    assert set(r["rolls"]) == {"Thurid", "Bjorn", "Sigrid"} and r["rolls"]["Thurid"]["made"]
    assert on(again, "Thurid", "atk") == 0 and on(again, "Bjorn", "atk") == -1  # spared the third round's -1
    with pytest.raises(RulesError, match="second or third"):
        action.apply(at_round(after, 4), RecoveryParams(trap="lurk"), opts, ManualSource([9]))


def test_refused_at_the_first_round_no_button_state_unchanged_and_undo() -> None:
    log = ambush_log()
    log.apply("spring_trap", {"trap": "lurk"}, ManualSource([1, 2, 9, 9, 9]))
    with pytest.raises(RulesError, match="second or third"):  # no fight under way
        log.apply("ambush_recovery", {"trap": "lurk"}, ManualSource([9]))
    event = log.apply("fight", {"event": "hall"}, ManualSource([]))
    kept = state_of(log)
    with pytest.raises(RulesError, match="second or third"):  # its first round: nothing to roll yet
        log.apply("ambush_recovery", {"trap": "lurk"}, ManualSource([9]))
    assert state_of(log) == kept
    board = EncounterTracker().board(kept, words_for("en", "rune"), RUNNER, log.option_values())
    assert not [m for m in board.moves if m.action == "ambush_recovery"]
    log.undo(event["seq"])
    assert state_of(log).fights == () and state_of(log).traps.ambushes[0].first is None


def to_round_2(log: PlayLog) -> None:
    """The run's fight played through its first round: initiative for all, everyone passing, the round ended."""
    fight = state_of(log).fights[-1].fight
    for i, c in enumerate(fight.combatants):
        log.apply("initiative", {"who": c.name}, ManualSource([2 + i % 8]))
    if state_of(log).fights[-1].fight.phase == "tiebreak":
        log.apply("tiebreak", {}, SeededSource(1))
    while (up := Board(state_of(log).fights[-1].fight, log.option_values()).next_up()) is not None:
        log.apply("pass", {"who": up[0]}, ManualSource([]))
    log.apply("end_round", {}, ManualSource([]))


def played() -> PlayLog:
    """The heroes surprised, their fight played to its second round and their recovery rolled (Ragnar makes it,
    the rest fail), for the words tests."""
    log = ambush_log()
    log.apply("spring_trap", {"trap": "lurk"}, ManualSource([1, 2, 9, 9, 9]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    to_round_2(log)
    log.apply("ambush_recovery", {"trap": "lurk"}, ManualSource([10, 9, 1, 2, 1, 2, 1, 2]))
    return log


def test_played_the_recovery_is_rolled_at_the_fights_second_round() -> None:
    log = played()
    r = log.events[-1]["result"]
    assert r["round"] == state_of(log).fights[-1].fight.round == 2
    assert r["rolls"]["Ragnar"]["made"] and not r["rolls"]["Thurid"]["made"]
    assert on(state_of(log), "Ragnar", "atk") == -2 and on(state_of(log), "Thurid", "atk") == -3


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cards_read_in_english_and_spanish(lang: str) -> None:
    log = ambush_log()
    words, acts = words_for(lang, "rune"), EncounterTracker().actions()
    spring = log.apply("spring_trap", {"trap": "lurk"}, ManualSource([1, 2, 9, 9, 9]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = at_round(state_of(log), 2)
    _, r = AmbushRecoveryAction().apply(state, RecoveryParams(trap="lurk"), log.option_values(),
                                        ManualSource([10, 9, 1, 2, 1, 2, 1, 2]))  # fmt: skip
    card = acts["ambush_recovery"].describe({"result": r}, words, "Ana")
    sprung = acts["spring_trap"].describe(spring, words, "Ana")
    hint = next(m for m in EncounterTracker().board(state, words, RUNNER, log.option_values()).moves
                if m.action == "ambush_recovery").hint  # fmt: skip
    said = " ".join(
        [card.action, card.result, hint, *(r.label + " " + r.value for c in (card, sprung) for r in c.rows)]
    )
    assert "{" not in said
    if lang == "es":
        assert "recupera" in said and "sorprendid" in said and "recovers" not in said and "surprised" not in said
    else:
        assert "recovers" in said and "surprised when the fight begins" in said
