"""Drowning, fire and grabbers as people see them (hazard_play.py): the runner's button for each hazard still
holding heroes, with each one's exact chance (staying afloat, smothering the flames, breaking free) and the HP the
round costs; who is in which hazard, for everyone; the rows of a sprung hazard's card and a round's card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.board import Move, Seat
from runehall.present.card import Card, Chip, Row
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.hazard_play import BREAK_FREE, SMOTHER, SWIM, _burning, adds, escape_difficulty
from runehall.systems.rune.encounters.hazards import drowning_loss, smother_difficulty, soak_against, swim_difficulty
from runehall.systems.rune.encounters.peril_state import Peril
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.swarm_play import chances as swarm_chances
from runehall.systems.rune.encounters.traps import Drowning, Nuisance
from runehall.systems.rune.stress import at_least

HEALTH = {"active": N_("on his feet"), "incapacitated": N_("incapacitated"), "dying": N_("dying"), "dead": N_("dead")}
ASKED = {"drowning": ("out",), "fire": ("trying", "out", "leave"), "grabber": ("trying", "out"),
         "nuisance": ("trying", "out")}  # fmt: skip


def _chance(state: RunState, p: Peril, options: Any) -> Any:
    """The exact chance of the hero's roll this round (afloat, smothered, free), or None when he rolls none."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    trap = find_trap(state, p.trap)[2]
    if p.kind == "drowning" and not p.under:
        assert isinstance(trap.package, Drowning)
        aim = swim_difficulty(trap.package.waters, trap.package.current, round_no=p.round_no)
        return at_least(aim - adds(state, p.hero, SWIM, options))
    if p.kind == "fire" and not p.inside:
        return at_least(smother_difficulty(_burning(p)) - adds(state, p.hero, SMOTHER, options))
    if p.kind == "grabber":
        return at_least(escape_difficulty(trap) - adds(state, p.hero, BREAK_FREE, options))
    return None


def _said(state: RunState, p: Peril, words: Words, options: Any) -> str:
    from runehall.systems.rune.encounters.run_traps import body

    n, chance = words.number, _chance(state, p, options)
    if p.kind == "drowning":
        if p.under:
            c = body(state, p.hero, options)
            hp = drowning_loss(p.under + 1, options, p.failed_by, soak_against(c.soak, c.armor_prot, True))
            return words(N_("{hero} drowns: {n} HP"), hero=p.hero, n=n(hp))
        return words(N_("{hero} stays afloat {p}"), hero=p.hero, p=words.percent(chance))
    if p.kind == "fire":
        if p.inside:
            return words(N_("{hero} burns for {n} inside the fire"), hero=p.hero, n=n(p.damage))
        return words(N_("{hero} burns for {n}, smothers it {p}"), hero=p.hero, n=n(p.damage), p=words.percent(chance))
    if p.kind == "nuisance":
        from runehall.systems.rune.encounters.run_traps import find_trap

        swarm = find_trap(state, p.trap)[2].package
        assert isinstance(swarm, Nuisance)
        stays, dodges = swarm_chances(state, swarm, p, options)
        return words(N_("{hero} stays {p}, dodges the bite {q}"), hero=p.hero, p=words.percent(stays),
                     q=words.percent(dodges))  # fmt: skip
    return words(N_("{hero} breaks free {p}"), hero=p.hero, p=words.percent(chance))


def hazard_moves(state: RunState, words: Words, seat: Seat, options: Any) -> list[Move]:
    """A button for each hazard still holding heroes, with each one's chance; the runner's alone."""
    from runehall.systems.rune.encounters.run_traps import find_trap, standing

    if state.notes is None or not state.traps.perils:
        return []
    alive = standing(state, options)
    found = []
    for trap_id in dict.fromkeys(p.trap for p in state.traps.perils):
        held = [p for p in state.traps.perils if p.trap == trap_id and p.hero in alive]
        if not held:
            continue
        name = find_trap(state, trap_id)[1].name
        hint = "; ".join(_said(state, p, words, options) for p in held)
        title = words(N_("A round in {trap}"), trap=name)
        found.append(Move("hazard_round", title, params={"trap": trap_id}, ask=ASKED[held[0].kind], hint=hint))
    return found


