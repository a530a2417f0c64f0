"""Rune's rules data for heroes: the schemas of the files in data/ that hero creation and the derived numbers
read, and one validated, cached Rules object with the look-ups.

The files also carry documentation (notes, sources, inferred guesses); the schemas read what the engine uses
and check, when a file loads, the facts that must hold: eight Characteristics priced over the seven creation
ratings, 43 Abilities with known governing Characteristics, hit-point and encumbrance tables without holes,
movement tables of four rows, score formulas in the term vocabulary of derived.toml, and a weapon table whose
`complete` flag agrees with its values (armoury.py).

Values the OCR lost are the string "unknown" (UNKNOWN) in the data and stay so here: no number is invented.
`WeaponDef.missing()` names a row's unknown fields; gear.py applies the table's options and filled-in values.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Literal

from pydantic import Field, model_validator

from runehall.errors import Invalid, RulesDataError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.armoury import ArmorDef, ArmorFile, MissilesFile, RangeDef, ShieldDef, WeaponDef, WeaponsFile
from runehall.systems.rune.records import CHARACTERISTICS, PACKAGE, UNKNOWN, Data


# -- characteristics.toml -----------------------------------------------------------------------------
class CharacteristicDef(Data):
    id: str
    abbr: str
    name: str
    patron: str
    physical: bool
    cost: tuple[int, ...]


class Advice(Data):
    physical_min_recommended: int
    other_min_recommended: int


class CharacteristicsFile(Data):
    ratings: tuple[int, ...]
    creation_min: int
    creation_max: int
    characteristic: tuple[CharacteristicDef, ...]
    advice: Advice

    @model_validator(mode="after")
    def _priced(self) -> CharacteristicsFile:
        if tuple(c.id for c in self.characteristic) != CHARACTERISTICS:
            raise Invalid(N_("the Characteristics must be {ids} in that order"), ids=", ".join(CHARACTERISTICS))
        if list(self.ratings) != list(range(self.creation_min, self.creation_max + 1)):
            raise Invalid(N_("ratings must run from creation_min to creation_max"))
        for c in self.characteristic:
            if len(c.cost) != len(self.ratings) or c.cost[self.ratings.index(0)] != 0:
                raise Invalid(N_("{id}: one cost per rating, and rating 0 is free"), id=c.id)
        return self


# -- creation.toml ------------------------------------------------------------------------------------
class Equipment(Data):
    max_weapons: int
    weapon_availability: tuple[str, ...]
    max_armor: int
    armor_availability: tuple[str, ...]
    max_shields: int
    shield_availability: tuple[str, ...]


class CreationFile(Data):
    budget_cp: int
    max_net_spend: int
    equipment: Equipment


# -- abilities.toml -----------------------------------------------------------------------------------
class AbilityRules(Data):
    cp_per_level_primary: int
    cp_per_level_secondary: int
    min_rating: int
    creation_cap: int
    lacking_penalty: int
    kit_lacking_penalty: int


class AbilityDef(Data):
    id: str
    name: str
    category: Literal["primary", "secondary"]
    set: Literal["fighting", "exploratory", "interaction", "miscellaneous"]
    governing: tuple[str, ...]
    has_kit: bool
    kit_load: float | None = None
    usable_untrained: bool
    movement: str | None = None


class AbilitiesFile(Data):
    rules: AbilityRules
    ability: tuple[AbilityDef, ...]

    @model_validator(mode="after")
    def _consistent(self) -> AbilitiesFile:
        if len({a.id for a in self.ability}) != len(self.ability):
            raise Invalid(N_("ability ids must be unique"))
        for a in self.ability:
            if not set(a.governing) <= set(CHARACTERISTICS):
                raise Invalid(N_("{id}: unknown governing Characteristic"), id=a.id)
            if a.has_kit != (a.kit_load is not None):
                raise Invalid(N_("{id}: an Ability with a kit gives its Load, and only then"), id=a.id)
        return self


# -- health.toml --------------------------------------------------------------------------------------
class BaseHpRow(Data):
    str_plus_sta_min: int | None = None
    str_plus_sta_max: int | None = None
    hp: int


class HpPerCp(Data):
    sta: int
    hp: int


class WtRow(Data):
    sta: int
    wt: int


class BaseHpBeyond(Data):
    per_point_above_6: int


class WtBeyond(Data):
    per_point_above_3: int


class HealthFile(Data):
    base_hp: tuple[BaseHpRow, ...]
    base_hp_beyond: BaseHpBeyond
    hp_per_cp: tuple[HpPerCp, ...]
    wound_threshold: tuple[WtRow, ...]
    wound_threshold_beyond: WtBeyond

    @model_validator(mode="after")
    def _no_holes(self) -> HealthFile:
        rows = self.base_hp
        if rows[0].str_plus_sta_min is not None or rows[-1].str_plus_sta_max is None:
            raise Invalid(N_("base_hp opens downwards and ends at the highest Str + Sta"))
        for a, b in pairwise(rows):
            if a.str_plus_sta_max is None or b.str_plus_sta_min != a.str_plus_sta_max + 1:
                raise Invalid(N_("base_hp rows must follow each other without gaps"))
        columns = {"hp_per_cp": [r.sta for r in self.hp_per_cp], "wt": [r.sta for r in self.wound_threshold]}
        for name, stas in columns.items():
            if stas != list(range(-3, 4)):
                raise Invalid(N_("{name} must cover Sta -3 to 3 in order"), name=name)
        return self


# -- encumbrance.toml ---------------------------------------------------------------------------------
class EncLevel(Data):
    id: str
    name: str
    decrease: int


class EncRow(Data):
    strength: int = Field(alias="str")
    loaded: Fraction
    overloaded: Fraction
    better_put_something_down: Fraction
    no_one_will_take: Fraction

    def thresholds(self) -> tuple[Fraction, ...]:
        return (self.loaded, self.overloaded, self.better_put_something_down, self.no_one_will_take)


class EncBeyond(Data):
    per_str_point_above_3: int


class Silver(Data):
    ounces_per_load: int


class EncumbranceFile(Data):
    levels: tuple[str, ...]
    level: tuple[EncLevel, ...]
    row: tuple[EncRow, ...]
    beyond: EncBeyond
    silver: Silver
    applies_to_characteristics: tuple[str, ...]

    @model_validator(mode="after")
    def _table(self) -> EncumbranceFile:
        if tuple(lv.id for lv in self.level) != self.levels or len(self.levels) != 5:
            raise Invalid(N_("five levels, listed in `levels` order"))
        if self.levels[1:] != tuple(EncRow.model_fields)[1:]:
            raise Invalid(N_("each row gives the thresholds of the levels after light"))
        if [r.strength for r in self.row] != list(range(-3, 4)):
            raise Invalid(N_("rows must cover Str -3 to 3 in order"))
        for r in self.row:
            if list(r.thresholds()) != sorted(set(r.thresholds())):
                raise Invalid(N_("Str {strength}: thresholds must rise"), strength=r.strength)
        return self


# -- movement.toml ------------------------------------------------------------------------------------
class MoveTable(Data):
    id: str
    ability: str
    columns: tuple[str, str]
    rows: tuple[tuple[int, int], ...]
    beyond: tuple[Fraction, Fraction]
    rounding: Literal["floor", "none"]
    minimum_row: int | None = None

    @model_validator(mode="after")
    def _four_rows(self) -> MoveTable:
        if len(self.rows) != 4:
            raise Invalid(N_("movement table {id}: one row per rating 0 to 3"), id=self.id)
        return self


class Water(Data):
    calm: Fraction
    mildly_choppy: Fraction
    raging_or_strong_current: Fraction


class MovementFile(Data):
    table: tuple[MoveTable, ...]
    water: Water


# -- derived.toml -------------------------------------------------------------------------------------
_TERM = re.compile(
    r"-?(?:" + "|".join(CHARACTERISTICS) + r"|enc_dec|range_penalty|ab\([a-z_]+\)"
    r"|(?:weapon|fist_kick|shield)\.(?:init|atk|dfn|dam)|armor\.(?:init|prot))"
)


class ScoreDef(Data):
    id: str
    name: str
    terms: tuple[str, ...] = ()
    formula: str | None = None
    applies_to_abilities: tuple[str, ...] = ()
    when_weapon_dfn_na: str | None = None
    melee_abilities: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _vocabulary(self) -> ScoreDef:
        for term in self.terms:
            if not _TERM.fullmatch(term):
                raise Invalid(
                    N_("score {id}: term {term!r} is not in the derived.toml vocabulary"), id=self.id, term=term
                )
        if bool(self.terms) == bool(self.formula):
            raise Invalid(N_("score {id}: give terms or a formula, not both"), id=self.id)
        return self


class DerivedFile(Data):
    score: tuple[ScoreDef, ...]


# -- names.toml ---------------------------------------------------------------------------------------
class NamesFile(Data):
    prefix_only_cognomens: tuple[str, ...]


class Rules:
    """Every hero rules file, validated, with the look-ups creation and the derived numbers need."""

    def __init__(self) -> None:
        self.characteristics = load_data(PACKAGE, "characteristics.toml", CharacteristicsFile)
        self.creation = load_data(PACKAGE, "creation.toml", CreationFile)
        self.abilities = load_data(PACKAGE, "abilities.toml", AbilitiesFile)
        self.health = load_data(PACKAGE, "health.toml", HealthFile)
        self.encumbrance = load_data(PACKAGE, "encumbrance.toml", EncumbranceFile)
        self.movement = load_data(PACKAGE, "movement.toml", MovementFile)
        self.weapons = load_data(PACKAGE, "weapons.toml", WeaponsFile)
        self.armor = load_data(PACKAGE, "armor.toml", ArmorFile)
        self.missiles = load_data(PACKAGE, "missiles.toml", MissilesFile)
        self.derived = load_data(PACKAGE, "derived.toml", DerivedFile)
        self.names = load_data(PACKAGE, "names.toml", NamesFile)
        self._keys: dict[str, dict[str, str]] = {"characteristic": {}, "ability": {}, "weapon": {}, "armor": {}}
        self._keys["shield"] = {}
        for c in self.characteristics.characteristic:
            self._index("characteristic", c.id, c.abbr, c.name)
        for a in self.abilities.ability:
            self._index("ability", a.id, a.name)
        for w in self.weapons.weapon:
            self._index("weapon", w.id, w.name)
        for armor in self.armor.armor:
            self._index("armor", armor.id, armor.name)
        for s in self.armor.shield:
            self._index("shield", s.id, s.name)
        self._index("weapon", "fist_kick", "fist", "kick", "fists", "unarmed")
        self._check_references()

    def _index(self, kind: str, key: str, *aliases: str) -> None:
        for alias in (key, *aliases):
            self._keys[kind][fold(alias)] = key

    def _check_references(self) -> None:
        """Ids one file takes from another must exist there."""
        abilities = {a.id for a in self.abilities.ability}
        used = [(f"weapons.toml: {w.id}", w.ability) for w in self.weapons.weapon if w.ability != UNKNOWN]
        used += [(f"armor.toml: {s.id}", s.ability) for s in self.armor.shield]
        used += [(f"movement.toml: {t.id}", t.ability) for t in self.movement.table]
        used += [(f"missiles.toml: {r.kind}", a) for r in self.missiles.range for a in r.abilities]
        used += [("armor.toml: shield_rules", a) for a in self.armor.shield_rules.usable_with_abilities]
        used += [(f"derived.toml: {s.id}", a) for s in self.derived.score for a in s.melee_abilities]
        for where, ability in used:
            if ability not in abilities:
                raise RulesDataError(
                    N_("{package}: {where} names the unknown Ability {ability!r}"),
                    package=PACKAGE,
                    where=where,
                    ability=ability,
                )

    def find(self, kind: Literal["characteristic", "ability", "weapon", "armor", "shield"], text: str) -> str | None:
        """The id of a Characteristic, Ability, weapon, armor or shield given by id, abbreviation or name
        (case, accents, spaces and hyphens ignored), or by the start of one name only ("tower" for the Tower
        Shield); None when there is none, or when the start fits several."""
        key = fold(text)
        found = self._keys[kind].get(key)
        if found is None and key:
            starts = {v for k, v in self._keys[kind].items() if k.startswith(key)}
            found = starts.pop() if len(starts) == 1 else None
        return found

    def characteristic(self, char_id: str) -> CharacteristicDef:
        return next(c for c in self.characteristics.characteristic if c.id == char_id)

    def ability(self, ability_id: str) -> AbilityDef:
        return next(a for a in self.abilities.ability if a.id == ability_id)

    def weapon(self, weapon_id: str) -> WeaponDef:
        return next(w for w in self.weapons.weapon if w.id == weapon_id)

    def armor_row(self, armor_id: str) -> ArmorDef:
        return next(a for a in self.armor.armor if a.id == armor_id)

    def shield(self, shield_id: str) -> ShieldDef:
        return next(s for s in self.armor.shield if s.id == shield_id)

    def score(self, score_id: str) -> ScoreDef:
        return next(s for s in self.derived.score if s.id == score_id)

    def move_table(self, table_id: str) -> MoveTable:
        return next(t for t in self.movement.table if t.id == table_id)

    def fighting_abilities(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.abilities.ability if a.set == "fighting")

    def range_of(self, ability_id: str) -> RangeDef | None:
        """The missile or thrown range rules that an Ability's weapons follow (None for melee)."""
        return next((r for r in self.missiles.range if ability_id in r.abilities), None)

    def characteristic_cost(self, char_id: str, rating: int) -> int:
        table = self.characteristics
        return self.characteristic(char_id).cost[table.ratings.index(rating)]


def fold(text: str) -> str:
    """Lower case without accents, with spaces, hyphens and slashes as underscores: how people type names."""
    plain = "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))
    return re.sub(r"[\s\-/]+", "_", plain.strip())


@cache
def rules() -> Rules:
    return Rules()
