"""A magic item on a hero's sheet (spec 001c §8.8-§8.12; §18.4 MagicItemState): the item as the treasure event
stored it (every chart roll with its faces, read back through the charts) and its state - a potion's doses left,
whether a charm is charged, an amulet's failures marked, whether a helm is worn and since which event. A won
potion, charm, amulet, Helm of Power, legendary item or piece of magical equipment is carried this way; silver,
liar's silver and loot are not (they go into the haul).

A worn Helm of Power grants its Gift's levels through the hero's gifts (no VP), stacked on his own and never past
the Gift's most (001c §8.11), once worn since an earlier event: `granted` adds them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from pydantic import Field, model_validator

from runehall.errors import Invalid, RulesError, RunehallError
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.catalog import gift, gifts, max_level
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.generate import Item
from runehall.systems.rune.treasure.items import Amulet, Charm, Helm, MagicItem, Potion, magic_item, state_words
from runehall.systems.rune.treasure.stored import StoredItem, item_from
from runehall.systems.rune.treasure.words import item_words

MAGIC_KINDS = ("potion", "charm", "amulet", "helm", "legendary", "equipment")
WITH_STATE = ("potion", "charm", "amulet", "helm")
MAX_MAGIC = 60  # magic items on one sheet: more than a campaign of Category F treasures gives a hero
BEFORE = -1  # a helm worn since before this encounter (on the sheet: worn)
MAX_EVENT = 1000
MAX_LEVELS = 50  # levels bought in one legendary item


class CarriedItem(RulesModel):
    """One magic item a hero carries; a state field is None while the item is as it was found (or when its kind has
    no such state)."""

    item: StoredItem = Field(description="The item as the treasure's event stored it.")
    doses: int | None = Field(None, ge=0, le=8, description="A potion's doses left.")
    charged: bool | None = Field(None, description="Whether a charm is charged.")
    failures: int | None = Field(None, ge=0, le=20, description="An amulet's failures marked.")
    worn_since: int | None = Field(
        None, ge=BEFORE, le=MAX_EVENT, description="A helm worn: the event it was put on in."
    )
    levels: int | None = Field(
        None, ge=0, le=MAX_LEVELS, description="A legendary item's levels bought with VP (treasure/legendary.py)."
    )
    damaged: bool | None = Field(
        None, description="A legendary item damaged (never repaired): its levels cost double from then on."
    )

    @model_validator(mode="after")
    def _fits(self) -> CarriedItem:
        try:
            found = item_from(self.item)
        except (RunehallError, KeyError, TypeError, ValueError):
            raise Invalid(N_("a magic item must be a treasure item as its roll stored it")) from None
        if found.kind not in MAGIC_KINDS:
            raise Invalid(N_("only a magic item is carried on the sheet: silver and loot go into the haul"))
        if self.levels is not None and found.kind != "legendary":
            raise Invalid(N_("only a legendary item has levels of its power"))
        if self.damaged is not None and found.kind != "legendary":
            raise Invalid(N_("only a legendary item is marked damaged on the sheet"))
        fresh = magic_item(found) if found.kind in WITH_STATE else None
        own = {"doses": Potion, "charged": Charm, "failures": Amulet, "worn_since": Helm}
        for field, kind in own.items():
            if getattr(self, field) is not None and not isinstance(fresh, kind):
                raise Invalid(N_("this magic item has no such state to keep"))
        if isinstance(fresh, Potion) and self.doses is not None and self.doses > fresh.doses:
            raise Invalid(N_("a potion never holds more doses than it was found with"))
        if isinstance(fresh, Amulet) and self.failures is not None and self.failures > fresh.useless_after:
            raise Invalid(N_("an amulet is useless at its last failure: no more can be marked"))
        return self

    @property
    def stored(self) -> Item:
        return item_from(self.item)

    @property
    def kind(self) -> str:
        return str(self.item["kind"])

    def state(self) -> MagicItem | None:
        """Its state as items.py plays it (None for a legendary item or magical equipment)."""
        if self.kind not in WITH_STATE:
            return None
        fresh = magic_item(self.stored)
        if isinstance(fresh, Potion) and self.doses is not None:
            return replace(fresh, doses=self.doses)
        if isinstance(fresh, Charm) and self.charged is not None:
            return replace(fresh, charged=self.charged)
        if isinstance(fresh, Amulet) and self.failures is not None:
            return replace(fresh, failures=self.failures)
        if isinstance(fresh, Helm):
            return replace(fresh, worn_since=self.worn_since)
        return fresh

    def updated(self, state: MagicItem) -> CarriedItem:
        """The item with a new state (a dose drunk, a charm used, a failure marked, a helm put on or off)."""
        if isinstance(state, Potion):
            return self.model_copy(update={"doses": state.doses})
        if isinstance(state, Charm):
            return self.model_copy(update={"charged": state.charged})
        if isinstance(state, Amulet):
            return self.model_copy(update={"failures": state.failures})
        return self.model_copy(update={"worn_since": state.worn_since})

    def on_sheet(self) -> CarriedItem:
        """As the sheet keeps it after an encounter: a helm still worn is worn since before the next one."""
        return self.model_copy(update={"worn_since": BEFORE}) if self.worn_since is not None else self


def won(items: Iterable[Mapping[str, Any]]) -> tuple[CarriedItem, ...]:
    """The magic items among a treasure's stored items, as found."""
    return tuple(CarriedItem(item=dict(i)) for i in items if i["kind"] in MAGIC_KINDS)


