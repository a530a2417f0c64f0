"""Provably fair logs: an exported log verifies; any tampering, or an unrevealed seed, does not."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from runehall.errors import VerificationError
from runehall.fairness.log import verify_log
from runehall.fairness.session import FairSession
from runehall.systems import registry


def _played_session(rolls: int = 5) -> FairSession:
    session = FairSession.new("players-seed")
    dice = registry.get("dice")
    mechanic = dice.mechanic("roll")
    for i, text in enumerate(["4d6k3", "2d6/2", "3d6!", "d20", "5(2)"][:rolls]):
        params = mechanic.parse_params({"notation": text})
        session.record(mechanic.roll("dice", params, dice.options(), session.source(), f"player{i}"))
    return session


def _exported() -> dict[str, Any]:
    session = _played_session()
    session.rotate()
    return json.loads(json.dumps(session.export()))


def test_an_exported_log_verifies() -> None:
    report = verify_log(_exported())
    assert report.ok, report.to_json()
    assert report.verified == 5


def test_the_log_hides_the_current_seed_until_rotation() -> None:
    session = _played_session()
    log = session.export()
    assert log["epochs"][0]["server_seed"] is None
    report = verify_log(log)
    assert not report.ok
    assert {c.status for c in report.checks} == {"unrevealed"}


@pytest.mark.parametrize(
    "tamper",
    [
        lambda log: log["rolls"][1].__setitem__("outcome", log["rolls"][1]["outcome"] + 1),
        lambda log: log["rolls"][0]["tape"][0].__setitem__(1, log["rolls"][0]["tape"][0][1] % 6 + 1),
        lambda log: log["rolls"][2]["detail"][0]["kept"].reverse() or log["rolls"][2]["detail"][0]["kept"].append(True),
        lambda log: log["rolls"][3]["source"].__setitem__("nonce", 0),
        lambda log: log["rolls"][4]["params"].__setitem__("notation", "5(3)"),
        lambda log: log["epochs"][0].__setitem__("server_seed", "00" * 32),
        lambda log: log["rolls"][0]["source"].__setitem__("client_seed", "chosen-later"),
    ],
)
def test_a_tampered_log_fails(tamper: Any) -> None:
    log = _exported()
    bad = copy.deepcopy(log)
    tamper(bad)
    assert bad != log
    assert not verify_log(bad).ok


def test_a_swapped_outcome_between_rolls_is_caught() -> None:
    log = _exported()
    log["rolls"][0]["outcome"], log["rolls"][3]["outcome"] = log["rolls"][3]["outcome"], log["rolls"][0]["outcome"]
    if log["rolls"][0]["outcome"] != log["rolls"][3]["outcome"]:
        assert not verify_log(log).ok


@pytest.mark.parametrize("junk", [[], {"format": "x"}, {"format": "runehall-fair-log/1", "epochs": 3, "rolls": []}])
def test_malformed_logs_are_refused(junk: Any) -> None:
    with pytest.raises(VerificationError):
        verify_log(junk)


def test_session_file_round_trips(tmp_path: Any) -> None:
    path = tmp_path / "s.json"
    session = _played_session(2)
    session.save(path)
    again = FairSession.load(path)
    assert again.to_json() == session.to_json()
    assert again.next_nonce == 2
