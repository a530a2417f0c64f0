"""What a roll structure does at the table (spec 001b §13.3-§13.4, 001c §1.3, §3): given the totals the heroes
rolled (the caller rolls the dice), who rolled, whose fate the roll decides and how, the group's outcome, and the
victory points: each successful roller's success VP (the margin times `success_vp_per_point`, 3 by default, 001b
A-34/A-35) and the runner's 3 per point each failed notes roll fell short (none for a Freestanding roll).

A total meets its target when it is at least the target: a Difficulty, or an opponent's total (ties favour the
hero). The marching order is front to back. Domino (001c A-05): a hero who fails makes the next hero toward the
danger's side roll again, once at most; a re-roll that fails passes it on, one that succeeds stops it; a hero who
already failed his own roll is already a victim and passes it on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Structure

Kind = Structure | Literal["opposed"]
Danger = Literal["front", "rear"]
RUNNER_VP_PER_POINT = 3  # the runner's chortle (001b §6.4 item 3)
EVERYONE_ROLLS = frozenset({"standard", "opposed", "weak_link", "line_of_doom", "domino"})
ONE_ROLLS = frozenset({"singular", "rush"})
WHOLE_GROUP = frozenset({"singular", "no_fault", "dogpile", "weak_link"})


@dataclass(frozen=True)
class Outcome:
    """A structure resolved. `fates` holds each hero whose fate the roll decides: True, he gains (or avoids the
    ill effect); False, he loses the gain (or suffers). Heroes not in it are untouched. `group_success` is None
    where each hero's fate is his own (Standard, Opposed, Rush, Scramble)."""

    structure: Kind
    rollers: tuple[str, ...]
    success: Mapping[str, bool]  # each roller's own roll
    fates: Mapping[str, bool]
    group_success: bool | None
    pillager_vp: Mapping[str, int]
    runner_vp: int
    rerolled: Mapping[str, bool] = field(default_factory=dict)  # Domino: the forced re-rolls and how they went

    @property
    def affected(self) -> tuple[str, ...]:
        return tuple(self.fates)

    @property
    def suffer(self) -> tuple[str, ...]:
        """The heroes the failure falls on: they lose the gain, or the trap strikes them."""
        return tuple(h for h, fine in self.fates.items() if not fine)


def _target(difficulty: int | Mapping[str, int], hero: str) -> int:
    if isinstance(difficulty, int):
        return difficulty
    if hero not in difficulty:
        raise RulesError(N_("no total to beat is given for {who}"), who=hero)
    return difficulty[hero]


def _order(danger: Danger | None, party: Sequence[str], structure: str) -> list[str]:
    """The heroes in the order the failure spreads: toward the rear from the front, or the other way."""
    if danger is None:
        if structure == "line_of_doom":
            raise RulesError(N_("a Line of Doom roll says whether the danger comes from the front or the rear"))
        raise RulesError(N_("a Domino roll says which way the falls run, toward the front or the rear"))
    return list(party) if danger == "rear" else list(reversed(party))


def _domino(
    difficulty: int | Mapping[str, int], results: Mapping[str, int], rerolls: Mapping[str, int], order: Sequence[str]
) -> tuple[dict[str, bool], dict[str, bool], str | None]:
    """(victims by hero, forced re-rolls made and how they went, the next hero who must roll again or None)."""
    fates: dict[str, bool] = {}
    rerolled: dict[str, bool] = {}
    forcing = False
    for hero in order:
        target = _target(difficulty, hero)
        if results[hero] < target:
            fates[hero], forcing = False, True
        elif forcing:
            if hero not in rerolls:
                return fates, rerolled, hero
            rerolled[hero] = rerolls[hero] >= target
            fates[hero], forcing = rerolled[hero], not rerolled[hero]
        else:
            fates[hero] = True
    return fates, rerolled, None


