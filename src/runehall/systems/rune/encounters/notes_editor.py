"""The runner's notes edited on the designer's screen (the `notes` action's editor): what each list offers (foe
types by family with their benchmark and Maximum Threat, Abilities, Characteristics, roll structures...), each
choice in the reader's words; a first draft a new runner can give at once (one event, one fight whose foes'
Mix is the number of heroes); the notes already given, to edit again (for the runner alone); and the preview
redrawn as he types: each event's priced lines with their rule and encounter points (a line a cap left out
dimmed), the budget, and every refusal by the form row it is about.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any, get_args

from runehall.errors import RunehallError
from runehall.present.action_preview import ActionPreview
from runehall.present.fields import Choices
from runehall.present.refusals import say_part
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.rune import foes
from runehall.systems.rune.encounters import notes_form as nf
from runehall.systems.rune.encounters.design import MAX_FOES_PER_EVENT, Combat, Encounter, FoeSpec, Threat
from runehall.systems.rune.encounters.foe_pricing import rounded_mix
from runehall.systems.rune.encounters.lines import Report
from runehall.systems.rune.encounters.notes_form_gains import GAIN_LABELS
from runehall.systems.rune.encounters.notes_form_refusals import field_path, named_values, shape_path
from runehall.systems.rune.encounters.notes_form_traps import TRAP_LABELS
from runehall.systems.rune.encounters.notes_risk import with_risk
from runehall.systems.rune.encounters.report_view import FEATURE_WORDS
from runehall.systems.rune.encounters.roll_words import DEITY_NAMES, STRUCTURE_NAMES
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.foe_data import missile_row
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules

FIRST_FOE = "dark_viking"  # the first draft's foes: a type every threat category may take
FIRST_THREATS = ("equal", "superior", "inferior", "exceptional", "weak", "pitiful")
LABELS = {
    "purpose": {"trap": N_("a trap"), "gain": N_("a gain"), "treasure": N_("treasure"), "other": N_("something else")},
    "structure": {"standard": N_("Standard roll"), **STRUCTURE_NAMES},
    "danger": {"front": N_("at the front"), "rear": N_("at the rear")},
    "defiance": DEITY_NAMES,
    "kind": FEATURE_WORDS,
    "degree": {"third": N_("a third"), "half": N_("half"), "full": N_("full")},
    "mode": {"one": N_("one exit"), "two": N_("two exits"), "one_double": N_("one double exit")},
    "extent": {"full": N_("over all of it"), "half": N_("over half of it")},
    "coverage": {
        "less_than_third": N_("less than a third"),
        "third": N_("a third"),
        "half": N_("half"),
        "two_thirds": N_("two thirds"),
        "all": N_("all of it"),
    },
}


@cache
def english_names() -> dict[str, str]:
    """Every Ability by its English name (what a roll's empty name becomes)."""
    return {a.id: a.name for a in rules().abilities.ability}


def choices(field: str) -> Choices | None:
    if field == "events.rolls.ability":
        return Choices(tuple(a.id for a in rules().abilities.ability))
    if field == "events.rolls.characteristic":
        return Choices(tuple(c.id for c in rules().characteristics.characteristic))
    if field == "events.combat.foes.type":
        families = {t.id: t.family for t in foes.foe_types()}  # by benchmark; each family together
        first = {family: n for n, family in reversed(list(enumerate(families.values())))}
        ids = sorted(families, key=lambda i: first[families[i]])
        return Choices(tuple(ids), group=lambda value, words: words(families.get(value, "")))
    return None


def choice_label(field: str, value: str, words: Words) -> str | None:
    last = field.rsplit(".", 1)[-1]
    for rows, labels in (("events.traps.", TRAP_LABELS), ("events.gains.", GAIN_LABELS)):
        if field.startswith(rows):  # a trap's or gain's choices, before the rolls' and terrain's of the same name
            said = labels.get(last, {}).get(value)
            return words(said) if said else None
    if last == "ability" and field.startswith("events.rolls"):
        found = next((a for a in rules().abilities.ability if a.id == value), None)
        return words(found.name) if found else None
    if last == "characteristic":
        char = next((c for c in rules().characteristics.characteristic if c.id == value), None)
        return words(char.name) if char else None
    if last == "type" and field.startswith("events.combat.foes"):
        kinds = {t.id: t for t in foes.foe_types()}
        if value not in kinds:
            return None
        t = kinds[value]
        said = N_("{name} (benchmark {benchmark}, at most {threat})")  # listed under its family
        threat = words(foes.category(t.max_threat).name)
        return words(said, name=words(t.label), benchmark=t.benchmark, threat=threat)
    if last == "threat" and value in get_args(Threat):
        return words(foes.category(value).name)
    if last == "missile" and value:
        return words(missile_row(value).name)
    named = LABELS.get(last, {})
    return words(named[value]) if value in named else None


def fresh(state: RunState, options: Any) -> dict[str, Any]:
    """One event with one fight whose foes' Mix comes to the number of heroes, Equal foes where they can."""
    heroes = len(state.setup.heroes)
    chosen = options if isinstance(options, RuneOptions) else RuneOptions()
    row = {"type": FIRST_FOE, "threat": "equal", "count": 1}
    for threat in FIRST_THREATS:
        found = _count_for(threat, heroes, chosen)
        if found:
            row = {"type": FIRST_FOE, "threat": threat, "count": found}
            break
    event = {"summary": "", "rolls": [], "combat": {"foes": [row], "terrain": []}}
    return {"title": state.setup.title, "heroes": heroes, "events": [event]}


def _count_for(threat: str, heroes: int, options: RuneOptions) -> int:
    if foes.category(threat).min_heroes > heroes:
        return 0
    for count in range(1, MAX_FOES_PER_EVENT + 1):
        made = [FoeSpec(id=f"f{n}", name="f", type=FIRST_FOE, threat=threat) for n in range(count)]
        mix = rounded_mix(Combat(foes=tuple(made)), (), options)
        if mix == heroes:
            return count
        if mix > heroes:
            return 0
    return 0


def current(state: RunState) -> dict[str, Any] | None:
    if state.notes is None:
        return None
    return {**nf.from_encounter(state.notes), "heroes": len(state.setup.heroes)}


def shipped() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each shipped adventure's encounters by their place and title (the notes' own), under its title."""
    from runehall.systems.rune.encounters.shipped_notes import shipped_encounters

    groups: dict[str, list[tuple[str, str]]] = {}
    for s in shipped_encounters():
        groups.setdefault(s.adventure, []).append((s.ref, f"{s.place}. {s.title}"))
    return tuple((title, tuple(rows)) for title, rows in groups.items())


def from_shipped(state: RunState, ref: str) -> dict[str, Any]:
    """A shipped encounter (NAME:N) as the form's values, for this table's heroes; Invalid for another name."""
    from runehall.errors import Invalid, ParameterError
    from runehall.systems.rune.encounters.shipped_notes import shipped_encounter

    try:
        notes = shipped_encounter(ref)
    except Invalid as e:  # said like any refusal of a parameter
        raise ParameterError(e.template, **e.values) from None
    return {**nf.from_encounter(notes), "heroes": len(state.setup.heroes)}


def _typed(values: Mapping[str, Any]) -> dict[str, Any]:
    """The form's values as its model reads them (numbers as numbers); ParameterError by form path."""
    return validate_model(nf.NotesForm, values, "notes").model_dump()


