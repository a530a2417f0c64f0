"""The runner gives a gain of his notes to a hero (spec 001c §8-§9; 001b §6.2): a treasure is rolled whole on the
server, every chart roll stored with its faces, and carried by that hero; silver and liar's silver go into his
haul; a Viking deed's VP award is scored (a singular one: half to each other hero still standing); a carrot goes
on the hero's later roll it names and Invigoration on his rolls of its window (trap_effects.py adds both, with
Impairment); a haven, a merchant, a shrine, a loot cache or a reason to go home is recorded as had.

What the heroes cannot have yet is refused with its reason, and nothing changes: a gain of an event they have not
reached, one already taken (a mutual award: already his), one behind a roll nobody has made good, one after a fight
not yet over, one out of reach, a hero who is not in the encounter or is dead."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.gains import Carrot, Invigoration, VPAward
from runehall.systems.rune.encounters.hauls import Haul
from runehall.systems.rune.encounters.loot_rules import award_shares
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_progress import current_event
from runehall.systems.rune.encounters.run_rolls import find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.trap_effects import FIGHT_STATS, KINDS
from runehall.systems.rune.encounters.trap_play_state import Ill, Mark
from runehall.systems.rune.treasure.carried import won
from runehall.systems.rune.treasure.generate import generate_treasure
from runehall.systems.rune.treasure.stored import item_json


def gains_of(state: RunState) -> list[tuple[int, Element]]:
    """Every gain of the notes (treasure or another gain) with the index of its event."""
    assert state.notes is not None
    return [(i, e) for i, ev in enumerate(state.notes.events) for e in ev.elements if e.gain is not None]


def offered(state: RunState) -> list[Element]:
    """The gains of the event the heroes are in that are still to be had (a mutual award: by some hero)."""
    now = current_event(state)
    heroes = [h.name for h in state.setup.heroes]
    found = []
    for index, element in gains_of(state):
        taken = state.given.get(element.id, ())
        mutual = isinstance(element.gain, VPAward) and element.gain.award == "mutual"
        if index == now and (not taken or (mutual and len(taken) < len(heroes))):
            found.append(element)
    return found


def carrot_mark(gain_id: str, gain: Carrot, roll: RollSpec, hero: str) -> Mark:
    """A carrot given to a hero: his total on the roll it names goes up by its bonus for its rounds (trap_effects
    adds it, as a trap's carrot); on an INIT, ATK or DFN roll of a fight, his score for the next fight's first
    rounds."""
    return Mark(trap=gain_id, roll=None if roll.stat else roll.id, stat=roll.stat, points=gain.bonus,
                rounds=gain.rounds, carrot=True, hero=hero)  # fmt: skip


def invigoration(gain_id: str, gain: Invigoration, hero: str) -> Ill | None:
    """Invigoration given to a hero (001c §9.6): the points on his rolls over the window the designer counted, as
    Impairment's window is counted (trap_effects.py), cancelling it point for point. Specific to the fight's
    scores: INIT, ATK and DFN in the fights of the window. None when there is nothing to play: an empty window,
    or one Ability's Invigoration (the notes do not name the Ability)."""
    left = {k: getattr(gain, k) for k in KINDS}
    if gain.specific == "other" or not any(left.values()):
        return None
    specific = (*FIGHT_STATS, "engagement") if gain.specific == "combat" else ()
    return Ill(trap=gain_id, hero=hero, points=gain.points, specific=specific, left=left, boost=True)


class GiveGainParams(RulesModel):
    gain: str = Field(min_length=1, max_length=40, description="The gain of the notes (its id).")
    hero: str = Field(min_length=1, max_length=60, description="The hero who takes it.")


def _check(state: RunState, params: Any) -> tuple[Element, str]:
    found = [(i, e) for i, e in gains_of(state) if e.id == params.gain]
    if not found:
        raise RulesError(N_("the notes have no gain {gain!r}"), gain=params.gain)
    index, element = found[0]
    gain = element.gain
    assert gain is not None
    hero = _hero(state, params.hero)
    if state.tally.died(hero) is not None:
        raise RulesError(N_("{hero} is dead: he takes nothing"), hero=hero)
    taken = state.given.get(element.id, ())
    mutual = isinstance(gain, VPAward) and gain.award == "mutual"
    if taken and (not mutual or hero in taken):
        raise RulesError(N_("{gain} is already taken by {hero}"), gain=element.name, hero=taken[-1])
    if index > current_event(state):
        raise RulesError(
            N_("{gain} is in event {number}: the heroes have not reached it"), gain=element.name, number=index + 1
        )
    if gain.how in ("out_of_reach", "runner_controlled"):
        raise RulesError(N_("{gain} is out of the heroes' reach"), gain=element.name)
    roll_id = element.roll
    if gain.how == "roll" and roll_id is not None:
        made = any(e.meta.get("roll") == roll_id for e in state.tally.of("success"))
        if not made:
            raise RulesError(N_("{gain} is won by a roll of the notes nobody has made good yet"), gain=element.name)
    if gain.how == "after_danger":
        assert state.notes is not None
        event = state.notes.events[index]
        fought = [f for f in state.fights if f.event == event.id]
        if event.combat is not None and (not fought or fought[-1].fight.phase != "over"):
            raise RulesError(N_("{gain} is had once the fight of its event is over"), gain=element.name)
    return element, hero


class GiveGainAction(RunAction):
    name: ClassVar[str] = "give_gain"
    title: ClassVar[str] = N_("Give a gain to a hero")
    summary: ClassVar[str] = "A treasure or another gain of the notes goes to a hero: a treasure is rolled whole."
    Params: ClassVar[type[RulesModel]] = GiveGainParams
    random: ClassVar[bool] = True

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        element, hero = _check(state, params)
        gain = element.gain
        assert gain is not None
        result: dict[str, Any] = {"gain": element.id, "name": element.name, "hero": hero, "kind": gain.kind}
        haul = state.hauls.get(hero, Haul())
        tally = state.tally
        magic = state.magic
        traps = state.traps
        if gain.kind == "treasure":
            start = len(source.tape)
            items = generate_treasure(
                gain.category,
                source,
                modifier_category=str(getattr(options, "treasure_modifier_category", "final")),
                potency_subrolls=str(getattr(options, "potency_subrolls", "reroll_9_and_0")),
            )
            stored = [item_json(i) for i in items]
            result |= {"category": gain.category, "items": stored}
            result["tape"] = [[d.n, d.value] for d in source.tape[start:]]  # every die, in the order drawn
            haul = haul.add(stored)
            magic = dict(state.magic) | {hero: (*state.magic.get(hero, ()), *won(stored))}  # its magic items
        elif gain.kind == "silver":
            result["ounces"] = gain.ounces
            haul = haul.add((), ounces=gain.ounces)
        elif gain.kind == "liars_silver":
            result["pieces"] = gain.pieces
            haul = haul.add((), liars=gain.pieces)
        elif gain.kind == "vp_award":
            if gain.vp is None:
                raise RulesError(N_("{gain}: its VP vary, award them by hand"), gain=element.name)
            standing = [h.name for h in state.setup.heroes if state.tally.died(h.name) is None]
            shares = award_shares(gain.vp, gain.award, [hero], standing)
            for who, vp in shares.items():
                if vp:
                    tally = tally.deed(who, vp, element.id)
            result |= {"award": gain.award, "shares": shares}
        elif gain.kind == "carrot":
            roll = find_roll(state, gain.target)
            result |= {"roll": roll.name, "bonus": gain.bonus, "rounds": gain.rounds, "init": gain.init}
            traps = traps.model_copy(update={"marks": (*traps.marks, carrot_mark(element.id, gain, roll, hero))})
        elif gain.kind == "invigoration":
            result |= gain.model_dump(exclude={"kind", "how"})
            if (found := invigoration(element.id, gain, hero)) is not None:
                traps = traps.model_copy(update={"ills": (*traps.ills, found)})
            result["played"] = found is not None  # one Ability's: the notes do not say which, the table adds it
        else:
            result |= gain.model_dump(exclude={"kind", "how"})  # what the table plays: said by the card
        given = dict(state.given) | {element.id: (*state.given.get(element.id, ()), hero)}
        hauls = dict(state.hauls) | {hero: haul}
        update = {"given": given, "hauls": hauls, "tally": tally, "magic": magic, "traps": traps}
        return state.model_copy(update=update), result
