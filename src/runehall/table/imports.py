"""Checking a table export before anything of it is written (issue 11, item 13).

An import is refused whole, with the first reason, unless every event has the fields its kind needs,
names people who exist, folds, shows and replays; and unless its fairness records agree: each fair draw
names a stream of the file, from an epoch whose client seed it used, at a nonce below that stream's
counter and used once, and, where the file holds the stream's seed, is the draw that seed gives (a roll
re-run whole). Once stored, an event that does not fit would make every read of the table fail.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from runehall.chance.sources import MAX_RANGE, FairSource
from runehall.errors import N_, ParameterError, Refusal, RunehallError
from runehall.fairness.streams import LEGACY, effective_client_seed, fair_source_of, stream_for
from runehall.fairness.trackers import replay_problem
from runehall.fairness.verify import rederive, redraw
from runehall.rolling import RollResult
from runehall.storage.exports import ExportedSeed, TableExport
from runehall.storage.store import Event
from runehall.systems import registry
from runehall.table.state import fold

Text = Annotated[str, Field(max_length=100_000)]
Ident = Annotated[str, Field(min_length=1, max_length=64)]


class _Payload(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


class TableCreated(_Payload):
    name: Text
    system: Ident
    options: dict[str, Any]


class Joined(_Payload):
    participant_id: Ident
    name: Text
    role: Ident


class ParticipantRevoked(_Payload):
    participant_id: Ident


class About(_Payload):
    character: Annotated[str, Field(min_length=1, max_length=120)]
    what: Annotated[str, Field(min_length=1, max_length=120)]


class Roll(_Payload):
    roll: dict[str, Any]
    about: About | None = None


class Odds(_Payload):
    system: Ident
    mechanic: Ident
    params: dict[str, Any]


class CharacterCreated(_Payload):
    character_id: Ident
    owner: Ident | None = None
    sheet: dict[str, Any]


class CharacterEdited(_Payload):
    character_id: Ident
    sheet: dict[str, Any]


class TrackerStarted(_Payload):
    tracker_id: Ident
    tracker: Ident
    owner: Ident | None = None
    setup: dict[str, Any]
    controllers: dict[str, str] = {}


class TrackerControllers(_Payload):
    tracker_id: Ident
    controllers: dict[str, str]


class TrackerActionPayload(_Payload):
    tracker_id: Ident
    action: Ident
    params: dict[str, Any]
    source: dict[str, Any]
    tape: list[list[Any]]
    result: Any
    sheets: dict[Ident, dict[str, Any]] | None = None  # fields of characters the action wrote (checked on replay)


class Message(_Payload):
    text: Text


class Revoke(_Payload):
    revokes: Annotated[int, Field(ge=1)]
    reason: Text = ""


class SeedRotated(_Payload):
    revealed: dict[str, Any]
    next: dict[str, Any]


class ClientSeedAdded(_Payload):
    epoch: int
    text: Text
    client_seed: Text


class Empty(_Payload):
    pass


PAYLOADS: dict[str, type[_Payload]] = {
    "table_created": TableCreated,
    "joined": Joined,
    "participant_revoked": ParticipantRevoked,
    "invite_code_changed": Empty,
    "roll": Roll,
    "odds": Odds,
    "character_created": CharacterCreated,
    "character_edited": CharacterEdited,
    "tracker_started": TrackerStarted,
    "tracker_controllers": TrackerControllers,
    "tracker_action": TrackerActionPayload,
    "note": Message,
    "chat": Message,
    "revoke": Revoke,
    "seed_rotated": SeedRotated,
    "client_seed_added": ClientSeedAdded,
}


def refuse(reason: str, **values: Any) -> ParameterError:
    """A damaged export's refusal: `reason` is a template filled from `values`."""
    return ParameterError(N_("damaged table export: {reason}"), reason=Refusal(reason, values))


def check_import(doc: TableExport) -> None:
    """Raise ParameterError naming the first problem; return if the export may be stored."""
    people = {p.id for p in doc.participants}
    for s in doc.seeds:
        for c in s.contributions:
            if c.by not in people:
                raise refuse(
                    N_("epoch {epoch}: an addition to its client seed by {by!r}, who is not at the table"),
                    epoch=s.epoch,
                    by=c.by,
                )
    try:
        for e in doc.events:
            _check_shape(e.seq, e.kind, e.author, e.visibility, e.payload, people)
        _check_fairness(doc)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:  # a shape the checks missed
        raise refuse(N_("an event does not fit its kind ({kind}: {e})"), kind=type(e).__name__, e=e) from None
    _check_history(doc)


