"""What befalls the heroes outside the notes in an encounter run (spec 001c §11.7, §11.9; 001b §6.2): wandering
monsters sent to move lingering heroes along, the whole party running away from a fight, and the players'
vote crediting a foe's trap damage to the heroes who maneuvered it there. None of them are notes rolls: the
monsters and the flight score no victory points; the trap credit scores damage dealt as a blow would.

Heroes keep their hit points between the fights of an encounter: what harm outside a fight left them with
is kept in the state (`outside`) and carried into the next fight.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import NoParams, RulesModel
from runehall.systems.rune.combat.build import CombatantSpec, build
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.tracker import ACTIONS as FIGHT_ACTIONS
from runehall.systems.rune.encounters import run_multiple
from runehall.systems.rune.encounters.design import MAX_HEROES, RollSpec
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_rolls import bonus
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.running_risks import run_away, wandering_monsters

FIGHT_DAMAGE = FIGHT_ACTIONS["damage"]

SPRINT = RollSpec(id="sprint", name="Sprint", ability="sprint")
D10 = 10


def heroes_now(state: RunState, options: Any) -> dict[str, int]:
    """Each hero's hit points now: as the last fight left him (or whole), then what befell him since."""
    found: dict[str, int] = {}
    last = {c.name: c for c in state.fights[-1].fight.combatants} if state.fights else {}
    for order, hero in enumerate(state.setup.heroes):
        if hero.name in last:
            found[hero.name] = last[hero.name].hp
        else:
            spec = CombatantSpec(name=hero.name, sheet=dict(hero.sheet), hero=True)
            found[hero.name] = build(spec, options, order).hp_max
    return found | dict(state.outside)


class WanderingAction(RunAction):
    name: ClassVar[str] = "wandering_monsters"
    title: ClassVar[str] = N_("Wandering monsters")
    summary: ClassVar[str] = (
        "Heroes who linger meet wandering monsters: a die for their kind, one unmodified die a hero."
    )
    Params: ClassVar[type[RulesModel]] = NoParams
    random: ClassVar[bool] = True

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        if state.fight is not None:
            raise RulesError(N_("wandering monsters come between fights, not during one"))
        hp = heroes_now(state, options)
        category = source.die(D10)
        dice = {name: source.die(D10) for name in hp}
        met = wandering_monsters(category, dice, hp)
        outside = dict(state.outside) | {name: h.hp_after for name, h in met.harm.items()}
        result = {
            "category": met.category,
            "category_die": category,
            "difficulty": met.difficulty,
            "dam": met.dam,
            "harm": {
                n: {"die": h.die, "success": h.success, "hp_lost": h.hp_lost, "hp": h.hp_after}
                for n, h in met.harm.items()
            },
            "slaughtered": met.slaughtered,
            "order": list(dice),  # whose die, in the order drawn
        }
        return state.model_copy(update={"outside": outside}), result


class RunAwayAction(RunAction):
    name: ClassVar[str] = "run_away"
    title: ClassVar[str] = N_("The heroes run away")
    summary: ClassVar[str] = "Every hero flees at once: his Sprint against the Res of the fastest foe still standing."
    Params: ClassVar[type[RulesModel]] = NoParams
    random: ClassVar[bool] = True

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        fight = state.fight
        if fight is None:
            raise RulesError(N_("the heroes run away from a fight, and none is under way"))
        foes = [c for c in fight.combatants if not c.hero and c.active]
        heroes = [c for c in fight.combatants if c.hero and c.active]
        if not foes or not heroes:
            raise RulesError(N_("nobody is left on one side: there is no one to run from"))
        fastest = max(foes, key=lambda c: (c.move_full, c.res or 0))
        res_roll, res_faces = stress(source)
        res_total = res_roll + (fastest.res or 0)
        sheets = {h.name: h.sheet for h in state.setup.heroes}
        sprints: dict[str, int] = {}
        faces: dict[str, list[int]] = {}
        for hero in heroes:
            rolled, shown = stress(source)
            faces[hero.name] = list(shown)
            sprints[hero.name] = rolled + bonus(hero.name, sheets[hero.name], SPRINT, options)
        fled = run_away(res_total, sprints, {h.name: h.hp for h in heroes})
        ended = fight.model_copy(
            update={
                "phase": "over",
                "ended": "the heroes ran away",
                "combatants": tuple(_after(c, fled) for c in fight.combatants),
            }
        )
        last = state.fights[-1].model_copy(update={"fight": ended})
        result = {
            "fastest": fastest.name,
            "order": list(faces),  # whose Sprint, in the order drawn
            "res": {"faces": list(res_faces), "total": res_total},
            "heroes": {
                n: {"faces": faces[n], "sprint": f.sprint, "caught": f.caught, "hp": f.hp_after}
                for n, f in fled.items()
            },
        }
        multiples = run_multiple.fight_over(state.multiples)
        return state.model_copy(update={"fights": (*state.fights[:-1], last), "multiples": multiples}), result


