"""An encounter's notes priced and checked (spec 001b §4-§5, §8, §11, §16.4.2, §16.7; 001c A-02, A-63): a line
for every roll, every option bought for a foe, every terrain feature and every line the designer priced a
trap, treasure or gain at; what the rules refuse, each where it is; and the budget rules:

- B1: the encounter must earn at least what it spends (E >= S);
- B2: it may spend no more than its limit (S <= L): refused, or warned of where the table's budget is not
  strict;
- B3: earning more than the limit is warned of, or refused where the table says so.

Nothing here changes the notes: a design can be priced while it is still illegal, and the report says why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.budget import budget_limit, role_base
from runehall.systems.rune.encounters.design import Encounter, Event, PlotRole, RollSpec
from runehall.systems.rune.encounters.foe_pricing import foe_refusals, price_foes, rounded_mix
from runehall.systems.rune.encounters.gains_checks import gain_refusals
from runehall.systems.rune.encounters.gains_pricing import price_gains
from runehall.systems.rune.encounters.lines import CostLine, Report, totals
from runehall.systems.rune.encounters.terrain_slots import encounter_terrain
from runehall.systems.rune.encounters.trap_checks import count_refusals, trap_refusals, trap_warnings
from runehall.systems.rune.encounters.trap_window import window_counts
from runehall.systems.rune.encounters.traps_pricing import price_trap
from runehall.systems.rune.options import RuneOptions

ELEMENT_LINE = N_("{label}")
MAX_FIGHTS = 2


@dataclass(frozen=True)
class AsWritten:
    """The designer's own words in a line: said as written, never looked up in a catalog."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


def price_encounter(
    encounter: Encounter,
    totals_vp: Sequence[int] | None,
    options: RuneOptions,
    heroes: int | None = None,
    role: PlotRole | None = None,
) -> Report:
    """The priced report of `encounter` for `heroes` heroes at the table (the notes' own number when not
    given), its limit from the players' total victory points `totals_vp` (the base limit alone when None).

    Notes designed for another number of heroes than those present (001b §8.2, A-46): with the option
    `heroes_present_checks` at `mix_only` (the default) they are priced and checked for their own number, and
    what the heroes present call for (the Mix, a Terrifying foe's four heroes) is a warning: the runner
    re-picks the foes before the encounter begins (`notes_at_table`). At `whole_notes` the whole notes are
    checked for the heroes present.

    `role`: the encounter's place in an adventure's plot (else the notes' own `role`): its base limit is that
    role's (001c §10.2, option `plot_encounter_limits`), the experience increase added to it."""
    present = heroes if heroes is not None else encounter.heroes
    count = present if options.heroes_present_checks == "whole_notes" else encounter.heroes
    limit = budget_limit(list(totals_vp or ()), role_base(role or encounter.role, options))
    lines: list[CostLine] = []
    errors = shape_refusals(encounter, options)
    rolled, refused = _rolls(encounter, count)
    lines += rolled
    errors += refused
    for event in encounter.events:
        if event.combat is not None:
            lines += price_foes(event.id, event.combat, encounter.creatures, options)
            errors += foe_refusals(event.id, event.combat, encounter.creatures, count, options)
    errors += mix_refusals(encounter, count, options)
    terrain, refused_terrain = encounter_terrain(encounter, options)
    lines += terrain
    errors += refused_terrain + beginner_refusals(encounter)
    every_roll = {r.id: r for e in encounter.events for r in e.rolls}
    for event in encounter.events:
        lines += element_lines(event) + trap_lines(encounter, event, every_roll, options)
        errors += element_refusals(event) + trap_element_refusals(event, every_roll)
    errors += count_refusals(encounter)
    lines += price_gains(encounter, getattr(options, "init_bonus_price", "five_thirds"))
    errors += gain_refusals(encounter, lines, options.liars_silver_limit)
    more_errors, warnings = budget_refusals(lines, limit, options)
    warnings += [w for e in encounter.events for x in e.elements for w in trap_warnings(x, {r.id: r for r in e.rolls})]
    if present != count:
        warnings += head_count_refusals(encounter, present, options)
    return Report(tuple(lines), tuple(errors + more_errors), tuple(warnings), limit)


# -- the heroes at the table are not the notes' number (001b §8.2, A-46) ----------------------------------
REPICK = N_("the notes are for {designed} heroes and {present} are playing: the runner re-picks the foes for them")