def _check_shape(
    seq: int, kind: str, author: str | None, visibility: str, payload: dict[str, Any], people: set[str]
) -> None:
    model = PAYLOADS.get(kind)
    if model is None:
        raise refuse(N_("event {seq}: unknown kind {kind!r}"), seq=seq, kind=kind)
    try:
        model.model_validate(payload)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "payload"
        raise refuse(
            N_("event {seq} ({kind}): {where}: {msg}"), seq=seq, kind=kind, where=where, msg=first["msg"]
        ) from None
    if author is not None and author not in people:
        raise refuse(N_("event {seq}: its author {author!r} is not a participant of the table"), seq=seq, author=author)
    if visibility == "sealed" and kind != "tracker_action":
        raise refuse(N_("event {seq}: only a tracker action can be sealed"), seq=seq)
    for key in ("participant_id", "owner"):
        named = payload.get(key)
        if kind in ("joined", "participant_revoked", "character_created", "tracker_started") and named is not None:
            if named not in people:
                raise refuse(
                    N_("event {seq}: {key} {named!r} is not a participant of the table"), seq=seq, key=key, named=named
                )
    if kind == "revoke" and not 1 <= int(payload["revokes"]) < seq:
        raise refuse(
            N_("event {seq}: it undoes event {revokes}, which does not come before it"),
            seq=seq,
            revokes=payload["revokes"],
        )
    if kind == "tracker_action":
        for draw in payload["tape"]:
            ok = 2 <= len(draw) <= 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in draw[:2])
            if not ok or not 1 <= draw[1] <= draw[0] <= MAX_RANGE or (len(draw) == 3 and not isinstance(draw[2], str)):
                raise refuse(
                    N_("event {seq}: a draw {draw!r} is not [n, value(, label)] with 1 <= value <= n <= 2^32"),
                    seq=seq,
                    draw=draw,
                )


def _streams(seeds: list[ExportedSeed]) -> dict[str, tuple[ExportedSeed, Any]]:
    return {s.commitment: (epoch, s) for epoch in seeds for s in epoch.streams}


def _check_fairness(doc: TableExport) -> None:
    streams = _streams(doc.seeds)
    used: set[tuple[str, int]] = set()
    for e in doc.events:
        source = fair_source_of(e.kind, e.payload)
        if source is None:
            continue
        commitment, nonce = source.get("commitment"), source.get("nonce")
        if not isinstance(nonce, int) or isinstance(nonce, bool) or nonce < 0:
            raise refuse(N_("event {seq}: a fair draw needs a non-negative integer nonce"), seq=e.seq)
        if not isinstance(commitment, str) or commitment not in streams:
            raise refuse(N_("event {seq}: it names a seed commitment the export does not hold"), seq=e.seq)
        epoch, stream = streams[str(commitment)]
        if (commitment, nonce) in used:
            raise refuse(N_("event {seq}: nonce {nonce} of its seed stream is used twice"), seq=e.seq, nonce=nonce)
        used.add((str(commitment), nonce))
        if nonce >= stream.next_nonce:
            raise refuse(
                N_(
                    "event {seq}: it used nonce {nonce} of the {stream} stream of epoch {epoch}, "
                    "whose counter says only {next_nonce} were used (a rewound counter reuses nonces)"
                ),
                seq=e.seq,
                nonce=nonce,
                stream=stream.stream,
                epoch=epoch.epoch,
                next_nonce=stream.next_nonce,
            )
        audience = stream_for(e.visibility, e.author)
        if stream.stream not in (audience, LEGACY):  # its seed would be revealed to people who may not see it
            raise refuse(
                N_("event {seq}: it drew from the {stream} stream, not its audience's ({audience})"),
                seq=e.seq,
                stream=stream.stream,
                audience=audience,
            )
        expected = effective_client_seed(epoch.client_seed, [c.text for c in epoch.contributions])
        if source.get("client_seed") != expected:
            raise refuse(N_("event {seq}: its client seed is not its epoch's"), seq=e.seq)
        if stream.server_seed is None:
            continue
        seed = bytes.fromhex(stream.server_seed)
        try:
            if e.kind == "roll":
                problem = rederive(RollResult.from_json(e.payload["roll"]), seed)
            else:
                problem = redraw(e.payload["tape"], FairSource(seed, str(source["client_seed"]), nonce))
        except (RunehallError, KeyError, TypeError, ValueError, IndexError) as error:
            problem = str(error)
        if problem:
            raise refuse(
                N_("event {seq}: its draws are not those its seed gives ({problem})"), seq=e.seq, problem=problem
            )


def _check_history(doc: TableExport) -> None:
    """Every event folds, shows and replays, as the table's pages and the API will do with it."""
    t = doc.table
    events = [Event(t.id, e.seq, e.kind, e.author, e.visibility, e.payload, e.created_at) for e in doc.events]
    try:
        system = registry.get(t.system)
        options = system.options(t.options)
        state = fold(system.id, t.options, events)
        for e in events:
            if e.kind == "roll":
                RollResult.from_json(e.payload["roll"]).render()
        for character in state.characters.values():
            system.character(character.sheet, options).derived()
        for tracker_id, record in state.trackers.items():
            raw = {"tracker": record.tracker, "setup": record.setup}
            problem = replay_problem(system.id, t.options, raw, record.events)
            if problem is not None:
                raise refuse(N_("tracker {tracker_id}: {problem}"), tracker_id=tracker_id, problem=problem)
            log = state.play_log(tracker_id)
            now = log.state()
            log.tracker.view(now), log.tracker.render(now), log.tracker.combatants(now)
    except RunehallError as e:
        raise ParameterError(N_("damaged table export: {reason}"), reason=e) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, StopIteration) as e:
        raise refuse(N_("an event does not fit its kind ({kind}: {e})"), kind=type(e).__name__, e=e) from None
