"""Every derived number of a Rune hero (spec 001a §5, derived.toml), with its arithmetic.

A Sheet reads a validated Hero under the table's options: modified Characteristics and Abilities, the gear
as this table reads it, the Load and ENC, then each score as a sum of named terms (scores.py) plus the named
modifiers aimed at it. A number that needs a value the OCR lost is None, and `unknown()` explains which
value to fill in and where.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune import gear
from runehall.systems.rune.armoury import ArmorDef, ShieldDef, WeaponDef
from runehall.systems.rune.creation import category, hero_armor, hero_weapon, spent
from runehall.systems.rune.gifts import stat_gifts
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.modifiers import Modifier, matching
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import UNKNOWN
from runehall.systems.rune.rules import EncLevel, rules
from runehall.systems.rune.scores import (
    Context,
    Score,
    Term,
    ability_term,
    base_hp,
    encumbrance,
    evaluate,
    hp_per_cp,
    movement,
    wound_threshold,
)
from runehall.systems.rune.treasure import equipment

if TYPE_CHECKING:
    from runehall.systems.rune.hero import Hero

Row = dict[str, Score]
_PAIR = re.compile(r"(\w+) \+ ab\((\w+)\)")
_ENGAGEMENT = re.compile(r"(\w+) \+ max\(ab\(m\) for m in melee_abilities\)")


class Sheet:
    def __init__(self, hero: Hero, options: RuneOptions, extra: Iterable[Modifier] = ()) -> None:
        self.hero = hero
        self.options = options
        # the stat gifts' own modifiers (gifts/stat_gifts.py), then those typed on the sheet, then the caller's
        gifted = stat_gifts.modifiers(hero.gifts, hero.weapons, self.weapon)
        # the magical equipment he carries or wears (treasure/equipment.py): a weapon's bonuses on its row
        self.magic = equipment.in_use(hero.magic_items, hero.weapons, hero.armor, hero.shield, self.weapon)
        self.modifiers = (*gifted, *equipment.modifiers(self.magic), *hero.modifiers, *extra)

    # -- inputs -------------------------------------------------------------------------------------
    def bonus(self, target: str) -> list[Term]:
        return [Term(m.source, m.amount) for m in matching(self.modifiers, target)]

    @cached_property
    def characteristics(self) -> dict[str, int]:
        return {c: v + sum(t.value or 0 for t in self.bonus(c)) for c, v in self.hero.characteristics.items()}

    def rating(self, ability_id: str) -> int:
        bought = self.hero.abilities.get(ability_id, 0) + self.hero.advances.get(ability_id, 0)
        return bought + sum(t.value or 0 for t in self.bonus(ability_id))

    def ab(self, ability_id: str) -> Term:
        return _sourced(ability_term(ability_id, self.rating(ability_id)), self.bonus(ability_id))

    def characteristic(self, char_id: str) -> Term:
        term = Term(rules().characteristic(char_id).abbr, self.characteristics[char_id])
        return _sourced(term, self.bonus(char_id))

    def weapon(self, weapon_id: str) -> WeaponDef:
        if weapon_id == "fist_kick":
            return rules().weapon("fist_kick")
        return hero_weapon(weapon_id, self.options, self.hero.weapon_overrides)

    @cached_property
    def armor(self) -> ArmorDef | None:
        if self.hero.armor is None:
            return None
        worn = hero_armor(self.hero.armor, self.options, self.hero.armor_overrides)
        if isinstance(worn.init, int) and stat_gifts.armor_init(worn.init, self.hero.gifts) != worn.init:
            worn = worn.model_copy(update={"init": stat_gifts.armor_init(worn.init, self.hero.gifts)})
        return equipment.armor(worn, self.magic)  # magical armour's Init and Prot

    @cached_property
    def shield(self) -> ShieldDef | None:
        held = gear.shield_table(self.options)[self.hero.shield] if self.hero.shield else None
        return None if held is None else equipment.shield(held, self.magic)  # a magical shield's ratings

    def kits(self) -> list[str]:
        """Abilities whose kit is carried: every rated one with a kit, unless left behind."""
        return [
            a.id
            for a in rules().abilities.ability
            if a.has_kit and self.rating(a.id) > 0 and a.id not in self.hero.kits_left_behind
        ]

    # -- Load and ENC -------------------------------------------------------------------------------
    def load_parts(self) -> list[tuple[str, Fraction | None]]:
        parts: list[tuple[str, Fraction | None]] = []
        for weapon_id in self.hero.weapons:
            row = self.weapon(weapon_id)
            dozens = self.hero.ammunition.get(weapon_id, rules().missiles.ammunition.included_dozens)
            parts.append((row.name, gear.weapon_load(row, dozens if gear.takes_ammunition(row) else None)))
        if self.armor is not None:
            parts.append((self.armor.name, Fraction(str(self.armor.load))))
        if self.shield is not None:
            parts.append((self.shield.name, Fraction(str(self.shield.load))))
        parts += [(f"{rules().ability(a).name} kit", gear.kit_load(a, self.options)) for a in self.kits()]
        parts += [(name, Fraction(str(load))) for name, load in self.hero.other_items.items()]
        if self.hero.silver_oz:
            parts.append(("silver", Fraction(self.hero.silver_oz, rules().encumbrance.silver.ounces_per_load)))
        return parts

    @cached_property
    def load(self) -> Fraction | None:
        loads = [load for _, load in self.load_parts()]
        return None if any(x is None for x in loads) else sum((x for x in loads if x is not None), Fraction(0))

    @cached_property
    def enc(self) -> tuple[EncLevel, int] | None:
        return None if self.load is None else encumbrance(self.characteristics["str"], self.load)

    @property
    def enc_dec(self) -> int | None:
        return None if self.enc is None else self.enc[0].decrease

    # -- combat rows --------------------------------------------------------------------------------
    def _context(self, weapon: WeaponDef | None, counts: bool | None, range_penalty: int = 0) -> Context:
        return Context(
            self.characteristic,
            self.ab,
            weapon,
            self.armor,
            self.shield,
            counts,
            self.enc_dec,
            range_penalty,
        )

    def _score(self, score_id: str, ctx: Context, name: str, row_id: str) -> Score:
        score = evaluate(score_id, ctx, self.options, name)
        return score.plus(*self.bonus(name), *self.bonus(f"{name}:{row_id}"))

    def counts(self, weapon: WeaponDef, shield_in_hand: bool | None) -> bool | None:
        """Whether the shield adds its ratings to this weapon's row (A14)."""
        if self.shield is None or shield_in_hand is False:
            return False
        found = gear.shield_counts(weapon, self.options)
        if shield_in_hand and found is False:
            raise RulesError(
                N_(
                    "no {shield} in hand with the {weapon}: it needs both hands or cannot take a shield "
                    "(the shield may still be carried, for its Load only)"
                ),
                shield=Refusal(self.shield.name),
                weapon=Refusal(weapon.name),
            )
        return found

    def row(self, row_id: str, shield_in_hand: bool | None = None, distance: int | None = None) -> Row:
        """INIT, ATK, DFN, DAM and Engagement with a carried weapon, "unarmed", or INIT "noncombat"."""
        if row_id == "noncombat":
            ctx = self._context(None, self.shield is not None and shield_in_hand is not False)
            return {"init": self._score("init_noncombat", ctx, "init", "noncombat")}
        if row_id != "unarmed" and row_id not in self.hero.weapons:
            raise RulesError(N_("the hero does not carry {row_id!r}"), row_id=row_id)
        weapon = self.weapon("fist_kick" if row_id == "unarmed" else row_id)
        penalty = 0 if distance is None else gear.range_penalty(weapon, distance, self.options)
        counts = self.counts(weapon, shield_in_hand)
        ctx = self._context(weapon, counts, penalty)
        if row_id == "unarmed":
            ids = {"init": "init_unarmed", "atk": "atk_unarmed", "dfn": "dfn_unarmed", "dam": "dam_unarmed"}
        else:
            form = gear.attack_form(weapon)
            missile_atk = weapon.ability in rules().score("atk_missile").applies_to_abilities
            ids = {
                "init": "init_armed",
                "atk": "atk_missile" if missile_atk else "atk_melee",
                "dfn": "dfn_armed",
                "dam": {"melee": "dam_melee", "thrown": "dam_thrown", "missile": "dam_missile", None: ""}[form],
            }
        out: Row = {}
        for name, score_id in ids.items():
            if not score_id:  # the Ability was lost, so which formula applies is unknown
                lost = Term(f"{weapon.name} Ability", None, lost=("weapon", weapon.id, "ability"))
                out[name] = Score(name, (lost,)).plus(*self.bonus(name), *self.bonus(f"{name}:{row_id}"))
            elif name == "dfn" and weapon.dfn == "n/a":  # holding it, he defends as if unarmed
                unarmed = replace(ctx, weapon=self.weapon("fist_kick"), holding=weapon)
                score = self._score("dfn_unarmed", unarmed, "dfn", "unarmed")
                out[name] = score.plus(*self.bonus(f"dfn:{row_id}"))
            else:
                out[name] = self._score(score_id, ctx, name, row_id)
        out["engagement"] = self._score("engagement_modifier", ctx, "engagement", row_id)
        shield_dam = equipment.shield_dam(self.magic)  # DAM from a magical shield, where the shield counts
        if shield_dam is not None and counts and "dam" in out:
            out["dam"] = out["dam"].plus(shield_dam)
        return out

    def standard_range(self, weapon_id: str) -> int | None:
        row = self.weapon(weapon_id)
        return gear.standard_range(row, row.dam) if isinstance(row.dam, int) else None

    # -- sheet numbers ------------------------------------------------------------------------------
    def _health_basis(self) -> tuple[int, int]:
        """Str and Sta as hit points and Wound Threshold read them: as bought, or (option
        recompute_hp_wt_after_creation) as modified, but never with Valor of Tyr's Stamina (its entry says so)."""
        if not self.options.recompute_hp_wt_after_creation:
            return self.hero.characteristics["str"], self.hero.characteristics["sta"]
        chars = self.characteristics
        return chars["str"], chars["sta"] - stat_gifts.health_stamina(self.hero.gifts)

    def hp_per_cp(self) -> int:
        return hp_per_cp(self._health_basis()[1])

    def hp_max(self) -> Score:
        strength, stamina = self._health_basis()
        per = self.hp_per_cp()
        step = self.options.base_hp_step_above_table
        base = Term(f"base HP for Str + Sta {strength + stamina}", base_hp(strength + stamina, step))
        extra = Term(f"{self.hero.cp_on_hp} creation points x {per}", self.hero.cp_on_hp * per)
        return Score("hp_max", (base, extra, *self.bonus("hp_max")))

    def wt(self) -> Score:
        stamina = self._health_basis()[1]
        base = Term(f"WT for Sta {stamina}", wound_threshold(stamina, self.options.wt_step_above_table))
        return Score("wt", (base, *self.bonus("wt")))

    def soak(self) -> Score:
        return self._score("soak", self._context(None, False), "soak", "")

    def move(self) -> dict[str, int]:
        """Full and half move from the Sprint table; no modifier takes them below the Sprint 0 row."""
        sprint = movement("sprint", self.rating("sprint"))
        floor = movement("sprint", rules().move_table("sprint").minimum_row or 0)
        full = sprint["full"] + sum(t.value or 0 for t in self.bonus("move"))
        half = sprint["half"] + sum(t.value or 0 for t in self.bonus("move_half"))
        return {"full": max(full, floor["full"]), "half": max(half, floor["half"])}

    def res_components(self) -> dict[str, int | None]:
        """The six pairs of derived.toml's RES formula (A22: static; option res_static)."""
        formula = rules().score("res")
        enc_applies = rules().encumbrance.applies_to_characteristics
        pairs = [(ability, char) for char, ability in _PAIR.findall(formula.formula or "")]
        engagement = _ENGAGEMENT.search(formula.formula or "")
        assert engagement is not None
        out: dict[str, int | None] = {}
        for ability, char in [*pairs, ("engagement", engagement.group(1))]:
            if ability == "bravery":
                char = self.options.bravery_characteristic
            if ability == "engagement":
                rating = max((self._res_ability(m) for m in formula.melee_abilities), default=0)
            else:
                rating = self._res_ability(ability)
            value: int | None = self.characteristics[char] + rating
            if self.options.res_static == "untrained_enc_and_impairment" and char in enc_applies:
                value = None if self.enc_dec is None or value is None else value - self.enc_dec
            out[ability] = value
        return out

    def _res_ability(self, ability_id: str) -> int:
        term = self.ab(ability_id)
        return self.rating(ability_id) if self.options.res_static == "none" else int(term.value or 0)

    def res(self) -> Score:
        components = self.res_components()
        values = [v for v in components.values() if v is not None]
        best = max(values) if len(values) == len(components) else None
        return Score("res", (Term("best of the six pairs", best), *self.bonus("res")))

    # -- warnings and unknowns ----------------------------------------------------------------------
    def warnings(self) -> list[str]:
        out = []
        points = spent(self.hero.model_dump(), self.hero.cp_on_hp, self.options)
        if points["spent"] < points["budget"]:
            out.append(f"{points['budget'] - points['spent']} creation points unspent (they are lost)")
        if self.options.beginner_advice_warnings:
            advice = rules().characteristics.advice
            for c in rules().characteristics.characteristic:
                low = advice.physical_min_recommended if c.physical else advice.other_min_recommended
                if self.hero.characteristics[c.id] < low:
                    out.append(f"{c.abbr} {self.hero.characteristics[c.id]}: the book advises beginners {low} or more")
        for ability_id in self.hero.kits_left_behind:
            out.append(f"{rules().ability(ability_id).name} kit left behind: its rolls take -2")
        for weapon_id in self.hero.weapons:
            row = self.weapon(weapon_id)
            if row.availability == UNKNOWN:
                out.append(f"the {row.name}'s availability was lost (probably common); the runner decides")
        if self.armor is not None and self.armor.availability == UNKNOWN:
            out.append(f"the {self.armor.name}'s availability was lost (probably common); the runner decides")
        filled = {e.partition(".")[0] for e in self.hero.weapon_overrides}
        for weapon_id in sorted(filled - set(self.hero.weapons)):
            out.append(f"values filled in for the {rules().weapon(weapon_id).name}, which the hero does not carry")
        return out

    def unknown(self, scores: Iterable[tuple[str, Score]]) -> list[str]:
        """One line per row with lost values: which are lost, which numbers they leave unknown, how to fill."""
        lost: dict[str, tuple[set[str], list[str]]] = {}
        notes = []
        if self.load is None:
            missing = [w for w in self.hero.weapons if self.weapon(w).load_value is None]
            heavy = ", ".join(self.weapon(w).name for w in missing)
            notes.append(
                f"Load unknown ({heavy}: Load lost in the OCR), so ENC, its decrease and every score that "
                f"subtracts it are unknown; fill it in with option weapon_overrides, e.g. {missing[0]}.load=..."
            )
        for where, score in scores:
            if score.value is not None:
                continue
            for term in score.terms:
                if term.lost:
                    fields, names = lost.setdefault(f"{term.lost[0]}:{term.lost[1]}", (set(), []))
                    fields.add(term.lost[2])
                    names.append(where)
                elif term.special:
                    notes.append(f"{where} follows a special rule: {term.special}")
        for key, (fields, names) in lost.items():
            kind, _, item = key.partition(":")
            name = rules().armor_row(item).name if kind == "armor" else rules().weapon(item).name
            option = f"{kind}_overrides"
            example = f"{item}.{sorted(fields)[0]}=..."
            notes.append(
                f"{name}: {', '.join(sorted(fields))} lost in the OCR, so {', '.join(dict.fromkeys(names))} "
                f"unknown; the table fills them with option {option} (or this sheet with {option}), e.g. {example}"
            )
        return notes

    def check(self, ability_id: str, characteristic: str | None = None, kit_matters: bool = True) -> Score:
        """The bonus of an Ability roll: a Characteristic (the governing one unless the runner names another)
        + ab(X), -2 without the kit (a kit is carried only for a rated Ability, unless left behind), and the
        ENC decrease when the Characteristic is Str, Sta, Dex or Qik."""
        ability = rules().ability(ability_id)
        if not ability.usable_untrained and self.rating(ability_id) <= 0:
            raise RulesError(N_("{ability} cannot be rolled at rating 0"), ability=Refusal(ability.name))
        char = characteristic or self.governing(ability_id)[0]
        terms = [self.characteristic(char), self.ab(ability_id)]
        carried = self.rating(ability_id) > 0 and ability_id not in self.hero.kits_left_behind
        if ability.has_kit and kit_matters and not carried:
            terms.append(Term(f"no {ability.name} kit", rules().abilities.rules.kit_lacking_penalty))
        magic = equipment.kit_bonus(self.magic, ability_id)
        if ability.has_kit and kit_matters and carried and magic:
            terms.append(Term(f"magical {ability.name} kit", magic))
        if ability_id == "swim" and stat_gifts.swim_bonus(self.hero.gifts):
            terms.append(Term(gift(stat_gifts.NAGLFAR).name, stat_gifts.swim_bonus(self.hero.gifts)))
        if char in rules().encumbrance.applies_to_characteristics:
            terms.append(Term("ENC decrease", self.enc_dec, negative=True))
        return Score(f"{ability_id} check", tuple(terms))

    def governing(self, ability_id: str) -> list[str]:
        if ability_id == "demeanor":
            return [self.options.demeanor_characteristic]
        if ability_id == "bravery":
            return [self.options.bravery_characteristic]
        return list(rules().ability(ability_id).governing)

    def abilities(self) -> dict[str, dict[str, object]]:
        rated = {a.id: self.rating(a.id) for a in rules().abilities.ability}
        return {
            a: {"rating": r, "category": category(a, self.options), "governing": self.governing(a)}
            for a, r in rated.items()
            if r > 0
        }


def _sourced(term: Term, modifiers: list[Term]) -> Term:
    """A term whose value includes modifiers, labelled with where they come from."""
    if not modifiers:
        return term
    sources = " + ".join(f"{m.label} {m.value}" for m in modifiers)
    return Term(f"{term.label} (with {sources})", term.value, term.negative, term.lost, term.special)
