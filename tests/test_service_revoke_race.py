"""A revoke and the requests already in flight (issue 11, item 14): the token is checked again inside each
write, after the table's lock, so once a revoke has committed no write by that participant commits.

The in-flight request is made exact: the participant is looked up (as a request does first), then revoked,
then the write runs with what was looked up. A threaded trial adds the real interleavings."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from runehall.storage.db import Database
from runehall.storage.store import Participant, Store, Unauthorized
from runehall.table.play import TableService
from service_fixtures import open_table

HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}
DICE = {"notation": "1d20"}

# Every write a player can make, with what a table set up by `seated` needs for it.
WRITES: dict[str, Callable[[TableService, Participant, dict[str, Any]], Any]] = {
    "roll": lambda s, p, at: s.roll(p, "roll", DICE, system_id="dice"),
    "blind roll": lambda s, p, at: s.roll(p, "roll", DICE, "blind", system_id="dice"),
    "manual roll": lambda s, p, at: s.roll(p, "roll", DICE, manual=["7"], system_id="dice"),
    "odds": lambda s, p, at: s.record_odds(p, {"system": "dice", "mechanic": "roll", "params": DICE}, "public"),
    "chat": lambda s, p, at: s.post(p, "chat", "still here?", "public"),
    "character": lambda s, p, at: s.create_character(p, HERO),
    "character edit": lambda s, p, at: s.edit_character(p, at["character"], {**HERO, "name": "Ulrika"}),
    "tracker": lambda s, p, at: s.start_tracker(p, "tree", {"character_id": at["character"]}),
    "tracker action": lambda s, p, at: s.tracker_action(p, at["tracker"], "wyrd", {}),
    "undo": lambda s, p, at: s.undo(p, at["roll"]),
}


def seated(service: TableService) -> tuple[Participant, Participant, dict[str, Any]]:
    """A table where players may undo, its GM, and a player with a character, a tracker and a roll."""
    made = service.create("Race", "ragnarok", {}, "Norn", players_can_undo=True)
    gm = service.viewer(made.table_id, made.gm_token)
    player, _, _ = service.join(made.invite_code, "Ana")
    character = service.create_character(player, HERO).payload["character_id"]
    tracker = service.start_tracker(player, "tree", {"character_id": character}).payload["tracker_id"]
    roll = service.roll(player, "roll", DICE, system_id="dice").seq
    return gm, player, {"character": character, "tracker": tracker, "roll": roll}


def _events(service: TableService, table_id: str) -> list[Any]:
    return service.store.read(lambda c: service.store.events(c, table_id))


@pytest.mark.parametrize("write", sorted(WRITES))
def test_a_write_looked_up_before_a_revoke_does_not_land(database: Database, write: str) -> None:
    service = TableService(Store(database))
    gm, player, at = seated(service)
    WRITES[write](service, player, at)  # the same write lands while the player is seated
    gm, player, at = seated(service)  # `player`: what a request looked up before the revoke
    service.revoke_participant(gm, player.id)
    before = _events(service, gm.table_id)
    with pytest.raises(Unauthorized):
        WRITES[write](service, player, at)
    assert _events(service, gm.table_id) == before


def test_every_write_route_refuses_a_token_revoked_in_flight(client: Any, monkeypatch: Any) -> None:
    """Through the API: the participant is revoked right after the request's token was looked up."""
    table = open_table(client, "ragnarok", players_can_undo=True)
    service: TableService = client.app.state.service
    gm = service.viewer(table.gm.table, table.gm.token)
    real_viewer = service.viewer
    doomed: set[str] = set()

    def viewer_then_revoked(table_id: str, token: str) -> Participant:
        found = real_viewer(table_id, token)
        if found.id in doomed:
            doomed.discard(found.id)
            service.revoke_participant(gm, found.id)  # commits between the look-up and the write
        return found

    monkeypatch.setattr(service, "viewer", viewer_then_revoked)
    routes: list[tuple[str, dict[str, Any]]] = [
        ("/rolls", {"system": "dice", "mechanic": "roll", "params": DICE}),
        ("/rolls", {"system": "dice", "mechanic": "roll", "params": DICE, "visibility": "blind"}),
        ("/odds", {"system": "dice", "mechanic": "roll", "params": DICE, "record": True}),
        ("/chat", {"text": "still here?"}),
        ("/characters", {"sheet": HERO}),
        ("/trackers", {"tracker": "tree", "setup": {"character": HERO}}),
        ("/undo", {"seq": 1}),
    ]
    for path, body in routes:
        player = table.join(f"P{len(doomed)}{path[1:4]}")
        doomed.add(player.id)
        refused = player.post(path, body)
        assert refused.status_code == 401, (path, refused.text)
        authored = [e["kind"] for e in table.gm.events() if e["author"] == player.id]
        assert authored == ["joined"], (path, authored)


@pytest.mark.parametrize("trial", range(3))
def test_no_write_commits_after_the_revoke(database: Database, trial: int) -> None:
    """Players write as fast as they can while the GM revokes one of them: every write of theirs that
    landed comes before the revoke in the log (a table's events are numbered in commit order)."""
    service = TableService(Store(database))
    gm, player, _ = seated(service)
    stop = threading.Event()
    refused: list[BaseException] = []
    landed = threading.Semaphore(0)

    def keep_writing(i: int) -> None:
        n = 0
        while not stop.is_set():
            try:
                if n % 2:
                    service.post(player, "chat", f"{i}-{n}", "public")
                else:
                    service.roll(player, "roll", DICE, system_id="dice")
                landed.release()
            except Unauthorized as e:
                refused.append(e)
                return
            n += 1

    writers = [threading.Thread(target=keep_writing, args=(i,)) for i in range(3)]
    for t in writers:
        t.start()
    try:
        for _ in range(5 + trial * 3):  # some writes land first
            assert landed.acquire(timeout=30)
        revoke = service.revoke_participant(gm, player.id)
        time.sleep(0.05)  # writers in flight meet the revoke
    finally:
        stop.set()
        for t in writers:
            t.join(30)
    late = [e.seq for e in _events(service, gm.table_id) if e.author == player.id and e.seq > revoke.seq]
    assert late == []
    assert refused, "no writer met the revoke"


def test_a_socket_opened_as_its_participant_is_revoked_does_not_stay(client: Any, monkeypatch: Any) -> None:
    """The revoke (and its kick) comes between the socket's token look-up and its subscription: the kick
    found nothing to close, so the socket must notice by itself before it sends anything."""
    from starlette.websockets import WebSocketDisconnect

    table = open_table(client, "dice")
    player = table.join("Ana")
    service: TableService = client.app.state.service
    gm = service.viewer(table.gm.table, table.gm.token)
    real_viewer = service.viewer
    pending = [True]

    def viewer_then_revoked(table_id: str, token: str) -> Participant:
        found = real_viewer(table_id, token)
        if pending[0] and found.id == player.id:
            pending[0] = False
            service.revoke_participant(gm, player.id)
        return found

    monkeypatch.setattr(service, "viewer", viewer_then_revoked)
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/api/tables/{player.table}/ws?token={player.token}") as ws:
            ws.receive_text()
    assert closed.value.code == 1008 and not pending[0]
    assert player.id not in client.app.state.hub.online(player.table)
