"""Pieces of combat sentences shared by the action cards: a cast's result, a hit and what it did.

Some results carry a line of English made for the terminal (an item's damage, a gift's placed tokens);
the pieces read the numbers back out of those where they can and leave the rest out of the card."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from runehall.present.card import Chip, Row
from runehall.present.words import N_, Words
from runehall.systems.midgard.speech.terms import STONES, chips, named, people, person, split_tape

ITEM_DAMAGE = re.compile(r"^(?P<who>\S+)'s (?P<item>\S+) takes (?P<amount>no|\d+) damage(?P<broken>, broken)?")
PLACED = re.compile(r"^(?P<n>\d+) on (?P<who>\S+)'s (?P<stone>\w+) stone")
NOTES = {  # a declaration's notes, as flow.py and declare_gifts.py write them
    "released: the pinner did something else": N_("released: the pinner does something else"),
    "leaves the Way of Peace": N_("leaves the Way of Peace"),
}


def cast_line(r: Mapping[str, Any], words: Words) -> str:
    """A finished cast: "success, Past 3, margin 1, speed 4" (the Past reached, then what was spare)."""
    parts = []
    if r.get("success") is True:
        parts.append(words("success"))
    elif r.get("success") is False:
        parts.append(words("failure"))
    if r.get("past") is not None:
        parts.append(words("Past {n}", n=words.number(r["past"])))
    if r.get("success") and r.get("margin") is not None:
        parts.append(words("margin {margin}", margin=words.number(r["margin"])))
    if r.get("speed") is not None:
        parts.append(words("speed {speed}", speed=words.number(r["speed"])))
    if r.get("merkstave_left"):
        parts.append(words.n("{n} Merkstave left", "{n} Merkstave left", int(r["merkstave_left"])))
    return ", ".join(parts)


def dice(event: Mapping[str, Any], words: Words, faces: Any = None) -> tuple[Chip, ...]:
    """The d8 of an event's tape as chips (faces rolled again under option face_2 struck)."""
    kept, again = split_tape(event.get("tape") or (), list(faces or ()))
    return chips(kept, words, "reroll" if again else "blank", again)


def item_damage(text: Any, words: Words) -> str | None:
    found = ITEM_DAMAGE.match(str(text)) if isinstance(text, str) else None
    if found is None:
        return None
    owner, item = person(found["who"], words), named("item", found["item"], words)
    if found["amount"] == "no":
        return words("{owner}'s {item} takes no damage", owner=owner, item=item)
    said = words("{owner}'s {item} takes {n} damage", owner=owner, item=item, n=words.number(int(found["amount"])))
    return said + (", " + words("broken") if found["broken"] else "")


def placed(text: Any, words: Words) -> str | None:
    found = PLACED.match(str(text)) if isinstance(text, str) else None
    if found is None:
        return None
    return words.n(
        "{n} token on {who}'s {stone} stone at the next cast",
        "{n} tokens on {who}'s {stone} stone at the next cast",
        int(found["n"]),
        who=person(found["who"], words),
        stone=words(STONES.get(found["stone"], "Cast Runes")),
    )


def wounds(r: Mapping[str, Any], words: Words) -> list[str]:
    parts = []
    where = named("location", r["location"], words).lower() if r.get("location") else None
    if r.get("damage") is not None:
        damage = words("{n} damage", n=words.number(r["damage"]))
        parts.append(damage + " " + words("to the {location}", location=where) if where else damage)
    elif where:
        parts.append(words("to the {location}", location=where))
    if r.get("wounds") is not None:
        total = r.get("total_wounds")
        said = words.n("{n} wound", "{n} wounds", int(r["wounds"]))
        if total is not None:
            said += " " + words("({n} in all)", n=words.number(total))
        parts.append(said)
    return parts


def hit(r: Mapping[str, Any], words: Words) -> tuple[str, list[Row]]:
    """What a blow did, in words, and the numbers as rows."""
    parts: list[str] = []
    rows: list[Row] = []
    if r.get("hit") is False:
        stopped = r.get("stopped_by")
        parts.append(words("stopped by a {defence}", defence=named("action", stopped, words).lower())
                     if stopped else words("miss"))
    elif r.get("hit"):
        parts.append(words("hit"))
        if r.get("margin") is not None:
            rows.append(Row(words("Margin"), words.number(r["margin"])))
    if r.get("answer"):
        parts.append(words("waiting: take the hit or switch to a defence"))
    parts += wounds(r, words)
    if r.get("armour_pool") is not None:
        rows.append(Row(words("Armour left"), words.number(r["armour_pool"])))
    if r.get("pinned"):
        parts.append(words("pinned"))
    if r.get("pushed"):
        parts.append(words("knocks {who} back {feet} ft", who=people(r["pushed"], words), feet=words.number(r["feet"])))
    elif r.get("feet"):
        parts.append(words("knocked back {feet} ft", feet=words.number(r["feet"])))
    if r.get("prone"):
        parts.append(words("knocked prone"))
    if r.get("slain") is not None:
        parts.append(words.n("{n} warrior slain", "{n} warriors slain", int(r["slain"])))
        rows.append(Row(words("Warriors left"), words.number(r.get("left", 0))))
    if isinstance(r.get("item_damage"), int) and r.get("item"):
        parts.append(words("the {item} takes {n} damage", item=named("item", r["item"], words),
                           n=words.number(r["item_damage"])))
    said = item_damage(r.get("item_damage") or r.get("line"), words)
    if said:
        parts.append(said)
    power = r.get("rune_of_power")
    if isinstance(power, Mapping):
        more = wounds(power, words)
        if power.get("skill_merkstave"):
            more.append(words("{n} Merkstave on {skill}", n=words.number(power["skill_merkstave"]),
                              skill=named("skill", power.get("skill", ""), words)))
        parts.append(words("Rune of Power: {more}", more=", ".join(more)))
    if isinstance(r.get("thorn_bush"), Mapping):
        parts.append(words("The Thorn Bush Defence: {more}", more=", ".join(wounds(r["thorn_bush"], words))))
    if r.get("taken_out"):
        parts.append(words("taken out"))
    return ", ".join(parts), rows


def gifts_used(r: Mapping[str, Any], words: Words) -> str:
    names = [named("gift", g, words) for g in r.get("gifts") or () if isinstance(g, str)]
    return words("gifts: {names}", names=words.join(names)) if names else ""
