"""League and tournament play, and rules disputes (spec 001c §11.4, §11.11, §11.12): league points for a
session's places, the tournament formats, the dispute vote and the Book of Iron Law's precedents. Data in
data/league.toml, validated when it loads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from runehall.errors import Invalid, ParameterError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.dice_charts import Strict
from runehall.systems.rune.records import PACKAGE


class League(Strict):
    id: Literal["death_trudge", "outlanders"]
    name: str
    places: tuple[int, ...] = Field(min_length=1)
    per_encounter: bool


class LeagueRules(Strict):
    below_needed: int = Field(ge=0)


class Tournament(Strict):
    id: Literal["book_of_the_norns", "hand_of_the_norns"]
    name: str
    run_by: Literal["groups", "deputies"]
    advance: int = Field(ge=1)
    advance_few_groups: int = Field(ge=1)


class TournamentRules(Strict):
    arguing_penalty: int = Field(ge=0)


class Vote(Strict):
    runner: int = Field(ge=1)
    pillager: int = Field(ge=1)


class LeagueFile(Strict):
    schema_: Literal["runehall.rune.league"] = Field(alias="schema")
    schema_version: Literal[1]
    league: tuple[League, ...]
    league_rules: LeagueRules
    tournament: tuple[Tournament, ...]
    tournament_rules: TournamentRules
    vote: Vote

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _consistent(self) -> LeagueFile:
        if sorted(x.id for x in self.league) != ["death_trudge", "outlanders"]:
            raise Invalid(N_("one entry for each league format"))
        if sorted(x.id for x in self.tournament) != ["book_of_the_norns", "hand_of_the_norns"]:
            raise Invalid(N_("one entry for each tournament format"))
        for x in self.league:
            if list(x.places) != sorted(x.places, reverse=True):
                raise Invalid(N_("{id}: a better place never scores fewer league points"), id=x.id)
        return self


@cache
def league_file() -> LeagueFile:
    return load_data(PACKAGE, "league.toml", LeagueFile)


def league(format_id: str) -> League:
    found = next((x for x in league_file().league if x.id == format_id), None)
    if found is None:
        raise ParameterError(N_("no league format {id!r}"), id=format_id)
    return found


def tournament(format_id: str) -> Tournament:
    found = next((x for x in league_file().tournament if x.id == format_id), None)
    if found is None:
        raise ParameterError(N_("no tournament format {id!r}"), id=format_id)
    return found


def arguing_penalty() -> int:
    """Victory points a player loses in the current encounter for arguing the judge's ruling afterwards."""
    return league_file().tournament_rules.arguing_penalty


# -- league points (001c §11.11) -------------------------------------------------------------------------
def league_points(
    ranking: Sequence[str | Sequence[str]], format_id: str = "death_trudge", encounters: int = 1
) -> dict[str, int]:
    """League points for one session: `ranking` lists the participants from first to last, a group of names
    where players tied. A place scores only with at least two participants finishing below it (so two players
    never score); tied players each score their shared place, and the next place is skipped (our reading: the
    book is silent on ties). Death Trudge multiplies by the session's number of encounters."""
    rule = league(format_id)
    if encounters < 1:
        raise ParameterError(N_("a session has at least one encounter, not {count}"), count=encounters)
    groups = [(g,) if isinstance(g, str) else tuple(g) for g in ranking]
    everyone = [p for g in groups for p in g]
    if not all(groups) or len(set(everyone)) != len(everyone):
        raise ParameterError(N_("each participant is ranked once"))
    factor = encounters if rule.per_encounter else 1
    points: dict[str, int] = {}
    place = 0
    for group in groups:
        below = len(everyone) - place - len(group)
        value = rule.places[place] * factor if place < len(rule.places) else 0
        for player in group:
            points[player] = value if below >= league_file().league_rules.below_needed else 0
        place += len(group)
    return points


def advancing(
    group_ranking: Sequence[str], format_id: str = "book_of_the_norns", few_groups: bool = False
) -> tuple[str, ...]:
    """Who goes on from one group's heat: its top scorer (its top two when there are few groups: the judge
    says when)."""
    rule = tournament(format_id)
    return tuple(group_ranking[: rule.advance_few_groups if few_groups else rule.advance])


# -- rules disputes (001c §11.4) -------------------------------------------------------------------------
def tally(runner: str, ballots: Mapping[str, str]) -> dict[str, int]:
    """The votes for each proposed ruling: the current runner's ballot counts twice, each pillager's once."""
    weights = league_file().vote
    counted: dict[str, int] = {}
    for voter, choice in ballots.items():
        counted[choice] = counted.get(choice, 0) + (weights.runner if voter == runner else weights.pillager)
    return counted


def decided(runner: str, ballots: Mapping[str, str]) -> str | None:
    """The ruling with the most votes; None on a tie (the runner's provisional ruling then stands)."""
    counted = tally(runner, ballots)
    if not counted:
        return None
    best = max(counted.values())
    winners = [c for c, v in counted.items() if v == best]
    return winners[0] if len(winners) == 1 else None


@dataclass(frozen=True)
class Precedent:
    """A ruling written in the Book of Iron Law. `binds`: the saga (ordinary play, house rules too) or only
    the current game (league play)."""

    question: str
    ruling: str
    voters: int  # how many of the group voted on it
    group: int  # how many players the group has
    binds: Literal["saga", "game"] = "saga"

    def __post_init__(self) -> None:
        if not 0 < self.voters <= self.group:
            raise ParameterError(N_("a ruling is voted on by at least one player of the group and at most all of it"))

    @property
    def thin(self) -> bool:
        """Fewer than half the group voted on it."""
        return 2 * self.voters < self.group

    def voidable_on_recurrence(self, present: int) -> bool:
        """A thinly voted precedent may be voided when its situation comes up again with more than half the
        group present (a majority vote may replace any precedent at any time: `decided`)."""
        return self.thin and 2 * present > self.group


def record(book: Sequence[Precedent], precedent: Precedent) -> tuple[Precedent, ...]:
    """The Book of Iron Law with a new ruling: it replaces any earlier ruling on the same question."""
    return (*(p for p in book if p.question != precedent.question), precedent)
