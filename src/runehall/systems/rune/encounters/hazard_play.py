"""Drowning, fire and grabbers played by the encounter tracker (spec 001c §7.3, §7.6, §7.8; rules §34.5): what
springing one does to each hero (spring_trap calls `start`), then a round a move (`hazard_round`).

- Drowning: everyone the hazard struck is in deep water. Failing its roll, a hero goes under and drowns at once
  (hazards.drowning_loss, round 1). Each later round a swimmer rolls Swim against hazards.swim_difficulty (the
  notes' water and current, +1 a round after the first); failing, he goes under. A drowning hero cannot save
  himself: he loses the next round's HP until the runner takes him out (a rescue, played by hand) or he dies.
- Fire: a failing hero's clothing catches when the runner's plain d10 meets 6 (4 in quilted or fur armour,
  `flame_ignites`), burning for 6 plus that distance; in a raging fire he burns for 12 at once, whatever he
  wears. Each round a burning hero takes the round's damage less his Soak, 2 more the next round; one who spends
  his action smothering rolls Dex against 4 plus his failed tries (6 for a raging fire's) and is out on a
  success. Inside a raging fire he must step out first (`leave`). Water puts him out (`out`).
- Grabber: a failing hero is held (in a fight, -3 ATK and DFN staged on him, hazards.grabbed) until he breaks
  free: an action and Str + Traps against the grabber's escape Difficulty (6 by default), as often as he likes;
  an ally's roll for him is played by hand (`out`).

Every die is stored in the order drawn; each change is this move's, undone with it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.effects import Effect
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters.design import MAX_HEROES, Element, RollSpec
from runehall.systems.rune.encounters.hazards import (
    Burning,
    burn_on,
    drowning_loss,
    flame_exposure,
    grabbed,
    raging_fire,
    smother,
    smother_difficulty,
    soak_against,
    swim_difficulty,
)
from runehall.systems.rune.encounters.peril_state import Peril
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_rolls import bonus
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.swarm_play import bite, swarm_round
from runehall.systems.rune.encounters.trap_effects import on_roll
from runehall.systems.rune.encounters.traps import Drowning, Fire, Grabber, Nuisance, Trap

PLAYED_HERE = ("drowning", "fire", "grabber", "nuisance")
SWIM = RollSpec(id="swim", name="Swim", ability="swim")
SMOTHER = RollSpec(id="smother", name="Smother the flames", characteristic="dex")
BREAK_FREE = RollSpec(id="break_free", name="Break free", ability="traps", characteristic="str")
ESCAPE = 6  # a grabber's escape Difficulty when the notes give none (001c §7.8)
QUILTED = "quilted_fur"


def adds(state: RunState, hero: str, roll: RollSpec, options: Any) -> int:
    """What the hero adds to the tracker's own roll (Swim, Dex, Str + Traps): his sheet and the traps' Impairment."""
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    return bonus(hero, sheet, roll, options) + on_roll(state.traps, hero, roll)


def escape_difficulty(trap: Trap) -> int:
    package = trap.package
    return package.escape_difficulty or ESCAPE if isinstance(package, Grabber) else ESCAPE


def _burning(p: Peril) -> Burning:
    return Burning(p.damage, p.failed_smothers, p.raging)


def _held(state: RunState, element: Element, hero: str) -> RunState:
    """In a fight under way: a grabbed hero's -3 ATK and DFN staged on him from this round, by the trap's name."""
    if state.fight is None:
        return state
    last = state.fights[-1]
    now = last.fight.round or 1
    hold = grabbed()
    effects = [
        Effect(kind="trap", name=element.name, roll=stat, delta=hold[stat], who="heroes", only=hero, first_round=now)
        for stat in ("atk", "dfn")
    ]
    fight = last.fight.model_copy(update={"effects": (*last.fight.effects, *effects)})
    return state.model_copy(update={"fights": (*state.fights[:-1], last.model_copy(update={"fight": fight}))})


def _freed(state: RunState, element: Element, hero: str) -> RunState:
    """A grabbed hero freed in a fight: his hold's effects end with this round."""
    if state.fight is None:
        return state
    last = state.fights[-1]
    now = max(1, last.fight.round)
    effects = tuple(
        e.model_copy(update={"last_round": max(e.first_round, now)})
        if e.kind == "trap" and e.only == hero and e.name == element.name and e.last_round is None
        else e
        for e in last.fight.effects
    )
    fight = last.fight.model_copy(update={"effects": effects})
    return state.model_copy(update={"fights": (*state.fights[:-1], last.model_copy(update={"fight": fight}))})


