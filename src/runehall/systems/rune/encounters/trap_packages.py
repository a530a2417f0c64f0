"""What the off-the-rack hazards cost (spec 001c §7, book pp. 147-154): drowning, falling, fire, getting lost,
grabbers, nuisance animals and ambushes, each a line (or two) at the trap's element. Acid is priced by its
parts (recurring armour-ignoring damage and equipment damage, trap_checks.py asks for them).
"""

from __future__ import annotations

from runehall.present.words import N_
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.roll_data import roll_data
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.encounters.traps import Ambush, Drowning, Falling, Fire, Grabber, Lost, Nuisance, Trap

WATERS = {
    "tranquil": N_("tranquil"),
    "choppy": N_("choppy"),
    "raging": N_("raging"),
    "undercurrent": N_("undercurrent-ridden"),
}
CURRENTS = {
    "mild": N_("Drowning: a mild current to swim against"),
    "fast": N_("Drowning: a fast current to swim against"),
}


def lost_cost(difficulty: int) -> int | None:
    """What getting lost costs with the Map roll at `difficulty`, that roll's own Difficulty cost included:
    30, and above Difficulty 6 its Difficulty cost and twice that again (001c TV-68, TV-69)."""
    data = traps_file().lost
    ep = roll_data().difficulty.ep(difficulty)
    if ep is None:
        return None
    return data.base + (ep + data.surcharge_times * ep if difficulty > data.free_difficulty else 0)


def drowning_cost(waters: str, current: str = "none") -> int:
    data = traps_file().drowning
    return data.water(waters).ep + data.current(current).ep


def falling_cost(feet: int) -> int | None:
    row = traps_file().falling.row(feet)
    return None if row is None else row.ep


def grabber_cost(dam: int, escape_difficulty: int | None = None) -> int:
    """A grabber's own cost with its damage and a changed escape Difficulty (the avoid roll is priced apart)."""
    from runehall.systems.rune.encounters.quick import dam_cost

    data = traps_file().grabber
    escape = data.escape_difficulty if escape_difficulty is None else escape_difficulty
    return data.ep + dam_cost(dam) + (roll_data().difficulty.ep(escape) or 0)


def nuisance_cost(dam: int) -> int | None:
    return next((r.ep for r in traps_file().nuisance.rows if r.dam == dam), None)


def package_lines(where: str, trap: Trap, roll: RollSpec | None) -> list[CostLine]:
    data, p = traps_file(), trap.package
    if isinstance(p, Drowning):
        d = data.drowning
        lines = [CostLine(where, N_("Drowning: {waters} waters"), d.water(p.waters).ep, {"waters": WATERS[p.waters]},
                          d.page)]  # fmt: skip
        if p.current != "none":
            lines.append(CostLine(where, CURRENTS[p.current], d.current(p.current).ep, {}, d.page))
        return lines
    if isinstance(p, Falling):
        ep = falling_cost(p.feet)
        return [CostLine(where, N_("Falling {feet} feet"), ep or 0, {"feet": p.feet}, data.falling.page,
                         counted=ep is not None)]  # fmt: skip
    if isinstance(p, Fire):
        f = data.fire
        lines = [CostLine(where, N_("Raging fire") if p.raging else N_("Flame exposure"),
                          f.raging if p.raging else f.exposure, {}, f.page)]  # fmt: skip
        water = None if p.water_paces is None else f.water_ep(p.water_paces)
        if water is not None:
            lines.append(CostLine(where, N_("Water within {paces} paces to douse the flames"), water,
                                  {"paces": p.water_paces}, f.page))  # fmt: skip
        return lines
    if isinstance(p, Lost):
        return _lost(where, roll)
    if isinstance(p, Grabber):
        g = data.grabber
        lines = [CostLine(where, N_("Grabber trap"), g.ep, {}, g.page)]
        if p.escape_difficulty is not None and p.escape_difficulty != g.escape_difficulty:
            ep = roll_data().difficulty.ep(p.escape_difficulty)
            lines.append(CostLine(where, N_("Grabber: escape at Difficulty {difficulty}"), ep or 0,
                                  {"difficulty": p.escape_difficulty}, g.page, counted=ep is not None))  # fmt: skip
        return lines
    if isinstance(p, Nuisance):
        ep = nuisance_cost(p.dam)
        return [CostLine(where, N_("Nuisance animals: DAM {dam}"), ep or 0, {"dam": p.dam}, data.nuisance.page,
                         counted=ep is not None)]  # fmt: skip
    if isinstance(p, Ambush):
        a = data.ambush
        if p.by == "heroes":
            return [CostLine(where, N_("The heroes' ambush"), a.heroes_ambush, {}, a.page)]
        return [CostLine(where, N_("Ambush by the foes"), a.foes_ambush, {}, a.page)]
    return []


def _lost(where: str, roll: RollSpec | None) -> list[CostLine]:
    data = traps_file().lost
    lines = [CostLine(where, N_("Getting lost"), data.base, {}, data.page)]
    difficulty = None if roll is None else roll.difficulty
    ep = None if difficulty is None else roll_data().difficulty.ep(difficulty)
    if difficulty is not None and ep is not None and difficulty > data.free_difficulty:
        lines.append(CostLine(where, N_("Getting lost: twice the Map roll's Difficulty cost again"),
                              data.surcharge_times * ep, {}, data.page))  # fmt: skip
    return lines
