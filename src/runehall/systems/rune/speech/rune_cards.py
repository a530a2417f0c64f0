"""A Rune Power used in a fight as a card (combat/rune_powers.py): woken until which round and asleep for how
long after, the Viking Short Sword's roll, a Dwarven Battle Sword beam and what it did; the Viking Broad Sword's
healing as a row of the blow's card."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.rune_state import UNITS
from runehall.systems.rune.speech.blows import injury
from runehall.systems.rune.speech.common import roll_row


def rune_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    rows: list[Row] = []
    if isinstance(r.get("roll"), Mapping):  # the Viking Short Sword: Pre + X against 6 + the highest Res
        rows.append(roll_row({"who": r.get("who", ""), **r["roll"], "difficulty": r.get("difficulty")}, words,
                             words("Presence")))  # fmt: skip
    said = ""
    tone: Tone = "neutral"
    beam = r.get("beam")
    if isinstance(beam, Mapping):
        for record in beam.get("rolls") or ():
            rows.append(roll_row(record, words, words("Roll")))
        if beam.get("success") and isinstance(beam.get("injury"), Mapping):
            said, tone = words("the beam strikes {who}", who=str(beam.get("target", ""))), "success"
            rows.append(Row(words("Beam"), words("{n} damage against Soak {soak}", n=words.number(int(beam["damage"])),
                                                 soak=words.number(int(beam.get("soak", 0))))))  # fmt: skip
            rows.append(Row(str(beam.get("target", "")), injury(beam["injury"], words)))
        else:
            said, tone = words("the beam misses {who}", who=str(beam.get("target", ""))), "failure"
    for hit in r.get("blast") or ():  # the Mace: each one flung and his landing roll (rune_blast.py)
        rows.append(roll_row({**hit["roll"], "who": hit.get("who", ""), "difficulty": hit.get("difficulty")}, words,
                             words("Balance")))  # fmt: skip
        key = N_("flung {n} paces: fallen down") if hit.get("fallen") else N_("flung {n} paces: still on his feet")
        rows.append(Row(str(hit.get("who", "")), words(key, n=words.number(int(hit.get("paces", 0))))))
    rows += cone_rows(r.get("cone"), words)
    lightning = r.get("lightning")
    if isinstance(lightning, Mapping):  # the Dwarven Work Sword (rune_lightning_cards.py)
        from runehall.systems.rune.speech.rune_lightning_cards import lightning_rows

        said, tone, more = lightning_rows(lightning, words)
        rows += more
        if "shots" not in r:  # a lightning attack of a power already awake
            return said, tone, rows
    if r.get("success") is False:
        return words("the rune stays asleep"), "failure", rows
    if "until_round" in r or "shots" in r:
        awake = (
            words("the rune is awake until round {n}", n=words.number(int(r["until_round"])))
            if "until_round" in r
            else words("the rune is awake for {n} lightning attacks", n=words.number(int(r["shots"])))
        )
        if r.get("blast") is not None:  # the Mace: spent at once
            awake = words("the blast strikes {n}", n=words.number(len(r["blast"])))
        if isinstance(r.get("cone"), Mapping):  # the Goblin Spike Club: spent at once
            hit = sum(1 for one in r["cone"].get("caught") or () if one.get("hit"))
            awake = words(N_("the cone of rocks hits {n} of {m}"), n=words.number(hit),
                          m=words.number(len(r["cone"].get("caught") or ())))  # fmt: skip
        said = f"{awake}; {said}" if said else awake
        tone = "success" if tone == "neutral" else tone
        time = r.get("recharge")
        if isinstance(time, Mapping):
            unit = UNITS.get(str(time.get("unit")), UNITS["rounds"])
            rows.append(Row(words("Asleep after it"), words(unit, n=words.number(int(time.get("amount", 0))))))
        if "ready_round" in r:
            rows.append(Row(words("Wakes again"), words("round {n}", n=words.number(int(r["ready_round"])))))
    return said, tone, rows


def cone_rows(cone: Any, words: Words) -> list[Row]:
    """The Goblin Spike Club's cone: the hero's ATK roll, then each one inside: his DFN roll, his chance of being
    hit, and the blow or the miss."""
    if not isinstance(cone, Mapping):
        return []
    rows = [roll_row(cone["atk"], words, words("ATK"))]
    if not cone.get("caught"):
        rows.append(Row(words("Rune Power: Goblin Spike Club"), words("no one stands in the cone")))
    for one in cone.get("caught") or ():
        who = str(one.get("who", ""))
        rows.append(roll_row(one["dfn"], words, words("DFN")))
        chance = Fraction(*one["hit_chance"])
        rows.append(Row(who, words("chance of being hit: {p}", p=words.percent(chance))))
        if one.get("hit") and isinstance(one.get("injury"), Mapping):
            tm, dam, soak = (words.number(int(one.get(k, 0))) for k in ("tm", "dam", "soak"))
            blow = words("margin {tm} + Dam {dam} against Soak {soak}", tm=tm, dam=dam, soak=soak)
            rows.append(Row(who, f"{blow}; {injury(one['injury'], words)}"))
        else:
            rows.append(Row(who, words("the rocks miss him")))
    return rows


def drunk_row(record: Mapping[str, Any], words: Words) -> list[Row]:
    """The Viking Broad Sword's power: the HP its blow gave back to its bearer."""
    drunk = record.get("drunk")
    if not isinstance(drunk, Mapping):
        return []
    said = words("{n} HP back, now {hp}", n=words.number(int(drunk.get("hp_gained", 0))),
                 hp=words.number(int(drunk.get("hp", 0))))  # fmt: skip
    return [Row(words("Rune Power: Viking Broad Sword"), said)]