def helm_gift(helm: Helm) -> str:
    """The id of the Gift (or Rune Power) a helm grants."""
    if helm.rune_power is not None:
        return next(g.id for g in gifts().values() if g.rune_power and g.weapon == helm.rune_power)
    found = held.find(helm.gift or "")
    if found is None:
        raise RulesError(N_("no Divine Gift of Rune is called {name!r}"), name=helm.gift)
    return found


def granted(levels: Mapping[str, int], carried: Iterable[CarriedItem], event: int,
            options: RuneOptions | None = None) -> dict[str, int]:  # fmt: skip
    """The hero's gifts with a worn helm's levels added (worn since an earlier event, or since before the
    encounter), never past the Gift's most; without VP."""
    found = dict(levels)
    for c in carried:
        state = c.state()
        if isinstance(state, Helm) and state.works(event):
            gift_id = helm_gift(state)
            most = max_level(gift(gift_id), options)
            total = found.get(gift_id, 0) + state.levels
            found[gift_id] = total if most is None else min(total, most)
    return found


def helm_connections(carried: Iterable[CarriedItem]) -> dict[str, int]:
    """God -> the Divine Connection a worn Helm of Power adds: its levels to its Gift's patron (001c §8.11), from
    the moment it is put on; a Rune Power's helm has no patron and adds none."""
    found: dict[str, int] = {}
    for c in carried:
        state = c.state()
        if isinstance(state, Helm) and state.worn_since is not None:
            god = gift(helm_gift(state)).patron
            if god is not None:
                found[god] = found.get(god, 0) + state.levels
    return found


def worn_gifts(levels: Mapping[str, int], carried: Iterable[CarriedItem]) -> dict[str, int]:
    """The gifts his sheet's numbers read: his own with a worn helm's (on the sheet a worn helm is worn since
    before the encounter, so it works)."""
    return granted(levels, carried, MAX_EVENT)


def carried_words(c: CarriedItem, words: Words) -> tuple[str, str]:
    """The item in words and what is left of it: a potion's doses, a charm ready or spent, a helm worn."""
    state = c.state()
    if isinstance(state, Helm):
        if state.worn_since is None:
            left = words(N_("not worn"))
        elif state.worn_since == BEFORE:
            left = words(N_("worn"))
        else:
            left = words(N_("worn since event {n}"), n=words.number(state.worn_since + 1))
        return item_words(c.stored, words), left
    if c.kind == "legendary":  # his levels in its power, bought with VP (legendary.py)
        left = words.n("{n} level", "{n} levels", c.levels) if c.levels else words(N_("no levels bought yet"))
        if c.damaged:
            left = words(N_("{levels}, damaged: its levels cost double"), levels=left)
        return item_words(c.stored, words), left
    return item_words(c.stored, words), state_words(state, words) if state is not None else ""
