"""Issue 11, items 3, 4 and 12: live sockets are capped, a streamed body over the limit gets 413, a blind
roll's author gets an acknowledgement only, and an export is one snapshot while the table is in use."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

import runehall.service.app as app_module
import runehall.service.hub as hub_module
from runehall.service.app import MAX_BODY
from runehall.service.hub import SOCKETS_PER_PARTICIPANT
from runehall.storage.db import Database
from runehall.storage.store import Store
from runehall.table.play import TableService
from service_fixtures import open_table

DICE = {"system": "dice", "mechanic": "roll", "params": {"notation": "1d20+777"}}
ACK_KEYS = {"seq", "kind", "author", "visibility", "created_at", "acknowledged"}


# -- item 3: sockets and streamed bodies ------------------------------------------------------------------
def _socket(seat: Any) -> str:
    return f"/api/tables/{seat.table}/ws?token={seat.token}"


def _refused(client: Any, seat: Any) -> WebSocketDisconnect:
    with client.websocket_connect(_socket(seat)) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text()
    return closed.value


def test_live_sockets_per_participant_are_capped(client: Any) -> None:
    table = open_table(client, "dice")
    player = table.join("Ana")
    with ExitStack() as stack:
        for _ in range(SOCKETS_PER_PARTICIPANT):
            stack.enter_context(client.websocket_connect(_socket(player)))
        closed = _refused(client, player)
        assert closed.code == 1013 and f"at most {SOCKETS_PER_PARTICIPANT}" in closed.reason
        with client.websocket_connect(_socket(table.gm)) as gm:  # someone else is not held back
            assert json.loads(gm.receive_text())["seq"] == 1
    with client.websocket_connect(_socket(player)) as again:  # closing them frees the places
        assert json.loads(again.receive_text())["seq"] == 1


def test_live_sockets_per_table_are_capped(client: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(hub_module, "SOCKETS_PER_TABLE", 3)
    table = open_table(client, "dice")
    seats = [table.gm, table.join("Ana"), table.join("Bo"), table.join("Cy")]
    elsewhere = open_table(client, "dice").gm
    with ExitStack() as stack:
        for seat in seats[:3]:
            stack.enter_context(client.websocket_connect(_socket(seat)))
        closed = _refused(client, seats[3])
        assert closed.code == 1013 and "at this table" in closed.reason
        with client.websocket_connect(_socket(elsewhere)) as other:
            assert json.loads(other.receive_text())["seq"] == 1


def _chunks(total: int) -> Iterator[bytes]:
    """A body streamed in pieces, with no Content-Length (Transfer-Encoding: chunked)."""
    sent = 0
    yield b'{"text": "'
    while sent < total:
        yield b"x" * 16_384
        sent += 16_384
    yield b'"}'


def test_a_streamed_body_over_the_limit_gets_413(client: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(app_module, "MAX_IMPORT", 2 * MAX_BODY)  # the import's own, larger limit, made small
    table = open_table(client, "dice")
    headers = {**table.gm.headers, "content-type": "application/json"}
    base = f"/api/tables/{table.gm.table}"
    before = table.gm.events()
    for path, size in ((f"{base}/chat", MAX_BODY + 1), ("/api/import", 2 * MAX_BODY + 1)):
        response = client.post(path, content=_chunks(size), headers=headers)
        assert response.status_code == 413, (path, response.status_code, response.text)
        assert "request body over" in response.json()["detail"]
    form = client.post(
        f"/t/{table.gm.table}/chat",
        content=(part.replace(b'{"text": "', b"text=") for part in _chunks(MAX_BODY + 1)),
        headers={
            "content-type": "application/x-www-form-urlencoded",
            "cookie": f"rh_{table.gm.table}={table.gm.token}",
        },
    )
    assert form.status_code == 413, (form.status_code, form.text)
    small = client.post(f"{base}/chat", content=iter([b'{"text": ', b'"short"}']), headers=headers)
    assert small.status_code == 201, small.text  # a streamed body under the limit is read whole
    assert [e for e in table.gm.events() if e["seq"] > before[-1]["seq"]] == [small.json()]


# -- item 4: a blind roll's author learns nothing of it -------------------------------------------------
def test_a_blind_rolls_author_gets_an_acknowledgement_only(client: Any) -> None:
    table = open_table(client, "ragnarok")
    player = table.join("Ana")
    with client.websocket_connect(_socket(player)) as ws:
        backlog = [json.loads(ws.receive_text()) for _ in range(3)]  # created, the GM joined, Ana joined
        answers = [
            player.post("/rolls", {**DICE, "visibility": "blind"}),
            player.post("/rolls", {**DICE, "visibility": "gm"}),  # a player's GM-only roll: the same
            player.post("/chat", {"text": "psst 777", "visibility": "blind"}),
            player.post("/trackers", {"tracker": "tree", "setup": {"character": HERO}, "visibility": "blind"}),
        ]
        for answer in answers:
            assert answer.status_code == 201, answer.text
            assert set(answer.json()) == ACK_KEYS, answer.json()
            assert "1d20+777" not in answer.text and "psst" not in answer.text and "payload" not in answer.text
        seen = player.post("/chat", {"text": "done"})
        assert seen.status_code == 201 and seen.json()["payload"]["text"] == "done"
        frame = json.loads(ws.receive_text())  # the socket skips every hidden event: the next is the chat
        assert frame["seq"] == seen.json()["seq"] and frame["kind"] == "chat"
    assert backlog[-1]["kind"] == "joined"
    hidden = {a.json()["seq"] for a in answers}
    assert not hidden & {e["seq"] for e in player.events()}
    assert "1d20+777" not in json.dumps(player.events()) and "1d20+777" in json.dumps(table.gm.events())
    assert "psst" not in json.dumps(player.events())
    blind_seq = answers[0].json()["seq"]
    undo = player.post("/undo", {"seq": blind_seq})
    assert undo.status_code in (403, 404) and "1d20+777" not in undo.text
    full = table.gm.post("/rolls", {**DICE, "visibility": "blind"})  # the GM sees what they roll
    assert "1d20+777" in full.json()["text"]


def test_the_web_roll_form_shows_a_blind_roll_as_rolled_blind(client: Any) -> None:
    table = open_table(client, "dice")
    player = table.join("Ana")
    form = {"mechanic": "dice:roll", "notation": "1d20+777", "visibility": "blind"}
    cookie = {"cookie": f"rh_{player.table}={player.token}", "HX-Request": "true"}
    answer = client.post(f"/t/{player.table}/roll", data=form, headers=cookie)
    assert answer.status_code == 200, answer.text
    assert "rolled blind: only the game master sees it" in answer.text and "777" not in answer.text
    spanish = client.post(
        f"/t/{player.table}/roll", data=form, headers={**cookie, "cookie": cookie["cookie"] + "; rh_lang=es"}
    )
    assert "tirada a ciegas" in spanish.text and "777" not in spanish.text
    for_gm = client.post(f"/t/{player.table}/roll", data={**form, "visibility": "gm"}, headers=cookie)
    assert "rolled for the game master: only they see it" in for_gm.text and "777" not in for_gm.text
    shown = client.post(f"/t/{player.table}/roll", data={**form, "visibility": "public"}, headers=cookie)
    assert "777" in shown.text


HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}


# -- item 12: an export is one snapshot ------------------------------------------------------------------
def _next_nonces(export: dict[str, Any]) -> dict[str, int]:
    """Each seed's next nonce, by commitment (one seed an epoch, or one a stream)."""
    found = {}
    for epoch in export["seeds"]:
        for seed in epoch.get("streams", [epoch]):
            found[seed["commitment"]] = seed["next_nonce"]
    return found


