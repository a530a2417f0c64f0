"""Magic items at the encounter tracker (spec 001c §8.8-§8.12): each hero's items come from his sheet at the start
and from the treasures he is given; using one is an appended event that changes its state - a dose of a potion
drunk, a charm used (and charged again once its condition is met), an amulet's failure to protect marked, a Helm
of Power put on or taken off. A helm worn since an earlier event (or since before the encounter) grants its Gift's
levels in the fights of the run (`fight_sheet`), without VP. At settlement and at the end of the adventure the
items, with their states, are written back to the sheets; so is each hero's haul, carried on to the adventure's next
encounter (its run starts from it) until the hauls go home.

Refused, with nothing changed: a hero not in the encounter or dead, an item he does not carry, a use his item
has not (drinking from a charm), an empty potion, a spent charm, a charged charm charged again, a useless amulet,
a second helm on his head, a helm put on that is worn or taken off that is not."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.rune.encounters import item_rolls
from runehall.systems.rune.encounters.hauls import Haul
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_progress import current_event
from runehall.systems.rune.encounters.run_state import HeroEntry, RunSetup, RunState
from runehall.systems.rune.gifts import held
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import MAX_MAGIC, CarriedItem, granted, helm_gift
from runehall.systems.rune.treasure.items import Amulet, Charm, Helm, MagicItem, Potion

Use = Literal["drink", "use", "recharge", "failed", "put_on", "take_off", "damaged"]
USES: Mapping[type, tuple[str, ...]] = {
    Potion: ("drink",),
    Charm: ("use", "recharge"),
    Amulet: ("failed",),
    Helm: ("put_on", "take_off"),
}


def from_sheets(setup: RunSetup) -> dict[str, tuple[CarriedItem, ...]]:
    """Each hero's magic items as his sheet keeps them."""
    found: dict[str, tuple[CarriedItem, ...]] = {}
    for hero in setup.heroes:
        given = hero.sheet.get("magic_items") or ()
        if given:
            found[hero.name] = tuple(validate_model(CarriedItem, m, f"{hero.name}'s sheet") for m in given)
    return found


def uses_of(state: MagicItem | None) -> tuple[str, ...]:
    """What can be done with an item now: its kind's uses that its state allows."""
    if isinstance(state, Potion):
        return ("drink",) if state.doses else ()
    if isinstance(state, Charm):
        return ("use",) if state.charged else ("recharge",)
    if isinstance(state, Amulet):
        return () if state.useless else ("failed",)
    if isinstance(state, Helm):
        return ("take_off",) if state.worn_since is not None else ("put_on",)
    return ()


def legendary_uses(c: CarriedItem) -> tuple[str, ...]:
    """A legendary item not yet damaged can be marked damaged (a trap's or a fall's equipment damage, A-85)."""
    return ("damaged",) if c.kind == "legendary" and not c.damaged else ()


def damaged(c: CarriedItem) -> CarriedItem:
    """The legendary item marked damaged; refused for another kind of item and for one damaged already."""
    if c.kind != "legendary":
        raise RulesError(N_("only a legendary item is marked damaged this way"))
    if c.damaged:
        raise RulesError(N_("the legendary item is damaged already"))
    return c.model_copy(update={"damaged": True})


class UseItemParams(RulesModel):
    hero: str = Field(min_length=1, max_length=60, description="The hero who carries it.")
    item: int = Field(ge=1, le=MAX_MAGIC, description="Which of his magic items, counted from 1.")
    use: Use = Field(
        description="What is done with it: a dose drunk, a use, a recharge (its condition met), a failure marked, "
        "a helm put on or taken off, or a legendary item marked damaged."
    )


def _used(state: MagicItem, use: str, worn: bool, event: int) -> MagicItem:
    if isinstance(state, Potion):
        return state.drink()
    if isinstance(state, Charm):
        if use == "recharge":
            if state.charged:
                raise RulesError(N_("the charm is charged already"))
            return state.recharged()
        return state.use()
    if isinstance(state, Amulet):
        return state.failed()
    assert isinstance(state, Helm)
    if use == "take_off":
        if state.worn_since is None:
            raise RulesError(N_("the helm is not worn"))
        return replace(state, worn_since=None)
    if state.worn_since is not None:
        raise RulesError(N_("the helm is worn already"))
    if worn:
        raise RulesError(N_("only one helm is worn at a time: he takes off the other first"))
    return state.put_on(event)


