"""Checking a fair log's trackers by folding them: what each action did must be what the rules give.

Each tracker in the log carries its setup and its events (PlayLog's form). Folding replays each action
still in force through its recorded draws; the replay's result and draws (with their labels) must be the
stored ones. Every action, undone later or not, is checked against the state it was made in (the fold
of what was in force then), so an edited result cannot hide behind an undo.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from runehall.chance.sources import Draw, ReplaySource
from runehall.errors import RunehallError
from runehall.fairness.verify import TrackerCheck, same, tape_json
from runehall.systems.registry import systems


def check_trackers(
    data: dict[str, Any], trackers: list[Any], entries: dict[int, dict[str, Any]]
) -> list[TrackerCheck]:
    checks = []
    claimed: set[int] = set()
    for raw in trackers:
        try:
            tracker_id = str(raw["id"])
            events = list(raw["events"])
            fair = {int(e["seq"]) for e in events if isinstance(e.get("source"), dict) and _fair(e["source"])}
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            checks.append(TrackerCheck("?", "mismatch", f"malformed tracker: {e}"))
            continue
        claimed |= fair
        try:
            problem = _entries_match(events, entries)
            if problem is None:
                problem = replay_problem(str(data.get("system")), dict(data.get("options") or {}), raw, events)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            problem = f"malformed tracker event ({type(e).__name__}: {e})"
        if problem is not None:
            checks.append(TrackerCheck(tracker_id, "mismatch", problem))
        elif not raw.get("complete", False):
            checks.append(TrackerCheck(tracker_id, "not-checkable", "its log holds events you may not see (sealed)"))
        else:
            checks.append(TrackerCheck(tracker_id, "verified"))
    stray = sorted(set(entries) - claimed)
    if stray:
        checks.append(TrackerCheck("?", "mismatch", f"tracker entries {stray[:10]} are in no tracker of the log"))
    return checks


def _entries_match(events: list[dict[str, Any]], entries: dict[int, dict[str, Any]]) -> str | None:
    """Each fair action of the tracker is among the rolls, with the same draws, source and result."""
    for e in events:
        if e.get("action") == "revoke" or not isinstance(e.get("source"), dict):
            continue
        if e["source"].get("kind") != "fair":
            continue
        entry = entries.get(int(e["seq"]))
        if entry is None:
            return f"event {e['seq']} drew from a seed but is not among the rolls"
        for key, theirs in (("tape", "tape"), ("source", "source"), ("result", "outcome"), ("params", "params")):
            if not same(e.get(key), entry.get(theirs)):
                return f"event {e['seq']}: its {key} differs from its entry among the rolls"
    return None


def replay_problem(
    system_id: str, options: dict[str, Any], raw: dict[str, Any], events: list[dict[str, Any]]
) -> str | None:
    """None if every action of the tracker (`raw`: its `tracker` and `setup`) replays to its stored result
    and draws against the state it was made in; else the first difference."""
    system = systems().get(system_id)
    if system is None:
        return f"the game system {system_id!r} is not installed, so the tracker cannot be folded"
    try:
        tracker = system.tracker(str(raw["tracker"]))
        chosen = system.options(options)
        start = tracker.start(tracker.parse_setup(dict(raw["setup"])), chosen)
        state: BaseModel = start
        done: list[dict[str, Any]] = []  # in order; each action is checked against the state it was made in
        gone: set[int] = set()
        for e in events:
            if e.get("action") == "revoke":
                gone.add(int(e["revokes"]))
                state = start  # an undo: the state is the fold of what is still in force
                for earlier in done:
                    if int(earlier["seq"]) not in gone:
                        state = _apply(tracker, chosen, state, earlier)[0]
                continue
            state, problem = _apply(tracker, chosen, state, e)
            if problem:
                return f"event {e['seq']}: {problem}"
            done.append(e)
    except RunehallError as e:
        return f"the tracker does not replay: {e}"
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        return f"malformed tracker event ({type(e).__name__}: {e})"
    return None


def _apply(tracker: Any, options: Any, state: BaseModel, e: dict[str, Any]) -> tuple[BaseModel, str | None]:
    action = tracker.action(str(e["action"]))
    tape = [Draw(*d) for d in e["tape"]]
    source = ReplaySource(tape, dict(e["source"]))
    after, happened = action.apply(state, action.parse_params(dict(e["params"])), options, source)
    source.finish()
    if tape_json(source.tape) != [list(d) for d in e["tape"]]:
        return after, "its recorded draws (labels) are not what was drawn"
    if not same(happened, e["result"]):
        return after, "its stored result is not what the rules give for its draws"
    written = tracker.sheet_changes(state, e)
    if e.get("sheets") and not all(same(written.get(cid), fields) for cid, fields in e["sheets"].items()):
        return after, "the sheet fields it wrote are not what the rules give"
    return after, None


def _fair(source: dict[str, Any]) -> bool:
    return source.get("kind") == "fair"
