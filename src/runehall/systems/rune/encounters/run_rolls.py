"""A roll the notes call for, made at the table (spec 001b §6.2-§6.4, §13; 001c §1-§3): the heroes who roll
make a stress roll with their Ability and Characteristic from their sheets, the structure says whose fate it
decides, and the tally scores each roller's success and the runner's chortle. Domino's forced re-rolls are
rolled in the same move, one hero after the other, until the chain stops; an opposed roll's supporting
character rolls his bonus too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters import item_rolls, roll_gifts, run_multiple
from runehall.systems.rune.encounters.design import MAX_HEROES, RollSpec
from runehall.systems.rune.encounters.roll_states import Buffness
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.structures import EVERYONE_ROLLS, ONE_ROLLS, resolve, who_must_reroll
from runehall.systems.rune.encounters.trap_effects import after_roll
from runehall.systems.rune.encounters.trap_effects import on_roll as traps_on
from runehall.systems.rune.encounters.trap_gifts import roll_bonus
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules
from runehall.systems.rune.sheet import Sheet
from runehall.systems.rune.treasure.legendary import torc_spared
from runehall.systems.rune.treasure.legendary_ring import ring_times

Name = str


class NotedRollParams(RulesModel):
    roll: str = Field(min_length=1, max_length=40, description="The roll of the notes (its id).")
    rollers: tuple[Name, ...] = Field(
        (), max_length=MAX_HEROES, description="Who rolls (default: everyone, where everyone must)."
    )
    order: tuple[Name, ...] = Field(
        (), max_length=MAX_HEROES, description="The marching order, front first (default: the heroes' order)."
    )
    lie: tuple[Name, ...] = Field(
        (), max_length=MAX_HEROES, description="Rollers invoking The Lie Turns to Truth (+X on an Ability they lack)."
    )


def find_roll(state: RunState, roll_id: str) -> RollSpec:
    assert state.notes is not None
    for event in state.notes.events:
        for roll in event.rolls:
            if roll.id == roll_id:
                return roll
    raise RulesError(N_("the notes call for no roll {roll!r}"), roll=roll_id)


def bonus(who: str, sheet: Mapping[str, Any], roll: RollSpec, options: Any) -> int:
    """What the hero adds: his Ability with its Characteristic (the one the notes name, else its governing one),
    or the Characteristic alone."""
    hero = Hero.model_validate({"name": who, **sheet})
    on = Sheet(hero, options if isinstance(options, RuneOptions) else RuneOptions())  # a board drawn without options
    if roll.ability:
        return int(on.check(roll.ability, roll.characteristic).value or 0)
    if roll.characteristic:
        return int(on.characteristics[roll.characteristic])
    raise RulesError(N_("{roll} names neither an Ability nor a Characteristic to roll"), roll=roll.name)


def adds(state: RunState, who: str, roll: RollSpec, options: Any) -> int:
    """All the hero adds to his stress die on this roll but Escalating Buffness: his sheet's bonus, what the
    traps left (trap_effects.py) and his gifts (trap_gifts.py). The roll and its odds (roll_odds.py) both use it."""
    sheet = next(h.sheet for h in state.setup.heroes if h.name == who)
    total = bonus(who, sheet, roll, options)
    total += traps_on(state.traps, who, roll, state.notes)  # what traps left (trap_effects.py)
    total += item_rolls.added(state, who, roll, options)  # potions, charms, amulets (item_rolls.py)
    return total + roll_bonus(state.notes, sheet, roll)  # the hero's gifts (trap_gifts.py)


def buffness(state: RunState, roll: RollSpec) -> tuple[int, Buffness]:
    """(Escalating Buffness's bonus on this roll, the count after it)."""
    fighting = roll.ability in rules().fighting_abilities() if roll.ability else False
    return Buffness(state.buffness).roll(combat_ability=fighting, in_notes=True, freestanding=roll.freestanding)


class NotedRollAction(RunAction):
    name: ClassVar[str] = "noted_roll"
    title: ClassVar[str] = N_("Call for a roll of the notes")
    summary: ClassVar[str] = "The heroes roll a roll of the notes; its structure says who gains or suffers."
    Params: ClassVar[type[RulesModel]] = NotedRollParams
    random: ClassVar[bool] = True

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        roll = find_roll(state, params.roll)
        if roll.stat is not None or (roll.difficulty is None and roll.opposed_bonus is None):
            raise RulesError(
                N_("{roll} is rolled in a fight, against the Roll of Valor: make it there"), roll=roll.name
            )
        party = [h.name for h in state.setup.heroes]
        order = [_hero(state, n) for n in params.order] or party
        if sorted(order) != sorted(party):
            raise RulesError(N_("the marching order names every hero once"))
        rollers = [_hero(state, n) for n in params.rollers]
        if roll.structure in EVERYONE_ROLLS and rollers and sorted(rollers) != sorted(party):
            raise RulesError(N_("every hero makes this roll"))
        rollers = rollers or (party if roll.structure in EVERYONE_ROLLS else [])
        if not rollers:
            raise RulesError(N_("name the heroes who make this roll"))
        if roll.structure in ONE_ROLLS and len(rollers) != 1:
            raise RulesError(N_("one hero makes this roll, not {count}"), count=len(rollers))
        lying = roll_gifts.lies(state, [_hero(state, n) for n in params.lie], rollers, roll, options)
        buff, buffed = buffness(state, roll)
        dice: dict[str, list[int]] = {}
        totals: dict[str, int] = {}
        item_terms: dict[str, list[list[Any]]] = {}
        for who in order:
            if who in rollers:
                result, faces = stress(source)
                dice[who] = list(faces)
                totals[who] = result + adds(state, who, roll, options) + buff + lying.get(who, 0)
                if found := item_rolls.terms(state, who, roll, options):
                    item_terms[who] = [list(t) for t in found]  # each item's part of his total, for the card
        target: int | dict[str, int]
        opponent: dict[str, Any] | None = None
        if roll.opposed_bonus is not None:
            result, faces = stress(source)
            opponent = {"faces": list(faces), "total": result + roll.opposed_bonus}
            target = {who: opponent["total"] for who in party}
        else:
            assert roll.difficulty is not None
            target = roll.difficulty
        rerolls: dict[str, int] = {}
        structure = "opposed" if roll.opposed_bonus is not None and roll.structure == "standard" else roll.structure
        while structure == "domino" and (due := who_must_reroll(target, totals, roll.danger or "rear", rerolls, order)):
            result, faces = stress(source)
            dice[f"{due} again"] = list(faces)
            rerolls[due] = result + adds(state, due, roll, options) + buff
        outcome = resolve(
            structure, target, totals, party=order, danger=roll.danger, rerolls=rerolls, freestanding=roll.freestanding
        )
        tally = state.tally
        per_point = options.success_vp_per_point
        again = roll.repeat_required or roll.multiple is not None  # each required success of a multiple roll counts
        for who, total in [*totals.items(), *rerolls.items()]:  # a forced re-roll scores as the roll does
            aim = target if isinstance(target, int) else target[who]
            sheet = next(h.sheet for h in state.setup.heroes if h.name == who)
            spared, times = torc_spared(sheet), ring_times(sheet, roll.ability)  # Torc and Ring of Alberich
            tally = tally.roll(who, roll.id, total, aim, roll.freestanding, again, per_point * times, spared)
        multiples, ended = run_multiple.ending(state.multiples, roll.id, any(outcome.success.values()))
        report = None
        if roll.multiple is not None:
            against = opponent["total"] if opponent else None
            multiples, report = run_multiple.progress(multiples, roll, len(party), outcome.success, totals, against)
        result_out: dict[str, Any] = {
            "drawn": list(dice),  # whose dice, in the order they were drawn (a stored mapping keeps no order)
            "roll": roll.id,
            "name": roll.name,
            "structure": structure,
            "dice": dice,
            "totals": totals,
            "rerolls": rerolls,
            "target": target if isinstance(target, int) else None,
            "opponent": opponent,
            "group_success": outcome.group_success,
            "buffness": buff,  # Escalating Buffness: added to every hero's total
            "fates": dict(outcome.fates),
            "multiple": report,  # a multiple roll's progress after this round, and its outcome once settled
            "ends": ended,  # the Panic Buttons this roll ended
            "lie": lying,  # The Lie Turns to Truth: each hero's +X on his total
        }
        update = {"tally": tally, "buffness": buffed.counted, "multiples": multiples}
        update["gift_uses"] = roll_gifts.spent(state, roll_gifts.LIE, lying)  # counted per session
        update["traps"] = after_roll(state.traps, roll, state.notes)  # sticks and carrots spent, Impairment's window
        items, marked = item_rolls.after(state, roll, totals, outcome.fates, options)  # potions' rounds, amulets
        result_out |= {"items": item_terms, "amulets": marked} if item_terms or marked else {}
        return state.model_copy(update=update | items), result_out
