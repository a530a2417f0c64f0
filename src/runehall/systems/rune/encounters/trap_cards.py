"""The traps of an encounter run as people see them: the runner's button for each trap he may spring now, with each
hero's exact chance of making its roll and of losing HP (the trap_damage mechanic's odds, trap_odds.py for the
dice), a button for each round of damage still going on, the card of a sprung trap or of a round, and what the
traps left on the heroes (HP, Wounds, Impairment, sticks, the foes' bonuses) for everyone to see."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from runehall.present.board import Move, Seat
from runehall.present.card import Card, Chip, Row
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters import ambush_cards, gear_play, hazard_cards, lost_cards, run_rolls, trap_gifts
from runehall.systems.rune.encounters.design import Element
from runehall.systems.rune.encounters.hazards import non_wound_impairment
from runehall.systems.rune.encounters.item_roll_cards import roll_rows
from runehall.systems.rune.encounters.run_rolls import find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body, standing, traps_of, why_not
from runehall.systems.rune.encounters.structures import EVERYONE_ROLLS
from runehall.systems.rune.rules import rules
from runehall.systems.rune.stress import at_least
from runehall.systems.rune.trap_mechanics import TrapDamage, TrapDamageParams

HEALTH = {
    "active": N_("on his feet"),
    "incapacitated": N_("incapacitated"),
    "dying": N_("dying"),
    "dead": N_("dead"),
}
STATS = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN")}
SCORES = STATS | {"engagement": N_("Engagement")}


def odds(state: RunState, element: Element, hero: str, options: Any) -> tuple[Fraction, Fraction | None]:
    """The exact chance that the hero's own roll makes the trap's roll, and (for damage) that he loses HP by it.
    A die more than 30 below the target leaves the dice unfollowed: counted as a loss (it almost always is)."""
    assert element.trap is not None and element.roll is not None
    roll = find_roll(state, element.roll)
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    adds = run_rolls.adds(state, hero, roll, options)  # his sheet, what traps left, his gifts: as the roll adds
    t = element.trap.targeting
    if not (t and (t.most or t.per_round)):  # made as noted_roll makes it (a limited trap's victims roll alone)
        adds += run_rolls.buffness(state, roll)[0]
    if roll.difficulty is None:
        return Fraction(0), None
    made = at_least(roll.difficulty - adds)
    damage = element.trap.damage
    if damage is None or not -30 <= adds <= 60 or (damage.dam or 0) > 50 or (damage.dice or 0) > 8:
        return made, None
    c = body(state, hero, options)
    params = TrapDamageParams(
        bonus=adds, difficulty=roll.difficulty, dam=damage.dam or 0, dice=damage.dice or 0,
        soak=min(60, c.soak), armour_prot=min(c.armor_prot, c.soak, 60), armour_ignoring=damage.armour_ignoring,
    )  # fmt: skip
    mechanic = TrapDamage()
    result = mechanic.resolver(params, options)
    if trap_gifts.touches(gifts := trap_gifts.levels(sheet), element):  # a gift against the damage
        outcomes = [(result(k), p) for k, p in mechanic.chance(params, options).dist().items()]
        pre = trap_gifts.presence(sheet, hero, options)
        return made, trap_gifts.hurt_chance(outcomes, gifts, element, c.soak, c.armor_prot, pre)
    hurt = sum((p for k, p in mechanic.chance(params, options).dist().items() if _hurts(result(k))), Fraction(0))
    return made, hurt


def _hurts(r: Any) -> bool:
    return bool(r.hp_lost > 0 or (not r.avoided and r.beyond > 0))


def rollers_asked(
    roll: Any, heroes: list[str]
) -> tuple[dict[str, Any], tuple[str, ...], dict[str, tuple[tuple[str, str], ...]]]:
    """A roll one or some heroes make for everyone (Singular, Rush, No-Fault, Dogpile...) asks who rolls, the
    first hero standing offered: (params, ask, choices) for its button; nothing for a roll everyone makes."""
    if roll is None or roll.structure in EVERYONE_ROLLS or not heroes:
        return {}, (), {}
    return {"rollers": [heroes[0]]}, ("rollers",), {"rollers": tuple((h, h) for h in heroes)}


def trap_moves(state: RunState, words: Words, seat: Seat, options: Any) -> list[Move]:
    """A button for each trap the runner may spring now, by its name, with the odds; one for each round of damage
    still going on. Only the runner sees them (they are his notes) until he shows the notes."""
    if state.notes is None or not (seat.owns or state.disclosed):
        return []
    found = []
    alive = standing(state, options)
    for event, element in traps_of(state):
        if why_not(state, event, element) is not None:
            continue
        chances = []
        for hero in alive:
            made, hurt = odds(state, element, hero, options)
            said = words(N_("{hero} makes it {p}"), hero=hero, p=words.percent(made))
            if hurt is not None:
                said = words(N_("{said}, loses HP {p}"), said=said, p=words.percent(hurt))
            chances.append(said)
        title = words(N_("Spring: {trap}"), trap=element.name)
        params, ask, choices = rollers_asked(find_roll(state, element.roll) if element.roll else None, alive)
        found.append(Move("spring_trap", title, params={"trap": element.id, **params}, ask=ask, choices=choices,
                          hint="; ".join(chances)))  # fmt: skip
    names = {el.id: el.name for _, el in traps_of(state)}
    for going in state.traps.ongoing:
        title = words(N_("Next round: {trap}"), trap=names.get(going.trap, going.trap))
        found.append(Move("trap_round", title, params={"trap": going.trap}))
    return found


def traps_section(state: RunState, words: Words) -> SheetSection | None:
    """What the traps left: each hero hurt outside a fight, Impairment, the sticks, carrots and foes' bonuses."""
    t = state.traps
    if not t.sprung or state.notes is None:
        return None
    n = words.number
    rolls = {r.id: r.name for e in state.notes.events for r in e.rolls}
    rows = []
    for hero, hp in state.outside.items():
        wounds = t.wounds.get(hero, 0)
        health = words(HEALTH[t.health.get(hero, "active")])
        rows.append(SheetRow(hero, words(N_("{hp} HP, {wounds} Wounds taken since the fight, {health}"), hp=n(hp),
                                         wounds=n(wounds), health=health)))  # fmt: skip
    for hero in t.impairment:
        rows.append(SheetRow(hero, words(N_("Impairment {n} on every roll"), n=n(t.penalty(hero)))))
    for ill in t.ills:
        if not ill.general:
            on = [rolls.get(r, "") for r in ill.covers] or [_score(x, words) for x in ill.specific]
            rows.append(SheetRow(ill.hero, words(N_("Impairment {n} on {rolls}"), n=n(non_wound_impairment(ill.points)),
                                                 rolls=words.join(on))))  # fmt: skip
    for m in t.marks:
        if m.roll is not None:
            said = N_("+{n} on {roll} for {rounds} rounds") if m.carrot else N_("-{n} on {roll} for {rounds} rounds")
            rows.append(SheetRow(words(N_("A later roll")), words(said, n=n(m.points), roll=rolls.get(m.roll, ""),
                                                                 rounds=n(m.rounds))))  # fmt: skip
        elif m.stat is not None:
            who = N_("every foe") if m.all_foes else N_("the foes")
            rows.append(SheetRow(words(who), words(N_("+{n} {stat} for {rounds} rounds"), n=n(m.points),
                                                   stat=words(STATS[m.stat]), rounds=n(m.rounds))))  # fmt: skip
    rows += hazard_cards.peril_rows(state, words)  # who is still in the water, on fire, held
    rows += gear_play.gear_rows(state, words)  # the weapons, armour and shields traps harmed
    rows += lost_cards.lost_rows(state, words)  # a party gone astray
    rows += ambush_cards.ambush_rows(state, words)  # an ambush kept for its fight
    return SheetSection(words(N_("What the traps left")), tuple(rows)) if rows else None


