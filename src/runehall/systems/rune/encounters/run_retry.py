"""A simple potion's second attempt (spec 001c §8.8, A-37): a hero who failed a roll of the notes of the potion's
Ability drinks a dose and makes that roll once more, the potency added to his total. The failure stands (the
runner keeps what it earned him); a success is scored as the roll's and makes good what the roll wins.

Refused, with nothing changed: a hero not in the encounter or dead, an item he does not carry, an item that is not
a simple potion, an empty one, a roll of another Ability, a roll made in a fight or against an opponent's total
(that total is gone), a roll his last making of which did not fail (or that he never made)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.present.board import Move
from runehall.present.words import Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters import item_rolls
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_rolls import adds, buffness, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.stress import at_least
from runehall.systems.rune.treasure.carried import MAX_MAGIC
from runehall.systems.rune.treasure.items import Potion
from runehall.systems.rune.treasure.legendary import torc_spared
from runehall.systems.rune.treasure.legendary_ring import ring_times


class SecondAttemptParams(RulesModel):
    hero: str = Field(min_length=1, max_length=60, description="The hero who failed the roll.")
    item: int = Field(ge=1, le=MAX_MAGIC, description="His simple potion, counted from 1 among his magic items.")
    roll: str = Field(min_length=1, max_length=40, description="The roll of the notes he tries again (its id).")


def last_failed(state: RunState, hero: str, roll_id: str) -> bool:
    """Whether his last making of the roll failed."""
    made = [e for e in state.tally.of("success", "runner_chortle") if e.hero == hero and e.meta.get("roll") == roll_id]
    return bool(made) and made[-1].kind == "runner_chortle"


def potion_of(state: RunState, hero: str, number: int) -> Potion:
    carried = state.magic.get(hero, ())
    if number > len(carried):
        raise RulesError(N_("{hero} carries no magic item {number}"), hero=hero, number=number)
    potion = carried[number - 1].state()
    if not isinstance(potion, Potion) or not potion.simple:
        raise RulesError(N_("only a simple potion gives a second attempt"))
    if potion.doses < 1:
        raise RulesError(N_("the potion is empty"))
    return potion


def checked(state: RunState, hero: str, number: int, roll: RollSpec) -> Potion:
    """The simple potion, once the second attempt is legal; else the one reason it is not."""
    if state.tally.died(hero) is not None:
        raise RulesError(N_("{hero} is dead: he uses nothing"), hero=hero)
    potion = potion_of(state, hero, number)
    if roll.stat is not None or roll.difficulty is None:
        raise RulesError(N_("{roll} is not tried again with a potion: only a roll against a Difficulty"),
                         roll=roll.name)  # fmt: skip
    if roll.ability != potion.target:
        raise RulesError(N_("the potion helps another Ability than {roll} needs"), roll=roll.name)
    if not last_failed(state, hero, roll.id):
        raise RulesError(N_("{hero} has not failed {roll}: there is nothing to try again"), hero=hero, roll=roll.name)
    return potion


def bonus(state: RunState, hero: str, roll: RollSpec, potion: Potion, options: Any) -> int:
    """All he adds on the second attempt: what he adds on the roll, Escalating Buffness and the potency."""
    return adds(state, hero, roll, options) + buffness(state, roll)[0] + potion.bonus


class SecondAttemptAction(RunAction):
    name: ClassVar[str] = "second_attempt"
    title: ClassVar[str] = N_("Try a failed roll again with a simple potion")
    summary: ClassVar[str] = "A dose of a simple potion drunk: one more attempt at a roll of the notes he failed."
    Params: ClassVar[type[RulesModel]] = SecondAttemptParams
    random: ClassVar[bool] = True

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero = _hero(state, params.hero)
        roll = find_roll(state, params.roll)
        potion = checked(state, hero, params.item, roll)
        assert roll.difficulty is not None
        result, faces = stress(source)
        total = result + bonus(state, hero, roll, potion, options)
        made = total >= roll.difficulty
        again = roll.repeat_required or roll.multiple is not None
        sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
        spared, times = torc_spared(sheet), ring_times(sheet, roll.ability)  # Torc and Ring of Alberich
        tally = state.tally.roll(hero, roll.id, total, roll.difficulty, roll.freestanding, again,
                                 options.success_vp_per_point * times, spared)  # fmt: skip
        carried = state.magic[hero]
        drunk = carried[params.item - 1].updated(potion.drink())
        magic = dict(state.magic) | {hero: (*carried[: params.item - 1], drunk, *carried[params.item :])}
        items, _ = item_rolls.after(state, roll, {hero: total}, {}, options)  # a running bonus's round spent
        update = {"tally": tally, "buffness": buffness(state, roll)[1].counted} | items | {"magic": magic}
        said = {"hero": hero, "number": params.item, "item": carried[params.item - 1].item, "roll": roll.id,
                "name": roll.name, "faces": list(faces), "total": total, "target": roll.difficulty, "made": made,
                "potency": potion.bonus, "doses": drunk.doses}  # fmt: skip
        return state.model_copy(update=update), said


def chances(state: RunState, options: Any) -> Iterator[tuple[str, int, RollSpec, Fraction]]:
    """Each second attempt legal now: (hero, item number, roll, his exact chance of making it)."""
    assert state.notes is not None
    for h in state.setup.heroes:
        for number, c in enumerate(state.magic.get(h.name, ()), 1):
            potion = c.state()
            if not isinstance(potion, Potion) or not potion.simple or not potion.doses:
                continue
            for event in state.notes.events:
                for roll in event.rolls:
                    try:
                        checked(state, h.name, number, roll)
                    except RulesError:
                        continue
                    assert roll.difficulty is not None
                    yield h.name, number, roll, at_least(roll.difficulty - bonus(state, h.name, roll, potion, options))


def retry_moves(state: RunState, words: Words, options: Any) -> list[Move]:
    """The runner's buttons: each second attempt a simple potion allows now, with its exact chance."""
    moves = []
    for hero, number, roll, p in chances(state, options) if state.notes is not None else ():
        title = words(N_("{hero} drinks item {number} and tries {roll} again"), hero=hero,
                      number=words.number(number), roll=roll.name)  # fmt: skip
        hint = words(N_("{hero} makes it {p}"), hero=hero, p=words.percent(p))
        moves.append(Move("second_attempt", title, params={"hero": hero, "item": number, "roll": roll.id}, hint=hint))
    return moves
