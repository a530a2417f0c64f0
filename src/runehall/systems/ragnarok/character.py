"""Heroes (héroes) and dwellers (moradores): Esencia, Destino, the Void rune, skills, powers, Divine Potency.

The excerpt has no creation rules, so a sheet is imported as data and checked against what the rules
do say (spec 000 §17.7, I-01..I-06).
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from runehall.errors import Invalid
from runehall.present.fields import Choices
from runehall.present.sheet import Sheet
from runehall.present.words import N_, Words
from runehall.systems.base import CharacterModel, RulesModel
from runehall.systems.ragnarok.limits import MAX_BAG, MAX_DESTINY, MAX_HAND, MAX_LEVEL, MAX_SKILLS
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.rules import TRAITS, Trait, parse_trait, rules

Kind = Literal["heroe", "morador"]
PassiveType = Literal["talento", "encantamiento", "encantamiento_runico"]


class VoidRune(RulesModel):
    """The hero's personal 25th rune: one trait, one active power, one passive power, one skill."""

    trait: Trait | None = Field(
        title=N_("Rasgo (trait)"), description=N_("Its trait, F, M or E (empty only when the campaign allows it).")
    )
    active_power: str = Field(
        "", title=N_("Poder activo (active power)"), description=N_("The active power bound to it.")
    )
    passive_power: str = Field(
        "", title=N_("Poder pasivo (passive power)"), description=N_("The passive power bound to it.")
    )
    skill: str = Field("", title=N_("Habilidad (skill)"), description=N_("The skill bound to it."))

    @field_validator("trait", mode="before")
    @classmethod
    def _trait(cls, value: object) -> object:
        return None if value in (None, "", "none") else parse_trait(value)


class PassivePower(RulesModel):
    name: str = Field(min_length=1, title=N_("Nombre (name)"), description=N_("The power's name."))
    type: PassiveType = Field(
        "talento", title=N_("Tipo (kind)"), description=N_("Its kind: a talent, an enchantment or a Runic Enchantment.")
    )


class DivinePotency(RulesModel):
    bdp: int = Field(
        ge=0,
        le=MAX_LEVEL,
        title=N_("PDB (BDP)"),
        description=N_("Basic Divine Potency: automatic successes outside combat."),
    )
    origin: Literal["einherjar", "hijos_de_muspell", "morador_con_pd"] = Field(
        "einherjar",
        title=N_("Origen (origin)"),
        description=N_("Where the power comes from: einherjar, sons of Múspell, or a dweller with Divine Potency."),
    )


def _rune_id(name: str) -> str:
    try:
        return rules().rune(name).id
    except Exception:  # not a rune: shown as typed, and the rules say why
        return name


def _skill_id(name: str) -> str:
    wanted = name.strip().casefold()
    found = next((k for k in rules().skills.skill if wanted in (k.id, k.name.casefold(), k.name_en.casefold())), None)
    return found.id if found is not None else name.strip()


def _skill_name(skill_id: str) -> str:
    found = rules().skill(skill_id)
    return found.name if found is not None else skill_id


def _options(info: ValidationInfo) -> RagnarokOptions:
    given = (info.context or {}).get("options")
    return given if isinstance(given, RagnarokOptions) else RagnarokOptions()


def _uses_void(kind: str, uses_void_rune: bool | None, options: RagnarokOptions) -> bool:
    if uses_void_rune is not None:
        return uses_void_rune
    return options.uses_void_rune_hero if kind == "heroe" else options.uses_void_rune_dweller


