"""A priced encounter as people read it (the CLI's table and the designer's page draw the same rows): each
line names the element it prices by the designer's own name, the rule that gave it in the reader's language,
its signed encounter points, and whether a cap left it out; then the budget and what the rules refuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from runehall.errors import Refusal
from runehall.present.refusals import say_part
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.names import said
from runehall.systems.rune.encounters.called import foe_names
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.lines import Report

FEATURE_WORDS = {
    "barrier": N_("Barriers"),
    "cover": N_("Cover"),
    "damaging_place": N_("Damaging place"),
    "decoys": N_("Decoys"),
    "hostages": N_("Hostages"),
    "levels": N_("Additional levels"),
    "tube_strikers": N_("Tube-strikers"),
    "obscurant_areas": N_("Areas of differing light"),
    "limited_exits": N_("Limited exits"),
    "darkness": N_("Full darkness"),
    "gloom": N_("Gloom"),
    "torch_proof": N_("Weather no torch survives"),
    "obscurant": N_("Obscurant"),
    "missile_obstruction": N_("Obstructions to missile fire"),
    "missile_penalty": N_("Missile penalty over the whole area"),
    "slippery": N_("Slippery ground"),
    "uneven": N_("Uneven ground"),
    "slope_area": N_("Sloped area"),
    "slope_ramp": N_("Ramps"),
    "weird_magic": N_("Weird magic"),
}


@dataclass(frozen=True)
class Row:
    what: str  # the element, by the designer's name
    rule: str  # the rule that priced it, in the reader's words
    ep: int
    counted: bool
    page: int | None
    book: int | None  # what the book prints instead, where it is wrong


@dataclass(frozen=True)
class ReportView:
    title: str
    rows: tuple[Row, ...]
    spent: int
    earned: int
    limit: int
    balance: int
    legal: bool
    refusals: tuple[str, ...]
    warnings: tuple[str, ...]


def names(encounter: Encounter, words: Words) -> dict[str, str]:
    """Every id of the notes by the name a person reads (an event by its place in the encounter)."""
    found: dict[str, str] = {}
    for number, event in enumerate(encounter.events, 1):
        found[event.id] = words(N_("Event {number}"), number=words.number(number))
        found |= {r.id: r.name for r in event.rolls}
        found |= {e.id: e.name for e in event.elements}
        if event.combat:
            called = foe_names(event.combat, encounter.creatures)  # a name nobody typed: in the reader's words
            found |= {f.id: said(n, words) for f, n in zip(event.combat.foes, called, strict=True)}
            found |= {t.id: t.name or words(FEATURE_WORDS[t.kind]) for t in event.combat.terrain}
    found |= {c.id: c.name for c in encounter.creatures}
    return found


def view(encounter: Encounter, report: Report, words: Words) -> ReportView:
    called = names(encounter, words)
    rows = tuple(
        Row(called.get(line.where, encounter.title), line.said(words), line.ep, line.counted, line.page, line.book)
        for line in report.lines
    )

    def said(part: Refusal) -> str:
        where = called.get(part.where)
        text = say_part(Refusal(part.template, part.values), words)
        return f"{where}: {text}" if where else text

    return ReportView(
        title=encounter.title,
        rows=rows,
        spent=report.spent,
        earned=report.earned,
        limit=report.limit,
        balance=report.balance,
        legal=report.legal,
        refusals=tuple(said(p) for p in report.errors),
        warnings=tuple(said(p) for p in report.warnings),
    )
