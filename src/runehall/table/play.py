"""The table service: characters, trackers, notes and chat, undo, seeds, the fair log, export and import."""

from __future__ import annotations

import secrets
import unicodedata
from typing import Any

from sqlalchemy import Connection

from runehall.chance.sources import ManualSource
from runehall.errors import N_, ParameterError, RulesError, RunehallError
from runehall.fairness.streams import stream_for
from runehall.play.log import PlayLog
from runehall.storage.exports import parse_export
from runehall.storage.store import Conflict, Event, Forbidden, NotFound, Participant
from runehall.systems.tracker import REVEALED, SEALED, Tracker, TrackerAction
from runehall.table.fair import FairTable
from runehall.table.imports import check_import
from runehall.table.state import TableState, TrackerRecord
from runehall.table.visibility import SEALED_VISIBILITY, can_see

NOTE_KINDS = ("note", "chat")
# Events about the table and its people, not the game: undoing them would not undo what they did.
NOT_UNDOABLE = (
    "table_created",
    "joined",
    "revoke",
    "seed_rotated",
    "participant_revoked",
    "invite_code_changed",
    "client_seed_added",
)


class TableService(FairTable):
    # -- characters -----------------------------------------------------------------------------------
    def create_character(self, viewer: Participant, sheet: dict[str, Any], visibility: str = "public") -> Event:
        self._choosable(visibility)
        system, options = self.system(viewer.table_id)
        valid = system.character(sheet, system.options(options)).model_dump(mode="json")
        payload = {"character_id": secrets.token_urlsafe(6), "owner": viewer.id, "sheet": valid}
        return self.write_as(
            viewer, lambda c: self.store.append(c, viewer.table_id, "character_created", viewer.id, visibility, payload)
        )

    def edit_character(self, viewer: Participant, character_id: str, sheet: dict[str, Any]) -> Event:
        system, options = self.system(viewer.table_id)
        valid = system.character(sheet, system.options(options)).model_dump(mode="json")

        def work(c: Connection) -> Event:
            state = self.locked_state(c, viewer.table_id)
            record = state.characters.get(character_id)
            if (
                record is None
                or record.created_seq in state.revoked
                or not can_see(state.by_seq[record.created_seq], viewer)
            ):
                raise NotFound(N_("no character {character_id!r}"), character_id=character_id)
            if not viewer.is_gm and record.owner != viewer.id:
                raise Forbidden(N_("only the owner or the game master can edit this character"))
            payload = {"character_id": character_id, "sheet": valid}
            return self.store.append(c, viewer.table_id, "character_edited", viewer.id, record.visibility, payload)

        return self.write_as(viewer, work)

    def characters(self, viewer: Participant) -> list[dict[str, Any]]:
        system, options = self.system(viewer.table_id)
        state = self.state(viewer.table_id)
        out = []
        for record in state.characters.values():
            first = state.by_seq[record.created_seq]
            if record.created_seq in state.revoked or not can_see(first, viewer):
                continue
            sheet = system.character(record.sheet, system.options(options))
            out.append({"id": record.id, "owner": record.owner, "sheet": record.sheet, "derived": sheet.derived()})
        return out

    # -- trackers -------------------------------------------------------------------------------------
    def start_tracker(
        self,
        viewer: Participant,
        tracker_name: str,
        setup: dict[str, Any],
        visibility: str = "public",
        controllers: dict[str, str] | None = None,
    ) -> Event:
        """Put a tracker into play; whoever starts it owns it and may hand its combatants to players
        (`controllers`): a Rune runner, a player like the others, hands each hero of his encounter to its player."""
        self._choosable(visibility)
        system, options = self.system(viewer.table_id)
        state = self.state(viewer.table_id)
        setup = dict(setup)
        character_id = setup.pop("character_id", None)
        if character_id is not None:  # set a tracker up from a character at the table
            record = state.characters.get(str(character_id))
            if record is None or record.created_seq in state.revoked:
                raise NotFound(N_("no character {character_id!r}"), character_id=character_id)
            if not viewer.is_gm and record.owner != viewer.id:
                raise Forbidden(N_("only the owner or the game master can put this character in play"))
            setup["character"] = record.sheet
        tracker = system.tracker(tracker_name)
        seen = {
            cid: c.sheet
            for cid, c in state.characters.items()
            if c.created_seq not in state.revoked and can_see(state.by_seq[c.created_seq], viewer)
        }
        setup = tracker.bind_characters(setup, seen)  # a character's sheet is the table's, never one typed
        parsed = tracker.parse_setup(setup)
        first = tracker.start(parsed, system.options(options))  # a setup that cannot start is refused now
        payload = {
            "tracker_id": secrets.token_urlsafe(6),
            "tracker": tracker_name,
            "owner": viewer.id,
            "setup": parsed.model_dump(mode="json"),
        }

        def work(c: Connection) -> Event:
            if controllers:
                payload["controllers"] = self._controllers(c, viewer, tracker, first, controllers)
            return self.store.append(c, viewer.table_id, "tracker_started", viewer.id, visibility, payload)

        return self.write_as(viewer, work)

    def set_controllers(self, viewer: Participant, tracker_id: str, controllers: dict[str, str]) -> Event:
        """The game master, or the tracker's owner, hands its combatants to players: the whole mapping,
        replacing the one in force (an empty one hands them all back). Undoing it restores the mapping before."""

        def work(c: Connection) -> Event:
            state, record = self._tracker(viewer, tracker_id, self.locked_state(c, viewer.table_id))
            if not viewer.is_gm and record.owner != viewer.id:
                raise Forbidden(N_("only the game master or the tracker's owner hands its combatants to players"))
            log = state.play_log(tracker_id)
            checked = self._controllers(c, viewer, log.tracker, log.state(), controllers)
            payload = {"tracker_id": tracker_id, "controllers": checked}
            return self.store.append(c, viewer.table_id, "tracker_controllers", viewer.id, record.visibility, payload)

        return self.write_as(viewer, work)

    def _controllers(
        self, c: Connection, viewer: Participant, tracker: Tracker[Any], state: Any, wanted: dict[str, str]
    ) -> dict[str, str]:
        """A controllers mapping checked against the tracker's combatants and the table's players; each
        combatant under the key its actions take."""
        combatants = tracker.combatants(state)
        if wanted and not combatants:
            raise ParameterError(N_("{name} has no combatants to hand to players"), name=tracker.name)
        players = {p.id for p in self.store.participants(c, viewer.table_id) if p.role == "player" and not p.revoked}
        by_fold = {_fold(key): key for key in combatants}
        checked: dict[str, str] = {}
        for name, participant in wanted.items():
            key = name if name in combatants else by_fold.get(_fold(name))
            if key is None:
                raise ParameterError(
                    N_("no combatant {name!r} in this {name2} (it has: {value})"),
                    name=name,
                    name2=tracker.name,
                    value=", ".join(combatants),
                )
            if key in checked:
                raise ParameterError(N_("the combatant {key!r} is named twice"), key=key)
            if participant not in players:
                raise ParameterError(
                    N_("no player {participant!r} at this table (combatants go to players)"), participant=participant
                )
            checked[key] = participant
        return checked

    def _tracker(self, viewer: Participant, tracker_id: str, state: TableState | None = None) -> Any:
        state = state or self.state(viewer.table_id)
        record = state.trackers.get(tracker_id)
        if record is None or not can_see(state.by_seq[_started(state, tracker_id)], viewer):
            raise NotFound(N_("no tracker {tracker_id!r}"), tracker_id=tracker_id)
        return state, record

    def tracker_action(
        self,
        viewer: Participant,
        tracker_id: str,
        action: str,
        params: dict[str, Any],
        manual: list[str] | None = None,
    ) -> Event:
        def work(c: Connection) -> Event:
            # The move is checked against the log as it is now, with the table locked: two moves made at
            # once from the same state would leave a log that no longer replays.
            state, record = self._tracker(viewer, tracker_id, self.locked_state(c, viewer.table_id))
            log = state.play_log(tracker_id)
            chosen = log.tracker.action(action)
            if not viewer.is_gm and record.owner != viewer.id:
                _acting_for(viewer, record, chosen, params, log.tracker.played_whole)
            _spending_for(viewer, record, chosen, params)
            event = self._drawn(c, viewer, log, record.visibility, action, params, manual, chosen.random)
            payload = {
                "tracker_id": tracker_id,
                **{k: event[k] for k in ("action", "params", "source", "tape", "result")},
            }
            sheets = _sheets(state, log.tracker.sheet_changes(log.state(), event))
            if sheets:
                payload["sheets"] = sheets
            # One side of a secret, simultaneous choice: its author alone sees it until it is revealed.
            sealed = _sealed(event)
            visibility = SEALED_VISIBILITY if sealed else record.visibility
            return self.store.append(c, viewer.table_id, "tracker_action", viewer.id, visibility, payload)

        return self.write_as(viewer, work)

    def _drawn(
        self,
        c: Connection,
        viewer: Participant,
        log: PlayLog,
        visibility: str,
        action: str,
        params: dict[str, Any],
        manual: list[str] | None,
        random: bool,
    ) -> dict[str, Any]:
        """The action's event, its draws from the stream of those who will see it. A sealed result is seen
        by its author alone, so its draws come from their sealed stream: whether an action seals depends
        on its parameters and the state, not its dice, so it is tried on the tracker's stream first
        without using the nonce, then made again on the sealed stream if it seals."""
        if manual is not None or not random:
            return log.prepare(action, params, ManualSource(manual or []), viewer.id)
        stream = stream_for(visibility, viewer.id)
        event = log.prepare(action, params, self._source(c, viewer.table_id, None, stream, take=False), viewer.id)
        if _sealed(event) and event["tape"]:
            stream = stream_for(SEALED_VISIBILITY, viewer.id)
            event = log.prepare(action, params, self._source(c, viewer.table_id, None, stream, take=False), viewer.id)
            if not _sealed(event):
                raise RulesError(N_("this action sealed on one seed stream and not on another; it cannot be fair"))
        self._source(c, viewer.table_id, None, stream, take=True)  # the nonce is used now
        return event

    def trackers(self, viewer: Participant, states: bool = False, only: str | None = None) -> list[dict[str, Any]]:
        """The trackers this viewer may see, as JSON; `states` adds each one's state as its model under "now"
        and the table's rule options under "options" (for the web's boards, built in the viewer's words;
        never sent as they are). `only` names the one tracker wanted (a board redrawn after a move)."""
        state = self.state(viewer.table_id)
        out: list[dict[str, Any]] = []
        for tracker_id, record in state.trackers.items():
            if only is not None and tracker_id != only:
                continue
            if not can_see(state.by_seq[_started(state, tracker_id)], viewer):
                continue
            log = state.play_log(tracker_id)
            now = log.state()
            out.append(
                {
                    "id": tracker_id,
                    "tracker": record.tracker,
                    "owner": record.owner,
                    "controllers": dict(record.controllers),
                    "combatants": log.tracker.combatants(now),
                    "state": log.tracker.view(now),
                    "text": log.tracker.render(now),
                }
            )
            if states:
                out[-1]["now"], out[-1]["options"] = now, log.option_values()
        return out

    # -- notes and chat --------------------------------------------------------------------------------
    def post(self, viewer: Participant, kind: str, text: str, visibility: str) -> Event:
        self._choosable(visibility)
        if kind not in NOTE_KINDS:
            raise RulesError(N_("unknown message kind {kind!r}"), kind=kind)
        if kind == "note" and not viewer.is_gm:
            raise Forbidden(N_("only the game master keeps notes"))
        if kind == "note" and visibility != "gm":  # a note is the GM's secret, by every path
            raise ParameterError(N_("a note is for game masters only: its visibility is gm"))
        return self.write_as(
            viewer, lambda c: self.store.append(c, viewer.table_id, kind, viewer.id, visibility, {"text": text})
        )

    # -- undo -----------------------------------------------------------------------------------------
    def undo(self, viewer: Participant, seq: int, reason: str = "") -> Event:
        def work(c: Connection) -> Event:
            state = self.locked_state(c, viewer.table_id)  # two undos of one event: the second is refused
            target = state.by_seq.get(seq)
            # The GM may undo a sealed action without seeing it (the tracker's state shows it is there).
            sealed = target is not None and target.visibility == SEALED_VISIBILITY
            if target is None or not (can_see(target, viewer) or (sealed and viewer.is_gm)):
                raise NotFound(N_("no event {seq} at this table"), seq=seq)
            if target.kind in NOT_UNDOABLE:
                raise RulesError(N_("a {kind} event cannot be undone"), kind=target.kind)
            if seq in state.revoked:
                raise RulesError(N_("event {seq} is already revoked"), seq=seq)
            if not viewer.is_gm:
                allowed = bool(self.store.table(c, viewer.table_id).players_can_undo)
                if not allowed or target.author != viewer.id:
                    raise Forbidden(N_("only the game master can undo this"))
            if target.kind == "tracker_action" and _revealing(target.payload):
                # Undoing it would let the side that moved second choose again, knowing the other's secret.
                raise RulesError(N_("a secret choice both sides have seen cannot be undone"))
            if target.kind == "tracker_action":
                log = state.play_log(target.payload["tracker_id"])
                try:
                    log.undo(seq, viewer.id)
                except RunehallError as e:
                    raise RulesError(parts=e.parts) from None
            payload = {"revokes": seq, "reason": reason}
            visibility = target.visibility
            if sealed:  # what changes is the tracker's state, which all its viewers see; the secret stays out
                visibility = state.trackers[target.payload["tracker_id"]].visibility
            return self.store.append(c, viewer.table_id, "revoke", viewer.id, visibility, payload)

        return self.write_as(viewer, work)

    # -- export and import ------------------------------------------------------------------------------
    def export(self, viewer: Participant) -> dict[str, Any]:
        self._gm_only(viewer)
        return self.store.snapshot(lambda c: self.store.export(c, viewer.table_id))

    def import_table(self, data: dict[str, Any]) -> str:
        """Store an exported table, checked whole first (runehall.table.imports); nothing is written if any
        of it is refused. The file's live epoch is closed and a fresh one committed for new rolls."""
        if not isinstance(data, dict) or data.get("format") not in ("runehall-table/1", "runehall-table/2"):
            raise ParameterError(N_("not a Runehall table export"))
        doc = parse_export(data)
        check_import(doc)
        return self.store.write(lambda c: self.store.import_table(c, doc))


