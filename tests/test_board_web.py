"""A tracker's board on the web (web/boards.py, _board.html, _board_map.html): cards, the order, the moves as
buttons for this viewer's seat, ask forms of only the asked fields, targets marked, the map to scale, and no
secret or program value; moves posted as the board's forms post them (no browser)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest

from board_system import FIGHTERS, MAP, SECRET_PLAN, BoardSystem, Skirmish, SkirmishTracker
from coin_system import CoinSystem
from runehall.present.board import BoardView, Move, Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.web import boards
from runehall.web.render import environment
from test_web import join, new_table

HX = {"HX-Request": "true"}
ES = {"Accept-Language": "es"}


@pytest.fixture(autouse=True)
def systems() -> Iterator[None]:
    removes = [registry.register(BoardSystem()), registry.register(CoinSystem())]
    yield
    for remove in removes:
        remove()


def skirmish(client: Any) -> tuple[str, str, Any, Any]:
    """A skirmish at a table: Ana plays Ann (who acts first), Bo plays nobody."""
    table_id = new_table(client, "boardtest")
    ana, bo = join(client, table_id, "Ana"), join(client, table_id, "Bo")
    started = client.post(f"/t/{table_id}/trackers", data={"tracker": "skirmish", "setup": "{}"})
    assert started.status_code in (200, 303), started.text
    found = re.search(r'<article class="tracker" aria-labelledby="tr-([\w-]+)"', client.get(f"/t/{table_id}").text)
    assert found
    tracker_id = found.group(1)
    people = {p["name"]: p["id"] for p in client.get(f"/api/tables/{table_id}").json()["participants"]}
    handed = client.post(
        f"/t/{table_id}/trackers/{tracker_id}/controllers", data={"ctl-ann": people["Ana"]}, headers=HX
    )
    assert handed.status_code == 200, handed.text
    return table_id, tracker_id, ana, bo


def view(who: Any, table_id: str, tracker_id: str, lang: str = "en") -> str:
    got = who.get(f"/t/{table_id}/trackers/{tracker_id}/view", headers={"Accept-Language": lang})
    assert got.status_code == 200, got.text
    return str(got.text)


def said(html: str) -> str:
    """What a person reads: the text, and the attributes shown to them."""
    shown = re.findall(r'(?:title|aria-label|data-choose-text|data-place-text)="([^"]*)"', html)
    return unescape(" ".join([re.sub(r"<[^>]+>", " ", html), *shown]))


def moves_of(html: str) -> list[tuple[str, dict[str, Any], str]]:
    """Each move's form: its action, its fixed parameters, and what it asks."""
    forms = re.findall(r"<form class=\"move(?: quiet)?\".*?</form>", html, re.S)
    out = []
    for form in forms:
        action = re.search(r'name="action" value="(\w+)"', form)
        fixed = re.search(r'name="params" value="([^"]*)"', form)
        asked = re.search(r'name="asked" value="([^"]*)"', form)
        assert action and fixed and asked, form
        out.append((action.group(1), json.loads(unescape(fixed.group(1))), asked.group(1)))
    return out


def form_of(html: str, action: str) -> str:
    found = [f for f in re.findall(r"<form class=\"move\".*?</form>", html, re.S) if f'value="{action}"' in f]
    assert len(found) == 1, (action, found)
    return found[0]


def visible_fields(form: str) -> list[str]:
    """The names of a form's fields a person fills in (not the hidden ones)."""
    named = re.findall(r"<(input|select|textarea)([^>]*)>", form)
    return [
        re.search(r'name="([^"]+)"', attrs).group(1)  # type: ignore[union-attr]
        for _, attrs in named
        if 'type="hidden"' not in attrs and "name=" in attrs
    ]


