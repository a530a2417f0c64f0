"""`runehall verify` refuses forgeries (issue 11, item 7): each forgery found by the attack is a test, run
through the command line, whose exit code must say the log is not whole (1), or not a log (2)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli
from runehall.fairness.log import verify_log
from service_fixtures import Seat, open_table

HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}


def played(client: Any) -> tuple[Seat, Seat, dict[str, Any]]:
    """A table with public rolls (dice notation and a mechanic), a tracker whose wyrd draws runes, a
    rotation; the player's fair log."""
    table = open_table(client)
    player = table.join("Ana")
    for notation in ("1d20", "3d6", "4d6k3"):
        body = {"system": "dice", "mechanic": "roll", "params": {"notation": notation}}
        assert player.post("/rolls", body).is_success
    skill = {"bag": "4F,2M,1E", "destiny": 3, "void_trait": "E", "required_trait": "F", "difficulty": 3}
    assert player.post("/rolls", {"mechanic": "test", "params": skill}).is_success
    made = player.post("/characters", {"sheet": HERO}).json()
    started = player.post("/trackers", {"tracker": "tree", "setup": {"character_id": made["payload"]["character_id"]}})
    tracker_id = started.json()["payload"]["tracker_id"]
    assert player.post(f"/trackers/{tracker_id}/actions", {"action": "wyrd"}).is_success
    assert player.post("/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "1d100"}}).is_success
    assert table.gm.post("/seed/rotate", {}).status_code == 201
    return table.gm, player, player.get("/fair-log").json()


def _relabel_manual(log: dict[str, Any]) -> None:
    roll = log["rolls"][0]
    roll["source"] = {"kind": "manual"}
    roll["tape"][0][1] = roll["tape"][0][1] % 20 + 1
    roll["outcome"] = roll["tape"][0][1]


def _edit_face(log: dict[str, Any]) -> None:
    log["rolls"][1]["tape"][0][1] = log["rolls"][1]["tape"][0][1] % 6 + 1


def _tracker_entry(log: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in log["rolls"] if r["mechanic"].startswith("tracker:"))


def _edit_label(log: dict[str, Any]) -> None:
    """The rune drawn renamed, in the tracker's events and its entry alike (so only folding catches it)."""
    event = log["trackers"][0]["events"][0]
    event["tape"][0][2] = "made-up-rune"
    _tracker_entry(log)["tape"] = copy.deepcopy(event["tape"])


def _edit_result(log: dict[str, Any]) -> None:
    event = log["trackers"][0]["events"][0]
    event["result"]["asked"] = 99
    _tracker_entry(log)["outcome"] = copy.deepcopy(event["result"])


FORGERIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "fair roll relabelled manual": _relabel_manual,
    "edited face": _edit_face,
    "deleted roll": lambda log: log["rolls"].pop(1),
    "deleted last roll": lambda log: log["rolls"].pop(),
    "edited tracker tape label": _edit_label,
    "edited tracker result": _edit_result,
    "tracker entry deleted": lambda log: log["rolls"].remove(_tracker_entry(log)),
    "seed of a stream edited": lambda log: log["epochs"][0]["streams"][0].__setitem__("server_seed", "ab" * 32),
    "final count lowered": lambda log: next(
        s for s in log["epochs"][0]["streams"] if s["stream"] == "public"
    ).__setitem__("nonces", 3),
}


def _run(cli: Cli, tmp_path: Path, log: Any, code: int) -> str:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log) if not isinstance(log, str) else log, encoding="utf-8")
    return cli("verify", str(path), code=code)


def test_a_whole_log_verifies_with_exit_0(client: Any, cli: Cli, tmp_path: Path) -> None:
    _, _, log = played(client)
    report = verify_log(log)
    assert report.ok and report.verified == 6 and [t.status for t in report.trackers] == ["verified"]
    _run(cli, tmp_path, log, 0)


@pytest.mark.parametrize("forgery", list(FORGERIES))
def test_each_forgery_exits_1(client: Any, cli: Cli, tmp_path: Path, forgery: str) -> None:
    _, _, log = played(client)
    forged = copy.deepcopy(log)
    FORGERIES[forgery](forged)
    assert forged != log
    assert not verify_log(forged).ok, forgery
    _run(cli, tmp_path, forged, 1)


