"""The combat tracker's actions in words (segments, declarations, casts, tokens, defences, checks)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from runehall.present.card import Card, Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.midgard.speech.clauses import NOTES, cast_line, dice, gifts_used, hit, item_damage
from runehall.systems.midgard.speech.terms import GOALS, difficulty, named, people, person, tokens

Describe = Callable[[Mapping[str, Any], Words, str], Card]


def goal(p: Mapping[str, Any], words: Words) -> str:
    chosen = GOALS[str(p.get("goal"))]
    return words(chosen)


def tone_of(r: Mapping[str, Any]) -> Tone:
    return "success" if r.get("success") is True else "failure" if r.get("success") is False else "neutral"


# A short action's end, as flow.end_round writes it for the terminal: read back into words.
FINISHED = re.compile(
    r"^(?P<who>.+)'s (?P<skill>.+) \((?P<n>\d+) round\(s\)\) (?:succeeds, margin (?P<margin>\d+)|fails)$"
)


def _finished(line: str, words: Words) -> Row:
    found = FINISHED.match(str(line))
    if found is None:
        return Row(words("Long action"), words("ends"))
    skill = named("skill", found["skill"], words)
    if found["margin"] is not None:
        said = words("success, margin {margin}", margin=words.number(int(found["margin"])))
    else:
        said = words("failure")
    rounds = words.n("{n} round", "{n} rounds", int(found["n"]))
    said = words("{skill} ({rounds}): {outcome}", skill=skill, rounds=rounds, outcome=said)
    return Row(person(found["who"], words), said)


def next_segment(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event["result"]
    action = words("Round {round}, segment {segment}", round=words.number(r["round"]),
                   segment=words.number(r["segment"]))
    result = words("{people} declare, in this order", people=people(r["order"], words)) if r["order"] else ""
    rows = [_finished(line, words) for line in r.get("finished") or ()]
    if any(len(d) > 2 for d in event.get("tape") or ()):
        rows.append(Row(words("Ties"), words("broken by lot")))
    return Card(action=action, result=result, rows=tuple(rows))


def declare(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    actor, act = person(r["actor"], words), named("action", r["action"], words)
    if p.get("target"):
        action = words("{actor} declares {action} against {target}", actor=actor, action=act,
                       target=person(p["target"], words))
    else:
        action = words("{actor} declares {action}", actor=actor, action=act)
    rows = []
    if p.get("extra_targets"):
        rows.append(Row(words("Also against"), people(p["extra_targets"], words)))
    for key, label, kind in (("weapon", N_("Weapon"), "item"), ("item", N_("Item"), "item"),
                             ("skill", N_("Skill"), "skill"), ("gift", N_("Gift"), "gift")):
        if p.get(key):
            rows.append(Row(words(label), named(kind, p[key], words)))
    if p.get("gifts"):
        rows.append(Row(words("Gifts"), words.join(named("gift", g, words) for g in p["gifts"])))
    if p.get("difficulty") is not None:
        rows.append(Row(words("Difficulty"), difficulty(p["difficulty"], words)))
    for key, label in (("two_hands", N_("with both hands")), ("dual", N_("with a weapon in each hand")),
                       ("thrown", N_("thrown")), ("prone", N_("from the ground"))):
        if p.get(key):
            rows.append(Row(words("How"), words(label)))
    if p.get("range_ft"):
        rows.append(Row(words("Range"), words("{feet} ft", feet=words.number(p["range_ft"]))))
    if p.get("distance"):
        rows.append(Row(words("Distance"), words("{feet} ft", feet=words.number(p["distance"]))))
    note = NOTES.get(str(r.get("note") or ""))
    result = words("base speed {speed}", speed=words.number(r["base_speed"]))
    return Card(action=action, result=result + (", " + words(note) if note else ""), rows=tuple(rows))


def _waiting(r: Mapping[str, Any], words: Words) -> str | None:
    if r.get("sealed"):
        return words("tokens placed in secret: shown when the other side has placed theirs")
    if r.get("allocate") is not None:
        found = re.match(r"\d+", str(r["allocate"]))  # a switch's result has the count only in its line
        free = int((r.get("tokens") or {}).get("free", found.group(0) if found else 0))
        return words.n("{n} free token to place", "{n} free tokens to place", free)
    return None


def _revealed(r: Mapping[str, Any], words: Words) -> list[Row]:
    shown = r.get("revealed")
    if not isinstance(shown, Mapping):
        return []
    return [Row(person(k, words), cast_line(v, words)) for k, v in shown.items() if isinstance(v, Mapping)]


def _defence(r: Mapping[str, Any], words: Words) -> list[str]:
    parts = []
    if r.get("defended") is True:
        parts.append(words("the defence holds"))
    elif r.get("defended") is False:
        parts.append(words("the defence fails"))
    said = item_damage(r.get("item_damage"), words)
    if said:
        parts.append(said)
    if gifts_used(r, words):
        parts.append(gifts_used(r, words))
    return parts


def _cast_card(event: Mapping[str, Any], words: Words, action: str, rows: list[Row]) -> Card:
    r = event["result"]
    waiting = _waiting(r, words)
    tone: Tone = "neutral"
    if r.get("tokens"):
        rows.append(Row(words("Stones"), tokens(r["tokens"], words)))
    if waiting is not None:
        result = waiting
    else:
        result = ", ".join(x for x in (cast_line(r, words), *_defence(r, words)) if x)
        tone = tone_of(r)
        if isinstance(r.get("merkstave"), str) and r.get("merkstave_left"):
            n = int(r["merkstave_left"])
            result += ", " + words.n("{n} Merkstave for the GM to spend", "{n} Merkstave for the GM to spend", n)
    return Card(action=action, result=result, tone=tone, rows=tuple(rows + _revealed(r, words)),
                chips=dice(event, words, r.get("faces")))


def cast(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    rows = []
    if p.get("wyrd"):
        rows.append(Row(words("Wyrð spent"), words.number(p["wyrd"])))
    if p.get("goal"):
        rows.append(Row(words("Spare tokens"), goal(p, words)))
    if p.get("gifts"):
        rows.append(Row(words("Gifts"), words.join(named("gift", g, words) for g in p["gifts"])))
    return _cast_card(event, words, words("{actor} casts the runes", actor=person(r["actor"], words)), rows)


def allocate(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    actor = person(r.get("actor", p.get("actor")), words)
    rows = []
    for key, label in (("past", N_("Past")), ("outcome", N_("Outcome")), ("future", N_("Future"))):
        if p.get(key):
            rows.append(Row(words(label), words("+{n}", n=words.number(p[key]))))
    if p.get("cancel"):
        rows.append(Row(words("Merkstave cancelled"), words.number(p["cancel"])))
    if p.get("goal"):
        rows.append(Row(words("Spare tokens"), goal(p, words)))
    action = words("{actor} places the tokens", actor=actor)
    if "success" not in r and "sealed" not in r and "past" in r:  # the GM's own cast: the stones as they lie
        return Card(action=action, result=tokens(r, words))
    return _cast_card(event, words, action, rows)


def gm_cast(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    rows = []
    if p.get("wyrd"):
        rows.append(Row(words("Wyrð spent"), words("{n} by {payer}", n=words.number(p["wyrd"]),
                                                    payer=person(p.get("payer") or "", words))))
    if p.get("goal"):
        rows.append(Row(words("Spare tokens"), goal(p, words)))
    if p.get("difficulty"):
        rows.append(Row(words("Difficulty"), difficulty(p["difficulty"], words)))
    action = words.n("The GM casts {n} die for the enemies", "The GM casts {n} dice for the enemies", int(r["dice"]))
    if r.get("allocate") is not None:
        result = words("free tokens to place")
    else:
        result = tokens({k: r.get(k, 0) for k in ("past", "future", "outcome", "merkstave")}, words)
    return Card(action=action, result=result, rows=tuple(rows), chips=dice(event, words, r.get("faces")))


def switch(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p = event["params"]
    defence = named("action", p["defence"], words)
    if p.get("actor"):
        action = words("{actor} switches to {defence}", actor=person(p["actor"], words), defence=defence)
    else:
        action = words("The one hit switches to {defence}", defence=defence)
    rows = []
    if p.get("weapon"):
        rows.append(Row(words("With"), named("item", p["weapon"], words)))
    if p.get("skill"):
        rows.append(Row(words("Skill"), named("skill", p["skill"], words)))
    if p.get("wyrd"):
        rows.append(Row(words("Wyrð spent"), words.number(p["wyrd"])))
    if p.get("extra"):
        rows.append(Row(words("Combat Master"), words("keeps the declared action")))
    return _cast_card(event, words, action, rows)


def take_hit(event: Mapping[str, Any], words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    if p.get("actor"):
        action = words("{actor} takes the hit", actor=person(p["actor"], words))
    else:
        action = words("The hit is taken")
    result, rows = hit(r, words)
    return Card(action=action, result=result, tone="failure", rows=tuple(rows))


CHECKS = {
    "arms": N_("keep hold of what the wounded arm carries"),
    "legs": N_("stay on their feet on a wounded leg"),
    "interrupt": N_("keep up the action through the wounds"),
    "dread": N_("stand fast against The Look of Dread"),
    "confound": N_("see through Confound"),
}


def check(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event["result"]
    purpose = CHECKS[str(r.get("check"))]
    action = words("{actor} casts to {purpose}", actor=person(r["who"], words), purpose=words(purpose))
    parts = [words("success") if r.get("success") else words("failure")]
    if r.get("interrupted"):
        parts.append(words("the action is interrupted"))
    if r.get("dropped"):
        parts.append(words("drops the {item}", item=named("item", r["dropped"], words)))
    if r.get("fell"):
        parts.append(words("falls prone"))
    if r.get("afraid_of"):
        parts.append(words("afraid of {who}", who=person(r["afraid_of"], words)))
    if r.get("speed_penalty"):
        parts.append(words("speed +{n}", n=words.number(r["speed_penalty"])))
    if r.get("skipped"):
        parts.append(words("no cast needed: {gift}", gift=named("gift", r["skipped"], words)))
    rows = [Row(words("Difficulty"), difficulty(r["difficulty"], words))]
    if r.get("past") is not None:
        rows.append(Row(words("Past"), words("{a} against {b}", a=words.number(r["past"]),
                                             b=words.number(r.get("their_past", 0)))))
    if r.get("tokens"):
        rows.append(Row(words("Stones"), tokens(r["tokens"], words)))
    return Card(action=action, result=", ".join(parts), tone=tone_of(r), rows=tuple(rows),
                chips=dice(event, words, r.get("faces")))
