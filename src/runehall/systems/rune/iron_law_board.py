"""The Book of Iron Law as people see it: the group's players (the current runner marked), each open question
with its rulings, the votes so far and who cast them (the vote is open, a show of hands at the table), the
book's precedents with how many voted on them, and the moves each seat may make now; its moves as log cards.
Everything in the reader's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.board import Badge, BoardView, CombatantCard, Move, Seat
from runehall.present.card import Card, Row
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.league import tally
from runehall.systems.rune.iron_law import BookState, Entry, Question


def _runner(state: BookState) -> str | None:
    return state.questions[-1].runner if state.questions else None


def _votes(words: Words, count: int) -> str:
    return words.n("{n} vote", "{n} votes", count)


def question_section(state: BookState, q: Question, words: Words) -> SheetSection:
    ballots = {voter: q.rulings[choice] for voter, choice in q.ballots.items()}
    counted = tally(q.runner, ballots)
    rows = []
    for place, ruling in enumerate(q.rulings):
        who = [p for p in state.setup.players if q.ballots.get(p) == place]
        value = _votes(words, counted.get(ruling, 0))
        if who:
            value = words(N_("{votes}: {names}"), votes=value, names=words.join(who))
        label = words(N_("Ruling {number}: {ruling}"), number=words.number(place + 1), ruling=ruling)
        gloss = words(N_("the provisional ruling")) if place == 0 else ""
        rows.append(SheetRow(label, value, gloss=gloss))
    waiting = [p for p in state.setup.players if p not in q.ballots]
    voted = words(
        N_("{count} of {group}"), count=words.number(len(q.ballots)), group=words.number(len(state.setup.players))
    )
    rows.append(
        SheetRow(
            words(N_("Voted")),
            voted,
            gloss=words(N_("waiting for {names}"), names=words.join(waiting)) if waiting else "",
        )
    )
    rows.append(SheetRow(words(N_("Runner")), q.runner, gloss=words(N_("his ballot counts twice"))))
    earlier = next((e for e in state.book if e.number == q.replaces), None)
    if earlier is not None:
        rows.append(
            SheetRow(
                words(N_("The book says")),
                earlier.ruling,
                gloss=words(N_("replaced only if more than half the group chooses another ruling")),
            )
        )
    title = N_("House rule {number}: {question}") if q.kind == "house_rule" else N_("Question {number}: {question}")
    return SheetSection(words(title, number=words.number(q.number), question=q.text), tuple(rows))


def entry_row(entry: Entry, words: Words) -> SheetRow:
    said = [
        words(N_("voted on by {voters} of {group}"), voters=words.number(entry.voters), group=words.number(entry.group))
    ]
    if entry.precedent().thin:
        said.append(words(N_("thin: voidable if it comes up again with more than half the group present")))
    if entry.binds == "game":
        said.append(words(N_("binds only this league game")))
    label = (
        words(N_("House rule: {question}"), question=entry.question) if entry.kind == "house_rule" else entry.question
    )
    return SheetRow(label, entry.ruling, gloss="; ".join(said))


def _moves(state: BookState, words: Words, seat: Seat, league: bool) -> list[Move]:
    """The runner of the table (the book's owner, the game master) names who acts; a player acts for himself."""
    players = state.setup.players
    everyone = tuple((p, p) for p in players)
    acting: tuple[str | None, ...] = (None,) if seat.runs else tuple(p for p in players if p in seat.controls)
    moves: list[Move] = []
    for who in acting:
        mine = {} if who is None else {"player": who}
        by = ("player",) if who is None else ()
        picks = {"player": everyone, "runner": everyone, "present": everyone}
        book = words(N_("The Book of Iron Law"))
        moves.append(
            Move(
                "propose",
                words(N_("Put a question to the vote")),
                params=mine,
                ask=(*by, "question", "rulings", "runner", "kind"),
                actor=who,
                choices=picks,
                group=book,
            )
        )
        for q in (q for q in state.questions if q.open):
            rulings = tuple((str(i + 1), r) for i, r in enumerate(q.rulings))
            params = {**mine, "question": q.number}
            title = words(N_("Vote on question {number}"), number=words.number(q.number))
            moves.append(
                Move(
                    "vote",
                    title,
                    params=params,
                    ask=(*by, "ruling"),
                    actor=who,
                    choices={"ruling": rulings, "player": everyone},
                    group=book,
                )
            )
            if q.ballots and (who is None or who == q.runner or len(q.ballots) == len(players)):
                title = words(N_("Close the vote on question {number}"), number=words.number(q.number))
                moves.append(Move("close", title, params=params, ask=by, actor=who, choices=picks, group=book))
        for entry in (e for e in state.book if e.precedent().thin):
            title = words(N_("Void precedent {number}"), number=words.number(entry.number))
            moves.append(
                Move(
                    "void",
                    title,
                    params={**mine, "question": entry.number},
                    ask=(*by, "present"),
                    actor=who,
                    quiet=True,
                    choices=picks,
                    group=book,
                )
            )
        if league and any(e.binds == "game" for e in state.book):
            moves.append(
                Move(
                    "game_over",
                    words(N_("The league game is over")),
                    params=mine,
                    ask=by,
                    actor=who,
                    quiet=True,
                    choices=picks,
                    group=book,
                )
            )
    return moves


def board(state: BookState, words: Words, seat: Seat, league: bool) -> BoardView:
    runner = _runner(state)
    cards = []
    for p in state.setup.players:
        badges = [Badge(words(N_("the runner")), "accent")] if p == runner else []
        open_ = [q for q in state.questions if q.open]
        if open_ and all(p in q.ballots for q in open_):
            badges.append(Badge(words(N_("has voted")), "good"))
        cards.append(CombatantCard(key=p, name=p, side=words(N_("The group")), side_key="group", badges=tuple(badges)))
    sections = [question_section(state, q, words) for q in state.questions if q.open]
    rows = tuple(entry_row(e, words) for e in state.book)
    sections.append(SheetSection(words(N_("Precedents")), rows or (SheetRow(words(N_("none yet")), ""),)))
    count = sum(1 for q in state.questions if q.open)
    phase = words.n("{n} question open", "{n} questions open", count) if count else words(N_("no question open"))
    return BoardView(
        title=state.setup.title or words(N_("The Book of Iron Law")),
        phase=phase,
        combatants=tuple(cards),
        sections=tuple(sections),
        moves=tuple(_moves(state, words, seat, league)),
    )


def card(action: str, event: Mapping[str, Any], words: Words, who: str) -> Card | None:
    r = event.get("result") or {}
    n = words.number
    if action == "propose":
        said = (
            N_("{who} puts a house rule to the vote")
            if r["kind"] == "house_rule"
            else N_("{who} puts a question to the vote")
        )
        rows = tuple(Row(words(N_("Ruling {number}"), number=n(i + 1)), x) for i, x in enumerate(r["rulings"]))
        runner = Row(words(N_("Runner")), r["runner"])
        return Card(
            words(said, who=r["by"]),
            words(N_("question {number}: {question}"), number=n(r["number"]), question=r["question"]),
            rows=(*rows, runner),
        )
    if action == "vote":
        said = (
            N_("{who} changes his vote on question {number}")
            if r["changed"]
            else N_("{who} votes on question {number}")
        )
        chose = (
            words(N_("{ruling} (the runner: his ballot counts twice)"), ruling=r["ruling"])
            if r["runner"]
            else r["ruling"]
        )
        return Card(words(said, who=r["voter"], number=n(r["number"])), chose)
    if action == "close":
        voted = words(N_("{voters} of {group} voted"), voters=n(r["voters"]), group=n(r["group"]))
        if r["stands"]:
            result = words(N_("no majority of the group: the precedent stands: {ruling}"), ruling=r["ruling"])
        elif r["tie"]:
            result = words(N_("a tie: the provisional ruling stands: {ruling}"), ruling=r["ruling"])
        else:
            result = words(N_("into the book: {ruling}"), ruling=r["ruling"])
        rows = tuple(
            Row(words(N_("Ruling {number}"), number=n(int(k))), _votes(words, v)) for k, v in r["votes"].items()
        )
        if r["binds"] == "game":
            rows = (*rows, Row(words(N_("binds only this league game")), ""))
        said = words(
            N_("{who} closes the vote on question {number}: {question}"),
            who=who,
            number=n(r["number"]),
            question=r["question"],
        )
        return Card(said, f"{result} ({voted})", "success", rows=rows)
    if action == "void":
        present = words(N_("{count} of {group} present"), count=n(r["present"]), group=n(r["group"]))
        said = words(N_("{who} voids a thinly voted precedent: {question}"), who=who, question=r["question"])
        return Card(said, present, rows=(Row(words(N_("It said")), r["ruling"]),))
    if action == "game_over":
        return Card(
            words(N_("{who}: the league game is over"), who=who),
            words(N_("lapsed: {questions}"), questions=words.join(r["lapsed"])),
        )
    return None


def text(state: BookState) -> str:
    lines = [state.setup.title or "The Book of Iron Law"]
    for q in state.questions:
        if q.open:
            lines.append(f"  ? {q.number}. {q.text} ({len(q.ballots)}/{len(state.setup.players)})")
    for e in state.book:
        lines.append(f"  {e.number}. {e.question}: {e.ruling} ({e.voters}/{e.group})")
    return "\n".join(lines)
