"""The runner's notes as a form a person fills in on the designer's screen (web: a tracker action's editor):
events, their rolls, foes and terrain as rows picked from lists, with no ids to invent. `to_encounter` turns
what the form holds into design.py's `Encounter` (ids made from each row's place: event 1 is "e1", its second
roll "e1-r2", its foes "e1-f1", its terrain "e1-t1"), and `where` says which form row each id came from, so a
refusal of the rules is shown beside the row it is about. `from_encounter` is the way back, to edit notes
already given.

Each event's traps and hazards (notes_form_traps.py, ids "e1-x1") and its treasure and other gains
(notes_form_gains.py, "e1-g1") are rows too. An element the rows cannot hold whole (lines the designer typed, a
trap with several sticks or triggers...) is kept as written in the event's hidden `kept` field (JSON), its roll
renamed as the form names rolls, so giving the notes again never cuts it down.

What the form leaves out (combo structures of Multiple rolls, creatures of the designer's own, weird magic) is
given in a notes file (runehall rune encounter) and not edited here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from pydantic import Field

from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.names import parts
from runehall.systems.rune.encounters import notes_form_elements as nfe
from runehall.systems.rune.encounters import notes_form_gains as nfg
from runehall.systems.rune.encounters import notes_form_traps as nft
from runehall.systems.rune.encounters.design import (
    MAX_ELEMENTS_PER_EVENT,
    MAX_EVENTS_READ,
    MAX_FOES_PER_EVENT,
    MAX_HEROES,
    MAX_NAME,
    MAX_ROLLS_PER_EVENT,
    MAX_TERRAIN_PER_EVENT,
    MAX_TEXT,
    Coverage,
    Deity,
    Encounter,
    FoeSpec,
    PlotRole,
    Structure,
    Threat,
)
from runehall.systems.rune.foe_data import foe_types

TerrainKind = Literal[
    "barrier", "cover", "damaging_place", "decoys", "hostages", "levels", "tube_strikers", "obscurant_areas",
    "limited_exits", "darkness", "gloom", "torch_proof", "obscurant", "missile_obstruction", "missile_penalty",
    "slippery", "uneven", "slope_area", "slope_ramp",
]  # fmt: skip
COUNTED = ("decoys", "hostages", "levels", "tube_strikers", "obscurant_areas")
# A terrain row's parameters, each shown only for the kinds it belongs to (the form hides the others).
TERRAIN_PARAMS: dict[str, tuple[str, ...]] = {
    "count": ("barrier", *COUNTED, "slope_ramp"),
    "degree": ("cover",),
    "shelters": ("cover",),
    "dam": ("damaging_place",),
    "mode": ("limited_exits",),
    "penalty": ("obscurant",),
    "extent": ("missile_obstruction",),
    "points": ("missile_penalty",),
    "coverage": ("slippery", "uneven", "slope_area"),
    "hexes_each": ("slope_ramp",),
}


def _when(name: str) -> dict[str, Any]:
    return {"x-when": {"kind": list(TERRAIN_PARAMS[name])}}


class RollRow(RulesModel):
    name: str = Field(
        "", max_length=MAX_NAME, title=N_("What it is for"), description=N_("As the runner reads it out.")
    )
    ability: str | None = Field(None, max_length=40, title=N_("Ability"))
    characteristic: str | None = Field(
        None, max_length=8, title=N_("Characteristic"), description=N_("Only when not the Ability's own.")
    )
    difficulty: int | None = Field(6, ge=-20, le=40, title=N_("Difficulty"))
    opposed_bonus: int | None = Field(
        None,
        ge=-20,
        le=40,
        title=N_("Against a bonus of"),
        description=N_("An opposed roll: leave the Difficulty empty."),
    )
    purpose: Literal["trap", "gain", "treasure", "other"] = Field("other", title=N_("Purpose"))
    structure: Structure = Field("standard", title=N_("Roll structure"))
    danger: Literal["front", "rear"] | None = Field(
        None, title=N_("Where the danger is"), description=N_("Line of Doom and Domino rolls only.")
    )
    extra_rolls: int = Field(0, ge=0, le=20, title=N_("Further attempts"))
    combat_action: bool = Field(False, title=N_("Costs a combat action"))
    effects: int = Field(1, ge=1, le=8, title=N_("Ill effects of a failure"))
    gains: int = Field(1, ge=1, le=8, title=N_("Gains of a success"))
    defiance: Deity | None = Field(None, title=N_("In defiance of"))
    freestanding: bool = Field(False, title=N_("Freestanding (a gain)"))
    failure_leads_to_trap: bool = Field(False, title=N_("Failure leads to a trap"))


class FoeRow(RulesModel):
    type: str = Field("dark_viking", min_length=1, max_length=40, title=N_("Foe type"))
    threat: Threat = Field("equal", title=N_("Threat category"))
    count: int = Field(1, ge=1, le=MAX_FOES_PER_EVENT, title=N_("How many"))
    name: str = Field("", max_length=MAX_NAME - 4, title=N_("Name"), description=N_("Empty: the foe type's."))
    missile: Literal["bow", "crossbow"] | None = Field(None, title=N_("Missile weapon"))
    self_willed: bool = Field(False, title=N_("Self-Willed"))


class TerrainRow(RulesModel):
    kind: TerrainKind = Field("barrier", title=N_("Feature"))
    name: str = Field("", max_length=MAX_NAME, title=N_("Name"), description=N_("Empty: the feature's."))
    count: int = Field(1, ge=1, le=40, title=N_("How many"), json_schema_extra=_when("count"))
    degree: Literal["third", "half", "full"] = Field(
        "half", title=N_("Degree of cover"), json_schema_extra=_when("degree")
    )
    shelters: int = Field(1, ge=0, le=40, title=N_("Characters it shelters"), json_schema_extra=_when("shelters"))
    dam: int = Field(4, ge=0, le=100, title=N_("Damage (DAM)"), json_schema_extra=_when("dam"))
    mode: Literal["one", "two", "one_double"] = Field("one", title=N_("Exits"), json_schema_extra=_when("mode"))
    penalty: int = Field(1, ge=1, le=20, title=N_("Penalty"), json_schema_extra=_when("penalty"))
    extent: Literal["full", "half"] = Field("half", title=N_("Extent"), json_schema_extra=_when("extent"))
    points: int = Field(1, ge=1, le=20, title=N_("Penalty points"), json_schema_extra=_when("points"))
    coverage: Coverage = Field("third", title=N_("How much of the area"), json_schema_extra=_when("coverage"))
    hexes_each: int = Field(1, ge=1, le=400, title=N_("Hexes each"), json_schema_extra=_when("hexes_each"))


class CombatForm(RulesModel):
    foes: tuple[FoeRow, ...] = Field((), max_length=MAX_FOES_PER_EVENT, title=N_("Foes"))
    terrain: tuple[TerrainRow, ...] = Field((), max_length=MAX_TERRAIN_PER_EVENT, title=N_("Terrain"))
    no_missile_credit: bool = Field(False, title=N_("No foe uses a missile weapon (a credit)"))


class EventForm(RulesModel):
    summary: str = Field("", max_length=MAX_TEXT, title=N_("What happens"))
    rolls: tuple[RollRow, ...] = Field((), max_length=MAX_ROLLS_PER_EVENT, title=N_("Rolls"))
    combat: CombatForm | None = Field(None, title=N_("Fight"), description=N_("An event without foes has no fight."))
    traps: tuple[nft.TrapRow, ...] = Field((), max_length=MAX_ELEMENTS_PER_EVENT, title=N_("Traps and hazards"))
    gains: tuple[nfg.GainRow, ...] = Field((), max_length=MAX_ELEMENTS_PER_EVENT, title=N_("Treasure and other gains"))
    kept: str = Field("", max_length=8 * MAX_TEXT, json_schema_extra={"readOnly": True})  # elements kept as written


class NotesForm(RulesModel):
    title: str = Field("", max_length=MAX_NAME, title=N_("Title of the encounter"))
    heroes: int = Field(4, ge=2, le=MAX_HEROES, json_schema_extra={"readOnly": True})  # the table's, never typed
    events: tuple[EventForm, ...] = Field(min_length=1, max_length=MAX_EVENTS_READ, title=N_("Events"))
    for_beginners: bool = Field(False, title=N_("For beginners (no terrain)"))
    notes: str = Field("", max_length=MAX_TEXT, title=N_("Notes for the runner"))
    role: PlotRole | None = Field(None, json_schema_extra={"readOnly": True})  # an adventure's, kept as given


@dataclass
class Made:
    """The notes a form stands for (a dict for Encounter to validate), and each id's form row."""

    notes: dict[str, Any]
    where: dict[str, str] = field(default_factory=dict)  # id -> "events.0.combat.foes.1"
    foe_rows: dict[tuple[int, int], int] = field(default_factory=dict)  # (event, foe) -> its form row
    element_rows: dict[tuple[int, int], str] = field(default_factory=dict)  # (event, element) -> its form row


