"""A whole treasure rolled at the table (spec 001c §8.4-§8.12, §18.4 `generate_treasure`): its category's chart,
then every chart each result leads to, each roll kept with its faces so the treasure can be shown and checked.

- "Roll on Category X instead" rolls X's chart; the item charts then use X's modifiers (`final`, A-33) or the
  treasure's own category's (`original`, option `treasure_modifier_category`).
- Category F's "roll twice" rolls two more results, rolling again any over 90.
- Quantities (1d10, 2d10) are plain d10s added (A-32); a "+ d10" of durations and amulet failures likewise.
- Shield and weapon potency: a 9 or a 0 gives two or three more bonuses; with `potency_subrolls` at
  `reroll_9_and_0` (A-39) those rolls take only +1, +2 or +3 (a 9 or 0 rolled again); `literal` rolls again only
  a 10, so a 9 gives two more bonuses again. A 9's bonuses go to different statistics; a shield rolls again a
  statistic of 1-2 (so a few shields raise DAM).
- Legendary armor rolls its kind of armor; equipment-type legendary items roll their potency (A-40).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from runehall.chance.sources import Source
from runehall.systems.rune.treasure.charts import Category, ChartRow, category_chart, chart
from runehall.systems.rune.treasure.rolling import ChartChance

MAX_DEPTH = 6  # the literal reading's 9s giving more bonuses: at most this deep (a chance of 1 in 10^6)
SHIELD_STAT_REROLL = 2  # a shield rolls again a statistic of 2 or less


@dataclass(frozen=True)
class Rolled:
    """One chart rolled: its faces in order (re-rolls included) and the row it gave."""

    chart: str
    category: Category | None
    faces: tuple[int, ...]
    result: int

    @property
    def row(self) -> ChartRow:
        return chart(self.chart).row(self.result)


@dataclass(frozen=True)
class Item:
    """One thing a treasure holds: its kind, the charts rolled for it, and any plain dice added (ounces, + d10)."""

    kind: str  # liars_silver, loot, equipment, potion, charm, amulet, helm, legendary
    rolls: tuple[Rolled, ...]
    dice: tuple[int, ...] = ()
    ounces: int | None = None
    before: tuple[Rolled, ...] = ()  # the category rolls that led to it ("roll on Category X instead", "twice")


@dataclass
class _Roller:
    source: Source
    golden: int = 0
    trail: list[Rolled] = field(default_factory=list)

    def chart(self, chart_id: str, category: Category | None, golden: bool = False) -> Rolled:
        chance = ChartChance(chart(chart_id), category, self.golden if golden else 0)
        drawn = chance.sample(self.source)
        rolled = Rolled(chart_id, category, drawn.faces, drawn.result)
        self.trail.append(rolled)
        return rolled

    def chart_until(self, chart_id: str, category: Category | None, keep: Callable[[Rolled], bool]) -> Rolled:
        """A chart rolled again until `keep` takes its result: one roll, every face kept."""
        faces: tuple[int, ...] = ()
        while True:
            chance = ChartChance(chart(chart_id), category)
            drawn = chance.sample(self.source)
            faces += drawn.faces
            rolled = Rolled(chart_id, category, faces, drawn.result)
            if keep(rolled):
                self.trail.append(rolled)
                return rolled

    def d10s(self, count: int) -> tuple[int, ...]:
        return tuple(self.source.die(10) for _ in range(count))


def _potency(r: _Roller, cat: Category | None, shield: bool, mode: str) -> list[Rolled]:
    """The shield or weapon potency: a bonus and its statistic; a 9 or a 0, more bonuses (A-39)."""
    rolls: list[Rolled] = []

    def group(count: int, depth: int, distinct: bool) -> None:
        stats: list[str | None] = []
        for _ in range(count):

            def fits(x: Rolled) -> bool:
                return depth == 0 or (x.result < 9 if mode == "reroll_9_and_0" or depth >= MAX_DEPTH else x.result <= 9)

            roll = r.chart_until("weapon_potency", cat, fits)
            rolls.append(roll)
            if roll.row.more is not None:
                group(roll.row.more, depth + 1, distinct=roll.row.more == 2)
                continue

            def allowed(x: Rolled) -> bool:
                low = shield and x.result <= SHIELD_STAT_REROLL
                return not low and not (distinct and x.row.stat in stats)

            stat = r.chart_until("weapon_statistic", None, allowed)
            stats.append(stat.row.stat)
            rolls.append(stat)

    group(1, 0, distinct=False)
    return rolls


def _equipment(r: _Roller, cat: Category | None, mode: str) -> list[Rolled]:
    kind = r.chart("equipment_type", cat, golden=True)
    found = r.chart(kind.row.then[0], cat, golden=True)
    rolls = [kind, found]
    if kind.row.then[0] == "magical_equipment":
        rolls += _magic_potency(r, found.row, cat, mode)
    return rolls


def _magic_potency(r: _Roller, row: ChartRow, cat: Category | None, mode: str) -> list[Rolled]:
    if row.armor is not None:
        return [r.chart("armor_potency", cat)]
    if row.kit is not None:
        return [r.chart("kit_potency", cat)]
    return _potency(r, cat, row.shield is not None, mode)


def _then(r: _Roller, first: Rolled, cat: Category | None) -> list[Rolled]:
    return [first, *(r.chart(c, cat, golden=True) for c in first.row.then)]


def _item(r: _Roller, kind: str, cat: Category | None, mode: str) -> Item:
    start = len(r.trail)
    dice: tuple[int, ...] = ()
    if kind == "potion":
        _then(r, r.chart("potion_type", cat, golden=True), cat)
        r.chart("potion_doses", None, golden=True)
    elif kind == "charm":
        _then(r, r.chart("charm_type", cat, golden=True), cat)
    elif kind == "amulet":
        for chart_id in ("amulet_bonus", "amulet_failure", "amulet_activation"):
            r.chart(chart_id, cat, golden=True)
    elif kind == "equipment":
        _equipment(r, cat, mode)
    elif kind == "helm":
        r.chart("helm_gift", cat, golden=True)
        r.chart("helm_levels", cat, golden=True)
    elif kind == "legendary":
        item = r.chart("legendary_item", None, golden=True).row
        for chart_id in item.then:  # the Ring of Alberich's Ability, rolled when the ring appears
            r.chart(chart_id, cat, golden=True)
        if item.wears == "armor":
            r.chart("legendary_armor", None)
        if item.wears in ("armor", "steel_scale_mail"):
            r.chart("armor_potency", cat)
        elif item.wears in ("axe", "viking_broadsword", "dagger", "quarterstaff", "round_shield"):
            _potency(r, cat, item.wears == "round_shield", mode)
    rolls = tuple(r.trail[start:])
    plus = [x for x in rolls if x.row.plus_d10]
    if plus:
        dice = r.d10s(len(plus))
    return Item(kind, rolls, dice)


def generate_treasure(
    category: Category, source: Source, *, golden: int = 0, modifier_category: str = "final",
    potency_subrolls: str = "reroll_9_and_0",
) -> tuple[Item, ...]:  # fmt: skip
    """Everything a treasure of `category` holds, rolled with `source` (the table's dice, or scripted faces)."""
    r = _Roller(source, golden)
    items: list[Item] = []
    pending: list[tuple[Category, bool, tuple[Rolled, ...]]] = [(category, False, ())]
    while pending:
        current, twice, before = pending.pop(0)
        if twice:  # "roll twice on this chart, ignoring results over 90"
            first = r.chart_until(category_chart(current).id, current, lambda x: x.result <= 90)
        else:
            first = r.chart(category_chart(current).id, current, golden=True)
        row = first.row
        item_category = current if modifier_category == "final" else category
        if row.kind == "category" and row.category is not None:
            pending.append((row.category, False, (*before, first)))
        elif row.kind == "twice":
            pending += [(current, True, (*before, first)), (current, True, (*before, first))]
        elif row.kind in ("liars_silver", "loot") and row.amount is not None:
            dice = r.d10s(row.amount.dice)
            ounces = row.amount.base + sum(dice) * row.amount.times
            rolls = (first,) if row.kind == "liars_silver" else (first, r.chart("loot_form", None))
            items.append(Item(row.kind, rolls, dice, ounces, before))
        elif row.kind is not None:
            for _ in range(row.count):
                item = _item(r, row.kind, item_category, potency_subrolls)
                items.append(Item(item.kind, (first, *item.rolls), item.dice, before=before))
    return tuple(items)
