"""The Book of Iron Law at the table (spec 001c §11.4, §11.11): a saga's rules disputes and house rules, put to
the group's vote and written down as precedents. The state and the moves as pure functions; the tracker
(iron_law_tracker.py) makes them actions, the board (iron_law_board.py) shows them.

A question is proposed with its rulings, the runner's provisional ruling first (a house rule likewise: the
rule as it stands first, the change after). Each player of the group votes once and may change his ballot
until the question closes; the current runner's ballot counts twice (league.tally). The vote is open, a show
of hands: everyone sees who chose what. Closing takes the ruling with the most votes, or the provisional one on
a tie, and writes it in the book with how many of the group voted. A question the book already answers is a
vote to replace that precedent: the new ruling replaces it only when more than half the group's players chose
it; otherwise the precedent stands. A precedent fewer than half the group voted on may be voided when its
situation comes up again with more than half the group present. In league play a precedent binds only the
current game, and lapses when the table says that game is over.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from runehall.errors import N_, Invalid, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.league import Precedent, decided, record, tally

MAX_PLAYERS = 12
MAX_NAME = 60
MAX_TEXT = 300
MAX_RULINGS = 6
MAX_QUESTIONS = 500

Kind = Literal["dispute", "house_rule"]
Binds = Literal["saga", "game"]


def folded(text: str) -> str:
    """A question as it is compared: case and spacing set aside."""
    return " ".join(text.split()).casefold()


class BookSetup(RulesModel):
    title: str = Field("", max_length=120, description="What the table calls its book (default: the Book of Iron Law).")
    players: tuple[str, ...] = Field(
        min_length=2, max_length=MAX_PLAYERS, description="The play group: every player of the saga, by name."
    )

    @model_validator(mode="after")
    def _distinct(self) -> BookSetup:
        names = [folded(p) for p in self.players]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise Invalid(N_("each player of the group is named once"))
        if any(len(p) > MAX_NAME for p in self.players):
            raise Invalid(N_("a player's name is at most {count} characters"), count=MAX_NAME)
        return self


class Outcome(RulesModel):
    ruling: str  # the ruling adopted, or the precedent kept
    votes: dict[str, int]  # each ruling's votes by its place ("1": the provisional), the runner's counting twice
    voters: int
    tie: bool = False  # no ruling led: the provisional ruling stands
    stands: bool = False  # a vote to replace a precedent that fell short: the precedent stands
    binds: Binds = "saga"


class Question(RulesModel):
    number: int = Field(ge=1)
    text: str
    rulings: tuple[str, ...]
    kind: Kind = "dispute"
    runner: str
    proposed_by: str
    ballots: dict[str, int] = Field(default_factory=dict)  # player -> the ruling's place
    replaces: int | None = None  # the precedent (by its question's number) this vote may replace
    outcome: Outcome | None = None

    @property
    def open(self) -> bool:
        return self.outcome is None


class Entry(RulesModel):
    """A precedent in the book: the question it answers (by number), the ruling, how many of the group voted."""

    number: int
    question: str
    ruling: str
    kind: Kind = "dispute"
    voters: int
    group: int
    binds: Binds = "saga"

    def precedent(self) -> Precedent:
        return Precedent(self.question, self.ruling, self.voters, self.group, self.binds)


class BookState(RulesModel):
    setup: BookSetup
    questions: tuple[Question, ...] = Field((), max_length=MAX_QUESTIONS)
    book: tuple[Entry, ...] = ()

    def question(self, number: int) -> Question:
        found = next((q for q in self.questions if q.number == number), None)
        if found is None:
            raise RulesError(N_("there is no question {number} in the book"), number=number)
        return found

    def player(self, name: str) -> str:
        found = next((p for p in self.setup.players if folded(p) == folded(name)), None)
        if found is None:
            raise RulesError(N_("{name} is not a player of this group"), name=name)
        return found

    def entry(self, number: int) -> Entry:
        found = next((e for e in self.book if e.number == number), None)
        if found is None:
            raise RulesError(N_("the book holds no precedent from question {number}"), number=number)
        return found

    def _with(self, question: Question) -> tuple[Question, ...]:
        return tuple(question if q.number == question.number else q for q in self.questions)


def propose(state: BookState, by: str, text: str, rulings: tuple[str, ...], runner: str | None, kind: Kind) -> Question:
    """A new question: the proposer and the runner players of the group, two rulings or more, each once."""
    by = state.player(by)
    if runner is None:
        if not state.questions:
            raise RulesError(N_("name the current runner: his ballot counts twice"))
        runner = state.questions[-1].runner  # the runner named last, as long as nobody names another
    runner = state.player(runner)
    text = " ".join(text.split())
    shown = tuple(" ".join(r.split()) for r in rulings)
    if len(shown) < 2 or any(not r for r in shown):
        raise RulesError(N_("a question is put with two rulings or more to choose between"))
    if len({folded(r) for r in shown}) != len(shown):
        raise RulesError(N_("each ruling is proposed once"))
    if any(q.open and folded(q.text) == folded(text) for q in state.questions):
        raise RulesError(N_("that question is already open: vote on it"))
    if len(state.questions) >= MAX_QUESTIONS:
        raise RulesError(N_("the book holds at most {count} questions"), count=MAX_QUESTIONS)
    earlier = next((e for e in state.book if folded(e.question) == folded(text)), None)
    number = state.questions[-1].number + 1 if state.questions else 1
    return Question(
        number=number, text=text, rulings=shown, kind=kind, runner=runner, proposed_by=by,
        replaces=earlier.number if earlier else None,
    )  # fmt: skip


def vote(state: BookState, number: int, voter: str, ruling: int) -> tuple[BookState, bool]:
    """A player's ballot (a ruling by its place, from 1); a second ballot replaces his first while the question
    is open. Whether he changed it."""
    question = state.question(number)
    voter = state.player(voter)
    if not question.open:
        raise RulesError(N_("question {number} is closed: its vote is over"), number=number)
    if not 1 <= ruling <= len(question.rulings):
        raise RulesError(N_("question {number} has rulings 1 to {count}"), number=number, count=len(question.rulings))
    changed = voter in question.ballots
    if question.ballots.get(voter) == ruling - 1:
        raise RulesError(N_("{name} has already voted for that ruling"), name=voter)
    ballots = dict(question.ballots) | {voter: ruling - 1}
    updated = question.model_copy(update={"ballots": ballots})
    return state.model_copy(update={"questions": state._with(updated)}), changed


def may_close(state: BookState, question: Question, by: str) -> None:
    """Anyone of the group once everyone has voted; the current runner at any time; never an empty vote."""
    if not question.open:
        raise RulesError(N_("question {number} is closed already"), number=question.number)
    if not question.ballots:
        raise RulesError(N_("nobody has voted on question {number}: there is nothing to close"), number=question.number)
    if by != question.runner and len(question.ballots) < len(state.setup.players):
        raise RulesError(
            N_("only the runner closes the vote before everyone has voted ({count} of {group} so far)"),
            count=len(question.ballots),
            group=len(state.setup.players),
        )


def close(state: BookState, number: int, by: str, league: bool) -> tuple[BookState, Outcome]:
    question = state.question(number)
    may_close(state, question, state.player(by))
    group = len(state.setup.players)
    ballots = {voter: question.rulings[choice] for voter, choice in question.ballots.items()}
    counted = tally(question.runner, ballots)
    votes = {str(place + 1): counted.get(r, 0) for place, r in enumerate(question.rulings)}
    binds: Binds = "game" if league else "saga"
    winner = decided(question.runner, ballots)
    earlier = next((e for e in state.book if e.number == question.replaces), None)
    if earlier is not None:  # a vote to replace a precedent: a majority of the group's players, or it stands
        heads = {r: sum(1 for v in ballots.values() if v == r) for r in question.rulings}
        chosen = [r for r, n in heads.items() if 2 * n > group]
        if not chosen:
            outcome = Outcome(ruling=earlier.ruling, votes=votes, voters=len(ballots), stands=True, binds=earlier.binds)
            return _closed(state, question, outcome, state.book), outcome
        winner = chosen[0]
    outcome = Outcome(
        ruling=winner or question.rulings[0], votes=votes, voters=len(ballots), tie=winner is None, binds=binds
    )  # a tie: the runner's provisional ruling stands
    entry = Entry(number=number, question=question.text, ruling=outcome.ruling, kind=question.kind,
                  voters=len(ballots), group=group, binds=binds)  # fmt: skip
    entries = {folded(e.question): e for e in (*state.book, entry)}  # the new entry last: it wins
    book = tuple(entries[folded(p.question)] for p in record([e.precedent() for e in state.book], entry.precedent()))
    return _closed(state, question, outcome, book), outcome


def _closed(state: BookState, question: Question, outcome: Outcome, book: tuple[Entry, ...]) -> BookState:
    updated = question.model_copy(update={"outcome": outcome})
    return state.model_copy(update={"questions": state._with(updated), "book": book})


def void(state: BookState, number: int, by: str, present: tuple[str, ...]) -> tuple[BookState, Entry]:
    """A thinly voted precedent voided as its situation comes up again with more than half the group present
    (`present`, the one voiding it among them)."""
    entry = state.entry(number)
    here = [state.player(p) for p in present]
    if len(set(here)) != len(here):
        raise RulesError(N_("each player present is named once"))
    if state.player(by) not in here:
        raise RulesError(N_("{name} voids a precedent only if present"), name=state.player(by))
    precedent = entry.precedent()
    if not precedent.thin:
        raise RulesError(
            N_("{voters} of the group's {group} voted on it: only a majority vote replaces it now"),
            voters=entry.voters,
            group=entry.group,
        )
    if not precedent.voidable_on_recurrence(len(here)):
        raise RulesError(
            N_("voiding it needs more than half the group present: {count} of {group} are"),
            count=len(here),
            group=entry.group,
        )
    return state.model_copy(update={"book": tuple(e for e in state.book if e.number != number)}), entry


def game_over(state: BookState) -> tuple[BookState, tuple[Entry, ...]]:
    """League play: the game is over, and the precedents that bound only it lapse."""
    lapsed = tuple(e for e in state.book if e.binds == "game")
    if not lapsed:
        raise RulesError(N_("no precedent binds only this game: nothing lapses"))
    return state.model_copy(update={"book": tuple(e for e in state.book if e.binds != "game")}), lapsed
