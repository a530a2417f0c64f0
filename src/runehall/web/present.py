"""How events look in the web log: author, text rendered from the stored event, faces, source, marks."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from runehall.rolling import RollResult
from runehall.storage.store import Event


@dataclass
class Entry:
    seq: int
    kind: str
    who: str
    when: str
    visibility: str
    text: str
    faces: list[str] = field(default_factory=list)
    source: str = ""
    revoked: bool = False
    revokes: int | None = None
    mine: bool = False


COMMON_DICE = (4, 6, 8, 10, 12, 20, 100)


def _faces(tape: list[list[Any]]) -> list[str]:
    """Each draw as people read it: the rune or card drawn, or the face (with its die when unusual)."""
    shown = []
    for draw in tape:
        n, value = draw[0], draw[1]
        if len(draw) > 2:
            shown.append(str(draw[2]))
        else:
            shown.append(str(value) if n in COMMON_DICE else f"{value}/{n}")
    return shown


def entry(event: Event, names: dict[str, str], revoked: set[int], viewer_id: str) -> Entry:
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
    )
    if event.kind == "roll":
        stored = p["roll"]
        text = RollResult.from_json(stored).render()
        return replace(base, text=text, faces=_faces(stored["tape"]), source=stored["source"]["kind"])
    if event.kind == "tracker_action":
        result = p["result"]
        said = ", ".join(f"{k}: {v}" for k, v in result.items()) if isinstance(result, dict) else ""
        return replace(
            base, text=f"{p['action']} — {said}", faces=_faces(p.get("tape", [])), source=p["source"]["kind"]
        )
    if event.kind == "revoke":
        return replace(base, text=p.get("reason", ""), revokes=int(p["revokes"]))
    if event.kind in ("tracker_started", "tracker_controllers"):
        handed = ", ".join(f"{key} — {names.get(pid, pid)}" for key, pid in p.get("controllers", {}).items())
        if event.kind == "tracker_controllers":
            return replace(base, text=handed)
        return replace(base, text=f"{p['tracker']} ({handed})" if handed else str(p["tracker"]))
    return replace(base, text=_text(event.kind, p))


def _text(kind: str, p: dict[str, Any]) -> str:
    if kind in ("chat", "note"):
        return str(p["text"])
    if kind == "joined":
        return f"{p['name']} ({p['role']})"
    if kind == "seed_rotated":
        return str(p["revealed"]["server_seed"])
    if kind == "table_created":
        return str(p["name"])
    if kind == "odds":
        return f"{p['system']} {p['mechanic']}"
    if kind in ("character_created", "character_edited"):
        return str(p["sheet"].get("name", ""))
    return ""
