"""`runehall rune encounter price|validate|risk FILE`: an encounter's notes priced line by line (each line the rule
that gave it), checked against the rules (exit 2 with every reason when refused), and the risk of its fight for
given heroes estimated by seeded simulation; every bad input one clear line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli
from rune_encounter_fixtures import heroes, notes

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "rune"


def _file(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_example_notes_are_priced_line_by_line_and_legal(cli: Cli) -> None:
    warren = str(EXAMPLES / "goblin-warren.toml")
    shown = cli("rune", "encounter", "price", warren)
    assert "Difficulty 8 (p. 129)" in shown and "+20" in shown and "No-Fault roll (p. 132)" in shown
    assert "within the rules" in cli("rune", "encounter", "validate", warren)
    data = json.loads(cli("rune", "encounter", "price", warren, "--json"))
    spent = sum(r["ep"] for r in data["rows"] if r["counted"] and r["ep"] > 0)
    earned = -sum(r["ep"] for r in data["rows"] if r["counted"] and r["ep"] < 0)
    assert (data["spent"], data["earned"], data["legal"]) == (spent, earned, True)
    assert "Dificultad 8 (pág. 129)" in cli("rune", "encounter", "price", warren, "--lang", "es")


def test_a_design_the_rules_refuse_exits_2_with_its_reasons(cli: Cli, tmp_path: Path) -> None:
    over = str(EXAMPLES / "over-budget.toml")
    said = cli("rune", "encounter", "validate", over, code=2)
    assert said.startswith("error: ") and "350" in said
    assert "400" in cli("rune", "encounter", "price", over)  # pricing alone shows it and exits 0
    assert json.loads(cli("rune", "encounter", "validate", over, "--json", code=2))["legal"] is False
    # A majority above 750 total VP raises the limit by 75 (001b §5.2): 400 then fits under 425.
    assert "within the rules" in cli("rune", "encounter", "validate", over, "--totals", "800,760,751,0")
    assert "350" in cli("rune", "encounter", "validate", over, "--totals", "800,760,0,0", code=2)
    terrifying = _file(tmp_path, "t.json", notes(threat="terrifying"))
    assert "Mix" in cli("rune", "encounter", "validate", terrifying, code=2)


def test_bad_input_is_one_clear_line(cli: Cli, tmp_path: Path) -> None:
    assert "no encounter notes at" in cli("rune", "encounter", "price", str(tmp_path / "none.toml"), code=2)
    broken = tmp_path / "broken.toml"
    broken.write_text("title = ", encoding="utf-8")
    assert "does not parse" in cli("rune", "encounter", "price", str(broken), code=2)
    listed = _file(tmp_path, "list.json", [1, 2])
    assert "table of fields" in cli("rune", "encounter", "price", listed, code=2)
    typo = _file(tmp_path, "typo.json", {**notes(), "titel": "x"})
    assert "titel" in cli("rune", "encounter", "price", typo, code=2)
    good = _file(tmp_path, "good.json", notes())
    for totals in ("a,b", "1,-2", ",".join(["5"] * 13), "1" * 12):
        out = cli("rune", "encounter", "price", good, "--totals", totals, code=2)
        assert "--totals" in out and "Traceback" not in out


def test_the_risk_of_a_fight_is_a_seeded_estimate_with_its_error(cli: Cli, tmp_path: Path) -> None:
    fight, party = _file(tmp_path, "n.json", notes()), _file(tmp_path, "h.json", heroes())
    args = ("rune", "encounter", "risk", fight, "--heroes", party, "--runs", "500")
    first = cli(*args, "--seed", "7")
    assert first == cli(*args, "--seed", "7")  # the same seed, the same figures
    assert "500 simulated fights (seed 7)" in first and "±" in first and "odds" not in first.lower()
    assert "Ragnar: downed in" in first and "Not in the estimate" in first
    assert "simulate 100 to" in cli(*args[:-2], "--runs", "5", code=2)
    assert "no fight" in cli(*args, "--event", "nowhere", code=2)
    assert "Estimación" in cli(*args, "--lang", "es")