def params_of(values: Mapping[str, Any]) -> dict[str, Any]:
    return {"encounter": nf.to_encounter(_typed(values), ENGLISH, english_names()).notes}


def form_model() -> type[RulesModel]:
    return nf.NotesForm


def preview(state: RunState, values: Mapping[str, Any], options: Any, words: Words) -> ActionPreview:
    from runehall.systems.rune.encounters.validate import notes_at_table

    heroes = len(state.setup.heroes)
    made = nf.Made({})
    try:
        made = nf.to_encounter(_typed({**values, "heroes": heroes}), words, english_names())
        notes = validate_model(Encounter, made.notes, "notes")
    except RunehallError as e:
        problems: dict[str, list[str]] = {}
        for part in e.parts:
            problems.setdefault(_form_path(part.where, made), []).append(say_part(_bare(part), words))
        return ActionPreview(problems={k: tuple(v) for k, v in problems.items()})
    chosen = options if isinstance(options, RuneOptions) else RuneOptions()
    notes, report = notes_at_table(notes, state.notes, [s.total_vp for s in state.tally.seats], chosen, heroes)
    drawn = _drawn(notes, report, made, words)
    if report.errors:  # the danger of a fight the rules refuse is not worth the wait
        return drawn
    return replace(drawn, sections=with_risk(drawn.sections, state, notes, chosen, words))


