"""Multiple rolls played at the table (spec 001c §5.1-§5.6): a roll of the notes made again and again until its
goal is met or lost. Each call of the roll is one round (a Countdown, a Scoreboard exchange, an Endurance
roll, the holder's roll of a Panic Button) or one attempt (an Action Sink); the run keeps each one's progress
and says when it is settled. The roll that ends a Panic Button, made and won, ends it.

Progress is kept as plain data in the run's state, made into roll_states' classes to move it on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from runehall.errors import N_, RulesError
from runehall.systems.rune.encounters import roll_states as rs
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.rolls import countdown_successes

CLASSES: dict[str, type[Any]] = {
    "countdown": rs.Countdown,
    "scoreboard": rs.Scoreboard,
    "endurance": rs.Endurance,
    "panic_button": rs.PanicButton,
    "action_sink": rs.ActionSink,
}


def _start(roll: RollSpec, heroes: int) -> Any:
    m = roll.multiple
    assert m is not None
    if m.kind == "countdown":
        return rs.Countdown(countdown_successes(m.successes, heroes), m.attempts)
    if m.kind == "scoreboard":
        return rs.Scoreboard(m.target)
    if m.kind == "endurance":
        return rs.Endurance(m.rolls)
    if m.kind == "panic_button":
        return rs.PanicButton()
    return rs.ActionSink(m.successes, m.trap_at_end)


def _load(kind: str, stored: Mapping[str, Any]) -> Any:
    return CLASSES[kind](**stored)


def progress(
    kept: Mapping[str, Any],
    roll: RollSpec,
    heroes: int,
    success: Mapping[str, bool],
    totals: Mapping[str, int],
    opponent: int | None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The run's multiple-roll progress after one call of `roll` (each roller's success), and what to report:
    the roll's kind, its progress and its outcome (True, False, or None while it goes on)."""
    assert roll.multiple is not None
    kind = roll.multiple.kind
    found = kept.get(roll.id)
    state = _load(kind, found["state"]) if found else _start(roll, heroes)
    if state.outcome is not None:
        raise RulesError(N_("{roll} is settled already"), roll=roll.name)
    if kind == "countdown":
        for fine in success.values():
            if state.outcome is None:
                state = state.after(fine)
        if state.outcome is None:
            state = state.end_round()
    elif kind == "scoreboard":
        hero = next(iter(totals))
        state = state.exchange(totals[hero], opponent if opponent is not None else 0)
    elif kind in ("endurance", "panic_button"):
        state = state.after(all(success.values()))
    else:
        for fine in success.values():
            if state.outcome is None:
                state = state.after(fine)
    stored: dict[str, Any] = {"kind": kind, "state": asdict(state)}
    if roll.multiple.kind == "panic_button":
        stored["ending_roll"] = roll.multiple.ending_roll
    return {**kept, roll.id: stored}, {"kind": kind, **asdict(state), "outcome": state.outcome}


def ending(kept: Mapping[str, Any], roll_id: str, won: bool) -> tuple[dict[str, Any], list[str]]:
    """The Panic Buttons this roll ends (`won`: a roller succeeded at it), and their ids."""
    out = dict(kept)
    ended = []
    for key, found in kept.items():
        if found["kind"] == "panic_button" and found.get("ending_roll") == roll_id:
            state = _load("panic_button", found["state"])
            if state.outcome is None:
                out[key] = {**found, "state": asdict(state.ending_roll(won))}
                ended.append(key)
    return out, ended


def fight_over(kept: Mapping[str, Any]) -> dict[str, Any]:
    """At a fight's end, an Action Sink not met is lost (its trap, if it has one, strikes)."""
    out = dict(kept)
    for key, found in kept.items():
        if found["kind"] == "action_sink":
            out[key] = {**found, "state": asdict(_load("action_sink", found["state"]).end_of_fight())}
    return out
