"""Winning (spec 001b §7): a session's winner is the player whose score rose the most during it (A-45), VP paid
to a deficit left out (settlement credits only what the deficit did not take); a campaign's, the player with
the most session wins. A campaign ends after a set number of sessions, when a player first reaches a set total,
or, open-ended, when the players agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from runehall.errors import RulesError
from runehall.present.words import N_


def session_gains(credited: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """The session's gains: what each settlement (and loot, and gifts) credited, added up."""
    gains: Counter[str] = Counter()
    for one in credited:
        gains.update(one)
    return dict(gains)


def session_winner(start_totals: Mapping[str, int], gains: Mapping[str, int]) -> frozenset[str]:
    """The players (ties share the win) whose gain was the largest; everyone at the session is in
    `start_totals`, with the score he came with."""
    if not start_totals:
        raise RulesError(N_("a session needs its players"))
    stranger = set(gains) - set(start_totals)
    if stranger:
        raise RulesError(N_("a gain for someone who was not at the session"))
    if any(g < 0 for g in gains.values()):
        raise RulesError(N_("a session's gain is never negative"))
    best = max(gains.get(p, 0) for p in start_totals)
    return frozenset(p for p in start_totals if gains.get(p, 0) == best)


@dataclass(frozen=True)
class Campaign:
    kind: Literal["sessions", "vp", "open"]
    limit: int | None = None  # the number of sessions, or the VP total that ends it

    def __post_init__(self) -> None:
        if (self.kind == "open") != (self.limit is None) or (self.limit is not None and self.limit < 1):
            raise RulesError(N_("a finite campaign sets its number of sessions or its VP target; an open one neither"))

    def over(self, sessions_played: int, totals: Mapping[str, int], agreed: bool = False) -> bool:
        if self.kind == "sessions":
            return self.limit is not None and sessions_played >= self.limit
        if self.kind == "vp":
            return self.limit is not None and any(t >= self.limit for t in totals.values())
        return agreed


def session_wins(winners: Sequence[frozenset[str]]) -> dict[str, int]:
    """Each player's session wins (a shared win counts for each who shares it)."""
    wins: Counter[str] = Counter()
    for won in winners:
        wins.update(won)
    return dict(wins)


def campaign_winner(winners: Sequence[frozenset[str]]) -> frozenset[str]:
    """The players with the most session wins (ties share it)."""
    wins = session_wins(winners)
    if not wins:
        return frozenset()
    best = max(wins.values())
    return frozenset(p for p, w in wins.items() if w == best)
