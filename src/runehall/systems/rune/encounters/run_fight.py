"""The fights of an encounter run: a combat event of the notes staged with its foes made by the Foe Maker from
the Roll of Valor, and every move of Rune's combat tracker played inside the run, so the tally is fed by what
the fight's own results say (feed.py): damage dealt and taken, kills, hero-vs-hero blows, heroes almost down
or dead. Heroes carry their HP and Wounds from one fight of the encounter to the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune import foes
from runehall.systems.rune.combat.gift_moves import spends_vp
from runehall.systems.rune.combat.settings import fold
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.combat.tracker import ACTIONS as FIGHT_ACTIONS
from runehall.systems.rune.combat.tracker import CombatSetup
from runehall.systems.rune.combat.tracker import start as start_fight
from runehall.systems.rune.encounters import gear_play, item_rolls, run_multiple
from runehall.systems.rune.encounters.called import extra_names, foe_names
from runehall.systems.rune.encounters.design import Combat, Creature, Event
from runehall.systems.rune.encounters.feed import facts
from runehall.systems.rune.encounters.foe_pricing import creature_mix_modifier
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_cracks import dropped
from runehall.systems.rune.encounters.run_effects import cover_of, effects_of
from runehall.systems.rune.encounters.run_gift_vp import fed_with_gifts
from runehall.systems.rune.encounters.run_gifts import carry_counters, sheet_now
from runehall.systems.rune.encounters.run_ground import ground
from runehall.systems.rune.encounters.run_items import fight_sheet
from runehall.systems.rune.encounters.run_state import Fought, RunState
from runehall.systems.rune.encounters.tally import Tally, Target
from runehall.systems.rune.encounters.trap_effects import after_fight_staged, fight_effects
from runehall.systems.rune.encounters.trap_play_state import outside_harm
from runehall.systems.rune.foe_data import FoeType
from runehall.systems.tracker import TrackerAction

ROW = 2  # paces between people standing side by side at the start
APART = 12  # paces between the heroes' line and the foes'
NO_VP_KINDS: dict[str, Target] = {
    "tube_striker": "tube_striker",
    "small_land_crab": "land_crab",
    "large_land_crab": "land_crab",
}


def combat_event(state: RunState, event_id: str) -> tuple[Event, Combat]:
    assert state.notes is not None
    for event in state.notes.events:
        if event.id == event_id:
            if event.combat is None:
                raise RulesError(N_("{event} holds no fight"), event=event_id)
            return event, event.combat
    raise RulesError(N_("the notes have no event {event!r}"), event=event_id)


def foe_kind(type_id: str, creatures: Sequence[Creature]) -> FoeType:
    """A foe's type: the gallery's, or a creature of the designer's own made into one (its own Adjust, icons and
    Move; any Threat Category; the Mix modifier its Adjust prices, 001b §10.3)."""
    made = next((c for c in creatures if c.id == type_id), None)
    if made is None:
        return foes.foe_type(type_id)
    return FoeType(
        id=made.id,
        family=made.name,
        name=made.name,
        label=made.name,
        benchmark=0,
        max_threat="terrifying",
        move=made.move,
        adjust=dict(made.adjust),
        mix=creature_mix_modifier(made.adjust),
        page=0,
        missiles=made.missiles,
        weapons=made.weapons,
        behaviour=made.behaviour,
        night_vision=made.night_vision,
    )


def extras_of(combat: Combat, names: Sequence[str], creatures: Sequence[Creature]) -> list[dict[str, Any]]:
    """The fight's decoys and hostages from the notes' terrain: each hostage held by the foe the notes name
    (else the first crafty foe of the fight), beside him; the decoys behind the foes' line. Those the notes
    leave unnamed are called by what they are, in each reader's language (called.py)."""
    by_id = dict(zip((f.id for f in combat.foes), names, strict=True))
    crafty = [n for f, n in zip(combat.foes, names, strict=True) if foe_kind(f.type, creatures).behaviour == "crafty"]
    found: list[dict[str, Any]] = []
    for feature in combat.terrain:
        if feature.kind == "decoys":
            for i, name in enumerate(extra_names(feature)):
                found.append({"name": name, "kind": "decoy", "at": [APART + 4, i * ROW]})
        elif feature.kind == "hostages":
            holders = [by_id[h] for h in feature.held_by if h in by_id] or crafty[:1]
            for i, name in enumerate(extra_names(feature)):
                captor = holders[i % len(holders)] if holders else None
                found.append({"name": name, "kind": "hostage", "captor": captor})
    return found


