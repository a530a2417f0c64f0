"""A Rune campaign over sessions (rune/encounters/session.py, 001b §7): the session scoreboard counts the latest
session's encounters only, and once there are two sessions the campaign lists each session's winners and each
player's session wins, the most leading."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.words import words_for
from runehall.systems.rune.encounters import session


def _settled(session_number: int, runner: str, proxy: str) -> Any:
    log = PlayLog.start("rune", "encounter", {}, {**setup(runner, proxy), "session": session_number})
    log.apply("notes", {"encounter": notes()}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("settle", {}, ManualSource([]))
    return log.state()


def test_the_campaign_counts_session_wins_and_the_session_its_own_encounters() -> None:
    first = [_settled(1, "Ragnar", "Thurid"), _settled(1, "Thurid", "Bjorn")]
    second = [_settled(2, "Bjorn", "Sigrid")]
    states = [*first, *second]
    latest = session.session_of(states)
    assert latest is not None and latest.runs == tuple(second)
    assert latest.winners == frozenset({"Bjorn"})  # only the runner scored (his thanks) in session 2
    earlier = session.session_of(states, 1)
    assert earlier is not None and earlier.winners == frozenset({"Ragnar", "Thurid"})  # 30 each
    shown = session.summary(states, words_for("en", "rune"))
    campaign = next(s for s in shown if s.title == "The campaign")
    rows = {r.label: (r.value, r.gloss) for r in campaign.rows}
    assert rows["Session 1"][0] == "Ragnar's player and Thurid's player" and rows["Session 2"][0] == "Bjorn's player"
    assert all(rows[f"{h}'s player"] == ("1 session wins", "leads") for h in ("Ragnar", "Thurid", "Bjorn"))
    assert not any(s.title == "The campaign" for s in session.summary(first, words_for("en", "rune")))
    spanish = session.summary(states, words_for("es", "rune"))
    assert any(s.title == "La campaña" for s in spanish)