def _burn(state: RunState, hero: str, raw: int, cause: str, options: Any, source: Source) -> tuple[RunState, Any]:
    from runehall.systems.rune.encounters.run_traps import body, hurt

    c = body(state, hero, options)
    return hurt(state, hero, max(0, raw - c.soak), cause, options, source)


def _drown(
    state: RunState, hero: str, under: int, failed_by: int, cause: str, options: Any, source: Source
) -> tuple[RunState, Any]:
    from runehall.systems.rune.encounters.run_traps import body, hurt

    c = body(state, hero, options)
    lost = drowning_loss(under, options, failed_by, soak_against(c.soak, c.armor_prot, True))
    return hurt(state, hero, lost, cause, options, source)


def start(
    state: RunState, element: Element, trap: Trap, fates: dict[str, bool], failed: dict[str, int], options: Any,
    source: Source,
) -> tuple[RunState, dict[str, Any], list[list[int]]]:  # fmt: skip
    """What springing a drowning, fire or grabber hazard does beyond its damage: (state, each hero's part, dice)."""
    package = trap.package
    cause = "hazard" if element.kind == "hazard" else "trap"
    perils: list[Peril] = []
    part: dict[str, Any] = {}
    faces: list[list[int]] = []
    for hero in fates:
        lost = failed.get(hero)
        if isinstance(package, Drowning):
            if lost is None:
                perils.append(Peril(trap=element.id, hero=hero, kind="drowning"))
                part[hero] = {"swimming": True}
                continue
            state, after = _drown(state, hero, 1, lost, cause, options, source)
            part[hero] = {"under": 1, **after}
            if after["health"] != "dead":
                perils.append(Peril(trap=element.id, hero=hero, kind="drowning", failed_by=lost, under=1))
        elif isinstance(package, Fire) and lost is not None:
            if package.raging:
                burning: Burning | None = raging_fire()
                die = None
            else:
                die = source.die(10)
                faces.append([die])
                sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
                burning = flame_exposure(die, sheet.get("armor") == QUILTED, options)
            if burning is None:
                part[hero] = {"die": die, "catches": False}
                continue
            state, after = _burn(state, hero, burning.damage, cause, options, source)
            part[hero] = {"die": die, "catches": True, "raw": burning.damage, **after}
            if after["health"] != "dead":
                then = burn_on(burning)
                perils.append(Peril(trap=element.id, hero=hero, kind="fire", failed_by=lost, damage=then.damage,
                                    raging=then.raging, inside=then.raging))  # fmt: skip
        elif isinstance(package, Nuisance) and lost is not None:  # a swarm (swarm_play.py)
            state, after = bite(state, package, hero, cause, options, source)
            part[hero] = {"bitten": True, **after}
            if after["health"] != "dead":
                perils.append(Peril(trap=element.id, hero=hero, kind="nuisance", failed_by=lost,
                                    damage=after["hp_lost"]))  # fmt: skip
        elif isinstance(package, Grabber) and lost is not None:
            perils.append(Peril(trap=element.id, hero=hero, kind="grabber", failed_by=lost))
            state = _held(state, element, hero)
            part[hero] = {"held": True}
    traps = state.traps.model_copy(update={"perils": (*state.traps.perils, *perils)})
    return state.model_copy(update={"traps": traps}), part, faces


class HazardRoundParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The hazard still going on (its id).")
    trying: tuple[str, ...] = Field(
        (), max_length=MAX_HEROES, description="Who spends his action to get out: smothers the flames, breaks free."
    )
    out: tuple[str, ...] = Field(
        (), max_length=MAX_HEROES,
        description="Who is out of it before the round, no roll: hauled out of the water, doused, freed by an ally.",
    )  # fmt: skip
    leave: tuple[str, ...] = Field((), max_length=MAX_HEROES, description="Who steps out of a raging fire.")


