"""Rolls the rules make in secret (Rune's runner rolling Awareness): a table takes them only GM-only or blind."""

from __future__ import annotations

from typing import Any

from service_fixtures import open_table

SECRET_ROLL = {"system": "rune", "mechanic": "roll", "params": {"difficulty": 9, "bonus": 2, "secret": True}}


def test_a_secret_roll_is_refused_in_the_open_and_state_is_unchanged(client: Any) -> None:
    table = open_table(client, "rune")
    player = table.join("Sigrid")
    before = table.gm.events()
    for seat, visibility in ((table.gm, "public"), (table.gm, "private"), (player, "public")):
        answer = seat.post("/rolls", {**SECRET_ROLL, "visibility": visibility})
        assert answer.status_code == 409, answer.text  # a rules error, as every other
        assert "secret" in answer.json()["detail"]
    assert table.gm.events() == before


def test_a_secret_roll_reaches_the_gm_only(client: Any) -> None:
    table = open_table(client, "rune")
    player = table.join("Sigrid")
    answer = table.gm.post("/rolls", {**SECRET_ROLL, "visibility": "gm"})
    assert answer.status_code == 201, answer.text
    seq = answer.json()["seq"]
    assert seq in [e["seq"] for e in table.gm.events()]
    assert seq not in [e["seq"] for e in player.events()]
    blind = player.post("/rolls", {**SECRET_ROLL, "visibility": "blind"})
    assert blind.status_code == 201, blind.text
    assert blind.json()["seq"] not in [e["seq"] for e in player.events()]


def test_an_open_roll_keeps_every_visibility(client: Any) -> None:
    table = open_table(client, "rune")
    open_roll = {**SECRET_ROLL, "params": {"difficulty": 9, "bonus": 2}}
    assert table.gm.post("/rolls", {**open_roll, "visibility": "public"}).status_code == 201



def test_a_note_is_the_gms_alone_by_every_path(client: Any) -> None:
    """An attack found GM notes sent through the API public by default (the web form forced gm)."""
    table = open_table(client)
    player = table.join("Bo")
    before = table.gm.events()
    assert table.gm.post("/notes", {"text": "shout it", "visibility": "public"}).status_code == 422
    assert table.gm.events() == before
    kept = table.gm.post("/notes", {"text": "the traitor is Bo"})
    assert kept.status_code == 201 and kept.json()["visibility"] == "gm"
    seen = " ".join(str(e["payload"]) for e in player.events())
    assert "traitor" not in seen and "shout it" not in seen
