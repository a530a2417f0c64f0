"""Filling in the values the OCR lost: entries such as "whip.dam=3" or "leather_scale.prot=4".

The weapon table's second page and the Leather Scale armour row are lost (rules data: "unknown"). A table
fills them for everyone with the options weapon_overrides / armor_overrides; a hero's sheet may fill what
is still unknown after that, for himself. Only lost values can be filled: a printed (or rebuilt) value is a
rule and stays; named modifiers (modifiers.py) change numbers on top of the rules.

Entries are kept as sorted "item.field=value" strings, so that options stay hashable and a form or the
command line can give them as one comma-separated line; a mapping {"whip": {"dam": 3}} is read too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.rune.armoury import ArmorDef, WeaponDef
from runehall.systems.rune.records import UNKNOWN
from runehall.systems.rune.rules import rules

Kind = Literal["weapon", "armor"]
FIELDS: dict[Kind, tuple[str, ...]] = {
    "weapon": ("init", "atk", "dfn", "dam", "load", "ability", "availability", "two_handed"),
    "armor": ("prot", "init", "availability"),
}


def _entries(value: object) -> list[tuple[str, str, object]]:
    """(item, field, value) triples from a mapping, a list of "item.field=value" strings or one such line."""
    if isinstance(value, Mapping):
        out: list[tuple[str, str, object]] = []
        for item, values in value.items():
            if not isinstance(values, Mapping):
                raise Invalid(N_("give {item}'s values as a mapping of field to value, e.g. {{'dam': 3}}"), item=item)
            out += [(str(item), str(f), v) for f, v in values.items()]
        return out
    texts: Iterable[object] = value.split(",") if isinstance(value, str) else value  # type: ignore[assignment]
    if not isinstance(texts, list | tuple):
        raise Invalid(N_("give entries like 'whip.dam=3', separated by commas"))
    out = []
    for text in texts:
        line = str(text).strip()
        if not line:
            continue
        target, eq, raw = line.partition("=")
        item, dot, field = target.rpartition(".")
        if not eq or not dot or not item.strip() or not raw.strip():
            raise Invalid(N_("{line!r} is not of the form item.field=value (e.g. whip.dam=3)"), line=line)
        out.append((item.strip(), field.strip().casefold(), raw.strip()))
    return out


def _integer(text: str, what: Refusal) -> int:
    try:
        return int(text.replace("+", "", 1) if text.startswith("+") else text)
    except ValueError:
        raise Invalid(N_("{what} must be a whole number, not {text!r}"), what=what, text=text) from None


def _value(kind: Kind, field: str, raw: object, what: Refusal) -> str:
    """The canonical text of one value, checked for its field."""
    text = str(raw).strip().casefold() if not isinstance(raw, bool) else str(raw).casefold()
    if field in ("init", "atk", "dam", "prot") or (field == "dfn" and text != "n/a"):
        number = _integer(text, what)
        if field == "prot" and number < 0:
            raise Invalid(N_("{what} cannot be negative"), what=what)
        return str(number)
    if field == "dfn":
        return "n/a"
    if field == "load":
        try:
            load = float(text)
        except ValueError:
            raise Invalid(N_("{what} must be a number of Load, not {text!r}"), what=what, text=text) from None
        if not 0 <= load <= 100:
            raise Invalid(N_("{what} must be between 0 and 100"), what=what)
        return repr(load)
    if field == "ability":
        found = rules().find("ability", text)
        if found is None or found not in rules().fighting_abilities():
            raise Invalid(
                N_("{what} must be a Fighting Ability ({known})"),
                what=what,
                known=", ".join(rules().fighting_abilities()),
            )
        return found
    if field == "availability":
        if text not in ("common", "rare"):
            raise Invalid(N_("{what} must be common or rare"), what=what)
        return text
    if text not in ("true", "false", "yes", "no"):
        raise Invalid(N_("{what} must be true or false"), what=what)
    return "true" if text in ("true", "yes") else "false"


def parse(kind: Kind, value: object) -> tuple[str, ...]:
    """Checked, canonical entries: each names a lost value of a row of the weapon (or armor) table."""
    if value is None:
        return ()
    found: dict[tuple[str, str], str] = {}
    for item_text, field, raw in _entries(value):
        item = rules().find(kind, item_text)
        if item is None or item == "fist_kick":
            not_in = (
                N_("{item!r} is not in the weapon table")
                if kind == "weapon"
                else N_("{item!r} is not in the armor table")
            )
            raise Invalid(not_in, item=item_text)
        row = rules().weapon(item) if kind == "weapon" else rules().armor_row(item)
        if field not in FIELDS[kind]:
            raise Invalid(
                N_("{item} has no field {field!r} to fill ({fields})"),
                item=Refusal(row.name),
                field=field,
                fields=", ".join(FIELDS[kind]),
            )
        if getattr(row, field) != UNKNOWN:
            raise Invalid(
                N_("{item}'s {field} is printed ({printed}); only lost values can be filled"),
                item=Refusal(row.name),
                field=field,
                printed=getattr(row, field),
            )
        text = _value(kind, field, raw, Refusal(N_("{item}'s {field}"), {"item": Refusal(row.name), "field": field}))
        if found.get((item, field), text) != text:
            raise Invalid(
                N_("{item}'s {field} is given twice with different values"), item=Refusal(row.name), field=field
            )
        found[(item, field)] = text
    order = FIELDS[kind]
    return tuple(f"{i}.{f}={v}" for (i, f), v in sorted(found.items(), key=lambda e: (e[0][0], order.index(e[0][1]))))


def values(entries: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Canonical entries as typed values by item: {"whip": {"dam": 3, "two_handed": False}}."""
    out: dict[str, dict[str, Any]] = {}
    for entry in entries:
        target, _, text = entry.partition("=")
        item, _, field = target.rpartition(".")
        typed: Any = text
        if field in ("init", "atk", "dam", "prot") or (field == "dfn" and text != "n/a"):
            typed = int(text)
        elif field == "load":
            typed = float(text)
        elif field == "two_handed":
            typed = text == "true"
        out.setdefault(item, {})[field] = typed
    return out


def fill_weapon(row: WeaponDef, given: Mapping[str, Any]) -> WeaponDef:
    """The row with the given lost values filled in (only fields still unknown change)."""
    update = {f: v for f, v in given.items() if getattr(row, f) == UNKNOWN}
    if not update:
        return row
    filled = row.model_copy(update=update)
    complete = all(getattr(filled, f) != UNKNOWN for f in ("init", "atk", "dfn", "dam", "load", "ability"))
    return filled.model_copy(update={"complete": complete})


def fill_armor(row: ArmorDef, given: Mapping[str, Any]) -> ArmorDef:
    update = {f: v for f, v in given.items() if getattr(row, f) == UNKNOWN}
    if not update:
        return row
    filled = row.model_copy(update=update)
    return filled.model_copy(update={"complete": filled.prot != UNKNOWN and filled.init != UNKNOWN})
