"""What the traps' lasting ill effects do to the rolls and fights after them (spec 001c §6.5-§6.8, §6.12): a
hero's Impairment off his later rolls (every roll, or the specific Abilities and scores it names, or only the
rolls it covers), the sticks and carrots on the later roll they name (for as many makings of it as their rounds),
the foes' bonuses staged in the fights (for their first rounds), and the cure: an Impairment lasts its window
(the counts the designer gave, the rest counted from the notes, trap_window.py) and is cured once the last
fight or roll of that window has passed, at the encounter's end at the latest. A gain's carrot and Invigoration
(run_gains.py) are played here too, on the hero given them: the carrot as a trap's, Invigoration as Impairment's
opposite over its own window, the two cancelling point for point before the cap.

Readings: non-Wound Impairment never passes 2 on any roll (A-69); a roll or fight of a kind whose count is
spent is not impaired (it was not paid for); a specific Impairment of INIT, ATK or DFN weighs on that score in
a fight, one of Engagement or of a fighting Ability is left to the runner there; the foes' bonus of a failure
touches the foes of the next fight (every fight's, when it is for every foe of the encounter); a bonus won in a
fight begins with the next round.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from runehall.systems.rune.encounters.design import Element, Encounter, RollSpec
from runehall.systems.rune.encounters.hazards import non_wound_impairment
from runehall.systems.rune.encounters.trap_play_state import Ill, Mark, TrapPlay
from runehall.systems.rune.encounters.trap_window import Window, later_rolls, window_counts
from runehall.systems.rune.encounters.traps import Impairment, Trap
from runehall.systems.rune.encounters.traps_pricing import declared, sleep_points

FIGHT_STATS = ("init", "atk", "dfn")
KINDS = ("combats", "trap_rolls", "gain_rolls", "freestanding")


def kind_of(roll: RollSpec) -> str:
    """Which count of an Impairment's window a roll of the notes uses up."""
    if roll.freestanding:
        return "freestanding"
    return "gain_rolls" if roll.purpose in ("gain", "treasure") else "trap_rolls"


def touches(ill: Ill, roll: RollSpec) -> bool:
    """Whether the Impairment falls on this roll (a roll of the notes, or one the tracker makes for a trap)."""
    if ill.covers:
        return roll.id in ill.covers
    if ill.specific:
        return bool({roll.ability, roll.stat} & set(ill.specific))
    return True


def _in_notes(roll: RollSpec, notes: Encounter | None) -> bool:
    return notes is not None and any(r.id == roll.id for e in notes.events for r in e.rolls)


def _points_on(traps: TrapPlay, hero: str, roll: RollSpec, notes: Encounter | None, boost: bool) -> int:
    counted = _in_notes(roll, notes)
    return sum(
        ill.points
        for ill in traps.ills
        if ill.hero == hero and ill.boost == boost and touches(ill, roll)
        and (not counted or ill.left.get(kind_of(roll), 0) > 0)
    )  # fmt: skip


def impairment_on(traps: TrapPlay, hero: str, roll: RollSpec, notes: Encounter | None = None) -> int:
    """The Impairment traps put on this hero's roll (at most 2): a roll of the notes of a kind whose count is
    spent is spared; a roll the tracker makes for a trap (a Jump, a Swim) is not counted."""
    return non_wound_impairment(_points_on(traps, hero, roll, notes, False))


def on_roll(traps: TrapPlay, hero: str, roll: RollSpec, notes: Encounter | None = None) -> int:
    """What the traps and gains add to a hero's total on a roll: the carrots on it less its sticks, and his
    Invigoration less his Impairment - point for point; what Impairment is left never passes 2 (A-69)."""
    net = _points_on(traps, hero, roll, notes, True) - _points_on(traps, hero, roll, notes, False)
    return traps.on_roll(roll.id, hero) + (net if net >= 0 else -non_wound_impairment(-net))


def after_roll(traps: TrapPlay, roll: RollSpec, notes: Encounter | None) -> TrapPlay:
    """A roll of the notes made: each stick or carrot on it has a round fewer (gone at none), each Impairment
    falling on it a roll fewer in its window (cured when nothing is left)."""
    if not _in_notes(roll, notes):
        return traps
    marks = tuple(
        m.model_copy(update={"rounds": m.rounds - 1}) if m.roll == roll.id else m
        for m in traps.marks
        if m.roll != roll.id or m.rounds > 1
    )
    kind = kind_of(roll)
    ills = []
    for ill in traps.ills:
        if touches(ill, roll) and ill.left.get(kind, 0) > 0:
            ill = ill.model_copy(update={"left": ill.left | {kind: ill.left[kind] - 1}})
            if not any(ill.left.values()):
                continue  # its window is over: cured (001c §6.5)
        ills.append(ill)
    return traps.model_copy(update={"marks": marks, "ills": tuple(ills)})


