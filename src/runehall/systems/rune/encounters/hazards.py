"""Traps and hazards at the table (spec 001c §6-§7, §18.4): what a failing hero takes, round by round, from
trap damage, recurring and escalating damage, drowning, falls, fire, getting lost, grabbers, nuisance animals
and an ambush. Plain functions of what was rolled (the dice are the table's: `trap_mechanics.TrapDamage` gives
the damage roll's exact odds); the numbers are data/encounter_traps.toml's.

Readings (001c §17): damage and HP lost never fall below 0 (A-14); every round of recurring damage is soaked
as trap damage (A-16); drowning follows the book's example by default (`drowning_damage`, A-23); a fall does
its landing's Dam rating, armour ignored, with no failure added (A-27); clothing catches fire when the runner's
die meets the Difficulty (`flame_ignites`, A-80); a lost hero's exhaustion is a d10 plus his failure, armour
ignored (A-79); a Stealth failure past 15 brings a Superior monster (A-28).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from runehall.chance.draws import Token, draw_from
from runehall.chance.sources import Source
from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.rune.encounters.trap_data import Current, Threat, Waters, traps_file
from runehall.systems.rune.options import RuneOptions


@dataclass(frozen=True)
class Hit:
    raw: int  # the damage before Soak
    hp_lost: int


def soak_against(soak: int, armour_prot: int, armour_ignoring: bool) -> int:
    """The Soak a hero has against the damage: all of it, or only its non-armour part."""
    return max(0, soak - armour_prot) if armour_ignoring else soak


def trap_hit(damage: int, failed_by: int, soak: int, armour_prot: int = 0, armour_ignoring: bool = False) -> Hit:
    """A failing hero's trap damage: the Dam rating (or the dice's total) plus his failure, less his Soak."""
    raw = max(0, damage + failed_by)
    return Hit(raw, max(0, raw - soak_against(soak, armour_prot, armour_ignoring)))


def ongoing_raw(dam: int, failed_by: int, round_no: int, escalating: bool) -> int:
    """The raw damage of round `round_no` (1: the first hit) of recurring or escalating damage: recurring hits
    with the same amount every round; escalating grows its Dam rating by 2 a round, the failure unchanged."""
    if round_no < 1:
        raise ParameterError(N_("rounds count from 1"))
    step = traps_file().damage.escalating_step if escalating else 0
    return max(0, dam + step * (round_no - 1) + failed_by)


def positional_modifier(zone: Literal["danger", "safety"], paces: int, distance: int) -> int:
    """A hero's modifier `distance` paces from the zone's centre: -1 (danger) or +1 (safety) for every 10
    paces between him and the edge; nothing outside the zone."""
    inside = max(0, paces - max(0, distance)) // traps_file().positional.paces_per_point
    return -inside if zone == "danger" else inside


# -- drowning (§7.3) ------------------------------------------------------------------------------------
def swim_difficulty(
    waters: Waters,
    current: Current = "none",
    *,
    heading: bool = False,
    pulling_sta: int | None = None,
    rope_str: int | None = None,
    round_no: int = 1,
) -> int:
    """The Swim roll's Difficulty in deep water: 4 and the water's, the current's and the hero's modifiers."""
    d = traps_file().drowning
    total = d.difficulty + d.water(waters).modifier + d.current(current).modifier
    total += d.direction if heading else 0
    total += d.pulling + pulling_sta if pulling_sta is not None else 0
    total -= d.rope + rope_str if rope_str is not None else 0
    return total + d.per_round * max(0, round_no - 1)


def drowning_loss(round_no: int, options: RuneOptions, failed_by: int = 0, non_armour_soak: int = 0) -> int:
    """The HP a drowning hero loses in his `round_no`-th round under: 6, 8, 10... by the book's example; by the
    escalating-damage rule, his Swim failure added and his non-armour Soak taken off."""
    d = traps_file().drowning
    dam = d.first_damage + d.step * (round_no - 1)
    if options.drowning_damage == "example":
        return dam
    return max(0, dam + failed_by - non_armour_soak)


# -- falling (§7.5) -------------------------------------------------------------------------------------
def fall(feet: int, jump_total: int, non_armour_soak: int = 0) -> Hit:
    """A fall of `feet`: a Jump total meeting 6 lands well, else badly; the landing's Dam rating, armour
    ignored."""
    data = traps_file().falling
    row = data.row(feet)
    if row is None:
        raise ParameterError(N_("a fall is at least {least} feet"), least=data.rows[0].feet[0])
    dam = row.good if jump_total >= data.jump_difficulty else row.bad
    return Hit(dam, max(0, dam - non_armour_soak))


# -- fire (§7.6) ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Burning:
    damage: int  # the raw damage of the coming round
    failed_smothers: int = 0
    raging: bool = False
    out: bool = False


def flame_exposure(die: int, quilted: bool, options: RuneOptions) -> Burning | None:
    """The runner's unmodified die on a hero's first exposure: his clothing catches (None: it does not),
    burning for 6 plus the distance between the die and the Difficulty (4 in quilted or fur armour, else 6)."""
    f = traps_file().fire
    difficulty = f.ignite_quilted if quilted else f.ignite
    catches = die >= difficulty if options.flame_ignites == "meets_difficulty" else die < difficulty
    return Burning(f.exposure_start + abs(die - difficulty)) if catches else None


def raging_fire() -> Burning:
    return Burning(traps_file().fire.raging_start, raging=True)


def smother_difficulty(burning: Burning) -> int:
    f = traps_file().fire
    return f.raging_smother if burning.raging else f.smother + burning.failed_smothers


def burn_on(burning: Burning) -> Burning:
    """A round in which nobody smothers the flames: they burn 2 more."""
    return replace(burning, damage=burning.damage + traps_file().fire.step)


def smother(burning: Burning, dex_total: int) -> Burning:
    """A smothering try (an action): Dex against 4 plus the earlier failed tries (6 once out of a raging
    fire). A failure burns on, 2 more a round."""
    if dex_total >= smother_difficulty(burning):
        return replace(burning, out=True)
    return replace(burning, damage=burning.damage + traps_file().fire.step, failed_smothers=burning.failed_smothers + 1)


# -- getting lost (§7.7) --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lost:
    failures: int = 0
    streak: int = 0
    rolls: int = 0  # every Map roll made while lost (T)
    found: bool = False

    @property
    def needed(self) -> int:
        """Successes in a row that find the way: the failures plus one, at most 4."""
        return min(self.failures + 1, traps_file().lost.most_needed)


def map_roll(state: Lost, success: bool, triumph: bool = False) -> Lost:
    """One Map roll of a lost party (the mapper may change between rolls): a failure starts the count again,
    a triumph counts as two successes."""
    if state.found:
        raise ParameterError(N_("the party has found its way"))
    if success and state.failures == 0:
        return state  # on the right path: not lost, nothing counted
    rolls = state.rolls + 1
    if not success:
        return Lost(state.failures + 1, 0, rolls)
    streak = state.streak + (2 if triumph else 1)
    return Lost(state.failures, streak, rolls, found=state.failures > 0 and streak >= state.needed)


def exhaustion(d10: int, failed_by: int, non_armour_soak: int = 0, botch: bool = False) -> tuple[Hit, int]:
    """A found hero who failed Sta + Bravery against the Map rolls made: a d10 plus his failure, armour
    ignored; a botch also Impairs him 1."""
    raw = max(0, d10 + failed_by)
    return Hit(raw, max(0, raw - non_armour_soak)), 1 if botch else 0


def wandering_threat(failed_by: int) -> Threat:
    """The Threat Category of the wandering monster a failed Stealth roll brings."""
    return traps_file().lost.threat_for(failed_by)


# -- nuisance animals and grabbers (§7.8, §7.9) ---------------------------------------------------------
def nuisance_bite(dam: int, armour_prot: int, non_armour_soak: int = 0) -> Hit:
    """A swarm's bite for a round: its DAM, armour ignored, three times over when his armour's Prot is 2 or less."""
    n = traps_file().nuisance
    raw = dam * (n.light_armour_times if armour_prot <= n.light_armour_prot else 1)
    return Hit(raw, max(0, raw - non_armour_soak))


def nuisance_difficulties(dam: int, taken: int) -> tuple[int, int]:
    """(Bravery to stay, Dodge to avoid the bite): 6 plus the damage taken from them; 6 plus their DAM."""
    n = traps_file().nuisance
    return n.bravery_difficulty + taken, n.dodge_difficulty + dam


def grabbed() -> dict[str, int]:
    """What being held means in a fight: missiles' ATK bonus on him, his melee ATK and DFN penalty."""
    g = traps_file().grabber
    return {"missile_atk": g.missile_atk, "atk": -g.melee_penalty, "dfn": -g.melee_penalty}


