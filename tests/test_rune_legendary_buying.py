"""Levels of a legendary item bought in the advancement tracker (001c §8.12, A-85): at the item's price a level from
free VP, refused with the record unchanged; the patron's Divine Connection counted with the gifts' on the sheet, on
the board and on a gift bought; the Loki-Trouncing Wand's levels lost once Loki reaches Odin; cards and the board in
English and Spanish."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.treasure.legendary import WAND, legend
from test_rune_advancement import TRACKER, act, ragnar, record
from test_rune_hero import hero
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
TRIBUTE = "Blood Tribute Armor"  # 45 VP a level, patron Loki
EINHERJAR = "Einherjar's Armor"  # 45 VP a level, no patron


def carrying(*names: str, vp: int = 1000, **sheet: Any) -> Advancement:
    items = [{"item": stored("equipment")}] + [{"item": legendary(n)} for n in names]
    return record(ragnar(magic_items=items, **sheet), vp_total=vp)


def _price(state: Advancement, number: int) -> int:
    cost = legend(state.hero.magic_items[number - 1].stored).cost
    assert cost is not None
    return cost


def test_levels_are_bought_at_the_items_price_from_free_vp() -> None:
    start = carrying(EINHERJAR, TRIBUTE)
    one = act(start, "buy_item", item=2)
    assert one.hero.magic_items[1].levels == 1 and one.vp_spent == start.vp_spent + _price(start, 2)
    three = act(one, "buy_item", item=3, levels=2)
    assert three.hero.magic_items[2].levels == 2 and three.vp_spent == one.vp_spent + 2 * _price(start, 3)
    assert three.vp_total == start.vp_total  # the score never falls
    assert three.hero.magic_items[0] == start.hero.magic_items[0] and three.hero.magic_items[1].levels == 1


def test_refusals_leave_the_record_unchanged() -> None:
    start = carrying(EINHERJAR, WAND, vp=60)
    for params, said in (
        ({"item": 4}, "no magic item number 4"),
        ({"item": 1}, "only a legendary item"),
        ({"item": 2, "levels": 2}, "2 levels of Einherjar's Armor cost 90 VP; he has 60 free"),
        ({"item": 3}, "Loki rating is not below his Odin rating"),  # Loki 0, Odin 0
    ):
        before = start.model_dump()
        with pytest.raises(RulesError, match=said):
            act(start, "buy_item", **params)
        assert start.model_dump() == before


def test_the_patron_counts_in_the_divine_connection_everywhere() -> None:
    state = act(carrying(TRIBUTE, gifts={"dying_blow": 1}), "buy_item", item=2, levels=2)  # Odin 1, Loki 2
    sheet = hero(json.loads(json.dumps(TRACKER.view(state)["sheet"])))
    rows = {r.label: r.value for s in sheet.sheet(EN).sections if s.title == "Divine Gifts" for r in s.rows}
    assert rows["Divine Connection"] == "Loki 2 · Odin 1" and rows["Primary gods"] == "Loki"
    assert TRACKER.view(state)["divine_connection"] == {"Loki": 2, "Odin": 1}
    board = {s.title: {r.label: r.value for r in s.rows} for s in TRACKER.board(state, ES, Seat(runs=True)).sections}
    assert board["Divine Gifts"]["Divine Connection"] == "Loki 2 · Odín 1"
    assert board["Divine Gifts"]["Primary gods"] == "Loki"
    a = TRACKER.action("buy_gift")
    _, result = a.apply(state, a.parse_params({"gift": "the_gnawing_stags"}), None, ManualSource([]))
    assert result["connection"] == 3 and result["primary"] == ["Loki"]  # the item's 2 and the gift's 1


def test_items_alone_give_the_divine_gifts_section() -> None:
    state = act(carrying(TRIBUTE), "buy_item", item=2)
    rows = {r.label: r.value for s in TRACKER.board(state, EN, Seat(runs=True)).sections
            if s.title == "Divine Gifts" for r in s.rows}  # fmt: skip
    assert rows == {"Divine Connection": "Loki 1", "Primary gods": "no god"}
    assert not [s for s in TRACKER.board(carrying(TRIBUTE), EN, Seat(runs=True)).sections if s.title == "Divine Gifts"]


def test_the_wand_loses_its_levels_once_loki_reaches_odin() -> None:
    start = carrying(WAND, TRIBUTE, gifts={"dying_blow": 1})  # Odin 1
    wand = act(start, "buy_item", item=2)  # Odin 2 by the wand's own level
    assert wand.hero.magic_items[1].levels == 1
    one_loki = act(wand, "buy_gift", gift="the_gnawing_stags")  # Loki 1 < Odin 2: kept
    assert one_loki.hero.magic_items[1].levels == 1
    a = TRACKER.action("buy_item")
    lost, result = a.apply(one_loki, a.parse_params({"item": 3}), None, ManualSource([]))  # Loki 2 >= Odin 2
    assert lost.hero.magic_items[1].levels is None and result["wand_lost"] == 1
    assert lost.vp_spent == one_loki.vp_spent + _price(start, 3)  # the tribute's level still bought
    g = TRACKER.action("buy_gift")
    by_gift, said = g.apply(wand, g.parse_params({"gift": "banish_his_blade"}), None, ManualSource([]))
    assert by_gift.hero.magic_items[1].levels == 1 and "wand_lost" not in said  # Loki 1 < Odin 2
    by_gift, said = g.apply(by_gift, g.parse_params({"gift": "banish_his_blade"}), None, ManualSource([]))
    assert by_gift.hero.magic_items[1].levels is None and said["wand_lost"] == 1
    assert gift("banish_his_blade").patron == "Loki"


def test_the_board_offers_the_items_he_can_pay_a_level_of() -> None:
    state = carrying(EINHERJAR, WAND, TRIBUTE, vp=45)
    move = next(m for m in TRACKER.board(state, EN, Seat(runs=True)).moves if m.action == "buy_item")
    assert dict(move.choices["item"]) == {"2": "Einherjar's Armor: level 1 for 45 VP",
                                          "4": "Blood Tribute Armor: level 1 for 45 VP"}  # fmt: skip
    es = next(m for m in TRACKER.board(state, ES, Seat(runs=True)).moves if m.action == "buy_item")
    assert es.title == "Comprar niveles de un objeto legendario"
    assert dict(es.choices["item"])["2"] == "Armadura del einherjar: nivel 1 por 45 PV"
    poor = act(state, "buy_item", item=2)
    assert "buy_item" not in {m.action for m in TRACKER.board(poor, EN, Seat(runs=True)).moves}
    rows = {s.title: {r.label: r.value for r in s.rows} for s in TRACKER.board(poor, EN, Seat(runs=True)).sections}
    assert rows["Legendary items"]["Item 2"] == "Einherjar's Armor (45 VP a level) (1 level)"
    assert rows["Legendary items"]["Item 3"].endswith("(no levels bought yet)")
    for words in (EN, ES):
        for s in TRACKER.board(poor, words, Seat(runs=True)).sections:
            assert not [t for r in s.rows for t in (r.label, r.value) if program_values(t)]


def test_the_card_in_both_languages() -> None:
    sheet = ragnar(magic_items=[{"item": legendary(TRIBUTE)}])
    log = PlayLog.start("rune", "advancement", {}, {"hero": sheet, "vp_total": 200})
    with pytest.raises(RulesError):
        log.apply("buy_item", {"item": 1, "levels": 5}, ManualSource([]))
    log.apply("buy_item", {"item": 1, "levels": 2}, ManualSource([]))
    event = json.loads(json.dumps(log.events[-1]))  # as stored
    action = registry.get("rune").tracker("advancement").action("buy_item")
    en, es = action.describe(event, EN, "Ana").plain(), action.describe(event, ES, "Ana").plain()
    assert en == "Ana buys levels of Blood Tribute Armor: 0 → 2 for 90 VP  Divine Connection Loki 2  Free VP 110"
    assert es.startswith("Ana compra niveles de ") and "0 → 2 por 90 PV" in es and "PV libres 110" in es
    assert not program_values(en) and not program_values(es)