def staged(state: RunState, combat: Combat, options: Any) -> tuple[CombatState, dict[str, int]]:
    """The fight as the notes set it: the heroes in a line, the foes facing them, built from the Roll of Valor;
    and each foe's Might (its death blow is half of it)."""
    assert state.valor is not None
    heroes = len(state.setup.heroes)
    # a pillager may have his hero strike another on purpose (at a price in VP); the proxy may not turn the runner's
    # hero on anyone, unless to strike back (001b §6.3, item 5): that right comes with the first blow at him
    people: list[dict[str, Any]] = [
        {"name": h.name, "side": "heroes", "sheet": sheet_now(state, h.name, fight_sheet(state, h, options)),
         "at": [0, i * ROW],
         "strikes_heroes": h.name != state.tally.runner_hero,
         "designer": h.name == state.tally.runner_hero}  # his proxy rolls his Scourging of Fell Spirits
        for i, h in enumerate(state.setup.heroes)
    ]  # fmt: skip
    might: dict[str, int] = {}
    assert state.notes is not None
    names = foe_names(combat, state.notes.creatures)
    for i, (foe, name) in enumerate(zip(combat.foes, names, strict=True)):
        kind = foe_kind(foe.type, state.notes.creatures)
        if foe.adjust is not None:  # this foe's own Adjust instead of its type's (001b A-60)
            kind = kind.model_copy(update={"adjust": dict(foe.adjust)})
        stats = foes.foe_stats(kind, foe.threat, state.valor, foe.use_adjust, foe.missile, heroes)
        might[name] = stats.might
        at = (APART, i * ROW)
        people.append(foes.foe_spec(kind, foe.threat, stats, name, "foes", at, foe.self_willed, foe.attacks_foes))
    first = not state.fights
    bystanders = extras_of(combat, names, state.notes.creatures)
    rows = max(len(state.setup.heroes), len(combat.foes))
    terrain = ground(combat, APART, rows, ROW)
    foe_specs = people[len(state.setup.heroes) :]
    for spec, foe in zip(foe_specs, combat.foes, strict=True):  # its icon: a creature of the designer's own has one
        spec["behaviour"] = foe_kind(foe.type, state.notes.creatures).behaviour
    effects = effects_of(combat, [str(spec["name"]) for spec in foe_specs])  # weird magic, obscurant, missile penalty
    effects += fight_effects(state.traps, {el.id: el.name for e in state.notes.events for el in e.elements})
    effects += [e.model_dump(mode="json") for e in item_rolls.fight_effects(state.item_bonuses)]  # potions, charms
    setup = {"combatants": people, "new_encounter": first, "extras": bystanders, "terrain": terrain, "effects": effects}
    fight = start_fight(CombatSetup.model_validate(setup), options)
    behind = cover_of(combat, [h.name for h in state.setup.heroes])
    kept = ("hp", "wounds", "impairment_other", "health")
    carried = {} if first else {c.name: c for c in state.fights[-1].fight.combatants if c.hero}
    people_now = []
    for c in fight.combatants:
        if c.name in carried:
            c = c.model_copy(update={k: getattr(carried[c.name], k) for k in kept})
            if c.health == "gone":  # fled the last fight: back on his feet for the next
                c = c.model_copy(update={"health": "active"})
        if c.name in state.outside:  # harm since (wandering monsters, a flight), healing at a haven (run_haven.py)
            c = c.model_copy(update={"hp": min(c.hp_max, state.outside[c.name])})
        c = outside_harm(state.traps, c)  # a trap's Wounds, health and Impairment since (run_traps.py)
        c = gear_play.in_fight(state.traps, c)  # what traps left of his weapons, armour, shield (gear_play.py)
        if c.name in behind:  # the notes' cover
            c = c.model_copy(update={"cover": behind[c.name]})
        people_now.append(c)
    return carry_counters(state, fight.model_copy(update={"combatants": tuple(people_now)})), might


class FightParams(RulesModel):
    event: str = Field(min_length=1, max_length=40, description="The event of the notes whose fight begins.")


