"""Names nobody typed (Rune issue 14): a foe the designer leaves unnamed is stored without a name and read in each
reader's language from its type, with its number ("Vikingo oscuro 2" / "Dark Viking 2"); a decoy or a hostage the
notes leave unnamed likewise ("Rehén 1" / "Hostage 1"); a name the designer typed is kept as typed. Everywhere it
shows: the designer's preview, the run's board and cards, the fight's cards and map, the log, the CLI. Notes
stored before, with the English names written out, still load and read the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import Cli
from rune_encounter_fixtures import heroes, notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.board import BoardView, Seat
from runehall.present.card import Card
from runehall.present.words import words_for
from runehall.systems.rune.encounters import notes_editor, notes_form
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.foe_data import foe_types
from runehall.systems.rune.options import RuneOptions
from test_spanish_pages import english_in

EN, ES = words_for("en", "rune"), words_for("es", "rune")
TYPED = "Grak"
FORM: dict[str, Any] = {
    "title": "Hall",
    "events": [
        {
            "summary": "",
            "rolls": [],
            "combat": {
                "foes": [
                    {"type": "dark_viking", "threat": "equal", "count": 2, "self_willed": True},
                    {"type": "goblin_leader", "threat": "weak", "count": 1, "name": TYPED, "self_willed": True},
                    {"type": "rock_goblin", "threat": "weak", "count": 1},
                ],
                "terrain": [{"kind": "decoys", "count": 3}, {"kind": "hostages", "count": 1}],
            },
        }
    ],
}


def _label(type_id: str) -> str:
    return next(t.label for t in foe_types() if t.id == type_id)


VIKING, GOBLIN = _label("dark_viking"), _label("rock_goblin")
ENGLISH_KINDS = (VIKING, GOBLIN, "Decoy", "Hostage")


def _run(given: dict[str, Any]) -> PlayLog:
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    event = given["events"][0]["id"]
    log.apply("fight", {"event": event}, ManualSource([]))
    return log


def _board_text(board: BoardView) -> str:
    parts = [c.name for c in board.combatants] + list(board.notes) + list(board.order_labels)
    parts += [a.label for a in board.map.areas] if board.map else []
    parts += [f"{r.label} {r.value}" for s in (*board.sections, *board.lead) for r in s.rows]
    return " | ".join(parts)


def _card_text(card: Card) -> str:
    return " ".join([card.action, card.result, *(f"{r.label} {r.value}" for r in card.rows)])


def test_the_designer_stores_no_name_for_a_foe_nobody_named_and_keeps_a_typed_one() -> None:
    stored = notes_editor.params_of(FORM)["encounter"]
    foes = stored["events"][0]["combat"]["foes"]
    assert [f.get("name") for f in foes] == [None, None, TYPED, None]
    assert all("name" not in t for t in stored["events"][0]["combat"]["terrain"])
    back = notes_form.from_encounter(Encounter.model_validate(stored))  # edited again: the typed name alone
    assert [f["name"] for f in back["events"][0]["combat"]["foes"]] == ["", "", TYPED, ""]


def test_the_designers_preview_names_the_foes_in_the_readers_language() -> None:
    state = PlayLog.start("rune", "encounter", {}, setup()).state()
    for words, viking in ((ES, ES(VIKING)), (EN, VIKING)):
        shown = notes_editor.preview(state, FORM, RuneOptions(), words)
        said = " ".join(r.label for s in shown.sections for r in s.rows)
        assert f"{viking} 1" in said and f"{viking} 2" in said and TYPED in said
    spanish = notes_editor.preview(state, FORM, RuneOptions(), ES)
    said = " ".join(f"{r.label} {r.value}" for s in spanish.sections for r in s.rows)
    assert not any(kind in said for kind in ENGLISH_KINDS), said


def test_a_fight_reads_the_drawn_names_in_each_readers_language() -> None:
    log = _run(notes_editor.params_of(FORM)["encounter"])
    seat = Seat(runs=True, owns=True)
    spanish = _board_text(log.tracker.board(log.state(), ES, seat))
    english = _board_text(log.tracker.board(log.state(), EN, seat))
    for words, said in ((ES, spanish), (EN, english)):
        for name in (f"{words(VIKING)} 1", f"{words(VIKING)} 2", words(GOBLIN), f"{words('Decoy')} 2", TYPED):
            assert name in said, (name, said)
        assert f"{words('Hostage')} 1" in said
    assert not any(kind in spanish for kind in ENGLISH_KINDS), spanish
    assert ES(VIKING) != VIKING and ES("Hostage") != "Hostage"  # the check above can fail
    # the moves name the foes by the same key in every language (what the fight and the stored events know)
    keys = {c.key for c in log.tracker.board(log.state(), ES, seat).combatants}
    assert {f"{VIKING} 1", f"{VIKING} 2", TYPED, GOBLIN} <= keys


def test_the_log_cards_say_the_drawn_names_in_each_language() -> None:
    log = _run(notes_editor.params_of(FORM)["encounter"])
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    everyone = [c.name for c in state.fight.combatants]
    for face, who in enumerate(everyone, 2):  # each rolls: the last card lists the whole order of play
        log.apply("initiative", {"who": who}, ManualSource([min(face, 9)]))
    assert any("order" in e.get("result", {}) for e in log.events)
    log.apply("damage", {"who": f"{VIKING} 1", "raw": 9, "soak": False}, ManualSource([]))
    spanish = " | ".join(_card_text(log.tracker.action(e["action"]).describe(e, ES, "Ana")) for e in log.events)
    english = " | ".join(_card_text(log.tracker.action(e["action"]).describe(e, EN, "Ana")) for e in log.events)
    assert f"{ES(VIKING)} 1" in spanish and f"{ES(VIKING)} 2" in spanish and ES(GOBLIN) in spanish
    assert f"{VIKING} 1" in english and f"{VIKING} 2" in english and GOBLIN in english
    assert not any(kind in spanish for kind in ENGLISH_KINDS), spanish
    assert english_in(spanish.replace(TYPED, "")) == [], spanish


def test_notes_stored_with_the_english_names_still_load_and_read_in_spanish() -> None:
    given = notes()  # its foes' names written out in English, as the designer stored them before
    assert [f["name"] for f in given["events"][0]["combat"]["foes"]] == [f"{VIKING} 1", f"{VIKING} 2"]
    log = _run(given)
    log.apply("damage", {"who": f"{VIKING} 1", "raw": 9, "soak": False}, ManualSource([]))
    board = log.tracker.board(log.state(), ES, Seat(runs=True, owns=True))
    assert [c.name for c in board.combatants][-2:] == [f"{ES(VIKING)} 1", f"{ES(VIKING)} 2"]
    said = _card_text(log.tracker.action("damage").describe(log.events[-1], ES, "Ana"))
    assert f"{ES(VIKING)} 1" in said and VIKING not in said
    form = notes_form.from_encounter(Encounter.model_validate(given))  # opened in the designer: drawn again
    assert [f["name"] for f in form["events"][0]["combat"]["foes"]] == ["", ""]


def test_a_name_typed_like_no_type_is_never_translated() -> None:
    given = notes()
    for i, foe in enumerate(given["events"][0]["combat"]["foes"], 1):
        foe["name"] = f"Dark Vikings {i}"  # not a type's name: typed, kept
    log = _run(given)
    names = [c.name for c in log.tracker.board(log.state(), ES, Seat(runs=True)).combatants]
    assert names[-2:] == ["Dark Vikings 1", "Dark Vikings 2"]


def test_the_cli_says_the_drawn_names_in_the_readers_language(cli: Cli, tmp_path: Path) -> None:
    party, given = tmp_path / "heroes.json", tmp_path / "notes.json"
    party.write_text(json.dumps(heroes()), encoding="utf-8")
    given.write_text(json.dumps(notes_editor.params_of(FORM)["encounter"]), encoding="utf-8")
    game = str(tmp_path / "game.json")
    cli("play", "new", game, "rune", "encounter", "--title", "Hall", "--heroes", f"@{party}",
        "--runner", "Thurid", "--proxy", "Bjorn")  # fmt: skip
    cli("play", "do", game, "notes", "--encounter", f"@{given}")
    cli("play", "do", game, "begin")
    cli("play", "do", game, "fight", "--event", "e1")
    cli("play", "do", game, "initiative", "--who", f"{VIKING} 1", "--seed", "3")
    spanish = cli("play", "show", game, "--lang", "es") + cli("play", "log", game, "--lang", "es")
    english = cli("play", "show", game, "--lang", "en")
    assert f"{ES(VIKING)} 1" in spanish and f"{ES(VIKING)} 2" in spanish and VIKING not in spanish
    assert f"{VIKING} 1" in english and f"{VIKING} 2" in english
    priced = cli("rune", "encounter", "price", str(given), "--lang", "es")
    assert f"{ES(VIKING)} 1" in priced and VIKING not in priced
