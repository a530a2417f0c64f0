"""The Midgard sheet as a form: what each list and table may hold, and how each choice reads.

The book's sheet lists every skill and every god rune with its rank, so the form does too (one stepper
each); legend skills and weapons are chosen from the data by name; a gift may carry the choice made when it
was bought after a colon, so gifts are typed with the data's gifts offered.
"""

from __future__ import annotations

from typing import Any

from runehall.present.fields import Choices
from runehall.present.words import Words
from runehall.systems.midgard.rules import rules
from runehall.systems.midgard.speech.terms import named

KINDS = {  # a field's path -> the kind of data name its choices are (speech.terms.named)
    "legend_skills": "skill",
    "skills": "skill",
    "rune_points": "rune",
    "gifts": "gift",
    "weapons": "item",
    "armour": "location",
    "armour.value": "item",
}


def choices(field: str, options: Any = None) -> Choices | None:
    r = rules()
    if field in ("legend_skills", "skills"):  # sheets name skills by their names ("Axes")
        listed = tuple(s.name for s in r.skills.skill)
        return Choices(listed, every=field == "skills", rows=True, same=_skill, group=_skill_rune)
    if field == "rune_points":
        return Choices(tuple(g.code for g in r.god_runes.rune), every=True)
    if field == "gifts":  # a gift whose choice is made when bought is offered once per choice ("id:thor")
        return Choices(tuple(_gift_choices()), rows=True, same=_gift_id)
    if field == "weapons":
        ids = [w.id for w in r.weapons.weapon] + [w.id for w in r.weapons.ranged]
        return Choices(tuple(ids), rows=True)
    if field == "armour":
        return Choices(tuple(loc.id for loc in r.armour.location), every=True)
    if field == "armour.value":
        return Choices(tuple(t.id for t in r.armour.armour_type))
    return None


def _gift_choices() -> list[str]:
    found = []
    for rune in rules().gifts.gift_rune:
        for gift in rune.gift:
            chosen = gift.purchase_choice.rune if gift.purchase_choice else ()
            found.extend([f"{gift.id}:{c}" for c in chosen] or [gift.id])
    return found


def _gift_id(text: str) -> str:
    name, colon, choice = text.partition(":")
    gift = rules().gift(name.strip())
    if gift is None:
        return text
    return f"{gift.id}:{choice.strip().casefold()}" if colon else gift.id


def _skill_rune(name: str, words: Words) -> str:
    """The god rune a skill is listed under on the sheet."""
    found = rules().skill(name)
    return named("rune", found.rune, words) if found is not None else ""


def _skill(name: str) -> str:
    found = rules().skill(name)
    return found.name if found is not None else name


def choice_label(field: str, value: str, words: Words) -> str | None:
    if field == "gifts" and ":" in value:
        gift, _, chosen = value.partition(":")
        return f"{named('gift', gift, words)} ({named('rune', chosen, words)})"
    if field in KINDS and value:
        return named(KINDS[field], value, words)
    if field in ("gender", "birthright", "legend"):
        return _chosen(field, value, words)
    return None


def _chosen(field: str, value: str, words: Words) -> str | None:
    r = rules()
    found: Any
    if field == "gender":
        found = next((p for p in r.character.gender_package if p.id == value), None)
        return words(value.capitalize()) if found is not None else None
    if field == "birthright":
        found = next((b for b in r.character.birthright if b.id == value), None)
    else:
        found = r.legend(value)
    name = getattr(found, "name", None)
    return words(str(name)) if name else None
