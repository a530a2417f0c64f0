"""The names of a notes roll's priced lines, as English templates people read (Spanish in the catalog): one per
rule of spec 001b §13 and 001c §1-§5, shared by the pricing (rolls.py) and whoever shows or sorts its lines.
"""

from __future__ import annotations

from runehall.present.words import N_

STRUCTURE_NAMES = {
    "singular": N_("Singular roll"),
    "no_fault": N_("No-Fault roll"),
    "rush": N_("Rush roll"),
    "scramble": N_("Scramble roll"),
    "dogpile": N_("Dogpile roll"),
    "weak_link": N_("Weak Link roll"),
    "line_of_doom": N_("Line of Doom roll"),
    "domino": N_("Domino roll"),
}
DEITY_NAMES = {
    "freyja": N_("Freyja"),
    "heimdal": N_("Heimdal"),
    "loki": N_("Loki"),
    "njord": N_("Njord"),
    "odin": N_("Odin"),
    "thor": N_("Thor"),
    "tyr": N_("Tyr"),
    "ull": N_("Ull"),
    "other": N_("any other god"),
}
DIFFICULTY = N_("Difficulty {difficulty}")
OPPOSED = N_("Opposed roll against a bonus of {bonus}")
BASELINE = N_("Baseline {modifier}")
CHARACTERISTIC_ONLY = N_("A Characteristic alone")
ABILITY_NONE_HAVE = N_("An Ability none of the heroes has")
STACKED = N_("Stacked roll")
DEFIANCE = N_("In Defiance of the Gods: {deity}")
SIMULTANEOUS = N_("Simultaneous rolls: {count} more Abilities")
# A roll for treasure earns nothing where its target would earn (below Difficulty 6, or what costs the same).
FLOORED = {
    DIFFICULTY: N_("Difficulty {difficulty}: a roll for treasure earns nothing below 6"),
    OPPOSED: N_("Opposed roll against a bonus of {bonus}: a roll for treasure earns nothing below 2"),
    BASELINE: N_("Baseline {modifier}: a roll for treasure earns nothing below 0"),
}