def test_the_gm_gets_a_button_for_exactly_each_move_of_the_board(client: Any) -> None:
    table_id, tracker_id, _, _ = skirmish(client)
    html = view(client, table_id, tracker_id)
    expected = SkirmishTracker().board(
        SkirmishTracker().start(SkirmishTracker().parse_setup({}), None), words_for("en", "boardtest"), Seat(runs=True)
    )
    drawn = moves_of(html)
    assert sorted(a for a, _, _ in drawn) == sorted(m.action for m in expected.moves)
    titles = re.findall(r'class="move-go"[^>]*>([^<]+)</button>', html)
    assert sorted(titles) == sorted(m.title for m in expected.moves)  # in words, never the action's name
    # The actor's moves are on Ann's card, the table's own (the next turn) in the move bar.
    ann = re.search(r'<li class="bcard[^"]*" data-key="ann">.*?</li>\s*<li class="bcard', html, re.S)
    found = sorted(re.findall(r'name="action" value="(\w+)"', ann.group(0))) if ann else []
    assert found == ["aim", "attack", "move", "plan", "plan"]
    bar = html[html.index('class="move-bar"') :]
    assert re.findall(r'name="action" value="(\w+)"', bar) == ["next_turn"]
    assert '<button type="submit" class="move-go">Next turn</button>' in bar  # one click posts it


def test_a_move_asks_only_what_it_asks_and_marks_its_targets(client: Any) -> None:
    table_id, tracker_id, _, _ = skirmish(client)
    html = view(client, table_id, tracker_id)
    attack = form_of(html, "attack")
    assert visible_fields(attack) == []  # a target and nothing to ask: the click on a card posts it
    assert 'data-target="target"' in attack and 'data-targets="bob"' in attack  # Cid is out, Dag a friend
    assert 'aria-pressed="false"' in attack and "data-asks" not in attack
    fixed = dict(moves_of(attack)[0][1])
    assert fixed == {"actor": "ann", "weapon": "sword"} and moves_of(attack)[0][2] == "target"
    aim = form_of(html, "aim")
    assert visible_fields(aim) == ["param-care"] and "data-asks" in aim
    assert re.search(r'name="param-care" type="number" value="2"', aim)  # prefilled from the move's params
    assert moves_of(aim)[0][2] == "care,target"
    plan = form_of(html, "plan")
    assert visible_fields(plan) == ["param-plan"] and 'aria-expanded="false"' in plan and "data-target=" not in plan
    move = form_of(html, "move")
    assert 'data-target="to"' in move and 'data-point="pair"' in move and visible_fields(move) == []
    assert "data-whole" not in move  # the skirmish's places take fractions of a pace
    assert "Click the map: at most 6 paces" in move


def test_cards_show_gauges_badges_stats_and_who_plays_them(client: Any) -> None:
    table_id, tracker_id, _, _ = skirmish(client)
    html = view(client, table_id, tracker_id)
    cards = re.findall(r'<li class="(bcard[^"]*)" data-key="(\w+)"', html)
    assert [k for _, k in cards] == [f.id for f in FIGHTERS]
    css = dict((k, c) for c, k in cards)
    assert "is-active" in css["ann"] and "is-out" in css["cid"] and "is-out" not in css["bob"]
    assert css["ann"].split()[1] == css["dag"].split()[1] != css["bob"].split()[1]  # sides by colour
    text = " ".join(said(html).split())
    assert "Health 10 / 10" in text and "Wounds 4 / 4" in text and "Stunned" in text and "Attack 12" in text
    assert "Played by Ana" in text and "Acting now" in text and "Out of the fight" in text
    boxes = re.search(r'data-key="cid".*?<span class="boxes"[^>]*>(.*?)</span>\s*<span class="gauge-num">', html, re.S)
    assert boxes and boxes.group(1).count("box filled") == 4
    order = re.search(r"<ol aria-labelledby=\"bo-[^\"]+\">(.*?)</ol>", html, re.S)
    assert order and re.findall(r">(\w+)</li>", order.group(1)) == ["Ann", "Bob", "Dag"]
    assert 'class="is-active" aria-current="true">Ann<' in order.group(1)
    assert "Waiting for Ann" in text and "The ford" in text and "knee deep" in text and "Turn 1" in text