def in_fights(ill: Ill) -> bool:
    """Whether an Impairment weighs on a fight: general, or specific to INIT, ATK or DFN (never one that only
    covers rolls of the notes)."""
    return ill.general or (not ill.covers and bool(set(ill.specific) & set(FIGHT_STATS)))


def fight_penalty(traps: TrapPlay, hero: str) -> int:
    """The general Impairment a hero brings into the next fight (its window still counting a fight)."""
    points = sum(
        i.points for i in traps.ills if i.hero == hero and i.general and not i.boost and i.left.get("combats", 0) > 0
    )
    return non_wound_impairment(points)


def fight_effects(traps: TrapPlay, names: dict[str, str], round_no: int = 0) -> list[dict[str, Any]]:
    """The combat tracker's effects (combat/effects.py) of what the traps left: each foes' bonus for its rounds
    (from the round after `round_no`), each specific Impairment of INIT, ATK or DFN on its hero. `names`: each
    trap's name by id."""
    found: list[dict[str, Any]] = []
    for m in traps.marks:
        if m.stat is not None:
            whom = {"who": "heroes", "only": m.hero} if m.hero else {"who": "foes"}  # a gain's carrot: its hero's
            found.append({"kind": "trap", "name": names.get(m.trap), "roll": m.stat, "delta": m.points,
                          "first_round": round_no + 1, "last_round": round_no + m.rounds, **whom})  # fmt: skip
    for ill in traps.ills:
        if (not ill.general or ill.boost) and in_fights(ill) and ill.left.get("combats", 0) > 0 and not round_no:
            delta = ill.points if ill.boost else -non_wound_impairment(ill.points)  # Invigoration: on each score
            for stat in FIGHT_STATS if ill.general else sorted(set(ill.specific) & set(FIGHT_STATS)):
                found.append({"kind": "trap", "name": names.get(ill.trap), "roll": stat, "delta": delta,
                              "who": "heroes", "only": ill.hero})  # fmt: skip
    return found


def after_fight_staged(traps: TrapPlay) -> TrapPlay:
    """A fight begun: the foes' bonuses for its foes alone are spent (those for every foe stay), and each
    Impairment weighing on it has a fight fewer in its window (cured when nothing is left)."""
    marks = tuple(m for m in traps.marks if m.stat is None or m.all_foes)
    ills = []
    for ill in traps.ills:
        if in_fights(ill) and ill.left.get("combats", 0) > 0:
            ill = ill.model_copy(update={"left": ill.left | {"combats": ill.left["combats"] - 1}})
            if not any(ill.left.values()):
                continue
        ills.append(ill)
    return traps.model_copy(update={"marks": marks, "ills": tuple(ills)})


def ills_of(notes: Encounter, element: Element, trap: Trap, heroes: Iterable[str]) -> list[Ill]:
    """The Impairment (and sleep deprivation's) a failure of this trap leaves on each failing hero, with its
    window: the designer's counts, the rest counted from the notes (the rolls it covers, when it names some)."""
    found = []
    given: list[Any] = [x for x in (trap.impairment, trap.sleep) if x is not None]
    for part in given:
        points = part.points if isinstance(part, Impairment) else sleep_points(part.hours_awake)
        specific = tuple(part.specific) if isinstance(part, Impairment) else ()
        if not points:
            continue
        if part.covers:
            rolls = [r for r in later_rolls(notes, element) if r.id in part.covers]
            counted = Window(0, *(sum(1 for r in rolls if kind_of(r) == k) for k in KINDS[1:]))
        else:
            counted = window_counts(notes, element, specific)
        if specific and not set(specific) & set(FIGHT_STATS):  # a fight is touched only by these
            counted = Window(0, counted.trap_rolls, counted.gain_rolls, counted.freestanding)
        window = declared(part, counted)
        left = {k: getattr(window, k) for k in KINDS}
        for hero in heroes:
            found.append(Ill(trap=element.id, hero=hero, points=points, specific=specific, covers=part.covers,
                             left=left))  # fmt: skip
    return found


def foe_marks(traps: TrapPlay) -> tuple[Mark, ...]:
    return tuple(m for m in traps.marks if m.stat is not None)
