"""The runner's side of danger outside the notes (spec 001c §11.5, §11.7, §11.9): wandering monsters, the
heroes running away, and whom a foe may pick as its target. Pure functions over the dice the table rolled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from runehall.errors import ParameterError, RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.dice_charts import look_up
from runehall.systems.rune.encounters.gallery_data import spot_difficulty
from runehall.systems.rune.encounters.running_data import running_file


# -- wandering monsters (001c §11.7) ---------------------------------------------------------------------
@dataclass(frozen=True)
class Harm:
    die: int
    success: bool
    damage: int  # what the monsters deal: no Soak, never a Wound
    hp_lost: int  # what he loses: the damage, less what the 4 HP floor spares him
    hp_after: int


@dataclass(frozen=True)
class Wandering:
    category: str  # a Threat Category id
    dam: int
    difficulty: int
    harm: dict[str, Harm]
    slaughtered: bool  # more heroes succeeded than not; otherwise they drove them off (narrated either way)


def wandering_monsters(
    category_die: int, dice: Mapping[str, int], hp: Mapping[str, int], *, runner_initiated: bool = True
) -> Wandering:
    """The d10 picks the collective Threat Category; each player's unmodified die against its Difficulty: a
    failure takes DAM + the miss, a success half the DAM (fractions dropped). No Soak, never a Wound. Monsters
    the runner sends never take a hero below 4 HP (those met by getting lost may)."""
    if set(dice) != set(hp):
        raise ParameterError(N_("every hero rolls a die and gives his hit points, no more and no fewer"))
    row = look_up(running_file().wandering, category_die, 10)
    rules = running_file().wandering_rules
    harm: dict[str, Harm] = {}
    for hero, die in dice.items():
        look_up(running_file().wandering, die, 10)  # an unmodified d10: refuse what it cannot show
        success = die >= row.difficulty
        damage = row.dam // rules.success_divisor if success else row.dam + row.difficulty - die
        after = hp[hero] - damage
        if runner_initiated:
            after = max(after, min(hp[hero], rules.hp_floor))
        harm[hero] = Harm(die, success, damage, hp[hero] - after, after)
    wins = sum(h.success for h in harm.values())
    return Wandering(row.category, row.dam, row.difficulty, harm, slaughtered=2 * wins > len(harm))


# -- running away (001c §11.9) ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Flight:
    sprint: int
    caught: bool  # his Sprint total did not meet the fastest foe's Res total
    hp_after: int
    treasures_lost: int = 0


def run_away(
    fastest_res: int,
    sprints: Mapping[str, int],
    hp: Mapping[str, int],
    *,
    crafty: bool = False,
    strip: Mapping[str, int] | None = None,
) -> dict[str, Flight]:
    """All the heroes flee at once: each Sprint total against the Res total of the fastest surviving foe. A
    hero short of it drops to 5 HP (one already under 20 HP is spared). Against crafty foes the runner may
    instead strip a caught hero (`strip`: hero -> treasures he carries) of 1 + shortfall / 3 treasures (no
    more than he has; the runner picks at random which go, and never has to strip his own hero). Not notes
    rolls: no victory points either way."""
    if set(sprints) != set(hp):
        raise ParameterError(N_("every fleeing hero gives his Sprint total and his hit points"))
    strip = strip or {}
    if strip and not crafty:
        raise RulesError(N_("only crafty foes strip fleeing heroes of treasure"))
    if set(strip) - set(sprints):
        raise ParameterError(N_("only a fleeing hero can be stripped of treasure"))
    rule = running_file().running_away
    out: dict[str, Flight] = {}
    for hero, sprint in sprints.items():
        caught = sprint < fastest_res
        if caught and hero in strip:
            carried = strip[hero]
            if carried < 0:
                raise ParameterError(N_("a hero carries no fewer than 0 treasures"))
            lost = min(carried, rule.strip_base + (fastest_res - sprint) // rule.strip_divisor)
            out[hero] = Flight(sprint, True, hp[hero], lost)
        elif caught and hp[hero] >= rule.immune_below_hp:
            out[hero] = Flight(sprint, True, min(hp[hero], rule.caught_hp))
        else:
            out[hero] = Flight(sprint, caught, hp[hero])
    return out


# -- foes' targets (001c §11.5, 001b §11.3 hiding, §8.4 and §9 the wendol's option and the Sark Amen) -------
@dataclass(frozen=True)
class TargetFoe:
    self_willed: bool = False
    behaviour: Literal["headlong", "crafty", "stationary"] = "headlong"
    missile: bool = False  # armed with a missile weapon this attack
    current: str | None = None  # the target it is attacking, if any
    attacks_foes: bool = False  # a wendol whose notes bought the option: the non-wendol foes are targets too
    sark_amen: bool = False  # a Sark Amen: it may trade targets with the others of its kind


@dataclass(frozen=True)
class TargetHero:
    name: str
    hp: int
    wounds: int = 0
    hidden: Literal["third", "half", "full"] | None = None  # hiding behind cover of this size
    prone: bool = False
    runner_hero: bool = False
    engaged_with_foe: bool = True  # still engaged with this foe (a melee target who disengaged is free again)


@dataclass(frozen=True)
class TargetChoice:
    legal: tuple[str, ...]  # whom it may attack now
    must_attack: bool  # headlong foes always attack; crafty ones may hold back
    flowchart: bool  # the pick among `legal` is the flowchart's (Predictable), else the runner's whim
    spot_rolls: dict[str, int]  # hidden heroes a Self-Willed foe must first find: Res against this
    trades: dict[str, str] = field(default_factory=dict)  # a Sark Amen: hero -> the Sark Amen taking its target


def self_willed_may_switch(hero: TargetHero) -> bool:
    """A Self-Willed foe may switch at the runner's whim only to a hero with 30+ HP and fewer than 4 Wounds."""
    rule = running_file().targets
    return hero.hp >= rule.switch_min_hp and hero.wounds < rule.switch_wounds_below


