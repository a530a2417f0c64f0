"""The parts of a combat event that many actions share, in words: an attack (with its free attacks,
ripostes and counters), an injury, a fatigue roll, a damaging place, a net."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import data_name, health, modifiers_text, plain_text, roll_row, signed
from runehall.systems.rune.speech.flight_cards import comeuppance_rows
from runehall.systems.rune.speech.gallery import injury_note, sequel_rows
from runehall.systems.rune.speech.hoder_cards import hoder_rows
from runehall.systems.rune.speech.legendary_cards import glory_rows

KINDS: dict[str, str] = {
    "attack": N_("{attacker} attacks {target} with the {weapon}"),
    "hold": N_("{attacker} tries to hold {target}"),
    "pin": N_("{attacker} tries to pin {target}"),
    "net": N_("{attacker} casts the {weapon} over {target}"),
    "riposte": N_("{attacker} ripostes against {target} with the {weapon}"),
    "counter": N_("{attacker} strikes back at {target} with the {weapon}"),
    "pop-up fire": N_("{attacker} takes an opportunistic shot at {target} with the {weapon}"),
    "shot at a fleeing target": N_("{attacker} shoots at the fleeing {target} with the {weapon}"),
    "free attack (pass)": N_("{attacker} strikes {target} passing by, with the {weapon}"),
    "free attack (disengage)": N_("{attacker} strikes {target} disengaging, with the {weapon}"),
    "free attack (flee)": N_("{attacker} strikes the fleeing {target} with the {weapon}"),
    "free attack (reckless)": N_("{attacker} strikes {target} rushing past, with the {weapon}"),
    "free attack (intercept)": N_("{attacker} runs to cut {target} off and strikes with the {weapon}"),
    "berserk counter": N_("{attacker} strikes back at the berserk {target} with the {weapon}"),
    "free attack (careful strike)": N_("{attacker} makes a careful strike at {target} with the {weapon}"),
    "bite": N_("{attacker} bites {target}"),
    "grab": N_("{attacker} reaches for {target} with a tentacle"),
    "commanded by the trumpet": N_("{attacker}, commanded by the trumpet, strikes his ally {target} with the {weapon}"),
    "impaled": N_("{attacker}'s {weapon} strikes {target}"),  # Many-Impaling Spear (spear_cards.py)
}
OTHER_KIND = N_("{attacker} strikes {target} with the {weapon} ({kind})")


def paces(shown: str, words: Words) -> str:
    """A distance the rules show as text ("7", "7.5")."""
    return words.n("{p} pace", "{p} paces", 1 if shown == "1" else 2, p=shown)


def injury(record: Mapping[str, Any], words: Words) -> str:
    """ "the Goblin loses 8 HP (42 left), 1 wound (incapacitated)"."""
    who = record.get("who", "")
    if not record.get("hp_lost") or "hp" not in record:
        return words("{who} takes no harm", who=who)
    lost, left = words.number(int(record["hp_lost"])), words.number(int(record["hp"]))
    text = words("{who} loses {hp} HP ({left} left)", who=who, hp=lost, left=left)
    if record.get("wounds_added"):
        text += ", " + words.n("{n} wound more", "{n} wounds more", int(record["wounds_added"]))
    if record.get("health") and record["health"] != "active":
        text += " — " + health(str(record["health"]), words)
    note = injury_note(record, words)
    return f"{text}: {note}" if note else text


def blow(record: Mapping[str, Any] | str, words: Words) -> tuple[str, list[Row]]:
    """One attack record: the sentence ("Ragnar attacks the Goblin with the Viking Axe: ATK 12 vs DFN 10, hit by 2,
    9 damage: the Goblin loses 8 HP") and its rows (each roll, then what followed it)."""
    if isinstance(record, str):  # the attack never happened ("none: he fell on the way")
        return words("no attack: he fell on the way"), []
    kind = str(record.get("kind", "attack"))
    weapon = data_name("weapon", str(record.get("weapon", "")), words)
    template = KINDS.get(kind)
    who = {"attacker": record.get("attacker", ""), "target": record.get("target", ""), "weapon": weapon}
    head = words(template, **who) if template else words(OTHER_KIND, kind=words(plain_text(kind)), **who)
    rows: list[Row] = []
    atk, dfn = record.get("atk"), record.get("dfn")
    if isinstance(atk, Mapping):
        rows.append(roll_row(atk, words))
    if isinstance(dfn, Mapping):
        rows.append(roll_row(dfn, words))
    score = ""
    if isinstance(atk, Mapping) and isinstance(dfn, Mapping):
        score = words(
            "ATK {atk} vs {defence} {dfn}",
            atk=words.number(int(atk["total"])),
            defence=_defence_word(str(dfn.get("roll", "")), words),
            dfn=words.number(int(dfn["total"])),
        )
    if record.get("berserk"):
        head += words(", berserk")
    outcome = _hit(record, words) if record.get("hit") else words("miss")
    parts = [p for p in (score, outcome) if p]
    text = words("{what}: {how}", what=head, how=", ".join(parts))
    text += _after(record, rows, words)
    return text, rows


def _defence_word(roll: str, words: Words) -> str:
    if roll == "Dodge":
        return words("Dodge")
    return words("Difficulty") if roll == "none (not dodging)" else words("DFN")


def _hit(record: Mapping[str, Any], words: Words) -> str:
    margin = words("hit by {n}", n=words.number(int(record.get("tm", 0))))
    restrain = record.get("restrain")
    if isinstance(restrain, Mapping):
        held = words("held") if restrain.get("restrained") else words("breaks loose at once")
        return f"{margin}, {held}"
    if "raw" in record:
        margin += ", " + words(
            "{n} damage against Soak {soak}",
            n=words.number(int(record["raw"])),
            soak=words.number(int(record.get("soak", 0))),
        )
    return margin


def _after(record: Mapping[str, Any], rows: list[Row], words: Words) -> str:
    text = ""
    if isinstance(record.get("injury"), Mapping):
        text += "; " + injury(record["injury"], words)
    rows += glory_rows(record, words)  # an Axe of Glory's hit (legendary_cards.py)
    if {"thwart", "absorb", "spit", "maw", "blunt", "sparks"} & set(record):  # legendary items struck (legendary_cards)
        from runehall.systems.rune.speech.legendary_cards import (
            absorb_rows,
            blunt_rows,
            maw_rows,
            sparks_rows,
            spit_rows,
            thwart_rows,
        )

        rows += maw_rows(record, words) + thwart_rows(record, words) + absorb_rows(record, words)
        rows += spit_rows(record, words) + blunt_rows(record, words) + sparks_rows(record, words)
    restrain = record.get("restrain")
    if isinstance(restrain, Mapping):
        against = {**restrain, "difficulty": restrain.get("against", 0), "who": ""}
        rows.append(roll_row(against, words, words("Restraint roll")))
        if restrain.get("restrained"):
            rows.append(
                Row(
                    words("To break free"),
                    words("Difficulty {n}", n=words.number(int(restrain.get("escape_difficulty", 0)))),
                )
            )
    for key in ("counter",):
        if isinstance(record.get(key), Mapping):
            said, more = blow(record[key], words)
            rows.append(Row(words("Counter"), said))
            rows += more
    ripostes = record.get("ripostes")
    if isinstance(ripostes, list):
        for r in ripostes:
            if isinstance(r, Mapping):
                said, more = blow(r, words)
                rows.append(Row(words("Riposte"), said))
                rows += more
    for key, label in (("restrainer_hit", N_("The restrainer is hit")), ("ally_hit", N_("The ally between is hit"))):
        hit = record.get(key)
        if isinstance(hit, Mapping) and isinstance(hit.get("injury"), Mapping):
            rows.append(Row(words(label), injury(hit["injury"], words)))
    stray = record.get("stray")
    if isinstance(stray, Mapping) and isinstance(stray.get("injury"), Mapping):
        rows += hoder_rows(stray, words)  # The Remorse of Hoder turned it, or tried (hoder_cards.py)
        rows.append(Row(words("A stray missile"), injury(stray["injury"], words)))
    if "impaled" in record:  # Many-Impaling Spear's onward swings (spear_cards.py)
        from runehall.systems.rune.speech.spear_cards import impaled_rows

        rows += impaled_rows(record, words)
    rows += _sequels(record, words) + sequel_rows(record, words)
    if "drunk" in record:  # the Viking Broad Sword's healing (rune_cards.py)
        from runehall.systems.rune.speech.rune_cards import drunk_row

        rows += drunk_row(record, words)
    if "ammo_left" in record:
        rows.append(Row(words("Ammunition left"), words.number(int(record["ammo_left"]))))
    return text


def consequences(result: Mapping[str, Any], words: Words) -> list[Row]:
    """What else an action brought about: free attacks on the way, a fatigue roll, damaging places, a net."""
    rows: list[Row] = []
    moved = result.get("moved") or result.get("landed")
    if isinstance(moved, Mapping) and "paces" in moved:
        rows.append(Row(words("Moves"), paces(str(moved["paces"]), words)))
    rows += comeuppance_rows(result, words)  # the Engagement rolls a fleer's gift asks first (flight_cards.py)
    for strike in result.get("free_attacks", ()) or ():
        said, more = blow(strike, words)
        rows.append(Row(words("Free attack"), said))
        rows += more
    fatigue = result.get("fatigue")
    if isinstance(fatigue, Mapping) and "faces" in fatigue:
        tired = words("no fatigue") if fatigue.get("success") else words("tired: 1 impairment")
        rows.append(
            Row(
                words("Fatigue"), roll_row({**fatigue, "difficulty": 11}, words, words("Fatigue")).value + " — " + tired
            )
        )
    for place in result.get("damaging_places", ()) or ():
        if isinstance(place, Mapping):
            rows.append(Row(words("Damaging place"), _burn(place, words)))
    net = result.get("net")
    if isinstance(net, Mapping) and "hp_lost" in net:
        rows.append(Row(words("The net"), injury(net, words)))
    if result.get("disarmed"):
        lost = words.join(data_name("weapon", str(w), words) for w in result["disarmed"])
        rows.append(Row(words("Disarmed"), lost))
    if "undoes" in result:  # The Gnawing Stags: the thing undone and its VP (combat/gift_stags.py)
        from runehall.systems.rune.combat.gift_stags import stags_rows
        from runehall.systems.rune.speech.triggered_cards import gift_vp_rows

        rows += stags_rows(result, words) + gift_vp_rows(result, words)
    return rows


def _burn(place: Mapping[str, Any], words: Words) -> str:
    who = str(place.get("who", ""))
    text = roll_row(place, words, words("Stamina")).value if "faces" in place else ""
    if isinstance(place.get("injury"), Mapping):
        return (
            words("{roll}: {injury}", roll=text, injury=injury(place["injury"], words))
            if text
            else injury(place["injury"], words)
        )
    return words("{who} keeps clear ({roll})", who=who, roll=text) if text else who


def _sequels(record: Mapping[str, Any], words: Words) -> list[Row]:
    """The rarer parts of an attack: the range, a fog-of-war reroll, a severed limb, a net, a knockdown."""
    rows: list[Row] = []
    for key, label in (("dam_modifiers", N_("DAM changed by")), ("soak_modifiers", N_("Soak changed by"))):
        if isinstance(record.get(key), Mapping) and record[key]:
            rows.append(Row(words(label), modifiers_text(record[key], words)))
    distance = record.get("distance")
    if isinstance(distance, Mapping) and "range" in distance:
        rows.append(
            Row(
                words("Range"),
                words(
                    "{n} paces, {penalty} to hit",
                    n=words.number(int(distance["range"])),
                    penalty=signed(int(distance.get("penalty", 0))),
                ),
            )
        )
    fog = record.get("fog_of_war")
    if isinstance(fog, Mapping):
        ally = str(fog.get("ally", ""))
        said = injury(fog["injury"], words) if isinstance(fog.get("injury"), Mapping) else words("no one else is hit")
        rows.append(Row(words("Fog of war"), words("the blow strays towards {ally}: {what}", ally=ally, what=said)))
    sever = record.get("sever")
    if isinstance(sever, Mapping) and sever.get("eligible"):
        what = words("a limb is severed") if sever.get("severed") else words("no limb is severed")
        if sever.get("flees"):
            what += ", " + words("the foe flees")
        rows.append(Row(words("Severing"), what))
    netted = record.get("netted")
    if isinstance(netted, Mapping) and "escape_difficulty" in netted:
        rows.append(
            Row(words("Netted"), words("escape Difficulty {n}", n=words.number(int(netted["escape_difficulty"]))))
        )
    footing = record.get("footing")
    if isinstance(footing, Mapping) and "faces" in footing:
        fell = words("falls") if footing.get("fell") else words("keeps his feet")
        row = roll_row({**footing, "difficulty": footing.get("against", 0)}, words, words("Footing"))
        rows.append(Row(row.label, f"{row.value} — {fell}"))
    return rows
