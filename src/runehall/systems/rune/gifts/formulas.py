"""The numbers of the gifts' rules (spec 001b §2.3, §2.5, §2.6; vectors 001b §14.1), one pure function per rule,
for the engine to call. X is the hero's level in the gift: a level below 1, above the gift's levels, or of a
gift the catalog lacks is refused with one clear reason, before anything is worked out."""

from __future__ import annotations

from dataclasses import dataclass

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import healer_row
from runehall.systems.rune.foe_data import category, rank
from runehall.systems.rune.gifts.catalog import check_level, gift
from runehall.systems.rune.options import RuneOptions

CHARGE_FROM = 10  # paces: the Clatter of Rushing Boots works on charges this long or longer
CHARGE_BONUS = 3  # the normal charge bonus to ATK (Chapter 2), which the gift adds to
KNITTING_DIFFICULTY = 9
CURDS_PRICE = 25  # free VP a use of Curds of Utgardaloki costs
BATTLE_AXE_DAM = {"terrifying": 6, "exceptional": 5, "superior": 4, "equal": 3, "inferior": 2, "weak": 1,
                  "pitiful": 1}  # fmt: skip
GLOWING_COALS_THREAT = {"inferior": 1, "weak": 2, "pitiful": 3}


def level_of(gift_id: str, level: int, options: RuneOptions | None = None) -> int:
    """X for a rule: the gift exists and the hero holds 1 to its most levels of it."""
    found = gift(gift_id)
    check_level(found, level, options)
    if level < 1:
        raise RulesError(N_("{gift} needs at least one level to work"), gift=Refusal(found.name))
    return level


def _not_negative(value: int, what: str) -> int:
    if value < 0:
        raise RulesError(N_("{what} cannot be negative ({value})"), what=Refusal(what), value=value)
    return value


def vp_bonus(base: int, multiplier: int) -> int:
    """The VP a multiplying gift adds to a base award: base x multiplier, less the base itself. `base` is the
    Chapter 4 award before any gift (001b §2.3): one gift's bonus is never multiplied by another's; bonuses
    of different gifts are added."""
    _not_negative(base, N_("a base award"))
    if multiplier < 1:
        raise RulesError(N_("a gift multiplies an award by at least 1, not {value}"), value=multiplier)
    return base * multiplier - base


def banish_his_blade_vp(base: int, level: int) -> int:
    """A strike on a disarmed foe is worth (1 + X) times its base VP (damage and death blow, A-13)."""
    x = level_of("banish_his_blade", level)
    return base + vp_bonus(base, 1 + x)


@dataclass(frozen=True)
class DyingBlow:
    atk: int  # modifier to his ATK rolls: the Impairment turned to a bonus, plus X
    other: int  # modifier to every other roll: the Impairment, plus X
    rounds: int


def dying_blow(level: int, impairment: int) -> DyingBlow:
    """Impairment = the Wound points he had when the last blow landed (3 for -3)."""
    x = level_of("dying_blow", level)
    _not_negative(impairment, N_("Impairment"))
    return DyingBlow(atk=impairment + x, other=-impairment + x, rounds=x)


def indefatigable_vp(level: int, total: int, impairment: int, difficulty: int) -> int:
    """VP when ignoring Impairment made the difference: the total (Impairment ignored) succeeds, and would have
    failed with it."""
    x = level_of("indefatigable_determination", level)
    _not_negative(impairment, N_("Impairment"))
    return 5 * x if total >= difficulty > total - impairment else 0


def lake_of_flame_step(round_number: int, level: int) -> int:
    """Which round's escalating damage the hero takes in this round: the first for X rounds after the first,
    then escalation goes on from the second step."""
    x = level_of("survive_the_lake_of_flame", level)
    if round_number < 1:
        raise RulesError(N_("rounds are counted from 1, not {value}"), value=round_number)
    return 1 if round_number <= 1 + x else round_number - x


def wounds_close_quick_hours(wounds: int, level: int) -> int:
    """Hours between Healer attempts: the chart's row X Wounds lower, never above the 0-Wound row."""
    x = level_of("the_wounds_close_quick", level)
    _not_negative(wounds, N_("a number of Wounds"))
    return healer_row(max(0, wounds - x))["wait_hours"]


