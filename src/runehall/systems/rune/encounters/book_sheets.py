"""The book's own cost tables for "The Stolen Rune" checked against its lines and its rules (spec 001c §14.8):

- level 1: the printed lines added up, against the printed totals (the book's additions);
- level 2: each printed line against what the rules price it at, in Runehall's notes of the encounter (a ✓ or a
  ✗ with the rule's value), plus the lines the rules add that the book left out (A-57, A-72);
- level 3 is the validator's whole report of the notes (spent, earned, balance, legality).

The printed tables are data (data/adventures/the_stolen_rune/book-sheets.toml): numbers and our own labels. The
shipped notes are Runehall's playable edition; `as_printed` puts the book's values back where that edition changed
them (the same file lists them), so the three levels judge the encounter as the book wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import ConfigDict, Field

from runehall.systems.base import RulesModel, validate_model
from runehall.systems.data import read_data_file
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.lines import CostLine

SHEETS = "adventures/the_stolen_rune/book-sheets.toml"


class PrintedLine(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(max_length=120)
    ep: int = Field(ge=-1000, le=1000)
    at: str | None = None  # the id in the notes whose lines price it; None: the rules price it at 0
    rule: str = ""  # the start of the rule's template ("" for every line there of the printed line's sign)
    also: str | None = None  # a second id whose lines count too
    group: bool = False  # compared together with the other grouped lines of the same `at`
    refused: bool = False  # the rules forbid it: it is worth 0


class Sheet(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    encounter: int = Field(ge=1, le=7)
    spent: int
    gained: int
    balance: int
    lines: tuple[PrintedLine, ...] = Field(max_length=60)


class Printed(RulesModel):
    """One value the playable edition changed, as the book has it: `field` (dotted) of the roll or element `at`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    encounter: int = Field(ge=1, le=7)
    at: str = Field(max_length=40)
    field: str = Field(max_length=80)
    value: Any


class Sheets(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sheet: tuple[Sheet, ...] = Field(min_length=7, max_length=7)
    as_printed: tuple[Printed, ...] = Field((), max_length=40)


@cache
def _sheets() -> Sheets:
    return Sheets.model_validate(read_data_file("runehall.systems.rune", SHEETS))


def book_sheets() -> dict[int, Sheet]:
    return {s.encounter: s for s in _sheets().sheet}


def printed_changes(number: int) -> tuple[Printed, ...]:
    """The values of encounter `number` the playable edition changed, as the book printed them."""
    return tuple(p for p in _sheets().as_printed if p.encounter == number)


def as_printed(number: int, encounter: Encounter) -> Encounter:
    """The shipped (playable) notes of encounter `number` with the book's values put back."""
    data = encounter.model_dump(mode="json", exclude_unset=True)
    for change in printed_changes(number):
        found = [
            x for e in data["events"] for x in (*e.get("rolls", ()), *e.get("elements", ())) if x["id"] == change.at
        ]
        if len(found) != 1:
            raise ValueError(f"book-sheets.toml: no one roll or element {change.at!r} in encounter {number}")
        *path, last = change.field.split(".")
        place = found[0]
        for key in path:
            place = place.setdefault(key, {})
        place[last] = change.value
    return validate_model(Encounter, data, "field")


@dataclass(frozen=True)
class Sums:
    spent: int
    gained: int  # negative, as the book prints it
    balance: int

    @property
    def legal_balance(self) -> bool:
        return self.spent + self.gained <= 0


def level_one(sheet: Sheet) -> tuple[Sums, Sums]:
    """(the printed lines added up, the printed totals): where they differ the book mis-added."""
    spent = sum(line.ep for line in sheet.lines if line.ep > 0)
    gained = sum(line.ep for line in sheet.lines if line.ep < 0)
    return Sums(spent, gained, spent + gained), Sums(sheet.spent, sheet.gained, sheet.balance)


@dataclass(frozen=True)
class Checked:
    labels: tuple[str, ...]  # one printed line, or the grouped lines the book split one price into
    printed: int
    rule: int

    @property
    def agrees(self) -> bool:
        return self.printed == self.rule


def _matches(line: PrintedLine, cost: CostLine, sign: int) -> bool:
    return (
        cost.counted and cost.where in (line.at, line.also) and cost.rule.startswith(line.rule) and cost.ep * sign > 0
    )


def level_two(sheet: Sheet, lines: Sequence[CostLine]) -> tuple[list[Checked], list[CostLine]]:
    """Each printed line (or group) with the rules' value, and the rules' counted lines no printed line names
    (what the book left out)."""
    out: list[Checked] = []
    used: set[int] = set()
    done: set[str] = set()
    for line in sheet.lines:
        if line.group and line.at in done:
            continue
        group = [x for x in sheet.lines if x.group and x.at == line.at] if line.group else [line]
        printed = sum(x.ep for x in group)
        sign = 1 if printed > 0 else -1
        found = [i for i, c in enumerate(lines) if line.at is not None and _matches(line, c, sign)]
        rule = 0 if line.refused else sum(lines[i].ep for i in found)
        used.update(found)
        if line.group and line.at:
            done.add(line.at)
        out.append(Checked(tuple(x.label for x in group), printed, rule))
    left_out = [c for i, c in enumerate(lines) if c.counted and c.ep and i not in used]
    return out, left_out
