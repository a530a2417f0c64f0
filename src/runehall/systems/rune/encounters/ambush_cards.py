"""An ambush as people see it (ambush_play.py): the runner's button for the surprised side's recovery rolls at the
ambush's second or third round, with each one's exact chance; the row of a sprung ambush's card; the card of the
recovery rolls; what the board says of an ambush kept for its fight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.board import Move, Seat
from runehall.present.card import Card, Chip, Row
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.ambush_play import chance, live, rollers
from runehall.systems.rune.encounters.run_state import RunState


def ambush_moves(state: RunState, words: Words, seat: Seat, options: Any) -> list[Move]:
    """A button for each ambush whose surprised may roll to recover now, with each one's chance."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    found = []
    for s in state.traps.ambushes if state.notes is not None else ():
        now = live(state, s.trap)
        who = rollers(state, s, now[1]) if now else []
        if not who:
            continue
        hint = "; ".join(words(N_("{who} recovers {p}"), who=c.name, p=words.percent(chance(state, c, options)))
                         for c in who)  # fmt: skip
        title = words(N_("Recover from the ambush: {trap}"), trap=find_trap(state, s.trap)[1].name)
        found.append(Move("ambush_recovery", title, params={"trap": s.trap}, hint=hint))
    return found


def ambush_rows(state: RunState, words: Words) -> list[SheetRow]:
    """An ambush sprung and kept for its event's fight (the board's section of what the traps left)."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    rows = []
    for s in state.traps.ambushes:
        if s.first is None:
            who = words.join(list(s.heroes)) if s.side == "heroes" else words(N_("every foe"))
            said = words(N_("{who} surprised when its fight begins"), who=who)
            rows.append(SheetRow(find_trap(state, s.trap)[1].name, said))
    return rows


def sprung_rows(part: Mapping[str, Any] | None, words: Words) -> list[Row]:
    """The sprung ambush's card: who is surprised, and when."""
    if not part:
        return []
    who = words.join(part["heroes"]) if part["side"] == "heroes" else words(N_("every foe"))
    said = N_("surprised from this round") if part["staged"] else N_("surprised when the fight begins")
    return [Row(who, words(said))]


def recovery_card(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event.get("result") or {}
    n = words.number
    rows = []
    for name, roll in r["rolls"].items():
        said = N_("{total} against {aim}: recovers") if roll["made"] else N_("{total} against {aim}: still surprised")
        rows.append(Row(name, words(said, total=n(roll["total"]), aim=n(r["difficulty"]))))
    action = words(N_("{trap}: recovery rolls at the ambush's round {round}"), trap=r["name"], round=n(r["round"]))
    made = sum(1 for roll in r["rolls"].values() if roll["made"])
    result = words.n(N_("{n} recovers"), "{n} recover", made)
    chips = tuple(Chip(str(f), sides=10) for group in r.get("faces") or () for f in group)
    return Card(action, result, "success" if made else "failure", tuple(rows), chips)