class FightAction(RunAction):
    name: ClassVar[str] = "fight"
    title: ClassVar[str] = N_("Begin a fight")
    summary: ClassVar[str] = "A combat event of the notes begins: its foes are made from the Roll of Valor."
    Params: ClassVar[type[RulesModel]] = FightParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        if state.fight is not None:
            raise RulesError(N_("a fight is under way: it ends before another begins"))
        if any(f.event == params.event for f in state.fights):
            raise RulesError(N_("that event's fight has been fought"))
        event, combat = combat_event(state, params.event)
        fight, might = staged(state, combat, options)
        fought = (*state.fights, Fought(event=event.id, fight=fight, might=might))
        result = {"event": event.id, "foes": foe_names(combat, state.notes.creatures if state.notes else ())}
        traps = after_fight_staged(state.traps).model_copy(update={"wounds": {}, "health": {}})  # the fight's now
        update = {"fights": fought, "outside": {}, "traps": traps, "item_bonuses": ()}  # the fight counts their rounds
        from runehall.systems.rune.encounters.ambush_play import on_fight

        return on_fight(state.model_copy(update=update), event.id), result  # an ambush kept for this fight


def fed(tally: Tally, state: RunState, before: CombatState, after: CombatState, result: dict[str, Any]) -> Tally:
    """The tally after one fight move: each fact of the move recorded as the rules score it."""
    assert state.notes is not None
    kinds: dict[str, str] = {}
    for e in state.notes.events:
        if e.combat is not None:
            kinds |= dict(zip(foe_names(e.combat, state.notes.creatures), (f.type for f in e.combat.foes), strict=True))
    might = state.fights[-1].might
    hp_before = {c.name: max(0, c.hp) for c in before.combatants}
    for fact in facts(before, after, result):
        if fact.kind == "damage":
            kind = NO_VP_KINDS.get(kinds.get(fact.other or "", ""), "foe")
            if kind != "tube_striker":
                tally = tally.damage(fact.hero, fact.other or "", fact.amount, hp_before[fact.other or ""], kind)
        elif fact.kind == "kill":
            foe = fact.other or ""
            kind = NO_VP_KINDS.get(kinds.get(foe, ""), "foe")
            if kind == "tube_striker":
                continue
            dropper = fact.dropped_by if _by_hero(fact.dropped_by, before) else None
            glory = next((c.glory_vp for c in after.combatants if c.name == foe), 0)  # an Axe of Glory's hits
            if dropper is not None:  # a Dishonored dropped by one hero, finished by another: they split it
                tally = tally.kill(dropper, foe, might.get(foe, 0), fact.hero, kind, glory)
            else:
                tally = tally.kill(fact.hero, foe, might.get(foe, 0), foe_kind=kind, glory=glory)
                tally = fair_title(tally, before, after, fact.hero, foe)
        elif fact.kind == "hurt" and not _by_hero(fact.other, before):
            tally = tally.hurt(fact.hero, fact.amount)
        elif fact.kind == "pvp":
            tally = tally.pvp(fact.hero, fact.other or "", fact.amount)
        elif fact.kind == "almost_down":
            hero = {c.name: c for c in after.combatants}[fact.hero]
            tally = tally.hero_hp(fact.hero, hero.hp, hero.wounds)
        elif fact.kind in ("hostage_freed", "hostage_slain"):
            tally = tally.hostage(fact.hero, freed=fact.kind == "hostage_freed")
        elif fact.kind == "died":
            killer = fact.other if _by_hero(fact.other, before) else None
            tally = tally.hero_died(fact.hero, "hero_deliberate" if killer else "foe", killer)
    return tally


def fair_title(tally: Tally, before: CombatState, after: CombatState, killer: str, foe: str) -> Tally:
    """The Blade of Fair Title (001c §8.12, A-41): a hero whose blade had dealt the foe `killer` just killed more
    damage than the killer dealt it in all takes 5X VP of the killer's death blow, never more than it."""
    people = {c.name: c for c in before.combatants}
    dead = next((c for c in after.combatants if c.name == foe), None)
    blow = sum(e.amount for e in tally.of("death_blow") if e.hero == killer and e.meta.get("foe") == foe)
    dealt = sum(int(e.meta.get("dealt", 0)) for e in tally.of("damage_dealt")
                if e.hero == killer and e.meta.get("foe") == foe)  # fmt: skip
    for user, blade in sorted((dead.blade_dealt if dead is not None else {}).items()):
        wielder = people.get(user)
        if wielder is None or user == killer or not wielder.fair_title or blade <= dealt:
            continue
        if not any(s.hero == user for s in tally.seats) or blow <= 0:
            continue
        amount = min(wielder.fair_title, blow)
        tally, blow = tally.fair_title(user, killer, foe, amount), blow - amount
    return tally


