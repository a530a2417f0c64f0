"""Shared by the Midgard words tests: real sessions' stored events, and the texts of a card to check."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any

from runehall.play.log import PlayLog
from runehall.present.card import Card
from runehall.present.check import program_values
from runehall.present.words import SHARED, Words
from runehall.systems.midgard.speech.terms import data_names

PACKAGE = "runehall.systems.midgard"
WORDS = {lang: Words(lang, (PACKAGE, SHARED)) for lang in ("en", "es")}
# The book's own names are words even where one looks like a constant ("True Diligence").
BOOK_NAMES = sorted({n for names in data_names().values() for n in names for w in WORDS.values()
                     for n in (n, w(n)) if program_values(n)}, key=len, reverse=True)  # fmt: skip


def values(text: str) -> list[str]:
    """The program values in a text meant for people, the book's names aside."""
    for name in BOOK_NAMES:
        text = text.replace(name, "")
    return program_values(text)


def texts(card: Card) -> list[str]:
    """Every text of a card a person reads."""
    found = [card.action, card.result, card.total or ""]
    found += [r.label for r in card.rows] + [r.value for r in card.rows]
    found += [c.text for c in card.chips] + [c.title for c in card.chips]
    return found


def recorded(runs: list[Callable[[], Any]]) -> list[dict[str, Any]]:
    """Every event the given sessions logged, in order (each stored event as the log keeps it)."""
    events: list[dict[str, Any]] = []
    apply = PlayLog.apply

    def keep(self: PlayLog, *args: Any, **kwargs: Any) -> dict[str, Any]:
        event = apply(self, *args, **kwargs)
        if self.system_id == "midgard":
            events.append(event)
        return event

    PlayLog.apply = keep  # type: ignore[method-assign]
    try:
        for run in runs:
            run()
    finally:
        PlayLog.apply = apply  # type: ignore[method-assign]
    return events


def plain_tests(*modules: Any) -> list[Callable[[], Any]]:
    """The worked sessions of other test modules: their test functions that take no arguments."""
    return [f for m in modules for name, f in sorted(vars(m).items())
            if name.startswith("test_") and callable(f) and not inspect.signature(f).parameters]  # fmt: skip


def hazards() -> None:
    """A hazard resisted with Courage, then wounds from a fall (spec's hazards; the option probes' set-up)."""
    from test_midgard_combat import Game, pc

    game = Game([pc("sigrid", name="Sigrid"), pc("foe", "raiders")])
    game.do("next_segment")
    game.do("hazard", actor="sigrid", environment=2, resist="courage", difficulty=1, manual=[3, 3, 3])
    game.declare_all(sigrid={"action": "move"}, foe={"action": "move"})
    game.do("hazard", actor="sigrid", wounds=13)


@cache
def session_events() -> tuple[dict[str, Any], ...]:
    import test_midgard_chain
    import test_midgard_combat
    import test_midgard_combat_extras
    import test_midgard_combat_play
    import test_midgard_gift_actions
    import test_midgard_gift_reactions

    modules = (test_midgard_combat_play, test_midgard_combat_extras, test_midgard_gift_reactions,
               test_midgard_gift_actions, test_midgard_combat, test_midgard_chain)  # fmt: skip
    return tuple(recorded([*plain_tests(*modules), hazards]))