def peril_rows(state: RunState, words: Words) -> list[SheetRow]:
    """Who is in which hazard now (for the board's section of what the traps left)."""
    names = {el.id: el.name for e in (state.notes.events if state.notes else ()) for el in e.elements}
    rows = []
    for p in state.traps.perils:
        trap, n = names.get(p.trap, ""), words.number
        if p.kind == "drowning":
            said = (words(N_("drowning in {trap}, {n} rounds under"), trap=trap, n=n(p.under)) if p.under
                    else words(N_("swimming in {trap}"), trap=trap))  # fmt: skip
        elif p.kind == "fire":
            said = words(N_("on fire ({trap}): {n} damage next round"), trap=trap, n=n(p.damage))
        elif p.kind == "nuisance":
            said = words(N_("in the swarm of {trap}, {n} HP lost to it"), trap=trap, n=n(p.damage))
        else:
            said = words(N_("held by {trap}"), trap=trap)
        rows.append(SheetRow(p.hero, said))
    return rows


def _hurt(h: Mapping[str, Any], words: Words) -> str:
    n = words.number
    health = words(HEALTH.get(h.get("health", "active"), HEALTH["active"]))
    return words(N_("{lost} HP lost, {hp} left, {health}"), lost=n(h["hp_lost"]), hp=n(h["hp"]), health=health)


def spring_rows(perils: Mapping[str, Any], words: Words) -> list[Row]:
    """What a sprung drowning, fire or grabber did to each hero, for the trap's card."""
    rows = []
    for hero, part in perils.items():
        if part.get("swimming"):
            rows.append(Row(hero, words(N_("in the water, swimming"))))
        elif part.get("under"):
            rows.append(Row(hero, words(N_("goes under: {hurt}"), hurt=_hurt(part, words))))
        elif part.get("catches") is False:
            rows.append(Row(hero, words(N_("the flames do not catch ({die})"), die=words.number(part["die"]))))
        elif part.get("catches"):
            rows.append(Row(hero, words(N_("his clothing burns: {hurt}"), hurt=_hurt(part, words))))
        elif part.get("bitten"):
            rows.append(Row(hero, words(N_("bitten: {hurt}"), hurt=_hurt(part, words))))
        elif part.get("held"):
            rows.append(Row(hero, words(N_("held fast"))))
    return rows


def round_card(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event.get("result") or {}
    n = words.number
    rows = []
    for hero in r.get("order") or list(r["heroes"]):
        h = r["heroes"][hero]
        if h.get("flees"):
            said = words(N_("Bravery {total} against {aim}: flees the swarm"), total=n(h["bravery"]),
                         aim=n(h["bravery_difficulty"]))  # fmt: skip
        elif h.get("dodged"):
            said = words(N_("dodges the bite"))
        elif h.get("out"):
            said = words(N_("out of it"))
        elif "hp_lost" in h:
            said = _hurt(h, words)
            said = words(N_("goes under: {hurt}"), hurt=said) if h.get("under") == 1 else said
        else:
            said = words(N_("still held")) if h.get("held") or r["kind"] == "grabber" else words(N_("stays afloat"))
        if "total" in h:
            said = words(N_("{total} against {aim}: {said}"), total=n(h["total"]), aim=n(h["difficulty"]), said=said)
        rows.append(Row(hero, said))
    action = words(N_("{trap}: round {round}"), trap=r["name"], round=n(r["round"]))
    result = words(N_("it goes on")) if r["goes_on"] else words(N_("it is over"))
    chips = tuple(Chip(str(f), sides=10) for group in r.get("faces") or () for f in group)
    hurt = any("hp_lost" in h and h["hp_lost"] for h in r["heroes"].values())
    return Card(action, result, "failure" if hurt else "success", tuple(rows), chips)
