"""The web table's tracker panel with combatants handed to players: the GM hands them out, a player gets the
forms for their own combatants only, and a sealed allocation is in its author's log alone (no browser)."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from runehall.present.check import program_values
from test_service_control import FOE_ID, HERO_ID, fight
from test_web import join, new_table

HX = {"HX-Request": "true"}


def start_fight(client: Any) -> tuple[str, str, Any, Any]:
    """A Midgard table with Ana and Bo, the fight put into play by the GM, and Ulrik handed to Ana."""
    table_id = new_table(client, "midgard")
    ana, bo = join(client, table_id, "Ana"), join(client, table_id, "Bo")
    started = client.post(
        f"/t/{table_id}/trackers", data={"tracker": "combat", "setup": json.dumps({"combatants": fight()})}
    )
    assert started.status_code in (200, 303)
    found = re.search(r'<article class="tracker" aria-labelledby="tr-([\w-]+)"', client.get(f"/t/{table_id}").text)
    assert found
    tracker_id = found.group(1)
    people = {p["name"]: p["id"] for p in client.get(f"/api/tables/{table_id}").json()["participants"]}
    handed = client.post(
        f"/t/{table_id}/trackers/{tracker_id}/controllers",
        data={f"ctl-{HERO_ID}": people["Ana"], f"ctl-{FOE_ID}": ""},
        headers=HX,
    )
    assert handed.status_code == 200, handed.text
    return table_id, tracker_id, ana, bo


def order(client: Any, table_id: str, tracker_id: str) -> list[str]:
    found = next(t for t in client.get(f"/api/tables/{table_id}/trackers").json() if t["id"] == tracker_id)
    return list(found["state"]["order"])


def test_the_gm_hands_out_combatants_and_a_player_gets_only_their_own_forms(client: Any) -> None:
    table_id, tracker_id, ana, bo = start_fight(client)
    gm_page, ana_page, bo_page = (c.get(f"/t/{table_id}").text for c in (client, ana, bo))
    assert "Who plays whom" in gm_page and f"/trackers/{tracker_id}/controllers" in gm_page
    assert f"/trackers/{tracker_id}/controllers" not in ana_page
    assert "Played by Ana" in ana_page  # on Ulrik's card
    log = client.get(f"/t/{table_id}/log").text
    assert "Ulrik — Ana" in log and "ulrik — Ana" not in log  # the hand-out names the combatant, not its key
    assert "Lo lleva" in ana.get(f"/t/{table_id}", headers={"Accept-Language": "es"}).text
    # Moves as buttons: the GM's board begins the fight, Ana's cannot; Bo plays nobody: no move at all.
    assert 'name="action" value="next_segment"' in gm_page and 'value="next_segment"' not in ana_page
    assert "data-move" not in bo_page
    begun = client.post(
        f"/t/{table_id}/trackers/{tracker_id}", data={"action": "next_segment", "params": "{}", "asked": ""}, headers=HX
    )
    assert begun.status_code == 200, begun.text
    if order(client, table_id, tracker_id)[0] == FOE_ID:  # the raider declares first: the GM blocks
        path, foe = f"/t/{table_id}/trackers/{tracker_id}", {"param-actor": FOE_ID, "param-action": "block"}
        assert client.post(path, data={"action": "declare", **foe}, headers=HX).status_code == 200
    view = ana.get(f"/t/{table_id}/trackers/{tracker_id}/view").text
    fixed = [json.loads(unescape(p)) for p in re.findall(r'name="params" value="([^"]*)"', view)]
    assert fixed and all(p.get("actor") == HERO_ID for p in fixed), fixed  # Ana moves Ulrik alone
    assert "data-move" not in bo.get(f"/t/{table_id}/trackers/{tracker_id}/view").text
    gone = ana.get(f"/t/{table_id}/trackers/{tracker_id}/fields", params={"action": "allocate"})
    assert gone.status_code in (404, 405)  # moves are the board's buttons; the old action dropdown is gone
    # A player cannot hand out combatants.
    taken = ana.post(f"/t/{table_id}/trackers/{tracker_id}/controllers", data={f"ctl-{FOE_ID}": "x"}, headers=HX)
    assert taken.status_code == 422 and "only the game master" in taken.text


def test_a_player_plays_their_pc_by_form_and_their_sealed_allocation_stays_in_their_log(client: Any) -> None:
    table_id, tracker_id, ana, bo = start_fight(client)
    path = f"/t/{table_id}/trackers/{tracker_id}"
    assert client.post(path, data={"action": "next_segment"}, headers=HX).status_code == 200
    refused = ana.post(path, data={"action": "next_segment"}, headers=HX)
    assert refused.status_code == 422 and "only the owner or the game master" in refused.text
    for cid in order(client, table_id, tracker_id):
        if cid == HERO_ID:
            plan = {"param-actor": HERO_ID, "param-action": "strike", "param-target": FOE_ID}
            declared = ana.post(path, data={"action": "declare", **plan}, headers=HX)
            assert declared.status_code == 200, declared.text
        else:
            refused = ana.post(
                path, data={"action": "declare", "param-actor": FOE_ID, "param-action": "block"}, headers=HX
            )
            assert refused.status_code == 422 and "your own combatants" in refused.text
            blocked = client.post(
                path, data={"action": "declare", "param-actor": FOE_ID, "param-action": "block"}, headers=HX
            )
            assert blocked.status_code == 200, blocked.text
    cast = ana.post(path, data={"action": "cast", "param-actor": HERO_ID, "manual": "3,6,5,2"}, headers=HX)
    assert cast.status_code == 200, cast.text
    allocated = ana.post(
        path, data={"action": "allocate", "param-actor": HERO_ID, "param-past": "2", "param-future": "1"}, headers=HX
    )
    assert allocated.status_code == 200, allocated.text
    sealed = max(e["seq"] for e in ana.get(f"/api/tables/{table_id}/events").json())
    mine = ana.get(f"/t/{table_id}/log", params={"since": 0}).text
    assert f'id="e{sealed}"' in mine and "hidden-sealed" in mine and "Sealed: only you see it" in mine
    spanish = ana.get(f"/t/{table_id}/log", params={"since": 0}, headers={"Accept-Language": "es"}).text
    assert "Sellada: solo la ves tú" in spanish
    for other in (client, bo):
        for page in (f"/t/{table_id}/log?since=0", f"/t/{table_id}/log?only={sealed}", f"/t/{table_id}"):
            html = other.get(page).text
            assert f'id="e{sealed}"' not in html and "hidden-sealed" not in html and "allocated in secret;" not in html
    # The GM's side, by form: the allocation that reveals Ulrik's is in everyone's log.
    assert (
        client.post(path, data={"action": "cast", "param-actor": FOE_ID, "manual": "6,4,1,3"}, headers=HX).status_code
        == 200
    )
    revealed = client.post(
        path, data={"action": "allocate", "param-actor": FOE_ID, "param-past": "2", "param-cancel": "1"}, headers=HX
    )
    assert revealed.status_code == 200, revealed.text
    shown = max(e["seq"] for e in client.get(f"/api/tables/{table_id}/events").json())
    for browser in (client, ana, bo):
        entry = browser.get(f"/t/{table_id}/log", params={"only": shown}).text
        said = re.sub(r"<[^>]+>", " ", entry)
        assert "Ulrik" in said and 'class="rollcard' in entry, said  # the revealed allocation, in words
        assert not program_values(unescape(said)), said
    assert f'id="e{sealed}"' not in bo.get(f"/t/{table_id}/log?since=0").text


def test_no_form_can_ask_for_a_sealed_or_unknown_visibility(client: Any) -> None:
    table_id = new_table(client)
    ana = join(client, table_id, "Ana")
    before = ana.get(f"/api/tables/{table_id}/events").json()
    for visibility in ("sealed", "everyone"):
        chat = ana.post(f"/t/{table_id}/chat", data={"text": "hush", "visibility": visibility}, headers=HX)
        # refused by the API's own model; the web names the field as its form labels it, with its choices
        assert chat.status_code == 422 and "Who sees it:" in chat.text and "public" in chat.text
        rolled = ana.post(
            f"/t/{table_id}/roll",
            data={"mechanic": "dice:roll", "notation": "1d6", "visibility": visibility},
            headers=HX,
        )
        assert rolled.status_code == 422
    assert ana.get(f"/api/tables/{table_id}/events").json() == before


def test_the_state_of_play_is_fetched_by_parts_for_the_live_page(client: Any) -> None:
    # live.js fetches one tracker's state after each move (the forms stay as they are) and the whole
    # section when something new is put into play; both are rendered for the person asking.
    table_id, tracker_id, ana, bo = start_fight(client)
    page = ana.get(f"/t/{table_id}").text
    assert f'data-view="/t/{table_id}/trackers/{tracker_id}/view"' in page
    assert f'data-url="/t/{table_id}/trackers"' in page
    before = bo.get(f"/t/{table_id}/trackers/{tracker_id}/view")
    assert before.status_code == 200 and "Played by" in before.text and "<form" not in before.text
    moved = client.post(
        f"/t/{table_id}/trackers/{tracker_id}", data={"action": "next_segment", "params": "{}"}, headers=HX
    )
    assert moved.status_code == 200, moved.text
    after = bo.get(f"/t/{table_id}/trackers/{tracker_id}/view")
    assert after.status_code == 200 and after.text != before.text
    section = ana.get(f"/t/{table_id}/trackers").text
    assert f'id="tview-{tracker_id}"' in section and "You act for" in section
    assert bo.get(f"/t/{table_id}/trackers/nothing/view").status_code == 404


def test_a_move_s_log_entry_names_its_tracker_so_pages_redraw_that_board_alone(client: Any) -> None:
    """static/live.js redraws only the boards whose trackers the new entries name (every board after an undo):
    each tracker move and handing-over carries its tracker's id, and each board its own, to match."""
    table_id, tracker_id, _, _ = start_fight(client)
    path = f"/t/{table_id}/trackers/{tracker_id}"
    assert client.post(path, data={"action": "next_segment"}, headers=HX).status_code == 200
    log = client.get(f"/t/{table_id}/log?since=0").text
    moves = re.findall(r'<li id="e\d+"[^>]*class="entry kind-tracker_(?:action|controllers)[^>]*>', log)
    assert len(moves) >= 2 and all(f'data-tracker="{tracker_id}"' in li for li in moves), moves
    others = re.findall(r'<li id="e\d+"[^>]*class="entry kind-(?:joined|table_created)[^>]*>', log)
    assert others and not any("data-tracker" in li for li in others)
    page = client.get(f"/t/{table_id}").text
    assert f'data-tracker="{tracker_id}" data-view="/t/{table_id}/trackers/{tracker_id}/view"' in page
