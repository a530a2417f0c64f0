"""Actions that ran several steps (combat/chain.py) in words: each step told as its own card would tell it,
a line of the card each, with its dice; the run of the resolution summed up in a sentence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from runehall.present.card import Card, Chip, Row
from runehall.present.words import Words


def _steps(r: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    found = r.get(key)
    return [s for s in found if isinstance(s, Mapping)] if isinstance(found, list) else []


def _spans(steps: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    return [(int(s["dice"][0]), int(s["dice"][1])) for s in steps if isinstance(s.get("dice"), list)]


def _step_card(s: Mapping[str, Any], event: Mapping[str, Any], words: Words, who: str) -> Card:
    from runehall.systems.midgard.speech.combat_more import action_card  # late: it lists this module's card

    a, b = (int(x) for x in s.get("dice") or (0, 0))
    tape = list(event.get("tape") or ())[a:b]
    sub = {"params": s.get("params") or {}, "result": s.get("result") or {}, "tape": tape, "names": event.get("names")}
    return action_card(str(s["action"]), sub, words, who)


def _line(card: Card) -> Row:
    """A step as a line: who did what, then what came of it with its details."""
    parts = [card.result] if card.result else []
    parts += [f"{r.label} {r.value}" for r in card.rows]
    return Row(card.action, ", ".join(parts))


def told(name: str, event: Mapping[str, Any], words: Words, who: str) -> Card:
    """An action's card, with the steps it ran first ("before": the GM's round cast) or after ("then": the
    run of the resolution its answer carried on) as lines, and each step's dice with them."""
    from runehall.systems.midgard.speech.combat_more import action_card  # late: it lists this module's card

    r = event.get("result") or {}
    before, then = _steps(r, "before"), _steps(r, "then")
    if not before and not then:
        return action_card(name, event, words, who)
    tape = list(event.get("tape") or ())
    start = max((b for _, b in _spans(before)), default=0)
    end = min((a for a, _ in _spans(then)), default=len(tape))
    own = action_card(name, dict(event) | {"tape": tape[start:end]}, words, who)
    first = [_step_card(s, event, words, who) for s in before]
    after = [_step_card(s, event, words, who) for s in then]
    return replace(
        own,
        rows=(*(_line(c) for c in first), *own.rows, *(_line(c) for c in after)),
        chips=tuple(_chips(first)) + own.chips + tuple(_chips(after)),
    )


def _chips(cards: Sequence[Card]) -> list[Chip]:
    return [chip for c in cards for chip in c.chips]


def resolve_all(event: Mapping[str, Any], words: Words, who: str) -> Card:
    """The GM's run of the resolution: how many actions, whether the next segment began or the run waits
    for an answer; a line for each step."""
    r = event["result"]
    steps = _steps(r, "steps")
    cards = [_step_card(s, event, words, who) for s in steps]
    resolved = sum(1 for s in steps if s.get("action") == "resolve")
    parts = [words.n("{n} action resolved", "{n} actions resolved", resolved)] if resolved else []
    if r.get("stage") == "over":
        parts.append(words("the fight is over"))
    elif any(s.get("action") == "next_segment" for s in steps):
        parts.append(words("the next segment begins"))
    elif r.get("stage") in ("resolution", "segment_end"):
        parts.append(words("then waits for an answer"))
    return Card(
        action=words("The GM resolves in speed order"),
        result=", ".join(parts),
        rows=tuple(_line(c) for c in cards),
        chips=tuple(_chips(cards)),
    )
