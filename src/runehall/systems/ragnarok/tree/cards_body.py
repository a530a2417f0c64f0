"""The game tree's logged actions as cards: damage and healing, time, combat rounds, Divine Potency, death."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from runehall.present.card import Card, Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.ragnarok.rules import rules
from runehall.systems.ragnarok.speech import (
    hours,
    phase_name,
    pile_name,
    route_name,
    rune_chip,
    status_name,
    trait_name,
    unit_name,
    units,
)

Event = Mapping[str, Any]
Describer = Callable[[Event, Words, str], Card]

# What a Divine Potency purchase raises (divine_potency.toml's targets), in words.
TARGETS = {
    "parada": N_("Parry"),
    "dano_fisico": N_("Physical damage"),
    "dano_mental": N_("Mental damage"),
    "dano_espiritual": N_("Spiritual damage"),
    "esquiva": N_("Dodge"),
    "curacion": N_("Healing"),
    "movimiento": N_("Movement"),
    "iniciativa": N_("Initiative"),
    "accion_generica": N_("Generic action"),
    "wyrd": N_("Wyrd"),
}


def _where(words: Words, now: str) -> str:
    """A rune's place on the track as the tree stores it ("herido 3"): the pile, and the zone when wounded."""
    pile, _, position = now.partition(" ")
    if pile == "herido" and position.isdigit():
        return words("{pile}, zone {zone}", pile=pile_name(words, pile), zone=words.number(int(position) - 1))
    return pile_name(words, pile)


def _track_rows(words: Words, now: Mapping[str, str]) -> list[Row]:
    return [Row(unit_name(words, uid), _where(words, str(place))) for uid, place in now.items()]


def _status_tone(status: str) -> Tone:
    return "neutral" if status == "activo" else "failure"


def _fate(words: Words, death: Mapping[str, Any]) -> str:
    if death.get("rule") == "rebirth":
        return words("to be reborn in {place}", place=words(str(death.get("place", ""))))
    return words("dead for good")


