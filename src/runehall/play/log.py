"""The play log: every change to a tracker is an appended event, and state is their fold.

An event records the action, its parameters, where its randomness came from and every draw, and what
happened. Folding replays each non-revoked action through a ReplaySource, so random actions give the
same result again. Undo appends a `revoke` event; the original stays in the log, shown as revoked. An
undo whose removal would make a later event illegal is refused, leaving the log as it was.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from runehall.chance.sources import Draw, ReplaySource, Source
from runehall.errors import N_, RulesError, RunehallError, VerificationError
from runehall.systems import registry
from runehall.systems.base import GameSystem, RulesModel
from runehall.systems.tracker import Tracker

FORMAT = "runehall-play/1"

# Folded states already worked out, by the digest of everything they were folded from (system, tracker, options,
# setup and the events up to that point). Every board, every move's check and every card folds its tracker's
# whole log again; a fight of an evening is hundreds of moves, each replayed through its rules. With this, a
# fold starts from the longest stored prefix of the log (unless a later event revokes one inside it) and
# replays only what came after. States are kept pickled and handed out unpickled, each a copy of its own (an
# action may change the state it was given; pickling copies a state several times faster than deepcopy).
FOLD_CACHE_SIZE = 512
_folds: OrderedDict[bytes, bytes] = OrderedDict()
_folds_lock = threading.Lock()  # the web serves from a pool of threads


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str).encode()


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

    def _prefix_keys(self, events: list[dict[str, Any]]) -> list[bytes]:
        """The cache key of each prefix of `events`: [0] before any event, [k] after the k-th."""
        digest = hashlib.blake2b(_canonical([self.system_id, self.tracker_name, self.options, self.setup]))
        keys = [digest.digest()]
        for event in events:
            digest.update(_canonical(event))
            keys.append(digest.digest())
        return keys

    def _fold(self, events: list[dict[str, Any]]) -> BaseModel:
        tracker, options = self.tracker, self.option_values()
        keys = self._prefix_keys(events)
        gone = {int(e["revokes"]) for e in events if e["action"] == "revoke"}
        # A prefix that holds an event but not the revoke of it was folded with that event in force: unusable.
        where = {e["seq"]: i for i, e in enumerate(events)}
        spans = [
            (where[int(e["revokes"])], j)
            for j, e in enumerate(events)
            if e["action"] == "revoke" and int(e["revokes"]) in where
        ]
        kept: bytes | None = None
        done = 0
        with _folds_lock:
            for k in range(len(events), -1, -1):  # the longest stored prefix the log's undos leave whole
                if all(not (i < k <= j) for i, j in spans) and keys[k] in _folds:
                    _folds.move_to_end(keys[k])
                    kept, done = _folds[keys[k]], k
                    break
        state: BaseModel = (
            pickle.loads(kept) if kept is not None else tracker.start(tracker.parse_setup(self.setup), options)
        )
        for event in events[done:]:
            if event["action"] == "revoke" or event["seq"] in gone:
                continue
            action = tracker.action(event["action"])
            tape = [Draw(*d) for d in event["tape"]]
            source = ReplaySource(tape, event["source"])
            state, _ = action.apply(state, action.parse_params(event["params"]), options, source)
            source.finish()
        if done == len(events):
            return state  # (stored already)
        folded = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        with _folds_lock:
            _folds[keys[-1]] = folded
            _folds.move_to_end(keys[-1])
            while len(_folds) > FOLD_CACHE_SIZE:
                _folds.popitem(last=False)
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
