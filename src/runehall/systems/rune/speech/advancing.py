"""Every action of Rune's advancement tracker as a card: victory points earned and spent, Abilities noted and
raised, gift and legendary item levels bought, death insurance bought and claimed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Card, Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.gifts.catalog import gifts
from runehall.systems.rune.horses import UPGRADE_WORDS
from runehall.systems.rune.speech.common import data_name
from runehall.systems.rune.speech.item_buying import item_card, wand_rows

REASONS = {
    "listed_roll": N_("a roll the runner's notes list"),
    "beat_dfn": N_("beat a foe's DFN"),
    "healed": N_("healed someone"),
    "advantage": N_("gained an advantage with it"),
}
HOW = {"experience": N_("by experience"), "training": N_("by training")}
SIMPLE = {
    "end_encounter": N_("The encounter ends"),
    "end_adventure": N_("The adventure ends"),
    "begin_encounter": N_("Encounter {n} begins"),
    "insure": N_("{who} buys death insurance"),
}


def _vp(n: int, words: Words) -> str:
    return words("{n} VP", n=words.number(n))


def _gift(r: Mapping[str, Any], words: Words, who: str) -> tuple[str, str, list[Row]]:
    """A level of a gift bought: which, the level it reaches and its price, the patron's Divine Connection now."""
    found = gifts().get(str(r.get("gift")))
    name = words(found.name) if found is not None else words("a gift")
    action = words("{who} buys a level of {gift}", who=who, gift=name)
    level = words.number(int(r.get("to", 0)))
    result = words("level {level} for {vp}", level=level, vp=_vp(int(r.get("vp", 0)), words))
    rows: list[Row] = []
    if r.get("patron"):
        rows.append(
            Row(words("Divine Connection"), words("{god} {rating}", god=words(str(r["patron"])),
                                                  rating=words.number(int(r.get("connection", 0)))))
        )  # fmt: skip
    return action, result, rows


def card(name: str, event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event.get("params") or {}, event.get("result") or {}
    rows: list[Row] = []
    tone: Tone = "neutral"
    if name == "award":
        action = words("{who} earns {vp}", who=who, vp=_vp(int(r["vp"]), words))
        result = words("{vp} in all", vp=_vp(int(r.get("vp_total", 0)), words))
        tone = "success"
    elif name == "note":
        ability = data_name("ability", str(r.get("eligible") or p.get("ability", "")), words)
        why = words(REASONS.get(str(r.get("reason")), "a roll the runner's notes list"))
        action = words("{who} used {ability} well: {why}", who=who, ability=ability, why=why)
        result = words("may raise it at the end of the encounter for {vp}", vp=_vp(int(r.get("price_now", 0)), words))
    elif name == "buy":
        ability = data_name("ability", str(r.get("ability", "")), words)
        action = words(
            "{who} raises {ability} {how}", who=who, ability=ability, how=words(HOW.get(str(r.get("how")), ""))
        )
        result = words(
            "{before} → {after} for {vp}",
            before=words.number(int(r["from"])),
            after=words.number(int(r["to"])),
            vp=_vp(int(r.get("vp", 0)), words),
        )
        tone = "success"
    elif name == "buy_gift":
        action, result, more = _gift(r, words, who)
        rows += more + wand_rows(r, words)
        tone = "success"
    elif name == "buy_item":
        action, result, more = item_card(r, words, who)
        rows += more
        tone = "success"
    elif name == "buy_horse":
        action = words("{who} buys a horse", who=who)
        result = words("for {vp}", vp=_vp(int(r.get("vp", 0)), words))
        tone = "success"
    elif name == "upgrade_horse":
        upgrade = words(UPGRADE_WORDS.get(str(r.get("upgrade")), "an upgrade"))
        action = words("{who} buys {upgrade} for his horse", who=who, upgrade=upgrade)
        result = words(
            "{times} of {most} for {vp}",
            times=words.number(int(r.get("times", 0))),
            most=words.number(int(r.get("most", 0))),
            vp=_vp(int(r.get("vp", 0)), words),
        )
        tone = "success"
    elif name == "restore":
        action = words(
            "{dead} fell; death insurance brings him back as {name}",
            dead=r.get("died", ""),
            name=r.get("restored_as", ""),
        )
        result = words("restored with a beginner's gear")
        abilities = r.get("abilities") or {}
        listed = ", ".join(
            f"{data_name('ability', str(a), words)} {words.number(int(v))}" for a, v in abilities.items()
        )
        if listed:
            rows.append(Row(words("Abilities"), listed))
    else:
        action = words(SIMPLE.get(name, name), who=who, n=words.number(int(r.get("encounter", 0))))
        result = ""  # the action says it all; the tracker's view shows the phase
    if "vp_free" in r:
        rows.append(Row(words("Free VP"), words.number(int(r["vp_free"]))))
    return Card(action, result, tone, tuple(rows))