def who_must_reroll(
    difficulty: int | Mapping[str, int],
    results: Mapping[str, int],
    danger: Danger,
    rerolls: Mapping[str, int] | None = None,
    party: Sequence[str] | None = None,
) -> str | None:
    """The next hero a Domino roll forces to roll again, given the re-rolls made so far; None when it is settled."""
    order = _order(danger, tuple(results) if party is None else party, "domino")
    return _domino(difficulty, results, rerolls or {}, order)[2]


def rush_leaders(engagement: Mapping[str, int]) -> tuple[str, ...]:
    """Who wins the right to a contested Rush roll by the highest Engagement total: one hero, or those tied for
    it, who roll Engagement again (001b A-09)."""
    if not engagement:
        return ()
    best = max(engagement.values())
    return tuple(h for h, total in engagement.items() if total == best)


def _check(structure: Kind, results: Mapping[str, int], party: Sequence[str], rerolls: Mapping[str, int]) -> None:
    for hero in results:
        if hero not in party:
            raise RulesError(N_("{who} is not one of the heroes here"), who=hero)
    if structure in EVERYONE_ROLLS:
        for hero in party:
            if hero not in results:
                raise RulesError(N_("{who} has not rolled: every hero rolls this one"), who=hero)
    if structure in ONE_ROLLS and len(results) != 1:
        raise RulesError(N_("one hero rolls this one, not {count}"), count=len(results))
    if rerolls and structure != "domino":
        raise RulesError(N_("only a Domino roll makes heroes roll again"))


def resolve(
    structure: Kind,
    difficulty: int | Mapping[str, int],
    results: Mapping[str, int],
    *,
    party: Sequence[str] | None = None,
    danger: Danger | None = None,
    rerolls: Mapping[str, int] | None = None,
    freestanding: bool = False,
    success_vp_per_point: int = 3,
) -> Outcome:
    """Resolve one notes roll. `results`: each roller's total; `difficulty`: the Difficulty, or the total to beat
    by hero (an opposed roll); `party`: every hero present in marching order, front first (default: the rollers);
    `danger`: Line of Doom's danger side, Domino's direction; `rerolls`: Domino's forced re-rolls by hero."""
    party = tuple(results) if party is None else tuple(party)
    rerolls = rerolls or {}
    _check(structure, results, party, rerolls)
    success = {h: total >= _target(difficulty, h) for h, total in results.items()}
    rerolled: dict[str, bool] = {}
    group: bool | None
    if structure in ("standard", "opposed", "rush", "scramble"):
        fates, group = dict(success), None
    elif structure in WHOLE_GROUP:
        if structure == "no_fault":
            group = any(success.values())
        elif structure == "dogpile":
            group = bool(success) and all(success.values())
        else:  # singular, weak_link: one roll, or everyone's, decides for all
            group = all(success.values())
        fates = dict.fromkeys(party, group)
    elif structure == "line_of_doom":
        order = _order(danger, party, structure)
        failed = [i for i, h in enumerate(order) if not success[h]]
        fates = {h: not failed or i < failed[0] for i, h in enumerate(order)}
        fates = {h: fates[h] for h in party}
        group = not failed
    else:  # domino
        fates, rerolled, pending = _domino(difficulty, results, rerolls, _order(danger, party, structure))
        if pending is not None:
            raise RulesError(N_("{who} must roll again before the falls are settled"), who=pending)
        extra = set(rerolls) - set(rerolled)
        if extra:
            raise RulesError(N_("{who} was not made to roll again"), who=sorted(extra)[0])
        fates = {h: fates[h] for h in party}
        group = all(fates.values())
    vp = {h: success_vp_per_point * (t - _target(difficulty, h)) if success[h] else 0 for h, t in results.items()}
    short = [_target(difficulty, h) - t for h, t in results.items() if not success[h]]
    short += [_target(difficulty, h) - rerolls[h] for h, ok in rerolled.items() if not ok]
    runner = 0 if freestanding else RUNNER_VP_PER_POINT * sum(short)
    return Outcome(structure, tuple(results), success, fates, group, vp, runner, rerolled)