# -- ambush (§7.2) --------------------------------------------------------------------------------------
def ambush_penalty(round_no: int, recovered: bool = False, recovered_late: bool = False) -> tuple[int, int, int]:
    """A surprised combatant's (ATK, DFN, Engagement) decreases in round `round_no`. `recovered`: his Bravery
    (Res) roll against 9 at the second round's Initiative succeeded; `recovered_late`: the one at the third's."""
    a = traps_file().ambush
    if round_no < 1 or round_no > len(a.rounds):
        return 0, 0, 0
    if recovered and round_no == 2:
        return a.recovered_penalty, a.recovered_penalty, 0
    if (recovered or recovered_late) and round_no == 3:
        return 0, 0, 0
    r = a.rounds[round_no - 1]
    return r.atk, r.dfn, r.engagement


# -- limited targeting and repeat shots (§6.9, §6.10) --------------------------------------------------
def pick_victims(heroes: Sequence[str], count: int, source: Source) -> tuple[str, ...]:
    """The heroes a limited-targeting trap (or a round of repeat shots) strikes, drawn at random by the runner:
    `count` of them (all when fewer), without one twice."""
    if len(set(heroes)) != len(heroes) or not heroes:
        raise ParameterError(N_("name each hero once"))
    drawn = draw_from([Token(h, h) for h in heroes], min(count, len(heroes)), source, "heroes")
    return tuple(t.label for t in drawn)


def victim_chance(heroes: int, count: int) -> Fraction:
    """The exact chance that a given hero is among the victims: count out of the heroes."""
    return Fraction(min(count, heroes), heroes)


def non_wound_impairment(points: int) -> int:
    """A hero's Impairment from anything but Wounds never passes 2 (001c A-69)."""
    return min(points, traps_file().impairment.max_non_wound)
