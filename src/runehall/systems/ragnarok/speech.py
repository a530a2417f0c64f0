"""Ragnarök's words for cards: game terms as the book prints them, runes as chips, stored ids as names.

The book is Spanish, so its terms (Mano, Consunción, Éxito parcial...) are what both readers see; an
English reader gets the English beside them ("Mano (Hand)"). Every data name passes through the system's
catalog (tests/test_ragnarok_words.py checks that each one the data holds has its Spanish there).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from runehall.errors import ParameterError
from runehall.present.card import Card, Chip
from runehall.present.words import N_, Words
from runehall.systems.data import read_data_file
from runehall.systems.ragnarok.resolution import TIER_CODE
from runehall.systems.ragnarok.rules import PACKAGE, TRAITS, RuneDef, rules

VOID_MARK = "◇"  # the Void rune has no glyph of its own
VOID_ID = "vacio"
_COMPOSITE = re.compile(r"^c\d+$")
_HAND_COMPOSITE = re.compile(r"^(c\d+)\[([FME])\]\((.*)\)$")


@cache
def data(name: str) -> Any:
    """A rules file as read (the records rules.py does not model: statuses, phases, metamarks)."""
    return read_data_file(PACKAGE, name)


@cache
def _with_ours(lang: str, packages: tuple[str, ...]) -> Words:
    return Words(lang, (PACKAGE, *packages))


def own(words: Words) -> Words:
    """The reader's words with this system's catalog first, whoever made them (the API labels odds with the
    shared English words alone)."""
    return words if PACKAGE in words.packages else _with_ours(words.lang, words.packages)


MANGLED = (KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What reading a stored event that is not what the rules wrote raises (an edited import): its card then
says only what was done, never a traceback or a value."""


def said(describe: Callable[[Mapping[str, Any], Words, str], Card], title: str) -> Callable[..., Card]:
    """`describe` made safe for a stored event someone edited: the move's name alone if it cannot be read."""

    def safe(stored: Mapping[str, Any], words: Words, who: str) -> Card:
        words = own(words)
        try:
            return describe(stored, words, who)
        except MANGLED:
            return Card(words("{who}: {move}", who=who, move=words(title)), "")

    return safe


def term(words: Words, english: str) -> str:
    """A game word in the book's Spanish, with the English beside it for an English reader."""
    spanish = _with_ours("es", ())(english)
    if words.lang == "es" or spanish == english:
        return spanish
    return f"{spanish} ({english})"


def trait_name(words: Words, code: str) -> str:
    found = next((t for t in rules().traits.trait if t.code == code), None)
    return words(found.name_en) if found is not None else code  # a word of the rules, not a book term


def pile_name(words: Words, pile: str) -> str:
    found = next((p for p in rules().wounds.pile if p.id == pile), None)
    return term(words, found.name_en) if found is not None else pile


def status_name(words: Words, status: str) -> str:
    found = next((s for s in data("wounds.toml")["status"] if s["id"] == status), None)
    return term(words, str(found["name_en"])) if found is not None else status


def tier_name(words: Words, tier: str) -> str:
    code = TIER_CODE.get(tier, "FAILURE")  # type: ignore[call-overload]
    return term(words, rules().tier(code).name_en)


def level_name(words: Words, difficulty: int) -> str:
    """A base difficulty as the book's scale names it: "Difícil (Hard), 4"; above 5, an epic feat."""
    level = next((lv for lv in rules().difficulty.level if lv.value == difficulty), None)
    if level is None:
        return words("epic feat, {n}", n=words.number(difficulty))
    return words("{level}, {n}", level=term(words, level.name_en), n=words.number(difficulty))


def skill_name(words: Words, skill: str) -> str:
    found = rules().skill(skill)
    return term(words, found.name_en) if found is not None else skill


def choice_label(_owner: object, field: str, value: str, words: Words) -> str | None:
    """A select's choice on a Ragnarök form (the contract's choice_label): a trait by its name and letter, a
    pile or a route by the book's word; None leaves the rest to the shared words."""
    words = own(words)
    if value.startswith("U+") and len(value) == 6:  # a glyph's code point (option yngr_glyph): the glyph itself
        return f"{chr(int(value[2:], 16))} ({value})"
    if any(t.code == value for t in rules().traits.trait):
        return f"{trait_name(words, value)} ({value})"
    if any(p.id == value for p in rules().wounds.pile):
        return pile_name(words, value)
    if any(r.id == value for r in rules().wounds.route):
        return route_name(words, value)
    if field == "route" and value == "":
        return words(N_("the table's own (its options)"))
    return None


