"""Names nobody typed: a foe the designer left unnamed is called by its type ("Dark Viking 2"), a decoy or a
hostage by what it is ("Hostage 1"). The fight knows each by that form, in the source language, as its key:
what moves, the tally and the stored events name it by (the same for every reader; events stored before names
were drawn carry the same keys). A person reads it in his own language ("Vikingo oscuro 2"), drawn when shown
(`said`); a name a person typed is shown as typed.

`Named` is a reader's words that say every name they are given this way, so a card or a board built from
stored names ("{who} attacks {target}") reads in the reader's language without each sentence knowing it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from runehall.errors import Refusal
from runehall.present.words import N_, Words

DECOY = N_("Decoy")
HOSTAGE = N_("Hostage")
DRAWN_NAME = N_("{kind} {number}")  # a kind's name and its number: "Dark Viking 2"
_NUMBERED = re.compile(r"(.+) ([1-9][0-9]{0,2})")


@cache
def kinds() -> frozenset[str]:
    """What a name may be drawn from: every foe type's label, a decoy, a hostage."""
    from runehall.systems.rune.foe_data import foe_types

    return frozenset({t.label for t in foe_types()} | {DECOY, HOSTAGE})


def drawn(kind: str, number: int | None = None) -> str:
    """The key of a name drawn from `kind` (its source-language name), numbered or not."""
    return kind if number is None else f"{kind} {number}"


def parts(name: str) -> tuple[str, int | None] | None:
    """The kind and number a drawn name is made of; None for a name someone typed."""
    if name in kinds():
        return name, None
    found = _NUMBERED.fullmatch(name)
    if found is not None and found.group(1) in kinds():
        return found.group(1), int(found.group(2))
    return None


def said(name: str, words: Words) -> str:
    """A name as `words`' reader reads it: a drawn one in his language, a typed one as typed."""
    made = parts(name)
    if made is None:
        return name
    kind, number = made
    base = words(kind)  # (said again by Named: a kind's name in any language is no kind's number)
    return base if number is None else words(DRAWN_NAME, kind=base, number=words.number(number))


def refusal_value(name: str) -> Any:
    """A name as a refusal's value: a drawn one said in the reader's language when the refusal is."""
    made = parts(name)
    if made is None:
        return name
    kind, number = made
    return Refusal(kind) if number is None else Refusal(DRAWN_NAME, {"kind": Refusal(kind), "number": number})


class Named(Words):
    """`words` saying every name given to a sentence (and every name in a list joined) as its reader reads it."""

    def __init__(self, words: Words) -> None:
        super().__init__(words.lang, words.packages)

    def __call__(self, message: str, **values: Any) -> str:
        return super().__call__(message, **_names(values, self))

    def n(self, singular: str, plural: str, count: int, **values: Any) -> str:
        return super().n(singular, plural, count, **_names(values, self))

    def join(self, items: Iterable[str], alternatives: bool = False) -> str:
        return super().join((said(i, self) if isinstance(i, str) else i for i in items), alternatives)


def named(words: Words) -> Named:
    return words if isinstance(words, Named) else Named(words)


def _names(values: dict[str, Any], words: Named) -> dict[str, Any]:
    return {k: said(v, words) if isinstance(v, str) else v for k, v in values.items()}
