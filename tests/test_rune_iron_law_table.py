"""The Book of Iron Law at a table and from the command line (rune/iron_law_tracker.py): the host keeps the book
and hands each player of the group to the person who plays him; each votes for himself alone, the runner closes
early, a refused move is a clear 4xx (exit 2) that writes nothing; a player's page shows the open vote in his
language; `runehall play` runs a whole question."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from conftest import Cli
from service_fixtures import Seat, open_table
from test_service_control import act, done, tracker

NET = "Does a shield stop a thrown net?"


def _table(client: Any) -> tuple[Seat, dict[str, Seat], str]:
    table = open_table(client, "rune")
    people = {name: table.join(name) for name in ("Ana", "Bo", "Cy")}
    controllers = {name: seat.id for name, seat in people.items()}
    setup = {"players": ["Ana", "Bo", "Cy"]}
    started = table.gm.post("/trackers", {"tracker": "iron_law", "setup": setup, "controllers": controllers})
    assert started.status_code == 201, started.text
    return table.gm, people, started.json()["payload"]["tracker_id"]


def _refused(seat: Seat, gm: Seat, tid: str, action: str, codes: tuple[int, ...], **params: Any) -> str:
    before = gm.events(), tracker(gm, tid)
    response = act(seat, tid, action, **params)
    assert response.status_code in codes, response.text
    assert (gm.events(), tracker(gm, tid)) == before
    reason: str = response.json()["detail"]
    return reason


def _page(client: Any, seat: Seat, lang: str) -> str:
    from fastapi.testclient import TestClient

    browser = TestClient(client.app)
    browser.cookies.set(f"rh_{seat.table}", seat.token)
    response = browser.get(f"/t/{seat.table}", headers={"Accept-Language": lang})
    assert response.status_code == 200, response.text
    return html.unescape(response.text)


def test_each_player_votes_for_himself_and_the_runner_closes_early(client: Any) -> None:
    gm, people, tid = _table(client)
    ana, bo, cy = people["Ana"], people["Bo"], people["Cy"]
    proposed = done(bo, tid, "propose", player="Bo", question=NET, rulings=["No", "Yes"], runner="Ana")
    assert proposed["payload"]["result"]["number"] == 1
    done(bo, tid, "vote", player="Bo", question=1, ruling=2)
    assert "Bo" in _refused(bo, gm, tid, "vote", (403,), player="Cy", question=1, ruling=2)  # not his to cast
    reason = _refused(cy, gm, tid, "close", (400, 409, 422), player="Cy", question=1)
    assert "only the runner closes the vote" in reason
    done(ana, tid, "vote", player="Ana", question=1, ruling=1)
    page = _page(client, cy, "es")
    assert "Cuestión 1: " + NET in page and "Votar la cuestión 1" in page and "falta Cy" in page
    assert "2 votos: Ana" in page  # the runner's ballot, counted twice, in the open
    closed = done(ana, tid, "close", player="Ana", question=1)["payload"]["result"]
    assert not closed["tie"] and closed["ruling"] == "No" and closed["voters"] == 2 and closed["group"] == 3
    assert tracker(gm, tid)["state"]["book"][0]["ruling"] == "No"
    reason = _refused(bo, gm, tid, "vote", (400, 409, 422), player="Bo", question=1, ruling=1)
    assert "closed" in reason
    page = _page(client, bo, "en")
    assert "Precedents" in page and "voted on by 2 of 3" in page
    done(cy, tid, "propose", player="Cy", question="Do crows count as foes?", rulings=["Yes", "No"])  # Ana runs
    done(ana, tid, "vote", player="Ana", question=2, ruling=2)
    done(ana, tid, "close", player="Ana", question=2)  # one of three voted: thin
    page = _page(client, gm, "es")
    assert "Anular el precedente 2" in page and "con pocos votos" in page
    voided = done(cy, tid, "void", player="Cy", question=2, present=["Cy", "Bo"])["payload"]["result"]
    assert voided["ruling"] == "No" and [e["number"] for e in tracker(gm, tid)["state"]["book"]] == [1]


def test_the_book_from_the_command_line(cli: Cli, tmp_path: Path) -> None:
    game = str(tmp_path / "book.json")
    cli("play", "new", game, "rune", "iron_law", "--players", "Ana,Bo,Cy,Di")
    cli("play", "do", game, "propose", "--player", "Cy", "--question", NET, "--rulings", '["No", "Yes, if big"]',
        "--runner", "Di")  # fmt: skip
    before = Path(game).read_bytes()
    refused = cli("play", "do", game, "close", "--player", "Di", "--question", "1", code=2)  # nobody has voted
    assert "nothing to close" in refused and Path(game).read_bytes() == before
    refused = cli("play", "do", game, "vote", "--player", "Eve", "--question", "1", "--ruling", "1", code=2)
    assert "not a player of this group" in refused and Path(game).read_bytes() == before
    for voter, ruling in (("Ana", "2"), ("Bo", "2"), ("Cy", "1"), ("Di", "1")):
        cli("play", "do", game, "vote", "--player", voter, "--question", "1", "--ruling", ruling)
    closed = json.loads(cli("play", "do", game, "close", "--player", "Ana", "--question", "1", "--json"))
    assert closed["event"]["result"]["votes"] == {"1": 3, "2": 2} and closed["state"]["book"][0]["ruling"] == "No"
    said = cli("play", "log", game, "--lang", "es")
    assert "Cy somete una cuestión a votación" in said and "al libro: No" in said
