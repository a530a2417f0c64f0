"""Potions, charms and amulets on the rolls (spec 001c §8.8): what a hero's minor magic items add to a roll of the
notes and to his fight rolls.

- A dose of an Ability or Characteristic potion drunk, or a charm used (`use_item`), starts a bonus on the rolls
  of that Ability (or of that Characteristic: its raw rolls and every Ability roll it governs) for the item's
  rounds (`ItemBonus`). Outside a fight each roll of the notes the bonus goes on spends one of its rounds, as a
  carrot's do; a fight begun while it lasts takes what is left of it, its rounds counted from the fight's first,
  and a dose drunk during a fight starts in the round it is drunk. In a fight it goes on the INIT, ATK and DFN
  rolls whose scores read that Ability (the weapon in hand's) or that Characteristic (Qik: INIT and DFN; Dex: a
  melee ATK; Per: a shot's or throw's ATK).
- An amulet works by itself on the rolls of the notes its condition names: the Stamina roll against a poison
  trap, and the roll that decides whether a trap's fire (heat) or other damage strikes him (drowning, falling,
  acid and disease are not told apart by the notes: the table plays them). Each time the trap strikes him anyway
  the roll marks its failure (A-84), until it is useless. In a fight its conditions are the table's.
- A simple potion gives no bonus over rounds: its dose is a second attempt (`run_retry.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.effects import Effect
from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.trap_gifts import trap_of_roll
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules
from runehall.systems.rune.treasure.carried import MAX_MAGIC, CarriedItem
from runehall.systems.rune.treasure.items import Amulet, Charm, MagicItem, Potion

MAX_ROUNDS = 20  # a potion's 5 + d10, a charm's 6 + d10
POISONED = "The wearer is poisoned"
FIRE = "The wearer faces a trap that deals fire damage"
OTHER = "The wearer faces a trap that deals any other kind of damage"
FIGHT_ROLLS: tuple[Literal["init", "atk", "dfn"], ...] = ("init", "atk", "dfn")


class ItemBonus(RulesModel):
    """A potion's or charm's bonus running on a hero's rolls."""

    hero: str = Field(min_length=1, max_length=60)
    item: int = Field(ge=1, le=MAX_MAGIC, description="His magic item, counted from 1.")
    kind: Literal["potion", "charm"]
    target: str = Field(min_length=1, max_length=40, description="The Ability or Characteristic id it raises.")
    bonus: int = Field(ge=1, le=8)
    rounds: int = Field(ge=1, le=MAX_ROUNDS, description="Rounds left.")


def started(hero: str, number: int, after: MagicItem) -> ItemBonus | None:
    """The bonus a dose drunk or a charm used starts (None for a simple potion, an amulet, a helm)."""
    if isinstance(after, Potion) and not after.simple and after.rounds:
        return ItemBonus(hero=hero, item=number, kind="potion", target=after.target, bonus=after.bonus,
                         rounds=min(after.rounds, MAX_ROUNDS))  # fmt: skip
    if isinstance(after, Charm):
        return ItemBonus(hero=hero, item=number, kind="charm", target=after.target, bonus=after.bonus,
                         rounds=min(after.rounds, MAX_ROUNDS))  # fmt: skip
    return None


def characteristic_of(roll: RollSpec, options: Any) -> str | None:
    """The Characteristic the roll uses: the one the notes name, else its Ability's governing one."""
    if roll.characteristic or not roll.ability:
        return roll.characteristic
    opts = options if isinstance(options, RuneOptions) else RuneOptions()
    if roll.ability == "demeanor":
        return opts.demeanor_characteristic
    if roll.ability == "bravery":
        return opts.bravery_characteristic
    return rules().ability(roll.ability).governing[0]


def covers(target: str, roll: RollSpec, options: Any) -> bool:
    """Whether a bonus to this Ability or Characteristic goes on the roll."""
    return target == roll.ability or target == characteristic_of(roll, options)