def _sheets(state: TableState, changes: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The sheet fields an action writes, for the characters still at the table (one revoked is left alone)."""
    live = {cid for cid, c in state.characters.items() if c.created_seq not in state.revoked}
    return {cid: dict(fields) for cid, fields in changes.items() if cid in live and fields}


def _sealed(event: dict[str, Any]) -> bool:
    return isinstance(event["result"], dict) and SEALED in event["result"]


def _revealing(event: dict[str, Any]) -> bool:
    """An action that completed a secret choice and showed both sides' (its result reports them)."""
    return isinstance(event.get("result"), dict) and REVEALED in event["result"]


def _fold(text: str) -> str:
    """A combatant's key as the game master may type it: case, accents and surrounding spaces ignored."""
    decomposed = unicodedata.normalize("NFD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _acting_for(
    viewer: Participant,
    record: TrackerRecord,
    action: TrackerAction[Any],
    params: dict[str, Any],
    whole: bool = False,
) -> None:
    """A player acting on a tracker they do not own: only with an action whose actor parameter names, exactly,
    a combatant the game master handed them (any action of a tracker `whole`ly one character's). Forbidden
    otherwise."""
    mine = [key for key, participant in record.controllers.items() if participant == viewer.id]
    if not mine:
        raise Forbidden(N_("only the owner or the game master can act on this tracker"))
    if whole:
        return
    if action.actor_param is None:
        raise Forbidden(N_("only the owner or the game master can use {name!r} on this tracker"), name=action.name)
    actor = getattr(action.parse_params(params), action.actor_param, None)
    if actor not in mine:
        raise Forbidden(
            N_("you act only for your own combatants ({value}): name one with {actor_param!r}"),
            value=", ".join(mine),
            actor_param=action.actor_param,
        )


def _spending_for(
    viewer: Participant, record: TrackerRecord, action: TrackerAction[Any], params: dict[str, Any]
) -> None:
    """A move spending what is a combatant's player's own (a Rune hero's VP on a gift) is his alone once the
    combatant is handed to him: the owner and the game master may not make it for him (the name matched as the
    trackers match it, case and accents aside). Forbidden otherwise."""
    if action.actor_param is None:
        return
    parsed = action.parse_params(params)
    if not action.spends_players_own(parsed):
        return
    actor = _fold(str(getattr(parsed, action.actor_param, "") or ""))
    holders = {(key, p) for key, p in record.controllers.items() if _fold(key) == actor}
    if holders and viewer.id not in {p for _, p in holders}:
        raise Forbidden(N_("only the player who plays {name} spends what is his"), name=min(holders)[0])


def _started(state: TableState, tracker_id: str) -> int:
    """The seq of the event that started a tracker (its visibility is the tracker's)."""
    for seq, e in state.by_seq.items():
        if e.kind == "tracker_started" and e.payload["tracker_id"] == tracker_id:
            return seq
    raise NotFound(N_("no tracker {tracker_id!r}"), tracker_id=tracker_id)


__all__ = ["Conflict", "TableService"]
