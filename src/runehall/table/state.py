"""A table's state, folded from its events: characters, trackers, and what has been revoked.

Characters and trackers carry one visibility for all their events, set when they are created, so a
viewer who may see one of them may see all of its history (and one who may not, sees none of it). The
one exception is a sealed tracker action (one side of a secret, simultaneous choice): only its author
sees that event, though it is folded into the tracker's state like any other.

A tracker's controllers (combatant -> participant) are set in its start event and replaced, whole, by
each `tracker_controllers` event; the last one still in force wins, so undoing one restores the one before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runehall.play.log import PlayLog
from runehall.storage.store import Event


@dataclass
class CharacterRecord:
    id: str
    owner: str | None
    visibility: str
    sheet: dict[str, Any]
    created_seq: int


@dataclass
class TrackerRecord:
    id: str
    tracker: str
    owner: str | None
    visibility: str
    setup: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)  # in PlayLog's form
    controllers: dict[str, str] = field(default_factory=dict)  # combatant key -> participant id
    control_seqs: list[int] = field(default_factory=list)  # its tracker_controllers events, in order


@dataclass
class TableState:
    system: str
    options: dict[str, Any]
    revoked: set[int] = field(default_factory=set)
    characters: dict[str, CharacterRecord] = field(default_factory=dict)
    trackers: dict[str, TrackerRecord] = field(default_factory=dict)
    by_seq: dict[int, Event] = field(default_factory=dict)

    def play_log(self, tracker_id: str) -> PlayLog:
        record = self.trackers[tracker_id]
        log = PlayLog(self.system, record.tracker, self.options, record.setup)
        log.events = list(record.events)
        return log


def fold(system: str, options: dict[str, Any], events: list[Event]) -> TableState:
    state = TableState(system, options)
    for e in events:
        state.by_seq[e.seq] = e
        p = e.payload
        if e.kind == "revoke":
            target = int(p["revokes"])
            state.revoked.add(target)
            original = state.by_seq.get(target)
            if original is not None and original.kind == "tracker_action":
                record = state.trackers[original.payload["tracker_id"]]
                record.events.append({"seq": e.seq, "action": "revoke", "revokes": target, "by": e.author})
        elif e.kind == "character_created":
            state.characters[p["character_id"]] = CharacterRecord(
                p["character_id"], p.get("owner"), e.visibility, p["sheet"], e.seq
            )
        elif e.kind == "character_edited" and e.seq not in state.revoked:
            state.characters[p["character_id"]].sheet = p["sheet"]
        elif e.kind == "tracker_started":
            state.trackers[p["tracker_id"]] = TrackerRecord(
                p["tracker_id"], p["tracker"], p.get("owner"), e.visibility, p["setup"]
            )
            state.trackers[p["tracker_id"]].controllers = _controllers(p.get("controllers", {}))
        elif e.kind == "tracker_controllers":
            _controllers(p["controllers"])
            state.trackers[p["tracker_id"]].control_seqs.append(e.seq)
        elif e.kind == "tracker_action":
            keys: tuple[str, ...] = ("action", "params", "source", "tape", "result", "sheets")
            action = {k: p[k] for k in keys if k in p}
            state.trackers[p["tracker_id"]].events.append({"seq": e.seq, "by": e.author, **action})
    # A character edit revoked later: re-apply the edits still in force, in order. A tracker action may write
    # some fields of a sheet too (a Rune encounter's settlement credits each hero's victory points): merged in
    # its place in that order, and gone with it when it is undone.
    for character in state.characters.values():
        if character.created_seq in state.revoked:
            continue
        sheet = state.by_seq[character.created_seq].payload["sheet"]
        for ev in events:
            if ev.seq in state.revoked:
                continue
            if ev.kind == "character_edited" and ev.payload["character_id"] == character.id:
                sheet = ev.payload["sheet"]
            elif ev.kind == "tracker_action" and character.id in (ev.payload.get("sheets") or {}):
                sheet = {**sheet, **ev.payload["sheets"][character.id]}
        character.sheet = sheet
    # A tracker's controllers: those of its last assignment still in force (undo restores the one before).
    for record in state.trackers.values():
        in_force = [seq for seq in record.control_seqs if seq not in state.revoked]
        if in_force:
            record.controllers = _controllers(state.by_seq[in_force[-1]].payload["controllers"])
    return state


def _controllers(value: Any) -> dict[str, str]:
    """A stored controllers mapping, checked (an import must not hold anything else)."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise TypeError("controllers must map combatants to participant ids")
    return dict(value)