def amulet_guards(amulet: Amulet, roll: RollSpec, element: Element | None, options: Any) -> bool:
    """Whether the amulet's condition is this roll of the notes: a trap's roll it guards against."""
    if amulet.useless or element is None or element.trap is None or element.trap.damage is None:
        return False
    damage = element.trap.damage
    if amulet.trigger == POISONED:
        return damage.poison and characteristic_of(roll, options) == "sta"
    if amulet.trigger == FIRE:
        return damage.heat
    return amulet.trigger == OTHER and not damage.heat and not damage.poison


def terms(state: Any, who: str, roll: RollSpec, options: Any) -> list[tuple[int, str, int]]:
    """(item number, kind, amount) each of the hero's running bonuses and amulets adds to this roll."""
    found = [(b.item, b.kind, b.bonus) for b in state.item_bonuses if b.hero == who and covers(b.target, roll, options)]
    element = trap_of_roll(state.notes, roll.id)
    for number, c in enumerate(state.magic.get(who, ()), 1):
        amulet = c.state()
        if isinstance(amulet, Amulet) and amulet_guards(amulet, roll, element, options):
            found.append((number, "amulet", amulet.bonus))
    return found


def added(state: Any, who: str, roll: RollSpec, options: Any) -> int:
    return sum(amount for _, _, amount in terms(state, who, roll, options))


def after(state: Any, roll: RollSpec, rolled: Mapping[str, Any], fates: Mapping[str, bool],
          options: Any) -> tuple[dict[str, Any], dict[str, list[int]]]:  # fmt: skip
    """The run's update once the roll is made: a round spent of each bonus that went on a roller's roll (spent
    out, it goes), and a failure marked on each amulet that guarded a hero the trap struck anyway (`fates`
    False); with the amulets marked, by hero (their numbers)."""
    bonuses = []
    for b in state.item_bonuses:
        if b.hero in rolled and covers(b.target, roll, options):
            if b.rounds > 1:
                bonuses.append(b.model_copy(update={"rounds": b.rounds - 1}))
        else:
            bonuses.append(b)
    element = trap_of_roll(state.notes, roll.id)
    magic: dict[str, tuple[CarriedItem, ...]] = dict(state.magic)
    marked: dict[str, list[int]] = {}
    for who, fine in fates.items():
        if fine:
            continue
        items = list(magic.get(who, ()))
        for i, c in enumerate(items):
            amulet = c.state()
            if isinstance(amulet, Amulet) and amulet_guards(amulet, roll, element, options):
                items[i] = c.updated(amulet.failed())
                marked.setdefault(who, []).append(i + 1)
        magic[who] = tuple(items)
    update: dict[str, Any] = {}
    if tuple(bonuses) != tuple(state.item_bonuses):
        update["item_bonuses"] = tuple(bonuses)
    if marked:
        update["magic"] = magic
    return update, marked


def fight_effects(bonuses: tuple[ItemBonus, ...], first: int = 1) -> list[Effect]:
    """The running bonuses as the fight's modifiers, from round `first` for their rounds left."""
    return [
        Effect(kind="magic_item", name=b.kind, roll=roll, delta=b.bonus, who="heroes", only=b.hero, reads=b.target,
               first_round=first, last_round=first + b.rounds - 1)
        for b in bonuses
        for roll in FIGHT_ROLLS
    ]


def begun(state: Any, bonus: ItemBonus | None) -> Any:
    """The run once a dose is drunk or a charm used: its bonus running (in place of the same item's, which a new
    dose does not add to), or, in a fight under way, the fight's modifier from this round."""
    if bonus is None:
        return state
    if state.fight is not None:
        fought = state.fights[-1]
        effects = (*fought.fight.effects, *fight_effects((bonus,), fought.fight.round))
        fight = fought.fight.model_copy(update={"effects": effects})
        return state.model_copy(update={"fights": (*state.fights[:-1], fought.model_copy(update={"fight": fight}))})
    kept = tuple(b for b in state.item_bonuses if (b.hero, b.item) != (bonus.hero, bonus.item))
    return state.model_copy(update={"item_bonuses": (*kept, bonus)})