def test_the_map_is_drawn_to_scale_with_a_token_per_placed_combatant_and_an_area_per_area(client: Any) -> None:
    table_id, tracker_id, _, _ = skirmish(client)
    html = view(client, table_id, tracker_id)
    assert 'viewBox="0 0 20 12"' in html and 'data-height="12"' in html
    tokens = re.findall(r'<g class="token[^"]*" data-pick="(\w+)" tabindex="0" role="button" aria-label="(\w+)"', html)
    assert tokens == [("ann", "Ann"), ("bob", "Bob"), ("cid", "Cid")]  # Dag stands nowhere yet
    ann = re.search(r'data-pick="ann".*?<circle class="token-body" cx="([\d.]+)" cy="([\d.]+)"', html, re.S)
    assert ann and (float(ann.group(1)), float(ann.group(2))) == (2, 12 - 3)  # y up: flipped
    assert len(re.findall(r'<polygon class="area area-\w+"', html)) == len(MAP.areas)
    assert 'points="1,11 6,11 6,8 1,8"' in html  # the ice, in the map's units
    legend = re.search(r'<ul class="map-legend"[^>]*>(.*?)</ul>', html, re.S)
    assert legend and re.findall(r"</svg> (\w+)</li>", legend.group(1)) == ["Ice", "Bushes"]  # once each
    grid = re.findall(r'<line class="map-grid" x1="([\d.]+)"', html)
    assert len(grid) == 9 + 5  # every 2 paces across 20 and 12
    assert "20 × 12 paces" in said(html)


def test_a_player_gets_the_moves_of_their_own_combatants_and_nobody_else_any(client: Any) -> None:
    table_id, tracker_id, ana, bo = skirmish(client)
    mine = moves_of(view(ana, table_id, tracker_id))
    assert sorted(a for a, _, _ in mine) == ["aim", "attack", "move", "plan", "plan"]
    assert all(p["actor"] == "ann" for _, p, _ in mine)
    assert moves_of(view(bo, table_id, tracker_id)) == []
    # Ann's turn over, Ana has nothing to do: Bob is the GM's.
    assert client.post(f"/t/{table_id}/trackers/{tracker_id}", data=_move("next_turn"), headers=HX).status_code == 200
    assert moves_of(view(ana, table_id, tracker_id)) == []
    assert 'data-key="bob"' in view(ana, table_id, tracker_id)


def _move(action: str, fixed: dict[str, Any] | None = None, asked: str = "", **fields: str) -> dict[str, str]:
    """A board's form as the browser posts it."""
    return {
        "action": action,
        "params": json.dumps(fixed or {}),
        "asked": asked,
        **{f"param-{k}": v for k, v in fields.items()},
    }


def _state(client: Any, table_id: str, tracker_id: str) -> Any:
    found = next(t for t in client.get(f"/api/tables/{table_id}/trackers").json() if t["id"] == tracker_id)
    return found["state"]


def test_moves_post_as_the_board_sends_them_and_refusals_come_back_in_words(client: Any) -> None:
    table_id, tracker_id, ana, bo = skirmish(client)
    path = f"/t/{table_id}/trackers/{tracker_id}"
    ann = {"actor": "ann"}
    hit = ana.post(path, data=_move("attack", {**ann, "weapon": "sword"}, "target", target="bob"), headers=HX)
    assert hit.status_code == 200, hit.text
    bob = next(f for f in _state(client, table_id, tracker_id)["combatants"] if f["id"] == "bob")
    assert bob["hp"] == 5
    aimed = ana.post(path, data=_move("aim", {**ann, "care": 2}, "care,target", target="bob", care="3"), headers=HX)
    assert aimed.status_code == 200, aimed.text
    walked = ana.post(path, data=_move("move", ann, "to", to="4.5, 6"), headers=HX)
    assert walked.status_code == 200, walked.text
    moved = next(f for f in _state(client, table_id, tracker_id)["combatants"] if f["id"] == "ann")
    assert (moved["x"], moved["y"]) == (4.5, 6)
    far = ana.post(path, data=_move("move", ann, "to", to="19, 11"), headers=HX)
    assert far.status_code == 422 and "at most 6 paces" in far.text and 'class="error"' in far.text
    friend = ana.post(path, data=_move("attack", ann, "target", target="dag"), headers=HX)
    assert friend.status_code == 422 and "fights on your side" in friend.text
    careless = ana.post(path, data=_move("aim", ann, "care,target", target="bob", care="9"), headers={**HX, **ES})
    assert (
        careless.status_code == 422 and "Care: supera su límite: como máximo 3" in careless.text
    )  # labelled, in Spanish
    # Fixed parameters are not a key to someone else's combatant: the table checks the actor.
    stolen = ana.post(path, data=_move("plan", {"actor": "bob"}, "plan", plan="run"), headers=HX)
    assert stolen.status_code == 422 and "your own combatants" in stolen.text
    one_click = bo.post(path, data=_move("next_turn"), headers=HX)
    assert one_click.status_code == 422  # Bo runs nothing


