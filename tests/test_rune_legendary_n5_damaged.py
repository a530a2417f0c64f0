"""A damaged legendary item (001c §8.12 A-85, §7.4's equipment damage: "VP cost of buying levels doubles", never
repaired): marked at the encounter tracker as an appended event (refused for another kind of item and for one
damaged already, nothing changed), kept on the sheet, and its levels then cost double in the advancement tracker -
the board's offer, the price paid and the refusal of too few VP - in English and Spanish."""

from __future__ import annotations

import json

import pytest

from rune_magic_fixtures import stored
from runehall.errors import RulesError
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.treasure import legendary
from runehall.systems.rune.treasure.carried import CarriedItem
from test_rune_advancement import TRACKER, act, ragnar, record
from test_rune_legendary import legendary as legendary_item
from test_rune_magic_items_run import RUNNER, run, state, use

EN, ES = words_for("en", "rune"), words_for("es", "rune")
EINHERJAR = "Einherjar's Armor"  # 45 VP a level


def carrying(damaged: bool, vp: int) -> Advancement:
    item = {"item": legendary_item(EINHERJAR)} | ({"damaged": True} if damaged else {})
    return record(ragnar(magic_items=[item]), vp_total=vp)


def test_a_damaged_items_levels_cost_double() -> None:
    whole = CarriedItem.model_validate({"item": legendary_item(EINHERJAR)})
    broken = whole.model_copy(update={"damaged": True})
    base = legendary.legend(whole.stored).cost
    assert base == 45
    for levels in (1, 3):
        assert legendary.level_price(whole, levels) == base * levels
        assert legendary.level_price(broken, levels) == 2 * base * levels
    bought, cost = legendary.buy(broken, 2, 1000, {})
    assert cost == 4 * base and bought.levels == 2 and bought.damaged


def test_the_advancement_tracker_charges_the_doubled_price() -> None:
    start = carrying(True, 1000)
    after = act(start, "buy_item", item=1, levels=2)
    assert after.vp_spent == start.vp_spent + 180 and after.hero.magic_items[0].levels == 2
    poor = carrying(True, 89)  # one level would cost 45 whole, 90 damaged
    before = poor.model_dump()
    with pytest.raises(RulesError, match="1 levels of Einherjar's Armor cost 90 VP; he has 89 free"):
        act(poor, "buy_item", item=1)
    assert poor.model_dump() == before
    assert "buy_item" not in {m.action for m in TRACKER.board(poor, EN, Seat(runs=True)).moves}
    assert "buy_item" in {m.action for m in TRACKER.board(carrying(False, 89), EN, Seat(runs=True)).moves}


def test_the_board_says_the_doubled_price_and_the_damage() -> None:
    board = TRACKER.board(carrying(True, 1000), EN, Seat(runs=True))
    move = next(m for m in board.moves if m.action == "buy_item")
    assert dict(move.choices["item"]) == {"1": "Einherjar's Armor: level 1 for 90 VP"}
    rows = {s.title: {r.label: r.value for r in s.rows} for s in board.sections}
    assert rows["Legendary items"]["Item 1"].endswith("(no levels bought yet, damaged: its levels cost double)")
    es = TRACKER.board(carrying(True, 1000), ES, Seat(runs=True))
    said = dict(next(m for m in es.moves if m.action == "buy_item").choices["item"])["1"]
    assert said == "Armadura del einherjar: nivel 1 por 90 PV"
    es_rows = {r.value for s in es.sections for r in s.rows}
    assert any("dañado: sus niveles cuestan el doble" in v for v in es_rows)


def test_only_a_legendary_item_is_marked_damaged_on_the_sheet() -> None:
    with pytest.raises(ValueError, match="only a legendary item is marked damaged"):
        CarriedItem.model_validate({"item": stored("potion"), "damaged": True})


def test_the_runner_marks_it_damaged_at_the_encounter_tracker() -> None:
    log = run([{"item": stored("potion")}, {"item": legendary_item(EINHERJAR)}])
    view = log.tracker.board(state(log), EN, RUNNER)
    titles = [m.title for m in view.moves if m.action == "use_item"]
    assert "Ragnar's legendary item, item 2, is damaged" in titles
    assert not [t for t in titles if "item 1, is damaged" in t]  # a potion is no legendary item
    count = len(log.events)
    event = use(log, 2, "damaged")
    assert len(log.events) == count + 1 and event["result"]["damaged"] is True
    assert state(log).magic["Ragnar"][1].damaged is True
    after = log.tracker.board(state(log), EN, RUNNER)
    assert "Ragnar's legendary item, item 2, is damaged" not in [m.title for m in after.moves]
    for item, match in ((2, "damaged already"), (1, "only a legendary item is marked damaged this way")):
        before, count = state(log), len(log.events)
        with pytest.raises(RulesError, match=match):
            use(log, item, "damaged")
        assert state(log) == before and len(log.events) == count
    stored_event = json.loads(json.dumps(log.events[-1]))
    action = log.tracker.action("use_item")
    en = action.describe(stored_event, EN, "Thurid").plain()
    es = action.describe(stored_event, ES, "Thurid").plain()
    assert "Ragnar's legendary item, item 2, is damaged" in en and "damaged: its levels cost double" in en
    assert "queda dañado" in es and "cuestan el doble" in es
    assert not program_values(en) and not program_values(es)