def damage(event: Event, words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    points = int(p["points"])
    action = words.n("{n} point of {trait} damage", "{n} points of {trait} damage", points,
                     trait=trait_name(words, str(p["trait"])))  # fmt: skip
    if p.get("nonlethal"):
        action = words("{damage}, non-lethal", damage=action)
    hits = [str(u) for u in r["hits"]]
    result = words(
        "runes hit: {runes}; state: {status}", runes=units(words, hits), status=status_name(words, str(r["status"]))
    )
    if not hits:
        result = words("no rune can take it; state: {status}", status=status_name(words, str(r["status"])))
    rows = _track_rows(words, r.get("now", {}))
    if int(r.get("lost", 0)):
        rows.append(Row(words("Points lost"), words.number(int(r["lost"]))))
    if r.get("death"):
        rows.append(Row(words("Fate"), _fate(words, r["death"])))
    chips = tuple(rune_chip(words, str(d[2])) for d in event.get("tape", ()) if len(d) > 2)
    return Card(action, result, _status_tone(str(r["status"])), tuple(rows), chips)


def _healing(words: Words, r: Mapping[str, Any]) -> tuple[str, list[Row]]:
    healed = [str(u) for u in r["healed"]]
    result = words(
        "healed: {runes}; state: {status}", runes=units(words, healed), status=status_name(words, str(r["status"]))
    )
    rows = _track_rows(words, r.get("now", {}))
    if int(r.get("unused", 0)):
        rows.append(Row(words("Points unused"), words.number(int(r["unused"]))))
    return result, rows


def heal(event: Event, words: Words, who: str) -> Card:
    points = int(event["params"]["points"])
    result, rows = _healing(words, event["result"])
    return Card(words.n("{n} point of healing", "{n} points of healing", points), result, "success", tuple(rows))


def advance_time(event: Event, words: Words, who: str) -> Card:
    p, r = event["params"], event["result"]
    action = words("Time passes: {hours}", hours=hours(words, float(p["hours"])))
    climbed = [str(x["rune"]) for x in r.get("recovered", ())]
    if climbed:
        result = words("back from Consunción to Muerte: {runes}", runes=units(words, climbed))
    elif r.get("recovery_due"):
        result = words("a rune may now climb from Consunción to Muerte")
    else:
        result = ""
    return Card(action, result, rows=(Row(words("Time in the saga"), hours(words, float(r["hours"]))),))


def recover(event: Event, words: Words, who: str) -> Card:
    rune = str(event["result"]["rune"])
    action = words("{rune} climbs back from {source} to {target}", rune=unit_name(words, rune),
                   source=pile_name(words, "consuncion"), target=pile_name(words, "muerte"))  # fmt: skip
    return Card(action, "", chips=(rune_chip(words, rune),))


def new_saga(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("A new saga begins on the {route}", route=route_name(words, str(r["route"])))
    result = words.n("{n} hit point per rune", "{n} hit points per rune", int(r["hp_per_rune"]))
    return Card(action, result, rows=(Row(words("Before"), route_name(words, str(r["was"]))),))


def _phase_rows(words: Words, r: Mapping[str, Any]) -> list[Row]:
    """What entering a phase did: stunned runes back to the bag and DP gained (Mantenimiento); runes
    gathered, chains kept and contingencies expired (Recogida)."""
    rows = []
    if r.get("recovered"):
        rows.append(
            Row(words("Recovered from {pile}", pile=pile_name(words, "aturdido")), units(words, r["recovered"]))
        )
    if r.get("dp_gained"):
        rows.append(Row(words("Divine Potency gained"), words.number(int(r["dp_gained"]))))
    if "returned" in r:
        rows.append(Row(words("Gathered"), units(words, r["returned"]) or words("nothing")))
    if r.get("kept"):
        rows.append(Row(words("Chains kept"), words.join(str(c) for c in r["kept"])))
    if r.get("expired"):
        rows.append(Row(words("Contingencies expired"), words.join(str(k) for k in r["expired"])))
    if r.get("released"):
        rows.append(
            Row(words("May recover from {pile}", pile=pile_name(words, "consuncion")), units(words, r["released"]))
        )
    if "dp" in r:
        rows.append(Row(words("Divine Potency"), words.number(int(r["dp"]))))
    return rows


def start_combat(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("Combat {n} begins", n=words.number(int(r["combat"])))
    result = words(
        "round {round}, {phase}", round=words.number(int(r["round"])), phase=phase_name(words, str(r["phase"]))
    )
    return Card(action, result, rows=tuple(_phase_rows(words, r)))


def next_phase(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words(
        "Round {round}: {phase}", round=words.number(int(r["round"])), phase=phase_name(words, str(r["phase"]))
    )
    return Card(action, "", rows=tuple(_phase_rows(words, r)))


def end_combat(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("Combat {n} ends", n=words.number(int(r["combat"])))
    return Card(action, "", rows=tuple(_phase_rows(words, r)))


def _effect(words: Words, code: str) -> str:
    found = next((s for s in rules().divine.spend if s.code == code), None)
    return words(found.effect_en) if found is not None else code


def dp_spend(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    count = int(r["count"])
    effect = _effect(words, str(r["effect"]))
    if count > 1:
        effect = words("{effect}, {n} times", effect=effect, n=words.number(count))
    action = words("{who} spends {cost} of Divine Potency", who=who, cost=words.number(int(r["cost"])))
    rows = [Row(words(TARGETS.get(t, t)), f"+{words.number(int(b))}") for t, b in r.get("modifier", {}).items()]
    tone: Tone = "neutral"
    if r.get("healing"):
        text, healed = _healing(words, r["healing"])
        rows += [Row(words("Healing"), text), *healed]
    if r.get("extra_runes"):
        rows.append(Row(words("Extra runes for the next wyrd"), words.number(int(r["extra_runes"]))))
    rows.append(Row(words("Divine Potency left"), words.number(int(r["dp"]))))
    return Card(action, effect, tone, tuple(rows))


def dp_gain(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    gained = int(r["gained"])
    if r.get("source"):
        action = words("{who} gains {n} of Divine Potency from {source}", who=who, n=words.number(gained),
                       source=str(r["source"]))  # fmt: skip
    else:
        action = words("{who} gains {n} of Divine Potency", who=who, n=words.number(gained))
    return Card(action, words("pool: {n}", n=words.number(int(r["dp"]))))


_CAUSES = {"natural_disaster": N_("a natural disaster"), "killing_blow": N_("a killing blow")}


def resolve_death(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{who}'s character is killed by {cause}", who=who, cause=words(_CAUSES[str(r["cause"])]))
    if r.get("rule") == "mortal":
        result = words("dead for good, being mortal")
    elif r.get("rule") == "permanent_death":
        result = words("no Divine Potency left: dead for good")
    else:
        result = _fate(words, r)
    tone: Tone = "neutral" if r.get("rule") == "rebirth" else "failure"
    return Card(action, result, tone, (Row(words("Divine Potency"), words.number(int(r["dp"]))),))


def rebirth(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    action = words("{who}'s character is reborn in {place}", who=who, place=words(str(r["place"])))
    rows = (
        Row(words("Divine Potency"), words.number(int(r["dp"]))),
        Row(words("State"), status_name(words, str(r["status"]))),
    )
    return Card(action, words("every rune back in the bag"), "success", rows)


def enchantment(event: Event, words: Words, who: str) -> Card:
    r = event["result"]
    states = {"active": words("active"), "suppressed": words("suppressed")}
    action = words("Runic Enchantment {power}", power=str(r["power"]))
    if r["was"] == r["state"]:
        result = words("stays {state}", state=states[str(r["state"])])
    else:
        result = words("{was} → {state}", was=states[str(r["was"])], state=states[str(r["state"])])
    distance = r.get("distance_m")
    near = (
        words("no identical one near")
        if distance is None
        else words("{m} m", m=words.number(Fraction(float(distance)).limit_denominator(100)))
    )
    return Card(action, result, rows=(Row(words("Nearest identical enchantment"), near),))


DESCRIBERS: dict[str, Describer] = {
    "damage": damage,
    "heal": heal,
    "advance_time": advance_time,
    "recover_consumption": recover,
    "new_saga": new_saga,
    "start_combat": start_combat,
    "next_phase": next_phase,
    "end_combat": end_combat,
    "dp_spend": dp_spend,
    "dp_gain": dp_gain,
    "resolve_death": resolve_death,
    "rebirth": rebirth,
    "enchantment": enchantment,
}