def test_a_sealed_plan_reads_chosen_and_its_text_is_nowhere(client: Any) -> None:
    table_id, tracker_id, ana, bo = skirmish(client)
    path = f"/t/{table_id}/trackers/{tracker_id}"
    planned = ana.post(path, data=_move("plan", {"actor": "ann"}, "plan", plan=SECRET_PLAN), headers=HX)
    assert planned.status_code == 200, planned.text
    for who in (client, ana, bo):
        for lang in ("en", "es"):
            html = view(who, table_id, tracker_id, lang)
            assert "chosen" in html and "Xyzzy" not in html
        assert "Xyzzy" not in who.get(f"/t/{table_id}/trackers").text
        page = who.get(f"/t/{table_id}").text
        assert "Xyzzy" not in page[page.index('id="trackers"') :]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_boards_read_as_words_in_both_languages(client: Any, lang: str) -> None:
    table_id, tracker_id, ana, bo = skirmish(client)
    for who in (client, ana, bo):
        text = said(view(who, table_id, tracker_id, lang))
        assert program_values(text) == [], text
    spanish = " ".join(said(view(client, table_id, tracker_id, "es")).split())
    if lang == "es":
        assert "Actúa ahora" in spanish and "Fuera del combate" in spanish and "Elegir" in spanish
        assert "Elige un objetivo" in spanish and "Combatientes" in spanish and "Jugadas" in spanish


def test_a_tracker_without_a_board_of_its_own_gets_the_default_one(client: Any) -> None:
    table_id = new_table(client, "coin")
    started = client.post(f"/t/{table_id}/trackers", data={"tracker": "purse", "setup": '{"coins": 3}'})
    assert started.status_code in (200, 303)
    page = client.get(f"/t/{table_id}").text
    tracker_id = re.search(r'id="tr-([\w-]+)"', page)
    assert tracker_id
    html = view(client, table_id, tracker_id.group(1))
    assert sorted(a for a, _, _ in moves_of(html)) == ["flip", "spend"]
    assert visible_fields(form_of(html, "flip")) == [] and 'type="submit" class="move-go">flip<' in html  # one click
    assert visible_fields(form_of(html, "spend")) == ["param-amount"] and "data-asks" in form_of(html, "spend")
    assert '<pre class="tracker-state">purse: 3 coins</pre>' in html  # the state, until the system draws one
    spent = client.post(
        f"/t/{table_id}/trackers/{tracker_id.group(1)}", data=_move("spend", {}, "amount", amount="2"), headers=HX
    )
    assert spent.status_code == 200, spent.text
    assert "purse: 1 coins" in view(client, table_id, tracker_id.group(1))


def test_the_board_template_draws_a_board_built_by_hand() -> None:
    # Without a table: web/boards.draw and _board.html on a BoardView, as a system's test may do.
    tracker = SkirmishTracker()
    state = Skirmish(combatants=FIGHTERS)
    board = tracker.board(state, words_for("es", None), Seat(controls=frozenset({"ann"})))
    drawn = boards.draw(board, tracker, words_for("es", None), "7t", {"ann": "Ana"})  # an id may start with 7
    html = (
        environment("es").get_template("_board.html").render(b=drawn, t={"id": "7t", "title": "Skirmish"}, table_id="T")
    )
    ids = re.findall(r' id="([^"]+)"', html) + re.findall(r'hx-target="#([^"]+)"', html)
    assert ids and all(re.fullmatch(r"[A-Za-z][\w-]*", i) for i in ids), ids  # CSS selectors (htmx's targets)
    assert len(re.findall(r"<form class=\"move\"", html)) == 4 and "move-bar" not in html  # the table's: none
    assert "Orden" not in html and "Order" in html  # the system's own title for its order
    assert "Lo lleva Ana" in " ".join(said(html).split())


