"""Ragnarök's rules data: the schemas of the files in data/ and one validated, cached Rules object.

The files also carry documentation fields (Spanish and English names, notes); the schemas read what
the engine uses and check the facts that must hold (24 runes, 8 per trait, unique ids, routes with
HP = 2 + wounded zones, tiers covering every remaining difficulty).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from runehall.errors import Invalid, ParameterError
from runehall.present.words import N_
from runehall.systems.data import load_data

PACKAGE = "runehall.systems.ragnarok"
Trait = Literal["F", "M", "E"]
TRAITS: tuple[Trait, ...] = ("F", "M", "E")


class Data(BaseModel):
    """A data record: documentation fields beside the ones read here are allowed and ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class TraitDef(Data):
    id: str
    code: Trait
    name: str
    name_en: str


class Text(Data):
    es: str
    en: str


class Descriptor(Data):
    count: int
    fisico: Text
    mental: Text
    espiritual: Text


class TraitsFile(Data):
    trait: tuple[TraitDef, ...]
    descriptor: tuple[Descriptor, ...]

    @model_validator(mode="after")
    def _complete(self) -> TraitsFile:
        if tuple(t.code for t in self.trait) != TRAITS:
            raise Invalid(N_("the traits must be F, M and E in that order"))
        if sorted(d.count for d in self.descriptor) != list(range(10)):
            raise Invalid(N_("descriptors must cover counts 0 to 9"))
        return self


class RuneDef(Data):
    id: str
    slug: str
    name: str
    trait: str  # the trait id (fisico, mental, espiritual)
    order: int
    meaning: str
    glyph: str


class VoidRuneDef(Data):
    id: str
    name: str
    name_alt: str
    name_en: str


class RunesFile(Data):
    rune: tuple[RuneDef, ...]
    void_rune: VoidRuneDef

    @model_validator(mode="after")
    def _a_full_set(self) -> RunesFile:
        if len(self.rune) != 24 or len({r.id for r in self.rune}) != 24 or len({r.slug for r in self.rune}) != 24:
            raise Invalid(N_("a rune set has 24 runes with distinct ids and slugs"))
        for trait in ("fisico", "mental", "espiritual"):
            if sum(r.trait == trait for r in self.rune) != 8:
                raise Invalid(N_("a rune set has 8 runes of trait {trait}"), trait=trait)
        return self


class DifficultyLevel(Data):
    value: int
    id: str
    name: str
    name_en: str


class TierDef(Data):
    id: str
    code: str
    name: str
    name_en: str
    r_min: int | None = None
    r_max: int | None = None


class DifficultyFile(Data):
    level: tuple[DifficultyLevel, ...]
    tier: tuple[TierDef, ...]

    @model_validator(mode="after")
    def _scale(self) -> DifficultyFile:
        if [lv.value for lv in self.level] != list(range(6)):
            raise Invalid(N_("the difficulty scale runs 0 to 5"))
        if [t.code for t in self.tier] != ["SUCCESS", "PARTIAL", "MINIMAL", "FAILURE"]:
            raise Invalid(N_("tiers must be success, partial, minimal, failure"))
        return self


class PileDef(Data):
    id: str
    code: str
    name: str
    name_en: str
    void_may_enter: bool


class RouteDef(Data):
    id: str
    code: str
    name: str
    name_en: str
    wounded_zones: int
    hp_per_rune: int

    @model_validator(mode="after")
    def _hp(self) -> RouteDef:
        if self.hp_per_rune != 2 + self.wounded_zones:
            raise Invalid(N_("route {id}: HP per rune must be 2 + wounded zones"), id=self.id)
        return self


class WoundsFile(Data):
    pile: tuple[PileDef, ...]
    route: tuple[RouteDef, ...]

    @model_validator(mode="after")
    def _nine(self) -> WoundsFile:
        if len(self.pile) != 9:
            raise Invalid(N_("the game tree has 9 piles"))
        return self


class SkillDef(Data):
    id: str
    name: str
    name_en: str
    inherent_modifier: int


class SkillsFile(Data):
    skill: tuple[SkillDef, ...]


class SpendDef(Data):
    id: str
    code: str
    effect_en: str
    cost: int
    bonus: int | None = None
    phases: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    damage_types: tuple[str, ...] = ()


class OriginDef(Data):
    id: str
    name: str
    name_en: str
    rebirth_place: str


class DivineFile(Data):
    spend: tuple[SpendDef, ...]
    origin: tuple[OriginDef, ...]


class Rules:
    """Every rules file, validated, with the look-ups the engine needs."""

    def __init__(self) -> None:
        self.traits = load_data(PACKAGE, "traits.toml", TraitsFile)
        self.runes = load_data(PACKAGE, "runes.toml", RunesFile)
        self.difficulty = load_data(PACKAGE, "difficulty.toml", DifficultyFile)
        self.wounds = load_data(PACKAGE, "wounds.toml", WoundsFile)
        self.skills = load_data(PACKAGE, "skills.toml", SkillsFile)
        self.divine = load_data(PACKAGE, "divine_potency.toml", DivineFile)
        self._trait_code = {t.id: t.code for t in self.traits.trait}
        self._rune_keys: dict[str, RuneDef] = {}
        for r in self.runes.rune:
            for key in (r.id, r.slug, r.name):
                self._rune_keys[fold(key)] = r

    def rune(self, name: str) -> RuneDef:
        """A rune by id, book slug or printed name (accents and case ignored)."""
        found = self._rune_keys.get(fold(name))
        if found is None:
            raise ParameterError(N_("{name!r} is not one of the 24 runes"), name=name)
        return found

    def trait_of(self, rune: RuneDef) -> Trait:
        return self._trait_code[rune.trait]

    def route(self, route_id: str) -> RouteDef:
        for r in self.wounds.route:
            if r.id == route_id:
                return r
        raise ParameterError(N_("unknown wound route {route_id!r}"), route_id=route_id)

    def skill(self, skill_id: str) -> SkillDef | None:
        return next((s for s in self.skills.skill if s.id == skill_id), None)

    def spend(self, code: str) -> SpendDef:
        for s in self.divine.spend:
            if code.upper() in (s.code, s.id.upper()):
                return s
        raise ParameterError(N_("unknown Divine Potency effect {code!r}"), code=code)

    def descriptor(self, trait: Trait, count: int) -> Text:
        row = next(d for d in self.traits.descriptor if d.count == min(count, 9))
        return {"F": row.fisico, "M": row.mental, "E": row.espiritual}[trait]

    def tier(self, code: str) -> TierDef:
        return next(t for t in self.difficulty.tier if t.code == code)


def fold(text: str) -> str:
    """Lower case without accents: how people type rune names."""
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))


@cache
def rules() -> Rules:
    return Rules()


def parse_trait(value: object) -> Trait:
    """F / M / E, or the trait's Spanish or English name."""
    text = fold(str(value)).strip()
    aliases = {
        "f": "F", "fisico": "F", "fisica": "F", "physical": "F",
        "m": "M", "mental": "M",
        "e": "E", "espiritual": "E", "spiritual": "E",
    }  # fmt: skip
    if text not in aliases:
        raise Invalid(N_("{value!r} is not a trait (F, M or E)"), value=value)
    return aliases[text]  # type: ignore[return-value]
