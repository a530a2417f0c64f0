"""The Ever-Flowing Cup in a fight (spec 001b §2.5; X = the hero's level): a hero holding it who is dying lasts X
rounds after the round he fell in before he dies unrevived. Until the end of round (his window's round + X) his
revive window stays open whoever has had a try: any ally on his feet may try to revive him on any action (a failed
try does not close it); after that the ordinary window holds (each healer's first action, per `revive_window`), and
once nobody may still try, he dies. Passive: nothing to choose."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_people import People
    from runehall.systems.rune.combat.state import Window

CUP = "the_ever_flowing_cup"


def cup_until(board: People, patient: str, window: Window | None) -> int | None:
    """The last round the cup keeps his window open (None: he holds no cup, or no window is open)."""
    c = board.people.get(patient)
    if c is None or window is None or not c.hero or c.health != "dying":
        return None
    x = c.gifted.level(CUP)
    return window.round + x if x else None


def cup_holds(board: People, patient: str, window: Window | None, ending: bool = False) -> bool:
    """His cup still keeps him alive for a healer this round (`ending`: past the end of this round too)."""
    until = cup_until(board, patient, window)
    return until is not None and (board.round < until if ending else board.round <= until)


def cup_note(board: People, patient: str) -> dict[str, Any]:
    """What a blow that leaves him dying says of his cup (for its card)."""
    until = cup_until(board, patient, board.windows.get(patient))
    return {"cup_until": until} if until is not None else {}
