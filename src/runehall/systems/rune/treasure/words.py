"""A treasure chart's results in words, in the reader's language (spec 001c §8): what a row of a chart gives,
said from the chart's data (names of Rune's data said as the rest of Rune says them), never a program value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from runehall.present.words import N_, Words
from runehall.systems.rune.rules import rules
from runehall.systems.rune.treasure.charts import Amount, Chart, ChartRow, chart

if TYPE_CHECKING:
    from runehall.systems.rune.treasure.generate import Item

CHART_TITLES: Mapping[str, str] = {
    "category_a": N_("Category A treasure"),
    "category_b": N_("Category B treasure"),
    "category_c": N_("Category C treasure"),
    "category_d": N_("Category D treasure"),
    "category_e": N_("Category E treasure"),
    "category_f": N_("Category F treasure"),
    "loot_form": N_("Loot form"),
    "potion_type": N_("Potion type"),
    "potion_potency": N_("Potion potency"),
    "potion_duration": N_("Potion duration"),
    "potion_doses": N_("Potion doses"),
    "charm_type": N_("Charm type"),
    "charm_bonus": N_("Charm bonus"),
    "charm_duration": N_("Charm duration"),
    "charm_recharge": N_("Charm recharge condition"),
    "amulet_bonus": N_("Amulet bonus"),
    "amulet_failure": N_("Amulet failures"),
    "amulet_activation": N_("Amulet activation"),
    "equipment_type": N_("Equipment type"),
    "rare_equipment": N_("Rare equipment"),
    "magical_equipment": N_("Magical equipment"),
    "weapon_potency": N_("Shield or weapon potency (bonus)"),
    "weapon_statistic": N_("Shield or weapon potency (statistic)"),
    "armor_potency": N_("Armor potency"),
    "kit_potency": N_("Kit potency"),
    "ability": N_("Ability"),
    "characteristic": N_("Characteristic"),
    "helm_gift": N_("Helm of Power (Divine Gift)"),
    "helm_levels": N_("Helm of Power (levels)"),
    "legendary_item": N_("Legendary item"),
    "legendary_armor": N_("Legendary armor type"),
}
STATS: Mapping[str, str] = {
    "init": N_("INIT"),
    "atk": N_("ATK"),
    "dfn": N_("DFN"),
    "dam": N_("DAM"),
    "prot": N_("Prot"),
}
APPLIES: Mapping[str, str] = {
    "dfn": N_("bonus to DFN"),
    "dodge": N_("bonus to Dodge"),
    "stamina": N_("bonus to Stamina"),
    "prot": N_("bonus to Prot"),
    "init": N_("bonus to INIT"),
    "atk": N_("bonus to ATK"),
    "avoid": N_("bonus to the roll that avoids the trap"),
}


def title(chart: Chart, words: Words) -> str:
    return words(CHART_TITLES[chart.id])


def amount_words(amount: Amount, words: Words) -> str:
    dice = words("{n}d10", n=amount.dice)
    if amount.times > 1:
        dice = words("({dice} × {times})", dice=dice, times=amount.times)
    return words("{base} + {dice}", base=amount.base, dice=dice) if amount.base else dice


def _unit(unit: str, value: int, plus_d10: bool, words: Words) -> str:
    if unit == "bonus":
        return words("+{n}", n=value)
    if plus_d10:
        plus = {"rounds": N_("{n} + d10 rounds"), "failures": N_("useless after {n} + d10 failures")}
        return words(plus[unit], n=value)
    if unit == "rounds":
        return words.n("{n} round", "{n} rounds", value)
    if unit == "doses":
        return words.n("{n} dose", "{n} doses", value)
    if unit == "failures":
        return words.n("useless after {n} failure", "useless after {n} failures", value)
    return words.n("{n} level", "{n} levels", value)


def _items(kind: str, count: int, words: Words) -> str:
    if kind == "equipment":
        return words.n("a piece of equipment", "{n} pieces of equipment", count)
    if kind == "potion":
        return words.n("a potion", "{n} potions", count)
    if kind == "charm":
        return words.n("a charm", "{n} charms", count)
    if kind == "amulet":
        return words.n("an amulet", "{n} amulets", count)
    if kind == "helm":
        return words.n("a Helm of Power", "{n} Helms of Power", count)
    return words.n("a legendary item", "{n} legendary items", count)


def _named(row: ChartRow, words: Words) -> str | None:
    """A row that names something of Rune's data or of the chart itself."""
    r = rules()
    for field, table in (("weapon", r.weapons.weapon), ("shield", r.armor.shield), ("armor", r.armor.armor)):
        value = getattr(row, field)
        if value is not None:
            return words(next(x.name for x in table if x.id == value))
    if row.ability is not None:
        return words(next(a.name for a in r.abilities.ability if a.id == row.ability))
    if row.characteristic is not None:
        return words(r.characteristic(row.characteristic).name)
    if row.rune_power is not None:
        weapon = next(w.name for w in r.weapons.weapon if w.id == row.rune_power)
        return words("Rune Power: {weapon}", weapon=words(weapon))
    if row.stat is not None:
        stat = words(STATS[row.stat])
        return words("{stat} +{n}", stat=stat, n=row.value) if row.value is not None else stat
    if row.name is not None:
        said = words(row.name)
        return (
            words("{what} ({applies})", what=said, applies=words(APPLIES[row.applies_to])) if row.applies_to else said
        )
    return None