def _score(ability: str, words: Words) -> str:
    """An Ability or combat score a specific Impairment names, in the reader's words."""
    if ability in SCORES:
        return words(SCORES[ability])
    names = {a.id: a.name for a in rules().abilities.ability}  # the notes' check names only these
    return words(names[ability]) if ability in names else words(N_("another roll"))


def _chips(faces: Any) -> tuple[Chip, ...]:
    return tuple(Chip(str(f), sides=10) for group in faces or () for f in group)


def _harm_rows(harm: Mapping[str, Any], words: Words) -> list[Row]:
    n = words.number
    rows = []
    for hero, h in harm.items():
        said = words(
            N_("fails by {failed}: {lost} HP lost, {hp} left, {health}"),
            failed=n(h["failed_by"]),
            lost=n(h["hp_lost"]),
            hp=n(h["hp"]),
            health=words(HEALTH.get(h["health"], HEALTH["active"])),
        )
        if h.get("jump") is not None:
            said = words(N_("{said} (Jump {jump})"), said=said, jump=n(h["jump"]))
        rows.append(Row(hero, said))  # fmt: skip
        if h.get("gear") is not None:  # equipment damage (gear_play.py)
            rows.append(Row(hero, gear_play.rolled(h["gear"], words)))
    return rows


def sprung_card(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event.get("result") or {}
    n = words.number
    rolled = r["roll"]
    rows = [Row(words(N_("Struck at")), words.join(r["victims"]))] if r.get("victims") else []
    for hero, total in rolled["totals"].items():
        if hero not in r["harm"]:
            made = rolled["fates"].get(hero, True)
            said = N_("{total}: avoids it") if made else N_("{total}: fails")
            rows.append(Row(hero, words(said, total=n(total))))
    rows += roll_rows(rolled, words)  # potions, charms, amulets on the roll (item_rolls.py)
    rows += _harm_rows(r["harm"], words)
    rows += hazard_cards.spring_rows(r.get("perils") or {}, words)  # drowning, fire, a grabber (hazard_play.py)
    rows += lost_cards.astray_row(bool(r.get("astray")), words)  # getting lost (lost_play.py)
    rows += ambush_cards.sprung_rows(r.get("ambush"), words)  # an ambush's surprise (ambush_play.py)
    for hero, lost in (r.get("status") or {}).items():  # loss of status (001c §6.8)
        rows.append(Row(hero, words(N_("loses {vp} VP of status"), vp=n(lost))))
    if r.get("ongoing"):
        rows.append(Row(words(N_("Goes on")), words.join(r["ongoing"])))
    if r.get("in_play"):
        rows.append(Row(words(N_("Came into play")), words(N_("+20 for the runner"))))
    action = words(N_("{who} springs {trap} ({roll})"), who=who, trap=r["name"], roll=rolled["name"])
    struck = {h for h, part in (r.get("perils") or {}).items() if not part.get("swimming") and part.get("catches", 1)}
    hurt = len(set(r["harm"]) | struck) + bool(r.get("astray")) + bool(r.get("ambush"))
    result = (
        words.n(N_("{n} hero suffers it"), "{n} heroes suffer it", hurt)
        if hurt
        else words(N_("everyone avoids it"))
    )
    return Card(action, result, "failure" if hurt else "success", tuple(rows), _chips(r.get("faces")))


def round_card(event: Mapping[str, Any], words: Words, who: str) -> Card:
    r = event.get("result") or {}
    n = words.number
    rows = [Row(h, words(N_("{total}: frees himself"), total=n(t))) for h, t in r["freed"].items()]
    for hero, h in r["harm"].items():
        rows.append(Row(hero, words(N_("{total}: {lost} HP lost, {hp} left, {health}"), total=n(h["total"]),
                                    lost=n(h["hp_lost"]), hp=n(h["hp"]),
                                    health=words(HEALTH.get(h["health"], HEALTH["active"])))))  # fmt: skip
    action = words(N_("{trap}: round {round}"), trap=r["name"], round=n(r["round"]))
    result = words(N_("it goes on")) if r["goes_on"] else words(N_("it is over"))
    return Card(action, result, "failure" if r["harm"] else "success", tuple(rows), _chips(r.get("faces")))