def head_count_refusals(encounter: Encounter, heroes: int, options: RuneOptions) -> list[Refusal]:
    """What the heroes at the table call for, when they are not the notes' own number: each fight's Mix fits
    them, and a foe that needs more heroes than the notes' number (a Terrifying one needs four) has them.
    Nothing when the notes are for these heroes."""
    if heroes == encounter.heroes:
        return []
    found = mix_refusals(encounter, heroes, options)
    for event in encounter.events:
        if event.combat is not None:
            own = foe_refusals(event.id, event.combat, encounter.creatures, encounter.heroes, options)
            here = foe_refusals(event.id, event.combat, encounter.creatures, heroes, options)
            found += [r for r in here if r not in own]
    if found:
        found.insert(0, Refusal(REPICK, {"designed": encounter.heroes, "present": heroes}))
    return found


def repicked(given: Encounter, notes: Encounter, heroes: int) -> bool:
    """Are `notes` the runner's re-pick of the foes of the notes he gave (`given`) for the heroes at the
    table: `given` is for another number of heroes, and nothing but the fights' foes changed?"""
    if given.heroes == heroes:
        return False

    def bare(e: Encounter) -> Encounter:
        events = tuple(
            ev.model_copy(update={"combat": ev.combat.model_copy(update={"foes": ()}) if ev.combat else None})
            for ev in e.events
        )
        return e.model_copy(update={"heroes": given.heroes, "events": events})

    return bare(given) == bare(notes)


def notes_at_table(
    notes: Encounter, given: Encounter | None, totals_vp: Sequence[int] | None, options: RuneOptions, heroes: int
) -> tuple[Encounter, Report]:
    """The notes the encounter tracker takes from the runner for `heroes` heroes, and their report (its
    errors refuse them). `given`: the notes he gave before, if any. With `heroes_present_checks` at
    `mix_only`, notes that only re-pick the foes of notes for another number of heroes (`repicked`) keep the
    designer's number and are not priced again (001b A-46): only the foes' own rules and the Mix are checked,
    for the heroes present; their lines are shown as priced, never refused."""
    if options.heroes_present_checks != "mix_only" or given is None or not repicked(given, notes, heroes):
        return notes, price_encounter(notes, totals_vp, options, heroes=heroes)
    kept = notes.model_copy(update={"heroes": given.heroes})
    priced = price_encounter(kept, totals_vp, options)
    errors = mix_refusals(kept, heroes, options)
    for event in kept.events:
        if event.combat is not None:
            errors += foe_refusals(event.id, event.combat, kept.creatures, heroes, options)
    return kept, Report(priced.lines, tuple(errors), (), priced.limit)


def shape_refusals(encounter: Encounter, options: RuneOptions) -> list[Refusal]:
    """Events from one to the most allowed; one or two of them with a fight."""
    found: list[Refusal] = []
    events = len(encounter.events)
    if events > options.max_events:
        values = {"most": options.max_events, "count": events}
        found.append(Refusal(N_("an encounter has from one to {most} events, not {count}"), values))
    fights = sum(1 for e in encounter.events if e.combat is not None)
    if not 1 <= fights <= MAX_FIGHTS:
        values = {"count": fights}
        found.append(
            Refusal(N_("one event of an encounter, or two, must have a fight; these notes have {count}"), values)
        )
    return found


def beginner_refusals(encounter: Encounter) -> list[Refusal]:
    """An encounter designed for beginners has no terrain (its runner is paid for going without)."""
    if not encounter.for_beginners:
        return []
    rule = N_("an encounter designed for beginners has no terrain")
    return [Refusal(rule, {}, t.id) for e in encounter.events if e.combat is not None for t in e.combat.terrain]


# The refusals about a fight's foes as a whole (the designer shows them beside the foes, not the event).
MIX_ONE = N_("the foes' Mix comes to {total}; a fight's foes must come to the number of heroes, {heroes}")
MIX_TWO = N_(
    "with two fights, one's foes must come to {heroes} in Mix and the other's to at most half of that;"
    " they come to {first} and {second}"
)


def mix_refusals(encounter: Encounter, heroes: int, options: RuneOptions) -> list[Refusal]:
    """One fight's foes add up (Mix, rounded) to the number of heroes; with two fights, one's does and the
    other's comes to at most half of it."""
    fights = [e for e in encounter.events if e.combat is not None]
    sums = [(e.id, rounded_mix(e.combat, encounter.creatures, options)) for e in fights if e.combat is not None]
    if len(sums) == 1 and sums[0][1] != heroes:
        values = {"total": sums[0][1], "heroes": heroes}
        return [Refusal(MIX_ONE, values, sums[0][0])]
    if len(sums) == MAX_FIGHTS:
        (_, first), (second_id, second) = sums
        if not any(a == heroes and 2 * b <= heroes for a, b in ((first, second), (second, first))):
            values = {"heroes": heroes, "first": first, "second": second}
            return [Refusal(MIX_TWO, values, second_id)]
    return []