def row_words(chart: Chart, row: ChartRow, words: Words) -> str:
    """What a row of a chart gives, in words: "loot worth 2d10 ounces of silver", "+2", "Long Bow"."""
    if row.kind == "liars_silver" and row.amount is not None:
        return words("{amount} ounces of liar's silver", amount=amount_words(row.amount, words))
    if row.kind == "loot" and row.amount is not None:
        return words("loot worth {amount} ounces of silver", amount=amount_words(row.amount, words))
    if row.kind == "category":
        return words("roll on the Category {category} chart instead", category=row.category)
    if row.kind == "twice":
        return words("roll twice on this chart, rolling again any result over 90")
    if row.kind is not None:
        return _items(row.kind, row.count, words)
    named = _named(row, words)
    if named is not None:
        return named
    if chart.unit is not None and row.value is not None:
        return _unit(chart.unit, row.value, row.plus_d10, words)
    return words("nothing")


def faces_words(chart: Chart, row: ChartRow, words: Words) -> str:
    """The faces of a row as the chart prints them: 0 for a d10's 10, 00 for percentile's 100."""

    def face(n: int) -> str:
        if n == chart.die:
            return "0" if chart.die == 10 else "00"
        return f"{n:02d}" if chart.die == 100 else str(n)

    low, high = row.faces
    return face(low) if low == high else words("{low}–{high}", low=face(low), high=face(high))


DEITIES: Mapping[str, str] = {"loki": N_("Loki"), "odin": N_("Odin")}


def legendary_words(row: ChartRow, words: Words) -> str:
    """A legendary item with its price: "Axe of Glory (30 VP a level)"; a patron god named too."""
    price = words("{cost} VP a level", cost=row.cost)
    if row.deity is not None:
        price = words("{price}, patron {god}", price=price, god=words(DEITIES.get(row.deity, row.deity)))
    return words("{name} ({price})", name=words(row.name or ""), price=price)


KINDS: Mapping[str, str] = {
    "liars_silver": N_("Liar's silver"),
    "loot": N_("Loot"),
    "equipment": N_("Equipment"),
    "potion": N_("Potion"),
    "charm": N_("Charm"),
    "amulet": N_("Amulet"),
    "helm": N_("Helm of Power"),
    "legendary": N_("Legendary item"),
}


def item_words(item: Item, words: Words) -> str:
    """One thing a treasure holds, in words: "Potion: Ability potion, +2, 3 rounds, Climb, 6 doses"."""
    if item.ounces is not None:
        if item.kind == "liars_silver":
            return words("{n} ounces of liar's silver", n=item.ounces)
        form = item.rolls[-1]
        return words("loot worth {n} ounces of silver: {form}", n=item.ounces,
                     form=row_words(chart(form.chart), form.row, words))  # fmt: skip
    parts: list[str] = []
    power = ""
    rolls = list(item.rolls[1:])  # the first is the category's roll that gave the item
    for at, rolled in enumerate(rolls):
        row = rolled.row
        if rolled.chart == "weapon_statistic":
            continue  # said with the bonus before it
        said = row_words(chart(rolled.chart), row, words)
        if row.cost is not None and row.effect is not None:
            said, power = legendary_words(row, words), words(row.effect)
        after = rolls[at + 1] if at + 1 < len(rolls) else None
        if rolled.chart == "weapon_potency" and row.value is not None and after and after.chart == "weapon_statistic":
            said = words("{stat} +{n}", stat=words(STATS[after.row.stat or "dfn"]), n=row.value)
        if row.more is not None:
            continue  # the bonuses it gives follow
        parts.append(said)
    if item.dice:
        parts.append(words("d10: {dice}", dice=words.join([str(d) for d in item.dice])))
    said = words("{kind}: {parts}", kind=words(KINDS[item.kind]), parts=", ".join(parts))
    return words("{item}. Its power: {power}", item=said, power=power) if power else said
