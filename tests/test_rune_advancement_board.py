"""Rune advancement's board (advancement_board.py): where the saga stands, the VP accounts and death insurance,
the Abilities, those noted this encounter with their price, and what was raised, in the reader's words (the
book's terms with the Spanish beside them), with every action as a move titled in words."""

from __future__ import annotations

from runehall.present.board import BoardView, Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune import experience
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.options import RuneOptions
from test_rune_advancement import TRACKER, act, record

ES = words_for("es", "rune")
EN = words_for("en", "rune")


def rows(board: BoardView) -> dict[str, dict[str, tuple[str, str]]]:
    """Each section by its title: its rows by label, as (gloss, value)."""
    return {s.title: {r.label: (r.gloss, r.value) for r in s.rows} for s in board.sections}


def test_the_board_reads_the_record_in_spanish() -> None:
    board = TRACKER.board(record(vp_total=100), ES, Seat(runs=True))
    assert board.title == "Ragnar" and board.phase == "Encuentro 1 · durante un encuentro"
    shown = rows(board)
    assert shown["Victory points"]["Free VP"] == ("PV libres", "100")
    assert shown["Victory points"]["Death insurance"] == ("Seguro de muerte", "sin comprar")
    assert shown["Abilities"]["Great Weapon"] == ("Arma grande", "3")
    assert "Noted this encounter" not in shown and "Raised since creation" not in shown
    moves = {m.action: m.title for m in board.moves}
    assert moves["buy"] == "Subir una Habilidad" and moves["award"] == "Conceder puntos de victoria"


def test_noted_and_raised_abilities_with_their_price() -> None:
    options = RuneOptions()
    state: Advancement = act(record(vp_total=500), "note", ability="great_weapon", reason="beat_dfn")
    state = act(state, "end_encounter")
    price = experience.xp_price(state.ratings(), "great_weapon", options)
    noted = rows(TRACKER.board(state, ES, Seat(runs=True)))["Noted this encounter"]
    assert noted["Great Weapon"] == ("Arma grande", f"superó la DEF de un enemigo · {price} PV")
    state = act(state, "buy", ability="great_weapon", how="experience")
    shown = rows(TRACKER.board(state, ES, Seat(runs=True)))
    assert shown["Noted this encounter"]["Great Weapon"][1].endswith("· ya subida en este encuentro")
    assert shown["Raised since creation"]["Great Weapon"][1] == f"3 → 4 por {price} PV · por experiencia"
    assert shown["Abilities"]["Great Weapon"][1] == "4"
    assert shown["Victory points"]["Victory points spent"][1] == str(price)


def test_in_english_the_terms_need_no_gloss_and_no_program_value_shows() -> None:
    state = act(act(record(vp_total=100), "insure"), "note", ability="bows")
    board = TRACKER.board(state, EN, Seat(runs=True))
    assert board.phase == "Encounter 1 · during an encounter"
    said = [board.title, board.phase, *(m.title for m in board.moves)]
    said += [part for s in board.sections for r in s.rows for part in (s.title, r.label, r.gloss, r.value)]
    assert not [text for text in said if program_values(text)], said
    shown = rows(board)
    assert shown["Victory points"]["Death insurance"] == ("", "bought")
    assert shown["Noted this encounter"]["Bows"][0] == ""
