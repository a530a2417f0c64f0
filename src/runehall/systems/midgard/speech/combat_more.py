"""The combat tracker's actions in words (resolution, gifts, pacts, Wyrð, Merkstave, hazards), and the
table of every action's describer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from runehall.present.card import Card, Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.midgard.speech import chains
from runehall.systems.midgard.speech import combat as said
from runehall.systems.midgard.speech.clauses import cast_line, dice, hit, placed
from runehall.systems.midgard.speech.terms import NAMES, difficulty, named, people, person

STRANDS = {  # Strands of the Soul's effects (gift_effects.py)
    "reduce_to_legend_wounds": N_("wounds set to the legend's"),
    "god_rune_to_8": N_("a god rune raised to 8"),
    "god_rune_to_1": N_("a god rune lowered to 1"),
    "skill_to_4": N_("a skill raised to 4 ranks"),
    "skill_merkstave_4": N_("4 Merkstave on a skill"),
}


def _effects(r: Mapping[str, Any], words: Words) -> list[str]:
    """What a gift or another action did besides a cast and a blow."""
    parts: list[str] = []
    number = words.number
    if r.get("escaped") is not None:
        past = {"a": number(r.get("past", 0)), "b": number(r.get("pinner_past", 0))}
        parts.append(words("breaks free (Past {a} to {b})", **past) if r["escaped"]
                     else words("stays pinned (Past {a} to {b})", **past))
    if r.get("rounds") is not None and r.get("seconds") is not None:
        parts.append(words.n("takes {n} round", "takes {n} rounds", int(r["rounds"])))
    if r.get("opposed_by"):
        parts.append(words("opposed by {who}", who=person(r["opposed_by"], words)))
    if r.get("weapon_damage") is not None:
        parts.append(words("{item} damage +{n}", item=named("item", r.get("item", ""), words),
                           n=number(r["weapon_damage"])))
    if r.get("direct_damage") is not None:
        parts.append(words("{n} damage", n=number(r["direct_damage"])))
    if r.get("healed"):
        parts.append(words.n("{n} wound healed", "{n} wounds healed", int(r["healed"])))
    if r.get("bonus") is not None and r.get("for"):
        target = r["for"] if isinstance(r["for"], list) else [r["for"]]
        parts.append(words("+{n} for {who}", n=number(r["bonus"]), who=people(target, words)))
    if r.get("defence_against_you") is not None:
        parts.append(words("Defence against them {n}", n=number(r["defence_against_you"])))
    if r.get("dice") is not None:
        parts.append(words.n("{n} bonus die", "{n} bonus dice", int(r["dice"])))
    if r.get("twisted"):
        parts.append(words("fate twisted: their margin {margin}, speed {speed}", margin=number(r["their_margin"]),
                           speed=number(r["their_speed"])))
    if r.get("carry_over") is not None:
        parts.append(words("{n} carried over to a later action", n=number(r["carry_over"])))
    if r.get("tokens_paid") is not None:
        parts.append(words.n("{n} token paid", "{n} tokens paid", int(r["tokens_paid"])))
    if r.get("immobilised"):
        parts.append(words("immobilised"))
    for key in ("placed", "mirrored"):
        text = placed(r.get(key), words)
        if text:
            parts.append(text)
    if r.get("extra_defences") is not None:
        parts.append(words.n("{n} extra defence", "{n} extra defences", int(r["extra_defences"])))
    if r.get("wyrd_paid") is not None:
        parts.append(words("{n} Wyrð paid", n=number(r["wyrd_paid"])))
    if isinstance(r.get("pact"), Mapping):
        parts.append(words("a pact sealed: breaking it is difficulty {d}", d=number(r["pact"].get("difficulty", 0))))
    strand = STRANDS.get(str(r.get("effect")))
    if strand:
        parts.append(words(strand))
    if r.get("skill") and r.get("skill_bonus") is not None:
        parts.append(words("{skill} +{n}", skill=named("skill", r["skill"], words), n=number(r["skill_bonus"])))
    elif r.get("skill") and r.get("ranks") is not None:
        parts.append(words("{skill} {n}", skill=named("skill", r["skill"], words), n=number(r["ranks"])))
    elif r.get("skill") and isinstance(r.get("merkstave"), int):
        parts.append(words("{skill}: {n} Merkstave", skill=named("skill", r["skill"], words), n=number(r["merkstave"])))
    if r.get("rune") and r.get("value") is not None:
        parts.append(words("{rune} {n}", rune=named("rune", r["rune"], words), n=number(r["value"])))
    if r.get("actions_this_round") is not None:
        parts.append(words.n("{n} action this round", "{n} actions this round", int(r["actions_this_round"])))
    if r.get("defence_base") is not None:
        parts.append(words("Defence {n}", n=number(r["defence_base"])))
    if r.get("defence_bonus") is not None:
        parts.append(words("Defence +{n}", n=number(r["defence_bonus"])))
    if r.get("ignored") is not None:
        parts.append(words("ignores {n} wound ranks until round {end}", n=number(r["ignored"]),
                           end=number(r.get("through_round", 0))))
    return parts


def _outcome(r: Mapping[str, Any], words: Words) -> str:
    blow, _ = hit(r, words) if ("hit" in r or "wounds" in r) else ("", [])
    cast = cast_line(r, words) if "success" in r and "hit" not in r else ""
    return ", ".join(x for x in (cast, blow, *_effects(r, words)) if x)


def resolve(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event["result"]
    actor = person(r["actor"], words)
    act = named("gift", r["gift"], words) if r.get("action") == "gift" and r.get("gift") else \
        named("action", r["action"], words)
    action = words("{actor} acts: {action}", actor=actor, action=act)
    if r.get("skipped"):
        return Card(action=action, result=words("down, and does not act"), tone="failure")
    rows = [Row(words("Speed"), words.number(r["speed"]))]
    if r.get("difficulty") is not None:
        rows.append(Row(words("Difficulty"), difficulty(r["difficulty"], words)))
    if "hit" in r:
        _, blow_rows = hit(r, words)
        rows += blow_rows
    result = _outcome(r, words) or (words("takes effect") if r.get("effects") or r.get("gift") else words("done"))
    tone: Tone = "success" if r.get("hit") or r.get("success") or r.get("escaped") else \
        "failure" if r.get("hit") is False or r.get("success") is False else "neutral"
    return Card(action=action, result=result, tone=tone, rows=tuple(rows))


def use_gift(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    gift, actor = named("gift", p["gift"], words), person(r.get("actor", p["actor"]), words)
    if p.get("target"):
        action = words("{actor} uses {gift} on {target}", actor=actor, gift=gift, target=person(p["target"], words))
    else:
        action = words("{actor} uses {gift}", actor=actor, gift=gift)
    rows = []
    if p.get("wyrd"):
        rows.append(Row(words("Wyrð spent"), words.number(p["wyrd"])))
    if "hit" in r:
        rows += hit(r, words)[1]
    result = ", ".join(x for x in (_outcome(r, words), *said._defence(r, words)) if x) or words("done")
    return Card(action=action, result=result, tone=said.tone_of(r), rows=tuple(rows),
                chips=dice(event, words, r.get("faces")))


def break_pact(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{actor} tries to break the pact sealed with {by}", actor=person(r["actor"], words),
                   by=person(r["by"], words))
    result = words("the pact is broken") if r["broken"] else words("the pact holds")
    if r.get("penalty"):
        result += ", " + words("{n} Merkstave on the next try", n=words.number(r["penalty"]))
    rows = (Row(words("Past"), words("{a} against difficulty {b}", a=words.number(r["past"]),
                                     b=difficulty(r["difficulty"], words))),)
    return Card(action=action, result=result, tone="success" if r["broken"] else "failure", rows=rows,
                chips=dice(event, words, r.get("faces")))


def regain_wyrd(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{actor} regains Wyrð through {rune}", actor=person(r["actor"], words),
                   rune=named("gift_rune", r["rune"], words))
    result = words("{n} Wyrð regained, now {wyrd}", n=words.number(r["regained"]), wyrd=words.number(r["wyrd"]))
    if r.get("healed"):
        result += ", " + words.n("{n} wound healed", "{n} wounds healed", int(r["healed"]))
    return Card(action=action, result=result, tone="success")


SPENT = {"margin": N_("margin -{n}"), "speed": N_("speed -{n}"), "next_attack": N_("+{n} to the next attack on them"),
         "story": N_("{n} for a complication")}


def merkstave(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event["result"]
    if r.get("by") == "the players":  # option gm_merkstave_spender players
        action = words("The players spend the Merkstave of {actor}'s cast", actor=person(r["actor"], words))
    else:
        action = words("The GM spends the Merkstave of {actor}'s cast", actor=person(r["actor"], words))
    spent = [words(SPENT[k], n=words.number(v)) for k, v in (r.get("spent") or {}).items() if v and k in SPENT]
    result = ", ".join([*spent, cast_line(r, words)])
    return Card(action=action, result=result, tone=said.tone_of(r))


SUFFERED = {"wounds": N_("{n} wounds"), "fatigue": N_("{n} Wyrð lost to fatigue"),
            "environment": N_("{n} Merkstave from the surroundings")}


def hazard(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    actor = person(r["actor"], words)
    suffered = r.get("suffered") or {}
    parts = [words(SUFFERED[k], n=words.number(v)) for k, v in suffered.items() if v and k in SUFFERED]
    if r.get("total_wounds") is not None:
        parts.append(words("({n} in all)", n=words.number(r["total_wounds"])))
    if "healed" in r:
        parts.append(words.n("{n} wound healed", "{n} wounds healed", int(r["healed"])))
    rows = []
    resisted = r.get("resistance")
    if isinstance(resisted, Mapping):
        resist = p.get("resist") or ""
        means = words("Courage") if resist == "courage" else named("skill", resist, words)
        rows.append(Row(words("Resisted with"), means))
        outcome = words("success, margin {margin}", margin=words.number(resisted.get("margin", 0))) \
            if resisted.get("success") else words("failure")
        rows.append(Row(words("Resistance"), outcome))
        if resisted.get("cancelled"):
            rows.append(Row(words("Cancelled"), words.number(resisted["cancelled"])))
    action = words("{actor} faces a hazard", actor=actor)
    result = " ".join(parts) if parts else words("no harm")
    faces = resisted.get("faces") if isinstance(resisted, Mapping) else None
    return Card(action=action, result=result, tone="failure" if parts and not r.get("healed") else "neutral",
                rows=tuple(rows), chips=dice(event, words, faces))


DESCRIBERS: dict[str, said.Describe] = {
    "next_segment": said.next_segment,
    "declare": said.declare,
    "gm_cast": said.gm_cast,
    "cast": said.cast,
    "allocate": said.allocate,
    "resolve": resolve,
    "resolve_all": chains.resolve_all,
    "take_hit": said.take_hit,
    "switch": said.switch,
    "check": said.check,
    "use_gift": use_gift,
    "break_pact": break_pact,
    "regain_wyrd": regain_wyrd,
    "merkstave": merkstave,
    "hazard": hazard,
}


def action_card(name: str, event: Mapping[str, Any], words: Words, who: str) -> Card:
    """A logged combat action as a card; its sentence starts with a capital ("The GM places..."). Where the
    caller gives the combatants' names beside the stored event (event["names"]), the card uses them."""
    given = event.get("names")
    token = NAMES.set(given if isinstance(given, Mapping) else None)
    try:
        card = DESCRIBERS[name](event, words, who)
    finally:
        NAMES.reset(token)
    return replace(card, action=card.action[:1].upper() + card.action[1:])
