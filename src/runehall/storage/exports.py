"""The table export format, checked before anything of an import is written (runehall-table/2; /1 still
imports). `Store.export` writes it; `parse_export` checks a document is one, consistent with itself."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from runehall.chance.sources import commitment
from runehall.errors import N_, Invalid, ParameterError, Refusal
from runehall.storage.store import aware, contains_nul

Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Count = Annotated[int, Field(ge=0, le=2**53)]


class _Exported(BaseModel):
    model_config = ConfigDict(extra="ignore")

    @field_validator("created_at", mode="after", check_fields=False)
    @classmethod
    def _in_utc(cls, moment: datetime) -> datetime:
        return aware(moment)


class ExportedTable(_Exported):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=120)]
    system: Annotated[str, Field(min_length=1, max_length=40)]
    options: dict[str, Any]
    # joins look codes up lowercased and trimmed (TableService.join): an imported code is kept that way too
    invite_code: Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True, min_length=1, max_length=32)]
    password_hash: (
        # exactly what the service writes (table/service.py, PASSWORD_ITERATIONS and a 16-byte salt): an
        # imported hash with millions of iterations would make each wrong join cost seconds of CPU
        Annotated[str, Field(pattern=r"^pbkdf2_sha256\$200000\$[0-9a-f]{32}\$[0-9a-f]{64}$")] | None
    )
    players_can_undo: bool
    last_seq: Count
    created_at: datetime


class ExportedParticipant(_Exported):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=60)]
    role: Literal["gm", "player"]
    token_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    revoked: bool
    created_at: datetime


EXPORT_FORMAT = "runehall-table/2"  # /1 (one seed an epoch, the live one included) still imports


class ExportedStream(_Exported):
    stream: Annotated[str, Field(pattern=r"^(public|gm|table|(private|sealed):[A-Za-z0-9_-]{1,32})$")]
    server_seed: Annotated[str, Field(pattern=r"^([0-9a-f]{2}){16,64}$")] | None  # None: not in the file
    commitment: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    next_nonce: Count

    @model_validator(mode="after")
    def _committed(self) -> ExportedStream:
        if self.server_seed is not None and commitment(bytes.fromhex(self.server_seed)) != self.commitment:
            raise Invalid(N_("the {stream} seed is not the one its commitment was made for"), stream=self.stream)
        return self


class ExportedContribution(_Exported):
    by: Id
    text: Annotated[str, Field(min_length=1, max_length=120)]


class ExportedSeed(_Exported):
    epoch: Annotated[int, Field(ge=0, lt=2**31 - 1)]
    client_seed: Annotated[str, Field(min_length=1, max_length=120)]
    contributions: Annotated[list[ExportedContribution], Field(max_length=100)] = []  # seeds.MAX_ADDITIONS
    revealed: bool
    streams: Annotated[list[ExportedStream], Field(min_length=1, max_length=100_000)]

    @model_validator(mode="before")
    @classmethod
    def _from_format_1(cls, data: Any) -> Any:
        """A /1 epoch had one seed for every roll: it becomes the legacy stream `table`."""
        if isinstance(data, dict) and "streams" not in data and "commitment" in data:
            one = {k: data.get(k) for k in ("server_seed", "commitment", "next_nonce")}
            return {**data, "streams": [{"stream": "table", **one}]}
        return data

    @model_validator(mode="after")
    def _distinct(self) -> ExportedSeed:
        names = [s.stream for s in self.streams]
        if len(set(names)) != len(names):
            raise Invalid(N_("epoch {epoch} names a stream twice"), epoch=self.epoch)
        return self


class ExportedEvent(_Exported):
    seq: Annotated[int, Field(ge=1, le=2**53)]
    kind: Annotated[str, Field(min_length=1, max_length=40)]
    author: Id | None
    visibility: Literal["public", "gm", "private", "blind", "sealed"]  # sealed: the author's only
    payload: dict[str, Any]
    created_at: datetime


class TableExport(BaseModel):
    """A table as `Store.export` writes it; an import must be one, consistent with itself."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["runehall-table/1", "runehall-table/2"]
    table: ExportedTable
    participants: list[ExportedParticipant]
    seeds: Annotated[list[ExportedSeed], Field(min_length=1)]
    events: list[ExportedEvent]

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        if contains_nul(data):
            raise Invalid(N_("text must not contain NUL characters (\\u0000)"))
        return data

    @model_validator(mode="after")
    def _consistent(self) -> TableExport:
        seqs = [e.seq for e in self.events]
        if seqs != list(range(1, len(seqs) + 1)) or self.table.last_seq != len(seqs):
            raise Invalid(N_("events must be numbered 1, 2, 3... up to the table's last_seq"))
        epochs = [s.epoch for s in self.seeds]
        secret = [s.epoch for s in self.seeds if not s.revealed]
        if len(set(epochs)) != len(epochs) or secret != [max(epochs)]:
            raise Invalid(N_("seed epochs must be distinct, and only the last one unrevealed"))
        live = [s for s in self.seeds[-1].streams if s.server_seed is not None]
        if self.format != "runehall-table/1" and not self.seeds[-1].revealed and live:
            raise Invalid(N_("an export never holds a seed still in use (a backup moves a live seed)"))
        commitments = [s.commitment for e in self.seeds for s in e.streams]
        if len(set(commitments)) != len(commitments):
            raise Invalid(N_("two seed streams share a commitment"))
        ids = [p.id for p in self.participants]
        if len(set(ids)) != len(ids) or len({p.token_hash for p in self.participants}) != len(ids):
            raise Invalid(N_("participants must have distinct ids and tokens"))
        return self


