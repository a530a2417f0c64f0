"""A character sheet as people read it: the book's sections in its order, labelled values, and a roll
button on everything a player rolls (Foundry's sheets: click a skill, roll it).

A system's `CharacterModel.sheet(words, options)` builds one from the validated sheet and its derived
values; the web and the printable page draw it. A `Rollable` names a mechanic of the system and the
parameters that roll it as the sheet stands, so one click opens the roll panel prefilled, odds shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Emphasis = Literal["", "budget", "warning", "derived", "muted"]  # muted: shown, counted for nothing


@dataclass(frozen=True, slots=True)
class Rollable:
    """A roll the sheet offers: `mechanic` of the sheet's own system, with these parameters."""

    mechanic: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the sheet: the book's term (`label`), the reader's word beside it when the languages
    differ (`gloss`), the value in words, and a roll when it is rollable."""

    label: str
    value: str
    gloss: str = ""
    roll: Rollable | None = None
    emphasis: Emphasis = ""  # a budget ("Creation points 52 / 60"), a warning the rules compute


@dataclass(frozen=True, slots=True)
class SheetSection:
    title: str
    rows: tuple[SheetRow, ...]
    gloss: str = ""


@dataclass(frozen=True, slots=True)
class Sheet:
    name: str
    sections: tuple[SheetSection, ...]
    warnings: tuple[str, ...] = ()  # what the rules advise about this sheet (unspent points...)
