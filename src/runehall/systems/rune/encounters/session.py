"""A session at a Rune table (spec 001b §7): every settled encounter run of the table, added up. Each player's
gain is what the settlements credited him (VP that paid a deficit never count); the session's winner is the
player whose gain is largest (A-45, ties share the win). Each encounter is also told by who ran it and who
scored what, so the table sees the rotation and the standings at a glance.

Players are named by their own hero, as in the runs (the runner's hero is played by the proxy, but scores for
his own player).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.winning import session_gains, session_winner


@dataclass(frozen=True)
class Session:
    runs: tuple[RunState, ...]  # the settled encounter runs, in the order they were put into play
    start: dict[str, int]  # each player's total VP when he first sat down in this session
    gains: dict[str, int]
    winners: frozenset[str]


def session_of(states: Sequence[Any]) -> Session | None:
    """The session made by the settled encounter runs among `states`; None before the first is settled."""
    runs = tuple(s for s in states if isinstance(s, RunState) and s.settlement is not None)
    if not runs:
        return None
    start: dict[str, int] = {}
    for run in runs:
        for seat in run.tally.seats:
            start.setdefault(seat.player, seat.total_vp)
    credited = [{p: int(s["credited"]) for p, s in run.settlement["scores"].items()} for run in runs if run.settlement]
    gains = session_gains(credited)
    return Session(runs, start, gains, session_winner(start, gains))


def summary(states: Sequence[Any], words: Words) -> tuple[SheetSection, ...]:
    """The session's scoreboard: each player's gain (the leaders marked), then each encounter by its runner."""
    session = session_of(states)
    if session is None:
        return ()
    rows = []
    for player in sorted(session.start, key=lambda p: (-session.gains.get(p, 0), p)):
        gain = words(N_("+{vp} VP this session"), vp=words.number(session.gains.get(player, 0)))
        leads = player in session.winners and len(session.winners) < len(session.start)
        label = words(N_("{hero}'s player"), hero=player)
        rows.append(
            SheetRow(label, gain, gloss=words(N_("leads")) if leads else "", emphasis="derived" if leads else "")
        )
    runs = []
    for number, run in enumerate(session.runs, 1):
        assert run.settlement is not None
        scores = run.settlement["scores"]
        said = words.join(words(N_("{hero} {vp}"), hero=p, vp=words.number(int(s["score"]))) for p, s in scores.items())
        title = words(N_("{number}. {title}, run by {hero}'s player"), number=number, title=run.setup.title,
                      hero=run.tally.runner)  # fmt: skip
        runs.append(SheetRow(title, said))
    return (
        SheetSection(words(N_("This session")), tuple(rows)),
        SheetSection(words(N_("Encounters settled")), tuple(runs)),
    )


def heroes_after(states: Sequence[Any]) -> list[dict[str, Any]]:
    """The heroes of the last encounter run, each sheet with his VP as the settlements left them (his total,
    what he spent, what he owes): what the next encounter's setup takes."""
    runs = [s for s in states if isinstance(s, RunState)]
    if not runs:
        return []
    heroes = [h.model_dump(mode="json", exclude_none=True) for h in runs[-1].setup.heroes]
    for run in runs:
        if run.settlement is None:
            continue
        for hero in heroes:
            accounts = run.settlement["scores"].get(hero["name"], {}).get("accounts")
            if accounts:
                hero["sheet"] = {**hero["sheet"], **accounts}
                hero.pop("total_vp", None)  # the sheet's total now
    return heroes
