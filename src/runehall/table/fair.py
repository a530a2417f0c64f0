"""Seeds at the table: rotating, adding to the client seed, and the fair log each viewer may verify.

The fair log served to a viewer holds exactly what they may see: every commitment, the revealed seeds of
the streams whose audience they are in (runehall.fairness.streams), the fair rolls and tracker draws they
see, and each tracker they see with its events, so `runehall verify` can fold it and check its results.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection

from runehall.errors import N_, ParameterError
from runehall.fairness.verify import LOG_FORMAT, TRACKER_PREFIX
from runehall.rolling import RollResult
from runehall.storage.store import Event, Participant
from runehall.table.service import TableCore
from runehall.table.state import fold
from runehall.table.visibility import can_see


class FairTable(TableCore):
    def rotate_seed(self, viewer: Participant, client_seed: str | None = None) -> Event:
        """Reveal the epoch in use (each stream's seed to its audience, through the fair log) and commit to
        the next. The public event carries only what everyone may know."""
        self._gm_only(viewer)

        def work(c: Connection) -> Event:
            revealed, fresh = self.store.rotate(c, viewer.table_id, client_seed)
            payload = {"revealed": revealed.view(viewer_id=None), "next": fresh.view(viewer_id=None)}
            return self.store.append(c, viewer.table_id, "seed_rotated", viewer.id, "public", payload)

        return self.write_as(viewer, work)

    def add_to_client_seed(self, viewer: Participant, text: str) -> Event:
        """Any participant may add to the client seed of the epoch in use until its first roll (409 after):
        then no seed committed before could have been chosen knowing the client seed."""
        if not text or len(text) > 120 or any(ord(ch) < 32 for ch in text):
            raise ParameterError(N_("an addition to the client seed is 1 to 120 printable characters"))

        def work(c: Connection) -> Event:
            epoch = self.store.add_to_client_seed(c, viewer.table_id, viewer.id, text)
            payload = {"epoch": epoch.epoch, "text": text, "client_seed": epoch.effective_client_seed}
            return self.store.append(c, viewer.table_id, "client_seed_added", viewer.id, "public", payload)

        return self.write_as(viewer, work)

    def fair_log(self, viewer: Participant) -> dict[str, Any]:
        """The log this viewer may verify (docs/fairness.md, docs/fair-log.schema.json)."""
        system, options = self.system(viewer.table_id)

        def work(c: Connection) -> tuple[list[dict[str, Any]], list[Event]]:
            return self.seed_views(c, viewer), self.store.events(c, viewer.table_id)

        epochs, everything = self.store.snapshot(work)
        state = fold(system.id, options, everything)
        rolls: list[dict[str, Any]] = []
        names: dict[str, str] = {}
        for e in everything:
            if not can_see(e, viewer):
                continue
            p = e.payload
            if e.kind == "roll":
                rolls.append({**p["roll"], "seq": e.seq})
            elif e.kind == "tracker_started":
                names[p["tracker_id"]] = p["tracker"]
            elif e.kind == "tracker_action" and p["source"].get("kind") == "fair":
                name = f"{TRACKER_PREFIX}{names.get(p['tracker_id'], '?')}/{p['action']}"
                entry = RollResult(system.id, name, p["params"], options, p["source"], e.author, (), None, p["result"])
                rolls.append(entry.to_json() | {"tape": p["tape"], "seq": e.seq, "tracker_id": p["tracker_id"]})
        started = {e.payload["tracker_id"]: e for e in everything if e.kind == "tracker_started"}
        trackers = []
        for tracker_id, record in state.trackers.items():
            if not can_see(started[tracker_id], viewer):
                continue
            shown = [ev for ev in record.events if can_see(state.by_seq[ev["seq"]], viewer)]
            trackers.append(
                {
                    "id": tracker_id,
                    "tracker": record.tracker,
                    "setup": record.setup,
                    "complete": len(shown) == len(record.events),
                    "events": shown,
                }
            )
        return {
            "format": LOG_FORMAT,
            "table": viewer.table_id,
            "system": system.id,
            "options": options,
            "viewer": {"id": viewer.id, "role": viewer.role},
            "epochs": epochs,
            "rolls": rolls,
            "trackers": trackers,
        }
