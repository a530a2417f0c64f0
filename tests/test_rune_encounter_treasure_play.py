"""Treasure and gains played at the table (001c §8-§9; 001b §6.2 item 4): the runner gives a gain of the notes to a
hero by its button; a treasure is rolled whole on the server, every chart roll stored and the card said from what
was stored; the hero carries it; what the heroes cannot have yet is refused with one reason and nothing changes;
an undo takes it back; at the end of the adventure each haul's VP (less liar's silver) is credited."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import FairSource, ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Move, Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.encounters.loot import home_vp
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.session import heroes_after, session_of
from runehall.systems.rune.treasure.charts import chart
from runehall.systems.rune.treasure.generate import generate_treasure
from runehall.systems.rune.treasure.rolling import ChartChance
from runehall.systems.rune.treasure.stored import item_from, item_json
from runehall.systems.rune.treasure.words import item_words

RUNNER = Seat(runs=True, owns=True)
SEED = b"runehall treasure seed 0123456789"


def _notes() -> dict[str, Any]:
    given = notes(difficulty=6)
    hall = given["events"][0]
    hall["rolls"][0]["purpose"] = "treasure"
    hall["elements"] = [
        {"id": "chest", "name": "The jarl's chest", "kind": "treasure", "gain": {"kind": "treasure", "category": "C"}},
        {"id": "purse", "name": "A purse", "kind": "gain", "gain": {"kind": "silver", "ounces": 5}},
        {"id": "fake", "name": "Loki's coins", "kind": "gain", "gain": {"kind": "liars_silver", "pieces": 3}},
        {"id": "box", "name": "The strongbox", "kind": "treasure", "roll": "door",
         "gain": {"kind": "treasure", "category": "A", "how": "roll"}},
    ]  # fmt: skip
    cellar = {"id": "cellar", "summary": "A cellar", "rolls": [], "elements": [
        {"id": "idol", "name": "Carry the idol out", "kind": "gain",
         "gain": {"kind": "vp_award", "vp": 10, "award": "singular"}},
        {"id": "altar", "name": "A quiet altar", "kind": "gain", "gain": {"kind": "shrine", "deity": "thor"}},
    ]}  # fmt: skip
    given["events"].append(cellar)
    return given


def run() -> PlayLog:
    log = PlayLog.start("rune", "encounter", {}, setup())
    for action, params in (("notes", {"encounter": _notes()}), ("begin", {})):
        log.apply(action, params, ManualSource([]))
    return log


def _state(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def _moves(log: PlayLog, action: str, lang: str = "en") -> list[Move]:
    view = log.tracker.board(_state(log), words_for(lang, "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    return [m for m in view.moves if m.action == action]


def played() -> PlayLog:
    """A run through every gain move: a treasure, silver, liar's silver, moving on, a deed, a shrine, the
    settlement and the hauls home (the words tests read its events)."""
    log = run()
    log.apply("give_gain", {"gain": "chest", "hero": "Ragnar"}, FairSource(SEED, "chest", 1))
    log.apply("give_gain", {"gain": "purse", "hero": "Ragnar"}, ManualSource([]))
    log.apply("give_gain", {"gain": "fake", "hero": "Sigrid"}, ManualSource([]))
    log.apply("next_event", {}, ManualSource([]))
    log.apply("give_gain", {"gain": "idol", "hero": "Thurid"}, ManualSource([]))
    log.apply("give_gain", {"gain": "altar", "hero": "Bjorn"}, ManualSource([]))
    log.apply("settle", {}, ManualSource([]))
    log.apply("haul_home", {}, ManualSource([]))
    return log


def test_a_treasure_is_rolled_whole_every_roll_stored_and_carried() -> None:
    log = run()
    event = log.apply("give_gain", {"gain": "chest", "hero": "Ragnar"}, FairSource(SEED, "chest", 1))
    r = event["result"]
    again = generate_treasure("C", FairSource(SEED, "chest", 1))  # the same dice give the same treasure
    assert r["items"] == [item_json(i) for i in again]
    tape = [face for item in r["items"] for roll in item["rolls"] for face in roll["faces"]]
    assert [face for _, face in r["tape"]][: len(tape)] == tape or len(r["items"]) > 1
    for item in r["items"]:
        for roll in item["rolls"]:  # each stored roll is what its chart gives for its first face (or its re-rolls)
            found = ChartChance(chart(roll["chart"]), roll["category"])
            assert found.final(roll["faces"][-1]) == roll["result"] or len(roll["faces"]) > 1
    haul = _state(log).hauls["Ragnar"]
    carried = [i for i in r["items"] if i["kind"] != "liars_silver"]
    assert list(haul.items) == carried
    assert haul.valuables == tuple(i["ounces"] for i in r["items"] if i["kind"] == "loot")
    card = log.tracker.action("give_gain").describe(event, words_for("en", "rune"), "Ana")
    assert card.action == "Ana gives The jarl's chest to Ragnar" and card.result == "a Category C treasure"
    assert [row.value for row in card.rows] == [item_words(item_from(i), words_for("en", "rune")) for i in r["items"]]
    assert [c.text for c in card.chips] == [str(face) for _, face in r["tape"]]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_gain_card_is_words(lang: str) -> None:
    log = played()
    words = words_for(lang, "rune")
    for event in log.events[2:]:
        card = log.tracker.action(event["action"]).describe(event, words, "Ana")
        text = " ".join([card.action, card.result, *(f"{r.label} {r.value}" for r in card.rows)])
        assert program_values(text) == [], text
        if lang == "es" and event["action"] in ("give_gain", "next_event", "haul_home"):
            assert " gives " not in text and " moves " not in text and "hauls" not in text, text


def test_silver_and_liars_silver_go_into_the_haul_and_home_at_the_end() -> None:
    log = played()
    state = _state(log)
    ragnar, sigrid = state.hauls["Ragnar"], state.hauls["Sigrid"]
    assert ragnar.ounces == 5 and sigrid.liars == 3 and sigrid.ounces == 0
    home = log.events[-1]["result"]["heroes"]
    assert home["Ragnar"]["vp"] == home_vp(5, ragnar.valuables, ragnar.liars)
    assert home["Sigrid"]["vp"] == 0  # liar's silver never takes a haul below nothing
    settled = state.settlement
    assert settled is not None
    before = settled["scores"]["Ragnar"]["accounts"]["vp_total"]
    assert home["Ragnar"]["accounts"]["vp_total"] == before + home["Ragnar"]["credited"]
    changes = log.tracker.sheet_changes(state, log.events[-1])
    assert changes == {}  # these heroes are no characters of the table; the accounts are read by the session
    session = session_of([state])
    assert session is not None
    settled_gain = settled["scores"]["Ragnar"]["credited"]
    assert session.gains["Ragnar"] == settled_gain + home["Ragnar"]["credited"]
    after = {h["name"]: h["sheet"] for h in heroes_after([state])}
    assert after["Ragnar"]["vp_total"] == home["Ragnar"]["accounts"]["vp_total"]
    with pytest.raises(RulesError, match="already gone home"):
        log.apply("haul_home", {}, ManualSource([]))


def test_a_singular_deed_scores_its_doer_in_full_and_the_others_half() -> None:
    log = played()
    deeds = {e.hero: e.amount for e in _state(log).tally.of("deed")}
    assert deeds == {"Thurid": 10, "Ragnar": 5, "Bjorn": 5, "Sigrid": 5}
    lines = _state(log).settlement["scores"]["Ragnar"]["lines"]  # type: ignore[index]
    assert any(line["values"].get("what") == "Viking deeds of the notes" and line["vp"] == 5 for line in lines)


def _refused(log: PlayLog, params: dict[str, Any], match: str) -> None:
    before, count = _state(log), len(log.events)
    with pytest.raises(RulesError, match=match):
        log.apply("give_gain", params, ManualSource([]))
    assert len(log.events) == count and _state(log) == before


def test_what_the_heroes_cannot_have_yet_is_refused_and_nothing_changes() -> None:
    log = run()
    _refused(log, {"gain": "idol", "hero": "Ragnar"}, "in event 2: the heroes have not reached it")
    _refused(log, {"gain": "box", "hero": "Ragnar"}, "nobody has made good")
    _refused(log, {"gain": "chest", "hero": "Olaf"}, "not one of the heroes")
    _refused(log, {"gain": "nothing", "hero": "Ragnar"}, "no gain")
    log.apply("give_gain", {"gain": "purse", "hero": "Ragnar"}, ManualSource([]))
    _refused(log, {"gain": "purse", "hero": "Bjorn"}, "already taken by Ragnar")
    log.apply("hero_died", {"hero": "Sigrid", "cause": "hazard"}, ManualSource([]))
    _refused(log, {"gain": "chest", "hero": "Sigrid"}, "Sigrid is dead")


def test_a_treasure_behind_a_roll_is_had_once_the_roll_is_made_good() -> None:
    log = run()
    log.apply("noted_roll", {"roll": "door"}, ManualSource([9, 9, 9, 9]))
    event = log.apply("give_gain", {"gain": "box", "hero": "Bjorn"}, FairSource(SEED, "box", 1))
    assert event["result"]["category"] == "A" and _state(log).given["box"] == ("Bjorn",)


def test_a_button_for_each_gain_of_the_event_by_its_name_with_the_odds_first() -> None:
    log = run()
    buttons = _moves(log, "give_gain")
    assert [m.title for m in buttons] == [
        "Give: The jarl's chest", "Give: A purse", "Give: Loki's coins", "Give: The strongbox",
    ]  # fmt: skip
    heroes = [h.name for h in _state(log).setup.heroes]
    assert buttons[0].ask == ("hero",) and [v for v, _ in buttons[0].choices["hero"]] == heroes
    assert "%" in buttons[0].hint and buttons[1].hint == ""
    assert _moves(log, "give_gain", "es")[0].title == "Dar: The jarl's chest"
    log.apply("give_gain", {"gain": "purse", "hero": "Ragnar"}, ManualSource([]))
    assert "Give: A purse" not in [m.title for m in _moves(log, "give_gain")]
    assert [m.title for m in _moves(log, "next_event")] == ["Move on to event 2"]
    log.apply("next_event", {}, ManualSource([]))
    assert [m.title for m in _moves(log, "give_gain")] == ["Give: Carry the idol out", "Give: A quiet altar"]
    assert _moves(log, "next_event") == []


def test_an_undo_takes_a_gain_back() -> None:
    log = run()
    given = log.apply("give_gain", {"gain": "chest", "hero": "Ragnar"}, FairSource(SEED, "chest", 1))
    log.undo(given["seq"])
    state = _state(log)
    assert state.given == {} and state.hauls == {}
    again = log.apply("give_gain", {"gain": "chest", "hero": "Thurid"}, FairSource(SEED, "chest", 2))
    assert _state(log).given == {"chest": ("Thurid",)} and again["result"]["hero"] == "Thurid"