def to_encounter(values: Mapping[str, Any], words: Words = ENGLISH, labels: Mapping[str, str] | None = None) -> Made:
    """The form's values (as collected) as notes; a roll's empty name becomes its Ability's (`labels`: id ->
    English name, said in `words`); a foe's or a feature's empty name is left out (said from its type or kind
    when shown)."""
    named = labels or {}
    made = Made({})
    events = []
    for i, event in enumerate(values.get("events") or ()):
        eid, at = f"e{i + 1}", f"events.{i}"
        made.where[eid] = at
        shown: dict[str, Any] = {"id": eid, "summary": event.get("summary", "")}
        rolls = []
        for j, roll in enumerate(event.get("rolls") or ()):
            rid = f"{eid}-r{j + 1}"
            made.where[rid] = f"{at}.rolls.{j}"
            kept = {k: v for k, v in roll.items() if v is not None and v != ""}
            ability = str(kept.get("ability", ""))
            fallback = words(named[ability]) if ability in named else words(N_("Roll {number}"), number=j + 1)
            rolls.append({**kept, "id": rid, "name": kept.get("name") or fallback})
        shown["rolls"] = rolls
        shown["elements"] = nfe.elements(made, i, event, rolls, words)
        combat = event.get("combat") or {}
        foes = _foes(made, i, combat.get("foes") or ())
        if foes:
            terrain = _terrain(made, i, combat.get("terrain") or (), words, named)
            shown["combat"] = {"foes": foes, "terrain": terrain}
            if combat.get("no_missile_credit"):
                shown["combat"]["no_missile_credit"] = True
        events.append(shown)
    made.notes = {
        "title": values.get("title") or words(N_("An encounter")),
        "heroes": values.get("heroes", 4),
        "events": events,
        "for_beginners": bool(values.get("for_beginners")),
        "notes": values.get("notes", ""),
    }
    if values.get("role"):  # a shipped encounter's place in its adventure's plot (its limit), never typed
        made.notes["role"] = values["role"]
    return made


