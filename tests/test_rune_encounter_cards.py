"""An encounter run's log cards (rune/encounters/run_cards.py): every move of a whole run described from its
stored event, in English and in Spanish, with no program value and no English word on the Spanish card; the
notes' card never tells what the notes hold."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.card import Card
from runehall.present.check import program_values
from runehall.present.words import words_for
from test_spanish_pages import english_in


def _text(card: Card) -> str:
    parts = [card.action, card.result, *(f"{r.label} {r.value}" for r in card.rows), *(c.text for c in card.chips)]
    return " ".join(parts)


def _whole_run() -> PlayLog:
    log = PlayLog.start("rune", "encounter", {}, setup())
    given = notes(difficulty=6)
    given["events"][0]["combat"]["terrain"] = [{"id": "rubble", "kind": "uneven", "coverage": "half"}]
    steps: list[tuple[str, dict[str, Any], list[int]]] = [
        ("notes", {"encounter": given}, []),
        ("begin", {}, []),
        ("noted_roll", {"roll": "door"}, [9, 2, 7, 3]),
        ("wandering_monsters", {}, [3, 5, 8, 7, 3]),
        ("fight", {"event": "hall"}, []),
        ("hero_struck_hero", {"hero": "Ragnar", "victim": "Sigrid", "damage": 4}, []),
        ("hero_struck_hero", {"hero": "Bjorn", "victim": "Ragnar", "damage": 2, "possessed": True}, []),
        ("terrain_in_play", {"feature": "rubble"}, []),
        ("damage", {"who": "Dark Viking 1", "raw": 9, "soak": False}, []),
        ("trap_credit", {"foe": "Dark Viking 1", "damage": 9, "heroes": ["Bjorn"]}, []),
        ("run_away", {}, [9, 2, 7, 7, 2]),
        ("award", {"kind": "status_loss", "vp": 5, "hero": "Sigrid"}, []),
        ("hostage", {"hero": "Bjorn", "freed": True}, []),
        ("hero_died", {"hero": "Sigrid", "cause": "hazard"}, []),
        ("settle", {}, []),
        ("disclose", {}, []),
    ]
    for action, params, faces in steps:
        log.apply(action, params, ManualSource(faces))
    return log


def test_every_move_of_a_run_reads_in_both_languages() -> None:
    log = _whole_run()
    en, es = words_for("en", "rune"), words_for("es", "rune")
    for event in log.events:
        action = log.tracker.action(event["action"])
        english, spanish = _text(action.describe(event, en, "Ana")), _text(action.describe(event, es, "Ana"))
        assert english and program_values(english) == [], (event["action"], english)
        # the designer's own words, as he wrote them (the foes' names, drawn from their type, read in Spanish)
        spanish = spanish.replace("Force the iron door", "")
        assert program_values(spanish) == [] and english_in(spanish) == [], (event["action"], spanish)
    said = _text(log.tracker.action("notes").describe(log.events[0], en, "Ana"))
    assert "Force the iron door" not in said and "Dark Viking" not in said  # the notes' card keeps them secret


def test_a_roll_of_the_notes_card_tells_each_heros_total_and_fate() -> None:
    log = _whole_run()
    event = log.events[2]
    card = log.tracker.action("noted_roll").describe(event, words_for("en", "rune"), "Ana")
    totals = event["result"]["totals"]
    assert {r.label for r in card.rows} == set(totals)
    for row in card.rows:
        assert row.value.startswith(str(totals[row.label]))
        assert ("succeeds" in row.value) == (totals[row.label] >= 6)
