"""Issue 15: the new Rune features attacked through the real service, as a hostile player and a careless host would.
Each test holds a hole found (and fixed) in place: what must stay secret, who may act, what must be refused."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.present.words import words_for
from service_fixtures import Seat, open_table
from test_service_control import act, done, tracker

CRYPT = Path(__file__).resolve().parents[1] / "examples" / "rune" / "flooded-crypt.toml"


def _crypt_table(client: Any) -> tuple[Seat, Seat, Seat, str]:
    """Ana runs the flooded crypt (begun); Cy plays Sigrid; the host, Norn, plays Ragnar: a pillager here."""
    table = open_table(client, "rune")
    ana, bo, cy = table.join("Ana"), table.join("Bo"), table.join("Cy")
    controllers = {"Thurid": bo.id, "Bjorn": bo.id, "Sigrid": cy.id}
    started = ana.post("/trackers", {"tracker": "encounter", "setup": setup(), "controllers": controllers})
    assert started.status_code == 201, started.text
    tid = started.json()["payload"]["tracker_id"]
    done(ana, tid, "notes", encounter=tomllib.loads(CRYPT.read_text(encoding="utf-8")))
    done(ana, tid, "begin")
    return table.gm, ana, cy, tid


def _page(seat: Seat, path: str) -> str:
    seat.client.cookies.clear()
    seat.client.cookies.set(f"rh_{seat.table}", seat.token)
    try:
        response = seat.client.get(f"/t/{seat.table}{path}")
    finally:
        seat.client.cookies.clear()
    assert response.status_code == 200, response.text
    return response.text


def _everything(seat: Seat) -> str:
    """All a seat is sent: the log, the trackers' JSON, the table page and its trackers fragment."""
    api = json.dumps([seat.events(), seat.get("/trackers").json()], ensure_ascii=False)
    return "\n".join((api, _page(seat, ""), _page(seat, "/trackers")))


def test_the_hosts_board_names_no_trap_feature_or_fight_of_the_notes_until_they_are_shown(client: Any) -> None:
    """The host runs every tracker but is a pillager in Ana's encounter: the 'came into play' buttons named the
    notes' trap of a later event ('The tomb bell') and the 'begin the fight' buttons carried the events' ids and
    said which events hold a fight, on his page, before anything of them had happened."""
    gm, ana, cy, tid = _crypt_table(client)
    secrets = ("The tomb bell", "&#34;event&#34;:&#34;tomb&#34;", "&#34;feature&#34;:&#34;bell&#34;")
    for seat in (gm, cy):
        seen = _everything(seat)
        assert not [s for s in secrets if s in seen], seat.id
    runner = _page(ana, "/trackers")
    assert "Came into play: The tomb bell" in runner and "Begin the fight of event 3" in runner
    host = _page(gm, "/trackers")
    assert "Begin the fight of event" not in host  # the plain move, asking for the event, instead
    assert 'value="fight"' in host and 'value="terrain_in_play"' in host
    done(gm, tid, "fight", event="tomb")  # the host still runs it when told what to begin
    assert tracker(gm, tid)["state"]["fights"] == ["tomb"]
    done(ana, tid, "disclose")
    assert "Came into play: The tomb bell" in _page(gm, "/trackers")  # shown: now everyone may read them


def _fight_table(client: Any) -> tuple[Seat, Seat, Seat, str]:
    """Ana runs a fight of two Dark Vikings; each hero holds Curds of Utgardaloki and 5000 free VP; Cy plays Sigrid,
    Bo Bjorn and (the proxy) Ana's Thurid; the host's Ragnar is handed to nobody."""
    table = open_table(client, "rune")
    ana, bo, cy = table.join("Ana"), table.join("Bo"), table.join("Cy")
    given = setup()
    for hero in given["heroes"]:
        hero["sheet"].update(gifts={"Curds of Utgardaloki": 1}, vp_total=5000, vp_spent=0)
    controllers = {"Thurid": bo.id, "Bjorn": bo.id, "Sigrid": cy.id}
    started = ana.post("/trackers", {"tracker": "encounter", "setup": given, "controllers": controllers})
    assert started.status_code == 201, started.text
    tid = started.json()["payload"]["tracker_id"]
    for action, params in (("notes", {"encounter": notes()}), ("begin", {}), ("fight", {"event": "hall"})):
        done(ana, tid, action, **params)
    return table.gm, ana, cy, tid


