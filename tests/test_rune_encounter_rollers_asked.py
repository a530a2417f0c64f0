"""A trap or a roll of the notes that one or some heroes make for everyone (Singular, Rush...) asks on its button who
rolls (the browser play-through found a Singular trap's button refused when clicked: it named nobody); a roll everyone
makes asks nothing. The button's own params, as the board gives them, are accepted by the move."""

from __future__ import annotations

from runehall.chance.sources import ManualSource
from runehall.present.words import words_for
from test_rune_encounter_trap_effects import MAKE, RUNNER, state_of, trapped


def _moves(log: object, action: str) -> list[object]:
    board = log.tracker.board(state_of(log), words_for("en", "rune"), RUNNER, log.option_values())  # type: ignore[attr-defined]
    return [m for m in board.moves if m.action == action]


def test_a_singular_traps_button_asks_who_rolls_and_its_params_spring_it() -> None:
    log = trapped({"stick_carrot": {"roll": "climb", "carrot": 2, "stick": 4}}, structure="singular")
    (spring,) = [m for m in _moves(log, "spring_trap") if m.params.get("trap") == "wire"]  # type: ignore[attr-defined]
    assert spring.ask == ("rollers",)  # type: ignore[attr-defined]
    offered = [value for value, _ in spring.choices["rollers"]]  # type: ignore[attr-defined]
    assert offered == [h.name for h in state_of(log).setup.heroes] and spring.params["rollers"] == [offered[0]]  # type: ignore[attr-defined]
    before = len(log.events)  # type: ignore[attr-defined]
    log.apply("spring_trap", dict(spring.params), ManualSource(MAKE))  # type: ignore[attr-defined]
    assert len(log.events) == before + 1  # type: ignore[attr-defined]


def test_a_trap_everyone_rolls_asks_nothing() -> None:
    log = trapped({"impairment": {"points": 1}})
    (spring,) = _moves(log, "spring_trap")
    assert spring.ask == () and "rollers" not in spring.params  # type: ignore[attr-defined]
