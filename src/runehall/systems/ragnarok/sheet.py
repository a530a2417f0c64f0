"""Ragnarök's character sheet as people read it: the book's sections in its order, its Spanish terms first
with the English beside them for an English reader, and a roll on every line a player rolls.

A skill or a trait rolls as a skill test (`test`) with the character's bag (the Esencia), Destino, Void rune
trait, skill level and Divine Potency filled in; the base difficulty and the required trait are the norn's
call, so they are prefilled with Moderado and, for a skill, the trait the Esencia holds most of. Destino
rolls a plain wyrd of the bag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from runehall.present.sheet import Rollable, Sheet, SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.rules import TRAITS, Trait, rules
from runehall.systems.ragnarok.speech import _with_ours, own, term

if TYPE_CHECKING:
    from runehall.systems.ragnarok.character import Character

PREFILLED_DIFFICULTY = 3  # Moderado: the middle of the book's scale, for the norn to change
_TITLED = re.compile(r"^(.*) \(([^()]*)\)$")

KINDS = {"heroe": N_("Héroe (hero)"), "morador": N_("Morador (dweller)")}
PASSIVE_KINDS = {
    "talento": N_("Talento (talent)"),
    "encantamiento": N_("Encantamiento (enchantment)"),
    "encantamiento_runico": N_("Encantamiento Rúnico (Runic Enchantment)"),
}


def book(words: Words, msgid: str) -> tuple[str, str]:
    """A term as the book prints it, and the reader's word for it when that differs. `msgid` is either a
    title in the catalog's convention, "Destino (Destiny)", or a plain English word the catalog translates."""
    spanish = _with_ours("es", ())(msgid)
    if words.lang == "es":
        return spanish, ""
    titled = _TITLED.match(msgid)
    english = titled[2] if titled and titled[1] == spanish else msgid
    return spanish, "" if english == spanish else english


def _row(words: Words, msgid: str, value: str, **extra: Any) -> SheetRow:
    label, gloss = book(words, msgid)
    return SheetRow(label, value, gloss, **extra)


def _section(words: Words, msgid: str, rows: Iterable[SheetRow]) -> SheetSection:
    title, gloss = book(words, msgid)
    return SheetSection(title, tuple(rows), gloss)


def _plain(key: str) -> str:
    """A name a person typed as an id ("lanzar_hachas") read as words."""
    return key.replace("_", " ").strip().capitalize()


def _trait_msgid(code: Trait) -> str:
    return next(t.name_en for t in rules().traits.trait if t.code == code)


def strongest_trait(character: Character) -> Trait:
    counts = character.trait_counts()
    return max(TRAITS, key=lambda t: counts[t])  # the first of equals: the book's order F, M, E


def bag_of(character: Character) -> list[str]:
    """The Esencia as a bag, each rune by the name the book prints (what a player types in the bag field)."""
    return [rules().rune(rune).name for rune in character.essence]


def _side(character: Character, options: RagnarokOptions) -> dict[str, Any]:
    """What the character brings to any test: its bag, Destino, Void rune trait and Divine Potency."""
    side: dict[str, Any] = {"bag": bag_of(character), "destiny": character.destiny}
    if character.has_void(options) and character.void is not None and character.void.trait is not None:
        side["void_trait"] = character.void.trait
    if character.divine is not None and character.divine.bdp:
        side["divine_potency"] = character.divine.bdp
    return side


def test_of(character: Character, options: RagnarokOptions, trait: Trait, skill: str | None = None) -> Rollable:
    params = {**_side(character, options), "required_trait": trait, "difficulty": PREFILLED_DIFFICULTY}
    if skill is not None:
        params["skill_level"] = character.skills.get(skill, 0)
        if rules().skill(skill) is not None:
            params["skill"] = skill  # a skill the rules know brings its inherent modifier
    return Rollable("test", params)


def skill_label(words: Words, skill: str) -> tuple[str, str]:
    known = rules().skill(skill)
    return book(words, known.name_en) if known is not None else (_plain(skill), "")


