"""Midgard's qualities and creation prices: the quality base table, the formulas of qualities.toml, the
wound track with its merkstave penalties, and the skill and gift costs of Tables 3 and 4.

Pure functions of numbers and options; the character sheet (character.py) feeds them its runes, ranks
and gifts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.midgard import formula
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.rules import rules

TAKEN_OUT = "taken_out"


def quality_base(total: int, options: MidgardOptions | None = None) -> int:
    """Table 1: the base score of a sum of two god runes; a sum under the table is option A-02's score."""
    rows = rules().qualities.quality_base
    if total < rows[0].lo:
        return (options or MidgardOptions()).quality_base_below_4
    return next(r.score for r in reversed(rows) if total >= r.lo)


def skill_cost(from_rank: int, to_rank: int) -> int:
    """Table 3: points to raise a skill from one rank to a higher one (0 when not raised)."""
    cumulative = [0, *(c.from_zero for c in rules().skills.rank_cost)]
    if not 0 <= from_rank <= len(cumulative) - 1 or not 0 <= to_rank <= len(cumulative) - 1:
        raise Invalid(N_("skill ranks run from 0 to {top}"), top=len(cumulative) - 1)
    return max(0, cumulative[to_rank] - cumulative[from_rank])


def gift_cost(level: int) -> int:
    """Table 4: creation points for a gift of this level (special gifts, level 0, are not bought)."""
    return 0 if level == 0 else rules().gift_price(level).cost


def gift_rune_total(levels: Sequence[int]) -> int:
    """What gifts of these levels add to their rune's total (Table 4's 'counts as')."""
    return sum(rules().gift_price(level).counts_as for level in levels if level)


class Courage(NamedTuple):
    """Courage is a cast: this many dice, and this many free tokens on the Cast Runes stone."""

    dice: int
    bonus: int


def courage(thor: int, odin: int) -> Courage:
    q = rules().quality("courage")
    env = {"Th": thor, "A": odin}
    # The book states this halving's rounding itself (up), so option half_rounding does not touch it.
    return Courage(formula.whole(q.dice, env), formula.whole(q.bonus, env, q.bonus_rounding or "up"))


def runes_env(runes: Mapping[str, int], options: MidgardOptions, **values: Any) -> dict[str, Any]:
    """The names a formula may read: god-rune codes, base() under these options, and any named values."""
    base: Callable[[int], int] = lambda total: quality_base(int(total), options)  # noqa: E731
    return {**runes, "base": base, **values}


def quality(quality_id: str, env: Mapping[str, Any], options: MidgardOptions) -> int:
    """A quality by its qualities.toml formula (Wyrð by the reading option wyrd_formula picks)."""
    q = rules().quality(quality_id)
    text = q.alternative_formula if quality_id == "wyrd_max" and options.wyrd_formula != "product" else q.formula
    return formula.whole(text, env, options.half_rounding)


def derived_value(
    name: Literal["throw_range_ft", "unarmed_speed"], env: Mapping[str, Any], options: MidgardOptions
) -> int:
    return formula.whole(getattr(rules().qualities.derived, name), env, options.half_rounding)


def bonus_dice_cap(legend_rank: int, options: MidgardOptions) -> int:
    """Wyrð that may buy dice in one cast: 2 + legend, where 'legend' is the score or rank (A-09)."""
    legend = legend_rank + 1 if options.unqualified_legend == "score" else legend_rank
    return formula.whole(rules().qualities.wyrd.bonus_dice_cap, {"legend_score": legend})


class WoundTrack(NamedTuple):
    boxes: tuple[int, ...]
    penalties: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.boxes)


def wound_track(
    health: int,
    extra_per_rank: int = 0,
    rounding: str = "up",
    ranks: Sequence[tuple[float, int]] | None = None,
) -> WoundTrack:
    """Boxes per rank = multiplier x Health, rounded (A-14), plus the Loysing's extra box in every rank.
    `ranks` (multiplier, penalty) default to a PC's five; a Thane's four come from enemies.toml."""
    pairs = ranks or [(r.multiplier, r.merkstave_penalty) for r in rules().qualities.wounds.rank]
    round_ = math.ceil if rounding == "up" else math.floor
    boxes = tuple(round_(Fraction(str(m)) * health) + extra_per_rank for m, _ in pairs)
    return WoundTrack(boxes, tuple(p for _, p in pairs))


def class_wound_track(health: int, kind: str, extra_per_rank: int = 0, rounding: str = "up") -> WoundTrack:
    """The wound track of a PC ("character"), a Thane (four ranks from enemies.toml), a Shieldbearer (one rank
    of wound_multiplier x Health, no penalty) or a warband (none: warriors die by threshold) (spec §2.3, §13.8)."""
    if kind == "character":
        return wound_track(health, extra_per_rank, rounding)
    found = rules().enemy_class("warrior" if kind == "warband" else kind)
    if found.wound_multiplier is not None:
        return WoundTrack((found.wound_multiplier * health,), (0,))
    if not found.wound_rank:
        return WoundTrack((), ())
    ranks = [(r.multiplier, r.merkstave_penalty) for r in found.wound_rank]
    return wound_track(health, extra_per_rank, rounding, ranks)


def wound_rank(track: WoundTrack, wounds: int) -> int:
    """The rank holding the latest filled box: 0 with no wounds, the last rank once all are filled."""
    if wounds <= 0:
        return 0
    filled = 0
    for rank, boxes in enumerate(track.boxes, 1):
        filled += boxes
        if wounds <= filled:
            return rank
    return len(track.boxes)


def wound_penalty(track: WoundTrack, wounds: int, basis: str = "last_filled_box") -> int | str:
    """Merkstave penalty in force after this many wounds, or 'taken_out' once every box is filled.
    The penalty is the rank of the latest filled box (A-14), or of the next empty one under the other
    reading; no wounds, no penalty."""
    if wounds >= track.total:
        return TAKEN_OUT
    box = wounds if basis == "last_filled_box" else wounds + 1
    if box <= 0:
        return 0
    filled = 0
    for boxes, penalty in zip(track.boxes, track.penalties, strict=True):
        filled += boxes
        if box <= filled:
            return penalty
    return track.penalties[-1]
