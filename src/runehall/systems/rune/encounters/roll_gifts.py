"""The Lie Turns to Truth on a roll of the notes (spec 001b §2.5, usage scope "session"): a hero who holds it may
invoke it as the roll is made, on an Ability he lacks (rated 0), for +X on his total - X times a session (X = his
level). The uses made outside the fights of a run are the run's (`RunState.gift_uses`); with those the fights
counted and those his sheet carries into the session (gifts/session_uses.py), they are what the session has used."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from runehall.errors import N_, RulesError
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.run_gifts import sheet_now
from runehall.systems.rune.encounters.run_items import fight_sheet
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.session_uses import carried_uses
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.sheet import Sheet

LIE = "the_lie_turns_to_truth"


def levels(state: RunState, who: str, options: Any) -> dict[str, int]:
    """The hero's gifts now, by id: his sheet's, those bought in the run's fights, a worn helm's."""
    entry = next(h for h in state.setup.heroes if h.name == who)
    own = sheet_now(state, who, fight_sheet(state, entry, options)).get("gifts")
    return {held.find(str(k)) or str(k): int(v) for k, v in own.items()} if isinstance(own, Mapping) else {}


def used(state: RunState, who: str, gift: str) -> int:
    """How often the hero has used a session-counted gift this session: the last fight's counter (which began from
    his sheet's) or, before any fight, his sheet's; and the run's uses outside the fights."""
    if state.fights:
        counted = next((c.gifted.used for c in state.fights[-1].fight.combatants if c.name == who and c.hero), {})
    else:
        sheet = next(h.sheet for h in state.setup.heroes if h.name == who)
        counted = carried_uses(sheet, state.setup.session)
    return int(counted.get(gift, 0)) + state.gift_uses.get(who, {}).get(gift, 0)


def lie_level(state: RunState, who: str, options: Any) -> int:
    """X of The Lie Turns to Truth when he may invoke it now (he holds it and has uses left), else 0."""
    x = levels(state, who, options).get(LIE, 0)
    return x if x and used(state, who, LIE) < x else 0


def lacks(state: RunState, who: str, roll: RollSpec, options: Any) -> bool:
    """Whether the roll is of an Ability the hero lacks (rated 0)."""
    if not roll.ability:
        return False
    sheet = next(h.sheet for h in state.setup.heroes if h.name == who)
    return Sheet(Hero.model_validate({"name": who, **sheet}), options).rating(roll.ability) <= 0


def lies(state: RunState, names: Iterable[str], rollers: Iterable[str], roll: RollSpec, options: Any) -> dict[str, int]:
    """Each hero invoking The Lie Turns to Truth -> his +X; one refusal for a hero who does not roll, lacks the gift
    or its uses, or has the Ability."""
    found: dict[str, int] = {}
    for who in names:
        if who not in rollers:
            raise RulesError(N_("{hero} does not make this roll"), hero=who)
        if not levels(state, who, options).get(LIE):
            raise RulesError(N_("{hero} does not hold The Lie Turns to Truth"), hero=who)
        x = lie_level(state, who, options)
        if not x:
            raise RulesError(N_("{hero} has used The Lie Turns to Truth as often as a session allows"), hero=who)
        if not lacks(state, who, roll, options):
            raise RulesError(N_("The Lie Turns to Truth helps on an Ability {hero} lacks, not on {roll}"), hero=who,
                             roll=roll.name)  # fmt: skip
        found[who] = x
    return found


def spent(state: RunState, gift: str, heroes: Iterable[str]) -> dict[str, dict[str, int]]:
    """The run's uses outside fights after each hero used the gift once more."""
    out = {k: dict(v) for k, v in state.gift_uses.items()}
    for who in heroes:
        out.setdefault(who, {})[gift] = out.get(who, {}).get(gift, 0) + 1
    return out
