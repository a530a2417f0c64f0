"""The play log: every change to a tracker is an appended event, and state is their fold.

An event records the action, its parameters, where its randomness came from and every draw, and what
happened. Folding replays each non-revoked action through a ReplaySource, so random actions give the
same result again. Undo appends a `revoke` event; the original stays in the log, shown as revoked. An
undo whose removal would make a later event illegal is refused, leaving the log as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from runehall.chance.sources import Draw, ReplaySource, Source
from runehall.errors import N_, RulesError, RunehallError, VerificationError
from runehall.systems import registry
from runehall.systems.base import GameSystem, RulesModel
from runehall.systems.tracker import Tracker

FORMAT = "runehall-play/1"


@dataclass
class PlayLog:
    system_id: str
    tracker_name: str
    options: dict[str, Any]
    setup: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)

    # -- the pieces this log is made of --------------------------------------------------------------
    @property
    def system(self) -> GameSystem:
        return registry.get(self.system_id)

    @property
    def tracker(self) -> Tracker[Any]:
        return self.system.tracker(self.tracker_name)

    def option_values(self) -> RulesModel:
        return self.system.options(self.options)

    @classmethod
    def start(cls, system_id: str, tracker_name: str, options: dict[str, Any], setup: dict[str, Any]) -> PlayLog:
        log = cls(system_id, tracker_name, {}, {})
        system = log.system
        log.options = system.options(options).model_dump(mode="json")
        tracker = system.tracker(tracker_name)
        log.setup = tracker.parse_setup(setup).model_dump(mode="json")
        log.state()  # the setup must give a legal starting state
        return log

    # -- folding -------------------------------------------------------------------------------------
    def revoked(self) -> set[int]:
        return {int(e["revokes"]) for e in self.events if e["action"] == "revoke"}

    def _fold(self, events: list[dict[str, Any]]) -> BaseModel:
        tracker, options = self.tracker, self.option_values()
        state: BaseModel = tracker.start(tracker.parse_setup(self.setup), options)
        gone = {int(e["revokes"]) for e in events if e["action"] == "revoke"}
        for event in events:
            if event["action"] == "revoke" or event["seq"] in gone:
                continue
            action = tracker.action(event["action"])
            tape = [Draw(*d) for d in event["tape"]]
            source = ReplaySource(tape, event["source"])
            state, _ = action.apply(state, action.parse_params(event["params"]), options, source)
            source.finish()
        return state

    def state(self) -> BaseModel:
        return self._fold(self.events)

    # -- changing ------------------------------------------------------------------------------------
    def prepare(
        self, action_name: str, params: dict[str, Any], source: Source, by: str | None = None
    ) -> dict[str, Any]:
        """The event an action would append, checked against the current state; RulesError if illegal."""
        tracker = self.tracker
        action = tracker.action(action_name)
        parsed = action.parse_params(params)
        _, happened = action.apply(self.state(), parsed, self.option_values(), source)
        source.finish()
        return {
            "seq": len(self.events) + 1,
            "action": action_name,
            "params": parsed.model_dump(mode="json"),
            "by": by,
            "source": source.describe(),
            "tape": [list(d) if d.label is not None else [d.n, d.value] for d in source.tape],
            "result": happened,
        }

    def apply(self, action_name: str, params: dict[str, Any], source: Source, by: str | None = None) -> dict[str, Any]:
        """Apply one action to the current state and append it; nothing is appended if it is refused."""
        event = self.prepare(action_name, params, source, by)
        self.events.append(event)
        return event

    def undo(self, seq: int | None = None, by: str | None = None) -> dict[str, Any]:
        """Revoke event `seq` (default: the last event still in force)."""
        gone = self.revoked()
        live = [e["seq"] for e in self.events if e["action"] != "revoke" and e["seq"] not in gone]
        if seq is None:
            if not live:
                raise RulesError(N_("there is nothing to undo"))
            seq = live[-1]
        if seq not in live:
            raise RulesError(N_("event {seq} is not an action still in force"), seq=seq)
        event = {"seq": len(self.events) + 1, "action": "revoke", "revokes": seq, "by": by}
        try:
            self._fold([*self.events, event])
        except RunehallError as e:
            raise RulesError(N_("cannot undo event {seq}: a later event depends on it ({e})"), seq=seq, e=e) from None
        self.events.append(event)
        return event

    # -- storage -------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "system": self.system_id,
            "tracker": self.tracker_name,
            "options": self.options,
            "setup": self.setup,
            "events": self.events,
        }

    @classmethod
    def from_json(cls, data: Any) -> PlayLog:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise VerificationError(N_("not a Runehall play log"))
        try:
            log = cls(str(data["system"]), str(data["tracker"]), dict(data["options"]), dict(data["setup"]))
            log.events = [dict(e) for e in data["events"]]
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise VerificationError(N_("damaged play log: {e}"), e=e) from None
        log.state()  # a log that does not fold is refused whole
        return log
