"""Equipment damage rolled by the encounter tracker when a trap that harms equipment is sprung (spec 001c §7.4,
acid's §7.1; rules §34.5): after each struck hero's own damage, a plain d10 for each weapon, armour and shield his
sheet carries (in that order; then his kits and magic items, gear_items.py), plus the item's modifier (twice its
Load, dwarven +3; equipment_damage.py) against half the raw damage he took (3 when none); a failure by d harms it
by its kind (armour's Prot by `armour_damage`, a weapon's ATK, DFN and DAM, a shield's DFN). What the items have
left is kept in the run's trap record (`TrapPlay.gear`, read again by a later trap) and shown on the board. A
number the rules' table lost (a weapon's "special" DAM) counts as 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.chance.sources import Source
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.encounters import gear_items
from runehall.systems.rune.encounters.peril_state import Gear
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.equipment_mechanic import STATES
from runehall.systems.rune.rules import rules

DWARVEN = "dwarven_"


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


def carried(sheet: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(kind, id) of each item that rolls: his weapons, his armour, his shield."""
    items = [("weapon", w) for w in sheet.get("weapons") or ()]
    items += [("armour", sheet["armor"])] if sheet.get("armor") else []
    return items + ([("shield", sheet["shield"])] if sheet.get("shield") else [])


def _now(state: RunState, hero: str, kind: str, item: str) -> Gear:
    """The item as it stands: as the last trap left it, else as the rules' table has it."""
    for g in reversed(state.traps.gear):
        if (g.hero, g.kind, g.item) == (hero, kind, item):
            return g
    return _fresh(hero, kind, item)


def _fresh(hero: str, kind: str, item: str) -> Gear:
    """The item as the rules' table has it."""
    if kind == "weapon":
        w = rules().weapon(item)
        return Gear(hero=hero, kind=kind, item=item, load=float(w.load_value or 0), atk=_int(w.atk), dfn=_int(w.dfn),
                    dam=_int(w.dam))  # fmt: skip
    if kind == "armour":
        a = rules().armor_row(item)
        return Gear(hero=hero, kind=kind, item=item, load=a.load, prot=_int(a.prot))
    s = rules().shield(item)
    return Gear(hero=hero, kind=kind, item=item, load=s.load, dfn=s.dfn)


def roll_gear(
    state: RunState, hero: str, raw: int, options: Any, source: Source
) -> tuple[RunState, list[dict[str, Any]], list[list[int]]]:
    """Each carried item's roll for one struck hero: (state, what befell each item, the dice)."""
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    aim = eq.damage_difficulty(raw)
    found, faces, kept = [], [], list(state.traps.gear)
    for kind, item in carried(sheet):
        g = _now(state, hero, kind, item)
        if g.state == "destroyed":
            continue  # nothing left to harm
        die = source.die(10)
        faces.append([die])
        modifier = eq.item_modifier(load=g.load, dwarven=item.startswith(DWARVEN))
        d = eq.failure(die, modifier, aim)
        said: dict[str, Any] = {"kind": kind, "item": item, "die": die, "modifier": modifier, "difficulty": aim,
                                "failed_by": d}  # fmt: skip
        if d:
            if kind == "weapon":
                h = eq.harm_weapon(g.atk, g.dfn, g.dam, d)
                g = g.model_copy(update={"atk": h.atk, "dfn": h.dfn, "dam": h.dam, "state": h.state})
            elif kind == "armour":
                h = eq.harm_armour(g.prot, d, options)
                g = g.model_copy(update={"prot": h.value, "state": h.state})
            else:
                h = eq.harm_shield(g.dfn, d)
                g = g.model_copy(update={"dfn": h.value, "state": h.state})
            kept = [x for x in kept if (x.hero, x.kind, x.item) != (hero, kind, item)] + [g]
            said |= {"state": g.state, "prot": g.prot, "atk": g.atk, "dfn": g.dfn, "dam": g.dam}
        found.append(said)
    traps = state.traps.model_copy(update={"gear": tuple(kept)})
    state, more, dice = gear_items.roll_items(state.model_copy(update={"traps": traps}), hero, aim, options, source)
    return state, found + more, faces + dice  # his kits and magic items after (gear_items.py)


def in_fight(traps: Any, c: Any) -> Any:
    """A hero staged for a fight (run_fight.py) with what traps left of his weapons, armour and shield: each harmed
    weapon's ATK, DFN and DAM lower by what it lost; his armour's lost Prot off his Prot and Soak; his shield's lost
    DFN off the DFN of every weapon that gives one."""
    harmed = [g for g in traps.gear if g.hero == c.name and g.kind in ("weapon", "armour", "shield")]
    if not harmed:
        return c
    weapons, update = list(c.weapons), dict[str, Any]()
    for g in harmed:
        fresh = _fresh(g.hero, g.kind, g.item)
        if g.kind == "weapon":
            less = {"atk": fresh.atk - g.atk, "dfn": fresh.dfn - g.dfn, "dam": fresh.dam - g.dam}
            weapons = [w.model_copy(update={k: getattr(w, k) - v for k, v in less.items() if getattr(w, k) is not None})
                       if w.id == g.item else w for w in weapons]  # fmt: skip
        elif g.kind == "armour":
            loss = min(fresh.prot - g.prot, c.armor_prot)
            update |= {"armor_prot": c.armor_prot - loss, "soak": c.soak - loss}
        elif c.shield == g.item:
            loss = min(fresh.dfn - g.dfn, c.shield_dfn)
            weapons = [w.model_copy(update={"dfn": w.dfn - loss}) if w.dfn is not None and not w.dfn_na else w
                       for w in weapons]  # fmt: skip
            update["shield_dfn"] = c.shield_dfn - loss
    return c.model_copy(update={"weapons": tuple(weapons), **update})


def name(kind: str, item: str, words: Words) -> str:
    if kind == "weapon":
        return words(rules().weapon(item).name)
    return words(rules().armor_row(item).name if kind == "armour" else rules().shield(item).name)


def said(g: Mapping[str, Any], words: Words) -> str:
    """An item's harm in words: its state and what is left of its numbers."""
    if g["kind"] not in ("weapon", "armour", "shield"):  # a kit or a magic item (gear_items.py)
        return gear_items.item_said(g, words, words(STATES[g["state"]]))
    n, what, state = words.number, name(g["kind"], g["item"], words), words(STATES[g["state"]])
    if g["kind"] == "weapon":
        return words(N_("{item}: {state} (ATK {atk}, DFN {dfn}, DAM {dam})"), item=what, state=state, atk=n(g["atk"]),
                     dfn=n(g["dfn"]), dam=n(g["dam"]))  # fmt: skip
    if g["kind"] == "armour":
        return words(N_("{item}: {state} (Prot {prot})"), item=what, state=state, prot=n(g["prot"]))
    return words(N_("{item}: {state} (DFN {dfn})"), item=what, state=state, dfn=n(g["dfn"]))


def rolled(items: list[Mapping[str, Any]], words: Words) -> str:
    """A struck hero's item rolls for the trap's card: the harmed ones, or that all held."""
    harmed = [said(g, words) for g in items if g["failed_by"]]
    return words.join(harmed) if harmed else words(N_("his gear holds"))


def gear_rows(state: RunState, words: Words) -> list[SheetRow]:
    """Each damaged item, for the board's section of what the traps left."""
    return [SheetRow(g.hero, said(g.model_dump(), words)) for g in state.traps.gear]