def build(character: Character, words: Words, options: RagnarokOptions) -> Sheet:
    words = own(words)
    r = rules()
    counts = character.trait_counts()
    sections = [
        _section(
            words,
            N_("Personaje (character)"),
            [
                _row(words, N_("Nombre (name)"), character.name),
                _row(words, N_("Tipo (kind)"), words(KINDS[character.kind])),
            ],
        ),
        _section(
            words,
            N_("Esencia (Essence)"),
            [
                _row(words, N_("Runas (runes)"), words.join(words(r.rune(rune).name) for rune in character.essence)),
                _row(words, N_("Número de runas (rune count)"), words.number(len(character.essence))),
            ],
        ),
        _section(
            words,
            N_("Destino (Destiny)"),
            [
                _row(
                    words,
                    N_("Destino (Destiny)"),
                    words.number(character.destiny),
                    roll=Rollable("wyrd", {"bag": bag_of(character), "destiny": character.destiny}),
                )
            ],
        ),
    ]
    if character.has_void(options) and character.void is not None:
        sections.append(_section(words, N_("Runa del Vacío (Void rune)"), _void(character, words)))
    sections.append(_section(words, N_("Rasgos (traits)"), _traits(character, words, options, counts)))
    sections.append(_section(words, N_("Habilidades (skills)"), _skills(character, words, options)))
    powers = _powers(character, words)
    if powers:
        sections.append(_section(words, N_("Poderes (powers)"), powers))
    if character.divine is not None:
        origin = next(o for o in r.divine.origin if o.id == character.divine.origin)
        divine = [
            _row(words, N_("PDB (BDP)"), words.number(character.divine.bdp)),
            _row(words, N_("Origen (origin)"), _origin(origin.name, origin.name_en, words)),
        ]
        sections.append(_section(words, N_("Potencia Divina (Divine Potency)"), divine))
    sections.append(_section(words, N_("Heridas (wounds)"), _wounds(character, words)))
    return Sheet(character.name, tuple(sections), _warnings(character, words, options))


def _traits(character: Character, words: Words, options: RagnarokOptions, counts: dict[Trait, int]) -> list[SheetRow]:
    rows = []
    for t in TRAITS:
        descriptor = rules().descriptor(t, counts[t])
        described = descriptor.es if words.lang == "es" else descriptor.en
        value = words("{n}: {descriptor}", n=words.number(counts[t]), descriptor=described)
        rows.append(_row(words, _trait_msgid(t), value, roll=test_of(character, options, t)))
    return rows


def _void(character: Character, words: Words) -> list[SheetRow]:
    void = character.void
    assert void is not None
    trait = term(words, _trait_msgid(void.trait)) if void.trait is not None else words("none")
    rows = [_row(words, N_("Rasgo (trait)"), trait)]
    for msgid, value in (
        (N_("Poder activo (active power)"), void.active_power),
        (N_("Poder pasivo (passive power)"), void.passive_power),
    ):
        if value:
            rows.append(_row(words, msgid, value))
    if void.skill:
        name, english = skill_label(words, void.skill)
        rows.append(_row(words, N_("Habilidad (skill)"), f"{name} ({english})" if english else name))
    return rows


def _skills(character: Character, words: Words, options: RagnarokOptions) -> list[SheetRow]:
    rows = []
    trait = strongest_trait(character)
    for skill, level in character.skills.items():
        label, gloss = skill_label(words, skill)
        rows.append(SheetRow(label, words.number(level), gloss, roll=test_of(character, options, trait, skill)))
    if not rows:
        rows.append(_row(words, N_("Habilidades (skills)"), words("no skills yet")))
    return rows


def _origin(spanish: str, english: str, words: Words) -> str:
    return spanish if words.lang == "es" or spanish == english else f"{spanish} ({english})"


def _powers(character: Character, words: Words) -> list[SheetRow]:
    rows = [SheetRow(power.name, words(PASSIVE_KINDS[power.type])) for power in character.passive_powers]
    rows += [SheetRow(power, words(N_("Poder activo (active power)"))) for power in character.active_powers]
    return rows


def _wounds(character: Character, words: Words) -> list[SheetRow]:
    runes = len(character.essence)
    rows = [
        _row(
            words,
            route.name_en,
            words("{n} health points", n=words.number(runes * route.hp_per_rune)),
            emphasis="derived",
        )
        for route in rules().wounds.route
    ]
    rows.append(
        _row(
            words,
            N_("Inconsciente tras (unconscious after)"),
            words("{n} damage", n=words.number(2 * runes)),
            emphasis="derived",
        )
    )
    return rows


def _warnings(character: Character, words: Words, options: RagnarokOptions) -> tuple[str, ...]:
    found = []
    for skill, level in character.skills.items():
        if level > options.skill_level_warn_above:
            found.append(
                words(
                    "{skill} at level {level}: levels usually run 1 to {most}",
                    skill=skill_label(words, skill)[0],
                    level=words.number(level),
                    most=words.number(options.skill_level_warn_above),
                )
            )
    if character.destiny > len(character.essence):
        found.append(
            words(
                "Destino {destiny} is more than the {runes} runes of the Esencia: a wyrd cannot draw them all",
                destiny=words.number(character.destiny),
                runes=words.number(len(character.essence)),
            )
        )
    return tuple(found)
