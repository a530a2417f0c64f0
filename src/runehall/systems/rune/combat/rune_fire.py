"""The Four-Bladed Mace's Rune Power in a fight (spec 001b §2.6; X = the hero's level in the power).

Woken like every power (rune_powers.py: no action), it makes its bearer the heart of a raging fire for X rounds, the
round it woke counted, that moves with him. At the end of each of those rounds everyone within 10X paces of him but
himself (friend or foe; not the dead nor those gone) burns, as the book's raging fire does: escalating damage that
starts at 12 and grows by 2 for each earlier round of this fire he has burned in, armour ignored (less his Soak
without his armour's Prot). A foe's burns are the hero's damage (the record names him as the attacker, so a run
credits him as for a blow); an ally's are nobody's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.gallery import armor_ignoring_soak
from runehall.systems.rune.combat.geometry import dist2

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

FOUR_BLADED = "rune_power_four_bladed_mace"
RADIUS = 10  # paces a level
FIRE_START = 12  # a raging fire's escalating damage: its first round...
FIRE_STEP = 2  # ... and what each further round adds


def fire_damage(rounds_before: int) -> int:
    """A raging fire's damage to one who has already burned `rounds_before` rounds in it."""
    return FIRE_START + FIRE_STEP * rounds_before


def fire_rounds(board: Board) -> list[dict[str, Any]]:
    """The round's end: each awake fire burns everyone within its reach (rune_powers.awake); what each took."""
    from runehall.systems.rune.combat.rune_powers import awake

    said: list[dict[str, Any]] = []
    for c in list(board.people.values()):
        x = awake(board, c, FOUR_BLADED)
        if not x or c.health in ("dead", "gone"):
            continue
        far = RADIUS * x
        caught = sorted((o for o in board.people.values() if o.name != c.name and o.health not in ("dead", "gone")
                         and dist2(o.at, c.at) <= far * far), key=lambda o: (dist2(o.at, c.at), o.order))  # fmt: skip
        rune = c.gifted.runes[FOUR_BLADED]
        burned = dict(rune.burned)
        for o in caught:
            o = board.people[o.name]
            dam = fire_damage(burned.get(o.name, 0))
            soak = armor_ignoring_soak(o)
            record: dict[str, Any] = {"who": o.name, "dam": dam, "soak": soak}
            foe = o.side != c.side
            record["injury"] = board.hurt(o.name, max(0, dam - soak), c.name if foe else None)
            if foe:  # his damage, as a blow's (the run's tally reads the attacker)
                record.update(attacker=c.name, target=o.name)
            burned[o.name] = burned.get(o.name, 0) + 1
            said.append(record)
        c = board.people[c.name]
        runes = {**c.gifted.runes, FOUR_BLADED: rune.model_copy(update={"burned": burned})}
        board.update(c.name, gifted=c.gifted.model_copy(update={"runes": runes}))
    return said
