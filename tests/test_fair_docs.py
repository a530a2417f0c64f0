"""docs/fairness.md is enough to verify independently (issue 11, item 8): real exported fair logs match the
shipped JSON Schema, and the standalone stdlib verifier (examples/verify_fair_log.py, written from the doc)
accepts them and refuses forgeries."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema

from runehall.fairness.session import FairSession
from test_fair_verify import played

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "fair-log.schema.json").read_text(encoding="utf-8"))
EXAMPLE = ROOT / "examples" / "verify_fair_log.py"


def example(log: Any, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return subprocess.run([sys.executable, str(EXAMPLE), str(path)], capture_output=True, text=True, timeout=60)


def test_real_table_logs_match_the_schema(client: Any) -> None:
    gm, _, log = played(client)
    jsonschema.validate(log, SCHEMA)
    jsonschema.validate(gm.get("/fair-log").json(), SCHEMA)
    broken = copy.deepcopy(log)
    broken["epochs"][0]["streams"][0]["commitment"] = "not hex"
    try:
        jsonschema.validate(broken, SCHEMA)
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("the schema accepted a commitment that is not hex")


def test_a_cli_session_log_matches_the_schema(tmp_path: Path) -> None:
    from runehall.chance.sources import FairSource
    from runehall.systems.registry import get

    session = FairSession.new("cli")
    mechanic, options = get("dice").mechanic("roll"), get("dice").options({})
    for _ in range(3):
        source: FairSource = session.source()
        session.record(mechanic.roll("dice", mechanic.parse_params({"notation": "2d6+1"}), options, source))
    session.rotate()
    log = session.export()
    jsonschema.validate(log, SCHEMA)
    assert example(log, tmp_path).returncode == 0


def test_the_standalone_verifier_accepts_a_real_log_and_refuses_forgeries(client: Any, tmp_path: Path) -> None:
    _, _, log = played(client)
    run = example(log, tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "6 fair rolls re-derived; 0 problem(s)" in run.stdout  # four dice/mechanic rolls, a wyrd, a d100
    forged_total = copy.deepcopy(log)
    dice = next(r for r in forged_total["rolls"] if r["params"].get("notation") == "4d6k3")
    dice["outcome"] += 1  # faces untouched: only the notation's total can tell
    assert example(forged_total, tmp_path).returncode == 1
    deleted = copy.deepcopy(log)
    deleted["rolls"].pop()
    assert example(deleted, tmp_path).returncode == 1
    face = copy.deepcopy(log)
    face["rolls"][0]["tape"][0][1] = face["rolls"][0]["tape"][0][1] % 20 + 1
    assert example(face, tmp_path).returncode == 1
    assert example({"format": "other"}, tmp_path).returncode == 2
