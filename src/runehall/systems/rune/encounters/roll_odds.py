"""The exact odds of a roll of the notes before the runner calls for it (spec 001b §13.3-§13.4, 001c §1-§3): each
hero's chance of making it, with all he will add (run_rolls.adds: his sheet, what the traps left, his gifts) and
Escalating Buffness (run_rolls.buffness), and, for a structure that decides the party's fate as one (Singular,
No-Fault, Dogpile, Weak Link, Line of Doom, Domino), the chance the roll as a whole succeeds: every way the heroes'
independent stress rolls can fall (and Domino's forced re-rolls, each as likely as that hero's own roll) is
played through structures.resolve, the function the roll itself settles with, and the winning ways summed.

An opposed roll pits each hero against one opponent's total: each hero's own chance is exact (stress.beats), but
the heroes' fates then hang together on that one total, so no party chance is given there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from runehall.present.words import N_, Words
from runehall.systems.rune.encounters import roll_gifts
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.run_rolls import adds, buffness
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.structures import (
    EVERYONE_ROLLS,
    WHOLE_GROUP,
    Kind,
    resolve,
    who_must_reroll,
)
from runehall.systems.rune.stress import at_least, beats

PARTY_FATE = WHOLE_GROUP | {"line_of_doom", "domino"}  # the structures with one outcome for the party
ENUMERATED = 8  # rollers whose every way of falling is played through resolve (2**8 ways, a tenth of a second)


def rollable(roll: RollSpec) -> bool:
    """Whether the tracker makes this roll of the notes (a fight's roll is made in the fight)."""
    return roll.stat is None and (roll.difficulty is not None or roll.opposed_bonus is not None)


def hero_chance(state: RunState, who: str, roll: RollSpec, options: Any, more: int = 0) -> Fraction:
    """The exact chance the hero's total meets the roll's Difficulty (or beats the opponent's total: ties are his),
    `more` added (The Lie Turns to Truth)."""
    mine = adds(state, who, roll, options) + buffness(state, roll)[0] + more
    if roll.opposed_bonus is not None:
        return beats(roll.opposed_bonus - mine)  # X + mine >= Y + opposed bonus
    assert roll.difficulty is not None
    return at_least(roll.difficulty - mine)


def chances(state: RunState, roll: RollSpec, options: Any) -> dict[str, Fraction]:
    """Each hero's chance, in the party's order."""
    return {h.name: hero_chance(state, h.name, roll, options) for h in state.setup.heroes}


def _ways(
    structure: Kind, order: Sequence[str], made: Mapping[str, bool], p: Mapping[str, Fraction], danger: Any
) -> Fraction:
    """The chance the party gains, the first rolls fixed (`made`): Domino's forced re-rolls branch on."""
    totals = {h: int(ok) for h, ok in made.items()}  # a success totals 1 against a Difficulty of 1
    rerolls: dict[str, int] = {}

    def walk(rerolls: dict[str, int]) -> Fraction:
        due = who_must_reroll(1, totals, danger, rerolls, order) if structure == "domino" else None
        if due is not None:
            return p[due] * walk(rerolls | {due: 1}) + (1 - p[due]) * walk(rerolls | {due: 0})
        outcome = resolve(structure, 1, totals, party=order, danger=danger, rerolls=rerolls)
        return Fraction(int(bool(outcome.group_success)))

    return walk(rerolls)


def quick_party_chance(p: Mapping[str, Fraction], structure: Kind) -> Fraction:
    """The same chance in closed form, for a party too large to enumerate quickly: No-Fault succeeds unless
    everyone fails; every other party structure only when everyone makes his own roll (a Domino hero who fails is
    a victim whatever the re-rolls do). The tests check it equals the enumeration for every structure."""
    if structure == "no_fault":
        misses = Fraction(1)
        for chance in p.values():
            misses *= 1 - chance
        return 1 - misses
    made = Fraction(1)
    for chance in p.values():
        made *= chance
    return made


def party_chance(p: Mapping[str, Fraction], structure: Kind, order: Sequence[str], danger: Any = None) -> Fraction:
    """The exact chance a roll of a party structure succeeds for the party, everyone in `p` rolling independently
    with his chance; `order`: the marching order, front first. Up to ENUMERATED rollers every way the rolls fall is
    settled by structures.resolve; beyond, the closed form (2**n ways would keep the board waiting)."""
    rollers = [h for h in order if h in p]
    if len(rollers) > ENUMERATED:
        return quick_party_chance({h: p[h] for h in rollers}, structure)
    total = Fraction(0)
    for pattern in range(2 ** len(rollers)):
        made = {h: bool(pattern >> i & 1) for i, h in enumerate(rollers)}
        weight = Fraction(1)
        for h, ok in made.items():
            weight *= p[h] if ok else 1 - p[h]
        if weight:
            total += weight * _ways(structure, rollers, made, p, danger)
    return total


def hint(state: RunState, roll: RollSpec, words: Words, options: Any) -> str:
    """The words on the roll's button: each hero's chance, then the party's where its fate is one."""
    if not rollable(roll):
        return ""
    p = chances(state, roll, options)
    said = [words(N_("{hero} makes it {p}"), hero=hero, p=words.percent(chance)) for hero, chance in p.items()]
    for hero in p:  # a hero who may invoke The Lie Turns to Truth on it: his chance with it (roll_gifts.py)
        x = roll_gifts.lie_level(state, hero, options)
        if x and roll_gifts.lacks(state, hero, roll, options):
            chance = words.percent(hero_chance(state, hero, roll, options, x))
            said.append(words(N_("{hero} makes it {p} with The Lie Turns to Truth"), hero=hero, p=chance))
    structure = roll.structure
    if structure in PARTY_FATE and structure != "singular" and roll.opposed_bonus is None and len(p) > 1:
        group = party_chance(p, structure, list(p), roll.danger or "rear")
        if structure in EVERYONE_ROLLS:
            said.append(words(N_("the party makes it {p}"), p=words.percent(group)))
        else:  # the runner names who rolls: the party's chance if everyone does
            said.append(words(N_("the party makes it {p} if everyone rolls"), p=words.percent(group)))
    return "; ".join(said)
