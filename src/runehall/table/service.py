"""The table service's core: tables, people, reading, rolls and odds (table/play.py adds the rest).

Every request becomes an appended event, or a clear error with nothing written.

Rules are checked before the write; each write is one transaction (the event, its sequence number and
for a fair roll its nonce). Rolls happen here, on the server, once: the stored event holds every face.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection

from runehall.chance.sources import ManualSource, Source
from runehall.errors import N_, ParameterError, RulesError, RunehallError
from runehall.fairness.streams import hidden_commitments, stream_for
from runehall.storage.store import Conflict, Event, Forbidden, NotFound, Participant, Store, Unauthorized
from runehall.systems import registry
from runehall.systems.base import GameSystem, Mechanic, Odds, RulesModel
from runehall.table.limits import JoinLimits
from runehall.table.state import TableState, fold
from runehall.table.visibility import SECRET_VISIBILITIES, VISIBILITIES, visible

FOLDED_KEPT = 64  # tables whose folded state is kept in memory (a page reads it several times)
PASSWORD_ITERATIONS = 200_000  # the only count checked: ExportedTable refuses any other on import
R = TypeVar("R")


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ITERATIONS)
    return f"pbkdf2_sha256${PASSWORD_ITERATIONS}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether the password matches. Only hashes with the parameters `hash_password` writes are checked:
    an imported hash asking for millions of iterations would make every wrong guess cost seconds of CPU."""
    parts = stored.split("$")
    if len(parts) != 4 or parts[0] != "pbkdf2_sha256" or parts[1] != str(PASSWORD_ITERATIONS):
        raise RulesError(N_("this table's password is stored in a form this service does not check"))
    try:
        salt = bytes.fromhex(parts[2])
    except ValueError:
        raise RulesError(N_("this table's password is stored in a form this service does not check")) from None
    again = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ITERATIONS)
    return hmac.compare_digest(again.hex(), parts[3])


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
        self.join_limits = JoinLimits()
        self._folded: OrderedDict[tuple[str, int, str, str], TableState] = OrderedDict()
        self._folded_lock = threading.Lock()

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
        address: str = "",
    ) -> Created:
        """A new table with its game master; `address` (the client's) is rate-limited on tables opened."""
        self.join_limits.opening(address)
        system = registry.get(system_id)
        chosen = system.options(options).model_dump(mode="json")
        password_hash = hash_password(password) if password else None
        seed_text = client_seed or secrets.token_hex(8)

        def work(c: Connection) -> Created:
            table_id = self.store.create_table(c, name, system_id, chosen, password_hash, players_can_undo, seed_text)
            gm, token = self.store.add_participant(c, table_id, gm_name, "gm")
            epoch = self.store.current_epoch(c, table_id)
            first = self.store.append(
                c,
                table_id,
                "table_created",
                gm.id,
                "public",
                {"name": name, "system": system_id, "options": chosen, "seed": epoch.view()},
            )
            joined = self.store.append(
                c, table_id, "joined", gm.id, "public", {"participant_id": gm.id, "name": gm_name, "role": "gm"}
            )
            code = self.store.table(c, table_id).invite_code
            main = epoch.main
            assert main is not None
            return Created(table_id, code, gm, token, main.commitment, [first, joined])

        return self.store.write(work)

    def join(
        self, code: str, name: str, password: str | None = None, address: str = ""
    ) -> tuple[Participant, str, Event]:
        """A new player at the table with this invite code. The password is checked before the write
        transaction, outside the SQLite writer lock: a wrong guess costs its own CPU, never other tables'
        writes. `address` (the client's) is rate-limited on failed joins, the table on joins of any kind."""
        self.join_limits.guess(address)
        code = code.strip().lower()  # codes are lowercase hex: one typed in capitals or pasted with spaces works
        try:
            table = self.store.read(lambda c: self.store.table_by_code(c, code))
            self.join_limits.attempt(table.id)
            if table.password_hash and not password:
                raise Unauthorized(N_("this table needs its password"))
            if table.password_hash and not check_password(password or "", table.password_hash):
                raise Unauthorized(N_("wrong password"))
        except (NotFound, Unauthorized):
            raise  # a failed guess: its token stays spent
        except RunehallError:
            self.join_limits.succeeded(address)  # refused for another reason: not a guess
            raise

        def work(c: Connection) -> tuple[Participant, str, Event]:
            self.store.lock(c, table.id)
            now = self.store.table(c, table.id)
            if now.invite_code != code or now.password_hash != table.password_hash:
                raise NotFound(N_("no table has that invite code"))  # changed while the password was checked
            if any(p.name.casefold() == name.casefold() for p in self.store.participants(c, table.id) if not p.revoked):
                raise Conflict(N_("someone at this table already has that name: choose another"))
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

        try:
            joined = self.store.write(work)
        finally:  # joined, or refused for its name: the code and password were right, so not a guess
            self.join_limits.succeeded(address)
        return joined

    def viewer(self, table_id: str, token: str) -> Participant:
        participant = self.store.read(lambda c: self.store.by_token(c, token))
        if participant.table_id != table_id:
            raise Forbidden(N_("this token belongs to another table"))
        return participant

    def revoke_participant(self, gm: Participant, participant_id: str) -> Event:
        self._gm_only(gm)
        if participant_id == gm.id:
            raise RulesError(N_("a game master cannot revoke their own access"))

        def work(c: Connection) -> Event:
            self.store.revoke_participant(c, gm.table_id, participant_id)
            return self.store.append(
                c, gm.table_id, "participant_revoked", gm.id, "public", {"participant_id": participant_id}
            )

        return self.write_as(gm, work)

    def change_invite_code(self, gm: Participant) -> tuple[str, Event]:
        """A fresh invite code; the old one stops working at once (a revoked player cannot rejoin with it).
        The event says the code changed, to the game master only, and holds no code."""
        self._gm_only(gm)

        def work(c: Connection) -> tuple[str, Event]:
            code = self.store.new_invite_code(c, gm.table_id)
            return code, self.store.append(c, gm.table_id, "invite_code_changed", gm.id, "gm", {})

        return self.write_as(gm, work)

    def write_as(self, viewer: Participant, work: Callable[[Connection], R]) -> R:
        """One write on behalf of `viewer`, refused unless their token is still good when it lands.

        The viewer was looked up before the transaction; a revoke may have committed since. So, with the
        table's write lock held (a revoke takes it too), their row is read again: a write that passes this
        check commits before any revoke that follows it, and none passes after a revoke's commit."""

        def checked(c: Connection) -> R:
            self.store.lock(c, viewer.table_id)
            self.store.still_seated(c, viewer)
            return work(c)

        return self.store.write(checked)

    # -- reading -------------------------------------------------------------------------------------
    def system(self, table_id: str) -> tuple[GameSystem, dict[str, Any]]:
        row = self.store.read(lambda c: self.store.table(c, table_id))
        return registry.get(row.system), dict(row.options)

    def state(self, table_id: str) -> TableState:
        """The table's state now. A page reads it several times: the fold of the same events is kept (the log
        is appended to only, so the same latest seq and options mean the same state). Read it, never change it."""
        system, options = self.system(table_id)
        latest = self.store.read(lambda c: self.store.latest_seq(c, table_id))
        key = (table_id, latest, system.id, json.dumps(options, sort_keys=True, default=str))
        with self._folded_lock:
            found = self._folded.get(key)
            if found is not None:
                self._folded.move_to_end(key)
                return found
        made = fold(system.id, options, self.store.read(lambda c: self.store.events(c, table_id)))
        if max(made.by_seq, default=0) != latest:  # an event landed between the two reads: not kept
            return made
        with self._folded_lock:
            self._folded[key] = made
            while len(self._folded) > FOLDED_KEPT:
                self._folded.popitem(last=False)
        return made

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
                "seeds": self.seed_views(c, viewer),
            }

        return self.store.read(work)

    # -- rolls ----------------------------------------------------------------------------------------
    def _source(self, c: Connection, table_id: str, manual: list[str] | None, stream: str, take: bool = True) -> Source:
        """Manual results, or the next nonce of the seed stream of the roll's audience (`take`: used up)."""
        if manual is not None:
            return ManualSource(manual)
        return self.store.fair_source(c, table_id, stream, take)

    def seed_views(self, c: Connection, viewer: Participant) -> list[dict[str, Any]]:
        """The table's seed epochs as this viewer may know them (runehall.fairness.streams)."""
        epochs = self.store.epochs(c, viewer.table_id)
        hidden = frozenset[str]()
        if any(e.legacy for e in epochs):
            hidden = hidden_commitments(self.store.events(c, viewer.table_id))
        return [e.view(viewer.id, viewer.is_gm, hidden) for e in epochs]

    def roll(
        self,
        viewer: Participant,
        mechanic_name: str,
        params: dict[str, Any],
        visibility: str = "public",
        manual: list[str] | None = None,
        system_id: str | None = None,
        about: dict[str, str] | None = None,
    ) -> Event:
        """A roll of a mechanic, stored with every face; `about` says what it is for (a character's sheet line)."""
        self._choosable(visibility)
        system, options = self.system(viewer.table_id)
        if system_id is not None and system_id not in (system.id, "dice"):
            raise RulesError(N_("this table plays {id}; only its mechanics and free dice can be rolled"), id=system.id)
        chosen = registry.get(system_id) if system_id else system
        mechanic = chosen.mechanic(mechanic_name)
        parsed = mechanic.parse_params(params)
        if mechanic.secret(parsed) and visibility not in SECRET_VISIBILITIES:
            raise RulesError(N_("the rules make this roll in secret: roll it GM-only (gm) or blind"))
        table_options = chosen.options(options if chosen.id == system.id else {})
        mechanic.chance(parsed, table_options)  # refuse impossible parameters before taking a nonce

        def work(c: Connection) -> Event:
            source = self._source(c, viewer.table_id, manual, stream_for(visibility, viewer.id))
            result = mechanic.roll(chosen.id, parsed, table_options, source, viewer.id)
            payload: dict[str, Any] = {"roll": result.to_json(), **({"about": dict(about)} if about else {})}
            return self.store.append(c, viewer.table_id, "roll", viewer.id, visibility, payload)

        return self.write_as(viewer, work)

    def exact_odds(
        self, viewer: Participant, mechanic_name: str, params: dict[str, Any], system_id: str | None = None
    ) -> tuple[GameSystem, Mechanic[Any, Any, Any], RulesModel, Odds[Any]]:
        """The system, mechanic, parsed parameters and exact odds of a roll this table may make."""
        system, options = self.system(viewer.table_id)
        chosen = registry.get(system_id) if system_id else system
        if chosen.id not in (system.id, "dice"):
            raise RulesError(N_("this table plays {id}"), id=system.id)
        mechanic = chosen.mechanic(mechanic_name)
        parsed = mechanic.parse_params(params)
        chosen_options = chosen.options(options if chosen.id == system.id else {})
        return chosen, mechanic, parsed, mechanic.odds(parsed, chosen_options)

    def odds(
        self, viewer: Participant, mechanic_name: str, params: dict[str, Any], system_id: str | None = None
    ) -> dict[str, Any]:
        chosen, mechanic, parsed, odds = self.exact_odds(viewer, mechanic_name, params, system_id)
        return {
            "system": chosen.id,
            "mechanic": mechanic.name,
            "params": parsed.model_dump(mode="json"),
            **odds.to_json(),
        }

    def record_odds(self, viewer: Participant, request: dict[str, Any], visibility: str) -> Event:
        self._choosable(visibility)
        return self.write_as(
            viewer, lambda c: self.store.append(c, viewer.table_id, "odds", viewer.id, visibility, request)
        )

    # -- helpers --------------------------------------------------------------------------------------
    @staticmethod
    def _choosable(visibility: str) -> None:
        """A visibility a person may ask for (the web's forms come here unchecked; "sealed" is the table's)."""
        if visibility not in VISIBILITIES:
            raise ParameterError(N_("who sees it must be one of: {value}"), value=", ".join(VISIBILITIES))

    @staticmethod
    def _gm_only(viewer: Participant) -> None:
        if not viewer.is_gm:
            raise Forbidden(N_("only the game master can do this"))
