"""Minor magic items as a hero carries them (spec 001c §8.8, §8.11, §18.4 MagicItemState): a potion's doses, a
charm spent until its recharge condition comes, an amulet's failures marked until it is useless, a helm worn
since an event. Made from a rolled treasure item (generate.Item); every change returns a new state, and what the
rules forbid (a dose from an empty flask, a spent charm) is refused with a reason."""

from __future__ import annotations

from dataclasses import dataclass, replace

from runehall.errors import RulesError
from runehall.present.words import N_, Words
from runehall.systems.rune.treasure.generate import Item, Rolled


def _value(rolls: tuple[Rolled, ...], chart_id: str) -> Rolled:
    return next(r for r in rolls if r.chart == chart_id)


def _plus(item: Item, rolled: Rolled) -> int:
    """A row's number with its + d10 added (the item's dice, in the order of its rows that take one)."""
    value = rolled.row.value or 0
    if not rolled.row.plus_d10:
        return value
    plus = [r for r in item.rolls if r.row.plus_d10]
    return value + item.dice[plus.index(rolled)]


def _target(rolls: tuple[Rolled, ...]) -> str:
    found = next(r.row for r in rolls if r.chart in ("ability", "characteristic"))
    return found.ability or found.characteristic or ""


@dataclass(frozen=True)
class Potion:
    simple: bool  # a simple potion: one more attempt at a failed roll, not a bonus over rounds
    target: str  # an Ability or Characteristic id
    bonus: int
    rounds: int | None  # None for a simple potion
    doses: int

    def drink(self) -> Potion:
        """One dose drunk (an action): refused when none is left."""
        if self.doses < 1:
            raise RulesError(N_("the potion is empty"))
        return replace(self, doses=self.doses - 1)


@dataclass(frozen=True)
class Charm:
    target: str
    bonus: int
    rounds: int
    recharge: str  # the charm recharge chart's condition, in English (said through the catalog)
    charged: bool = True

    def use(self) -> Charm:
        """Its power used (no action): refused while it waits for its recharge condition."""
        if not self.charged:
            raise RulesError(N_("the charm is spent until its condition is met: {condition}"), condition=self.recharge)
        return replace(self, charged=False)

    def recharged(self) -> Charm:
        return replace(self, charged=True)


@dataclass(frozen=True)
class Amulet:
    bonus: int
    applies_to: str  # dfn, dodge, stamina, prot, init, atk, avoid
    trigger: str  # the activation chart's condition, in English
    useless_after: int
    failures: int = 0

    @property
    def useless(self) -> bool:
        return self.failures >= self.useless_after

    def failed(self) -> Amulet:
        """It did not protect (the harm it guards against happened anyway, A-84): one more mark."""
        if self.useless:
            raise RulesError(N_("the amulet is already useless"))
        return replace(self, failures=self.failures + 1)


@dataclass(frozen=True)
class Helm:
    gift: str | None  # the Gift's name, or None for a Rune Power helm
    rune_power: str | None  # the weapon id of a Rune Power helm
    deity: str | None
    levels: int
    worn_since: int | None = None  # the event index it was put on in

    def put_on(self, event: int) -> Helm:
        return replace(self, worn_since=event)

    def works(self, event: int) -> bool:
        """Usable only when worn since the end of an earlier event at least (001c §8.11)."""
        return self.worn_since is not None and self.worn_since < event


MagicItem = Potion | Charm | Amulet | Helm


def magic_item(item: Item) -> MagicItem:
    """The state of a rolled potion, charm, amulet or helm, fresh."""
    rolls = item.rolls
    if item.kind == "potion":
        kind = _value(rolls, "potion_type").row
        simple = kind.name == "Simple potion"
        rounds = None if simple else _plus(item, _value(rolls, "potion_duration"))
        potency, doses = _value(rolls, "potion_potency").row.value or 0, _value(rolls, "potion_doses").row.value or 0
        return Potion(simple, _target(rolls), potency, rounds, doses)
    if item.kind == "charm":
        bonus = _value(rolls, "charm_bonus").row.value or 0
        recharge = _value(rolls, "charm_recharge").row.name or ""
        return Charm(_target(rolls), bonus, _plus(item, _value(rolls, "charm_duration")), recharge)
    if item.kind == "amulet":
        activation = _value(rolls, "amulet_activation").row
        failures = _plus(item, _value(rolls, "amulet_failure"))
        bonus = _value(rolls, "amulet_bonus").row.value or 0
        return Amulet(bonus, activation.applies_to or "", activation.name or "", failures)
    if item.kind == "helm":
        gift = _value(rolls, "helm_gift").row
        levels = _value(rolls, "helm_levels").row.value or 1
        return Helm(gift.name, gift.rune_power, gift.deity, levels)
    raise RulesError(N_("only a potion, a charm, an amulet or a helm has a state to keep"))


def state_words(state: MagicItem, words: Words) -> str:
    """What is left of a magic item, in words: "5 doses left", "spent until: A visit to a shrine"."""
    if isinstance(state, Potion):
        return words.n("{n} dose left", "{n} doses left", state.doses) if state.doses else words("empty")
    if isinstance(state, Charm):
        if state.charged:
            return words("ready")
        return words("spent until: {condition}", condition=words(state.recharge))
    if isinstance(state, Amulet):
        if state.useless:
            return words("useless")
        return words("{n} of {most} failures marked", n=state.failures, most=state.useless_after)
    if state.worn_since is None:
        return words("not worn")
    return words("worn since event {n}", n=state.worn_since)
