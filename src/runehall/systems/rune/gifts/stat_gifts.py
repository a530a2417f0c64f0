"""The permanent statistic gifts on the hero sheet (spec 001b §2.5, book pp. 70-84): what each level changes in
the numbers the sheet derives, as the sheet's named modifiers (modifiers.py) wherever a modifier says it, so each
number shows the gift's name beside its share:

- a Characteristic gift raises the Characteristic itself, so every score read from it follows (Might of Thor's
  Strength moves ENC, DAM, base HP when the table recomputes HP; Valor of Tyr's Stamina never reaches hit points
  or Wound Threshold, its own entry says so);
- Njord's Crust, Thor's Thews, Ull's Hide: maximum HP +10 a level; Tyr's Forbearance +12;
- Frost-Speeded Heels: INIT +2 a level on every row, but not for extra actions (`extra_action_steps`);
- Sprig of Mistletoe: +1 a level to the Dam of each missile weapon carried (bows, crossbows, slings);
- On Valkyries' Wings: the worn armour's Init rating 1 closer to 0 a level, never past it (`armor_init`);
- Naglfar Plows the Waves: +3 a level on Swim rolls (`check_terms`);
- The Owl Hears the Viper: +3 a level on Awareness rolls to find a trap someone set to harm; the notes do not say
  whether a trap was set, so the sheet carries it as a note and the runner adds it (`trap_bonus`);
- With Either Hand: no off hand (`no_off_hand`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from runehall.systems.rune import gear
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.modifiers import Modifier

CHARACTERISTIC = {  # gift -> the Characteristic +1 a level
    "gilded_tongue_of_freyr": "com",
    "mantle_of_odin": "pre",
    "might_of_thor": "str",
    "the_relentless_gales_of_njord": "qik",
    "ulls_sure_hand": "dex",
    "valor_of_tyr": "sta",
    "vigilance_of_heimdal": "per",
    "wiles_of_loki": "int",
}
NO_HEALTH_CHANGE = "valor_of_tyr"  # its Stamina leaves hit points and Wound Threshold as they were
HIT_POINTS = {"njords_crust": 10, "thors_thews": 10, "ulls_hide": 10, "tyrs_forbearance": 12}  # max HP a level
HEELS, HEELS_INIT = "frost_speeded_heels", 2
MISTLETOE = "sprig_of_mistletoe"  # missile Dam +1 a level
WINGS = "on_valkyries_wings"  # armour Init rating -1 a level, not below 0
NAGLFAR, SWIM_BONUS = "naglfar_plows_the_waves", 3
OWL, TRAP_BONUS = "the_owl_hears_the_viper", 3
EITHER_HAND = "with_either_hand"
STAT_GIFTS = frozenset({*CHARACTERISTIC, *HIT_POINTS, HEELS, MISTLETOE, WINGS, NAGLFAR, OWL, EITHER_HAND})


def _mod(target: str, amount: int, gift_id: str) -> Modifier:
    # built, not validated: many levels may pass the cap on a typed modifier, and the target is known good
    return Modifier.model_construct(target=target, amount=amount, source=gift(gift_id).name)


def modifiers(levels: Mapping[str, int], weapons: Iterable[str], weapon_row: object = None) -> tuple[Modifier, ...]:
    """The modifiers the hero's stat gifts put on his sheet; `weapons` are the carried weapons' ids, each
    read through `weapon_row` (id -> WeaponDef) to know which are missile weapons."""
    out: list[Modifier] = []
    for gift_id, level in levels.items():
        if level <= 0:
            continue
        if gift_id in CHARACTERISTIC:
            out.append(_mod(CHARACTERISTIC[gift_id], level, gift_id))
        elif gift_id in HIT_POINTS:
            out.append(_mod("hp_max", HIT_POINTS[gift_id] * level, gift_id))
        elif gift_id == HEELS:
            out.append(_mod("init", HEELS_INIT * level, gift_id))
        elif gift_id == MISTLETOE and callable(weapon_row):
            for weapon_id in weapons:
                if gear.attack_form(weapon_row(weapon_id)) == "missile":
                    out.append(_mod(f"dam:{weapon_id}", level, gift_id))
    return tuple(out)


def health_stamina(levels: Mapping[str, int]) -> int:
    """The Stamina the gifts add that hit points and Wound Threshold never see (Valor of Tyr's)."""
    return levels.get(NO_HEALTH_CHANGE, 0)


def armor_init(init: int, levels: Mapping[str, int]) -> int:
    """The worn armour's Init rating (0 or a penalty below it) with On Valkyries' Wings: 1 nearer 0 a level."""
    return min(0, init + levels.get(WINGS, 0)) if init < 0 else init


def swim_bonus(levels: Mapping[str, int]) -> int:
    return SWIM_BONUS * levels.get(NAGLFAR, 0)


def trap_bonus(levels: Mapping[str, int]) -> int:
    """The Owl Hears the Viper: what an Awareness roll to find a deliberately set trap adds (not a natural one)."""
    return TRAP_BONUS * levels.get(OWL, 0)


def heels_bonus(levels: Mapping[str, int]) -> int:
    """Frost-Speeded Heels' share of every INIT score (and so of an initiative total)."""
    return HEELS_INIT * levels.get(HEELS, 0)


def extra_action_steps(total: int, levels: Mapping[str, int]) -> tuple[int, ...]:
    """The steps an initiative total acts at when the hero has Frost-Speeded Heels: the first at the whole total,
    but whether he gains extra actions (one each 20 steps) is judged on the total less the gift's bonus, and they
    come 20 apart after the first (book p. 70: the gift gives no extra attacks)."""
    from runehall.systems.rune.combat.arithmetic import action_steps  # here: the combat package is heavy

    first = action_steps(total)[0]
    extra = len(action_steps(total - heels_bonus(levels))) - 1
    return (first, *(first - 20 * k for k in range(1, extra + 1)))


def no_off_hand(levels: Mapping[str, int]) -> bool:
    """With Either Hand: a single weapon in either hand fights as in the good one (no off-hand penalty)."""
    return levels.get(EITHER_HAND, 0) > 0