def _after(c: Combatant, fled: dict[str, Any]) -> Combatant:
    flight = fled.get(c.name)
    return c if flight is None else c.model_copy(update={"hp": flight.hp_after, "health": "gone"})


class TrapCreditParams(RulesModel):
    foe: str = Field(min_length=1, max_length=60, description="The foe a trap or hazard hurt.")
    damage: int = Field(ge=1, le=999, description="The damage it took, after Soak.")
    heroes: tuple[str, ...] = Field(
        min_length=1, max_length=MAX_HEROES, description="Who maneuvered it there (several: split evenly)."
    )


class TrapCreditAction(RunAction):
    name: ClassVar[str] = "trap_credit"
    title: ClassVar[str] = N_("Credit a foe's trap damage")
    summary: ClassVar[str] = "The players' vote: damage a foe took from a trap the heroes put it in, to one or split."
    Params: ClassVar[type[RulesModel]] = TrapCreditParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        fight = state.fight or (state.fights[-1].fight if state.fights else None)
        foe = next((c for c in (fight.combatants if fight else ()) if c.name == params.foe and not c.hero), None)
        if foe is None:
            raise RulesError(N_("no foe {foe!r} in the fight"), foe=params.foe)
        heroes = [_hero(state, h) for h in params.heroes]
        if len(set(heroes)) != len(heroes):
            raise RulesError(N_("each hero is named once"))
        share = params.damage // len(heroes)
        left = max(0, foe.hp + params.damage)  # the foe's HP before the trap's damage
        tally = state.tally
        for hero in heroes:
            tally = tally.damage(hero, foe.name, share, left, via="trap")
            left = max(0, left - share)
        return state.model_copy(update={"tally": tally}), {"foe": foe.name, "heroes": heroes, "each": share}


class StruckParams(RulesModel):
    hero: str = Field(min_length=1, max_length=60, description="The hero who deliberately struck another.")
    victim: str = Field(min_length=1, max_length=60, description="The hero he struck.")
    damage: int = Field(ge=1, le=999, description="The HP the victim lost, after Soak.")
    possessed: bool = Field(False, description="He was possessed (a Viking Axe's power...): it costs him nothing.")


class StruckAction(RunAction):
    name: ClassVar[str] = "hero_struck_hero"
    title: ClassVar[str] = N_("A hero struck another")
    summary: ClassVar[str] = (
        "A player had his hero deliberately hurt another: 5 VP a point from him, the HP from the victim."
    )
    Params: ClassVar[type[RulesModel]] = StruckParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero, victim = _hero(state, params.hero), _hero(state, params.victim)
        tally = state.tally.pvp(hero, victim, params.damage, params.possessed)
        update: dict[str, Any] = {"tally": tally}
        fight = state.fight
        if fight is not None:  # the blow lands in the fight under way: the victim loses the HP there
            after, _ = FIGHT_DAMAGE.apply(
                fight, FIGHT_DAMAGE.parse_params({"who": victim, "raw": params.damage, "soak": False}), options, source
            )
            update["fights"] = (*state.fights[:-1], state.fights[-1].model_copy(update={"fight": after}))
        else:
            now = heroes_now(state, options)
            update["outside"] = dict(state.outside) | {victim: now[victim] - params.damage}
        result = {"hero": hero, "victim": victim, "damage": params.damage, "possessed": params.possessed}
        return state.model_copy(update=update), result
