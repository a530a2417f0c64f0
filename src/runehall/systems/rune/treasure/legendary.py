"""Legendary items' powers (spec 001c §8.12): each power as data (when it works, how often, what it needs), its
levels bought with VP like a Gift's (A-85: the item's price a level, paid from the hero's free VP), the patron god's
Divine Connection raised by 1 a level, and the rules of the powers that change a number.

X is the owner's levels in the item. A power works only while the item is in use: armour while he wears armour of
its kind, a weapon or shield while he carries one of its kind (equipment.py decides which piece counts), a cloak,
torc, ring, collar, boots or helm while he has it. Played so far: the Armor of Inflexible Surety's +3X on a roll to
resist Impairment or to gain Invigoration (`surety_bonus`), Einherjar's Armor's X HP back at each combat round's
end (`einherjar_regain`), the Axe of Glory's 10X VP more on a foe's death blow for each hit with it
(`glory_per_hit`), the Blade of Fair Title's 5X VP taken from the killer of a foe the blade hurt more than he did
(`fair_title_vp`), the Torc of Alberich's 3X VP less for the runner on each failed roll of the notes
(`torc_spared`), the Ring of Alberich's VP multiplied by X on a success of its Ability (`legendary_ring.py`), the
Loki-Thwarting Armor's Prot risen against a Sark Amen, Dishonored or Dark Viking
(`loki_thwart_levels`), the Absorption Armor's weapons absorbed (`absorption_levels`), the Spitting Armor's acid on a
melee attacker (`spitting_damage`, `loki_rating`), the Demon Maw Helm's bellow (`maw_levels`, `primary_rating`;
combat/legendary_maw.py), the Blunting Armor's Dam taken from a weapon that hits its wearer (`blunting_levels`),
the Blue Cloak of Treachery's VP spared (`legendary_vp.py`), the Blinding Armor's sparks dazzling a melee striker
(`blinding_levels`; combat/legendary_sparks.py). The others are described here and left to the
table (rules doc §35.5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.gifts.catalog import gods
from runehall.systems.rune.treasure.carried import CarriedItem, helm_connections
from runehall.systems.rune.treasure.charts import ChartRow
from runehall.systems.rune.treasure.generate import Item

When = Literal["always", "struck", "hit", "kill", "round_end", "action", "roll", "treasure", "vp"]
Scope = Literal["none", "combat", "event", "encounter"]


@dataclass(frozen=True)
class Power:
    """A legendary item's power as the rules play it: when it comes into play, how many uses a scope allows
    ("X" = the levels, "1", None = not counted), whether using it costs an action, and whether Runehall plays it."""

    when: When
    scope: Scope = "none"
    uses: str | None = None
    action: bool = False
    played: bool = False


SURETY = "Armor of Inflexible Surety"
SURETY_PER_LEVEL = 3
WAND = "Loki-Trouncing Wand"
EINHERJAR = "Einherjar's Armor"
GLORY = "Axe of Glory"
GLORY_PER_LEVEL = 10
FAIR_TITLE = "Blade of Fair Title"
FAIR_TITLE_PER_LEVEL = 5
LOKI_THWART = "Loki-Thwarting Armor"
ABSORPTION = "Absorption Armor"
SPITTING = "Spitting Armor"
MAW = "Demon Maw Helm"
SPITTING_PER_LEVEL = 3
BLUNTING = "Blunting Armor"
BLINDING = "Blinding Armor"
TORC = "Torc of Alberich"
TORC_PER_LEVEL = 3

POWERS: Mapping[str, Power] = {
    SURETY: Power("roll", played=True),
    ABSORPTION: Power("struck", played=True),
    GLORY: Power("hit", played=True),
    FAIR_TITLE: Power("kill", played=True),
    BLINDING: Power("struck", played=True),
    "Blood Tribute Armor": Power("roll", "encounter"),
    "Blue Cloak of Treachery": Power("vp", played=True),  # legendary_vp.py
    BLUNTING: Power("struck", played=True),
    MAW: Power("action", "encounter", "1", action=True, played=True),
    EINHERJAR: Power("round_end", played=True),
    "Even-Handed Torc": Power("vp", "encounter", "X"),
    "Golden Blade": Power("treasure"),
    "Light-Treading Boots": Power("vp", "combat", "X"),
    LOKI_THWART: Power("struck", "event", "X", played=True),
    WAND: Power("action", action=True),
    "Mantle of Grim Justice": Power("vp", "encounter", "X"),
    "Ring of Alberich": Power("vp", played=True),
    "Shield of Fury": Power("action", "encounter", "X"),
    SPITTING: Power("struck", played=True),
    TORC: Power("vp", played=True),
}


def legend(item: Item) -> ChartRow:
    """The Legendary Item chart's row of a legendary item (its name, price, patron, what it is)."""
    if item.kind != "legendary":
        raise RulesError(N_("only a legendary item has a power to buy levels in"))
    return next(r.row for r in item.rolls if r.chart == "legendary_item")


