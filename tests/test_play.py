"""The play log: state is the fold of events, refused moves change nothing, undo is a new event."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from coin_system import CoinSystem
from conftest import Cli
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, RulesError, VerificationError
from runehall.play.log import PlayLog
from runehall.systems import registry


@pytest.fixture(autouse=True)
def coin() -> Iterator[CoinSystem]:
    system = CoinSystem()
    remove = registry.register(system)
    yield system
    remove()


def test_state_is_the_fold_of_the_events() -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 1})
    log.apply("flip", {}, ManualSource([2]))
    log.apply("flip", {}, ManualSource([1]))
    log.apply("spend", {"amount": 2}, SeededSource(0))
    state = log.state()
    assert state.coins == 0  # type: ignore[attr-defined]
    assert state.history == ("heads", "tails")  # type: ignore[attr-defined]
    again = PlayLog.from_json(json.loads(json.dumps(log.to_json())))
    assert again.state() == state


def test_a_refused_action_appends_nothing() -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 1})
    before = json.dumps(log.to_json())
    with pytest.raises(RulesError, match="only 1 coins"):
        log.apply("spend", {"amount": 5}, SeededSource(0))
    assert json.dumps(log.to_json()) == before


def test_undo_revokes_and_keeps_the_original() -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 0})
    log.apply("flip", {}, ManualSource([2]))
    log.apply("flip", {}, ManualSource([2]))
    log.undo()
    assert log.state().coins == 1  # type: ignore[attr-defined]
    assert [e["action"] for e in log.events] == ["flip", "flip", "revoke"]
    assert log.revoked() == {2}


def test_undo_that_would_break_a_later_event_is_refused() -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 0})
    log.apply("flip", {}, ManualSource([2]))
    log.apply("spend", {"amount": 1}, SeededSource(0))
    with pytest.raises(RulesError, match="depends on it"):
        log.undo(1)
    assert len(log.events) == 2
    with pytest.raises(RulesError, match="not an action still in force"):
        log.undo(7)


def test_a_log_whose_draws_were_edited_does_not_load() -> None:
    log = PlayLog.start("coin", "purse", {}, {"coins": 0})
    log.apply("flip", {}, ManualSource([2]))
    data = log.to_json()
    data["events"][0]["tape"] = [[3, 1]]
    with pytest.raises(ManualResultError, match=r"1\.\.3"):
        PlayLog.from_json(data)
    with pytest.raises(VerificationError):
        PlayLog.from_json({"format": "nope"})


def test_play_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    setup = tmp_path / "setup.toml"
    setup.write_text("coins = 2\n")
    assert "2 coins" in cli("play", "new", str(game), "coin", "purse", "--coins", "2")
    cli("play", "new", str(game), "coin", "purse", code=2)  # never overwrite
    assert "3 coins" in cli("play", "do", str(game), "flip", "--manual", "2")
    before = game.read_text()
    cli("play", "do", str(game), "spend", "--amount", "9", code=2)
    cli("play", "do", str(game), "spend", "--amount", "zero", code=2)
    cli("play", "do", str(game), "dance", code=2)
    cli("play", "do", str(game), "flip", "--manual", "3", code=2)
    assert game.read_text() == before
    assert "1 coins" in cli("play", "do", str(game), "spend", "--amount", "2")
    assert "3 coins" in cli("play", "undo", str(game))
    log = cli("play", "log", str(game))
    assert "(undone)" in log and "undoes event 2" in log and "=" not in log.replace("= ", "")
    assert json.loads(cli("play", "show", str(game), "--json"))["coins"] == 3
    listed = cli("play", "actions", "coin", "purse")
    assert "[spend]" in listed and "[amount] (required): " in listed and "A whole number." in listed
    other = tmp_path / "other.json"
    cli("play", "new", str(other), "coin", "purse", "--coins", f"@{setup}", code=2)  # a table is not an int
    cli("play", "show", str(tmp_path / "missing.json"), code=2)