class HazardRoundAction(RunAction):
    name: ClassVar[str] = "hazard_round"
    title: ClassVar[str] = N_("A round in a hazard")
    summary: ClassVar[str] = "A round of deep water, burning clothes or a grabber's hold for each hero still in it."
    Params: ClassVar[type[RulesModel]] = HazardRoundParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        from runehall.systems.rune.encounters.hazard_cards import round_card

        return round_card(event, words, who)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.run_traps import find_trap, standing

        self.check(state)
        _, element, trap = find_trap(state, params.trap)
        alive = standing(state, options)
        mine = {p.hero: p for p in state.traps.perils if p.trap == element.id and p.hero in alive}
        if not mine:
            raise RulesError(N_("{trap} holds nobody now"), trap=element.name)
        named = [_hero(state, n) for n in (*params.trying, *params.out, *params.leave)]
        if len(set(named)) != len(named):
            raise RulesError(N_("name each hero once"))
        if stray := [n for n in named if n not in mine]:
            raise RulesError(N_("{hero} is not in {trap}"), hero=stray[0], trap=element.name)
        kind = next(iter(mine.values())).kind
        if kind == "drowning" and params.trying:
            raise RulesError(N_("in deep water each hero rolls Swim by himself: name no one trying"))
        if params.leave and (kind != "fire" or any(not mine[h].inside for h in params.leave)):
            raise RulesError(N_("only a hero inside a raging fire can step out of it"))
        if inside := [h for h in params.trying if mine[h].inside and h not in params.leave]:
            raise RulesError(N_("{hero} must step out of the raging fire before smothering"), hero=inside[0])
        package = trap.package
        cause = "hazard" if element.kind == "hazard" else "trap"
        faces: list[list[int]] = []
        heroes: dict[str, Any] = {}
        kept: list[Peril] = []
        for hero, p in mine.items():
            if hero in params.out:
                heroes[hero] = {"out": True}
                state = _freed(state, element, hero) if kind == "grabber" else state
                continue
            p = p.model_copy(update={"inside": p.inside and hero not in params.leave})
            row: dict[str, Any] = {}
            if kind == "drowning":
                assert isinstance(package, Drowning)
                if p.under:
                    state, after = _drown(state, hero, p.under + 1, p.failed_by, cause, options, source)
                    row, p = {"under": p.under + 1, **after}, p.model_copy(update={"under": p.under + 1})
                else:
                    aim = swim_difficulty(package.waters, package.current, round_no=p.round_no)
                    result, shown = stress(source)
                    faces.append(list(shown))
                    total = result + adds(state, hero, SWIM, options)
                    row = {"total": total, "difficulty": aim}
                    if total < aim:
                        state, after = _drown(state, hero, 1, aim - total, cause, options, source)
                        row |= {"under": 1, **after}
                        p = p.model_copy(update={"under": 1, "failed_by": aim - total})
            elif kind == "fire":
                burning = _burning(p)
                if hero in params.trying:
                    result, shown = stress(source)
                    faces.append(list(shown))
                    total = result + adds(state, hero, SMOTHER, options)
                    row = {"total": total, "difficulty": smother_difficulty(burning)}
                    if total >= row["difficulty"]:
                        heroes[hero] = row | {"out": True}
                        continue
                state, after = _burn(state, hero, burning.damage, cause, options, source)
                row |= {"raw": burning.damage, **after}
                burning = smother(burning, row["total"]) if hero in params.trying else burn_on(burning)
                p = p.model_copy(update={"damage": burning.damage, "failed_smothers": burning.failed_smothers})
            elif kind == "nuisance":
                assert isinstance(package, Nuisance)
                state, row, after_p, more = swarm_round(state, package, p, hero in params.trying, cause, options,
                                                        source)  # fmt: skip
                faces += more
                if after_p is None:
                    heroes[hero] = row
                    continue
                p = after_p
            elif hero in params.trying:  # a grabber
                result, shown = stress(source)
                faces.append(list(shown))
                total = result + adds(state, hero, BREAK_FREE, options)
                row = {"total": total, "difficulty": escape_difficulty(trap)}
                if total >= row["difficulty"]:
                    heroes[hero] = row | {"out": True}
                    state = _freed(state, element, hero)
                    continue
            else:
                row = {"held": True}
            heroes[hero] = row
            if row.get("health") != "dead":
                kept.append(p.model_copy(update={"round_no": p.round_no + 1}))
        others = tuple(p for p in state.traps.perils if p.trap != element.id)
        traps = state.traps.model_copy(update={"perils": (*others, *kept)})
        result_out = {
            "trap": element.id, "name": element.name, "kind": kind, "round": next(iter(mine.values())).round_no,
            "heroes": heroes, "faces": faces, "goes_on": bool(kept), "order": list(heroes),
        }  # fmt: skip
        return state.model_copy(update={"traps": traps}), result_out