@dataclass(frozen=True)
class Clatter:
    atk: int  # the whole charge bonus, the normal +3 included
    set_dfn: int  # to the DFN of an opponent set for the charge


def clatter_of_rushing_boots(level: int, paces: int, options: RuneOptions | None = None) -> Clatter | None:
    """None for a charge shorter than 10 paces (only the normal charge rules apply)."""
    x = level_of("the_clatter_of_rushing_boots", level, options)
    if _not_negative(paces, N_("a charge's length")) < CHARGE_FROM:
        return None
    return Clatter(atk=CHARGE_BONUS + (paces - CHARGE_FROM) // 3, set_dfn=-x)


@dataclass(frozen=True)
class Spear:
    more_than: int  # the post-Soak damage a hit must exceed for the spear to go on
    paces: int  # how far the next foe may be from the one just hit


def many_impaling_spear(level: int) -> Spear:
    x = level_of("many_impaling_spear", level)
    return Spear(more_than=12 - x, paces=5 * x)


def knitting_hp(level: int, total: int) -> int | None:
    """HP regained for a Stamina + X total against 9; None when the roll fails."""
    x = level_of("the_knitting_of_meat_and_bone", level)
    return None if total < KNITTING_DIFFICULTY else x * (total - KNITTING_DIFFICULTY)


@dataclass(frozen=True)
class Shoulders:
    engagement: int  # bonus to every Engagement roll
    extra_rolls: int  # Engagement rolls a round beyond the usual one


def shoulders_wide_as_bifrost(level: int) -> Shoulders:
    x = level_of("shoulders_wide_as_bifrost", level)
    return Shoulders(engagement=3 * x, extra_rolls=x // 3 + 1)


def buffeting_gale_difficulty(level: int) -> int:
    """The Difficulty of the foe's Res roll to stay on his feet."""
    return 9 + level_of("buffeting_gale", level)


def buffeting_gale_vp(level: int, rounds_down_after: int) -> int:
    """VP for a knock-down and each later round the foe stays down."""
    x = level_of("buffeting_gale", level)
    return 20 * x * (1 + _not_negative(rounds_down_after, N_("a number of rounds")))


def tenth_of_paces(paces: int) -> int:
    """The Difficulty of the Eager Arrow (farthest arrow) and of the Remorse of Hoder (the ally hit): a tenth of
    the distance, fractions dropped."""
    return _not_negative(paces, N_("a distance")) // 10


@dataclass(frozen=True)
class Curds:
    free_vp: int
    hp: int


def curds_of_utgardaloki(level: int, free_vp: int, hp: int, max_hp: int) -> Curds:
    """25 free VP spent for 4X HP, never above the maximum; usable at 0 HP or fewer."""
    x = level_of("curds_of_utgardaloki", level)
    if free_vp < CURDS_PRICE:
        raise RulesError(
            N_("Curds of Utgardaloki costs {price} free VP; there are {vp}"), price=CURDS_PRICE, vp=free_vp
        )
    return Curds(free_vp=free_vp - CURDS_PRICE, hp=max(hp, min(max_hp, hp + 4 * x)))


def chattering_squirrel_soak(soak: int, level: int) -> int:
    """A victim's Soak, lowered by X, never below 0."""
    return max(0, soak - level_of("the_chattering_squirrel", level))


def glowing_coals_difficulty(
    presence: int, level: int, threat: str, failures: int = 0, options: RuneOptions | None = None
) -> int:
    """What a shooter must roll to target the hero: Presence + X, +3 per earlier failure against him, + a
    low Threat Category's addition (A-19)."""
    x = level_of("eyes_like_glowing_coals", level)
    found = category(threat).id
    by_threat = (options or RuneOptions()).glowing_coals_threat == "by_category"
    return (
        presence
        + x
        + 3 * _not_negative(failures, N_("a number of earlier failures"))
        + (GLOWING_COALS_THREAT.get(found, 0) if by_threat else 0)
    )


# -- Rune Powers (001b §2.6) -----------------------------------------------------------------------------------
def rune_rounds(power_id: str, level: int, options: RuneOptions | None = None) -> int:
    """How many rounds a Rune Power stays active at level X (the Dwarven Battle Axe per battle_axe_duration,
    A-26); 0 for a power that acts once (a blast, a cone) or counts attacks instead of rounds."""
    x = level_of(power_id, level)
    duration = gift(power_id).duration
    if power_id == "rune_power_dwarven_battle_axe" and (options or RuneOptions()).battle_axe_duration != "x_rounds":
        duration = "1+X/2"
    if duration == "1+X/2":
        return 1 + x // 2
    if duration == "2X":
        return 2 * x
    return x if duration == "X" else 0


def battle_axe_dam(threat: str) -> int:
    """What the Dwarven Battle Axe's power adds to its Dam rating against a foe of this Threat Category."""
    return BATTLE_AXE_DAM[category(threat).id]


def short_sword_difficulty(highest_res: int | None) -> int:
    """The Viking Short Sword's activation Difficulty: 6 + the highest Res among those trying to harm the hero;
    a straight 6 against an impersonal source such as a trap (None)."""
    return 6 if highest_res is None else 6 + highest_res


WORK_HAMMER = "rune_power_dwarven_work_hammer"
BATTLE_HAMMER = "rune_power_dwarven_battle_hammer"


def hammer_reaches(power_id: str, threat: str | None, options: RuneOptions | None = None) -> bool:
    """Whether a Dwarven Hammer's power may turn a foe of this Threat Category (None: a hero, counted Equal) to
    stone (the Battle Hammer: every category but Terrifying) or ice (the Work Hammer: work_hammer_max_threat or
    lower, A-27)."""
    found = category(threat or "equal")
    if power_id == BATTLE_HAMMER:
        return found.id != "terrifying"
    if power_id != WORK_HAMMER:
        raise RulesError(N_("{gift} is not a Dwarven Hammer's power"), gift=Refusal(gift(power_id).name))
    return rank(found) >= rank(category((options or RuneOptions()).work_hammer_max_threat))


@dataclass(frozen=True)
class Cone:
    length: int  # paces
    width: int  # paces, at its base
    dam: int  # the attack's Dam rating


def goblin_spike_club(level: int) -> Cone:
    x = level_of("rune_power_goblin_spike_club", level)
    return Cone(length=10 * x, width=5 * x, dam=x)


@dataclass(frozen=True)
class Insubstantial:
    dfn: int
    soak: int
    atk: int
    dam: int
    rounds: int


def hand_axe(level: int) -> Insubstantial:
    x = level_of("rune_power_hand_axe", level)
    return Insubstantial(dfn=4 * x, soak=4 * x, atk=-4 * x, dam=-4 * x, rounds=x)


AURA_BELOW_HP = 20  # Aura of Phlegmatic Acceptance: HP below this (A-05: strictly below)
AURA_WOUNDS = 4  # ... or this many Wounds


def aura_low(hp: int, wounds: int) -> bool:
    """Aura of Phlegmatic Acceptance's condition: below 20 HP (A-05, not 20 itself) or 4 Wounds (or more)."""
    return hp < AURA_BELOW_HP or wounds >= AURA_WOUNDS


def aura_vp(level: int, low: bool, declined_defence: bool) -> int:
    """+20X VP at the end of an encounter in which the hero was low (aura_low), unless he declined to defend."""
    x = level_of("aura_of_phlegmatic_acceptance", level)
    return 20 * x if low and not declined_defence else 0


@dataclass(frozen=True)
class Sleipnir:
    half: int  # paces added to a half move
    full: int  # paces added to a full move


SLEIPNIR_FAR = 50  # paces: more than this from the nearest foe at the first initiative for the VP
SLEIPNIR_VP = 10  # x X


def swiftness_of_sleipnir(level: int) -> Sleipnir:
    x = level_of("swiftness_of_sleipnir", level)
    return Sleipnir(half=5 * x, full=10 * x)


def sleipnir_vp(level: int, first_melee: bool, paces_at_start: int) -> int:
    """+10X VP for the first hero of the event to attack a foe in melee, when more than 50 paces lay between him
    and the nearest foe as the fight's first initiative was rolled."""
    x = level_of("swiftness_of_sleipnir", level)
    return SLEIPNIR_VP * x if first_melee and _not_negative(paces_at_start, N_("a distance")) > SLEIPNIR_FAR else 0
