"""A form's words: each field's label, hint and choices as a person reads them, in their language.

Forms are built from each system's pydantic models (runehall.web.forms); the system marks a field's
`title` and `description` with N_ and gives their Spanish in its catalog, and may say how a select's
choices read (`choice_label` on mechanics, tracker actions, trackers' setups and characters). What a
system leaves unsaid still reads as words: a name's underscores become spaces, yes and no are words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from runehall.present.words import N_, Words

ChoiceLabel = Callable[[str, str, Words], "str | None"]
"""(field, value, words) -> how the choice reads, or None for the system's plain value."""


@dataclass(frozen=True, slots=True)
class Choices:
    """What a list or a table of names on a form may hold, said by the system (`CharacterModel.choices`):
    the ids in the book's order; `every`: each id is a line of its own (a table of all eight god runes);
    `open`: the ids are suggestions and any other name may be typed (a book whose full list is not known)."""

    ids: tuple[str, ...]
    every: bool = False
    open: bool = False
    rows: bool = False  # a list as rows, each choosing one (a long list, or one whose order matters), not a picker
    same: Callable[[str], str] | None = None  # another spelling the rules accept (a name for an id) -> its id
    group: Callable[[str, Words], str] | None = None  # the heading an id is listed under, as the book's sheet groups

    def id_of(self, value: object) -> str:
        text = str(value)
        return self.same(text) if self.same is not None else text


ChoicesOf = Callable[[str], "Choices | None"]
"""(field path without row numbers, "skills" or "void.skill") -> its choices, or None for free text."""

YES_NO = {"true": N_("yes"), "false": N_("no"), "": N_("(none)")}


def label(name: str, prop: dict[str, Any], words: Words) -> str:
    """The field's title (the system's marked words) in the reader's language, else its name as words."""
    return words(str(prop.get("title") or name.replace("_", " ")))


SPEC_REFERENCE = re.compile(
    r"\s*\((?:(?:\d{3}[a-z]? )?(?:TV|[AIQ])-[\w-]*\d+(?:,\s*)?)+\)|\s*\b(?:\d{3}[a-z]? )?(?:TV|[AIQ])-\d+\b"
)
"""The specs' references ("(A-03, I-18)", "(001b A-31, 001c A-02)"), kept in the code's descriptions for people
who check the rules, left out of what a player reads."""


def hint(prop: dict[str, Any], words: Words) -> str:
    text = str(prop.get("description") or "")
    return SPEC_REFERENCE.sub("", words(text)) if text else ""


def choice(field: str, value: str, words: Words, said: ChoiceLabel | None = None) -> str:
    """How one choice of a select reads; the form keeps sending `value` itself."""
    found = said(field, value, words) if said is not None else None
    if found is not None:
        return found
    if value in YES_NO:
        return words(YES_NO[value])
    spaced = value.replace("_", " ")
    for message in (value, spaced, spaced.capitalize(), spaced.title()):  # a word the system already says
        if words.knows(message):
            return words(message)
    return spaced
