"""Getting lost as people see it (lost_play.py): the runner's Map roll button for a party gone astray, with each
hero's exact chance of making it and of finding the way by it; the board's row of a lost party; the card of a Map
roll and of what finding the way cost each hero."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.board import Move, Seat
from runehall.present.card import Card, Chip, Row
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.lost_play import chances
from runehall.systems.rune.encounters.run_state import RunState

THREATS = {"pitiful": N_("Pitiful"), "weak": N_("Weak"), "inferior": N_("Inferior"), "equal": N_("Equal"),
           "superior": N_("Superior")}  # fmt: skip
HEALTH = {"active": N_("on his feet"), "incapacitated": N_("incapacitated"), "dying": N_("dying"), "dead": N_("dead")}


def lost_moves(state: RunState, words: Words, seat: Seat, options: Any) -> list[Move]:
    """A Map roll button for each party gone astray, the mapper asked (the first hero standing offered)."""
    from runehall.systems.rune.encounters.run_traps import find_trap, standing

    if state.notes is None or not state.traps.lost:
        return []
    alive = standing(state, options)
    found = []
    for way in state.traps.lost if alive else ():
        name = find_trap(state, way.trap)[1].name
        said = []
        for hero in alive:
            made, finds = chances(state, way, hero, options)
            said.append(words(N_("{hero} makes it {p}, finds the way {q}"), hero=hero, p=words.percent(made),
                              q=words.percent(finds)))  # fmt: skip
        title = words(N_("Map roll: {trap}"), trap=name)
        found.append(Move("map_roll", title, params={"trap": way.trap, "mapper": alive[0]}, ask=("mapper",),
                          choices={"mapper": tuple((h, h) for h in alive)}, hint="; ".join(said)))  # fmt: skip
    return found


def lost_rows(state: RunState, words: Words) -> list[SheetRow]:
    """Each party still astray: the successes in a row it has and needs, the Map rolls made so far."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    n = words.number
    rows = []
    for way in state.traps.lost:
        lost = way.lost()
        said = words(N_("lost: {streak} of {needed} successes in a row, {rolls} Map rolls made"),
                     streak=n(lost.streak), needed=n(lost.needed), rolls=n(lost.rolls))  # fmt: skip
        rows.append(SheetRow(find_trap(state, way.trap)[1].name, said))
    return rows


def found_rows(heroes: Mapping[str, Any], difficulty: int, words: Words) -> list[Row]:
    """What finding the way cost each hero: his Sta + Bravery (and the exhaustion), his Stealth (and the monster)."""
    n = words.number
    rows = []
    for hero, h in heroes.items():
        if "hp_lost" in h:
            health = words(HEALTH.get(h["health"], HEALTH["active"]))
            said = words(N_("Stamina + Bravery {total} against {aim}: d10 {die}, {lost} HP lost, {hp} left, {health}"),
                         total=n(h["bravery"]), aim=n(difficulty), die=n(h["die"]), lost=n(h["hp_lost"]),
                         hp=n(h["hp"]), health=health)  # fmt: skip
            if h.get("impaired"):
                said = words(N_("{said}; a botch: Impairment {n}"), said=said, n=n(h["impaired"]))
        else:
            said = words(N_("Stamina + Bravery {total} against {aim}: unharmed"), total=n(h["bravery"]),
                         aim=n(difficulty))  # fmt: skip
        rows.append(Row(hero, said))
        if "monster" in h:
            rows.append(Row(hero, words(N_("Stealth {total}: brings a wandering monster ({threat})"),
                                        total=n(h["stealth"]), threat=words(THREATS[h["monster"]]))))  # fmt: skip
        else:
            rows.append(Row(hero, words(N_("Stealth {total}: unnoticed"), total=n(h["stealth"]))))
    return rows


def map_card(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event.get("result") or {}
    n = words.number
    made = r["total"] >= r["difficulty"]
    said = N_("{total} against {aim}: a triumph") if r["triumph"] else (
        N_("{total} against {aim}: made") if made else N_("{total} against {aim}: failed"))  # fmt: skip
    rows = [Row(r["mapper"], words(said, total=n(r["total"]), aim=n(r["difficulty"])))]
    if r["found"]:
        rows += found_rows(r.get("heroes") or {}, r["rolls"], words)
        result = words(N_("the party finds its way after {n} Map rolls"), n=n(r["rolls"]))
    else:
        result = words(N_("still lost: {streak} of {needed} successes in a row"), streak=n(r["streak"]),
                       needed=n(r["needed"]))  # fmt: skip
    action = words(N_("{who}: a Map roll in {trap}"), who=who, trap=r["name"])
    chips = tuple(Chip(str(f), sides=10) for group in r.get("faces") or () for f in group)
    return Card(action, result, "success" if r["found"] else "failure", tuple(rows), chips)


def astray_row(astray: bool, words: Words) -> list[Row]:
    """The sprung hazard's card: the party has gone astray."""
    return [Row(words(N_("The party")), words(N_("goes astray: lost")))] if astray else []
