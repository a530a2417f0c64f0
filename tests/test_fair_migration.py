"""A database made before seed streams (revision 0001) upgrades: its rolls still name their commitment and
nonce and still verify; its legacy seed goes to everyone only if every roll drawn from it was public."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from sqlalchemy import text

from runehall.chance.sources import FairSource, commitment
from runehall.fairness.log import verify_log
from runehall.storage.db import Database
from runehall.storage.store import Store, token_hash
from runehall.systems.registry import get
from runehall.table.play import TableService


def old_database(path: Path, hidden: bool) -> tuple[Database, str, str]:
    """A 0001 database with one table, a GM and a player, and fair rolls made the old way (one seed)."""
    database = Database(f"sqlite:///{path}")
    config = database._alembic()
    with database.engine.begin() as c:
        config.attributes["connection"] = c
        command.upgrade(config, "0001")
    seed = secrets.token_bytes(32)
    now = datetime.now(UTC)
    dice = get("dice").mechanic("roll")
    events = [("table_created", "gm1", "public", {"name": "Old", "system": "dice", "options": {}})]
    events += [
        ("joined", p, "public", {"participant_id": p, "name": p, "role": r})
        for p, r in (("gm1", "gm"), ("pl1", "player"))
    ]
    for nonce, (who, visibility) in enumerate(
        [("pl1", "public"), ("gm1", "gm" if hidden else "public"), ("pl1", "public")]
    ):
        roll = dice.roll(
            "dice",
            dice.parse_params({"notation": "1d20"}),
            get("dice").options({}),
            FairSource(seed, "old", nonce),
            who,
        )
        events.append(("roll", who, visibility, {"roll": roll.to_json()}))
    with database.engine.begin() as c:
        c.execute(
            text("INSERT INTO tables VALUES ('t1', 'Old', 'dice', '{}', 'code1', NULL, 0, :n, :now)"),
            {"n": len(events), "now": now},
        )
        for pid, role in (("gm1", "gm"), ("pl1", "player")):
            c.execute(
                text("INSERT INTO participants VALUES (:id, 't1', :id, :role, :token, 0, :now)"),
                {"id": pid, "role": role, "token": token_hash(pid), "now": now},
            )
        c.execute(
            text("INSERT INTO seeds VALUES ('t1', 0, :seed, :c, 'old', 3, 0)"),
            {"seed": seed.hex(), "c": commitment(seed)},
        )
        import json

        for seq, (kind, author, visibility, payload) in enumerate(events, start=1):
            c.execute(
                text("INSERT INTO events VALUES ('t1', :seq, :kind, :author, :vis, :payload, :now)"),
                {
                    "seq": seq,
                    "kind": kind,
                    "author": author,
                    "vis": visibility,
                    "payload": json.dumps(payload),
                    "now": now,
                },
            )
    database.migrate()
    return database, "gm1", "pl1"


def test_old_rolls_still_verify_after_the_upgrade(tmp_path: Path) -> None:
    database, gm_id, player_id = old_database(tmp_path / "old.sqlite3", hidden=False)
    service = TableService(Store(database))
    gm, player = service.viewer("t1", gm_id), service.viewer("t1", player_id)
    service.roll(player, "roll", {"notation": "1d6"}, system_id="dice")  # the old epoch draws until rotated
    service.rotate_seed(gm)
    after = service.roll(player, "roll", {"notation": "1d6"}, system_id="dice")
    assert after.payload["roll"]["source"]["stream"] == "public"
    service.rotate_seed(gm)
    report = verify_log(service.fair_log(player))
    assert report.ok and report.verified == 5, report.to_json()
    database.dispose()


def test_a_legacy_seed_with_hidden_rolls_stays_the_gms(tmp_path: Path) -> None:
    database, gm_id, player_id = old_database(tmp_path / "old.sqlite3", hidden=True)
    service = TableService(Store(database))
    gm, player = service.viewer("t1", gm_id), service.viewer("t1", player_id)
    service.rotate_seed(gm)
    legacy = service.fair_log(player)["epochs"][0]["streams"]
    assert [s["stream"] for s in legacy] == ["table"] and legacy[0]["server_seed"] is None
    assert [c.status for c in verify_log(service.fair_log(player)).checks] == ["unrevealed", "unrevealed"]
    gm_report = verify_log(service.fair_log(gm))
    assert gm_report.ok and gm_report.verified == 3
    database.dispose()
