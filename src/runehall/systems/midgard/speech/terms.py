"""The game's words: people, data names, stones and dice faces, shared by the roll and action cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from functools import cache
from typing import Any

from runehall.present.card import Chip
from runehall.present.words import N_, Words
from runehall.systems.midgard.cast import CATEGORIES, face_category
from runehall.systems.midgard.rules import rules

NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("midgard_names", default=None)
"""The combatants' names (Tracker.combatants) while a card is made, when its caller gives them beside the
stored event (event["names"]); stored events keep ids only, so old ones read the same."""

GM_ID = "gm"  # the GM's own cast in combat (allocate.GM; not imported, to keep this module free of combat)

STONES = {  # the board's stones (Table 8) and the categories the faces fall in
    "merkstave": N_("Merkstave"),
    "blank": N_("blank"),
    "past": N_("Past"),
    "future": N_("Future"),
    "outcome": N_("Outcome"),
    "cast": N_("Cast Runes"),
    "cast_runes": N_("Cast Runes"),
}

DIFFICULTIES = {1: N_("Easy"), 2: N_("Average"), 3: N_("Tricky"), 4: N_("Difficult"), 6: N_("Legendary")}

GOALS = {  # where the spare tokens go (Rule SFG's goal)
    "margin": N_("Outcome, for margin"),
    "speed": N_("Future, for speed"),
    "succeed": N_("none: success only"),
    "past": N_("all on Past"),
}

# Actions a combatant declares that are not rows of the combat table (combat.toml names the rest).
MORE_ACTIONS = {
    "skill": N_("Skill"),
    "short_action": N_("Short action"),
    "gift": N_("Gift"),
    "share_evaluation": N_("Share Evaluation"),
    "rejoice": N_("Rejoice"),
    "move": N_("Move"),
    "continue": N_("Continue"),
}


def plain(key: str) -> str:
    """An id people can still read when the data has no name for it (never with underscores)."""
    text = key.replace("_", " ").replace(":", " ").strip()
    return text[:1].upper() + text[1:] if text else text


def person(key: Any, words: Words, names: Mapping[str, str] | None = None) -> str:
    """A combatant by id: the name the event carries, else the id as a name; the GM's cast is the GM's."""
    text = str(key)
    if text == GM_ID:
        return words("the GM")
    known = names or NAMES.get() or {}
    if text in known:
        return str(known[text])
    return plain(text)


def people(keys: Iterable[Any], words: Words, names: Mapping[str, str] | None = None) -> str:
    return words.join(person(k, words, names) for k in keys)


@cache
def _named() -> dict[str, dict[str, str]]:
    r = rules()
    return {
        "rune": {k: g.name for g in r.god_runes.rune for k in (g.id, g.code, g.code.lower(), g.name.lower())},
        "gift_rune": {g.id: g.name for g in r.gifts.gift_rune},
        "action": {a.id: a.name.split(" (")[0] for a in r.combat.action},
    }


def _lookup(kind: str, key: str) -> str | None:
    r = rules()
    found: Any = None
    if kind == "skill":
        found = r.skill(key)
    elif kind == "gift":
        found = r.gift(key.split(":")[0])
    elif kind == "item":
        found = r.weapon(key.rsplit("_", 1)[0] if key[-1:].isdigit() else key) or r.armour_type(key)
    elif kind == "location":
        found = r.location(key)
    else:
        name = _named().get(kind, {}).get(key) or _named().get(kind, {}).get(key.lower())
        return name
    return None if found is None else str(found.name)


def named(kind: str, key: Any, words: Words) -> str:
    """A data name (kind: skill, gift, item, location, rune, gift_rune, action) in the reader's language."""
    text = str(key)
    if kind == "action" and text in MORE_ACTIONS:
        return words(MORE_ACTIONS[text])
    name = _lookup(kind, text)
    return words(name) if name is not None else plain(text)


def data_names() -> dict[str, list[str]]:
    """Every name from the data files a card can show, by kind (the catalog must have each in Spanish)."""
    r = rules()
    return {
        "skill": [s.name for s in r.skills.skill],
        "gift": [g.name for rune in r.gifts.gift_rune for g in rune.gift],
        "gift_rune": [g.name for g in r.gifts.gift_rune],
        "rune": [g.name for g in r.god_runes.rune],
        "item": [w.name for w in r.weapons.weapon] + [w.name for w in r.weapons.ranged]
        + [t.name for t in r.armour.armour_type],
        "location": [loc.name for loc in r.armour.location],
        "action": sorted(set(_named()["action"].values())),
    }


def difficulty(value: int, words: Words) -> str:
    name = DIFFICULTIES.get(value)
    number = words.number(value)
    return words("{number} ({name})", number=number, name=words(name)) if name else number


def chips(faces: Sequence[int], words: Words, face_2: str = "blank", rerolled: Iterable[int] = ()) -> tuple[Chip, ...]:
    """The d8 as chips: each face with the stone it falls on as its hover text and colour role; a 2 rolled
    again (option face_2) first, struck as rerolled."""
    out = [Chip("2", sides=8, state="rerolled", title=words("rolled again"), role="stone-blank") for _ in rerolled]
    for face in faces:
        category = CATEGORIES[face_category(int(face), face_2)]
        out.append(Chip(str(face), sides=8, title=words(STONES[category]), role=f"stone-{category}"))
    return tuple(out)


def split_tape(tape: Sequence[Sequence[Any]], kept: Sequence[int]) -> tuple[list[int], list[int]]:
    """The d8 draws of a tape (labelled choices left out) split into the faces kept, in `kept`'s order,
    and the ones rolled again (a 2 under option face_2 reroll)."""
    d8 = [int(d[1]) for d in tape if len(d) == 2 and int(d[0]) == 8]
    left = Counter(int(f) for f in kept)
    again = []
    for value in d8:
        if left[value] > 0:
            left[value] -= 1
        else:
            again.append(value)
    return list(kept) if kept else d8, again


def tokens(placed: Mapping[str, Any], words: Words) -> str:
    """The stones as they lie: "Past 1, Outcome 1, 2 free"."""
    parts = [f"{words(STONES[k])} {words.number(int(v))}" for k, v in placed.items() if k in STONES and v]
    if placed.get("free"):
        parts.append(words.n("{n} free token", "{n} free tokens", int(placed["free"])))
    return ", ".join(parts) if parts else words("no tokens")
