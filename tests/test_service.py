"""The table service: events, roles, secrets, undo, fairness, export/import and bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runehall.fairness.log import verify_log
from runehall.storage.db import Database
from runehall.storage.store import Store
from runehall.table.play import TableService
from service_fixtures import BACKENDS, Seat, open_table

SKILL = {"bag": "4F,2M,1E", "destiny": 3, "void_trait": "E", "required_trait": "F", "difficulty": 3}
HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}


def test_create_join_and_roll(client: Any) -> None:
    table = open_table(client)
    player = table.join("Ulrik")
    rolled = player.post("/rolls", {"mechanic": "test", "params": SKILL})
    assert rolled.status_code == 201
    event = rolled.json()
    assert event["kind"] == "roll" and event["author"] == player.id
    roll = event["payload"]["roll"]
    assert roll["source"]["kind"] == "fair" and len(roll["tape"]) == 3
    assert "R =" in event["text"]
    kinds = [e["kind"] for e in table.gm.events()]
    assert kinds == ["table_created", "joined", "joined", "roll"]
    assert [e["seq"] for e in table.gm.events()] == [1, 2, 3, 4]
    summary = player.get("").json()
    assert summary["system"] == "ragnarok" and summary["invite_code"] is None  # only the GM sees the code
    assert {p["name"] for p in summary["participants"]} == {"Norn", "Ulrik"}


VISIBLE_TO_PLAYERS = {"public": (True, True), "gm": (False, False), "private": (True, False), "blind": (False, False)}


@pytest.mark.parametrize("visibility", list(VISIBLE_TO_PLAYERS))
def test_visibility(client: Any, visibility: str) -> None:
    table = open_table(client)
    author, other = table.join("Ana"), table.join("Bo")
    secret = "the-hidden-ogre-is-in-the-well"
    author.post("/chat", {"text": secret, "visibility": visibility})
    sees_author, sees_other = VISIBLE_TO_PLAYERS[visibility]
    assert (secret in json.dumps(author.events())) is sees_author
    assert (secret in json.dumps(other.events())) is sees_other
    assert secret in json.dumps(table.gm.events())  # the GM sees everything


def test_gm_secrets_never_reach_players(client: Any) -> None:
    table = open_table(client)
    players = [table.join("Ana"), table.join("Bo")]
    sockets = [client.websocket_connect(f"/api/tables/{p.table}/ws?token={p.token}") for p in players]
    received: list[list[str]] = [[], []]
    for i, ws in enumerate(sockets):
        ws.__enter__()
        for _ in range(4):  # table_created, three joins
            received[i].append(ws.receive_text())
    note = table.gm.post("/notes", {"text": "NOTE-the-traitor-is-Bo", "visibility": "gm"})
    hidden = table.gm.post(
        "/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "1d20+1000"}, "visibility": "gm"}
    )
    assert note.status_code == hidden.status_code == 201
    public = table.gm.post("/chat", {"text": "the next thing"})
    assert public.status_code == 201
    for i, ws in enumerate(sockets):
        received[i].append(ws.receive_text())  # the public chat comes next: nothing hidden came before it
        ws.__exit__(None, None, None)
    hidden_faces = json.dumps(hidden.json()["payload"]["roll"]["tape"])
    for i, player in enumerate(players):
        everything = "".join(received[i]) + json.dumps(player.events()) + json.dumps(player.get("/fair-log").json())
        assert "NOTE-the-traitor" not in everything
        assert "1d20+1000" not in everything and hidden_faces not in everything
        assert json.loads(received[i][-1])["kind"] == "chat"
    assert "1d20+1000" in json.dumps(table.gm.events())


def test_blind_roll_is_hidden_from_its_author(client: Any) -> None:
    table = open_table(client)
    player = table.join("Ana")
    rolled = player.post(
        "/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "1d6+777"}, "visibility": "blind"}
    )
    assert rolled.status_code == 201
    assert "1d6+777" not in json.dumps(player.events())
    assert "1d6+777" in json.dumps(table.gm.events())


def test_undo_appends_and_keeps_the_original(client: Any) -> None:
    table = open_table(client)
    player = table.join("Ana")
    seq = player.post("/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "2d6"}}).json()["seq"]
    assert player.post("/undo", {"seq": seq}).status_code == 403  # players may not undo by default
    undone = table.gm.post("/undo", {"seq": seq, "reason": "rolled the wrong thing"})
    assert undone.status_code == 201 and undone.json()["payload"]["revokes"] == seq
    kinds = [e["kind"] for e in player.events()]
    assert kinds[-2:] == ["roll", "revoke"]
    assert table.gm.post("/undo", {"seq": seq}).status_code == 409  # already revoked
    assert table.gm.post("/undo", {"seq": 1}).status_code == 409  # the table's creation cannot be undone
    assert table.gm.post("/undo", {"seq": 999}).status_code == 404


def test_players_can_undo_their_own_when_the_table_allows(client: Any) -> None:
    table = open_table(client, players_can_undo=True)
    ana, bo = table.join("Ana"), table.join("Bo")
    seq = ana.post("/chat", {"text": "oops"}).json()["seq"]
    assert bo.post("/undo", {"seq": seq}).status_code == 403
    assert ana.post("/undo", {"seq": seq}).status_code == 201


def test_fair_log_verifies_after_rotation_and_tampering_fails(client: Any) -> None:
    table = open_table(client, client_seed="tavern")
    player = table.join("Ana")
    for notation in ("4d6k3", "3d6!", "2d6/2"):
        assert (
            player.post("/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": notation}}).status_code
            == 201
        )
    player.post("/rolls", {"mechanic": "test", "params": SKILL})
    before = player.get("/fair-log").json()
    assert before["epochs"][0]["server_seed"] is None
    assert not verify_log(before).ok
    assert player.post("/seed/rotate", {}).status_code == 403
    rotated = table.gm.post("/seed/rotate", {"client_seed": "second"})
    assert rotated.status_code == 201 and rotated.json()["payload"]["revealed"]["server_seed"]
    log = player.get("/fair-log").json()
    report = verify_log(log)
    assert report.ok and report.verified == 4
    log["rolls"][0]["outcome"] += 1
    assert not verify_log(log).ok


def test_characters_are_validated_and_edited_by_their_owner(client: Any) -> None:
    table = open_table(client)
    ana, bo = table.join("Ana"), table.join("Bo")
    before = len(table.gm.events())
    bad = ana.post("/characters", {"sheet": {**HERO, "essence": ["tiwaz", "tiwaz"]}})
    assert bad.status_code == 422 and "twice" in bad.json()["detail"]
    assert len(table.gm.events()) == before  # nothing written
    made = ana.post("/characters", {"sheet": HERO})
    assert made.status_code == 201
    character_id = made.json()["payload"]["character_id"]
    url = f"/api/tables/{ana.table}/characters/{character_id}"
    assert client.put(url, headers=bo.headers, json={"sheet": HERO}).status_code == 403
    edited = client.put(url, headers=ana.headers, json={"sheet": {**HERO, "destiny": 3}})
    assert edited.status_code == 200
    sheets = ana.get("/characters").json()
    assert sheets[0]["sheet"]["destiny"] == 3 and sheets[0]["derived"]["esencia"] == 4
    table.gm.post("/undo", {"seq": edited.json()["seq"]})
    assert ana.get("/characters").json()[0]["sheet"]["destiny"] == 2


def test_export_import_round_trip(client: Any, tmp_path: Any) -> None:
    table = open_table(client)
    player = table.join("Ana")
    player.post("/rolls", {"mechanic": "test", "params": SKILL})
    player.post("/characters", {"sheet": HERO})
    table.gm.post("/notes", {"text": "secret", "visibility": "gm"})
    exported = table.gm.get("/export").json()
    assert player.get("/export").status_code == 403
    assert client.post("/api/import", json=exported).status_code == 409  # the id exists here
    # Into another database (SQLite; from PostgreSQL when that backend runs): nothing is lost.
    other = Database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    other.migrate()
    service = TableService(Store(other))
    assert service.import_table(exported) == exported["table"]["id"]
    again = service.store.read(lambda c: service.store.export(c, exported["table"]["id"]))
    # Everything came back, but the epoch in use came without its seeds: it is closed, and a fresh one
    # committed on import draws the new rolls.
    assert {k: v for k, v in again.items() if k != "seeds"} == {k: v for k, v in exported.items() if k != "seeds"}
    assert again["seeds"][0] == {**exported["seeds"][0], "revealed": True} and len(again["seeds"]) == 2
    assert all(s["server_seed"] is None for s in again["seeds"][1]["streams"]) and not again["seeds"][1]["revealed"]
    # The imported table works: the player's token still opens it and new rolls verify; the roll made with
    # the seed left behind is reported as never checkable.
    viewer = service.viewer(exported["table"]["id"], player.token)
    service.roll(viewer, "test", SKILL)
    service.rotate_seed(service.viewer(exported["table"]["id"], table.gm.token))
    report = verify_log(service.fair_log(viewer))
    assert [c.status for c in report.checks] == ["unrevealed", "verified"] and not report.ok
    assert "left behind" in report.checks[0].reason


@pytest.mark.parametrize(
    "path,body",
    [
        ("/rolls", {"mechanic": "test", "params": {**SKILL, "destiny": -1}}),
        ("/rolls", {"mechanic": "nope", "params": {}}),
        ("/rolls", {"mechanic": "test", "params": SKILL, "visibility": "everyone"}),
        ("/rolls", {"mechanic": "test", "params": SKILL, "manual": ["F", "F", "F", "F"]}),
        ("/rolls", {"mechanic": "test", "params": SKILL, "extra": 1}),
        ("/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "1d6/0"}}),
        ("/odds", {"system": "dice", "mechanic": "roll", "params": {"notation": "1000d1000"}}),
        ("/chat", {"text": ""}),
        ("/chat", {"text": "x" * 5000}),
        ("/undo", {"seq": 0}),
        ("/trackers", {"tracker": "nope"}),
        ("/notes", {"text": "players keep no notes"}),
    ],
)
def test_bad_input_is_a_4xx_with_a_reason_and_changes_nothing(client: Any, path: str, body: dict[str, Any]) -> None:
    table = open_table(client)
    player = table.join("Ana")
    before = table.gm.events()
    response = player.post(path, body)
    assert 400 <= response.status_code < 500, response.text
    assert isinstance(response.json()["detail"], str | list)
    assert table.gm.events() == before


def test_tokens(client: Any) -> None:
    table = open_table(client, password="mead")
    assert client.post("/api/join", json={"invite_code": table.invite_code, "name": "X"}).status_code == 401
    player = table.join("Ana", password="mead")
    assert client.get(f"/api/tables/{table.gm.table}/events").status_code == 401
    assert (
        client.get(f"/api/tables/{table.gm.table}/events", headers={"Authorization": "Bearer nope"}).status_code == 401
    )
    other = open_table(client)
    assert Seat(client, other.gm.table, player.id, player.token).get("/events").status_code == 403
    assert player.post(f"/participants/{table.gm.id}/revoke", {}).status_code == 403
    assert table.gm.post(f"/participants/{player.id}/revoke", {}).status_code == 200
    assert player.get("/events").status_code == 401


def test_body_size_limit(client: Any) -> None:
    table = open_table(client)
    response = table.gm.post("/chat", {"text": "x" * 300_000})
    assert response.status_code == 413


def test_live_socket_resumes_without_gap_or_duplicate(client: Any) -> None:
    table = open_table(client)
    player = table.join("Ana")
    for i in range(5):
        table.gm.post("/chat", {"text": f"line {i}"})
    with client.websocket_connect(f"/api/tables/{player.table}/ws?token={player.token}&since=4") as ws:
        first = [json.loads(ws.receive_text())["seq"] for _ in range(4)]
        table.gm.post("/chat", {"text": "live"})
        first.append(json.loads(ws.receive_text())["seq"])
    assert first == [5, 6, 7, 8, 9]
    with client.websocket_connect(f"/api/tables/{player.table}/ws?token={player.token}&since=7") as ws:
        again = [json.loads(ws.receive_text())["seq"] for _ in range(2)]
    assert again == [8, 9]


def test_live_socket_limits(client: Any) -> None:
    from starlette.websockets import WebSocketDisconnect

    table = open_table(client)
    url = f"/api/tables/{table.gm.table}/ws?token={table.gm.token}"
    with client.websocket_connect(url) as ws:
        ws.receive_text()
        ws.receive_text()
        ws.send_text(json.dumps({"type": "ping"}))
        assert json.loads(ws.receive_text()) == {"type": "pong"}
        ws.send_text("x" * 5000)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1008
    with client.websocket_connect(url) as ws:
        ws.receive_text()
        ws.receive_text()
        with pytest.raises(WebSocketDisconnect):
            for _ in range(100):
                ws.send_text(json.dumps({"type": "ping"}))
                ws.receive_text()
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/api/tables/{table.gm.table}/ws?token=bad") as ws,
    ):
        ws.receive_text()


def test_backends_listed() -> None:
    assert "sqlite" in BACKENDS


def test_fair_draws_of_tracker_actions_are_in_the_fair_log(client: Any) -> None:
    table = open_table(client)
    player = table.join("Ana")
    made = player.post("/characters", {"sheet": HERO})
    started = player.post(
        "/trackers", {"tracker": "tree", "setup": {"character_id": made.json()["payload"]["character_id"]}}
    )
    assert started.status_code == 201, started.text
    tracker_id = started.json()["payload"]["tracker_id"]
    drawn = player.post(f"/trackers/{tracker_id}/actions", {"action": "wyrd"})
    assert drawn.status_code == 201, drawn.text
    assert drawn.json()["payload"]["source"]["kind"] == "fair" and len(drawn.json()["payload"]["tape"]) == 2
    table.gm.post("/seed/rotate", {})
    log = player.get("/fair-log").json()
    entry = next(r for r in log["rolls"] if r["mechanic"] == "tracker:tree/wyrd")
    assert entry["tape"] == drawn.json()["payload"]["tape"]
    assert verify_log(log).ok and verify_log(log).verified == 1
    entry["tape"][0][1] = entry["tape"][0][1] % entry["tape"][0][0] + 1
    assert not verify_log(log).ok


def test_events_published_out_of_order_still_arrive_in_order(client: Any) -> None:
    """Request threads can publish a table's events out of order; no event may be lost or duplicated."""
    from runehall.service.app import present

    table = open_table(client)
    player = table.join("Ana")
    service, hub = client.app.state.service, client.app.state.hub
    with client.websocket_connect(f"/api/tables/{player.table}/ws?token={player.token}&since=3") as ws:
        gm = service.viewer(table.gm.table, table.gm.token)
        first = service.post(gm, "chat", "first", "public")
        hidden = service.post(gm, "note", "for the GM", "gm")
        last = service.post(gm, "chat", "last", "public")
        client.portal.call(hub.publish, [last], present)  # the later write's thread finished first
        client.portal.call(hub.publish, [hidden, first], present)
        got = [json.loads(ws.receive_text()) for _ in range(2)]
        assert [e["seq"] for e in got] == [first.seq, last.seq]
        assert [e["payload"]["text"] for e in got] == ["first", "last"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert json.loads(ws.receive_text()) == {"type": "pong"}  # and nothing else was queued behind


def test_the_api_lists_every_system_with_its_parameters(client: Any) -> None:
    systems = {s["id"]: s for s in client.get("/api/systems").json()}
    assert {"dice", "ragnarok", "midgard", "rune"} <= set(systems)
    test = next(m for m in systems["ragnarok"]["mechanics"] if m["name"] == "test")
    assert {"bag", "destiny", "required_trait", "difficulty"} <= {p["name"] for p in test["params"]}
    assert systems["ragnarok"]["gm_title"] == "norn" and systems["rune"]["gm_title"] == "runner"
    assert any(t["name"] == "tree" for t in systems["ragnarok"]["trackers"])
    assert any(o["name"] == "void_can_transform" for o in systems["ragnarok"]["options"])
