"""The game tree's logged actions as cards: drawing, transforming, playing runes, contingencies and tests.

Each describer reads one stored event (its params, tape and result) and nothing else. The event does not
name the character whose tree it is (that is in the tracker's setup), so the person who acted stands for
them where the character acts, and the norn's rulings are told without a subject.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from runehall.present.card import Card, Row, Tone
from runehall.present.words import Words
from runehall.systems.ragnarok.roll_cards import SUCCESSES, tier_text
from runehall.systems.ragnarok.speech import (
    VOID_ID,
    hand_chip,
    level_name,
    metamark_name,
    pile_name,
    rune_chip,
    skill_name,
    trait_name,
    unit_name,
    units,
    void_chip,
)

Event = Mapping[str, Any]
Describer = Callable[[Event, Words, str], Card]


def _returned(words: Words, returned: list[str]) -> str:
    if not returned:
        return words("nothing to gather")
    return words("back to their piles: {runes}", runes=units(words, returned))


def wyrd(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    drawn = [str(u) for u in r["drawn"]]
    action = words.n(
        "{who} draws {n} rune into Mano (wyrd)", "{who} draws {n} runes into Mano (wyrd)", len(drawn), who=who
    )
    result = units(words, drawn) if drawn else words("no rune: the bag is empty")
    if r.get("void_joined"):
        result = words("{runes}, and the Void rune joins them", runes=result)
    rows = []
    if int(r.get("asked", len(drawn))) > len(drawn):
        rows.append(Row(words("Destino"), words("{n} asked, the bag held fewer", n=words.number(int(r["asked"])))))
    if r.get("dp_spent"):
        rows.append(Row(words("Divine Potency spent"), words.number(int(r["dp_spent"]))))
    chips = [rune_chip(words, u) for u in drawn]
    if r.get("void_joined"):
        chips.append(void_chip(words, None))
    return Card(
        action, result, rows=tuple(rows), chips=tuple(chips), total=words.n("{n} rune", "{n} runes", len(drawn))
    )


def transform(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    first, second = (unit_name(words, str(u)) for u in r["sources"])
    trait = trait_name(words, str(r["trait"]))
    action = words("{who} transforms {first} and {second} into one {trait} rune", who=who, first=first,
                   second=second, trait=trait)  # fmt: skip
    chips = (*(rune_chip(words, str(u)) for u in r["sources"] if not str(u).startswith("c")),)
    return Card(action, words("composite {id}", id=str(r["composite"])), chips=chips)


def untransform(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{who} undoes composite {id}", who=who, id=str(r["composite"]))
    return Card(action, words("back in Mano: {runes}", runes=units(words, r["sources"])))


def play(event: Event, words: Words, who: str) -> Card:
    r, p = event["result"], event["params"]
    rune = str(r["rune"])
    action = words("{who} plays {rune}: {source} → {target}", who=who, rune=unit_name(words, rune),
                   source=pile_name(words, str(r["from"])), target=pile_name(words, str(r["to"])))  # fmt: skip
    rows = []
    if r.get("contingency"):
        result = words("contingency {id}, waiting for “{condition}”", id=str(r["contingency"]),
                       condition=str(p.get("condition") or ""))  # fmt: skip
    elif r.get("chain"):
        result = words("it joins chain {chain}", chain=str(r["chain"]))
        if r.get("metamarks"):
            marks = words.join(metamark_name(words, str(m)) for m in r["metamarks"])
            rows.append(Row(words("Metamarks"), marks))
    else:
        result = words("in play")
    chips = (void_chip(words, None),) if rune == VOID_ID else (rune_chip(words, rune),) if rune[:1] != "c" else ()
    return Card(action, result, rows=tuple(rows), chips=chips)


def declare(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{who} declares contingency {id}", who=who, id=str(r["contingency"]))
    result = words("waiting for “{condition}”: {runes}", runes=units(words, r["runes"]), condition=str(r["condition"]))
    return Card(action, result, chips=tuple(rune_chip(words, str(u)) for u in r["runes"] if str(u)[:1] != "c"))


def trigger(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("Contingency {id} fires", id=str(r["contingency"]))
    return Card(action, words("to Actividad: {runes}", runes=units(words, r["to_actividad"])))


def cancel(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{who} cancels contingency {id}", who=who, id=str(r["contingency"]))
    return Card(action, _returned(words, [str(u) for u in r["returned"]]))


def cleanup(event: Event, words: Words, who: str) -> Card:
    returned = [str(u) for u in event["result"]["returned"]]
    return Card(words("{who} gathers the runes in play", who=who), _returned(words, returned))


def sacrifice(event: Event, words: Words, who: str) -> Card:
    # The excerpt has no Sacrifice rule: the action always refuses, so no such event is ever stored.
    rune = str(event["params"].get("rune", ""))
    return Card(words("{who} offers {rune} in sacrifice", who=who, rune=unit_name(words, rune)), "")


def test(event: Event, words: Words, who: str) -> Card:
    r, p = event["result"], event["params"]
    trait = trait_name(words, str(p["required_trait"]))
    skill = p.get("skill") or (p.get("applicable") or [None])[0]
    if skill:
        action = words("{who} makes a {trait} test of {skill}", who=who, skill=skill_name(words, str(skill)),
                       trait=trait)  # fmt: skip
    else:
        action = words("{who} makes a {trait} test", who=who, trait=trait)
    d, level, potency, k, remaining = (int(r[x]) for x in ("D", "L", "P", "K", "R"))
    base = int(p["difficulty"])
    shown = level_name(words, base)
    if d != base:
        shown = words(
            "{base} {sign} {n} inherent", base=shown, sign="+" if d > base else "−", n=words.number(abs(d - base))
        )
    rows = [
        Row(words("Difficulty"), shown),
        Row(words("Skill level"), words.number(level)),
        Row(words("Divine Potency"), words.number(potency)),
        Row(words("Matching runes"), words.number(k)),
        Row(
            "R = D − L − P − K",
            " − ".join(words.number(v) for v in (d, level, potency, k)) + f" = {words.number(remaining)}",
        ),
    ]
    if "warning" in r:
        rows.append(Row(words("Note"), words("skill level {n} is above the usual 1 to 4", n=words.number(level))))
    tone: Tone = "success" if r["tier"] in SUCCESSES else "failure"
    hand = [str(u) for u in r.get("hand", ())]
    return Card(
        action,
        tier_text(words, str(r["tier"]), int(r["extra_successes"])),
        tone,
        tuple(rows),
        tuple(hand_chip(words, u) for u in hand),
        f"R {words.number(remaining)}",
    )


def describers() -> dict[str, Describer]:
    from runehall.systems.ragnarok.tree import cards_body

    return {
        "wyrd": wyrd,
        "transform": transform,
        "untransform": untransform,
        "play": play,
        "declare_contingency": declare,
        "trigger_contingency": trigger,
        "cancel_contingency": cancel,
        "test": test,
        "cleanup": cleanup,
        "sacrifice": sacrifice,
        **cards_body.DESCRIBERS,
    }