class UseItemAction(RunAction):
    name: ClassVar[str] = "use_item"
    title: ClassVar[str] = N_("Use a magic item")
    summary: ClassVar[str] = (
        "A dose drunk, a charm used or charged again, an amulet's failure, a helm on or off, a legendary item damaged."
    )
    Params: ClassVar[type[RulesModel]] = UseItemParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero = _hero(state, params.hero)
        if state.tally.died(hero) is not None:
            raise RulesError(N_("{hero} is dead: he uses nothing"), hero=hero)
        carried = state.magic.get(hero, ())
        if params.item > len(carried):
            raise RulesError(N_("{hero} carries no magic item {number}"), hero=hero, number=params.item)
        item = carried[params.item - 1]
        if params.use == "damaged":  # a legendary item damaged: its levels cost double from then on
            changed = damaged(item)
            said = {"hero": hero, "number": params.item, "use": "damaged", "item": item.item, "damaged": True}
            marked = dict(state.magic) | {hero: (*carried[: params.item - 1], changed, *carried[params.item :])}
            return state.model_copy(update={"magic": marked}), said
        before = item.state()
        if before is None or params.use not in USES[type(before)]:
            raise RulesError(N_("this magic item cannot be used that way"))
        worn = any(isinstance(c.state(), Helm) and c.worn_since is not None for c in carried)
        event = current_event(state)
        after = _used(before, params.use, worn, event)
        changed = item.updated(after)
        result: dict[str, Any] = {"hero": hero, "number": params.item, "use": params.use, "item": item.item}
        result |= changed.model_dump(mode="json", exclude={"item"}, exclude_none=True)
        if isinstance(after, Helm):
            result |= {"gift": helm_gift(after), "levels": after.levels, "event": event + 1}
        magic = dict(state.magic) | {hero: (*carried[: params.item - 1], changed, *carried[params.item :])}
        bonus = item_rolls.started(hero, params.item, after)  # a potion's or charm's bonus on his rolls
        if bonus is not None:
            result["bonus"] = {"target": bonus.target, "bonus": bonus.bonus, "rounds": bonus.rounds}
        return item_rolls.begun(state.model_copy(update={"magic": magic}), bonus), result


def fight_sheet(state: RunState, hero: HeroEntry, options: Any) -> dict[str, Any]:
    """The sheet a fight of the run takes for a hero: his gifts with those of a helm that works now."""
    sheet = dict(hero.sheet)
    carried = state.magic.get(hero.name, ())
    if not carried:
        return sheet
    own = sheet.get("gifts")
    levels = {held.find(str(k)) or str(k): int(v) for k, v in own.items()} if isinstance(own, Mapping) else {}
    opts = options if isinstance(options, RuneOptions) else None
    gifts = granted(levels, carried, current_event(state), opts)
    if gifts != levels:
        sheet["gifts"] = gifts
    return sheet


def hauls_from_sheets(setup: RunSetup) -> dict[str, Haul]:
    """Each hero's haul carried from the adventure's earlier encounters, as his sheet keeps it."""
    found: dict[str, Haul] = {}
    for hero in setup.heroes:
        given = hero.sheet.get("haul")
        if given:
            found[hero.name] = validate_model(Haul, given, f"{hero.name}'s sheet")
    return found


def sheet_carried(state: RunState, hero: HeroEntry, home: bool = False) -> dict[str, Any]:
    """What to write on a hero's sheet of what he carries, where it changed: his magic items with their states,
    and his haul (none once the hauls went home at the adventure's end)."""
    found: dict[str, Any] = {}
    written = [c.on_sheet().model_dump(mode="json", exclude_none=True) for c in state.magic.get(hero.name, ())]
    if written != list(hero.sheet.get("magic_items") or []):
        found["magic_items"] = written
    home = home or bool((state.settlement or {}).get("home"))
    haul = state.hauls.get(hero.name)
    kept = None if home or haul is None or haul == Haul() else haul.model_dump(mode="json")
    if kept != (hero.sheet.get("haul") or None):
        found["haul"] = kept
    return found
