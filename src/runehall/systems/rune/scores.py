"""Rune's derived numbers as pure functions: the score formulas of derived.toml evaluated term by term, and
the tables behind HP, Wound Threshold, encumbrance and movement.

A score is a sum of named terms, kept with their labels so the sheet can show its arithmetic. A term whose
value the OCR lost (or that follows a special rule) has no value, and then neither has the score: a derived
number is unknown, never guessed, and `Term.lost` says which row and field the table must fill in.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from runehall.systems.rune.armoury import ArmorDef, ShieldDef, WeaponDef
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import CHARACTERISTICS, UNKNOWN
from runehall.systems.rune.rules import EncLevel, rules


@dataclass(frozen=True)
class Term:
    label: str
    value: int | None  # None: unknown
    negative: bool = False
    lost: tuple[str, str, str] | None = None  # ("weapon" or "armor", row id, field) of a value the OCR lost
    special: str = ""  # why a value is not a number although nothing was lost

    @property
    def amount(self) -> int | None:
        return None if self.value is None else (-self.value if self.negative else self.value)


@dataclass(frozen=True)
class Score:
    name: str
    terms: tuple[Term, ...]

    @property
    def value(self) -> int | None:
        amounts = [t.amount for t in self.terms]
        return None if any(a is None for a in amounts) else sum(a for a in amounts if a is not None)

    def plus(self, *terms: Term) -> Score:
        return Score(self.name, (*self.terms, *terms))

    def explain(self) -> str:
        """The arithmetic as people write it: "Qik 2 + Great Weapon 3 + ... - ENC decrease 0 = 9"."""
        parts = []
        for i, t in enumerate(self.terms):
            shown = "?" if t.value is None else str(t.value)
            sign = "- " if t.negative else ("+ " if i else "")
            parts.append(f"{sign}{t.label} {shown}")
        value = self.value
        return f"{' '.join(parts)} = {'unknown' if value is None else value}"


@dataclass(frozen=True)
class Context:
    """What the terms of derived.toml read: Characteristics, ability ratings, the gear in use, ENC."""

    characteristic: Callable[[str], Term]  # a Characteristic's value (with any modifiers)
    ability: Callable[[str], Term]  # ab(X): the rating, with the lacking penalty at 0
    weapon: WeaponDef | None
    armor: ArmorDef | None
    shield: ShieldDef | None
    shield_counts: bool | None  # does the shield add its ratings here (None: unknown)
    enc_dec: int | None
    range_penalty: int = 0
    holding: WeaponDef | None = None  # the weapon whose lost values leave shield_counts unknown


def ability_term(ability_id: str, rating: int) -> Term:
    """ab(X): the rating, or the lacking penalty (-3) added to a rating of 0."""
    name = rules().ability(ability_id).name
    if rating > 0:
        return Term(name, rating)
    return Term(f"{name} {rating} (lacking)", rating + rules().abilities.rules.lacking_penalty)


def _row_value(row: WeaponDef, field: str) -> Term:
    value = getattr(row, field)
    label = f"{row.name} {field.capitalize()}"
    if value == UNKNOWN:
        return Term(label, None, lost=("weapon", row.id, field))
    if value == "special":
        return Term(label, None, special=f"the {row.name}'s {field.capitalize()} follows its own rule")
    return Term(label, int(value))


def _term(text: str, ctx: Context) -> Term:
    negative = text.startswith("-")
    name = text.removeprefix("-")
    term = _positive_term(name, ctx)
    return Term(term.label, term.value, negative, term.lost, term.special)


def _positive_term(name: str, ctx: Context) -> Term:
    if name in CHARACTERISTICS:
        return ctx.characteristic(name)
    if name == "enc_dec":
        return Term("ENC decrease", ctx.enc_dec)
    if name == "range_penalty":
        return Term("range penalty", ctx.range_penalty)
    if name.startswith("ab("):
        ability = name[3:-1]
        if ability == "weapon":
            assert ctx.weapon is not None
            if ctx.weapon.ability == UNKNOWN:
                return Term(f"{ctx.weapon.name} Ability", None, lost=("weapon", ctx.weapon.id, "ability"))
            ability = ctx.weapon.ability
        return ctx.ability(ability)
    owner, _, field = name.partition(".")
    if owner in ("weapon", "fist_kick"):
        row = ctx.weapon if owner == "weapon" else rules().weapon("fist_kick")
        assert row is not None
        return _row_value(row, field)
    if owner == "armor":
        if ctx.armor is None:
            return Term("no armor", 0)
        value = getattr(ctx.armor, field)
        lost = ("armor", ctx.armor.id, field) if value == UNKNOWN else None
        return Term(f"{ctx.armor.name} {field.capitalize()}", None if lost else int(value), lost=lost)
    if ctx.shield is None:
        return Term("no shield", 0)
    if ctx.shield_counts is False:
        return Term(f"{ctx.shield.name} (not with this weapon)", 0)
    if ctx.shield_counts is None:
        held = ctx.holding or ctx.weapon
        assert held is not None
        why = "ability" if held.ability == UNKNOWN else "two_handed"
        return Term(f"{ctx.shield.name} {field.capitalize()}", None, lost=("weapon", held.id, why))
    return Term(f"{ctx.shield.name} {field.capitalize()}", int(getattr(ctx.shield, field)))


def evaluate(score_id: str, ctx: Context, options: RuneOptions, name: str = "") -> Score:
    """A derived.toml score with its terms, under the options that drop a term (A19, thrown DAM + Str)."""
    terms = list(rules().score(score_id).terms)
    if score_id == "atk_missile" and not options.missile_atk_enc_dec:
        terms.remove("-enc_dec")
    if score_id == "dam_thrown" and not options.thrown_dam_adds_str:
        terms.remove("str")
    return Score(name or score_id, tuple(_term(t, ctx) for t in terms))


# -- hit points and Wound Threshold (health.toml) -----------------------------------------------------
def base_hp(str_plus_sta: int, step_above: int | None = None) -> int:
    """Starting HP for Str + Sta; above the table (only reachable through Gifts) by option A8's step."""
    rows = rules().health.base_hp
    top = rows[-1]
    assert top.str_plus_sta_max is not None
    if str_plus_sta > top.str_plus_sta_max:
        step = rules().health.base_hp_beyond.per_point_above_6 if step_above is None else step_above
        return top.hp + step * (str_plus_sta - top.str_plus_sta_max)
    return next(r.hp for r in rows if r.str_plus_sta_max is not None and str_plus_sta <= r.str_plus_sta_max)


