"""The Book of Iron Law as a Tracker (spec 001c §11.4): one a table, kept for the whole saga. Its moves are the
group's: propose a question with its rulings, vote, close the vote, void a thinly voted precedent, and in league
play end the game whose precedents then lapse (iron_law.py holds the rules).

Each player of the group is a "combatant" the book's owner hands to that player, so a player proposes, votes
and closes for himself only (actor_param); the owner and the game master may act for anyone. Nothing is secret:
the vote is a show of hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.present.board import BoardView, Seat
from runehall.present.card import Card
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune import iron_law, iron_law_board
from runehall.systems.rune.iron_law import (
    MAX_NAME,
    MAX_PLAYERS,
    MAX_QUESTIONS,
    MAX_RULINGS,
    MAX_TEXT,
    BookSetup,
    BookState,
)
from runehall.systems.tracker import Tracker, TrackerAction

KINDS = {"dispute": N_("A rules dispute"), "house_rule": N_("A house rule")}


def _league(options: Any) -> bool:
    return getattr(options, "league", "none") != "none"


class BookAction(TrackerAction[BookState]):
    actor_param: ClassVar[str | None] = "player"

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        return iron_law_board.card(self.name, event, words, who) or super().describe(event, words, who)

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        return words(KINDS[value]) if field == "kind" and value in KINDS else None


class ProposeParams(RulesModel):
    player: str = Field(min_length=1, max_length=MAX_NAME, title=N_("Proposed by"), description="The player asking.")
    question: str = Field(
        min_length=1, max_length=MAX_TEXT, title=N_("Question"), description="The rules question or the house rule."
    )
    rulings: tuple[Annotated[str, Field(min_length=1, max_length=MAX_TEXT)], ...] = Field(
        min_length=2, max_length=MAX_RULINGS, title=N_("Rulings"),
        description="The rulings to choose between, the runner's provisional ruling (or the rule as it stands) first.",
    )  # fmt: skip
    runner: str | None = Field(
        None, max_length=MAX_NAME, title=N_("Current runner"),
        description="The player running now: his ballot counts twice (default: the runner named last).",
    )  # fmt: skip
    kind: Literal["dispute", "house_rule"] = Field("dispute", title=N_("Kind"), description="What is put to the vote.")


class ProposeAction(BookAction):
    name: ClassVar[str] = "propose"
    title: ClassVar[str] = N_("Put a question to the vote")
    summary: ClassVar[str] = "A rules question or a house rule, with the rulings to choose between."
    Params: ClassVar[type[RulesModel]] = ProposeParams

    def apply(self, state: BookState, params: Any, options: Any, source: Source) -> tuple[BookState, dict[str, Any]]:
        q = iron_law.propose(state, params.player, params.question, params.rulings, params.runner, params.kind)
        result = {"number": q.number, "question": q.text, "rulings": list(q.rulings), "runner": q.runner,
                  "by": q.proposed_by, "kind": q.kind, "replaces": q.replaces}  # fmt: skip
        return state.model_copy(update={"questions": (*state.questions, q)}), result


class VoteParams(RulesModel):
    player: str = Field(min_length=1, max_length=MAX_NAME, title=N_("Voter"), description="The player voting.")
    question: int = Field(ge=1, le=MAX_QUESTIONS, title=N_("Question"), description="The question's number.")
    ruling: int = Field(ge=1, le=MAX_RULINGS, title=N_("Ruling"), description="The ruling he votes for, by number.")


class VoteAction(BookAction):
    name: ClassVar[str] = "vote"
    title: ClassVar[str] = N_("Vote")
    summary: ClassVar[str] = "A player's ballot on an open question; another ballot replaces it until the vote closes."
    Params: ClassVar[type[RulesModel]] = VoteParams

    def apply(self, state: BookState, params: Any, options: Any, source: Source) -> tuple[BookState, dict[str, Any]]:
        after, changed = iron_law.vote(state, params.question, params.player, params.ruling)
        question = after.question(params.question)
        voter = state.player(params.player)
        result = {"number": question.number, "voter": voter, "ruling": question.rulings[params.ruling - 1],
                  "changed": changed, "runner": voter == question.runner}  # fmt: skip
        return after, result


class CloseParams(RulesModel):
    player: str = Field(min_length=1, max_length=MAX_NAME, title=N_("Closed by"), description="The player closing it.")
    question: int = Field(ge=1, le=MAX_QUESTIONS, title=N_("Question"), description="The question's number.")


class CloseAction(BookAction):
    name: ClassVar[str] = "close"
    title: ClassVar[str] = N_("Close the vote")
    summary: ClassVar[str] = "The ruling with most votes goes in the book (a tie keeps the provisional ruling)."
    Params: ClassVar[type[RulesModel]] = CloseParams

    def apply(self, state: BookState, params: Any, options: Any, source: Source) -> tuple[BookState, dict[str, Any]]:
        after, outcome = iron_law.close(state, params.question, params.player, _league(options))
        question = after.question(params.question)
        result = {"number": question.number, "question": question.text, **outcome.model_dump(mode="json"),
                  "group": len(state.setup.players), "replaces": question.replaces}  # fmt: skip
        return after, result


class VoidParams(RulesModel):
    player: str = Field(min_length=1, max_length=MAX_NAME, title=N_("Voided by"), description="The player asking.")
    question: int = Field(
        ge=1, le=MAX_QUESTIONS, title=N_("Precedent"), description="The precedent, by its question's number."
    )
    present: tuple[str, ...] = Field(
        min_length=1, max_length=MAX_PLAYERS, title=N_("Present"), description="The group's players present now."
    )


class VoidAction(BookAction):
    name: ClassVar[str] = "void"
    title: ClassVar[str] = N_("Void a thinly voted precedent")
    summary: ClassVar[str] = "Its situation has come up again with more than half the group present."
    Params: ClassVar[type[RulesModel]] = VoidParams

    def apply(self, state: BookState, params: Any, options: Any, source: Source) -> tuple[BookState, dict[str, Any]]:
        after, entry = iron_law.void(state, params.question, params.player, params.present)
        result = {"number": entry.number, "question": entry.question, "ruling": entry.ruling,
                  "present": len(params.present), "group": entry.group}  # fmt: skip
        return after, result


class GameOverParams(RulesModel):
    player: str = Field(min_length=1, max_length=MAX_NAME, title=N_("Said by"), description="The player saying it.")


class GameOverAction(BookAction):
    name: ClassVar[str] = "game_over"
    title: ClassVar[str] = N_("The league game is over")
    summary: ClassVar[str] = "League play: the precedents that bound only this game lapse."
    Params: ClassVar[type[RulesModel]] = GameOverParams

    def apply(self, state: BookState, params: Any, options: Any, source: Source) -> tuple[BookState, dict[str, Any]]:
        state.player(params.player)
        after, lapsed = iron_law.game_over(state)
        return after, {"lapsed": [e.question for e in lapsed]}


class IronLawTracker(Tracker[BookState]):
    name: ClassVar[str] = "iron_law"
    title: ClassVar[str] = N_("The Book of Iron Law: rules disputes and house rules put to the vote")
    Setup: ClassVar[type[RulesModel]] = BookSetup

    def start(self, setup: Any, options: Any) -> BookState:
        return BookState(setup=setup)

    def actions(self) -> Mapping[str, TrackerAction[BookState]]:
        return ACTIONS

    def combatants(self, state: BookState) -> dict[str, str]:
        """The group's players: the owner hands each to the person who plays him."""
        return {p: p for p in state.setup.players}

    def board(self, state: BookState, words: Words, seat: Seat, options: Any = None) -> BoardView:
        return iron_law_board.board(state, words, seat, _league(options))

    def render(self, state: BookState) -> str:
        return iron_law_board.text(state)


ACTIONS: dict[str, TrackerAction[BookState]] = {
    a.name: a for a in (ProposeAction(), VoteAction(), CloseAction(), VoidAction(), GameOverAction())
}
