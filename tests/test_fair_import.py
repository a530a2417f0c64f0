"""Import checks every event and fairness record (issue 11, item 13): each damaged export is refused whole
with its first reason (422, exit 2), nothing written; a real table of thousands of events round-trips."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from conftest import Cli
from runehall.errors import ParameterError
from runehall.fairness.log import verify_log
from runehall.storage.db import Database
from runehall.storage.schema import metadata
from runehall.storage.store import Store
from runehall.table.imports import PAYLOADS
from runehall.table.play import TableService
from service_fixtures import Seat, open_table

HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}
D = {"system": "dice", "mechanic": "roll"}


def renamed(exported: dict[str, Any], table_id: str) -> dict[str, Any]:
    """The export as another table (new ids for the table and its people), so it can be imported beside it."""
    text = json.dumps(exported)
    for n, p in enumerate(exported["participants"]):
        text = text.replace(p["id"], f"{table_id}-p{n}")
    data: dict[str, Any] = json.loads(text)
    data["table"] = {**data["table"], "id": table_id, "invite_code": f"code-{table_id}"}
    for p in data["participants"]:
        p["token_hash"] = hashlib.sha256(p["id"].encode()).hexdigest()
    return data


def played(client: Any) -> tuple[Seat, Seat, dict[str, Any]]:
    """A table with every kind of event, a revealed epoch (its seeds in the export) and one in use."""
    table = open_table(client)
    player = table.join("Ana")
    assert player.post("/rolls", {**D, "params": {"notation": "3d6"}}).is_success
    assert table.gm.post("/rolls", {**D, "params": {"notation": "1d20"}, "visibility": "gm"}).is_success
    assert player.post("/rolls", {**D, "params": {"notation": "2d10"}}).is_success
    made = player.post("/characters", {"sheet": HERO}).json()
    character_id = made["payload"]["character_id"]
    assert player.client.put(
        f"/api/tables/{player.table}/characters/{character_id}", headers=player.headers, json={"sheet": HERO}
    ).is_success
    started = player.post("/trackers", {"tracker": "tree", "setup": {"character_id": character_id}})
    tracker_id = started.json()["payload"]["tracker_id"]
    assert player.post(f"/trackers/{tracker_id}/actions", {"action": "wyrd"}).is_success
    assert table.gm.post(f"/trackers/{tracker_id}/controllers", {"controllers": {}}).is_success
    eve = table.join("Eve")
    assert table.gm.post(f"/participants/{eve.id}/revoke", {}).is_success
    assert table.gm.post("/invite-code", {}).is_success
    chat = player.post("/chat", {"text": "hail"}).json()
    assert table.gm.post("/notes", {"text": "the ogre", "visibility": "gm"}).is_success
    assert table.gm.post("/undo", {"seq": chat["seq"]}).is_success
    assert table.gm.post("/seed/rotate", {}).status_code == 201
    assert player.post("/seed/client-seed", {"text": "socks"}).status_code == 201
    assert player.post("/rolls", {**D, "params": {"notation": "1d6"}}).is_success
    assert player.post("/odds", {**D, "params": {"notation": "2d6"}, "record": True}).is_success
    return table.gm, player, renamed(table.gm.get("/export").json(), "copy")


def counts(database: Database) -> dict[str, int]:
    with database.engine.connect() as c:
        return {t.name: c.execute(select(func.count()).select_from(t)).scalar_one() for t in metadata.sorted_tables}


def _stream(doc: dict[str, Any], epoch: int, name: str) -> dict[str, Any]:
    return next(s for s in doc["seeds"][epoch]["streams"] if s["stream"] == name)


def _rolls(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in doc["events"] if e["kind"] == "roll" and e["visibility"] == "public"]


def _rewind(doc: dict[str, Any]) -> None:
    _stream(doc, 0, "public")["next_nonce"] = 1


def _bad_commitment(doc: dict[str, Any]) -> None:
    _stream(doc, 0, "public")["server_seed"] = "ab" * 32


def _faces(doc: dict[str, Any]) -> None:
    roll = _rolls(doc)[0]["payload"]["roll"]
    roll["tape"][0][1] = roll["tape"][0][1] % 6 + 1
    roll["detail"][0]["dice"][0] = [roll["tape"][0][1]]
    roll["detail"][0]["values"][0] = roll["tape"][0][1]
    roll["outcome"] = sum(d[1] for d in roll["tape"])


def _duplicate_nonce(doc: dict[str, Any]) -> None:
    first, second = _rolls(doc)[:2]
    second["payload"]["roll"]["source"]["nonce"] = first["payload"]["roll"]["source"]["nonce"]


def _stranger(doc: dict[str, Any]) -> None:
    doc["events"][-1]["author"] = "nobody-here"


def _live_seed(doc: dict[str, Any]) -> None:
    stream = _stream(doc, -1, "public")
    stream["server_seed"] = "cd" * 32
    stream["commitment"] = hashlib.sha256(bytes.fromhex(stream["server_seed"])).hexdigest()


def _other_client_seed(doc: dict[str, Any]) -> None:
    _rolls(doc)[-1]["payload"]["roll"]["source"]["client_seed"] = "mine"


def _unknown_kind(doc: dict[str, Any]) -> None:
    doc["events"][-1]["kind"] = "mystery"


def _sealed_chat(doc: dict[str, Any]) -> None:
    next(e for e in doc["events"] if e["kind"] == "chat")["visibility"] = "sealed"


def _undo_ahead(doc: dict[str, Any]) -> None:
    next(e for e in doc["events"] if e["kind"] == "revoke")["payload"]["revokes"] = len(doc["events"])


def _endless_draw(doc: dict[str, Any]) -> None:
    """A draw of more than 2^32 possibilities: re-deriving it would reject every word, for ever."""
    _rolls(doc)[0]["payload"]["roll"]["tape"][0] = [2**40, 1]


def _gm_roll_made_public(doc: dict[str, Any]) -> None:
    next(e for e in doc["events"] if e["kind"] == "roll" and e["visibility"] == "gm")["visibility"] = "public"


def _addition_by_stranger(doc: dict[str, Any]) -> None:
    doc["seeds"][-1]["contributions"][0]["by"] = "nobody-here"


REFUSALS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "rewound counter": (_rewind, "rewound"),
    "commitment not SHA-256 of its seed": (_bad_commitment, "not the one its commitment was made for"),
    "faces not from the seed": (_faces, "not those its seed gives"),
    "nonce used twice": (_duplicate_nonce, "used twice"),
    "author not at the table": (_stranger, "not a participant"),
    "live seed in the file": (_live_seed, "never holds a seed still in use"),
    "another client seed": (_other_client_seed, "client seed"),
    "unknown kind": (_unknown_kind, "unknown kind"),
    "sealed chat": (_sealed_chat, "only a tracker action can be sealed"),
    "undo of a later event": (_undo_ahead, "does not come before it"),
    "addition by a stranger": (_addition_by_stranger, "not at the table"),
    "a GM roll shown to all": (_gm_roll_made_public, "not its audience's"),
    "a draw of 2^40 possibilities": (_endless_draw, "at most 4294967296 possibilities"),
}


@pytest.mark.parametrize("damage", list(REFUSALS))
def test_each_damage_is_refused_and_nothing_written(client: Any, database: Database, damage: str) -> None:
    _, _, doc = played(client)
    before = counts(database)
    broken = copy.deepcopy(doc)
    REFUSALS[damage][0](broken)
    response = client.post("/api/import", json=broken)
    assert response.status_code == 422, response.text
    assert REFUSALS[damage][1] in response.json()["detail"]
    assert counts(database) == before
    assert client.post("/api/import", json=doc).status_code == 201  # the undamaged file imports


def test_every_kinds_missing_or_mistyped_field_is_refused(client: Any, database: Database) -> None:
    _, _, doc = played(client)
    kinds = {e["kind"] for e in doc["events"]}
    assert kinds == set(PAYLOADS), kinds  # the table shows every kind
    before = counts(database)
    service = TableService(Store(database))  # in-process: more imports than one address may open a minute
    tried = 0
    for index, event in enumerate(doc["events"]):
        for name, spec in PAYLOADS[event["kind"]].model_fields.items():
            for broken_value in ("missing", 1.5):
                broken = copy.deepcopy(doc)
                payload = broken["events"][index]["payload"]
                if broken_value == "missing":
                    if not spec.is_required():
                        continue
                    payload.pop(name)
                else:
                    payload[name] = broken_value
                with pytest.raises(ParameterError):  # the API answers it 422 (tests above)
                    service.import_table(broken)
                tried += 1
    assert tried > 40 and counts(database) == before


def test_an_imported_table_serves_every_page_and_verifies(client: Any) -> None:
    _, _, doc = played(client)
    assert client.post("/api/import", json=doc).status_code == 201
    for person in [p for p in doc["participants"] if not p["revoked"]]:  # renamed(): each token is the id
        seat = Seat(client, "copy", person["id"], person["id"])
        for path in ("", "/events", "/fair-log", "/characters", "/trackers"):
            assert seat.get(path).status_code == 200, (path, seat.get(path).text)
        client.cookies.set("rh_copy", seat.token)
        for page in ("/t/copy", "/t/copy/log", "/t/copy/trackers", "/t/copy/people"):
            assert client.get(page).status_code == 200, page
        client.cookies.clear()
    gm = Seat(client, "copy", doc["participants"][0]["id"], doc["participants"][0]["id"])
    assert gm.post("/rolls", {**D, "params": {"notation": "1d6"}}).is_success  # from the fresh epoch
    assert gm.post("/seed/rotate", {}).status_code == 201
    report = verify_log(gm.get("/fair-log").json())
    lost = [c for c in report.checks if "left behind" in c.reason]
    assert lost and all(c.status in ("verified", "unrevealed", "manual") for c in report.checks)
    assert report.checks[-1].status == "verified" and report.verified >= 5  # epoch 0's rolls and the new one


def test_an_old_format_export_still_imports(client: Any, database: Database) -> None:
    table = open_table(client, client_seed="old")
    player = table.join("Ana")
    for notation in ("1d20", "2d6"):
        assert player.post("/rolls", {**D, "params": {"notation": notation}}).is_success
    doc = renamed(table.gm.get("/export").json(), "old")
    with database.engine.connect() as c:
        from runehall.storage.schema import seed_streams

        row = c.execute(select(seed_streams).where(seed_streams.c.stream == "public")).first()
    assert row is not None
    # The /1 shape: one seed an epoch, the live one included.
    doc["format"] = "runehall-table/1"
    doc["seeds"] = [
        {
            "epoch": 0,
            "server_seed": row.server_seed,
            "commitment": row.commitment,
            "client_seed": "old",
            "next_nonce": 2,
            "revealed": False,
        }
    ]
    answer = client.post("/api/import", json=doc)
    assert answer.status_code == 201, answer.text
    # Its live seed was out of the server: that epoch is closed, its rolls verify, new rolls use a new one.
    ana = Seat(client, "old", doc["participants"][1]["id"], doc["participants"][1]["id"])
    log = ana.get("/fair-log").json()
    assert [s["stream"] for s in log["epochs"][0]["streams"]] == ["table"] and log["epochs"][0]["revealed"]
    assert verify_log(log).ok and verify_log(log).verified == 2
    again = ana.post("/rolls", {**D, "params": {"notation": "1d4"}}).json()["payload"]["roll"]["source"]
    assert again["commitment"] in {s["commitment"] for s in log["epochs"][1]["streams"]}


def test_a_big_table_round_trips_over_the_old_body_limit(client: Any) -> None:
    table = open_table(client)
    player = table.join("Ana")
    for i in range(1500):
        assert player.post("/chat", {"text": f"line {i} of a long campaign " + "x" * 100}).is_success
    for _ in range(500):
        assert player.post("/rolls", {**D, "params": {"notation": "4d6k3"}}).is_success
    assert table.gm.post("/seed/rotate", {}).status_code == 201
    doc = renamed(table.gm.get("/export").json(), "big")
    body = json.dumps(doc).encode()
    assert len(doc["events"]) > 2000 and len(body) > 256 * 1024
    answer = client.post("/api/import", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text[:300]
    # Only the import gets the larger limit; over 64 MiB it is refused before reading.
    huge = client.post("/api/import", content=b"{}", headers={"Content-Length": str(64 * 1024 * 1024 + 1)})
    assert huge.status_code == 413
    assert player.post("/chat", {"text": "x" * (300 * 1024)}).status_code == 413


def test_the_cli_refuses_a_damaged_import_with_exit_2(client: Any, cli: Cli, tmp_path: Path) -> None:
    _, _, doc = played(client)
    _rewind(doc)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    Database(url).migrate()
    out = cli("import", str(path), "--database-url", url, code=2)
    assert "rewound" in out and len(out.strip().splitlines()) == 1


def test_any_damage_to_an_export_is_a_clear_refusal_or_harmless(client: Any) -> None:
    """Every place of a real export replaced by junk: the check answers with one RunehallError (422/exit 2)
    or accepts a file that still folds, shows and replays; never another exception, never a hang."""
    from runehall.errors import RunehallError
    from runehall.storage.exports import parse_export
    from runehall.table.imports import check_import

    _, _, doc = played(client)

    def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if isinstance(value, dict):
            return [path, *(p for k, v in value.items() for p in leaves(v, (*path, k)))]
        if isinstance(value, list):
            return [path, *(p for i, v in enumerate(value) for p in leaves(v, (*path, i)))]
        return [path]

    junk = [None, -1, 2**70, 1.5, "", "x", [], {}, [[1]], True]
    paths = [p for p in leaves(doc) if p]
    assert len(paths) > 300
    refused = 0
    for n, path in enumerate(paths):
        damaged = copy.deepcopy(doc)
        where: Any = damaged
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = junk[n % len(junk)]
        try:
            check_import(parse_export(damaged))
        except RunehallError:
            refused += 1
    assert refused > len(paths) // 2
