"""The command line: the issue's done-when checks, and one-line errors with exit code 2."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from brute import brute_dist
from conftest import Cli
from runehall.notation import compile_notation


def test_odds_4d6k3_json_is_exact(cli: Cli) -> None:
    out = json.loads(cli("odds", "4d6k3", "--json"))
    got = {row["outcome"]: Fraction(row["probability"]) for row in out["outcomes"]}
    assert got == brute_dist(compile_notation("4d6k3"))
    for row in out["outcomes"]:
        p = Fraction(row["probability"])
        assert row["probability"] == f"{p.numerator}/{p.denominator}"  # lowest terms
    assert sum(got.values()) == 1
    assert out["truncation"] is None


def test_seeded_roll_is_reproducible(cli: Cli) -> None:
    first = json.loads(cli("roll", "2d6/2", "--seed", "7", "--json"))
    second = json.loads(cli("roll", "2d6/2", "--seed", "7", "--json"))
    assert first == second
    assert first["source"] == {"kind": "seeded", "seed": 7}
    a, b = (v for _, v in first["tape"])
    assert first["outcome"] == (a + b) // 2


def test_manual_roll_is_recorded_as_manual(cli: Cli) -> None:
    out = json.loads(cli("roll", "4d6k3", "--manual", "6,1,4,4", "--json"))
    assert out["outcome"] == 14 and out["source"]["kind"] == "manual"
    assert "~1~" in out["text"]


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "4d"],
        ["roll", "2d6", "--manual", "7,1"],
        ["roll", "2d6", "--manual", "1,2,3"],
        ["roll", "2d6", "--seed", "1", "--manual", "1,2"],
        ["roll", "nosuch", "thing"],
        ["roll", "dice", "nothing"],
        ["roll", "dice", "roll", "--notation"],
        ["roll", "dice", "roll", "--notation", "1d6", "--notation", "1d8"],
        ["roll", "a", "b", "c"],
        ["roll"],
        ["odds", "1000d1000"],
        ["odds", "2d6", "--sides", "3"],
        ["roll", "2d6", "--seed", "x"],
        ["verify", "/nonexistent/log.json"],
        ["roll", "2d6", "--fair", "/nonexistent/session.json"],
    ],
)
def test_bad_input_exits_2_with_one_line(cli: Cli, args: list[str]) -> None:
    out = cli(*args, code=2)
    lines = [line for line in out.strip().splitlines() if line.strip()]
    assert lines and (len(lines) == 1 or "Usage" in out), out


def test_systems_lists_the_dice_system(cli: Cli) -> None:
    data = json.loads(cli("systems", "--json"))
    dice = next(s for s in data if s["id"] == "dice")
    assert dice["mechanics"][0]["params"][0]["name"] == "notation"


def test_fair_session_export_and_verify(cli: Cli, tmp_path: Path) -> None:
    session = tmp_path / "session.json"
    new = json.loads(cli("fair", "new", str(session), "--client-seed", "tavern", "--json"))
    assert len(new["commitment"]) == 64 and new["server_seed"] is None
    for text in ["4d6k3", "2d6/2", "3d6!"]:
        out = json.loads(cli("roll", text, "--fair", str(session), "--json"))
        assert out["source"]["kind"] == "fair" and out["source"]["commitment"] == new["commitment"]
    cli("fair", "new", str(session), code=2)  # never overwrite a session
    log = tmp_path / "log.json"
    log.write_text(cli("fair", "export", str(session)))
    assert "unrevealed" in cli("verify", str(log), code=1)
    cli("fair", "rotate", str(session))
    log.write_text(cli("fair", "export", str(session)))
    assert "verified: 3 of 3" in cli("verify", str(log))
    data = json.loads(log.read_text())
    data["rolls"][0]["outcome"] += 1
    log.write_text(json.dumps(data))
    assert "NOT verified" in cli("verify", str(log), code=1)
    log.write_text("not json")
    cli("verify", str(log), code=2)
