"""What every Rune card shares: stress dice as chips, names from the rules data in the reader's language, the
words for health and for the situational modifiers the rules record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from runehall.present.card import Chip, ChipState, Mark, Row
from runehall.present.words import N_, Words
from runehall.systems.rune.rules import rules

PACKAGE = "runehall.systems.rune"

Kind = Literal["characteristic", "ability", "weapon", "armor", "shield"]

HEALTH: dict[str, str] = {
    "active": N_("on his feet"),
    "incapacitated": N_("incapacitated"),
    "dying": N_("dying"),
    "dead": N_("dead"),
    "gone": N_("out of the fight"),
}

# The labels the rules give a roll's modifiers, read aloud; a label not listed is shown with spaces for "_".
MODIFIERS: dict[str, str] = {
    "off hand": N_("off hand"),
    "high ground": N_("high ground"),
    "higher ground": N_("higher ground"),
    "mounted": N_("mounted"),
    "charging": N_("charging"),
    "jumping from a height": N_("jumping from a height"),
    "braced longshaft": N_("braced longshaft"),
    "grabber trap": N_("grabber trap"),
    "outnumbered": N_("outnumbered"),
    "withdrawing": N_("withdrawing"),
    "fallen": N_("fallen"),
    "across a barrier": N_("across a barrier"),
    "hold ground": N_("hold ground"),
    "duck and weave": N_("duck and weave"),
    "sparing the ally between": N_("sparing the ally between"),
    "runner": N_("runner"),
    "obscured": N_("obscured"),
    "target ducks and weaves": N_("target ducks and weaves"),
    "target flees": N_("target flees"),
    "target withdraws": N_("target withdraws"),
    "target moved": N_("target moved"),
    "target in a grabber trap": N_("target in a grabber trap"),
    "target dodges behind a shield": N_("target dodges behind a shield"),
    "during_combat": N_("during combat"),
    "inhuman_patient": N_("inhuman patient"),
    "undead_patient": N_("undead patient"),
    "careful strike": N_("careful strike"),
    "berserk": N_("berserk"),
    "darkness": N_("darkness"),
    "gloom": N_("gloom"),
    "fog": N_("fog"),
    "uneven ground": N_("uneven ground"),
    "slope": N_("slope"),
    "uphill": N_("uphill"),
    "downhill": N_("downhill"),
    "impairment": N_("impairment"),
    "third cover": N_("third cover"),
    "half cover": N_("half cover"),
    "full cover": N_("full cover"),
    "decoys near": N_("decoys near"),
    "entangled": N_("entangled"),
    "leaping Sark Amen": N_("leaping Sark Amen"),
    "weird magic": N_("weird magic"),  # the notes' effects on the rolls (combat/effects.py), when unnamed
    "shaman's brazier": N_("shaman's brazier"),
    "shaman's chant": N_("shaman's chant"),
    "obscurant": N_("obscurant"),
    "missile penalty": N_("missile penalty"),
    "trap": N_("trap"),
    "potion": N_("potion"),  # a potion's or charm's bonus in a fight (encounters/item_rolls.py)
    "charm": N_("charm"),
}


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def plain_text(text: str) -> str:
    """A label or id the rules wrote for a program, as words (no underscores reach a person)."""
    return text.replace("_", " ")


def modifier(label: str, words: Words) -> str:
    return words(MODIFIERS.get(label, plain_text(label)))


def modifiers_text(mods: Mapping[str, Any] | None, words: Words) -> str:
    """ "high ground +3, outnumbered -2" in the reader's words."""
    if not mods:
        return ""
    return words.join(f"{modifier(str(k), words)} {signed(int(v))}" for k, v in mods.items() if isinstance(v, int))


def data_name(kind: Kind, text: str | None, words: Words) -> str:
    """A weapon, Ability, Characteristic, armor or shield by its id or name, in the reader's language."""
    if not text:
        return ""
    found = rules().find(kind, text)
    if found is None:
        from runehall.systems.rune.foe_data import foe_weapon_name  # here: foe_data imports the combat package

        named = foe_weapon_name(text) if kind == "weapon" else None  # a foe's attack form by its id
        return words(named or plain_text(text))  # else a foe's own weapon, named by the runner
    if kind == "weapon":
        name = "Fist/Kick" if found == "fist_kick" else rules().weapon(found).name
    elif kind == "ability":
        name = rules().ability(found).name
    elif kind == "characteristic":
        name = rules().characteristic(found).name
    elif kind == "armor":
        name = rules().armor_row(found).name
    else:
        name = rules().shield(found).name
    return words(name)


def health(state: str | None, words: Words) -> str:
    return words(HEALTH.get(str(state), plain_text(str(state))))