def test_neither_the_runner_nor_the_host_spends_a_handed_heros_vp(client: Any) -> None:
    """The runner (the tracker's owner) and the host (the game master) make every move for anyone, and so bought
    gifts with a pillager's VP: a move that spends a hero's VP is now his player's alone once the hero is handed."""
    gm, ana, cy, tid = _fight_table(client)
    for seat, who in ((ana, "Sigrid"), (gm, "Sigrid"), (ana, "sigrid"), (gm, " SIGRID ")):
        before = (gm.events(), tracker(gm, tid))
        refused = act(seat, tid, "buy_gift", who=who, gift="The Knitting of Meat and Bone")
        assert refused.status_code == 403, refused.text
        assert "Sigrid" in refused.json()["detail"]
        assert (gm.events(), tracker(gm, tid)) == before  # nothing written
    assert act(ana, tid, "buy_gift", who="Sigrid", gift="Curds of Utgardaloki").status_code == 403
    said = words_for("es", "rune")("only the player who plays {name} spends what is his", name="Sigrid")
    assert said == "solo el jugador que lleva a Sigrid gasta lo que es suyo"
    bought = done(cy, tid, "buy_gift", who="Sigrid", gift="The Knitting of Meat and Bone")  # her own player: yes
    assert bought["payload"]["result"]["who"] == "Sigrid"
    done(gm, tid, "buy_gift", who="Ragnar", gift="The Knitting of Meat and Bone")  # handed to nobody: the host's
    # a gift that spends nothing is still the runner's to play for anyone (the rules judge it, not the table)
    assert act(ana, tid, "use_gift", who="Sigrid", gift="The Knitting of Meat and Bone").status_code != 403


def test_a_runner_cannot_rewrite_a_characters_vp_through_the_sheet_he_types_in_the_setup(client: Any) -> None:
    """The runner set up his encounter through the API with the table's characters named by id but sheets of his
    own typing beside them: settling wrote what he typed to their sheets (the host's Ragnar 500 -> 900000 VP,
    Cy's Sigrid 500 -> 0). The table's own sheets are put in now; a total_vp beside a character, an unknown or
    twice-named character is refused with nothing written."""
    table = open_table(client, "rune")
    ana, bo, cy = table.join("Ana"), table.join("Bo"), table.join("Cy")
    owners = {"Ragnar": table.gm, "Thurid": ana, "Bjorn": bo, "Sigrid": cy}
    given = setup()
    for hero in given["heroes"]:
        hero["sheet"] = {"name": hero["name"], **hero["sheet"], "vp_total": 500, "vp_spent": 100}
        made = owners[hero["name"]].post("/characters", {"sheet": hero["sheet"]})
        assert made.status_code == 201, made.text
        hero["character"] = made.json()["payload"]["character_id"]
    forged = json.loads(json.dumps(given))
    forged["heroes"][0]["sheet"].update(vp_total=900_000, gifts={"Thor's Thews": 3})
    forged["heroes"][3]["sheet"].update(vp_total=0, vp_spent=0)
    log, ragnar_id = table.gm.events(), given["heroes"][0]["character"]
    for bad in (
        {**forged, "heroes": [{**forged["heroes"][0], "total_vp": 900_000}, *forged["heroes"][1:]]},
        {**forged, "heroes": [{**forged["heroes"][0], "character": "nosuch"}, *forged["heroes"][1:]]},
        {**forged, "heroes": [*forged["heroes"][:3], {**forged["heroes"][3], "character": ragnar_id}]},
    ):  # fmt: skip
        refused = ana.post("/trackers", {"tracker": "encounter", "setup": bad, "controllers": {"Thurid": bo.id}})
        assert refused.status_code == 422, refused.text
        assert refused.json()["detail"]
    assert table.gm.events() == log
    started = ana.post("/trackers", {"tracker": "encounter", "setup": forged, "controllers": {"Thurid": bo.id}})
    assert started.status_code == 201, started.text
    tid = started.json()["payload"]["tracker_id"]
    ragnar = started.json()["payload"]["setup"]["heroes"][0]["sheet"]
    assert ragnar["vp_total"] == 500 and not ragnar.get("gifts")  # the table's sheet, not the one typed
    for action, params in (("notes", {"encounter": notes()}), ("begin", {}), ("settle", {})):
        done(ana, tid, action, **params)
    sheets = {c["sheet"]["name"]: c["sheet"] for c in table.gm.get("/characters").json()}
    assert (sheets["Ragnar"]["vp_total"], sheets["Sigrid"]["vp_total"], sheets["Sigrid"]["vp_spent"]) == (500, 500, 100)
    said = words_for("es", "rune")("no character {character!r} at this table", character="x")
    assert said != "no character 'x' at this table"
