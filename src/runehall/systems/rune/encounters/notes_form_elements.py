"""The notes designer's trap and gain rows (notes_form_traps.py, notes_form_gains.py) within an event of the
form (notes_form.py): the event's elements made from its rows and from what is kept as written, and the way
back, each element a row only if it comes back whole from it, else kept as written (JSON in the event's hidden
`kept` field) with every roll it names renamed as the form names rolls ("e1-r2").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from runehall.present.words import ENGLISH, Words
from runehall.systems.rune.encounters import notes_form_gains as nfg
from runehall.systems.rune.encounters import notes_form_traps as nft
from runehall.systems.rune.encounters.design import Element, Encounter

if TYPE_CHECKING:
    from runehall.systems.rune.encounters.notes_form import Made


def elements(
    made: Made, i: int, event: Mapping[str, Any], rolls: list[dict[str, Any]], words: Words
) -> list[dict[str, Any]]:
    """The event's traps, then its gains, then the elements kept as written; a trap set off by choice marks the
    roll it hangs on as conditional (design.py's `Conditional`)."""
    found: list[dict[str, Any]] = []
    for k, row in enumerate(event.get("traps") or ()):
        element, chosen = nft.trap_element(row, i, k + 1, words)
        made.where[element["id"]] = made.element_rows[(i, len(found))] = f"events.{i}.traps.{k}"
        found.append(element)
        hung = next((r for r in rolls if r["id"] == element["roll"]), None)
        if chosen and hung is not None:
            hung["conditional"] = {"kind": chosen}
    for k, row in enumerate(event.get("gains") or ()):
        element = nfg.gain_element(row, i, k + 1, words)
        made.where[element["id"]] = made.element_rows[(i, len(found))] = f"events.{i}.gains.{k}"
        found.append(element)
    kept = _kept(str(event.get("kept") or ""))
    for element in kept:
        made.where[str(element.get("id", ""))] = made.element_rows[(i, len(found))] = f"events.{i}"
    return found + kept


def _kept(text: str) -> list[dict[str, Any]]:
    try:
        kept = json.loads(text) if text.strip() else []
    except ValueError:
        return []
    return [e for e in kept if isinstance(e, dict)] if isinstance(kept, list) else []


def element_rows(notes: Encounter, i: int) -> dict[str, Any]:
    """An event's elements as the form's trap and gain rows, each only if it comes back whole from its row;
    the others kept as written (JSON), their rolls renamed as the form names them."""
    places = {r.id: (n, j + 1) for n, e in enumerate(notes.events) for j, r in enumerate(e.rolls)}
    renamed = {rid: nft.roll_id(n, j) for rid, (n, j) in places.items()}
    event = notes.events[i]
    traps: list[dict[str, Any]] = []
    gains: list[dict[str, Any]] = []
    kept: list[dict[str, Any]] = []
    for element in event.elements:
        hung = next((r for r in event.rolls if r.id == element.roll), None)
        chosen = hung.conditional.kind if hung is not None and hung.conditional is not None else ""
        row = nft.trap_row(element, i, places, chosen) if element.trap is not None else None
        if row is not None and _whole(element, renamed, nft.trap_element(row, i, 1, ENGLISH)[0]):
            traps.append(row)
            continue
        row = nfg.gain_row(element, i, places) if element.gain is not None else None
        if row is not None and _whole(element, renamed, nfg.gain_element(row, i, 1, ENGLISH)):
            gains.append(row)
            continue
        kept.append(_renamed(element.model_dump(exclude_defaults=True), renamed))
    return {"traps": traps, "gains": gains, "kept": json.dumps(kept, ensure_ascii=False) if kept else ""}


def _renamed(value: Any, renamed: Mapping[str, str | None]) -> Any:
    """An element as written with every roll it names (its own, an ending roll, a stick's...) by its form id."""
    if isinstance(value, dict):
        return {k: v if k in ("id", "name", "label") else _renamed(v, renamed) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_renamed(v, renamed) for v in value]
    return renamed.get(value) or value if isinstance(value, str) else value


def _whole(element: Element, renamed: Mapping[str, str | None], rebuilt: dict[str, Any]) -> bool:
    """Does the row give back the element as written (its rolls renamed, its own id and name kept)?"""
    try:
        again = Element.model_validate({**rebuilt, "id": element.id, "name": element.name})
    except ValueError:
        return False
    given = _renamed(element.model_dump(exclude_defaults=True), renamed)
    return bool(given == _renamed(again.model_dump(exclude_defaults=True), {}))
