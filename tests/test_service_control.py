"""Combatants handed to players, and sealed tracker actions, at a table (SQLite and PostgreSQL).

The game master starts a fight and hands combatants to players; a player then acts for their own and for
nobody else, and only with the actions that name an actor. In a contested Midgard cast each side places its
tokens in secret: the player's allocation is stored "sealed" and reaches nobody but its author (neither the
events API nor the live socket of the GM or another player) until the GM's allocation reveals it.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

from runehall.storage.db import Database
from runehall.storage.store import Store
from runehall.systems import registry
from runehall.systems.tracker import REVEALED, SEALED
from runehall.table.play import TableService
from service_fixtures import Seat, Table, open_table
from test_midgard_combat import pc
from test_rune_combat import fighter, hero

HERO_ID, FOE_ID = "ulrik", "raider"


def fight() -> list[dict[str, Any]]:
    """A PC with a sax against a shield-bearing raider (stats, the GM's): the attack and the Block are
    contested, so their allocations are secret and simultaneous."""
    return [
        pc(HERO_ID, ws=1, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"], name="Ulrik"),
        pc(FOE_ID, "raiders", ws=1, runes={"H": 4}, skills={"Shields": 2}, weapons=["round_shield"]),
    ]


def midgard_table(client: Any) -> tuple[Table, Seat, Seat, str]:
    """A Midgard table: the GM, Ana (who plays Ulrik), Bo (who plays nobody here) and the fight started."""
    table = open_table(client, "midgard")
    ana, bo = table.join("Ana"), table.join("Bo")
    started = table.gm.post(
        "/trackers", {"tracker": "combat", "setup": {"combatants": fight()}, "controllers": {HERO_ID: ana.id}}
    )
    assert started.status_code == 201, started.text
    assert started.json()["payload"]["controllers"] == {HERO_ID: ana.id}
    return table, ana, bo, started.json()["payload"]["tracker_id"]


def act(seat: Seat, tracker_id: str, action: str, /, manual: list[int] | None = None, **params: Any) -> Any:
    body: dict[str, Any] = {"action": action, "params": params}
    if manual is not None:
        body["manual"] = [str(face) for face in manual]
    return seat.post(f"/trackers/{tracker_id}/actions", body)


def done(seat: Seat, tracker_id: str, action: str, /, manual: list[int] | None = None, **params: Any) -> dict[str, Any]:
    response = act(seat, tracker_id, action, manual, **params)
    assert response.status_code == 201, response.text
    event: dict[str, Any] = response.json()
    return event


def tracker(seat: Seat, tracker_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in seat.get("/trackers").json() if t["id"] == tracker_id)
    return found


def refused(seat: Seat, gm: Seat, tracker_id: str, action: str, /, **params: Any) -> str:
    """A 403 with a reason, and nothing written: the log and the tracker are as they were."""
    before, state = gm.events(), tracker(gm, tracker_id)
    response = act(seat, tracker_id, action, **params)
    assert response.status_code == 403, response.text
    assert gm.events() == before and tracker(gm, tracker_id) == state
    reason: str = response.json()["detail"]
    assert reason
    return reason


def declare_the_contest(table: Table, ana: Seat, tracker_id: str) -> None:
    """The GM opens the segment; Ulrik (by Ana) strikes at the raider, who blocks (by the GM)."""
    done(table.gm, tracker_id, "next_segment")
    for cid in tracker(table.gm, tracker_id)["state"]["order"]:
        if cid == HERO_ID:
            done(ana, tracker_id, "declare", actor=HERO_ID, action="strike", target=FOE_ID)
        else:
            done(table.gm, tracker_id, "declare", actor=FOE_ID, action="block")


def test_a_player_acts_for_the_combatant_handed_to_them_and_no_other(client: Any) -> None:
    table, ana, bo, tracker_id = midgard_table(client)
    shown = tracker(ana, tracker_id)
    assert shown["controllers"] == {HERO_ID: ana.id} and shown["combatants"] == {HERO_ID: "Ulrik", FOE_ID: FOE_ID}
    assert "only the owner" in refused(ana, table.gm, tracker_id, "next_segment")  # the GM's bookkeeping
    done(table.gm, tracker_id, "next_segment")
    order = tracker(table.gm, tracker_id)["state"]["order"]
    if order[0] == FOE_ID:
        done(table.gm, tracker_id, "declare", actor=FOE_ID, action="block")
    # For the raider, or without naming whom: refused, whatever the action.
    assert HERO_ID in refused(ana, table.gm, tracker_id, "declare", actor=FOE_ID, action="move")
    refused(ana, table.gm, tracker_id, "declare", action="move")
    refused(ana, table.gm, tracker_id, "declare", actor=HERO_ID.upper(), action="move")  # exactly its key
    refused(bo, table.gm, tracker_id, "declare", actor=HERO_ID, action="move")  # Bo plays nobody here
    declared = done(ana, tracker_id, "declare", actor=HERO_ID, action="strike", target=FOE_ID)
    assert declared["author"] == ana.id and declared["visibility"] == "public"
    if order[0] == HERO_ID:
        refused(ana, table.gm, tracker_id, "declare", actor=FOE_ID, action="block")
        done(table.gm, tracker_id, "declare", actor=FOE_ID, action="block")
    cast = done(ana, tracker_id, "cast", manual=[3, 6, 5, 2], actor=HERO_ID)
    assert cast["payload"]["result"]["faces"] == [3, 6, 5, 2] and cast["payload"]["source"]["kind"] == "manual"
    refused(ana, table.gm, tracker_id, "cast", manual=[6, 4, 1, 3], actor=FOE_ID)
    refused(ana, table.gm, tracker_id, "allocate", actor="gm", goal="margin")  # the GM's cast is the GM's
    refused(ana, table.gm, tracker_id, "resolve")  # no actor: the GM's
    refused(ana, table.gm, tracker_id, "hazard", actor=HERO_ID, wounds=3)  # the GM's ruling, though it names one
    assert ana.post(f"/trackers/{tracker_id}/controllers", {"controllers": {HERO_ID: ana.id}}).status_code == 403
    assert done(ana, tracker_id, "allocate", actor=HERO_ID, past=2, future=1)["visibility"] == "sealed"
    midgard = next(s for s in client.get("/api/systems").json() if s["id"] == "midgard")
    combat = next(t for t in midgard["trackers"] if t["name"] == "combat")
    by_name = {a["name"]: a["actor_param"] for a in combat["actions"]}
    assert by_name["allocate"] == "actor" and by_name["resolve"] is None  # clients know who may do what


def test_the_game_master_hands_combatants_out_and_an_undo_takes_it_back(client: Any) -> None:
    table, ana, bo, tracker_id = midgard_table(client)
    done(table.gm, tracker_id, "next_segment")
    path = f"/trackers/{tracker_id}/controllers"
    moved = table.gm.post(path, {"controllers": {"Ulrik ": bo.id}})  # case, accents and spaces forgiven
    assert moved.status_code == 201, moved.text
    assert moved.json()["kind"] == "tracker_controllers" and moved.json()["payload"]["controllers"] == {HERO_ID: bo.id}
    assert tracker(ana, tracker_id)["controllers"] == {HERO_ID: bo.id}
    refused(ana, table.gm, tracker_id, "declare", actor=HERO_ID, action="move")
    assert table.gm.post("/undo", {"seq": moved.json()["seq"]}).status_code == 201  # back to Ana
    assert tracker(bo, tracker_id)["controllers"] == {HERO_ID: ana.id}
    refused(bo, table.gm, tracker_id, "declare", actor=HERO_ID, action="move")
    for bad, status in (
        ({"nobody": ana.id}, 422),  # no such combatant
        ({HERO_ID: "no-such-player"}, 422),
        ({HERO_ID: table.gm.id}, 422),  # combatants go to players: the GM acts for everyone already
        ({HERO_ID: "x" * 40}, 422),
    ):
        before = table.gm.events()
        response = table.gm.post(path, {"controllers": bad})
        assert response.status_code == status and response.json()["detail"], response.text
        assert table.gm.events() == before
    handed_back = table.gm.post(path, {"controllers": {}})
    assert handed_back.status_code == 201 and tracker(ana, tracker_id)["controllers"] == {}
    refused(ana, table.gm, tracker_id, "declare", actor=HERO_ID, action="move")
    # A player hands out the combatants of a tracker of her own (a Rune runner is a player like the others),
    # and only of her own: Bo may act in Ana's fight because she said so, never in anyone else's.
    mine = ana.post(
        "/trackers", {"tracker": "combat", "setup": {"combatants": fight()}, "controllers": {FOE_ID: bo.id}}
    )
    assert mine.status_code == 201, mine.text
    theirs = bo.post(f"/trackers/{tracker_id}/controllers", {"controllers": {FOE_ID: bo.id}})
    assert theirs.status_code == 403
    tree = table.gm.post(
        "/trackers", {"tracker": "combat", "setup": {"combatants": fight()}, "controllers": {"x": "y"}}
    )
    assert tree.status_code == 422
    # "sealed" is the table's to give, never a request's.
    assert ana.post("/chat", {"text": "hush", "visibility": "sealed"}).status_code == 422
    assert table.gm.post("/trackers", {"tracker": "combat", "setup": {}, "visibility": "sealed"}).status_code == 422


def _receive_until(ws: Any, marker: str) -> list[str]:
    """What a socket receives up to and including the public chat `marker`."""
    got: list[str] = []
    while not got or marker not in got[-1]:
        got.append(ws.receive_text())
    return got


def test_a_sealed_allocation_reaches_its_author_alone_until_the_opponent_reveals_it(client: Any) -> None:
    table, ana, bo, tracker_id = midgard_table(client)
    declare_the_contest(table, ana, tracker_id)
    done(ana, tracker_id, "cast", manual=[3, 6, 5, 2], actor=HERO_ID)
    last = table.gm.events()[-1]["seq"]
    seats = {"gm": table.gm, "ana": ana, "bo": bo}
    with ExitStack() as stack:
        sockets = {
            name: stack.enter_context(
                client.websocket_connect(f"/api/tables/{s.table}/ws?token={s.token}&since={last}")
            )
            for name, s in seats.items()
        }
        sealed = done(ana, tracker_id, "allocate", actor=HERO_ID, past=2, future=1)
        assert sealed["visibility"] == "sealed" and SEALED in sealed["payload"]["result"]
        assert sealed["payload"]["params"]["past"] == 2 and sealed["payload"]["params"]["future"] == 1
        secret = json.dumps(sealed)
        assert table.gm.post("/chat", {"text": "MARK-one"}).status_code == 201
        received = {name: _receive_until(ws, "MARK-one") for name, ws in sockets.items()}

        for name in ("gm", "bo"):  # not a byte of it, over the socket or the events API
            everything = "".join(received[name]) + json.dumps(seats[name].events())
            assert secret not in everything and json.dumps(sealed["payload"]) not in everything
            # They are told a choice was sealed (their boards show "chosen"), and nothing of it.
            assert json.loads(received[name][0]) == {"type": "sealed"}
            assert all(json.loads(text)["seq"] != sealed["seq"] for text in received[name][1:])
            assert all(e["seq"] != sealed["seq"] for e in seats[name].events())
            assert all(e["seq"] != sealed["seq"] for e in seats[name].get(f"/events?since={sealed['seq'] - 1}").json())
            assert "allocate" not in "".join(received[name])
            view = tracker(seats[name], tracker_id)["state"]  # the tracker's view shows the seal, not the tokens
            cast = next(d for d in view["declarations"] if d["actor"] == HERO_ID)["cast"]
            assert cast["sealed"] and "allocation" not in cast and "margin" not in cast
        assert json.loads(received["ana"][0]) == sealed  # the author sees it, live
        assert sealed in ana.events()
        assert json.loads(received["bo"][1])["payload"]["text"] == "MARK-one"  # nothing else came before the mark

        # The raider's side: the GM casts and allocates; that event, seen by all, reveals Ulrik's.
        done(table.gm, tracker_id, "cast", manual=[6, 4, 1, 3], actor=FOE_ID)
        reveal = done(table.gm, tracker_id, "allocate", actor=FOE_ID, past=2, cancel=1)
        assert reveal["visibility"] == "public" and SEALED not in reveal["payload"]["result"]
        opened = reveal["payload"]["result"][REVEALED][HERO_ID]
        assert opened == {"success": True, "past": 3, "margin": 1, "speed": 3, "merkstave_left": 0}
        assert table.gm.post("/chat", {"text": "MARK-two"}).status_code == 201
        for ws in sockets.values():
            later = [json.loads(text) for text in _receive_until(ws, "MARK-two")]
            assert reveal in later and all(e["seq"] != sealed["seq"] for e in later)
    for seat in (table.gm, bo):
        assert reveal in seat.events() and all(e["seq"] != sealed["seq"] for e in seat.events())
    # The GM's export is the table's full backup: the sealed event is in it, still sealed.
    exported = table.gm.get("/export").json()
    kept = next(e for e in exported["events"] if e["seq"] == sealed["seq"])
    assert kept["visibility"] == "sealed" and kept["payload"] == sealed["payload"]


def test_a_revealed_secret_choice_cannot_be_undone_to_choose_again(client: Any) -> None:
    """An attack: the GM allocated second, read Ana's revealed allocation, undid their own and allocated
    again knowing hers. The event that revealed both sides stands."""
    table, ana, _, tracker_id = midgard_table(client)
    declare_the_contest(table, ana, tracker_id)
    done(ana, tracker_id, "cast", manual=[3, 6, 5, 2], actor=HERO_ID)
    done(ana, tracker_id, "allocate", actor=HERO_ID, past=2, future=1)
    done(table.gm, tracker_id, "cast", manual=[6, 4, 1, 3], actor=FOE_ID)
    reveal = done(table.gm, tracker_id, "allocate", actor=FOE_ID, past=2, cancel=1)
    before = table.gm.events()
    refused = table.gm.post("/undo", {"seq": reveal["seq"]})
    assert refused.status_code == 409 and "both sides have seen" in refused.json()["detail"]
    assert table.gm.events() == before


def test_an_exported_sealed_event_imports_and_stays_sealed(client: Any, tmp_path: Any) -> None:
    table, ana, bo, tracker_id = midgard_table(client)
    declare_the_contest(table, ana, tracker_id)
    done(ana, tracker_id, "cast", manual=[3, 6, 5, 2], actor=HERO_ID)
    sealed = done(ana, tracker_id, "allocate", actor=HERO_ID, past=2, future=1)
    exported = table.gm.get("/export").json()
    other = Database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    other.migrate()
    try:
        service = TableService(Store(other))
        table_id = service.import_table(exported)
        for token, sees in ((ana.token, True), (bo.token, False), (table.gm.token, False)):
            seqs = [e.seq for e in service.events_for(service.viewer(table_id, token))]
            assert (sealed["seq"] in seqs) is sees
        service.tracker_action(
            service.viewer(table_id, table.gm.token), tracker_id, "cast", {"actor": FOE_ID}, ["6", "4", "1", "3"]
        )
    finally:
        other.dispose()


def test_the_game_master_may_undo_a_sealed_action_without_seeing_it(client: Any) -> None:
    table, ana, bo, tracker_id = midgard_table(client)
    declare_the_contest(table, ana, tracker_id)
    done(ana, tracker_id, "cast", manual=[3, 6, 5, 2], actor=HERO_ID)
    sealed = done(ana, tracker_id, "allocate", actor=HERO_ID, past=2, future=1)
    undone = table.gm.post("/undo", {"seq": sealed["seq"], "reason": "placed by mistake"})
    assert undone.status_code == 201, undone.text
    assert undone.json()["visibility"] == "public" and undone.json()["payload"] == {
        "revokes": sealed["seq"],
        "reason": "placed by mistake",
    }
    assert bo.post("/undo", {"seq": sealed["seq"]}).status_code == 404  # still nothing to Bo
    cast = next(d for d in tracker(bo, tracker_id)["state"]["declarations"] if d["actor"] == HERO_ID)["cast"]
    assert not cast.get("sealed") and "allocation" not in cast and cast["tokens"]["free"] > 0  # to place again
    again = done(ana, tracker_id, "allocate", actor=HERO_ID, goal="margin")
    assert again["visibility"] == "sealed"


def test_every_actor_parameter_names_a_field_of_its_action() -> None:
    named = 0
    for system in registry.systems().values():
        for t in system.trackers().values():
            for action in t.actions().values():
                if action.actor_param is not None:
                    assert action.actor_param in action.Params.model_fields, (system.id, t.name, action.name)
                    named += 1
    assert named >= 20


def test_a_controlling_player_acts_for_their_rune_hero(client: Any) -> None:
    table = open_table(client, "rune")
    ana = table.join("Ana")
    setup = {"combatants": [hero("Ragnar", (0, 0)), fighter("Wolf", (3, 0), side="foes")]}
    started = table.gm.post("/trackers", {"tracker": "combat", "setup": setup, "controllers": {"ragnar": ana.id}})
    assert started.status_code == 201, started.text
    tracker_id = started.json()["payload"]["tracker_id"]
    assert tracker(ana, tracker_id)["controllers"] == {"Ragnar": ana.id}
    rolled = done(ana, tracker_id, "initiative", who="Ragnar")
    assert rolled["author"] == ana.id and rolled["payload"]["source"]["kind"] == "fair"
    refused(ana, table.gm, tracker_id, "initiative", who="Wolf")
    refused(ana, table.gm, tracker_id, "end_round")
    refused(ana, table.gm, tracker_id, "damage", who="Ragnar", raw=5)  # the runner's, though it names one
    done(table.gm, tracker_id, "initiative", who="Wolf")


def hit_on_ulrik(client: Any) -> tuple[Table, Seat, str]:
    """A sax duel the GM starts with Ulrik handed to Ana: Ulrik moves, the raider's strike hits him."""
    table = open_table(client, "midgard")
    ana = table.join("Ana")
    duel = [
        pc(HERO_ID, ws=2, defence=3, runes={"T": 4, "F": 3}, skills={"Sax": 2, "Athletics": 1}, weapons=["sax"]),
        pc(FOE_ID, "raiders", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
    ]
    started = table.gm.post(
        "/trackers", {"tracker": "combat", "setup": {"combatants": duel}, "controllers": {HERO_ID: ana.id}}
    )
    assert started.status_code == 201, started.text
    tracker_id = started.json()["payload"]["tracker_id"]
    done(table.gm, tracker_id, "next_segment")
    for cid in tracker(table.gm, tracker_id)["state"]["order"]:
        if cid == HERO_ID:
            done(ana, tracker_id, "declare", actor=HERO_ID, action="move")
        else:
            done(table.gm, tracker_id, "declare", actor=FOE_ID, action="strike", target=HERO_ID)
    done(table.gm, tracker_id, "cast", manual=[3, 5, 2, 2], actor=FOE_ID, goal="margin")
    hit = done(table.gm, tracker_id, "resolve")["payload"]["result"]
    assert (
        hit["answer"] == "take_hit or switch" and tracker(ana, tracker_id)["state"]["pending_hit"]["target"] == HERO_ID
    )
    return table, ana, tracker_id


def test_a_controlling_player_takes_the_hit_on_their_pc_and_chooses_where(client: Any) -> None:
    table, ana, tracker_id = hit_on_ulrik(client)
    refused(ana, table.gm, tracker_id, "take_hit", location="legs")  # without naming whom: the GM's
    assert HERO_ID in refused(ana, table.gm, tracker_id, "take_hit", actor=FOE_ID, location="legs")
    taken = done(ana, tracker_id, "take_hit", actor=HERO_ID, location="arms")
    assert taken["author"] == ana.id and taken["payload"]["result"]["location"] == "arms"
    state = tracker(ana, tracker_id)["state"]
    assert state["pending_hit"] is None and [k["who"] for k in state["checks"]] == [HERO_ID]  # the arm wound's Courage
    refused(ana, table.gm, tracker_id, "check", actor=FOE_ID)
    checked = done(ana, tracker_id, "check", manual=[6, 3, 8], actor=HERO_ID)
    assert checked["payload"]["result"]["who"] == HERO_ID and tracker(ana, tracker_id)["state"]["checks"] == []


def test_a_controlling_player_switches_their_pc_to_a_defence_and_not_the_foe(client: Any) -> None:
    table, ana, tracker_id = hit_on_ulrik(client)
    refused(ana, table.gm, tracker_id, "switch", actor=FOE_ID, defence="dodge")
    refused(ana, table.gm, tracker_id, "switch", defence="dodge")
    switched = done(ana, tracker_id, "switch", manual=[4, 2, 4], actor=HERO_ID, defence="dodge")
    assert switched["author"] == ana.id and switched["payload"]["result"]["faces"] == [4, 2, 4]
    pending = tracker(table.gm, tracker_id)["state"]["pending_hit"]
    assert pending["target"] == HERO_ID and pending["defence_action"] == "dodge"
