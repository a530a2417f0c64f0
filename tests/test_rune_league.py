"""League and tournament play and rules disputes (spec 001c §11.4, §11.11, §11.12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import ParameterError
from runehall.systems.rune.encounters import league as lg


def test_001c_tv99_death_trudge_for_a_five_encounter_session() -> None:  # 001c TV-99
    points = lg.league_points(["Ann", "Bo", "Cy", "Di", "Ed"], "death_trudge", encounters=5)
    assert points == {"Ann": 4 * 5, "Bo": 2 * 5, "Cy": 1 * 5, "Di": 0, "Ed": 0}  # 4E, 2E, E


def test_001c_tv100_only_places_with_two_below_score() -> None:  # 001c TV-100
    names = ["Ann", "Bo", "Cy", "Di"]
    assert [p for p, v in lg.league_points(names).items() if v] == ["Ann", "Bo"]
    assert [p for p, v in lg.league_points(names[:3]).items() if v] == ["Ann"]
    assert not any(lg.league_points(names[:2]).values())


def test_weak_kneed_outlanders_ignore_the_session_length() -> None:
    points = lg.league_points(["Ann", "Bo", "Cy", "Di", "Ed"], "outlanders", encounters=7)
    assert list(points.values()) == [4, 2, 1, 0, 0]


@given(st.integers(1, 10), st.integers(1, 8), st.sampled_from(["death_trudge", "outlanders"]))
def test_league_points_against_the_rule(players: int, encounters: int, fmt: str) -> None:
    names = [f"p{i}" for i in range(players)]
    points = lg.league_points(names, fmt, encounters)
    factor = encounters if fmt == "death_trudge" else 1
    for place, name in enumerate(names):
        below = players - place - 1
        expected = [4, 2, 1][place] * factor if place < 3 and below >= 2 else 0
        assert points[name] == expected


def test_tied_players_share_their_place() -> None:
    points = lg.league_points([["Ann", "Bo"], "Cy", "Di", "Ed"], encounters=2)
    assert points == {"Ann": 8, "Bo": 8, "Cy": 2, "Di": 0, "Ed": 0}  # the second place is taken by the tie
    with pytest.raises(ParameterError):
        lg.league_points(["Ann", "Ann", "Bo"])
    with pytest.raises(ParameterError):
        lg.league_points(["Ann", "Bo"], "holmgang")


def test_tournament_formats_and_the_arguing_penalty() -> None:
    book, hand = lg.tournament("book_of_the_norns"), lg.tournament("hand_of_the_norns")
    assert (book.run_by, hand.run_by) == ("groups", "deputies")
    assert lg.advancing(["Ann", "Bo", "Cy"]) == ("Ann",)
    assert lg.advancing(["Ann", "Bo", "Cy"], "hand_of_the_norns", few_groups=True) == ("Ann", "Bo")
    assert lg.arguing_penalty() == 25


def test_the_dispute_vote_gives_the_runner_two_votes() -> None:
    ballots = {"Runner": "strict", "Ann": "lenient", "Bo": "lenient", "Cy": "strict"}
    assert lg.tally("Runner", ballots) == {"strict": 3, "lenient": 2}
    assert lg.decided("Runner", ballots) == "strict"
    assert lg.decided("Runner", {"Runner": "strict", "Ann": "lenient", "Bo": "lenient"}) is None  # a tie
    assert lg.decided("Runner", {}) is None


@given(st.dictionaries(st.sampled_from(["R", "a", "b", "c", "d"]), st.sampled_from(["x", "y"]), min_size=1))
def test_the_vote_against_a_count(ballots: dict[str, str]) -> None:
    counted = lg.tally("R", ballots)
    assert sum(counted.values()) == len(ballots) + ("R" in ballots)
    x, y = counted.get("x", 0), counted.get("y", 0)
    assert lg.decided("R", ballots) == ("x" if x > y else "y" if y > x else None)


def test_the_book_of_iron_law() -> None:
    thin = lg.Precedent("Can a proxy jump a barrier?", "yes", voters=2, group=5)
    assert thin.thin and thin.voidable_on_recurrence(present=3) and not thin.voidable_on_recurrence(present=2)
    full = lg.Precedent("Can a proxy jump a barrier?", "no", voters=3, group=5)
    assert not full.thin and not full.voidable_on_recurrence(present=5)
    book = lg.record(lg.record((), thin), full)
    assert book == (full,)
    assert lg.Precedent("q", "r", 1, 4, binds="game").binds == "game"  # league rulings bind one game
    with pytest.raises(ParameterError):
        lg.Precedent("q", "r", voters=6, group=5)
