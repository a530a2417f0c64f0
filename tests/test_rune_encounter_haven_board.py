"""The haven's board button (rules §35.4, haven_board.py): "Treat a hero at a haven" offered only when the move is
legal - after the haven is given, between fights, for a patient with something to treat, at the first hour his wait
allows and within the stay - and every button offered is accepted as it stands, in English and Spanish words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Move, Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from test_rune_encounter_haven import hurt, state, table

RUNNER = Seat(runs=True, owns=True)


def moves(log: PlayLog, lang: str = "en") -> list[Move]:
    view = log.tracker.board(state(log), words_for(lang, "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    return [m for m in view.moves if m.action == "haven_heal"]


def press(log: PlayLog, move: Move, healer: str, faces: list[int]) -> dict[str, Any]:
    return log.apply("haven_heal", dict(move.params) | {"healer": healer}, ManualSource(faces))["result"]


def test_no_button_before_the_haven_is_given_nor_with_nothing_to_treat() -> None:
    log = table()
    hurt(log, "Thurid", 30)
    assert moves(log) == []  # the haven not given yet
    log2 = table()
    log2.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    assert moves(log2) == []  # nobody lacks anything


def test_a_button_per_patient_and_each_is_legal_for_every_healer_offered() -> None:
    log = table()
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    offered = moves(log)
    assert [m.params["patient"] for m in offered] == ["Thurid"]
    move = offered[0]
    assert move.params["hour"] == 0 and move.params["mode"] == "hp" and move.ask == ("healer",)
    healers = [v for v, _ in move.choices["healer"]]
    assert "Ragnar" in healers and "Thurid" in healers
    for healer in healers:  # every choice the button offers is accepted (a copy of the log each)
        trial = PlayLog.from_json(log.to_json())
        assert press(trial, move, healer, [6])["patient"] == "Thurid"


def test_the_hour_waits_for_the_chart_and_the_stay_ends_the_button() -> None:
    log = table(hours=1)
    hurt(log, "Thurid", 30)  # HP lost, no Wound: the chart's 0 row, a wait of 1 hour
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    r = press(log, moves(log)[0], "Ragnar", [1])  # a quality 1 fails: the next waits the chart's hours
    assert not r["success"] and r["ready"] == 1
    again = moves(log)
    assert again[0].params["hour"] == r["ready"]  # the first hour his wait allows
    r = press(log, again[0], "Ragnar", [1])
    assert r["ready"] == 2 and moves(log) == []  # past the one-hour stay: nothing offered, and the move refuses
    before = json.dumps(log.to_json(), sort_keys=True)
    with pytest.raises(RulesError, match="at most"):
        log.apply("haven_heal", {"haven": "hut", "healer": "Ragnar", "patient": "Thurid", "hour": 2},
                  ManualSource([5]))  # fmt: skip
    assert json.dumps(log.to_json(), sort_keys=True) == before
    hurt(log, "Thurid", 1)  # hurt since: offered at once, at the last hour used
    assert moves(log)[0].params["hour"] == 1


def test_no_button_during_a_fight() -> None:
    log = table()
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    log.apply("next_event", {}, ManualSource([]))
    log.apply("fight", {"event": "yard"}, ManualSource([]))
    assert moves(log) == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_button_reads_as_words(lang: str) -> None:
    log = table()
    hurt(log, "Thurid", 30)
    log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
    move = moves(log, lang)[0]
    for text in (move.title, move.hint, *(w for _, w in move.choices["mode"])):
        assert text and program_values(text) == [], text
    assert ("Treat" in move.title) == (lang == "en") and "Thurid" in move.title
