"""Divine Gifts that change a roll on their own while their condition holds in the fight (spec 001b §2.5,
conditional combat modifiers), each shown beside the roll under the gift's name, like every other modifier:

- From Lofty Asgard's Peaks: +X ATK, DFN, DAM and Soak while he has the higher ground over his opponent (the
  runner's ruling of the attack, else the map's levels and slopes);
- Implacably Braced: the same while he holds ground, or stands braced to receive a charge;
- Like a Wind-Tossed Leaf: the same while he ducks and weaves (against a shot too: his Soak);
- The Clatter of Rushing Boots: charging 10 paces or more, ATK + floor((paces - 10) / 3) besides the charge's own
  bonus, and an opponent braced for the charge takes -X on his DFN roll;
- Flesh Cries Out for Piercing: +X ATK when he strikes after cutting in from a wait; when the moment he cut in at
  came right after that opponent missed, +X ATK and +2X DAM instead (not both: option flesh_cries_out_stacking);
- Sudden as a Mountain Storm: an INIT total over 20 gains 2X (which may give him more actions).

Gifts of a bonus waiting for a roll (The Eight-Legged Horse, Gathering Thunder: gift_moves.py) are taken here too,
by the first roll of their kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gifted import BOOTS, BRACED, HORSE, LEAF, LOFTY, PIERCING, STORM, THUNDER
from runehall.systems.rune.combat.rune_powers import power_mods

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

Mods = list[tuple[str, int]]
NAMES = {  # a gift as a modifier's label: its English name (the Rune catalog holds each in Spanish)
    LOFTY: N_("From Lofty Asgard's Peaks"),
    BRACED: N_("Implacably Braced"),
    LEAF: N_("Like a Wind-Tossed Leaf"),
    BOOTS: N_("The Clatter of Rushing Boots"),
    STORM: N_("Sudden as a Mountain Storm"),
    PIERCING: N_("Flesh Cries Out for Piercing"),
    HORSE: N_("The Eight-Legged Horse"),
    THUNDER: N_("Gathering Thunder"),
}
BOOTS_FROM = 10  # paces of charge the gift starts counting from
BOOTS_EVERY = 3  # +1 ATK every 3 paces beyond
STORM_ABOVE = 20  # an INIT total over this


def standing(board: Board, c: Combatant, ground: int, braced_now: bool) -> Mods:
    """The +X-to-everything gifts whose condition c meets now: `ground` > 0 when he has the higher ground over his
    opponent, `braced_now` when he stands braced for that opponent's charge."""
    g = c.gifted
    found: Mods = []
    if g.level(LOFTY) and ground > 0:
        found.append((NAMES[LOFTY], g.level(LOFTY)))
    if g.level(BRACED) and (c.this_round.maneuver == "hold_ground" or braced_now):
        found.append((NAMES[BRACED], g.level(BRACED)))
    if g.level(LEAF) and c.this_round.maneuver == "duck_and_weave":
        found.append((NAMES[LEAF], g.level(LEAF)))
    return found


def boots(board: Board, a: Combatant, charging: bool) -> Mods:
    """The Clatter of Rushing Boots on the charger's ATK: floor((paces charged - 10) / 3)."""
    if not (charging and a.gifted.level(BOOTS)):
        return []
    paces = a.this_round.moved
    bonus = int(paces - BOOTS_FROM) // BOOTS_EVERY if paces >= BOOTS_FROM else 0
    return [(NAMES[BOOTS], bonus)] if bonus else []


def piercing(board: Board, a: Combatant, d: Combatant) -> tuple[Mods, Mods]:
    """Flesh Cries Out for Piercing: (ATK, DAM) modifiers of a strike made after cutting in from a wait."""
    x = a.gifted.level(PIERCING)
    slot = board.slot
    if not x or slot is None or slot.who != a.name or not slot.cut_in:
        return [], []
    if board.missed_last == d.name:  # right after this opponent failed to hit his adversary
        if board.opt("flesh_cries_out_stacking"):
            return [(NAMES[PIERCING], 2 * x)], [(NAMES[PIERCING], 2 * x)]
        return [(NAMES[PIERCING], x)], [(NAMES[PIERCING], 2 * x)]
    return [(NAMES[PIERCING], x)], []


def melee_gift_mods(
    board: Board, a: Combatant, d: Combatant, ground: int, charging: bool, braced: bool
) -> tuple[Mods, Mods]:
    """(ATK, DFN) modifiers the gifts give a melee attack: `ground` > 0 when the attacker has the higher ground,
    < 0 when the defender has; `braced`: the defender stands braced for the attacker's charge."""
    from runehall.systems.rune.combat.gift_raven import raven_mods  # The Raven Plucks an Eye

    atk = standing(board, a, ground, False) + boots(board, a, charging) + piercing(board, a, d)[0]
    atk += power_mods(board, a, "atk", d) + raven_mods(board, a, "atk")
    dfn = standing(board, d, -ground, braced) + power_mods(board, d, "dfn", a) + raven_mods(board, d, "dfn")
    if charging and braced and a.gifted.level(BOOTS):
        dfn.append((NAMES[BOOTS], -a.gifted.level(BOOTS)))
    return atk + boosted(a, "atk"), dfn + boosted(d, "dfn")