def _rolls(encounter: Encounter, heroes: int) -> tuple[list[CostLine], list[Refusal]]:
    """The rolls' lines and refusals (rolls.py's), every roll of the notes in their order."""
    from runehall.systems.rune.encounters.rolls import RollContext, price_rolls, roll_refusals, secondary_abilities

    rolls = [r for e in encounter.events for r in e.rolls]
    if not rolls:
        return [], []
    lines = list(price_rolls(rolls, heroes))
    by_id = {r.id: r for r in rolls}
    secondary = secondary_abilities()
    earlier: dict[str, int] = {}
    refusals: list[Refusal] = []
    for roll in rolls:
        refusals += roll_refusals(roll, RollContext(heroes, dict(earlier), by_id, secondary))
        if roll.ability in secondary and not roll.freestanding:
            earlier[roll.ability] = earlier.get(roll.ability, 0) + 1
    return lines, refusals


def element_lines(event: Event) -> list[CostLine]:
    """A trap's, treasure's or gain's lines as the designer priced them, each said as he wrote it."""
    return [
        CostLine(element.id, ELEMENT_LINE, line.ep, {"label": AsWritten(line.label)})
        for element in event.elements
        for line in element.lines
    ]


def trap_lines(
    encounter: Encounter, event: Event, rolls: Mapping[str, RollSpec], options: RuneOptions
) -> list[CostLine]:
    """A trap's or hazard's effects priced by their rules (traps_pricing.py), an Impairment's window counted
    from the notes where the designer gave no count (trap_window.py)."""
    found: list[CostLine] = []
    for element in event.elements:
        if element.trap is not None:
            specific = element.trap.impairment.specific if element.trap.impairment else ()
            windows = (window_counts(encounter, element), window_counts(encounter, element, specific))
            priced = price_trap(element, rolls, options, windows)
            found += priced + endurance_lines(element.id, rolls.get(element.roll or ""), priced)
    return found


ENDURANCE_EFFECTS = N_("Endurance Test: the trap's effects again for each of {count} rolls")


def endurance_lines(where: str, roll: RollSpec | None, priced: Sequence[CostLine]) -> list[CostLine]:
    """A trap on an Endurance Test roll costs its other positive costs once per roll (001c §5.3, A-06): the
    roll's own lines are multiplied where the roll is priced, the trap's effects here (the sample's snapping
    jaws: (15 + 10) x 3 = 75, not the book's 5 an extra roll)."""
    from runehall.systems.rune.encounters.design import Endurance
    from runehall.systems.rune.encounters.roll_data import roll_data

    if roll is None or roll.purpose != "trap" or not isinstance(roll.multiple, Endurance) or roll.multiple.rolls < 2:
        return []
    positive = sum(line.ep for line in priced if line.counted and line.ep > 0)
    if not positive:
        return []
    ep = positive * (roll.multiple.rolls - 1)
    return [CostLine(where, ENDURANCE_EFFECTS, ep, {"count": roll.multiple.rolls}, roll_data().endurance.page)]


def trap_element_refusals(event: Event, rolls: Mapping[str, RollSpec]) -> list[Refusal]:
    own = {r.id: r for r in event.rolls}
    return [r for element in event.elements for r in trap_refusals(element, own, rolls)]


def element_refusals(event: Event) -> list[Refusal]:
    rolls = {r.id for r in event.rolls}
    return [
        Refusal(N_("no roll of this event is called {id!r}"), {"id": element.roll}, element.id)
        for element in event.elements
        if element.roll is not None and element.roll not in rolls
    ]


def budget_refusals(lines: Sequence[CostLine], limit: int, options: RuneOptions) -> tuple[list[Refusal], list[Refusal]]:
    """(errors, warnings) of the budget rules on the counted lines."""
    spent, earned = totals(lines)
    errors: list[Refusal] = []
    warnings: list[Refusal] = []
    if earned < spent:
        values = {"spent": spent, "earned": earned}
        rule = N_("the encounter spends {spent} encounter points and earns only {earned}: it must earn what it spends")
        errors.append(Refusal(rule, values))
    if spent > limit:
        values = {"spent": spent, "limit": limit}
        over = Refusal(N_("the encounter spends {spent} encounter points, more than its limit of {limit}"), values)
        (errors if options.strict_budget else warnings).append(over)
    if earned > limit:
        values = {"earned": earned, "limit": limit}
        over = Refusal(N_("the encounter earns {earned} encounter points, more than its limit of {limit}"), values)
        (errors if options.earned_over_limit_is_error else warnings).append(over)
    return errors, warnings
