"""A tracker's board for a seat (runehall.present.board), as the web and the CLI ask for it."""

from __future__ import annotations

import inspect
from typing import Any

from runehall.present.board import BoardView, Seat
from runehall.present.words import Words


def board_of(tracker: Any, state: Any, words: Words, seat: Seat, options: Any = None) -> BoardView:
    """The tracker's board for a seat; a system whose board takes the table's rule options (the moves it
    offers follow them) is given them."""
    if options is not None and "options" in inspect.signature(tracker.board).parameters:
        return tracker.board(state, words, seat, options=options)  # type: ignore[no-any-return]
    return tracker.board(state, words, seat)  # type: ignore[no-any-return]
