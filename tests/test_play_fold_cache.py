"""The fold cache (play/log.py): a log folded from a stored prefix gives the state a fold from nothing gives,
whatever mix of moves and undos came after, and a state handed out may be changed without changing the next."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coin_system import CoinSystem
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play import log as play_log
from runehall.play.log import PlayLog
from runehall.systems import registry


@pytest.fixture(autouse=True)
def coin() -> Iterator[CoinSystem]:
    system = CoinSystem()
    remove = registry.register(system)
    yield system
    remove()


def cold(log: PlayLog) -> object:
    """The state folded with nothing stored (the fold as it was before the cache)."""
    saved = dict(play_log._folds)
    play_log._folds.clear()
    try:
        return log.state()
    finally:
        play_log._folds.clear()
        play_log._folds.update(saved)


# Each step: a flip (its face), a spend (its amount) or an undo (of the n-th move still in force, from the end).
steps = st.lists(
    st.one_of(
        st.tuples(st.just("flip"), st.integers(1, 2)),
        st.tuples(st.just("spend"), st.integers(1, 3)),
        st.tuples(st.just("undo"), st.integers(0, 4)),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_a_warm_fold_is_the_cold_fold_after_any_moves_and_undos(plan: list[tuple[str, int]]) -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 2})
    for kind, n in plan:
        try:
            if kind == "flip":
                log.apply("flip", {}, ManualSource([n]))
            elif kind == "spend":
                log.apply("spend", {"amount": n}, ManualSource([]))
            else:
                gone = log.revoked()
                live = [e["seq"] for e in log.events if e["action"] != "revoke" and e["seq"] not in gone]
                if live:
                    log.undo(live[-1 - min(n, len(live) - 1)])
        except RulesError:
            pass  # refused: nothing appended, as the log's own tests check
        assert log.state() == cold(log)


def test_a_state_changed_by_its_reader_leaves_the_stored_one_alone() -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 0})
    log.apply("flip", {}, ManualSource([2]))
    first = log.state()
    object.__setattr__(first, "coins", 99)  # a careless reader
    assert log.state().coins == 1  # type: ignore[attr-defined]
    log.apply("flip", {}, ManualSource([2]))
    assert log.state().coins == 2  # type: ignore[attr-defined]


def test_a_fold_starts_from_the_longest_prefix_it_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    from coin_system import FlipInto

    log = PlayLog.start("coin", "purse", {}, {"coins": 0})
    for _ in range(6):
        log.apply("flip", {}, ManualSource([2]))
    log.state()
    replayed: list[int] = []
    original = FlipInto.apply

    def counting(self: FlipInto, *args: Any) -> Any:
        replayed.append(1)
        return original(self, *args)

    monkeypatch.setattr(FlipInto, "apply", counting)
    log.apply("flip", {}, ManualSource([2]))  # the move's own check, nothing before it replayed
    assert len(replayed) == 1
    replayed.clear()
    log.undo(3)  # the undo's check replays from before move 3: moves 4 to 7
    assert len(replayed) == 4
    replayed.clear()
    assert log.state().coins == 6  # type: ignore[attr-defined]
    assert replayed == []  # stored by the undo's check
    assert log.state() == cold(log)