def _check_snapshot(export: dict[str, Any], target: Path) -> None:
    seqs = [e["seq"] for e in export["events"]]
    assert seqs == list(range(1, export["table"]["last_seq"] + 1))
    nonces = _next_nonces(export)
    for e in export["events"]:
        source = e["payload"].get("roll", {}).get("source", {})
        if source.get("kind") == "fair":
            assert source["nonce"] < nonces[source["commitment"]], "next_nonce behind a nonce already used"
    database = Database(f"sqlite:///{target}")
    try:
        database.migrate()
        TableService(Store(database)).import_table(export)
    finally:
        database.dispose()


def _rolling(service: TableService, table_id: str, token: str, stop: threading.Event) -> list[threading.Thread]:
    gm = service.viewer(table_id, token)

    def roll() -> None:
        while not stop.is_set():
            service.roll(gm, "roll", {"notation": "1d20"})
            service.post(gm, "chat", "and again", "public")

    return [threading.Thread(target=roll) for _ in range(2)]


def _while_rolling(database: Database, export: Any, times: int) -> list[dict[str, Any]]:
    service = TableService(Store(database))
    made = service.create("Busy", "dice", {}, "Norn")
    stop = threading.Event()
    writers = _rolling(service, made.table_id, made.gm_token, stop)
    for t in writers:
        t.start()
    try:
        return [export(service, made.table_id, made.gm_token) for _ in range(times)]
    finally:
        stop.set()
        for t in writers:
            t.join(30)


def test_an_api_export_is_one_snapshot_while_the_table_rolls(database: Database, tmp_path: Path) -> None:
    exports = _while_rolling(database, lambda s, t, token: s.export(s.viewer(t, token)), 12)
    assert len({e["table"]["last_seq"] for e in exports}) > 1, "the table did not move while exporting"
    for i, export in enumerate(exports):
        _check_snapshot(export, tmp_path / f"api-{i}.sqlite3")


def test_an_export_does_not_see_a_write_that_commits_while_it_reads(
    database: Database, tmp_path: Path, cli: Any, monkeypatch: Any
) -> None:
    """Made exact: as the export comes to read the events, a roll commits from another thread. The export
    is of the moment its reading began (the roll is not in it), by the API and by `runehall export`."""
    service = TableService(Store(database))
    made = service.create("Busy", "dice", {}, "Norn")
    gm = service.viewer(made.table_id, made.gm_token)
    service.roll(gm, "roll", {"notation": "1d20"})
    real_events = Store.events
    pending = [0]

    def events(store: Store, connection: Any, table_id: str, since: int = 0) -> Any:
        if pending[0]:
            pending[0] -= 1
            meanwhile = threading.Thread(target=lambda: service.roll(gm, "roll", {"notation": "1d20"}))
            meanwhile.start()
            meanwhile.join(30)
        return real_events(store, connection, table_id, since)

    monkeypatch.setattr(Store, "events", events)
    by_cli: list[Any] = [lambda: json.loads(cli("export", made.table_id, "--database-url", database.url))]
    for i, export in enumerate([lambda: service.export(gm), *by_cli]):
        last = service.store.read(lambda c: service.store.table(c, made.table_id)).last_seq
        pending[0] = 1
        exported = export()
        assert pending[0] == 0, "the hook did not run"
        assert exported["table"]["last_seq"] == last and len(exported["events"]) == last
        _check_snapshot(exported, tmp_path / f"exact-{i}.sqlite3")