def missile_gift_mods(board: Board, a: Combatant, d: Combatant) -> Mods:
    """A shooter's gifts on his shot (he holds ground, has the higher ground over his target, cut in...)."""
    from runehall.systems.rune.combat.footing import high_ground
    from runehall.systems.rune.combat.gift_eager import eager_mods  # a torn arrow shot at its foe again
    from runehall.systems.rune.combat.gift_raven import raven_mods  # The Raven Plucks an Eye

    mods = standing(board, a, high_ground(board, a, d), False) + piercing(board, a, d)[0] + boosted(a, "atk")
    return mods + power_mods(board, a, "atk", d) + raven_mods(board, a, "atk") + eager_mods(a, d)


def blow_gift_mods(board: Board, a: Combatant, d: Combatant, ground: int | None, braced: bool) -> tuple[Mods, Mods]:
    """(DAM, Soak) modifiers the gifts give one blow (or shot) that hit; `ground` as for the attack (None: the
    map's); `braced`: the target stood braced for the attacker's charge."""
    from runehall.systems.rune.combat.footing import high_ground

    if ground is None:
        ground = high_ground(board, a, d)
    from runehall.systems.rune.combat.gift_healing import bone_soak  # Bone-Setters' Blessing
    from runehall.systems.rune.combat.gift_raven import raven_mods  # The Raven Plucks an Eye
    from runehall.systems.rune.combat.gift_squirrel import squirrel_soak  # The Chattering Squirrel

    dam = standing(board, a, ground, False) + piercing(board, a, d)[1] + power_mods(board, a, "dam", d)
    return dam, standing(board, d, -ground, braced) + power_mods(board, d, "soak", a) + bone_soak(board, d) \
        + raven_mods(board, d, "soak") + squirrel_soak(board, d)


def storm(c: Combatant, total: int) -> Mods:
    """Sudden as a Mountain Storm on an INIT total over 20."""
    x = c.gifted.level(STORM)
    return [(NAMES[STORM], 2 * x)] if x and total > STORM_ABOVE else []


def boosted(c: Combatant, roll: str) -> Mods:
    """The bonuses waiting for c's next roll of this kind (The Eight-Legged Horse, Gathering Thunder), and on ATK
    those of a triggered gift holding now (Dying Blow: gift_triggered.py)."""
    from runehall.systems.rune.combat.gift_triggered import atk_mods

    waiting = [(NAMES.get(b.gift, b.gift), b.value) for b in c.gifted.boosts if b.roll == roll]
    return waiting + (atk_mods(c) if roll == "atk" else [])


def spend_boosts(board: Board, name: str, roll: str) -> None:
    """The roll has been made: the bonuses that waited for it are used up."""
    c = board.people[name]
    left = tuple(b for b in c.gifted.boosts if b.roll != roll)
    if left != c.gifted.boosts:
        board.update(name, gifted=c.gifted.model_copy(update={"boosts": left}))


def gift_blow(
    board: Board, a: Combatant, d: Combatant, ruled: str | None, dam: int, soak: int, said: dict[str, object]
) -> tuple[int, int, dict[str, object]]:
    """A blow's DAM and the target's Soak with the gifts on them (Soak never below 0), the record merged with the
    notes' magic (effects.blow_effects); `ruled`: the runner's high-ground ruling of the attack, if any."""
    from runehall.systems.rune.combat.modifiers import braced, charging

    ground = {"attacker": 1, "defender": -1, "neither": 0}.get(str(ruled))
    from runehall.systems.rune.combat.gift_triggered import blow_mods  # The Clenched Jaw of Vengeance

    dam_mods, soak_mods = blow_gift_mods(board, a, d, ground, charging(board, a, d) and braced(board, a, d))
    jaw_dam, jaw_soak = blow_mods(board, a, d)
    dam_mods, soak_mods = dam_mods + jaw_dam, soak_mods + jaw_soak
    if not dam_mods and not soak_mods:
        return dam, soak, said
    out = dict(said)
    for key, mods in (("dam_modifiers", dam_mods), ("soak_modifiers", soak_mods)):
        if mods:
            merged = dict(out.get(key) or {})  # type: ignore[call-overload]
            merged.update(mods)
            out[key] = merged
    dam += sum(v for _, v in dam_mods)
    return dam, max(0, soak + sum(v for _, v in soak_mods)), out


def misted(board: Board, d: Combatant) -> bool:
    """Obscuring Mist: he counts as obscured to every shot at him until its last round."""
    until = d.gifted.mist_until
    return until is not None and board.round <= until


KNITTING_EXPOSED = 6  # a missile's ATK at a hero knitting his flesh in the open


def knitting(board: Board, d: Combatant) -> Mods:
    """The Knitting of Meat and Bone: shots at him in the round he knits get +6 unless he is behind cover."""
    if d.gifted.knitting_round == board.round and d.cover == "none":
        return [(N_("The Knitting of Meat and Bone"), KNITTING_EXPOSED)]
    return []
