"""The setup screen's parts (web/lineup.py): a foe row with its numbers worked out again, the form's prefixed
names, a starting place, and a plain setup's own fields with the table's characters offered by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runehall.errors import N_, ParameterError, RunehallError
from runehall.present.lineup import Lineup
from runehall.present.refusals import say
from runehall.present.words import Words
from runehall.systems.tracker import Tracker
from runehall.web.forms import Field, collect, fields, schema_of, walk

MAX_FOE_ROWS = 20  # foe rows on one screen; each may bring several (the tracker caps the combatants)
FOE_SPACING, SIDE_SPACING = 2, 8  # default starting places: paces between people, and between the sides


@dataclass
class FoeRow:
    index: int
    kind: str
    name: str
    side: str
    x: str
    y: str
    player: str
    keep: str
    numbers: list[Field]
    values: dict[str, Any] = field(default_factory=dict)  # the numbers as shown
    hint: str = ""
    fixed: tuple[str, ...] = ()  # numbers the rules set from the others: shown, not typed
    derives: str = ""  # the numbers that work the others out again (comma-separated)
    error: str = ""


def prefixed(controls: list[Field], prefix: str) -> list[Field]:
    for f in walk(controls):
        f.name = prefix + f.name
    return controls


def sub(form: dict[str, str], prefix: str) -> dict[str, str]:
    return {k[len(prefix) :]: v for k, v in form.items() if k.startswith(prefix)}


def grouped(lineup: Lineup) -> list[tuple[str, list[tuple[str, str, str]]]]:
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for kind in lineup.foes:
        groups.setdefault(kind.group, []).append((kind.id, kind.name, kind.hint))
    return list(groups.items())


def number_text(text: str, default: float) -> str:
    return text.strip() if text and text.strip() else str(int(default) if float(default).is_integer() else default)


def place(x: str, y: str) -> tuple[float, float]:
    try:
        return float(x), float(y)
    except ValueError:
        raise ParameterError(N_("a starting place is two numbers (x and y)")) from None


def plain_fields(
    tracker: Tracker[Any], words: Words, values: dict[str, Any], characters: list[dict[str, Any]]
) -> list[Field]:
    """A setup's own fields; one that takes a character of the table is a choice of them by name."""
    table = from_table(tracker)
    shown = fields(tracker.Setup, {k: v for k, v in values.items() if k not in table}, words, tracker.choice_label)
    for f in shown:
        if f.name in table:
            f.kind, f.required, f.description = "select", True, ""  # its hint speaks of a sheet typed whole
            f.choices = [c["id"] for c in characters]
            f.choice_text = {c["id"]: str(c["sheet"].get("name") or "—") for c in characters}
            f.value = values.get(f.name) if values.get(f.name) in f.choices else next(iter(f.choices), None)
    return shown


def foe_row(
    tracker: Tracker[Any],
    lineup: Lineup,
    words: Words,
    options: Any,
    index: int,
    row: dict[str, str],
    sheets: list[Any],
    side: str,
) -> FoeRow:
    kinds = {k.id: k for k in lineup.foes}
    kind = row.get("kind", "") if row.get("kind") in kinds else lineup.foes[0].id
    changed = row.get("was", kind) != kind  # a new kind starts from its own numbers
    keep = [] if changed else [k for k in row.get("keep", "").split(",") if k]
    derives = derived_fields(lineup)
    typed = sub(row, "n.")
    given_form = {k: v for k, v in typed.items() if not changed and (k in keep or k in derives)}
    error = ""
    try:
        sent = collect(lineup.Numbers, given_form)  # (an unticked box reads False: keep only what was there)
        drawn = "was" in row and not changed  # a row the person has seen: its derives fields are theirs
        given = {k: v for k, v in sent.items() if drawn and (k in keep or k in derives)}
        numbers = tracker.foe_numbers(kind, given, sheets, options)
    except RunehallError as e:
        error = say(e, words)
        numbers = {k: v for k, v in typed.items()}
    controls = fields(lineup.Numbers, numbers, words, tracker.choice_label)
    shows = set(kinds[kind].shows)
    for f in controls:
        if shows and f.name not in shows:  # kept as it is, out of sight: it does not apply to this kind
            f.kind = "hidden"
        f.name = f"f.{index}.n.{f.name}"
    default_name = kinds[kind].name
    name = row.get("name", "") if not changed and row.get("name") else default_name
    return FoeRow(
        index=index,
        kind=kind,
        name=name,
        side=row.get("side") or side,
        x=number_text(row.get("x", ""), index * FOE_SPACING * 2),
        y=number_text(row.get("y", ""), SIDE_SPACING),
        player=row.get("player", ""),
        keep=",".join(keep),
        numbers=controls,
        values=numbers,
        hint=kinds[kind].hint,
        fixed=kinds[kind].fixed,
        derives=",".join(sorted(derives)),
        error=error,
    )


def foe_indexes(form: dict[str, str]) -> list[int]:
    found = {k.split(".")[1] for k in form if k.startswith("f.")}
    return sorted(int(i) for i in found if i.isdigit() and len(i) < 4)


def derived_fields(lineup: Lineup) -> set[str]:
    props = schema_of(lineup.Numbers).get("properties", {})
    return {name for name, prop in props.items() if prop.get("x-derives")}


def from_table(tracker: Tracker[Any]) -> set[str]:
    """The setup's fields that take a character of the table (`"x-table": "characters"` in their schema)."""
    props = schema_of(tracker.Setup).get("properties", {})
    return {name for name, prop in props.items() if prop.get("x-table") == "characters"}
