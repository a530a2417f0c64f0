"""Seed epochs and their streams in the store (the design is in runehall.fairness.streams).

An epoch has a client seed (a base, and what participants added before its first roll), and one committed
server seed per audience stream, each with its own nonce counter. A roll takes the next nonce of its
stream in the transaction that appends it. Rotating reveals the epoch (each stream's seed to its own
audience, with its final nonce count) and opens the next one.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, func, insert, select, update

from runehall.chance.sources import FairSource, commitment
from runehall.errors import N_, RulesError
from runehall.fairness.streams import GM, LEGACY, PUBLIC, effective_client_seed, may_see_stream, personal_streams
from runehall.storage.schema import participants, seed_streams, seeds

SEED_BYTES = 32
MAX_ADDITIONS = 100  # additions to one epoch's client seed: each roll folds them all in


@dataclass(frozen=True)
class SeedStream:
    stream: str
    server_seed: str | None  # hex; None when it was left out of the import this table came from
    commitment: str
    next_nonce: int


@dataclass(frozen=True)
class SeedEpoch:
    epoch: int
    client_seed: str  # the base
    contributions: tuple[dict[str, str], ...]
    revealed: bool
    streams: tuple[SeedStream, ...]

    @property
    def effective_client_seed(self) -> str:
        return effective_client_seed(self.client_seed, [c["text"] for c in self.contributions])

    @property
    def rolled(self) -> bool:
        return any(s.next_nonce > 0 for s in self.streams)

    @property
    def legacy(self) -> bool:
        return any(s.stream == LEGACY for s in self.streams)

    def stream(self, name: str) -> SeedStream | None:
        return next((s for s in self.streams if s.stream == name), None)

    @property
    def main(self) -> SeedStream | None:
        return self.stream(PUBLIC) or self.stream(LEGACY)

    def view(
        self, viewer_id: str | None = None, is_gm: bool = False, hidden_commitments: frozenset[str] = frozenset()
    ) -> dict[str, Any]:
        """What this viewer may know of the epoch: every commitment; a seed only once revealed and only to
        its stream's audience (viewer None: everyone, so the public stream's only); final nonce counts once
        revealed."""
        streams = []
        for s in self.streams:
            if viewer_id is None:  # what everyone may know (a public event)
                shown = self.revealed and s.stream == PUBLIC
            else:
                legacy_public = s.commitment not in hidden_commitments
                shown = self.revealed and may_see_stream(s.stream, viewer_id, is_gm, legacy_public)
            streams.append(
                {
                    "stream": s.stream,
                    "commitment": s.commitment,
                    "server_seed": s.server_seed if shown else None,
                    "nonces": s.next_nonce if self.revealed else None,
                    "lost": s.server_seed is None,  # left behind by the export this table was imported from
                }
            )
        main = self.main
        main_seed = next((s["server_seed"] for s in streams if main and s["stream"] == main.stream), None)
        return {
            "epoch": self.epoch,
            "commitment": main.commitment if main else None,  # the public stream's, for a short display
            "server_seed": main_seed,
            "client_seed": self.effective_client_seed,
            "client_seed_base": self.client_seed,
            "contributions": [dict(c) for c in self.contributions],
            "revealed": self.revealed,
            "streams": streams,
        }

    def exported(self) -> dict[str, Any]:
        """The epoch in a table export: revealed seeds only; a seed in use stays on this server (a backup
        of the database is the way to move it)."""
        return {
            "epoch": self.epoch,
            "client_seed": self.client_seed,
            "contributions": [dict(c) for c in self.contributions],
            "revealed": self.revealed,
            "streams": [
                {
                    "stream": s.stream,
                    "server_seed": s.server_seed if self.revealed else None,
                    "commitment": s.commitment,
                    "next_nonce": s.next_nonce,
                }
                for s in self.streams
            ],
        }


def _stream_row(table_id: str, epoch: int, stream: str) -> dict[str, Any]:
    seed = secrets.token_bytes(SEED_BYTES)
    return {
        "table_id": table_id,
        "epoch": epoch,
        "stream": stream,
        "server_seed": seed.hex(),
        "commitment": commitment(seed),
        "next_nonce": 0,
    }


class SeedStore:
    """Mixed into Store: the seed epochs of a table."""

    def lock(self, connection: Connection, table_id: str) -> None:  # pragma: no cover - Store's
        raise NotImplementedError

    def new_epoch(self, connection: Connection, table_id: str, epoch: int, client_seed: str) -> SeedEpoch:
        """A fresh epoch: its public and GM streams, and the personal streams of everyone seated now
        (all committed before anyone can add to its client seed, so no seed is chosen knowing it)."""
        connection.execute(
            insert(seeds).values(
                table_id=table_id, epoch=epoch, client_seed=client_seed, contributions=None, revealed=False
            )
        )
        seated = connection.execute(
            select(participants.c.id).where(
                and_(participants.c.table_id == table_id, participants.c.revoked.is_(False))
            )
        ).scalars()
        names = [PUBLIC, GM, *(name for pid in seated for name in personal_streams(pid))]
        connection.execute(insert(seed_streams), [_stream_row(table_id, epoch, name) for name in names])
        return self.current_epoch(connection, table_id)

    def add_personal_streams(self, connection: Connection, table_id: str, participant_id: str) -> None:
        """A newcomer's private and sealed streams in the epoch in use (committed as they join)."""
        current = self._current(connection, table_id)
        if current is None or current.legacy:
            return
        missing = [name for name in personal_streams(participant_id) if current.stream(name) is None]
        if missing:
            connection.execute(insert(seed_streams), [_stream_row(table_id, current.epoch, n) for n in missing])

    def epochs(self, connection: Connection, table_id: str, only: int | None = None) -> list[SeedEpoch]:
        """The table's epochs in order (`only`: that one epoch)."""
        which = seeds.c.table_id == table_id
        which_streams = seed_streams.c.table_id == table_id
        if only is not None:
            which = and_(which, seeds.c.epoch == only)
            which_streams = and_(which_streams, seed_streams.c.epoch == only)
        rows = connection.execute(select(seeds).where(which).order_by(seeds.c.epoch)).all()
        streams: dict[int, list[SeedStream]] = {}
        for s in connection.execute(select(seed_streams).where(which_streams).order_by(seed_streams.c.stream)):
            streams.setdefault(int(s.epoch), []).append(
                SeedStream(s.stream, s.server_seed, s.commitment, int(s.next_nonce))
            )
        return [
            SeedEpoch(
                int(r.epoch),
                r.client_seed,
                tuple(dict(c) for c in (r.contributions or [])),
                bool(r.revealed),
                tuple(streams.get(int(r.epoch), [])),
            )
            for r in rows
        ]

    def _current(self, connection: Connection, table_id: str) -> SeedEpoch | None:
        """The epoch in use (read alone: a roll should not read every epoch the table ever had)."""
        live = connection.execute(
            select(func.max(seeds.c.epoch)).where(and_(seeds.c.table_id == table_id, seeds.c.revealed.is_(False)))
        ).scalar_one()
        return None if live is None else self.epochs(connection, table_id, only=int(live))[0]

    def current_epoch(self, connection: Connection, table_id: str) -> SeedEpoch:
        current = self._current(connection, table_id)
        if current is None:
            raise RulesError(N_("this table has no seed in use"))
        return current

    def fair_source(self, connection: Connection, table_id: str, stream: str, take: bool = True) -> FairSource:
        """The source for the next roll of a stream of the epoch in use; `take` moves its counter on (in
        this transaction). A legacy epoch has one stream for everything until it is rotated."""
        self.lock(connection, table_id)  # a rotation cannot reveal this epoch between reading and using it
        current = self.current_epoch(connection, table_id)
        name = LEGACY if current.legacy else stream
        found = current.stream(name)
        if found is None:  # a participant seated before their streams existed: committed now
            connection.execute(insert(seed_streams).values(**_stream_row(table_id, current.epoch, name)))
            found = self.current_epoch(connection, table_id).stream(name)
            assert found is not None
        if found.server_seed is None:
            raise RulesError(N_("this table's seed in use was not imported; rotate it before rolling"))
        if take:
            connection.execute(
                update(seed_streams)
                .where(
                    and_(
                        seed_streams.c.table_id == table_id,
                        seed_streams.c.epoch == current.epoch,
                        seed_streams.c.stream == name,
                    )
                )
                .values(next_nonce=seed_streams.c.next_nonce + 1)
            )
        seed = bytes.fromhex(found.server_seed)
        return FairSource(seed, current.effective_client_seed, found.next_nonce, stream=name)

    def rotate(self, connection: Connection, table_id: str, client_seed: str | None) -> tuple[SeedEpoch, SeedEpoch]:
        """Reveal the epoch in use and open the next; returns both."""
        self.lock(connection, table_id)  # two rotations at once would both reveal one epoch and clash
        current = self.current_epoch(connection, table_id)
        connection.execute(
            update(seeds)
            .where(and_(seeds.c.table_id == table_id, seeds.c.epoch == current.epoch))
            .values(revealed=True)
        )
        fresh = self.new_epoch(connection, table_id, current.epoch + 1, client_seed or current.client_seed)
        return self.epochs(connection, table_id, only=current.epoch)[0], fresh

    def add_to_client_seed(self, connection: Connection, table_id: str, by: str, text: str) -> SeedEpoch:
        """A participant's addition to the client seed of the epoch in use, refused once it has rolled."""
        self.lock(connection, table_id)
        current = self.current_epoch(connection, table_id)
        if len(current.contributions) >= MAX_ADDITIONS:
            raise RulesError(
                N_("this seed already has {MAX_ADDITIONS} additions to its client seed, the most it takes"),
                MAX_ADDITIONS=MAX_ADDITIONS,
            )
        if current.rolled:
            raise RulesError(
                N_(
                    "this seed has already been rolled with: add to the client seed after the next rotation, "
                    "before its first roll"
                )
            )
        added = [*current.contributions, {"by": by, "text": text}]
        connection.execute(
            update(seeds)
            .where(and_(seeds.c.table_id == table_id, seeds.c.epoch == current.epoch))
            .values(contributions=added)
        )
        return self.current_epoch(connection, table_id)

    def insert_epochs(self, connection: Connection, table_id: str, epochs: list[dict[str, Any]]) -> None:
        """Imported epochs, as checked by the import (each with its streams)."""
        for e in epochs:
            connection.execute(
                insert(seeds).values(
                    table_id=table_id,
                    epoch=e["epoch"],
                    client_seed=e["client_seed"],
                    contributions=e["contributions"] or None,
                    revealed=e["revealed"],
                )
            )
            for s in e["streams"]:
                connection.execute(insert(seed_streams).values(table_id=table_id, epoch=e["epoch"], **s))
