"""Getting lost played by the encounter tracker (spec 001c §7.7; rules §34.5): a hazard of package `lost` hangs on
the Map roll. Springing it makes that roll (spring_trap, as the notes' structure says); failing it, the party has
gone astray (`start`). Then a Map roll a move (`map_roll`), by whichever hero the runner names: a failure starts
the count again and needs one more success in a row (the failures plus one, at most 4, hazards.map_roll); a
successful triumph counts as two. Once the count is made the party has found its way, and at once every hero
standing rolls Sta + Bravery against the Map rolls made while lost (the first failure counted): a failure costs a
plain d10 plus his failure, armour ignored (hazards.exhaustion); a botch also leaves him 1 Impairment (counted from
the notes after the hazard, as any trap's). Then Stealth against the same number: each hero failing it brings the
party a wandering monster of the Threat Category his failure says (hazards.wandering_threat), shown on the card
for the runner to stage. Every die is stored in the order drawn.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.hazards import exhaustion, map_roll, soak_against, wandering_threat
from runehall.systems.rune.encounters.peril_state import Astray
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_rolls import adds, bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.trap_effects import KINDS, after_roll, on_roll
from runehall.systems.rune.encounters.trap_play_state import Ill
from runehall.systems.rune.encounters.trap_window import window_counts
from runehall.systems.rune.stress import TENTH, at_least, open_at_least
from runehall.systems.rune.treasure.legendary import torc_spared
from runehall.systems.rune.treasure.legendary_ring import ring_times

STA_BRAVERY = RollSpec(id="lost_bravery", name="Stamina + Bravery", ability="bravery", characteristic="sta")
STEALTH = RollSpec(id="lost_stealth", name="Stealth", ability="stealth")


def start(state: RunState, element: Any, r: dict[str, Any], fates: dict[str, bool]) -> tuple[RunState, bool]:
    """After the hazard's first Map roll: the party is astray when the roll failed for it (its structure's verdict,
    or any hero's failure)."""
    trap = element.trap
    if trap is None or trap.package is None or trap.package.kind != "lost":
        return state, False
    group = r.get("group_success")
    astray = not group if group is not None else not all(fates.values())
    if not astray:
        return state, False
    traps = state.traps.model_copy(update={"lost": (*state.traps.lost, Astray(trap=element.id))})
    return state.model_copy(update={"traps": traps}), True


def chances(state: RunState, way: Astray, hero: str, options: Any) -> tuple[Fraction, Fraction]:
    """The exact chances of this hero's Map roll: (he makes it, the party finds its way by it)."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    element = find_trap(state, way.trap)[1]
    roll = find_roll(state, element.roll or "")
    aim = (roll.difficulty or 0) - adds(state, hero, roll, options)
    made = at_least(aim)
    lost = way.lost()
    if lost.streak + 1 >= lost.needed:
        return made, made
    triumph = TENTH * open_at_least(aim - 10)  # a first 10 whose total still makes it
    return made, triumph if lost.streak + 2 >= lost.needed else Fraction(0)


def _after(state: RunState, trap_id: str, difficulty: int, options: Any, source: Source) -> tuple[RunState, Any, Any]:
    """The party has found its way: each hero's Sta + Bravery, then his Stealth, against the Map rolls made."""
    from runehall.systems.rune.encounters.run_traps import body, find_trap, hurt, standing

    element = find_trap(state, trap_id)[1]
    notes = state.notes
    assert notes is not None
    sheets = {h.name: h.sheet for h in state.setup.heroes}
    heroes: dict[str, Any] = {}
    faces: list[list[int]] = []
    for hero in standing(state, options):
        result, shown = stress(source)
        faces.append(list(shown))
        total = result + bonus(hero, sheets[hero], STA_BRAVERY, options) + on_roll(state.traps, hero, STA_BRAVERY)
        row: dict[str, Any] = {"bravery": total}
        if total < difficulty:
            die = source.die(10)
            faces.append([die])
            c = body(state, hero, options)
            botch = shown[0] == 1
            hit, impaired = exhaustion(die, difficulty - total, soak_against(c.soak, c.armor_prot, True), botch)
            state, after = hurt(state, hero, hit.hp_lost, "hazard", options, source)
            row |= {"die": die, "raw": hit.raw, **after}
            if impaired and after["health"] != "dead":
                window = window_counts(notes, element, ())
                ill = Ill(trap=trap_id, hero=hero, points=impaired, left={k: getattr(window, k) for k in KINDS})
                state = state.model_copy(update={"traps": state.traps.model_copy(
                    update={"ills": (*state.traps.ills, ill)})})  # fmt: skip
                row["impaired"] = impaired
        heroes[hero] = row
    for hero in heroes:
        result, shown = stress(source)
        faces.append(list(shown))
        total = result + bonus(hero, sheets[hero], STEALTH, options) + on_roll(state.traps, hero, STEALTH)
        heroes[hero]["stealth"] = total
        if total < difficulty:
            heroes[hero]["monster"] = wandering_threat(difficulty - total)
    return state, heroes, faces


class MapRollParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The hazard of getting lost (its id).")
    mapper: str = Field(min_length=1, max_length=60, description="The hero who makes this Map roll.")


class MapRollAction(RunAction):
    name: ClassVar[str] = "map_roll"
    title: ClassVar[str] = N_("A Map roll of a lost party")
    summary: ClassVar[str] = "A lost party's Map roll: enough successes in a row find the way; then the costs."
    Params: ClassVar[type[RulesModel]] = MapRollParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        from runehall.systems.rune.encounters.lost_cards import map_card

        return map_card(event, words, who)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.run_traps import find_trap, standing

        self.check(state)
        _, element, _ = find_trap(state, params.trap)
        way = next((w for w in state.traps.lost if w.trap == params.trap), None)
        if way is None:
            raise RulesError(N_("{trap}: the party is not lost"), trap=element.name)
        mapper = _hero(state, params.mapper)
        if mapper not in standing(state, options):
            raise RulesError(N_("{hero} is not there to make the roll"), hero=mapper)
        roll = find_roll(state, element.roll or "")
        assert roll.difficulty is not None  # a hazard's roll has one (spring_trap refuses an opposed one)
        result, shown = stress(source)
        total = result + adds(state, mapper, roll, options)
        made = total >= roll.difficulty
        sheet = next(h.sheet for h in state.setup.heroes if h.name == mapper)
        tally = state.tally.roll(mapper, roll.id, total, roll.difficulty, roll.freestanding, False,
                                 options.success_vp_per_point * ring_times(sheet, roll.ability),
                                 torc_spared(sheet))  # fmt: skip
        traps = after_roll(state.traps, roll, state.notes)
        lost = map_roll(way.lost(), made, triumph=made and shown[0] == 10)
        kept = tuple(w for w in traps.lost if w.trap != way.trap)
        if not lost.found:
            kept += (way.model_copy(update={"failures": lost.failures, "streak": lost.streak, "rolls": lost.rolls}),)
        state = state.model_copy(update={"tally": tally, "traps": traps.model_copy(update={"lost": kept})})
        out: dict[str, Any] = {
            "trap": element.id, "name": element.name, "mapper": mapper, "total": total, "difficulty": roll.difficulty,
            "triumph": made and shown[0] == 10, "found": lost.found, "needed": lost.needed, "streak": lost.streak,
            "rolls": lost.rolls, "faces": [list(shown)],
        }  # fmt: skip
        if lost.found:
            state, out["heroes"], more = _after(state, element.id, lost.rolls, options, source)
            out["faces"] += more
        return state, out


__all__ = ["Astray", "MapRollAction", "chances", "start"]
