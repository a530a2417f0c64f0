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
from runehall.systems.rune.encounters.league import league_points
from runehall.systems.rune.encounters.run_gifts import gift_changes
from runehall.systems.rune.encounters.run_haul import home_accounts, home_credits
from runehall.systems.rune.encounters.run_items import sheet_carried
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.running import AXE_RITUAL
from runehall.systems.rune.encounters.winning import campaign_winner, session_gains, session_winner, session_wins


@dataclass(frozen=True)
class Session:
    runs: tuple[RunState, ...]  # the settled encounter runs, in the order they were put into play
    start: dict[str, int]  # each player's total VP when he first sat down in this session
    gains: dict[str, int]
    winners: frozenset[str]


def settled(states: Sequence[Any]) -> list[RunState]:
    return [s for s in states if isinstance(s, RunState) and s.settlement is not None]


def session_of(states: Sequence[Any], number: int | None = None) -> Session | None:
    """A session (by default the latest) made by the settled encounter runs among `states` played in it; None
    before its first is settled."""
    done = settled(states)
    latest = number if number is not None else max((r.setup.session for r in done), default=1)
    runs = tuple(r for r in done if r.setup.session == latest)
    if not runs:
        return None
    start: dict[str, int] = {}
    for run in runs:
        for seat in run.tally.seats:
            start.setdefault(seat.player, seat.total_vp)
    credited = [{p: int(s["credited"]) for p, s in run.settlement["scores"].items()} for run in runs if run.settlement]
    credited += [home_credits(run) for run in runs]  # the hauls brought home at an adventure's end
    gains = session_gains(credited)
    return Session(runs, start, gains, session_winner(start, gains))


def next_runner(session: Session) -> str:
    """Whose turn it is to run: who has run the fewest encounters this session, the first of them after the
    last runner in the table's order (the heroes' order in the runs), so every player carries an equal share."""
    order = list(session.runs[-1].tally.seats)
    players = [s.player for s in order]
    ran = {p: 0 for p in players}
    for run in session.runs:
        if run.tally.runner in ran:
            ran[run.tally.runner] += 1
    fewest = min(ran.values())
    last = players.index(session.runs[-1].tally.runner) if session.runs[-1].tally.runner in players else -1
    after = players[last + 1 :] + players[: last + 1]
    return next(p for p in after if ran[p] == fewest)


def league_rows(session: Session, league_id: str, words: Words) -> tuple[SheetRow, ...]:
    """Each player's league points for the session, by his place in its gains (ties share a place)."""
    gains = sorted({session.gains.get(p, 0) for p in session.start}, reverse=True)
    ranking = [[p for p in session.start if session.gains.get(p, 0) == g] for g in gains]
    points = league_points(ranking, league_id, len(session.runs))
    return tuple(
        SheetRow(words(N_("{hero}'s player"), hero=p), words(N_("{points} league points"), points=words.number(v)))
        for p, v in sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
    )


def summary(states: Sequence[Any], words: Words, league_id: str = "none") -> tuple[SheetSection, ...]:
    """The session's scoreboard: each player's gain (the leaders marked), each encounter by its runner, whose
    turn it is to run next with the axe ritual, and the league points where the table plays in a league."""
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
    coming = next_runner(session)
    passed = {"old": session.runs[-1].tally.runner, "new": coming}
    ritual = tuple(
        SheetRow(words(SPEAKERS[line.speaker], **passed), words(line.words, **passed)) for line in AXE_RITUAL
    )
    sections = [
        SheetSection(words(N_("This session")), tuple(rows)),
        SheetSection(words(N_("Encounters settled")), tuple(runs)),
        SheetSection(words(N_("Next to run: {hero}'s player"), hero=coming), ritual, gloss=words(N_("the axe ritual"))),
    ]
    campaign = campaign_section(states, words)
    if campaign is not None:
        sections.append(campaign)
    if league_id != "none":
        sections.append(SheetSection(words(N_("League points this session")), league_rows(session, league_id, words)))
    return tuple(sections)


SPEAKERS = {"old": N_("{old}'s player"), "new": N_("{new}'s player"), "all": N_("Everyone")}


def heroes_after(states: Sequence[Any]) -> list[dict[str, Any]]:
    """The heroes of the last encounter run, each sheet with his VP as the settlements left them (his total,
    what he spent, what he owes), his magic items as used and won and his haul, unless it went home, the gifts he
    bought and his session-counted gifts' uses: what the next encounter's setup takes (the adventure's next
    encounter starts from the haul)."""
    runs = [s for s in states if isinstance(s, RunState)]
    if not runs:
        return []
    last = runs[-1]
    heroes = [h.model_dump(mode="json", exclude_none=True) for h in last.setup.heroes]
    for hero, entry in zip(heroes, last.setup.heroes, strict=True):  # his magic items and haul, carried on
        carried = sheet_carried(last, entry)
        if last.settlement is not None:  # the gifts he bought and his session-counted uses (run_gifts.py)
            carried = {**gift_changes(last, entry.name, entry.sheet), **carried}
        hero["sheet"] = {k: v for k, v in {**hero["sheet"], **carried}.items() if v is not None}
    for run in runs:
        if run.settlement is None:
            continue
        after = home_accounts(run.settlement)  # the settlement's, then the haul home's
        for hero in heroes:
            accounts = after.get(hero["name"])
            if accounts:
                hero["sheet"] = {**hero["sheet"], **accounts}
                hero.pop("total_vp", None)  # the sheet's total now
    return heroes


def campaign_section(states: Sequence[Any], words: Words) -> SheetSection | None:
    """Once a campaign has more than one session: each session's winners, and each player's session wins (the
    most wins the campaign, 001b §7)."""
    numbers = sorted({r.setup.session for r in settled(states)})
    if len(numbers) < 2:
        return None
    winners = []
    rows = []
    for number in numbers:
        found = session_of(states, number)
        assert found is not None
        winners.append(found.winners)
        named = words.join(words(N_("{hero}'s player"), hero=p) for p in sorted(found.winners))
        rows.append(SheetRow(words(N_("Session {number}"), number=words.number(number)), named))
    leaders = campaign_winner(winners)
    for player, wins in sorted(session_wins(winners).items(), key=lambda kv: (-kv[1], kv[0])):
        said = words(N_("{wins} session wins"), wins=words.number(wins))
        leads = player in leaders
        rows.append(
            SheetRow(words(N_("{hero}'s player"), hero=player), said, gloss=words(N_("leads")) if leads else "")
        )
    return SheetSection(words(N_("The campaign")), tuple(rows))
