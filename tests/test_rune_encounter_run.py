"""An encounter run at a table (rune/encounters/tracker.py): the runner, a player like the others, starts it and
hands each hero to its player (the proxy the runner's); his notes are sealed (nobody else sees them, the game
master included) until he shows them; a design the rules refuse changes nothing; rolls of the notes and the
fights feed the tally everyone sees; settlement credits it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.errors import ParameterError
from runehall.storage.db import Database
from runehall.storage.store import Store
from runehall.table.play import TableService
from service_fixtures import Seat, open_table
from test_service_control import act, done, tracker


def _table(client: Any) -> tuple[Seat, dict[str, Seat], str]:
    table = open_table(client, "rune")
    ana, bo, cy = table.join("Ana"), table.join("Bo"), table.join("Cy")
    # Ana runs; Bo is her proxy and plays her Thurid beside his own Bjorn; the host, Norn, plays Ragnar (a game
    # master acts for anyone: his hero is handed to nobody).
    controllers = {"Thurid": bo.id, "Bjorn": bo.id, "Sigrid": cy.id}
    started = ana.post("/trackers", {"tracker": "encounter", "setup": setup(), "controllers": controllers})
    assert started.status_code == 201, started.text
    return table.gm, {"ana": ana, "bo": bo, "cy": cy}, started.json()["payload"]["tracker_id"]


def _seen(seat: Seat) -> str:
    return json.dumps([seat.events(), seat.get("/trackers").json()], ensure_ascii=False)


def test_the_notes_are_the_runners_alone_until_he_shows_them(client: Any) -> None:
    gm, people, tid = _table(client)
    ana = people["ana"]
    given = done(ana, tid, "notes", encounter=notes())
    assert given["visibility"] == "sealed"
    assert given["payload"]["result"]["spent"] == 0 and given["payload"]["result"]["earned"] == 10
    secret = "Force the iron door"
    assert secret in _seen(ana)
    for other in (gm, people["bo"], people["cy"]):  # the host too: he is a pillager in Ana's encounter
        assert secret not in _seen(other)
        assert "notes" not in tracker(other, tid)["state"]
    done(ana, tid, "disclose")
    for other in (gm, people["bo"], people["cy"]):
        assert tracker(other, tid)["state"]["notes"]["events"][0]["rolls"][0]["name"] == secret


def test_a_design_over_budget_is_refused_with_its_reason_and_changes_nothing(client: Any) -> None:
    gm, people, tid = _table(client)
    ana = people["ana"]
    before = ana.events(), tracker(gm, tid)
    refused = act(ana, tid, "notes", encounter=notes(difficulty=12))  # +60 spent, nothing earned
    assert refused.status_code in (400, 409, 422), refused.text
    assert "earn" in refused.json()["detail"].lower() or "budget" in refused.json()["detail"].lower()
    assert (ana.events(), tracker(gm, tid)) == before
    forbidden = act(ana, tid, "notes", encounter=notes(threat="terrifying"))  # Mix 8 for four heroes
    assert forbidden.status_code in (400, 409, 422), forbidden.text
    assert (ana.events(), tracker(gm, tid)) == before


def test_only_the_runner_and_the_host_run_it_and_players_act_for_their_heroes(client: Any) -> None:
    _, people, tid = _table(client)
    assert act(people["bo"], tid, "notes", encounter=notes()).status_code == 403
    done(people["ana"], tid, "notes", encounter=notes())
    done(people["ana"], tid, "begin")
    done(people["ana"], tid, "fight", event="hall")
    assert act(people["cy"], tid, "initiative", who="Ragnar").status_code == 403  # Norn's hero, not hers
    done(people["cy"], tid, "initiative", who="Sigrid")
    done(people["bo"], tid, "initiative", who="Thurid")  # the proxy plays the runner's hero


def test_a_roll_of_the_notes_scores_for_the_heroes_and_the_runner_and_settles(client: Any) -> None:
    gm, people, tid = _table(client)
    ana = people["ana"]
    done(ana, tid, "notes", encounter=notes(difficulty=6))
    done(ana, tid, "begin")
    rolled = done(ana, tid, "noted_roll", manual=[9, 2, 7, 3], roll="door")["payload"]["result"]
    totals = rolled["totals"]
    standing = tracker(gm, tid)["state"]["standing"]
    for hero in ("Ragnar", "Sigrid"):  # neither is the runner's hero: each scores his own success
        assert standing[hero] == (3 * (totals[hero] - 6) if totals[hero] >= 6 else 0)
    settled = done(ana, tid, "settle")["payload"]["result"]["scores"]
    chortle = sum(3 * (6 - t) for t in totals.values() if t < 6)
    runner_lines = settled["Thurid"]["lines"]
    assert sum(line["vp"] for line in runner_lines if line["rule"].startswith("Chortle")) == chortle
    assert settled["Thurid"]["runner"] and settled["Thurid"]["credited"] >= 30
    assert act(ana, tid, "begin").status_code in (400, 409, 422)  # settled: nothing more happens in it


def _with_characters(client: Any) -> tuple[Seat, dict[str, Seat], str, dict[str, str]]:
    """The same table, the heroes made as the table's characters first (each by his player) and the encounter
    set up from them."""
    table = open_table(client, "rune")
    ana, bo, cy = table.join("Ana"), table.join("Bo"), table.join("Cy")
    owners = {"Ragnar": table.gm, "Thurid": ana, "Bjorn": bo, "Sigrid": cy}
    given = setup()
    ids: dict[str, str] = {}
    for hero in given["heroes"]:
        hero["sheet"] = {"name": hero["name"], **hero["sheet"], "vp_total": 500, "vp_spent": 100}
        made = owners[hero["name"]].post("/characters", {"sheet": hero["sheet"]})
        assert made.status_code == 201, made.text
        hero["character"] = ids[hero["name"]] = made.json()["payload"]["character_id"]
    started = ana.post("/trackers", {"tracker": "encounter", "setup": given, "controllers": {"Thurid": bo.id}})
    assert started.status_code == 201, started.text
    return table.gm, {"ana": ana, "bo": bo, "cy": cy}, started.json()["payload"]["tracker_id"], ids


def _vp(seat: Seat) -> dict[str, tuple[int, int]]:
    return {
        c["sheet"]["name"]: (c["sheet"]["vp_total"], c["sheet"]["vp_spent"]) for c in seat.get("/characters").json()
    }


def test_settling_credits_each_heros_sheet_and_an_undo_takes_it_back(client: Any, tmp_path: Any) -> None:
    gm, people, tid, _ids = _with_characters(client)
    ana = people["ana"]
    done(ana, tid, "notes", encounter=notes(difficulty=6))
    done(ana, tid, "begin")
    done(ana, tid, "noted_roll", manual=[9, 2, 7, 3], roll="door")
    settled = done(ana, tid, "settle")
    credited = {p: s["credited"] for p, s in settled["payload"]["result"]["scores"].items()}
    assert credited["Thurid"] >= 30  # the runner's thanks at least
    assert _vp(gm) == {name: (500 + credited[name], 100) for name in credited}
    exported = gm.get("/export").json()
    assert gm.post("/undo", {"seq": settled["seq"]}).status_code == 201
    assert _vp(gm) == dict.fromkeys(credited, (500, 100))
    # An export whose settlement writes other numbers into a sheet is refused: the write is replayed too.
    forged = json.loads(json.dumps(exported))
    event = next(e for e in forged["events"] if e["seq"] == settled["seq"])
    first = next(iter(event["payload"]["sheets"]))
    event["payload"]["sheets"][first]["vp_total"] += 1000
    other = Database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    other.migrate()
    try:
        service = TableService(Store(other))
        with pytest.raises(ParameterError, match="sheet fields it wrote"):
            service.import_table(forged)
        assert service.import_table(exported) == exported["table"]["id"]
    finally:
        other.dispose()
