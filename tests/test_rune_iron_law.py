"""The Book of Iron Law (001c §11.4, §11.11; rune/iron_law*.py): questions put to the group's vote, the current
runner's ballot counting twice, a tie keeping his provisional ruling, precedents written with how many voted,
replaced only by a majority of the group or voided when thinly voted; league rulings binding one game. Every
refusal changes nothing; the board and the cards in English and Spanish."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import RulesError, RunehallError
from runehall.play.log import PlayLog
from runehall.present import words_for
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.systems.rune.iron_law import BookState

GROUP = ("Ana", "Bo", "Cy", "Di")
NET = "Does a shield stop a thrown net?"


def book(league: str = "none", players: tuple[str, ...] = GROUP) -> PlayLog:
    return PlayLog.start("rune", "iron_law", {"league": league}, {"players": list(players)})


def do(log: PlayLog, action: str, **params: Any) -> dict[str, Any]:
    return log.apply(action, params, ManualSource([]))


def state(log: PlayLog) -> BookState:
    found = log.state()
    assert isinstance(found, BookState)
    return found


def ask(log: PlayLog, question: str = NET, runner: str | None = "Ana", **more: Any) -> int:
    event = do(log, "propose", player="Bo", question=question, rulings=["No", "Yes"], runner=runner, **more)
    return int(event["result"]["number"])


def refuse(log: PlayLog, reason: str, action: str, **params: Any) -> None:
    before = (len(log.events), state(log))
    with pytest.raises(RunehallError, match=reason):
        do(log, action, **params)
    assert (len(log.events), state(log)) == before


def test_the_runners_ballot_counts_twice_and_a_tie_keeps_his_provisional_ruling() -> None:
    log = book()
    ask(log)
    for voter, ruling in (("Ana", 1), ("Bo", 2), ("Cy", 2)):
        do(log, "vote", player=voter, question=1, ruling=ruling)
    closed = do(log, "close", player="Ana", question=1)["result"]  # the runner closes before Di votes
    assert closed["votes"] == {"1": 2, "2": 2} and closed["tie"] and closed["ruling"] == "No"
    entry = state(log).book[0]
    assert (entry.question, entry.ruling, entry.voters, entry.group, entry.binds) == (NET, "No", 3, 4, "saga")
    ask(log, "May a proxy drink the runner's hero's potion?")
    for voter in ("Bo", "Cy", "Di"):
        do(log, "vote", player=voter, question=2, ruling=2)
    do(log, "vote", player="Ana", question=2, ruling=1)
    closed = do(log, "close", player="Di", question=2)["result"]  # everyone has voted: anyone closes
    assert closed["votes"] == {"1": 2, "2": 3} and closed["ruling"] == "Yes" and not closed["tie"]


@pytest.mark.parametrize("rulings", [2, 3])
def test_closing_agrees_with_counting_every_show_of_hands(rulings: int) -> None:
    """Every way four players can vote (some not voting), the runner Ana: the book holds the ruling with the
    most votes, hers counted twice, or her provisional ruling on a tie."""
    choices = [None, *range(1, rulings + 1)]
    for hands in itertools.product(choices, repeat=len(GROUP)):
        if hands[0] is None and all(h is None for h in hands):
            continue
        log = book()
        do(log, "propose", player="Ana", question=NET, rulings=["No", "Yes", "Only a big one"][:rulings], runner="Ana")
        for voter, hand in zip(GROUP, hands, strict=True):
            if hand is not None:
                do(log, "vote", player=voter, question=1, ruling=hand)
        counted = [0] * rulings
        for voter, hand in zip(GROUP, hands, strict=True):
            if hand is not None:
                counted[hand - 1] += 2 if voter == "Ana" else 1
        best = [i for i, v in enumerate(counted) if v == max(counted)]
        expected = ["No", "Yes", "Only a big one"][best[0] if len(best) == 1 else 0]
        closed = do(log, "close", player="Ana", question=1)["result"]
        assert closed["ruling"] == expected and state(log).book[0].ruling == expected, hands
        assert closed["voters"] == sum(h is not None for h in hands)


def test_a_ballot_may_change_until_the_vote_closes_and_never_after() -> None:
    log = book()
    ask(log)
    assert do(log, "vote", player="Cy", question=1, ruling=1)["result"]["changed"] is False
    assert do(log, "vote", player="Cy", question=1, ruling=2)["result"]["changed"] is True
    assert state(log).questions[0].ballots == {"Cy": 1}  # one ballot, the last
    refuse(log, "already voted for that ruling", "vote", player="Cy", question=1, ruling=2)
    do(log, "close", player="Ana", question=1)
    refuse(log, "closed: its vote is over", "vote", player="Bo", question=1, ruling=1)
    refuse(log, "closed already", "close", player="Ana", question=1)


def test_every_refusal_is_clear_and_changes_nothing() -> None:
    log = book()
    refuse(log, "name the current runner", "propose", player="Bo", question=NET, rulings=["No", "Yes"])
    refuse(log, "not a player of this group", "propose", player="Bo", question=NET, rulings=["No", "Yes"], runner="Zed")
    refuse(
        log, "each ruling is proposed once", "propose", player="Bo", question=NET, rulings=["No", " no"], runner="Ana"
    )
    with pytest.raises(RunehallError, match="at least 2"):  # one ruling is no choice
        do(log, "propose", player="Bo", question=NET, rulings=["No"], runner="Ana")
    ask(log)
    refuse(
        log, "already open", "propose", player="Cy", question=" does a SHIELD stop a thrown net? ", rulings=["A", "B"]
    )
    refuse(log, "nothing to close", "close", player="Ana", question=1)  # an empty vote
    refuse(log, "not a player of this group", "vote", player="Zed", question=1, ruling=1)
    refuse(log, "rulings 1 to 2", "vote", player="Bo", question=1, ruling=3)
    refuse(log, "no question 7", "vote", player="Bo", question=7, ruling=1)
    do(log, "vote", player="Bo", question=1, ruling=2)
    refuse(log, r"only the runner closes the vote before everyone has voted \(1 of 4", "close", player="Bo", question=1)
    refuse(log, "no precedent from question 1", "void", player="Bo", question=1, present=["Bo", "Cy", "Di"])
    refuse(log, "nothing lapses", "game_over", player="Bo")


def test_the_runner_named_last_runs_the_next_vote_too() -> None:
    log = book()
    ask(log, runner="Cy")
    ask(log, "Do crows count as foes?", runner=None)
    assert [q.runner for q in state(log).questions] == ["Cy", "Cy"]


def test_a_precedent_is_replaced_only_by_a_majority_of_the_group() -> None:
    log = book()
    ask(log)
    for voter in GROUP:
        do(log, "vote", player=voter, question=1, ruling=1)
    do(log, "close", player="Ana", question=1)
    again = ask(log, NET.upper())  # the same question: a vote to replace the precedent
    assert state(log).questions[-1].replaces == 1
    do(log, "vote", player="Ana", question=again, ruling=2)  # her two votes win the count, but she is one player
    do(log, "vote", player="Bo", question=again, ruling=2)
    stood = do(log, "close", player="Ana", question=again)["result"]
    assert stood["stands"] and stood["ruling"] == "No" and [e.ruling for e in state(log).book] == ["No"]
    third = ask(log)
    for voter in ("Bo", "Cy", "Di"):  # three of four players: a majority of the group
        do(log, "vote", player=voter, question=third, ruling=2)
    replaced = do(log, "close", player="Ana", question=third)["result"]
    assert not replaced["stands"] and replaced["ruling"] == "Yes"
    assert [(e.number, e.ruling, e.voters) for e in state(log).book] == [(third, "Yes", 3)]


def test_a_thinly_voted_precedent_is_voided_when_it_recurs_with_more_than_half_present() -> None:
    log = book()
    ask(log)
    do(log, "vote", player="Ana", question=1, ruling=2)
    do(log, "close", player="Ana", question=1)  # one of four voted: thin
    ask(log, "Do crows count as foes?")
    for voter in ("Ana", "Bo"):  # two of four: half, not fewer than half
        do(log, "vote", player=voter, question=2, ruling=1)
    do(log, "close", player="Ana", question=2)
    refuse(log, "more than half the group present: 2 of 4", "void", player="Bo", question=1, present=["Bo", "Cy"])
    refuse(log, "only if present", "void", player="Di", question=1, present=["Bo", "Cy", "Ana"])
    refuse(log, "2 of the group's 4 voted on it", "void", player="Bo", question=2, present=list(GROUP))
    voided = do(log, "void", player="Bo", question=1, present=["Bo", "Cy", "Ana"])["result"]
    assert voided["ruling"] == "Yes" and [e.number for e in state(log).book] == [2]


def test_league_rulings_bind_only_the_game_and_lapse_when_it_ends() -> None:
    log = book("death_trudge")
    ask(log)
    do(log, "vote", player="Ana", question=1, ruling=2)
    assert do(log, "close", player="Ana", question=1)["result"]["binds"] == "game"
    en = log.tracker.board(state(log), words_for("en", "rune"), Seat(runs=True), log.option_values())
    assert any(r.gloss.endswith("binds only this league game") for s in en.sections for r in s.rows)
    assert "game_over" in [m.action for m in en.moves]
    assert do(log, "game_over", player="Cy")["result"]["lapsed"] == [NET]
    assert state(log).book == ()


def test_the_board_shows_an_open_vote_and_each_player_his_own_moves_in_both_languages() -> None:
    log = book()
    ask(log)
    do(log, "vote", player="Bo", question=1, ruling=2)
    do(log, "vote", player="Ana", question=1, ruling=1)
    for lang, said in (("en", "Bo"), ("es", "Bo")):
        words = words_for(lang, "rune")
        view = log.tracker.board(state(log), words, Seat(controls=frozenset({"Bo"})), log.option_values())
        rows = {r.label: r for r in view.sections[0].rows}
        texts = [
            view.title,
            view.phase,
            *(t for s in view.sections for r in s.rows for t in (r.label, r.value, r.gloss)),
        ]
        assert all(not program_values(t) for t in texts)
        assert said in rows[words("Ruling {number}: {ruling}", number="2", ruling="Yes")].value  # an open vote
        assert [(m.action, m.actor) for m in view.moves] == [("propose", "Bo"), ("vote", "Bo")]  # no close for Bo
    es = words_for("es", "rune")
    ana = log.tracker.board(state(log), es, Seat(controls=frozenset({"Ana"})), log.option_values())
    assert [m.action for m in ana.moves] == ["propose", "vote", "close"]  # the runner closes at any time
    assert ana.title == "El Libro de la Ley de Hierro" and ana.phase == "1 cuestión abierta"


def test_every_move_is_a_card_in_english_and_spanish() -> None:
    log = saga()
    for event in log.events:
        action = log.tracker.action(event["action"])
        en, es = (
            action.describe(event, words_for("en", "rune"), "Ana"),
            action.describe(event, words_for("es", "rune"), "Ana"),
        )
        for card in (en, es):
            assert card.action and not program_values(card.plain()), card
        assert en.action != es.action, en.action
    close = next(e for e in log.events if e["action"] == "close")
    assert log.tracker.action("close").describe(close, words_for("es", "rune"), "Ana").result == (
        "empate: se mantiene el dictamen provisional: No (votaron 3 de 4)"
    )


def saga() -> PlayLog:
    """A league book through every move: a question, votes (one changed), a tie closed, a house rule, a thin
    precedent voided, the game's end."""
    log = book("outlanders")
    ask(log)
    do(log, "vote", player="Bo", question=1, ruling=1)
    do(log, "vote", player="Bo", question=1, ruling=2)
    do(log, "vote", player="Cy", question=1, ruling=2)
    do(log, "vote", player="Ana", question=1, ruling=1)
    do(log, "close", player="Ana", question=1)  # 2 votes to 2: a tie
    do(log, "propose", player="Cy", question="Over-used tricks cost 5 EP more", rulings=["Official cost", "5 EP more"],
       kind="house_rule")  # fmt: skip
    do(log, "vote", player="Cy", question=2, ruling=2)
    do(log, "close", player="Ana", question=2)
    do(log, "void", player="Cy", question=2, present=["Ana", "Bo", "Cy"])
    do(log, "game_over", player="Ana")
    return log


def test_a_setup_names_each_player_once() -> None:
    with pytest.raises(RunehallError, match="named once"):
        book(players=("Ana", "ana "))
    with pytest.raises(RunehallError):
        book(players=("Ana",))
    with pytest.raises(RulesError, match="no question 1"):
        do(book(), "close", player="Ana", question=1)
