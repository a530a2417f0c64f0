"""A card: one stored roll or tracker action as a person reads it (Foundry's chat card, Roll20's template).

Systems build cards from stored data and their words; the web and the CLI draw them. A card holds only
text meant for people, already in the reader's language: no program value reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ChipKind = Literal["die", "rune", "card", "token"]
ChipState = Literal["kept", "dropped", "exploded", "rerolled"]
Mark = Literal["", "botch", "triumph", "critical"]
Tone = Literal["success", "failure", "botch", "triumph", "neutral"]


@dataclass(frozen=True, slots=True)
class Chip:
    """One die, rune or card drawn: its face as shown, what became of it, and a hover text."""

    text: str
    kind: ChipKind = "die"
    sides: int | None = None
    state: ChipState = "kept"
    mark: Mark = ""
    role: str = ""  # a colour role the look gives meaning to (a Ragnarök trait: "trait-F")
    title: str = ""  # hover text: the die ("d10"), the rune's name and trait


@dataclass(frozen=True, slots=True)
class Row:
    """A labelled line of the card ("Attack", "15 vs 25")."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Card:
    """`action` says who did what ("Ragnar attacks the troll"), `result` what came of it ("miss")."""

    action: str
    result: str
    tone: Tone = "neutral"
    rows: tuple[Row, ...] = ()
    chips: tuple[Chip, ...] = ()
    total: str | None = None

    def plain(self) -> str:
        """One line of text (the CLI, a screen reader's summary, a test): action, result, dice, total."""
        parts = [f"{self.action}: {self.result}" if self.result else self.action]
        parts += [f"{r.label} {r.value}" for r in self.rows]
        if self.chips:
            shown = []
            for chip in self.chips:
                text = chip.text
                if chip.state == "dropped":
                    text = f"({text})"
                elif chip.state == "exploded":
                    text = f"{text}!"
                shown.append(text)
            parts.append("[" + " ".join(shown) + "]")
        if self.total is not None:
            parts.append(f"= {self.total}")
        return "  ".join(parts)
