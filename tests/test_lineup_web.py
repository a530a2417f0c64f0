"""A fight set up from lists on the web (web/lineup.py, _setup.html), on the test-only skirmish
(tests/board_system.py): the table's characters ticked in, foe rows whose numbers are worked out again when
their rank changes (a number typed by hand kept), rows added and removed, and a start that hands each row to
its player. No JSON and no program value on the screen; a lineup that cannot fight is refused and nothing
starts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest

from board_system import BoardSystem
from runehall.present.check import program_values
from runehall.systems import registry
from test_web import join, new_table

HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def systems() -> Iterator[None]:
    remove = registry.register(BoardSystem())
    yield
    remove()


def table(client: Any) -> tuple[str, Any, dict[str, str]]:
    """A skirmish table: Ana made Ann (10 health), the GM made Gorm (12)."""
    table_id = new_table(client, "boardtest")
    ana = join(client, table_id, "Ana")
    assert ana.post(f"/t/{table_id}/characters", data={"name": "Ann", "hp": "10"}).status_code in (200, 303)
    assert client.post(f"/t/{table_id}/characters", data={"name": "Gorm", "hp": "12"}).status_code in (200, 303)
    ids = {c["sheet"]["name"]: c["id"] for c in client.get(f"/api/tables/{table_id}/characters").json()}
    return table_id, ana, ids


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def values(html: str) -> dict[str, str]:
    """What the form would send as it stands: inputs' values, ticked boxes, each select's chosen option."""
    sent: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if not name or ('type="checkbox"' in tag and " checked" not in tag):
            continue
        sent[name.group(1)] = unescape(value.group(1)) if value else ("on" if 'type="checkbox"' in tag else "")
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]*)"\s*selected', body) or re.search(r'<option value="([^"]*)"', body)
        sent[name] = unescape(chosen.group(1)) if chosen else ""
    return sent


def test_a_fresh_setup_lists_the_characters_and_one_row_of_foes_worked_out(client: Any) -> None:
    table_id, _, ids = table(client)
    page = client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"})
    assert page.status_code == 200, page.text
    shown = text_of(page.text)
    assert "Ann" in shown and "Gorm" in shown and "Ana" in shown  # who made Ann
    assert '<optgroup label="Outlaws">' in page.text and '<optgroup label="Beasts">' in page.text
    sent = values(page.text)
    assert sent[f"c.{ids['Ann']}.in"] == "on" and sent[f"c.{ids['Gorm']}.in"] == "on"
    assert sent["f.0.kind"] == "bandit" and sent["f.0.name"] == "Bandit" and sent["f.0.side"] == "foes"
    assert sent["f.0.n.hp"] == str(4 + 2 * 1 + 2)  # rank 1, two heroes in the fight
    people = {p["name"]: p["id"] for p in client.get(f"/api/tables/{table_id}").json()["participants"]}
    assert sent[f"c.{ids['Ann']}.player"] == people["Ana"] and sent[f"c.{ids['Gorm']}.player"] == ""
    assert "{" not in shown and "JSON" not in shown and program_values(shown) == []


def test_numbers_are_worked_out_again_and_a_typed_one_is_kept(client: Any) -> None:
    table_id, _, ids = table(client)
    sent = values(client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"}).text)
    again = values(client.post(f"/t/{table_id}/trackers/setup", data={**sent, "f.0.n.rank": "3"}).text)
    assert again["f.0.n.rank"] == "3" and again["f.0.n.hp"] == str(4 + 6 + 2)
    del sent[f"c.{ids['Gorm']}.in"]  # Gorm sits this one out: one hero fewer to measure against
    typed = {**sent, "f.0.n.count": "3", "f.0.n.hp": "30", "f.0.keep": "hp,count", "f.0.n.rank": "2"}
    kept = values(client.post(f"/t/{table_id}/trackers/setup", data=typed).text)
    assert kept["f.0.n.hp"] == "30" and kept["f.0.n.count"] == "3" and kept["f.0.n.rank"] == "2"
    assert f"c.{ids['Gorm']}.in" not in kept
    fresh = values(client.post(f"/t/{table_id}/trackers/setup", data={**typed, "f.0.kind": "wolf"}).text)
    assert fresh["f.0.kind"] == "wolf" and fresh["f.0.name"] == "Wolf" and fresh["f.0.n.hp"] == str(4 + 2 + 1)


def test_rows_are_added_and_removed(client: Any) -> None:
    table_id, _, _ = table(client)
    sent = values(client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"}).text)
    two = values(client.post(f"/t/{table_id}/trackers/setup", data={**sent, "add": "1"}).text)
    assert two["f.1.kind"] == "bandit" and "f.2.kind" not in two
    two["f.1.kind"], two["f.1.was"] = "wolf", "wolf"
    one = values(client.post(f"/t/{table_id}/trackers/setup", data={**two, "drop": "0"}).text)
    assert one["f.0.kind"] == "wolf" and "f.1.kind" not in one


def test_the_fight_starts_with_everyone_placed_and_handed_to_their_players(client: Any) -> None:
    table_id, ana, ids = table(client)
    sent = values(client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"}).text)
    sent.update({"f.0.n.count": "2", "f.0.x": "10", "f.0.y": "6", f"c.{ids['Gorm']}.x": "4", "x.depth": "3"})
    started = client.post(f"/t/{table_id}/trackers", data=sent, headers=HX)
    assert started.status_code == 200, started.text
    found = client.get(f"/api/tables/{table_id}/trackers").json()
    assert len(found) == 1
    fighters = {f["name"]: f for f in found[0]["state"]["combatants"]}
    assert set(fighters) == {"Ann", "Gorm", "Bandit 1", "Bandit 2"}
    assert (fighters["Gorm"]["x"], fighters["Bandit 2"]["x"], fighters["Bandit 2"]["y"]) == (4, 12, 6)
    assert fighters["Bandit 1"]["max_hp"] == 8 and fighters["Ann"]["hp"] == 10
    people = {p["name"]: p["id"] for p in client.get(f"/api/tables/{table_id}").json()["participants"]}
    assert found[0]["controllers"] == {"ann": people["Ana"]}
    board = ana.get(f"/t/{table_id}/trackers/{found[0]['id']}/view").text
    assert 'value="attack"' in board  # Ana's controls are there without anything more


def test_a_lineup_that_cannot_fight_is_refused_and_nothing_starts(client: Any) -> None:
    table_id, _, _ = table(client)
    sent = values(client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"}).text)
    lonely = {k: v for k, v in sent.items() if not k.startswith("f.")}
    refused = client.post(f"/t/{table_id}/trackers", data=lonely, headers=HX)
    assert refused.status_code == 422 and "two sides" in refused.text
    nobody = {k: v for k, v in lonely.items() if not k.endswith(".in")}
    refused = client.post(f"/t/{table_id}/trackers", data=nobody, headers=HX)
    assert refused.status_code == 422 and "nobody is in the fight" in refused.text
    bad = client.post(f"/t/{table_id}/trackers", data={**sent, "f.0.n.hp": "400"}, headers=HX)
    assert bad.status_code == 422 and "400" not in bad.text.split("at most")[0]
    odd = client.post(f"/t/{table_id}/trackers", data={**sent, "f.0.kind": "dragon"}, headers=HX)
    assert odd.status_code == 422 and "kind of foe" in odd.text
    assert client.get(f"/api/tables/{table_id}/trackers").json() == []


def test_a_player_sees_only_her_characters_and_hands_out_only_them(client: Any) -> None:
    table_id, ana, ids = table(client)
    page = ana.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"}).text
    assert "Ann" in text_of(page) and "Gorm" not in text_of(page)
    sent = values(page)
    started = ana.post(f"/t/{table_id}/trackers", data={**sent, f"c.{ids['Gorm']}.in": "on"}, headers=HX)
    assert started.status_code == 200, started.text
    found = client.get(f"/api/tables/{table_id}/trackers").json()
    assert {f["name"] for f in found[0]["state"]["combatants"]} == {"Ann", "Bandit"}  # Gorm is not hers
    assert set(found[0]["controllers"]) <= {"ann"}  # her own fight: her own character (by its key), played by her


def test_a_game_tree_is_set_up_by_choosing_a_character_by_name(client: Any) -> None:
    from test_web import HERO_FORM

    table_id = new_table(client)
    client.post(f"/t/{table_id}/characters", data={**HERO_FORM, "name": "Sigrid"})
    page = client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "tree"}, headers={"Accept-Language": "es"})
    shown = text_of(page.text)
    assert "Sigrid" in shown and "JSON" not in shown and "@FILE" not in shown and program_values(shown) == []
    sent = values(page.text)
    assert set(sent) >= {"tracker", "s.character", "s.route"}
    started = client.post(f"/t/{table_id}/trackers", data={**sent, "s.route": "gris"}, headers=HX)
    assert started.status_code == 200, started.text
    found = client.get(f"/api/tables/{table_id}/trackers").json()
    assert "Sigrid" in str(found[0]["state"]["character"]) and found[0]["state"]["route"] == "gris"
    refused = client.post(f"/t/{table_id}/trackers", data={**sent, "s.character": "nobody"}, headers=HX)
    assert refused.status_code == 422 and "character" in refused.text


def test_the_gm_hands_a_game_tree_to_its_characters_player_who_then_plays_it(client: Any) -> None:
    from test_web import HERO_FORM

    table_id = new_table(client)
    ana = join(client, table_id, "Ana")
    assert ana.post(f"/t/{table_id}/characters", data={**HERO_FORM, "name": "Sigrid"}).status_code in (200, 303)
    page = client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "tree"}).text
    sent = values(page)
    people = {p["name"]: p["id"] for p in client.get(f"/api/tables/{table_id}").json()["participants"]}
    assert sent["player"] == people["Ana"]  # the character's own player, by default
    assert client.post(f"/t/{table_id}/trackers", data=sent, headers=HX).status_code == 200
    found = client.get(f"/api/tables/{table_id}/trackers").json()[0]
    assert found["controllers"] == {"character": people["Ana"]}
    board = ana.get(f"/t/{table_id}/trackers/{found['id']}/view").text
    assert 'value="wyrd"' in board  # Ana draws on the tree the GM started
    drawn = ana.post(
        f"/t/{table_id}/trackers/{found['id']}", data={"action": "wyrd", "params": "{}", "asked": ""}, headers=HX
    )
    assert drawn.status_code == 200, drawn.text
    bo = join(client, table_id, "Bo")
    refused = bo.post(
        f"/t/{table_id}/trackers/{found['id']}", data={"action": "wyrd", "params": "{}", "asked": ""}, headers=HX
    )
    assert refused.status_code in (403, 422) and "owner or the game master" in refused.text


def test_a_new_foe_row_takes_its_kinds_defaults_ticked_boxes_included(client: Any) -> None:
    from runehall.systems.rune.combat import lineup as rune_lineup
    from test_rune_hero import ragnar

    table_id = new_table(client, "rune")
    made = client.post(f"/api/tables/{table_id}/characters", json={"sheet": ragnar()})
    assert made.status_code in (200, 201), made.text
    page = client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "combat"}).text
    sent = values(page)
    kind = sent["f.0.kind"]
    expected = rune_lineup.foe_numbers(kind, {}, [ragnar()], None)
    assert ("f.0.n.adjust" in sent) == bool(expected["adjust"])
    assert sent["f.0.n.hp"] == str(expected["hp"])
    more = values(client.post(f"/t/{table_id}/trackers/setup", data={**sent, "add": "1"}).text)
    assert ("f.1.n.adjust" in more) == bool(expected["adjust"]) and more["f.1.n.hp"] == str(expected["hp"])
    unticked = {k: v for k, v in more.items() if k != "f.1.n.adjust"}  # the person unticks it: it stays so
    again = values(client.post(f"/t/{table_id}/trackers/setup", data=unticked).text)
    assert "f.1.n.adjust" not in again


def test_the_screen_shows_where_everyone_starts_or_why_it_cannot_start_yet(client: Any) -> None:
    table_id, _, _ = table(client)
    page = client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "skirmish"}).text
    preview = page.split('class="lineup-part setup-preview"')[1].split("</section>")[0]
    tokens = re.findall(r'<g class="token[^"]*" role="img" aria-label="([^"]+)"', preview)
    assert sorted(tokens) == ["Ann", "Bandit", "Gorm"]
    assert "data-pick" not in preview and "data-map" not in preview  # a picture, not the board's controls
    sent = values(page)
    lonely = {k: v for k, v in sent.items() if not k.startswith("f.")}
    again = client.post(f"/t/{table_id}/trackers/setup", data=lonely).text
    assert "lineup-part setup-preview" not in again and "Not ready to start yet" in text_of(again)
    assert "two sides" in text_of(again)


def test_a_number_the_rules_set_is_shown_not_typed(client: Any) -> None:
    from test_midgard_character import ch1

    table_id = new_table(client, "midgard")
    assert client.post(f"/api/tables/{table_id}/characters", json={"sheet": ch1()}).status_code in (200, 201)
    page = client.get(f"/t/{table_id}/trackers/setup", params={"tracker": "combat"}).text
    sent = values(page)
    sent["f.0.kind"] = "shieldbearer"
    again = client.post(f"/t/{table_id}/trackers/setup", data=sent).text
    row = again.split("data-foe-row")[1].split("</fieldset>")[0]
    assert 'class="field fixed"' in row and 'type="number" value' not in row.split("Defence")[1].split("</div>")[0]
    assert re.search(r'<input type="hidden" name="f\.0\.n\.defence" value="\d+">', row)