def power(item: Item) -> Power:
    return POWERS[legend(item).name or ""]


def price(item: Item, levels: int = 1) -> int:
    """The VP that many more levels cost (the item's price a level)."""
    return (legend(item).cost or 0) * levels


def level_price(c: CarriedItem, levels: int = 1) -> int:
    """What that many more levels of the carried item cost: its price a level, doubled once it is damaged (A-85)."""
    return price(c.stored, levels) * (2 if c.damaged else 1)


def buy(c: CarriedItem, levels: int, free_vp: int, ratings: Mapping[str, int]) -> tuple[CarriedItem, int]:
    """`levels` more levels bought in a legendary item: the item with them and the VP they cost (`level_price`).
    Refused for an item that is not legendary, fewer than one level, too few free VP, and the Loki-Trouncing Wand
    while the hero's Loki rating is at least his Odin rating (`ratings`: god -> Divine Connection, catalog names)."""
    row = legend(c.stored)
    if levels < 1:
        raise RulesError(N_("buy at least one level"))
    cost = level_price(c, levels)
    if cost > free_vp:
        raise RulesError(N_("{levels} levels of {item} cost {cost} VP; he has {free} free"), levels=levels,
                         item=Refusal(row.name or ""), cost=cost, free=free_vp)  # fmt: skip
    if row.name == WAND and ratings.get("Loki", 0) >= ratings.get("Odin", 0):
        raise RulesError(N_("no levels of the Loki-Trouncing Wand while his Loki rating is not below his Odin rating"))
    return c.model_copy(update={"levels": (c.levels or 0) + levels}), cost


def patron(item: Item) -> str | None:
    """The item's patron god as the gift catalog names him ("Loki"), or None."""
    deity = legend(item).deity
    return None if deity is None else next(g for g in gods() if g.lower() == deity)


def connections(carried: Iterable[CarriedItem]) -> dict[str, int]:
    """God (the gift catalog's name) -> the Divine Connection his legendary items' levels add (1 a level of an item
    with a patron), added to his gifts' by gifts/divine.py; and a worn Helm of Power's levels to its Gift's patron
    (carried.helm_connections, 001c §8.11)."""
    found = helm_connections(carried)
    for c in carried:
        if c.kind == "legendary" and c.levels:
            god = patron(c.stored)
            if god is not None:
                found[god] = found.get(god, 0) + c.levels
    return found


def worn_levels(carried: Iterable[CarriedItem], armor: str | None, name: str) -> int:
    """His levels in the legendary armour called `name` while he wears armour of its kind (its rolled "Any Armor"
    kind, or the kind the chart names: Blinding Armor is Steel Scale Mail); 0 otherwise."""
    for c in carried:
        if c.kind != "legendary" or not c.levels or legend(c.stored).name != name:
            continue
        row = legend(c.stored)
        kind = next((r.row.armor for r in c.stored.rolls if r.chart == "legendary_armor"), None)
        if armor is not None and (kind or row.wears) == armor:
            return c.levels
    return 0