# How many of each part an import may hold: far beyond years of play (an evening is ~100 events, a
# 2,000-event export is ~740 KB), and far below what would make checking the file itself an attack.
MAX_PARTS = {"participants": 10_000, "seeds": 100_000, "events": 1_000_000}
MAX_STREAMS = 20_003  # an epoch's streams: public, the GM's, and two per participant
PART_MODELS: dict[str, type[BaseModel]] = {
    "participants": ExportedParticipant,
    "seeds": ExportedSeed,
    "events": ExportedEvent,
}


def _refusal(error: ValidationError, *prefix: str | int) -> ParameterError:
    first = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in (*prefix, *first["loc"])) or "the document"
    from runehall.systems.base import refusals  # the systems import the storage layer's neighbours

    found = refusals(error)[0]
    reason = Refusal(found.template, found.values)
    return ParameterError(N_("damaged table export: {where}: {reason}"), where=where, reason=reason)


def _each_part_alone(data: Any) -> None:
    """Check the parts one item at a time, stopping at the first refusal. Validating the whole document
    at once builds an error for every field of every broken item before the first is reported: a file of
    a million empty events took gigabytes (the attack in tests/test_fair_import.py)."""
    if not isinstance(data, dict):
        raise ParameterError(N_("damaged table export: the document must be a JSON object"))
    for key, model in PART_MODELS.items():
        items = data.get(key)
        if not isinstance(items, list):
            continue  # the whole document's check says what is missing or wrong
        if len(items) > MAX_PARTS[key]:
            raise ParameterError(
                N_("damaged table export: {key}: over its cap: at most {MAX_PARTS} entries"),
                key=key,
                MAX_PARTS=MAX_PARTS[key],
            )
        for index, item in enumerate(items):
            streams = item.get("streams") if isinstance(item, dict) else None
            if isinstance(streams, list) and len(streams) > MAX_STREAMS:
                where = f"{key}.{index}.streams"
                raise ParameterError(
                    N_("damaged table export: {where}: over its cap: at most {MAX_STREAMS} entries"),
                    where=where,
                    MAX_STREAMS=MAX_STREAMS,
                )
            try:
                model.model_validate(item)
            except ValidationError as error:
                raise _refusal(error, key, index) from None


def parse_export(data: Any) -> TableExport:
    """The export, checked; a RunehallError naming the first problem otherwise."""
    _each_part_alone(data)
    try:
        return TableExport.model_validate(data)
    except ValidationError as error:
        raise _refusal(error) from None