def test_a_place_in_whole_units_is_clicked_in_whole_units() -> None:
    # Rune's move takes [x, y] in whole paces: the map's click is rounded to whole paces (board.js).
    tracker = registry.get("rune").tracker("combat")
    move = Move("move", "Move", {"who": "ragnar"}, target="to", actor="ragnar")
    form = boards.move_form(tracker, move, "m0", words_for("en", "rune"), {})
    assert (form.point, form.whole, form.asked, json.loads(form.params)) == ("pair", True, "to", {"who": "ragnar"})
    html = (
        environment("en")
        .get_template("_board.html")
        .render(b=boards.BoardDraw(BoardView("Fight"), [], [], [form], None), t={"id": "t", "title": "F"}, table_id="T")
    )
    assert 'data-point="pair" data-whole' in html


def test_a_moves_reach_is_drawn_round_its_actors_token_hidden_until_armed(client: Any) -> None:
    table_id, tracker_id, ana, _ = skirmish(client)
    html = view(ana, table_id, tracker_id)
    attack = re.search(
        r'data-move data-move-id="([\w-]+)"[^>]*>\s*<input type="hidden" name="action" value="attack"', html
    )
    assert attack, "the attack's form carries its id"
    ring = re.search(rf'<g class="reach-rings" data-rings-for="{attack.group(1)}" hidden[^>]*>(.*?)</g>', html, re.S)
    assert ring, "its rings wait, hidden, in the map"
    circle = re.search(r'<circle class="reach-ring" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', ring.group(1))
    assert circle and (float(circle.group(1)), float(circle.group(2)), float(circle.group(3))) == (2, 12 - 3, 3)
    assert "Reach: 3 paces" in ring.group(1)  # Ann stands at (2, 3) on a map 12 paces high, y up


def test_a_move_that_drew_nothing_is_not_marked_by_hand(client: Any) -> None:
    table_id, tracker_id, _, _ = skirmish(client)
    moved = client.post(
        f"/t/{table_id}/trackers/{tracker_id}",
        data={"action": "next_turn", "params": "{}", "asked": ""},
        headers=HX,
    )
    assert moved.status_code == 200, moved.text
    entry = client.get(f"/t/{table_id}/log", params={"since": 0}).text.split('class="entry kind-tracker_action')[-1]
    assert "source manual" not in entry.split("</p>")[0]  # nothing was drawn, by hand or otherwise


def test_a_quiet_move_is_drawn_as_the_smaller_variant(client: Any) -> None:
    table_id, tracker_id, ana, _ = skirmish(client)
    html = view(ana, table_id, tracker_id)
    forms = re.findall(r'<form class="move( quiet)?"[^>]*>.*?class="move-go"[^>]*>([^<]+)<', html, re.S)
    assert ("", "Plan in secret") in forms and (" quiet", "Plan nothing") in forms


def test_an_order_entry_per_action_reads_its_label_and_only_the_one_taken_now_is_lit() -> None:
    from runehall.present.board import CombatantCard

    view_ = BoardView(
        title="Round",
        order=("ann", "bob", "ann"),
        order_labels=("25 Ann", "12 Bob", "5 Ann"),
        order_now=0,
        combatants=(CombatantCard("ann", "Ann", active=True), CombatantCard("bob", "Bob")),
    )
    drawn = boards.draw(view_, SkirmishTracker(), words_for("en", "boardtest"), "t1")
    assert drawn.order == [("ann", "25 Ann", True), ("bob", "12 Bob", False), ("ann", "5 Ann", False)]