def _bare(part: Any) -> Any:
    """A refusal without its field: it is shown beside that field already."""
    from runehall.errors import Refusal

    return Refusal(part.template, part.values)


def _form_path(where: str, made: nf.Made) -> str:
    """A path of the notes (as Encounter's validation names it) as the form's: a foe by its form row, a
    terrain feature by its row (its kind's name, which the validation adds, dropped)."""
    parts = where.split(".") if where else []
    if len(parts) >= 4 and parts[0] == "events" and parts[2] == "elements" and (parts[1] + parts[3]).isdigit():
        row = made.element_rows.get((int(parts[1]), int(parts[3])), f"events.{parts[1]}")
        return shape_path(row, parts[4:])
    if len(parts) >= 5 and parts[0] == "events" and parts[2] == "combat" and parts[1].isdigit() and parts[4].isdigit():
        event, index = int(parts[1]), int(parts[4])
        if parts[3] == "foes":
            return f"events.{event}.combat.foes.{made.foe_rows.get((event, index), index)}"
        return ".".join(parts[:5])
    return ".".join(parts)


def _drawn(notes: Encounter, report: Report, made: nf.Made, words: Words) -> ActionPreview:
    from runehall.systems.rune.encounters.report_view import names

    called = names(notes, words)
    errors = [named_values(part, called, words) for part in report.errors]
    refused: dict[str, list[str]] = {}
    for part in errors:
        refused.setdefault(part.where, []).append(say_part(_bare(part), words))
    sections = []
    for number, event in enumerate(notes.events, 1):
        ids = [r.id for r in event.rolls]
        if event.combat is not None:
            ids += [f.id for f in event.combat.foes] + [t.id for t in event.combat.terrain]
        ids += [e.id for e in event.elements]  # a trap's or gain's lines priced by its rules as it is built
        rows: list[SheetRow] = []
        for where in (event.id, *ids):
            for line in report.lines_for(where):
                value = words(N_("{rule}: {ep} EP"), rule=line.said(words), ep=_signed(line.ep, words))
                rows.append(SheetRow(called.get(where, ""), value, emphasis="" if line.counted else "muted"))
            rows += [SheetRow(called.get(where, ""), said, emphasis="warning") for said in refused.get(where, ())]
        if not rows:
            rows.append(SheetRow(called[event.id], words(N_("nothing priced yet")), emphasis="muted"))
        sections.append(SheetSection(words(N_("Event {number}"), number=words.number(number)), tuple(rows)))
    from runehall.systems.rune.encounters.validate import MIX_ONE, MIX_TWO

    problems: dict[str, list[str]] = {}
    for part in errors:  # each beside its row; a fight's Mix beside its foes rather than its event's summary
        path = field_path(made.where.get(part.where, ""), part.template)  # a trap's or gain's beside its field
        if part.template in (MIX_ONE, MIX_TWO) and path:
            path += ".combat.foes"
        problems.setdefault(path, []).append(say_part(_bare(part), words))
    over = report.spent > report.limit
    budgets = (
        SheetRow(
            words(N_("Spent")),
            f"{words.number(report.spent)} / {words.number(report.limit)}",
            emphasis="warning" if over else "budget",
        ),
        SheetRow(words(N_("Earned")), words.number(report.earned), emphasis="budget"),
        SheetRow(
            words(N_("Earned minus spent")),
            _signed(-report.balance, words),
            emphasis="warning" if report.balance > 0 else "budget",
        ),
    )
    warnings = tuple(say_part(_bare(named_values(w, called, words)), words) for w in report.warnings)
    return ActionPreview(tuple(sections), budgets, {k: tuple(v) for k, v in problems.items()}, warnings)


def _signed(ep: int, words: Words) -> str:
    return ("+" if ep > 0 else "") + words.number(ep)