class Character(CharacterModel):
    name: str = Field(title=N_("Nombre (name)"), description=N_("The character's name."))
    kind: Kind = Field("heroe", title=N_("Tipo (kind)"), description=N_("Héroe or morador (hero or dweller)."))
    essence: tuple[str, ...] = Field(
        max_length=MAX_BAG, title=N_("Esencia (Essence)"), description=N_("The runes of the Esencia, by name.")
    )
    destiny: int = Field(
        ge=0, le=MAX_DESTINY, title=N_("Destino (Destiny)"), description=N_("Destino: how many runes a wyrd draws.")
    )
    uses_void_rune: bool | None = Field(
        None,
        title=N_("Usa la Runa del Vacío (uses the Void rune)"),
        description=N_("Leave empty for the usual: heroes yes, dwellers no (a campaign option each)."),
    )
    void: VoidRune | None = Field(
        None,
        title=N_("Runa del Vacío (Void rune)"),
        description=N_("The Void rune: its trait, and the powers and skill bound to it."),
    )
    skills: dict[str, Annotated[int, Field(le=MAX_LEVEL)]] = Field(
        default_factory=dict,
        max_length=MAX_SKILLS,
        title=N_("Habilidades (skills)"),
        description=N_("Skill levels; a skill not listed is level 0."),
    )
    passive_powers: tuple[PassivePower, ...] = Field(
        (),
        max_length=MAX_HAND,
        title=N_("Poderes pasivos (passive powers)"),
        description=N_("The passive powers, each with its kind."),
    )
    active_powers: tuple[str, ...] = Field(
        (),
        max_length=MAX_HAND,
        title=N_("Poderes activos (active powers)"),
        description=N_("The active powers, by name."),
    )
    divine: DivinePotency | None = Field(
        None,
        title=N_("Potencia Divina (Divine Potency)"),
        description=N_("For immortals: Basic Divine Potency and origin."),
    )

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, value: object) -> object:
        return {"hero": "heroe", "héroe": "heroe", "dweller": "morador"}.get(str(value).casefold(), value)

    @field_validator("essence", mode="before")
    @classmethod
    def _runes(cls, value: object) -> object:
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, list | tuple):
            raise Invalid(N_("list the Esencia's runes by name"))
        ids = []
        for name in names:
            text = str(name).strip()
            if rules().runes.void_rune.id == text.casefold() or text.casefold() in ("void", "vacio", "vacío"):
                raise Invalid(N_("the Void rune is not an Esencia rune"))
            try:
                ids.append(rules().rune(text).id)
            except Exception:
                raise Invalid(N_("{text!r} is not one of the 24 runes"), text=text) from None
        return tuple(ids)

    @field_validator("essence")
    @classmethod
    def _one_set(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        # A field validator (not a model one) so that the error is shown next to the Esencia field.
        if not value:
            raise Invalid(N_("the Esencia needs at least one rune"))
        if info.data.get("kind", "heroe") == "heroe" and _options(info).hero_unique_runes:
            twice = sorted(rules().rune(r).name for r, n in Counter(value).items() if n > 1)
            if twice:
                raise Invalid(
                    N_("a hero holds each rune only once (one set of 24), twice: {twice}"), twice=", ".join(twice)
                )
        return value

    @field_validator("skills", mode="before")
    @classmethod
    def _skill_ids(cls, value: object) -> object:
        # A skill the rules data knows may be named as the book names it ("Abrir cerraduras", or in English):
        # it is kept by its id, so the sheet, its rolls and a later edit agree; others stay as typed.
        if not isinstance(value, dict):
            return value
        return {_skill_id(str(name)): level for name, level in value.items()}

    @field_validator("skills")
    @classmethod
    def _levels(cls, value: dict[str, int]) -> dict[str, int]:
        for skill, level in value.items():
            if level < 0:
                raise Invalid(N_("skill {skill!r} cannot have a negative level"), skill=skill)
        return value

    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise Invalid(N_("a character needs a name"))
        return value

    @field_validator("void")
    @classmethod
    def _void_rune(cls, value: VoidRune | None, info: ValidationInfo) -> VoidRune | None:
        options = _options(info)
        uses = info.data.get("uses_void_rune")
        if _uses_void(info.data.get("kind", "heroe"), uses, options):
            if value is None:
                raise Invalid(N_("this character uses a Void rune: give its trait"))
            if value.trait is None and options.void_trait_required:
                raise Invalid(N_("the Void rune needs a trait (F, M or E)"))
        elif value is not None and uses is False:
            raise Invalid(N_("a Void rune is given but uses_void_rune is false"))
        return value

    @model_validator(mode="after")
    def _void_given(self, info: ValidationInfo) -> Character:
        # A "void" left out entirely never reaches its field validator, so a missing one is caught here.
        if self.void is None and self.has_void(_options(info)):
            raise Invalid(N_("this character uses a Void rune: give its trait (void.trait)"))
        return self

    # -- derived values ------------------------------------------------------------------------------
    def has_void(self, options: RagnarokOptions) -> bool:
        return _uses_void(self.kind, self.uses_void_rune, options)

    def trait_counts(self) -> dict[Trait, int]:
        r = rules()
        counts = Counter(r.trait_of(r.rune(rune_id)) for rune_id in self.essence)
        return {t: counts.get(t, 0) for t in TRAITS}

    def skill_level(self, skills: list[str] | tuple[str, ...], combination: str = "max") -> int:
        levels = [self.skills.get(s, 0) for s in skills] or [0]
        return sum(levels) if combination == "sum" else max(levels)

    def sheet(self, words: Words, options: Any = None) -> Sheet:
        from runehall.systems.ragnarok import sheet  # the sheet reads the model: imported when drawn

        return sheet.build(self, words, options if isinstance(options, RagnarokOptions) else RagnarokOptions())

    @classmethod
    def choice_label(cls, field: str, value: str, words: Words) -> str | None:
        if field == "kind":
            from runehall.systems.ragnarok.sheet import KINDS

            return words(KINDS[value]) if value in KINDS else None
        if field == "essence":
            found = next((r for r in rules().runes.rune if r.id == value), None)
            return f"{found.glyph} {found.name}" if found is not None else None
        if field == "void.trait":
            from runehall.systems.ragnarok.speech import trait_name

            return f"{trait_name(words, value)} ({value})"
        if field == "passive_powers.type":
            from runehall.systems.ragnarok.sheet import PASSIVE_KINDS

            return words(PASSIVE_KINDS[value]) if value in PASSIVE_KINDS else None
        if field == "divine.origin":
            from runehall.systems.ragnarok.sheet import _origin

            origin = next((o for o in rules().divine.origin if o.id == value), None)
            return _origin(origin.name, origin.name_en, words) if origin is not None else None
        if field in ("skills", "skills.key", "void.skill"):
            from runehall.systems.ragnarok.speech import skill_name

            return skill_name(words, value)
        return None

    @classmethod
    def choices(cls, field: str, options: Any = None) -> Choices | None:
        """The Esencia is picked from the 24 runes, the eight of each trait together (a rune given by another of
        its names is picked as its id); the skills the rules data knows are offered by name, and any other may
        be typed (the excerpt does not hold the book's whole list)."""
        if field == "essence":
            by_trait = sorted(rules().runes.rune, key=lambda r: (r.trait != "fisico", r.trait != "mental", r.order))
            return Choices(tuple(r.id for r in by_trait), same=_rune_id)
        if field in ("skills", "void.skill"):  # typed by the book's name, kept by id (_skill_ids)
            return Choices(tuple(s.name for s in rules().skills.skill), open=True, same=_skill_name)
        return None

    def derived(self) -> dict[str, Any]:
        r = rules()
        counts = self.trait_counts()
        return {
            "esencia": len(self.essence),
            "traits": counts,
            "descriptors": {t: r.descriptor(t, n).en for t, n in counts.items()},
            "health": {route.id: len(self.essence) * route.hp_per_rune for route in r.wounds.route},
            "unconscious_after_damage": 2 * len(self.essence),
            "immortal": self.divine is not None,
        }