def _proxy_may_strike(state: RunState, fight: CombatState, params: Any) -> None:
    """The runner's hero (the proxy plays him) strikes a hero only one who struck him first."""
    people = {fold(c.name): c for c in fight.combatants}
    who, target = people.get(fold(str(params.who))), people.get(fold(str(params.target)))
    if who is None or target is None or not (who.hero and target.hero) or who.name != state.tally.runner_hero:
        return
    if not any(e.hero == target.name and e.meta.get("victim") == who.name for e in state.tally.of("pvp_damage")):
        raise RulesError(N_("the proxy may never turn the runner's hero on another hero"))


def _proxy_may_not_spend(state: RunState, fight: CombatState, params: Any) -> None:
    """The proxy never spends the runner's hero's VP, nor raises his Divine Connection (001b §2.1)."""
    hero = next((c for c in fight.combatants if fold(c.name) == fold(str(params.who))), None)
    if hero is not None and hero.name == state.tally.runner_hero:
        raise RulesError(N_("the proxy may never spend the runner's hero's VP"))


def _struck_back_allowed(tally: Tally, fight: CombatState) -> CombatState:
    """Once a hero has struck the runner's hero, the runner's hero may strike back (his proxy's move appears)."""
    runner = tally.runner_hero
    if not any(e.meta.get("victim") == runner for e in tally.of("pvp_damage")):
        return fight
    people = [c.model_copy(update={"strikes_heroes": True}) if c.name == runner else c for c in fight.combatants]
    return fight.model_copy(update={"combatants": tuple(people)})


def _by_hero(name: str | None, state: CombatState) -> bool:
    return any(c.name == name and c.hero for c in state.combatants)


class InFight(TrackerAction[RunState]):
    """One of the combat tracker's moves, made in the run's fight under way; its facts feed the tally."""

    def __init__(self, inner: TrackerAction[CombatState]) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[misc]
        self.title = inner.title  # type: ignore[misc]
        self.summary = inner.summary  # type: ignore[misc]
        self.Params = inner.Params  # type: ignore[misc]
        self.random = inner.random  # type: ignore[misc]
        self.actor_param = inner.actor_param  # type: ignore[misc]

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        fight = state.fight
        if fight is None:
            raise RulesError(N_("no fight is under way"))
        if self.name == "attack":
            _proxy_may_strike(state, fight, params)
        if self.name in ("buy_gift", "use_gift") and spends_vp(self.name, params):
            _proxy_may_not_spend(state, fight, params)
        after, result = self.inner.apply(fight, params, options, source)
        tally, after = fed_with_gifts(state, fight, after, result, fed)  # gifts' VP; a superseded move taken back
        after = _struck_back_allowed(tally, after)
        last = state.fights[-1].model_copy(update={"fight": after})
        update: dict[str, Any] = {"fights": (*state.fights[:-1], last), "tally": tally}
        hauls = dropped(state.hauls, self.name, result)  # Through the Cracks: a fleer's treasure lost (run_cracks.py)
        if hauls is not None:
            update["hauls"] = hauls
        if after.phase == "over":  # an Action Sink not met by the fight's end is lost
            update["multiples"] = run_multiple.fight_over(state.multiples)
        return state.model_copy(update=update), result

    def describe(self, event: Any, words: Any, who: str) -> Any:
        return self.inner.describe(event, words, who)

    def spends_players_own(self, params: Any) -> bool:
        return self.inner.spends_players_own(params)

    def choice_label(self, field: str, value: str, words: Any) -> str | None:
        return self.inner.choice_label(field, value, words)


IN_FIGHT: dict[str, TrackerAction[RunState]] = {name: InFight(a) for name, a in FIGHT_ACTIONS.items()}