def surety_bonus(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """The Armor of Inflexible Surety's bonus on a roll to resist Impairment or to gain Invigoration: 3 a level
    while he wears armour of its kind (none otherwise)."""
    return SURETY_PER_LEVEL * worn_levels(carried, armor, SURETY)


def einherjar_regain(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """Einherjar's Armor: the lost HP he regains at the end of each combat round (X, while worn; combat's
    legendary_play.py plays it)."""
    return worn_levels(carried, armor, EINHERJAR)


def loki_thwart_levels(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """The Loki-Thwarting Armor: the most its Prot rises in a fight (X, while worn; legendary_play.py plays it)."""
    return worn_levels(carried, armor, LOKI_THWART)


def absorption_levels(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """The Absorption Armor: the Difficulty of the Res roll that keeps a foe's weapon (X, while worn;
    legendary_play.py plays it)."""
    return worn_levels(carried, armor, ABSORPTION)


def spitting_damage(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """The Spitting Armor: the armour-ignoring damage its acid deals a melee attacker who fails to dodge it (3 a
    level while worn; legendary_play.py plays it)."""
    return SPITTING_PER_LEVEL * worn_levels(carried, armor, SPITTING)


def blinding_levels(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """The Blinding Armor: X while worn, added to his Divine Awareness for the striker's Stamina roll, and the
    rounds a failed roll dazzles him (combat/legendary_sparks.py plays it)."""
    return worn_levels(carried, armor, BLINDING)


def blunting_levels(carried: Iterable[CarriedItem], armor: str | None) -> int:
    """The Blunting Armor: X while worn, added to his Divine Awareness for the striker's roll and taken from the
    striking weapon's Dam when it fails (legendary_play.py plays it)."""
    return worn_levels(carried, armor, BLUNTING)


def loki_rating(gifts: Mapping[str, int], carried: Iterable[CarriedItem]) -> int:
    """His Loki Divine Connection: his Loki gifts' levels and his legendary items' (and worn helms') for Loki."""
    from runehall.systems.rune.gifts.divine import connections as rated

    return rated(gifts, connections(carried)).get("Loki", 0)


def maw_levels(carried: Iterable[CarriedItem]) -> int:
    """The Demon Maw Helm: his levels in it while he has it (combat/legendary_maw.py plays its bellow)."""
    return sum(c.levels or 0 for c in carried if c.kind == "legendary" and legend(c.stored).name == MAW)


def primary_rating(gifts: Mapping[str, int], carried: Iterable[CarriedItem]) -> int:
    """His primary god's Divine Connection (the highest rating; 0 without a god): his roll against a Demon Maw."""
    from runehall.systems.rune.gifts.divine import connections as rated

    return max(rated(gifts, connections(carried)).values(), default=0)


def glory_per_hit(carried: Iterable[CarriedItem]) -> int:
    """The Axe of Glory: the VP its hit adds to the death blow of the foe hit, 10 a level (0 without the axe; the
    fight counts only hits with his first axe, combat/legendary_play.py)."""
    levels = sum(c.levels or 0 for c in carried if c.kind == "legendary" and legend(c.stored).name == GLORY)
    return GLORY_PER_LEVEL * levels


def fair_title_vp(carried: Iterable[CarriedItem]) -> int:
    """The Blade of Fair Title: the VP (5 a level) it takes from another hero's death blow on a foe the blade had
    dealt more damage than the killer did (A-41), never more than that death blow (encounters/run_fight.py)."""
    levels = sum(c.levels or 0 for c in carried if c.kind == "legendary" and legend(c.stored).name == FAIR_TITLE)
    return FAIR_TITLE_PER_LEVEL * levels


def torc_spared(sheet: Mapping[str, Any]) -> int:
    """The Torc of Alberich on a hero's sheet (a stored sheet's magic_items): the VP the runner earns less for each
    roll of the notes he fails, 3 a level (never below 0: Tally.roll's `spared`)."""
    carried = [CarriedItem.model_validate(i) for i in sheet.get("magic_items") or ()]
    levels = sum(c.levels or 0 for c in carried if c.kind == "legendary" and legend(c.stored).name == TORC)
    return TORC_PER_LEVEL * levels