def route_name(words: Words, route: str) -> str:
    found = next((r for r in rules().wounds.route if r.id == route), None)
    return words(found.name_en) if found is not None else route


def phase_name(words: Words, phase: str) -> str:
    found = next((p for p in data("combat.toml")["phase"] if p["id"] == phase), None)
    return term(words, str(found["name_en"])) if found is not None else phase


def metamark_name(words: Words, mark: str) -> str:
    found = next((m for m in data("powers.toml")["metamark"] if m["id"] == mark), None)
    return term(words, str(found["name_en"])) if found is not None else mark


def hours(words: Words, value: float) -> str:
    return words("{n} h", n=words.number(Fraction(value).limit_denominator(1000)))


def _rune(uid: str) -> tuple[RuneDef | None, str]:
    """The rune of a token id ("tyr", or "tyr.2" for a dweller's second Týr) and its copy number."""
    base, _, copy = uid.partition(".")
    try:
        return rules().rune(base), copy
    except ParameterError:
        return None, ""


def unit_name(words: Words, uid: str) -> str:
    """A rune, the Void rune, a rune known only by its trait, or a composite, by the id the tree stores."""
    if uid == VOID_ID:
        return term(words, rules().runes.void_rune.name_en)
    if uid in TRAITS:
        return words("a {trait} rune", trait=trait_name(words, uid))
    if _COMPOSITE.match(uid):
        return words("composite {id}", id=uid)
    rune, copy = _rune(uid)
    if rune is None:
        return uid
    return words(rune.name) + (f" {copy}" if copy else "")


def units(words: Words, uids: Iterable[str]) -> str:
    """Units named once each, with how many times when one comes back ("Týr ×2, Bjarkan")."""
    counted = Counter(uids)
    return words.join(unit_name(words, u) + (f" ×{words.number(n)}" if n > 1 else "") for u, n in counted.items())


def hand_name(words: Words, label: str) -> str:
    """A name the tree's test stored for a unit in Mano: a rune's printed name, "Vacío", or a composite
    written "c1[F](Týr + Bjarkan)"."""
    if label == "Vacío":
        return unit_name(words, VOID_ID)
    found = _HAND_COMPOSITE.match(label)
    if found:
        return words(
            "composite {id} ({trait}: {sources})", id=found[1], trait=trait_name(words, found[2]), sources=found[3]
        )
    return unit_name(words, label)


def rune_chip(words: Words, label: str, yngr: str = "U+16DC") -> Chip:
    """One rune drawn, as a chip: its glyph, its trait's colour, its name, meaning and trait on hover.
    `yngr` is the table's choice of glyph for Yngr (option yngr_glyph), which the book prints two ways."""
    if label in TRAITS:
        return Chip(label, kind="rune", role=f"trait-{label}", title=unit_name(words, label))
    if label == VOID_ID:
        return void_chip(words, None)
    rune, _ = _rune(label)
    if rune is None:
        return Chip(label, kind="rune")
    code = rules().trait_of(rune)
    title = words(
        "{rune} ({meaning}), trait {trait}",
        rune=unit_name(words, label),
        meaning=words(rune.meaning),
        trait=trait_name(words, code),
    )
    glyph = chr(int(yngr[2:], 16)) if rune.slug == "yngr" and yngr.startswith("U+") else rune.glyph
    return Chip(glyph, kind="rune", role=f"trait-{code}", title=title)


def hand_chip(words: Words, label: str) -> Chip:
    """A chip for a unit the tree's test named in Mano (a rune by its printed name, the Void, a composite)."""
    found = _HAND_COMPOSITE.match(label)
    if found:
        return Chip(found[2], kind="rune", role=f"trait-{found[2]}", title=hand_name(words, label))
    if label == "Vacío":
        return void_chip(words, None)
    return rune_chip(words, label)


def void_chip(words: Words, trait: str | None) -> Chip:
    name = unit_name(words, VOID_ID)
    if trait is None:
        return Chip(VOID_MARK, kind="rune", title=name)
    title = words("{rune}, trait {trait}", rune=name, trait=trait_name(words, trait))
    return Chip(VOID_MARK, kind="rune", role=f"trait-{trait}", title=title)


def trait_counts(words: Words, counts: Sequence[int]) -> str:
    """How many runes of each trait: "2 Físico (Physical), 1 Mental and 0 Espiritual (Spiritual)"."""
    return words.join(f"{words.number(n)} {trait_name(words, t)}" for t, n in zip(TRAITS, counts, strict=True))