def test_manual_entries_are_reported(client: Any) -> None:
    _, player, _ = played(client)
    body = {"system": "dice", "mechanic": "roll", "params": {"notation": "1d6"}, "manual": ["4"]}
    assert player.post("/rolls", body).is_success
    report = verify_log(player.get("/fair-log").json())
    assert report.manual == 1 and "rolled by hand" in next(c.reason for c in report.checks if c.status == "manual")


NOT_LOGS = ["[]", '{"format": "nope"}', "not json", '{"format": "runehall-fair-log/2", "epochs": 3}']


@pytest.mark.parametrize("text", NOT_LOGS)
def test_not_a_log_exits_2(cli: Cli, tmp_path: Path, text: str) -> None:
    _run(cli, tmp_path, text, 2)


def test_a_tracker_with_events_hidden_from_the_viewer_is_not_checkable(client: Any) -> None:
    _, _, log = played(client)
    log["trackers"][0]["complete"] = False  # what a player's log says when a sealed event is left out
    report = verify_log(log)
    assert not report.ok and report.trackers[0].status == "not-checkable"


@pytest.fixture(scope="module")
def a_real_log(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from service_fixtures import TestClient, create_app, fresh_database

    database = fresh_database("sqlite", tmp_path_factory.mktemp("fuzz"))
    with TestClient(create_app(database)) as client:
        log = played(client)[2]
    database.dispose()
    return log


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [path, *(p for k, v in value.items() for p in _leaves(v, (*path, k)))]
    if isinstance(value, list):
        return [path, *(p for i, v in enumerate(value) for p in _leaves(v, (*path, i)))]
    return [path]


JUNK = [None, 0, -1, 2**70, 1.5, "", "x", [], {}, [[1]], {"a": 1}, True]


def test_any_damage_to_a_log_gives_a_report_or_a_refusal(a_real_log: dict[str, Any]) -> None:
    """Every place of a real log replaced by junk: verify answers with a report or VerificationError (one
    line and exit 2 on the command line), never another exception; and never a whole log by accident."""
    from runehall.errors import VerificationError

    paths = [p for p in _leaves(a_real_log) if p]
    assert len(paths) > 200
    for n, path in enumerate(paths):
        damaged = copy.deepcopy(a_real_log)
        where: Any = damaged
        for key in path[:-1]:
            where = where[key]
        original = where[path[-1]]
        junk = JUNK[n % len(JUNK)]
        if junk == original or (isinstance(junk, bool) and junk is original):
            continue
        where[path[-1]] = junk
        try:
            report = verify_log(damaged)
        except VerificationError:
            continue
        if report.ok:  # what the proof rests on never changes without notice (streams you hold no seed of
            # tell you nothing you could check)
            if path[0] == "epochs" and len(path) > 3 and path[2] == "streams":
                if a_real_log["epochs"][path[1]]["streams"][path[3]]["server_seed"] is None:
                    continue
            guarded = {"tape", "nonce", "commitment", "server_seed", "client_seed", "outcome", "result", "nonces"}
            assert not guarded & {str(key) for key in path}, path


@pytest.mark.parametrize("kind", ["fraction", "text"])
def test_a_draw_that_is_not_a_whole_number_does_not_verify(a_real_log: dict[str, Any], kind: str) -> None:
    """A stored draw's value replaced by something Python takes for the same whole number (int(3.25) == 3,
    int("3") == 3; True == 1 likewise) is no longer the draw the seed gives."""
    damaged = copy.deepcopy(a_real_log)
    fair = [r for r in damaged["rolls"] if r.get("source", {}).get("kind") == "fair" and r.get("tape")]
    assert fair, "the log has a fair draw to damage"
    roll = fair[0]
    roll["tape"][0][1] = str(roll["tape"][0][1]) if kind == "text" else roll["tape"][0][1] + 0.25
    try:
        report = verify_log(damaged)
    except Exception as e:  # a refusal is an answer too
        assert type(e).__name__ == "VerificationError", e
        return
    assert not report.ok
