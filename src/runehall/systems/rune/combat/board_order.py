"""A Rune fight's order of play and where it stands (board_view.py draws them): who acts now, the round's
whole order of actions ("25 Ragnar", "5 Ragnar"), the phase, and what the fight waits for, in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from runehall.present.words import N_, Words
from runehall.systems.rune.combat import gallery_view
from runehall.systems.rune.combat.board import Board

PHASE_WORDS = {
    "initiative": N_("initiative rolls"),
    "tiebreak": N_("heroes' roll-off"),
    "acting": N_("actions"),
    "over": N_("the fight is over"),
}


def turn(board: Board) -> tuple[str, int] | None:
    """Who acts now and at which step."""
    if board.phase != "acting":
        return None
    if board.slot is not None:
        return board.slot.who, board.slot.step
    return board.next_up()


@dataclass(frozen=True, slots=True)
class Turn:
    """One action in the round's order: whose, at which step (None: held by a wait, to cut in with), whether
    it is taken (or passed) and whether it is the one being taken now."""

    key: str
    step: int | None
    done: bool = False
    now: bool = False


def turns(board: Board) -> tuple[Turn, ...]:
    """The round's whole order of actions, those taken included: a second action at its own later step."""
    slots: list[tuple[tuple[Any, ...], str, int, bool]] = []
    for name, e in board.entries.items():
        slots += [(board.order_key(name, s), name, s, True) for s in e.acted]
        slots += [(board.order_key(name, s), name, s, False) for s in e.steps if not e.waiting]
    slots.sort()
    now = turn(board)
    found: list[Turn] = []
    for _, name, step, done in slots:
        acting = not done and now == (name, step) and not any(t.now for t in found)
        found.append(Turn(name, step, done, acting))
    found += [Turn(n, None) for n, e in board.entries.items() if e.waiting]
    return tuple(found)


def turn_label(t: Turn, words: Words) -> str:
    """ "25 Ragnar"; "Thurid (waiting)" for an action held to cut in with."""
    if t.step is None:
        return words("{who} (waiting)", who=t.key)
    return words("{step} {who}", step=words.number(t.step), who=t.key)


def order_entries(board: Board, words: Words) -> tuple[tuple[str, str, bool], ...]:
    """Each action of the round's order as (combatant key, label, taken now): what the board would show if
    present.board carried a label per entry (BoardView.order is combatant keys alone)."""
    return tuple((t.key, turn_label(t, words), t.now) for t in turns(board))


def order_fields(board: Board, words: Words) -> dict[str, Any]:
    """The round's whole order for BoardView: an entry per action ("25 Ragnar", "5 Ragnar"), the one taken now
    marked by its place (a combatant acting twice is not lit twice)."""
    entries = order_entries(board, words)
    now = next((i for i, (_, _, acting) in enumerate(entries) if acting), None)
    return {
        "order": tuple(k for k, _, _ in entries),
        "order_labels": tuple(label for _, label, _ in entries),
        "order_now": now,
    }


def order(board: Board) -> tuple[str, ...]:
    """The round's order as combatant keys, each once, at his first action (those who have acted kept in
    their place): the board highlights by key, so a key twice would light up twice (see order_entries)."""
    return tuple(dict.fromkeys(t.key for t in turns(board)))


def notes(board: Board, words: Words) -> tuple[str, ...]:
    from runehall.systems.rune.combat.gift_cup import cup_until
    from runehall.systems.rune.combat.rune_view import rune_notes
    from runehall.systems.rune.speech.cover import effect_notes
    from runehall.systems.rune.speech.fights import _ended

    said: list[str] = []
    if board.phase == "initiative":
        due = [c.name for c in board.people.values() if c.active and c.name not in board.entries]
        if due:
            said.append(words("Still to roll initiative: {who}", who=words.join(due)))
    elif board.phase == "tiebreak":
        tied = [words.join(g) for g in board.roll_offs_needed()]
        said.append(words("Heroes tied on a step roll off: {who}", who=words.join(tied)))
    elif board.phase == "acting":
        now = turn(board)
        if board.slot is not None:
            if board.slot.halves:
                said.append(words("{who} has spent half his action at step {step}", who=now[0], step=now[1]))  # type: ignore[index]
            else:
                said.append(words("{who} is acting at step {step}", who=board.slot.who, step=board.slot.step))
        elif now is not None:
            said.append(words("{who} acts at step {step}", who=now[0], step=now[1]))
        else:
            said.append(words("Nobody has an action left: the round can end"))
        for name, e in board.entries.items():
            if e.waiting:
                key = N_("{who} waits and may cut in") if e.may_interrupt else N_("{who} waits for someone else to act")
                said.append(words(key, who=name))
    else:
        said.append(words("The fight is over: {why}", why=_ended(board.ended or "", words)))
    said += gallery_view.extras_notes(board, words)
    said += effect_notes(board.effects, {c.name: c.active for c in board.people.values()}, words)
    said += rune_notes(board, words)  # Rune Powers awake or asleep
    for w in board.windows.values():
        until = cup_until(board, w.patient, w)  # The Ever-Flowing Cup (gift_cup.py)
        if until is not None and board.round <= until:
            said.append(words("{who} is dying: any ally may try to revive him until the end of round {n}",
                              who=w.patient, n=words.number(until)))  # fmt: skip
        elif w.healers:
            said.append(
                words(
                    "{who} is dying: {healers} may still revive him",
                    who=w.patient,
                    healers=words.join(w.healers, alternatives=True),
                )
            )
        else:
            said.append(words("{who} is dying and nobody can revive him", who=w.patient))
    return tuple(said)


def phase(board: Board, words: Words) -> str:
    return words("Round {n} · {phase}", n=words.number(board.round), phase=words(PHASE_WORDS[board.phase]))
