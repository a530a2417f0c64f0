"""Character sheets drawn as sheets (runehall.present.sheet) and the rolls they offer.

Each system lays out its own sheet through `CharacterModel.sheet(words, options)`; the web only draws it.
A rollable line becomes a link to the roll panel with that mechanic chosen and its fields filled in
(`/t/T/panel?mechanic=SYSTEM:NAME&p-FIELD=VALUE...`, swapped into #panel by htmx; without JavaScript the
same query on the table page opens it there), so the odds show at once and match the same roll typed by hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from runehall.errors import RunehallError
from runehall.present.sheet import Rollable, Sheet
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.base import GameSystem

PREFIX = "p-"  # a prefilled field's query name: p-FIELD, beside `mechanic`
MAX_PREFILL = 64  # no mechanic has more fields; more query pairs are ignored, not read
MAX_PREFILL_TEXT = 4000  # the longest field a roll takes (a bag of 72 runes by name) is far shorter


def form_value(value: Any) -> str | None:
    """A parameter as its form field holds it: a list comma-separated, a yes/no as the select sends it."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):  # a nested part (one side of an opposed test) is a JSON field
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


ABOUT = ("about-character", "about-what")  # what a roll from a sheet is for: its character and line
MAX_ABOUT = 120


def roll_query(system_id: str, roll: Rollable, character: str = "", what: str = "") -> str:
    """The roll panel's query for a sheet's roll; `character` and `what` (the sheet's line, in the book's
    terms) go with it, so the roll's card says whose roll it is and for what."""
    pairs = [("mechanic", f"{system_id}:{roll.mechanic}")]
    if character and what:
        pairs += [(ABOUT[0], character[:MAX_ABOUT]), (ABOUT[1], what[:MAX_ABOUT])]
    for name, value in roll.params.items():
        shown = form_value(value)
        if shown is not None:
            pairs.append((PREFIX + name, shown))
    return urlencode(pairs)


def drawn(system: GameSystem, options: Mapping[str, Any], stored: Mapping[str, Any], lang: str) -> Sheet:
    """The stored sheet as the system lays it out, in the reader's words. A sheet the rules no longer accept
    (the table's options changed since) still shows its name. Drawn once per sheet, options and language:
    a sheet is immutable and a table page draws each character's sheet for its list and its roll forms."""
    return _drawn(system.id, _key(options), _key(stored), lang)


def _key(value: Mapping[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


@lru_cache(maxsize=256)
def _drawn(system_id: str, options_key: str, stored_key: str, lang: str) -> Sheet:
    system = registry.get(system_id)
    options, stored = json.loads(options_key), json.loads(stored_key)
    name = str(stored.get("name", ""))
    if system.Character is None:
        return Sheet(name, ())
    try:
        chosen = system.options(dict(options))
        return system.character(dict(stored), chosen).sheet(words_for(lang, system.id), chosen)
    except RunehallError:
        return Sheet(name, ())


def sheets(
    system: GameSystem, options: Mapping[str, Any], characters: Iterable[Mapping[str, Any]], lang: str
) -> dict[str, Sheet]:
    return {str(c["id"]): drawn(system, options, c["sheet"], lang) for c in characters}


def prefill(query: Iterable[tuple[str, str]], key: str) -> dict[str, str]:
    """The fields a roll link fills in (p-FIELD=VALUE), only those the mechanic has, each of bounded size."""
    system_id, _, name = key.partition(":")
    try:
        known = set(registry.get(system_id).mechanic(name).Params.model_fields)
    except RunehallError:
        return {}
    found: dict[str, str] = {}
    for i, (field, value) in enumerate(query):
        if i >= MAX_PREFILL:
            break
        if field.startswith(PREFIX) and field[len(PREFIX) :] in known and len(value) <= MAX_PREFILL_TEXT:
            found[field[len(PREFIX) :]] = value
    return found


def about(query: Iterable[tuple[str, str]]) -> dict[str, str] | None:
    """What a panel's roll is for, from its query (both parts, each of bounded size), else None."""
    found = {k: v.strip() for k, v in query if k in ABOUT and 0 < len(v.strip()) <= MAX_ABOUT}
    if len(found) != len(ABOUT):
        return None
    return {"character": found[ABOUT[0]], "what": found[ABOUT[1]]}
