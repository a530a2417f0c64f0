"""How events look in the web log: who, when, who sees it, and what happened as a card in the reader's words.

Rolls and tracker actions are described by their game system (runehall.present: a Card from the stored
event); the table's own events (joins, chat, notes, seeds) are worded by the templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from runehall.errors import RunehallError
from runehall.present.card import Card
from runehall.present.words import N_, words_for
from runehall.storage.store import Event
from runehall.systems import registry
from runehall.table.state import TableState


@dataclass
class Entry:
    seq: int
    kind: str
    who: str
    when: str
    visibility: str
    text: str
    card: Card | None = None
    source: str = ""
    revoked: bool = False
    revokes: int | None = None
    mine: bool = False
    names: list[str] = field(default_factory=list)  # the participants an event is about (handed combatants)
    sheets: bool = False  # it wrote to characters' sheets (a settlement's victory points): pages redraw them
    tracker: str = ""  # the tracker a move or a handing-over changed: pages redraw that board alone


def roll_card(stored: dict[str, Any], lang: str, who: str, about: Any = None) -> Card:
    """A stored roll as a card in `lang`, by the mechanic that made it; a roll made from a sheet names the
    character and the sheet's line after the person ("Bo (Thurid · Bows) makes a stress roll..."), the line in
    the book's terms with the reader's word beside it where the catalog has one."""
    system = registry.get(str(stored["system"]))
    words = words_for(lang, system.id)
    if isinstance(about, dict) and about.get("character") and about.get("what"):
        what = str(about["what"])
        said = words(what)
        line = f"{what} ({said})" if said != what else what
        who = words(N_("{who} ({character} · {what})"), who=who, character=str(about["character"]), what=line)
    return system.mechanic(str(stored["mechanic"])).describe(stored, words, who)


def action_card(
    system_id: str, tracker: str, payload: dict[str, Any], lang: str, who: str, names: dict[str, str] | None = None
) -> Card:
    """A logged action as a card; `names` (combatant key -> name) lets it name those its event stores by id."""
    action = registry.get(system_id).tracker(tracker).action(str(payload["action"]))
    event = {**payload, "names": names} if names else payload
    return action.describe(event, words_for(lang, system_id), who)


def combatant_names(state: TableState, tracker_ids: set[str]) -> dict[str, dict[str, str]]:
    """Each tracker's combatants (key -> name) as they stand now, for the cards of its actions."""
    found: dict[str, dict[str, str]] = {}
    for tracker_id in tracker_ids & set(state.trackers):
        try:
            log = state.play_log(tracker_id)
            found[tracker_id] = log.tracker.combatants(log.state())
        except RunehallError:
            continue
    return found


def entry(
    event: Event,
    names: dict[str, str],
    revoked: set[int],
    viewer_id: str,
    lang: str = "en",
    trackers: dict[str, tuple[str, str]] | None = None,
    names_in: dict[str, dict[str, str]] | None = None,
) -> Entry:
    """`trackers` maps a tracker id to its system and tracker name (to find who describes its actions);
    `names_in` a tracker id to its combatants' names."""
    p = event.payload
    who = names.get(event.author or "", "—")
    base = Entry(
        seq=event.seq,
        kind=event.kind,
        who=who,
        when=event.created_at.strftime("%H:%M"),
        visibility=event.visibility,
        text="",
        revoked=event.seq in revoked,
        mine=event.author == viewer_id,
        sheets=bool(p.get("sheets")) if isinstance(p, dict) else False,
        tracker=str(p.get("tracker_id", "")) if isinstance(p, dict) and event.kind.startswith("tracker_") else "",
    )
    try:
        if event.kind == "roll":
            stored = p["roll"]
            card = roll_card(stored, lang, who, p.get("about"))
            return replace(base, card=card, source=stored["source"]["kind"])
        if event.kind == "tracker_action":
            system_id, tracker = (trackers or {})[p["tracker_id"]]
            names_now = (names_in or {}).get(p["tracker_id"])
            card = action_card(system_id, tracker, p, lang, who, names_now)
            drew = bool(p.get("tape"))  # a move that drew nothing has no source to vouch for (not "by hand")
            return replace(base, card=card, source=p["source"]["kind"] if drew else "")
    except (RunehallError, KeyError):  # a system or tracker no longer installed: say so, show no values
        return replace(base, text="")
    if event.kind == "revoke":
        return replace(base, text=p.get("reason", ""), revokes=int(p["revokes"]))
    if event.kind in ("tracker_started", "tracker_controllers"):
        combatants = (names_in or {}).get(str(p.get("tracker_id", "")), {})  # a combatant by its name, not its key
        handed = [
            f"{combatants.get(key, key)} — {names.get(pid, '—')}" for key, pid in p.get("controllers", {}).items()
        ]
        title = ""
        if event.kind == "tracker_started":
            found = (trackers or {}).get(str(p.get("tracker_id", "")))
            system_id = found[0] if found else ""
            title = _tracker_title(system_id, str(p["tracker"]), lang)
        return replace(base, text=title, names=handed)
    return replace(base, text=_text(event.kind, p))


def _tracker_title(system_id: str, tracker: str, lang: str) -> str:
    try:
        found = registry.get(system_id).tracker(tracker)
    except RunehallError:
        return ""
    return words_for(lang, system_id)(found.title)


def _text(kind: str, p: dict[str, Any]) -> str:
    if kind in ("chat", "note"):
        return str(p["text"])
    if kind in ("joined", "table_created"):
        return str(p["name"])
    if kind in ("character_created", "character_edited"):
        return str(p["sheet"].get("name", ""))
    return ""
