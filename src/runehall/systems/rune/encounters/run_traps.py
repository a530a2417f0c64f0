"""A trap or hazard of the notes sprung at the table (spec 001c §6, §7.5; 001b §6.2-§6.4): the runner springs it
by its name, the heroes make its roll (the roll of the notes it hangs on, scored as that roll is), and each hero
whose fate is a failure suffers it: its damage (a Dam rating or open-ended dice, plus his failure, less his Soak or
only its non-armour part), a fall's landing after a Jump roll, Impairment; a failed roll's sticks and the foes'
bonuses, a carrot for a success, are kept for later. Recurring and escalating damage goes on, a round a move
(`trap_round`), each victim trying the ending roll first.

In a fight the harm is dealt in the fight (Wounds, dying, death as a blow gives them) and the trap comes into play
for the runner (001c §6.13); outside a fight the hero's HP, Wounds and health are kept in the run for the next
fight. A hero a trap kills dies by a trap (or a hazard). Every die is stored, in the order drawn (`faces`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.arithmetic import health_of, wounds_from
from runehall.systems.rune.combat.build import CombatantSpec, build
from runehall.systems.rune.combat.effects import Effect
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.tracker import ACTIONS as FIGHT_ACTIONS
from runehall.systems.rune.encounters import ambush_play, gear_play, hazard_play, item_rolls, lost_play, trap_gifts
from runehall.systems.rune.encounters.design import MAX_HEROES, Element, Event, RollSpec
from runehall.systems.rune.encounters.feed import facts
from runehall.systems.rune.encounters.hazards import fall, ongoing_raw, pick_victims, soak_against
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_dangers import heroes_now
from runehall.systems.rune.encounters.run_rolls import NotedRollAction, NotedRollParams, adds, bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.tally import Tally
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.encounters.trap_effects import after_roll, fight_effects, ills_of, on_roll
from runehall.systems.rune.encounters.trap_play_state import Mark, Ongoing, TrapPlay
from runehall.systems.rune.encounters.traps import Trap
from runehall.systems.rune.treasure.legendary import torc_spared
from runehall.systems.rune.treasure.legendary_ring import ring_times

FIGHT_DAMAGE = FIGHT_ACTIONS["damage"]
JUMP = RollSpec(id="jump", name="Jump", ability="jump")
PLAYED = (None, "falling", "acid", "lost", "ambush", *hazard_play.PLAYED_HERE)  # played here; others by hand (§34.5)


def traps_of(state: RunState) -> list[tuple[Event, Element]]:
    """Every trap and hazard of the notes, in their order (and the heroes' ambushes, gains sprung as traps are)."""
    assert state.notes is not None
    return [(e, el) for e in state.notes.events for el in e.elements if el.trap and (el.kind in ("trap", "hazard")
            or (el.trap.package is not None and el.trap.package.kind == "ambush"))]  # fmt: skip


def why_not(state: RunState, event: Event, element: Element) -> str | None:
    """Why this trap cannot be sprung now (a sentence to translate), or None."""
    assert element.trap is not None
    if element.id in state.traps.sprung:
        return N_("{trap} has been sprung: what it does is played")
    fight = state.fights[-1] if state.fight is not None else None
    if fight is not None and fight.event != event.id:
        return N_("{trap} is not in the event of the fight under way")
    if any(f.event == event.id and f.fight.phase == "over" for f in state.fights):
        return N_("{trap}'s event is over: its fight has been fought")
    if fight is None and (element.in_combat or element.trap.triggers):
        return N_("{trap} is set off during its event's fight, and none is under way")
    package = element.trap.package.kind if element.trap.package else None
    if package == "ambush" and event.combat is None:
        return N_("{trap}'s event holds no fight to be ambushed in")
    if package not in PLAYED:
        return N_("{trap} is played by hand with the mechanics (rules §34.5)")
    if element.roll is None:
        return N_("{trap} names no roll to avoid it")
    return None


def find_trap(state: RunState, trap_id: str) -> tuple[Event, Element, Trap]:
    for event, element in traps_of(state):
        if element.id == trap_id:
            assert element.trap is not None
            return event, element, element.trap
    raise RulesError(N_("the notes have no trap or hazard {trap!r}"), trap=trap_id)


def standing(state: RunState, options: Any) -> list[str]:
    """The heroes a trap can still strike: alive and not fled."""
    fight = state.fight
    gone = {c.name for c in fight.combatants if c.health in ("dead", "gone")} if fight else set()
    if fight is None and state.fights:
        gone = {c.name for c in state.fights[-1].fight.combatants if c.health == "dead"}
    gone |= {h for h, health in state.traps.health.items() if health == "dead"}
    gone |= {e.hero for e in state.tally.of("hero_died") if e.hero}
    return [h.name for h in state.setup.heroes if h.name not in gone]


def body(state: RunState, hero: str, options: Any) -> Any:
    """The hero as the fight has him (or as his sheet builds him): his Soak, armour Prot, WT, HP."""
    fight = state.fight or (state.fights[-1].fight if state.fights else None)
    for c in fight.combatants if fight else ():
        if c.name == hero:
            return c
    order = [h.name for h in state.setup.heroes].index(hero)
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    return build(CombatantSpec(name=hero, sheet=dict(sheet), hero=True), options, order)


def _rolled(
    state: RunState, roll: RollSpec, victims: list[str], options: Any, source: Source, rollers: tuple[str, ...] = ()
) -> tuple[Any, ...]:
    """The trap's roll: the notes roll as noted_roll makes it (everyone, by its structure), or, when the trap
    strikes only some, each of them rolling for himself. (state after scoring, result, faces, failure by hero)."""
    if not victims:
        after, r = NotedRollAction().apply(state, NotedRollParams(roll=roll.id, rollers=rollers), options, source)
        faces = [r["dice"][k] for k in r["drawn"] if k in r["totals"]] + [(r["opponent"] or {}).get("faces", [])]
        faces += [r["dice"][k] for k in r["drawn"] if k not in r["totals"]]
        return after, r, [f for f in faces if f], r["fates"]
    if roll.difficulty is None:
        raise RulesError(N_("{roll} is opposed: a trap striking only some is rolled against a Difficulty"),
                         roll=roll.name)  # fmt: skip
    tally, totals, faces, fates = state.tally, {}, [], {}
    for who in victims:
        result, shown = stress(source)
        faces.append(list(shown))
        totals[who] = result + adds(state, who, roll, options)  # his sheet, what traps left, his gifts
        fates[who] = totals[who] >= roll.difficulty
        sheet = next(h.sheet for h in state.setup.heroes if h.name == who)
        spared, times = torc_spared(sheet), ring_times(sheet, roll.ability)  # Torc and Ring of Alberich
        tally = tally.roll(who, roll.id, totals[who], roll.difficulty, roll.freestanding, False,
                           options.success_vp_per_point * times, spared)  # fmt: skip
    r = {"roll": roll.id, "name": roll.name, "totals": totals, "target": roll.difficulty, "fates": fates,
         "group_success": None}  # fmt: skip
    traps = after_roll(state.traps, roll, state.notes)  # its sticks and carrots, Impairment's windows
    on = {w: [list(t) for t in item_rolls.terms(state, w, roll, options)] for w in victims}  # potions, amulets
    items, marked = item_rolls.after(state, roll, totals, fates, options)  # their rounds spent, amulets' failures
    r |= {"items": {w: t for w, t in on.items() if t}, "amulets": marked}
    return state.model_copy(update={"tally": tally, "traps": traps, **items}), r, faces, fates


def _failures(r: dict[str, Any], fates: dict[str, bool]) -> dict[str, int]:
    """Each suffering hero's failure difference: his own shortfall, or (a group's fate he did not roll for, or
    made himself) the largest shortfall among the rollers."""
    target = r.get("target")
    aim = target if target is not None else (r.get("opponent") or {}).get("total", 0)
    short = {h: max(0, aim - t) for h, t in r["totals"].items()}
    worst = max(short.values(), default=0)
    return {h: short.get(h) or worst for h, fine in fates.items() if not fine}


def hurt(
    state: RunState, hero: str, lost: int, cause: str, options: Any, source: Source
) -> tuple[RunState, dict[str, Any]]:
    """HP lost after Soak by a trap: in the fight under way as a blow's, else kept in the run; scored."""
    fight = state.fight
    if fight is not None:
        after, result = FIGHT_DAMAGE.apply(
            fight, FIGHT_DAMAGE.parse_params({"who": hero, "raw": lost, "soak": False}), options, source
        )
        tally = state.tally
        for fact in facts(fight, after, result):
            if fact.kind == "hurt":
                tally = tally.hurt(fact.hero, fact.amount)
            elif fact.kind == "almost_down":
                c = {c.name: c for c in after.combatants}[fact.hero]
                tally = tally.hero_hp(fact.hero, c.hp, c.wounds)
            elif fact.kind == "died":
                tally = tally.hero_died(fact.hero, cause)  # type: ignore[arg-type]
        c = {c.name: c for c in after.combatants}[hero]
        last = state.fights[-1].model_copy(update={"fight": after})
        update = {"fights": (*state.fights[:-1], last), "tally": tally}
        return state.model_copy(update=update), {"hp_lost": lost, "hp": c.hp, "wounds": c.wounds, "health": c.health}
    c = body(state, hero, options)
    hp = heroes_now(state, options)[hero] - lost
    traps = state.traps
    wounds = (c.wounds if state.fights else 0) + traps.wounds.get(hero, 0) + wounds_from(lost, c.wt)
    was = traps.health.get(hero, c.health if state.fights else "active")
    health = health_of(hp, wounds, was, blow=lost > 0)
    added = wounds - (c.wounds if state.fights else 0)
    traps = traps.model_copy(update={"wounds": traps.wounds | {hero: added}, "health": traps.health | {hero: health}})
    scored: Tally = state.tally.hurt(hero, lost) if lost else state.tally
    if health != "dead":
        scored = scored.hero_hp(hero, hp, wounds)
    elif was != "dead":
        scored = scored.hero_died(hero, cause)  # type: ignore[arg-type]
    update = {"outside": state.outside | {hero: hp}, "traps": traps, "tally": scored}
    return state.model_copy(update=update), {"hp_lost": lost, "hp": hp, "wounds": wounds, "health": health}


class SpringParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The trap or hazard of the notes (its id).")
    victims: tuple[str, ...] = Field(
        (), max_length=MAX_HEROES, description="Who it can strike, when it strikes only some (default: drawn)."
    )
    rollers: tuple[str, ...] = Field(
        (), max_length=MAX_HEROES, description="Who makes its roll, when one or some make it for everyone."
    )


class SpringTrapAction(RunAction):
    name: ClassVar[str] = "spring_trap"
    title: ClassVar[str] = N_("Spring a trap")
    summary: ClassVar[str] = "A trap or hazard of the notes: the heroes roll to avoid it, those who fail suffer it."
    Params: ClassVar[type[RulesModel]] = SpringParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        from runehall.systems.rune.encounters.trap_cards import sprung_card

        return sprung_card(event, words, who)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        event, element, trap = find_trap(state, params.trap)
        refused = why_not(state, event, element)
        if refused:
            raise RulesError(refused, trap=element.name)
        assert element.roll is not None
        roll = find_roll(state, element.roll)
        alive = standing(state, options)
        most = (trap.targeting.most or trap.targeting.per_round) if trap.targeting else None  # a shot's victims
        named = [_hero(state, n) for n in params.victims]
        if named and most is None:
            raise RulesError(N_("{trap} strikes every hero: name no victims"), trap=element.name)
        if len(set(named)) != len(named) or (most is not None and len(named) > most):
            raise RulesError(N_("{trap} strikes at most {n} heroes, each named once"), trap=element.name, n=most)
        if dead := [n for n in named if n not in alive]:
            raise RulesError(N_("{hero} is not there to be struck"), hero=dead[0])
        drawn = bool(most) and not named
        victims = named or (list(pick_victims(alive, most, source)) if most else [])
        fight = state.fight
        if params.rollers and victims:
            raise RulesError(N_("{trap} strikes only some: each of them rolls for himself"), trap=element.name)
        state, r, faces, fates = _rolled(state, roll, victims, options, source, params.rollers)
        failed = {h: d for h, d in _failures(r, fates).items() if h in alive}
        cause = "hazard" if element.kind == "hazard" else "trap"
        harm: dict[str, Any] = {}
        ongoing: dict[str, int] = {}
        package = trap.package.kind if trap.package else None
        for hero in failed:
            if trap.damage is None and package in (*hazard_play.PLAYED_HERE, "lost", "ambush"):
                continue  # what it does is hazard_play's (lost_play's)
            c = body(state, hero, options)
            amount, dice, jump = 0, None, None
            if trap.damage is not None:
                if trap.damage.dice:
                    dice = [stress(source)[1] for _ in range(trap.damage.dice)]
                    faces += [list(d) for d in dice]
                    amount = sum(_face_total(d) for d in dice)
                else:
                    amount = trap.damage.dam or 0
            raw = max(0, amount + failed[hero]) if trap.damage is not None else 0
            soak = soak_against(c.soak, c.armor_prot, bool(trap.damage and trap.damage.armour_ignoring))
            lost = max(0, raw - soak)
            gifted = trap_gifts.applied(_sheet(state, hero), hero, element, c, failed[hero], options, source)
            if gifted is not None:  # Scorn the Bite of Treachery, Skadi's Cloak, the Cooling Sigh, Serpent's Tears
                soak, lost = gifted[0].soak, trap_gifts.hp_lost(raw, gifted[0])
                faces += gifted[1]
            if trap.package is not None and trap.package.kind == "falling":
                total, shown = stress(source)
                faces.append(list(shown))
                jump = total + bonus(hero, _sheet(state, hero), JUMP, options) + on_roll(state.traps, hero, JUMP)
                feet = trap_gifts.shorter_fall(trap.package.feet, trap_gifts.levels(_sheet(state, hero)))
                landing = fall(feet, jump, soak_against(c.soak, c.armor_prot, True)) if feet else None
                raw, lost = raw + (landing.raw if landing else 0), lost + (landing.hp_lost if landing else 0)
            state, after = hurt(state, hero, lost, cause, options, source)
            harm[hero] = {"failed_by": failed[hero], "raw": raw, "soak": soak, "jump": jump, **after}
            if trap.equipment_damage and after["health"] != "dead":  # each item he carries rolls (gear_play.py)
                state, harm[hero]["gear"], more = gear_play.roll_gear(state, hero, raw, options, source)
                faces += more
            if trap.damage is not None and trap.damage.recurrence != "none" and after["health"] != "dead":
                ongoing[hero] = amount
        struck = {h: fine for h, fine in fates.items() if h in alive}
        state, perils, more = hazard_play.start(state, element, trap, struck, failed, options, source)
        faces += more  # the runner's fire dice
        state, astray = lost_play.start(state, element, r, struck)  # a party gone astray (getting lost)
        state, surprise = ambush_play.start(state, element, r, struck)  # an ambush's surprise, staged in its fight
        killed = {h for h, x in (*harm.items(), *perils.items()) if x.get("health") == "dead"}
        state = _marks(state, element, trap, [h for h in failed if h not in killed])
        state, status = _status(state, trap, failed, alive)
        traps = state.traps
        if ongoing:
            keep = Ongoing(trap=element.id, victims={h: failed[h] for h in ongoing}, amounts=ongoing)
            traps = traps.model_copy(update={"ongoing": (*traps.ongoing, keep)})
        traps = traps.model_copy(update={"sprung": (*traps.sprung, element.id)})
        if trap.targeting and trap.targeting.per_round and element.id not in traps.repeating:  # repeat_play.py
            traps = traps.model_copy(update={"repeating": (*traps.repeating, element.id), "shots": traps.shots | {
                element.id: 1}})  # fmt: skip
        if fight is not None:  # the foes' bonus in the fight under way, from the next round
            state, traps = _foes_now(state, traps, element)
        tally = state.tally
        credited = any(e.meta.get("feature") == element.id for e in tally.of("runner_terrain"))
        in_play = fight is not None and element.kind != "gain" and not credited
        if in_play:  # a trap in a fight makes the heroes roll: it comes into play for the runner (001c §6.13)
            tally = tally.terrain(element.id, "trap", element.name)
        result = {
            "trap": element.id, "name": element.name, "kind": element.kind, "roll": r, "victims": victims,
            "drawn": drawn, "harm": harm, "faces": faces, "ongoing": sorted(ongoing), "in_play": in_play,
            "status": status, "perils": perils, "astray": astray, "ambush": surprise,
        }  # fmt: skip
        return state.model_copy(update={"traps": traps, "tally": tally}), result


def _face_total(faces: Any) -> int:
    from runehall.chance.dice import StressDie

    return int(StressDie().key(tuple(faces)))


def _sheet(state: RunState, hero: str) -> dict[str, Any]:
    return dict(next(h.sheet for h in state.setup.heroes if h.name == hero))


def _marks(state: RunState, element: Element, trap: Trap, failed: list[str]) -> RunState:
    """What a failure leaves for later: Impairment on each failing hero still alive (with its window), a stick
    on a later roll, the foes' bonus; a carrot when nobody failed."""
    assert state.notes is not None
    trap_id = element.id
    traps = state.traps
    traps = traps.model_copy(update={"ills": (*traps.ills, *ills_of(state.notes, element, trap, failed))})
    marks = list(traps.marks)
    if failed:
        marks += [Mark(trap=trap_id, roll=s.roll, points=s.penalty, rounds=s.rounds) for s in trap.sticks]
        marks += [Mark(trap=trap_id, stat=b.stat, points=b.bonus, rounds=b.rounds, all_foes=b.all_foes)
                  for b in trap.foe_bonuses]  # fmt: skip
    if trap.stick_carrot is not None:
        sc = trap.stick_carrot
        points, rounds = (sc.stick, sc.stick_rounds) if failed else (sc.carrot, sc.carrot_rounds)
        if points:
            marks.append(Mark(trap=trap_id, roll=sc.roll, points=points, rounds=rounds, carrot=not failed))
    return state.model_copy(update={"traps": traps.model_copy(update={"marks": tuple(marks)})})


def _status(state: RunState, trap: Trap, failed: dict[str, int], alive: list[str]) -> tuple[RunState, dict[str, int]]:
    """Loss of status (001c §6.8; 001b §6.3 item 4): each hero who failed (refused the task) loses its VP,
    never more than 20 in the encounter, counting what the notes took from him before."""
    if not trap.loss_of_status:
        return state, {}
    most = traps_file().loss_of_status.most
    tally, lost = state.tally, {}
    for hero in (h for h in failed if h in alive):
        before = -sum(e.amount for e in tally.of("status_loss") if e.hero == hero)
        amount = min(trap.loss_of_status, most - before)
        if amount > 0:
            tally, lost[hero] = tally.award("status_loss", amount, hero=hero), amount
    return state.model_copy(update={"tally": tally}), lost


def _foes_now(state: RunState, traps: TrapPlay, element: Element) -> tuple[RunState, TrapPlay]:
    """The foes' bonus of a trap sprung in a fight, staged in it; a bonus for these foes alone is spent."""
    last = state.fights[-1]
    new = TrapPlay(marks=tuple(m for m in traps.marks if m.trap == element.id and m.stat is not None))
    bonuses = fight_effects(new, {element.id: element.name}, last.fight.round)
    if not bonuses:
        return state, traps
    fight = last.fight.model_copy(update={"effects": (*last.fight.effects, *map(Effect.model_validate, bonuses))})
    marks = tuple(m for m in traps.marks if m.trap != element.id or m.stat is None or m.all_foes)
    fights = (*state.fights[:-1], last.model_copy(update={"fight": fight}))
    return state.model_copy(update={"fights": fights}), traps.model_copy(update={"marks": marks})


__all__ = ["SpringTrapAction", "TrapPlay", "hurt", "ongoing_raw"]
