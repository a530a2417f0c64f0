"""Seeds at a table (issue 11, items 5-6): nobody receives a seed still in use, nobody recovers a roll hidden
from them, everyone can verify every roll they saw. The attacks are the tests."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from runehall.chance.sources import FairSource
from runehall.fairness.log import verify_log
from runehall.fairness.streams import effective_client_seed
from runehall.storage.db import Database
from runehall.storage.schema import seed_streams, seeds
from service_fixtures import Seat, open_table

D20 = {"system": "dice", "mechanic": "roll", "params": {"notation": "1d20"}}
HEX_SEED = re.compile(r"\b[0-9a-f]{64}\b")


def roll(seat: Seat, notation: str = "1d20", visibility: str = "public") -> dict[str, Any]:
    body = {**D20, "params": {"notation": notation}, "visibility": visibility}
    response = seat.post("/rolls", body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def everything_received(seat: Seat, client: Any) -> str:
    """All a participant can read from the API (and the GM's export), as one text."""
    parts = [seat.get("").text, seat.get("/events").text, seat.get("/fair-log").text, seat.get("/export").text]
    with client.websocket_connect(f"/api/tables/{seat.table}/ws?token={seat.token}") as ws:
        for _ in range(3):
            parts.append(json.dumps(ws.receive_json()))
    return "\n".join(parts)


def live_seeds(database: Database, table_id: str) -> list[str]:
    """The secret seeds of the epoch in use, read from the database itself."""
    with database.engine.connect() as c:
        live = {int(r.epoch) for r in c.execute(select(seeds).where(seeds.c.table_id == table_id)) if not r.revealed}
        rows = c.execute(select(seed_streams).where(seed_streams.c.table_id == table_id))
        return [r.server_seed for r in rows if int(r.epoch) in live]


def candidate_seeds(text: str) -> set[bytes]:
    """Every 32-byte value someone could try as a seed: each 64-digit hex string they received."""
    return {bytes.fromhex(h) for h in HEX_SEED.findall(text)}


def reproduces(seed: bytes, client_seed: str, faces: int, values: Sequence[int], nonces: int = 40) -> bool:
    """Whether some nonce of this seed draws these values in turn (two dice of 999,983 faces: a chance match
    is about one in 10^12 a try, so a match means the seed is the roll's)."""

    def draws(nonce: int) -> list[int]:
        source = FairSource(seed, client_seed, nonce)
        return [source.die(faces) for _ in values]

    return any(draws(n) == list(values) for n in range(nonces))


def test_no_response_holds_a_live_seed(client: Any, database: Database) -> None:
    table = open_table(client)
    player = table.join("Ana")
    roll(player)
    roll(table.gm, visibility="gm")
    roll(player, visibility="private")
    secrets = live_seeds(database, table.gm.table)
    assert len(secrets) == 6  # public, gm, and a private and a sealed stream for each of the two
    for seat in (table.gm, player):
        received = everything_received(seat, client)
        assert not any(s in received for s in secrets)


def test_a_gm_who_exports_cannot_predict_or_steer_a_players_roll(client: Any) -> None:
    """The attack: export, read the live seed, predict the player's next d20, burn nonces with hidden GM
    rolls until a bad face comes up next. Now the export has no live seed, and hidden rolls draw from the
    GM's stream, so the player's stream never moves for them."""
    table = open_table(client)
    player = table.join("Ana")
    exported = table.gm.get("/export").json()
    assert all(s["server_seed"] is None for e in exported["seeds"] if not e["revealed"] for s in e["streams"])
    guesses = candidate_seeds(everything_received(table.gm, client))
    player_rolls = []
    for _ in range(6):
        roll(table.gm, visibility="gm")  # a hidden roll between the player's
        player_rolls.append(roll(player)["payload"]["roll"])
    nonces = [r["source"]["nonce"] for r in player_rolls]
    assert nonces == list(range(6)) and {r["source"]["stream"] for r in player_rolls} == {"public"}
    client_seed = player_rolls[0]["source"]["client_seed"]
    for guess in guesses:  # nothing the GM holds predicts the player's faces
        predicted = [FairSource(guess, client_seed, n).die(20) for n in range(6)]
        assert predicted != [r["tape"][0][1] for r in player_rolls]


def test_participants_add_to_the_client_seed_before_the_first_roll(client: Any) -> None:
    table = open_table(client, client_seed="tavern")
    player = table.join("Ana")
    added = player.post("/seed/client-seed", {"text": "my lucky socks"})
    assert added.status_code == 201, added.text
    again = table.gm.post("/seed/client-seed", {"text": "and mine"})
    expected = effective_client_seed("tavern", ["my lucky socks", "and mine"])
    assert again.json()["payload"]["client_seed"] == expected
    first = roll(player)["payload"]["roll"]
    assert first["source"]["client_seed"] == expected
    late = player.post("/seed/client-seed", {"text": "too late"})
    assert late.status_code == 409 and "already been rolled" in late.json()["detail"]
    assert player.post("/seed/client-seed", {"text": "bad\ncontrol"}).status_code == 422
    table.gm.post("/seed/rotate", {})
    log = player.get("/fair-log").json()
    assert log["epochs"][0]["contributions"] == [
        {"by": player.id, "text": "my lucky socks"},
        {"by": table.gm.id, "text": "and mine"},
    ]
    assert verify_log(log).ok
    log["epochs"][0]["contributions"][0]["text"] = "other socks"  # an edited addition no longer adds up
    assert not verify_log(log).ok
    # The new epoch takes additions again until its first roll, up to a hundred.
    for n in range(100):
        assert player.post("/seed/client-seed", {"text": f"fresh {n}"}).status_code == 201
    assert player.post("/seed/client-seed", {"text": "one more"}).status_code == 409


def test_a_player_cannot_recover_a_hidden_roll_after_rotation(client: Any) -> None:
    """The attack: after a rotation, a player takes every seed they received and tries to recompute a
    GM-only 1d999983 at every nonce. None reproduces it, while their own public and private rolls verify."""
    table = open_table(client)
    ana, bo = table.join("Ana"), table.join("Bo")
    roll(ana)
    hidden = roll(table.gm, "2d999983", visibility="gm")["payload"]["roll"]
    blind = roll(ana, "2d999983", visibility="blind")
    assert "payload" not in blind  # the author of a blind roll gets an acknowledgement only
    bo_private = roll(bo, "2d999983", visibility="private")["payload"]["roll"]
    roll(ana, visibility="private")
    shown = roll(ana, "2d999983")["payload"]["roll"]  # public: its seed is revealed by the rotation
    assert table.gm.post("/seed/rotate", {}).status_code == 201
    received = everything_received(ana, client)
    seeds = candidate_seeds(received)
    assert seeds, "the player received the public seed"
    client_seed = hidden["source"]["client_seed"]
    public = [draw[1] for draw in shown["tape"]]  # the check finds a seed where there is one to find
    assert any(reproduces(seed, shown["source"]["client_seed"], 999983, public) for seed in seeds)
    for secret in (hidden, bo_private):
        values = [draw[1] for draw in secret["tape"]]
        assert len(values) == 2
        assert not any(reproduces(seed, client_seed, 999983, values) for seed in seeds)
    log = ana.get("/fair-log").json()
    report = verify_log(log)
    assert report.ok and report.verified == 3, report.to_json()
    streams = {s["stream"]: s for s in log["epochs"][0]["streams"]}
    assert streams["public"]["server_seed"] and streams[f"private:{ana.id}"]["server_seed"]
    assert streams["gm"]["server_seed"] is None and streams[f"private:{bo.id}"]["server_seed"] is None
    assert streams["gm"]["nonces"] == 2  # the count is public; the draws are not
    # The GM verifies everything but the players' sealed streams (none used here).
    gm_report = verify_log(table.gm.get("/fair-log").json())
    assert gm_report.ok and gm_report.verified == 6, gm_report.to_json()


def test_a_sealed_cast_draws_from_its_authors_sealed_stream(client: Any) -> None:
    """Midgard: a cast that places its tokens at once (goal) while the opponent has not allocated is sealed:
    its author alone sees it, so its dice come from their sealed stream, revealed to them alone. The
    tracker's other viewers get no gap in the public stream, and their log says the tracker is not checkable
    for them rather than passing it."""
    from test_service_control import FOE_ID, HERO_ID, declare_the_contest, done, midgard_table

    table, ana, bo, tracker_id = midgard_table(client)
    declare_the_contest(table, ana, tracker_id)
    sealed = done(ana, tracker_id, "cast", actor=HERO_ID, goal="margin")
    assert sealed["visibility"] == "sealed" and sealed["payload"]["tape"]
    assert sealed["payload"]["source"]["stream"] == f"sealed:{ana.id}"
    later = done(table.gm, tracker_id, "cast", actor=FOE_ID)  # public: the next nonce of the public stream
    assert later["payload"]["source"]["stream"] == "public"
    assert table.gm.post("/seed/rotate", {}).status_code == 201
    mine, gms = ana.get("/fair-log").json(), table.gm.get("/fair-log").json()
    streams = {s["stream"]: s for s in mine["epochs"][0]["streams"]}
    assert streams[f"sealed:{ana.id}"]["server_seed"] and streams[f"sealed:{ana.id}"]["nonces"] == 1
    gm_streams = {s["stream"]: s for s in gms["epochs"][0]["streams"]}
    assert gm_streams[f"sealed:{ana.id}"]["server_seed"] is None  # not even the GM
    assert verify_log(mine).trackers[0].status == "verified"
    for seat in (table.gm, bo):
        report = verify_log(seat.get("/fair-log").json())
        assert [t.status for t in report.trackers] == ["not-checkable"] and not report.ok
        assert not any("missing" in p for p in report.problems)  # the public stream has no gap