def hp_per_cp(sta: int) -> int:
    """HP bought by one creation point: the table's Sta + 4, never below the Sta -3 row's."""
    rows = {r.sta: r.hp for r in rules().health.hp_per_cp}
    return rows.get(sta, rows[-3] if sta < -3 else rows[3] + (sta - 3))


def wound_threshold(sta: int, step_above: int | None = None) -> int:
    rows = {r.sta: r.wt for r in rules().health.wound_threshold}
    if sta < -3:
        return rows[-3]
    if sta > 3:
        step = rules().health.wound_threshold_beyond.per_point_above_3 if step_above is None else step_above
        return rows[3] + step * (sta - 3)
    return rows[sta]


# -- encumbrance (encumbrance.toml) -------------------------------------------------------------------
def thresholds(strength: int) -> dict[str, Fraction]:
    """The Load that starts each level after Light, for a Strength (Str 4+ adds 2 a point; below -3 as -3)."""
    enc = rules().encumbrance
    row = enc.row[max(-3, min(3, strength)) + 3]
    extra = enc.beyond.per_str_point_above_3 * max(0, strength - 3)
    return {level: value + extra for level, value in zip(enc.levels[1:], row.thresholds(), strict=True)}


def encumbrance(strength: int, load: Fraction) -> tuple[EncLevel, int]:
    """The level reached by a total Load (fractions dropped first) and the floored Load."""
    floored = math.floor(load)
    reached = [level for level, start in thresholds(strength).items() if floored >= start]
    level_id = reached[-1] if reached else rules().encumbrance.levels[0]
    return next(lv for lv in rules().encumbrance.level if lv.id == level_id), floored


# -- movement (movement.toml) -------------------------------------------------------------------------
def movement(table_id: str, rating: int, water: str = "calm", options: RuneOptions | None = None) -> dict[str, int]:
    """Distances in paces for an Ability rating: the table's two columns, 2.5 or 10 (etc.) more per point
    above 3, fractions dropped; in rough water the Swim figures shrink (A6, A60)."""
    table = rules().move_table(table_id)
    rating = max(0, rating)
    base = table.rows[min(rating, 3)]
    factors = rules().movement.water
    factor = {
        "calm": factors.calm,
        "mildly_choppy": factors.mildly_choppy,
        "raging_or_strong_current": Fraction(str((options or RuneOptions()).swim_raging_factor)),
    }[water]
    out = {}
    for column, value, step in zip(table.columns, base, table.beyond, strict=True):
        out[column] = math.floor((value + step * max(0, rating - 3)) * factor)
    return out
