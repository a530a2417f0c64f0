"""The table service's core: tables, people, reading, rolls and odds (table/play.py adds the rest).

Every request becomes an appended event, or a clear error with nothing written.

Rules are checked before the write; each write is one transaction (the event, its sequence number and
for a fair roll its nonce). Rolls happen here, on the server, once: the stored event holds every face.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from runehall.chance.sources import FairSource, ManualSource, Source
from runehall.errors import ParameterError, RulesError
from runehall.storage.store import Event, Forbidden, Participant, SeedEpoch, Store, Unauthorized
from runehall.systems import registry
from runehall.systems.base import GameSystem
from runehall.table.state import TableState, fold
from runehall.table.visibility import SECRET_VISIBILITIES, VISIBILITIES, visible

PASSWORD_ITERATIONS = 200_000


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ITERATIONS)
    return f"pbkdf2_sha256${PASSWORD_ITERATIONS}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    _, iterations, salt, digest = stored.split("$")
    again = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), int(iterations))
    return hmac.compare_digest(again.hex(), digest)


@dataclass(frozen=True)
class Created:
    table_id: str
    invite_code: str
    gm: Participant
    gm_token: str
    commitment: str
    events: list[Event]


class TableCore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- tables and people ---------------------------------------------------------------------------
    def create(
        self,
        name: str,
        system_id: str,
        options: dict[str, Any],
        gm_name: str,
        password: str | None = None,
        players_can_undo: bool = False,
        client_seed: str | None = None,
    ) -> Created:
        system = registry.get(system_id)
        chosen = system.options(options).model_dump(mode="json")
        password_hash = hash_password(password) if password else None
        seed_text = client_seed or secrets.token_hex(8)

        def work(c: Connection) -> Created:
            table_id = self.store.create_table(c, name, system_id, chosen, password_hash, players_can_undo, seed_text)
            gm, token = self.store.add_participant(c, table_id, gm_name, "gm")
            epoch = self.store.epochs(c, table_id)[0]
            first = self.store.append(
                c,
                table_id,
                "table_created",
                gm.id,
                "public",
                {"name": name, "system": system_id, "options": chosen, "seed": epoch.public()},
            )
            joined = self.store.append(
                c, table_id, "joined", gm.id, "public", {"participant_id": gm.id, "name": gm_name, "role": "gm"}
            )
            code = self.store.table(c, table_id).invite_code
            return Created(table_id, code, gm, token, epoch.commitment, [first, joined])

        return self.store.write(work)

    def join(self, code: str, name: str, password: str | None = None) -> tuple[Participant, str, Event]:
        def work(c: Connection) -> tuple[Participant, str, Event]:
            table = self.store.table_by_code(c, code)
            if table.password_hash and not (password and check_password(password, table.password_hash)):
                raise Unauthorized("this table needs its password")
            participant, token = self.store.add_participant(c, table.id, name, "player")
            event = self.store.append(
                c,
                table.id,
                "joined",
                participant.id,
                "public",
                {"participant_id": participant.id, "name": name, "role": "player"},
            )
            return participant, token, event

        return self.store.write(work)

    def viewer(self, table_id: str, token: str) -> Participant:
        participant = self.store.read(lambda c: self.store.by_token(c, token))
        if participant.table_id != table_id:
            raise Forbidden("this token belongs to another table")
        return participant

    def revoke_participant(self, gm: Participant, participant_id: str) -> Event:
        self._gm_only(gm)
        if participant_id == gm.id:
            raise RulesError("a game master cannot revoke their own access")

        def work(c: Connection) -> Event:
            self.store.revoke_participant(c, gm.table_id, participant_id)
            return self.store.append(
                c, gm.table_id, "participant_revoked", gm.id, "public", {"participant_id": participant_id}
            )

        return self.store.write(work)

    # -- reading -------------------------------------------------------------------------------------
    def system(self, table_id: str) -> tuple[GameSystem, dict[str, Any]]:
        row = self.store.read(lambda c: self.store.table(c, table_id))
        return registry.get(row.system), dict(row.options)

    def state(self, table_id: str) -> TableState:
        system, options = self.system(table_id)
        return fold(system.id, options, self.store.read(lambda c: self.store.events(c, table_id)))

    def locked_state(self, c: Connection, table_id: str) -> TableState:
        """The state inside a write transaction, after taking the table's write lock: checks made on it
        still hold when the event is appended (no other write at this table can land in between)."""
        self.store.lock(c, table_id)
        row = self.store.table(c, table_id)
        return fold(registry.get(row.system).id, dict(row.options), self.store.events(c, table_id))

    def events_for(self, viewer: Participant, since: int = 0) -> list[Event]:
        return visible(self.store.read(lambda c: self.store.events(c, viewer.table_id, since)), viewer)

    def summary(self, viewer: Participant) -> dict[str, Any]:
        def work(c: Connection) -> dict[str, Any]:
            table = self.store.table(c, viewer.table_id)
            people = self.store.participants(c, viewer.table_id)
            return {
                "id": table.id,
                "name": table.name,
                "system": table.system,
                "options": table.options,
                "invite_code": table.invite_code if viewer.is_gm else None,
                "players_can_undo": bool(table.players_can_undo),
                "last_seq": int(table.last_seq),
                "you": {"id": viewer.id, "name": viewer.name, "role": viewer.role},
                "participants": [{"id": p.id, "name": p.name, "role": p.role, "revoked": p.revoked} for p in people],
                "seeds": [e.public() for e in self.store.epochs(c, viewer.table_id)],
            }

        return self.store.read(work)

    # -- rolls ----------------------------------------------------------------------------------------
    def _source(self, c: Connection, table_id: str, manual: list[str] | None) -> Source:
        if manual is not None:
            return ManualSource(manual)
        epoch: SeedEpoch = self.store.take_nonce(c, table_id)
        return FairSource(bytes.fromhex(epoch.server_seed), epoch.client_seed, epoch.next_nonce)

    def roll(
        self,
        viewer: Participant,
        mechanic_name: str,
        params: dict[str, Any],
        visibility: str = "public",
        manual: list[str] | None = None,
        system_id: str | None = None,
    ) -> Event:
        self._choosable(visibility)
        system, options = self.system(viewer.table_id)
        if system_id is not None and system_id not in (system.id, "dice"):
            raise RulesError(f"this table plays {system.id}; only its mechanics and free dice can be rolled")
        chosen = registry.get(system_id) if system_id else system
        mechanic = chosen.mechanic(mechanic_name)
        parsed = mechanic.parse_params(params)
        if mechanic.secret(parsed) and visibility not in SECRET_VISIBILITIES:
            raise RulesError("the rules make this roll in secret: roll it GM-only (gm) or blind")
        table_options = chosen.options(options if chosen.id == system.id else {})
        mechanic.chance(parsed, table_options)  # refuse impossible parameters before taking a nonce

        def work(c: Connection) -> Event:
            source = self._source(c, viewer.table_id, manual)
            result = mechanic.roll(chosen.id, parsed, table_options, source, viewer.id)
            return self.store.append(c, viewer.table_id, "roll", viewer.id, visibility, {"roll": result.to_json()})

        return self.store.write(work)

    def odds(
        self, viewer: Participant, mechanic_name: str, params: dict[str, Any], system_id: str | None = None
    ) -> dict[str, Any]:
        system, options = self.system(viewer.table_id)
        chosen = registry.get(system_id) if system_id else system
        if chosen.id not in (system.id, "dice"):
            raise RulesError(f"this table plays {system.id}")
        mechanic = chosen.mechanic(mechanic_name)
        parsed = mechanic.parse_params(params)
        odds = mechanic.odds(parsed, chosen.options(options if chosen.id == system.id else {}))
        return {
            "system": chosen.id,
            "mechanic": mechanic.name,
            "params": parsed.model_dump(mode="json"),
            **odds.to_json(),
        }

    def record_odds(self, viewer: Participant, request: dict[str, Any], visibility: str) -> Event:
        self._choosable(visibility)
        return self.store.write(lambda c: self.store.append(c, viewer.table_id, "odds", viewer.id, visibility, request))

    # -- helpers --------------------------------------------------------------------------------------
    @staticmethod
    def _choosable(visibility: str) -> None:
        """A visibility a person may ask for (the web's forms come here unchecked; "sealed" is the table's)."""
        if visibility not in VISIBILITIES:
            raise ParameterError(f"who sees it must be one of: {', '.join(VISIBILITIES)}")

    @staticmethod
    def _gm_only(viewer: Participant) -> None:
        if not viewer.is_gm:
            raise Forbidden("only the game master can do this")
