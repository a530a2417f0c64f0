"""Equipment damage to a struck hero's other gear (spec 001c §7.4, book p. 150; rules §34.5), rolled by gear_play.py
after his weapons, armour and shield: a plain d10 for each kit his sheet carries (in the rules' order of the
Abilities), then for each magic item he carries in the run (in its order on his sheet), plus the book's modifier
for its kind, against the same Difficulty. A failure by d harms it by its kind (equipment_damage.py): a kit
slightly, mostly or wholly spoilt (-1, -2, -3 to its Ability while used); a potion lost (its doses gone); a charm
or amulet 1 + d/3 of its bonus (useless below 0); a Helm of Power 1 + d/5 of its levels; a legendary item marked
damaged (its levels cost double from then on, A-85). A potion's loss and a legendary item's damage are written
into the run's magic items, and so onto the sheet at settlement; each harm is kept in the run's trap record
(`TrapPlay.gear`, a later trap harms it from there, a ruined item rolls no more) and shown on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.chance.sources import Source
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.encounters.peril_state import Gear
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules
from runehall.systems.rune.sheet import Sheet
from runehall.systems.rune.treasure.items import Amulet, Charm, Helm, magic_item

KITS = {"climb": "climbing_kit", "healer": "healers_kit", "map": "mapping_kit", "pick_lock": "lock_picking_kit",
        "repair": "repair_kit", "ride": "riding_tackle", "ski": "skis", "survival": "survival_kit",
        "traps": "trap_disarming_kit", "gamble": "gambling_kit", "music": "musicians_kit"}  # fmt: skip
MAGIC = {"potion": "potion", "charm": "charm", "amulet": "amulet", "helm": "helm_of_power",
         "legendary": "legendary_item"}  # fmt: skip
KINDS = {"potion": N_("Potion"), "charm": N_("Charm"), "amulet": N_("Amulet"), "helm": N_("Helm of Power"),
         "legendary": N_("Legendary item")}  # fmt: skip


def kits(hero: str, sheet: Mapping[str, Any], options: Any) -> list[str]:
    """The Abilities whose kit the hero carries."""
    opts = options if isinstance(options, RuneOptions) else RuneOptions()
    return [a for a in Sheet(Hero.model_validate({"name": hero, **sheet}), opts).kits() if a in KITS]


def _last(state: RunState, hero: str, kind: str, item: str) -> Gear | None:
    return next((g for g in reversed(state.traps.gear) if (g.hero, g.kind, g.item) == (hero, kind, item)), None)


def _value(c: Any) -> int | None:
    """A charm's or amulet's bonus, a helm's levels, as found."""
    fresh = magic_item(c.stored)
    if isinstance(fresh, Charm | Amulet):
        return fresh.bonus
    return fresh.levels if isinstance(fresh, Helm) else None


def roll_items(
    state: RunState, hero: str, aim: int, options: Any, source: Source
) -> tuple[RunState, list[dict[str, Any]], list[list[int]]]:
    """Each kit's and magic item's roll for one struck hero: (state, what befell each, the dice)."""
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    found: list[dict[str, Any]] = []
    faces: list[list[int]] = []
    kept = list(state.traps.gear)
    carried = list(state.magic.get(hero, ()))
    rows: list[tuple[str, str, Any]] = [("kit", a, None) for a in kits(hero, sheet, options)]
    rows += [(c.stored.kind, str(i), c) for i, c in enumerate(carried, start=1) if c.stored.kind in MAGIC]
    for kind, item, c in rows:
        before = _last(state, hero, kind, item)
        if (before is not None and before.state in ("destroyed", "doubled_cost")) or (c is not None and c.damaged):
            continue  # nothing more to harm
        if kind == "potion" and c is not None and c.doses == 0:
            continue
        die = source.die(10)
        faces.append([die])
        modifier = eq.item_modifier(item=KITS[item] if kind == "kit" else MAGIC[kind])
        d = eq.failure(die, modifier, aim)
        said: dict[str, Any] = {"kind": kind, "item": item, "die": die, "modifier": modifier, "difficulty": aim,
                                "failed_by": d}  # fmt: skip
        if d:
            value = before.value if before is not None and before.value is not None else None
            if kind == "kit":
                h = eq.harm_kit(d)  # a later harm leaves the worse of the two
                fresh = Gear(hero=hero, kind="kit", item=item, state=h.state, value=h.impairment)
                g = before if before is not None and (before.value or 0) >= h.impairment else fresh
            elif kind in ("charm", "amulet", "helm"):
                start = value if value is not None else _value(c)
                h = eq.harm_helm(start or 0, d) if kind == "helm" else eq.harm_charm(start or 0, d)
                g = Gear(hero=hero, kind=kind, item=item, state=h.state, value=h.value)
            else:
                h = eq.harm_other(kind, d)  # type: ignore[arg-type]
                g = Gear(hero=hero, kind=kind, item=item, state=h.state)
                carried[int(item) - 1] = c.model_copy(update={"doses": 0} if kind == "potion" else {"damaged": True})
            kept = [x for x in kept if (x.hero, x.kind, x.item) != (hero, kind, item)] + [g]
            said |= {"state": g.state, "value": g.value}
        found.append(said)
    magic = dict(state.magic) | ({hero: tuple(carried)} if hero in state.magic else {})
    traps = state.traps.model_copy(update={"gear": tuple(kept)})
    return state.model_copy(update={"traps": traps, "magic": magic}), found, faces


def item_said(g: Mapping[str, Any], words: Words, state: str) -> str:
    """A kit's or magic item's harm in words."""
    n = words.number
    if g["kind"] == "kit":
        return words(N_("{ability} kit: {state}"), ability=words(rules().ability(g["item"]).name), state=state)
    what = words(N_("item {number} ({kind})"), number=n(int(g["item"])), kind=words(KINDS[g["kind"]]))
    if g["kind"] in ("charm", "amulet"):
        return words(N_("{item}: {state} (bonus {n})"), item=what, state=state, n=n(g["value"]))
    if g["kind"] == "helm":
        return words(N_("{item}: {state} (levels {n})"), item=what, state=state, n=n(g["value"]))
    return words(N_("{item}: {state}"), item=what, state=state)