def legal_targets(
    foe: TargetFoe,
    heroes: Sequence[TargetHero],
    *,
    predictable_would_pick: Collection[str] = (),
    other_foes: Sequence[TargetHero] = (),
    sark_amen_targets: Mapping[str, str] | None = None,
) -> TargetChoice:
    """Whom a foe may attack (the living heroes in `heroes`). Predictable melee foes stay on their target
    until it dies or disengages; Predictable foes ignore hidden heroes. Self-Willed foes keep their target
    or switch to a healthy one, must find a hidden hero first (Res against the Difficulty of his cover, more
    if he lies prone), and go for the runner's own hero only where a Predictable foe would
    (`predictable_would_pick`). Foes re-pick at the start of every round.

    A wendol whose notes bought the option (001b §8.4) counts the living non-wendol foes on the field
    (`other_foes`) among its targets, by the same rules as the heroes. A Sark Amen may trade targets with the
    other Sark Amen whatever the flowchart says (001b §9), so long as no hero ends up with more or fewer of them
    on him: `sark_amen_targets` are the others' current targets (Sark Amen -> hero); each hero one of them is
    on, other than this one's own target, is open to it if that one takes this one's target in exchange
    (`trades`)."""
    if other_foes and not foe.attacks_foes:
        raise RulesError(N_("only a wendol whose notes bought it the option attacks other foes"))
    sark_amen_targets = sark_amen_targets or {}
    if sark_amen_targets and (not foe.sark_amen or foe.current is None):
        raise ParameterError(N_("only a Sark Amen already on a target trades it with another Sark Amen"))
    everyone = [*heroes, *other_foes]
    names = {h.name for h in everyone}
    must = foe.behaviour != "crafty"
    current = next((h for h in everyone if h.name == foe.current), None)
    trades = {hero: other for other, hero in sark_amen_targets.items() if hero in names and hero != foe.current}
    if not foe.self_willed:
        if current is not None and not foe.missile and current.engaged_with_foe:
            legal = (current.name, *(h.name for h in everyone if h.name in trades))
            return TargetChoice(legal, must, True, {}, trades)
        legal = tuple(h.name for h in everyone if h.hidden is None or h.name in trades)
        return TargetChoice(legal, must, True, {}, trades)
    legal_names, rolls = [], {}
    for h in everyone:
        if h is not current and current is not None and not self_willed_may_switch(h) and h.name not in trades:
            continue
        if h.runner_hero and h.name not in predictable_would_pick and h.name not in trades:
            continue
        if h.hidden is not None and h.name not in trades:
            rolls[h.name] = spot_difficulty(h.hidden, prone=h.prone)
        legal_names.append(h.name)
    if set(predictable_would_pick) - names:
        raise ParameterError(N_("a foe can only pick among the living heroes"))
    return TargetChoice(tuple(legal_names), must, False, rolls, trades)


def sark_amen_trade(before: Mapping[str, str], after: Mapping[str, str]) -> None:
    """Checks the Sark Amen's new targets (Sark Amen -> hero) against their old ones: free of the flowchart,
    so long as every hero has as many of them on him as before (001b §9)."""
    if set(before) != set(after):
        raise ParameterError(N_("a trade of targets names the same Sark Amen before and after"))
    if Counter(before.values()) != Counter(after.values()):
        raise RulesError(N_("Sark Amen trade targets only so that each hero keeps as many of them on him as before"))


def engage_everyone(foes: int, heroes: int) -> bool:
    """As many foes as heroes, or more: the foes try to engage every hero."""
    return foes >= heroes