def _foes(made: Made, i: int, rows: Any) -> list[dict[str, Any]]:
    """A row's foes; a name typed is kept (numbered when the row holds several), an empty one is not written:
    the foe is called by its type, in each reader's language, when shown (called.py)."""
    eid, found = f"e{i + 1}", list[dict[str, Any]]()
    for k, row in enumerate(rows):
        count = row.get("count", 1) if isinstance(row.get("count", 1), int) else 1
        typed = str(row.get("name") or "").strip()
        for n in range(max(1, min(count, MAX_FOES_PER_EVENT))):
            fid = f"{eid}-f{k + 1}" + (f"-{n + 1}" if count > 1 else "")
            made.where[fid] = f"events.{i}.combat.foes.{k}"
            made.foe_rows[(i, len(found))] = k
            foe = {"id": fid, "type": row.get("type", "")}
            if typed:
                foe["name"] = f"{typed} {n + 1}" if count > 1 else typed
            foe |= {key: row[key] for key in ("threat", "missile", "self_willed") if row.get(key) is not None}
            found.append(foe)
    return found


def _terrain(made: Made, i: int, rows: Any, words: Words, named: Mapping[str, str]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for m, row in enumerate(rows):
        tid, kind = f"e{i + 1}-t{m + 1}", row.get("kind", "barrier")
        made.where[tid] = f"events.{i}.combat.terrain.{m}"
        feature = {"id": tid, "kind": kind}
        if row.get("name"):
            feature["name"] = row["name"]
        feature |= {p: row[p] for p, kinds in TERRAIN_PARAMS.items() if kind in kinds and p in row}
        found.append(feature)
    return found


def _foe_row(foe: FoeSpec) -> dict[str, Any]:
    """A foe as its form row; a name drawn from its own type (notes saved before such names were left unwritten:
    "Dark Viking 2") left empty, so it is drawn in each reader's language again."""
    row = foe.model_dump(include={"type", "threat", "name", "missile", "self_willed"})
    drawn = parts(foe.name or "")
    kind = next((t.label for t in foe_types() if t.id == foe.type), None)
    if not foe.name or (drawn is not None and drawn[0] == kind):
        row["name"] = ""
    return row


def from_encounter(notes: Encounter) -> dict[str, Any]:
    """Notes given before, as the form's values (what the form has no place for is left out, but for traps and
    gains, kept as written)."""
    events = []
    for i, event in enumerate(notes.events):
        rolls = [r.model_dump(include=set(RollRow.model_fields)) for r in event.rolls]
        for r in rolls:
            r["extra_rolls"] = r["extra_rolls"] if isinstance(r["extra_rolls"], int) else 0
        shown: dict[str, Any] = {"summary": event.summary, "rolls": rolls, **nfe.element_rows(notes, i)}
        if event.combat is not None:
            foes = [_foe_row(f) for f in event.combat.foes]
            terrain = [t.model_dump(include={"kind", "name", *TERRAIN_PARAMS}) for t in event.combat.terrain]
            shown["combat"] = {"foes": foes, "terrain": [t for t in terrain if t["kind"] in get_args(TerrainKind)]}
            shown["combat"]["no_missile_credit"] = event.combat.no_missile_credit
        events.append(shown)
    return {
        "title": notes.title,
        "heroes": notes.heroes,
        "events": events,
        "for_beginners": notes.for_beginners,
        "notes": notes.notes,
        "role": notes.role,
    }