# -- dice ---------------------------------------------------------------------------------------------------
def stress_chips(faces: Sequence[int], words: Words, who: str = "", quality: bool = False) -> list[Chip]:
    """One stress roll's d10s: a 10 rolls on (chained), a first 1 is a botch whose next die counts against."""
    botch = not quality and len(faces) > 1 and faces[0] == 1
    title = words("{who}'s d10", who=who) if who else "d10"
    chips = []
    for i, face in enumerate(faces):
        last = i == len(faces) - 1
        state: ChipState = "exploded" if not last and (face == 10 or (botch and i == 0)) else "kept"
        mark: Mark = "botch" if botch and i == 0 else ""
        chips.append(Chip(str(face), sides=10, state=state, mark=mark, title=title))
    return chips


def _rolls(node: Any, found: list[tuple[list[int], str, bool]], who: str = "") -> None:
    """Every roll recorded in a result (a dict with its faces), with whose it was."""
    if isinstance(node, Mapping):
        here = str(node.get("who") or node.get("side") or node.get("attacker") or who)
        faces = node.get("faces")
        if isinstance(faces, list) and faces and all(isinstance(f, int) for f in faces):
            found.append((list(faces), here, node.get("roll") == "quality"))
        for value in node.values():
            _rolls(value, found, here)
    elif isinstance(node, list):
        for value in node:
            _rolls(value, found, who)


def tape_chips(tape: Sequence[Sequence[Any]], result: Any, words: Words) -> tuple[Chip, ...]:
    """Every draw on the tape as a chip, in the tape's order; the rolls the result records give each die its
    owner and its botch or chain (a stored result's keys may come back in any order, so rolls are matched
    to the tape by their faces)."""
    rolls: list[tuple[list[int], str, bool]] = []
    _rolls(result, rolls)
    faces = [int(d[2] if len(d) > 2 else d[1]) for d in tape]
    chips: list[Chip] = []
    i = 0
    while i < len(faces):
        fits = [r for r in rolls if r[0] == faces[i : i + len(r[0])]]
        if fits:
            best = max(fits, key=lambda r: len(r[0]))
            rolls.remove(best)
            chips += stress_chips(best[0], words, best[1], best[2])
            i += len(best[0])
        else:
            sides = int(tape[i][0])
            chips.append(Chip(str(faces[i]), sides=sides, title=f"d{sides}"))
            i += 1
    return tuple(chips)


def roll_row(record: Mapping[str, Any], words: Words, label: str | None = None) -> Row:
    """A recorded roll as a row: "Ragnar's DFN" "5 + 5 (withdrawing +3) = 13"."""
    who = str(record.get("who", ""))
    what = label or roll_label(str(record.get("roll", "")), words)
    if str(record.get("roll", "")).startswith("none") and "total" in record:  # no roll: a Difficulty or none at all
        name = words("{who}'s defence", who=who) if who else words("Defence")
        return Row(name, words("{what}: {total}", what=what, total=words.number(int(record["total"]))))
    name = words("{who}'s {roll}", who=who, roll=what) if who else what
    parts = []
    if "result" in record:
        parts.append(words.number(int(record["result"])))
    score = record.get("score", record.get("bonus"))
    if isinstance(score, int):
        parts.append(signed(score))
    elif isinstance(score, Mapping):
        parts += [f"{signed(int(v))} ({data_words(str(k), words)})" for k, v in score.items()]
    value = " ".join(parts)
    mods = modifiers_text(record.get("modifiers"), words)
    if mods:
        value += f" ({mods})"
    if isinstance(record.get("impairment"), int) and record["impairment"]:
        value += " " + words("{n} impairment", n=signed(int(record["impairment"])))
    if "total" in record:
        value = (
            words("{sum} = {total}", sum=value, total=words.number(int(record["total"])))
            if value
            else str(record["total"])
        )
    if "difficulty" in record:
        value += " " + words("vs Difficulty {n}", n=words.number(int(record["difficulty"])))
    return Row(name, value)


ROLLS: dict[str, str] = {
    "ATK": N_("ATK"),
    "DFN": N_("DFN"),
    "Dodge": N_("Dodge"),
    "quality": N_("Healer roll"),
    "none (cannot defend)": N_("no defence (cannot defend)"),
    "DFN (static: score + 5)": N_("DFN (static: score + 5)"),
    "none (not dodging)": N_("no Dodge roll"),
}


def roll_label(roll: str, words: Words) -> str:
    return words(ROLLS.get(roll, plain_text(roll) or "roll"))


def data_words(text: str, words: Words) -> str:
    """A bonus's label as the rules wrote it ("Dex + Brawling", "Str"): each name in the reader's language."""
    parts = [p.strip() for p in text.split("+")]
    named = []
    for p in parts:
        found = rules().find("characteristic", p) or rules().find("ability", p)
        kind: Kind = "characteristic" if rules().find("characteristic", p) else "ability"
        named.append(data_name(kind, p, words) if found else words(plain_text(p)))
    return " + ".join(named)
