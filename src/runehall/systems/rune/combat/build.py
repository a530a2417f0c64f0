"""Building combatants for a fight: from a Rune hero sheet (through the hero model, reading its derived
numbers) or from stats given outright, as foes usually are.

Stats are the scores themselves (INIT/ATK/DFN/DAM per weapon, Soak, HP, Res, roll bonuses), not
Characteristics: they are what the runner's notes list. A weapon named after a row of weapons.toml takes its
kind, Ability, edge and ratings from the row; its four scores come from the sheet or the stats. A score the
book lost ("unknown" in the data) stays unknown until the combatant supplies it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from runehall.errors import Named, ParameterError, typed_only
from runehall.present.words import N_
from runehall.systems.base import MAX_SHEET_FIELDS, RulesModel
from runehall.systems.rune.combat import heroes
from runehall.systems.rune.combat.combatant import UNARMED, Behaviour, Combatant, Edge, Weapon, WeaponKind
from runehall.systems.rune.combat.gallery import WENDOL
from runehall.systems.rune.combat.gifted import MAX_GIFTS, Gifted, check_levels
from runehall.systems.rune.combat.settings import (
    armor_rows,
    foe_wt,
    fold,
    shield_rows,
    sprint_move,
    weapon_row,
)
from runehall.systems.rune.combat.steeds import MAX_HORSE_LOAD, HorseInFight, ridden_move
from runehall.systems.rune.gear import played_dam
from runehall.systems.rune.limits import MAX_BONUS, MIN_BONUS, MapPoint

MAX_VP = 10_000_000

SCORES = ("init", "atk", "dfn", "dam")
NUMBERS = (
    "init_noncombat", "soak", "hp", "wt", "res", "dodge", "hold", "pin", "balance", "healer", "fatigue", "escape",
    "engagement", "strength", "per", "ride", "gifts", "gift_levels", "qik", "jump", "balance_rating",
    "swim_rating",
)  # fmt: skip


class WeaponSpec(RulesModel):
    weapon: str = Field(min_length=1, max_length=60, description="A weapons.toml id or name, or a foe's attack form.")
    name: str | None = Field(None, max_length=60)
    kind: WeaponKind | None = None
    ability: str | None = None
    edge: Edge | None = None
    init: int | None = Field(None, ge=-60, le=100)
    atk: int | None = Field(None, ge=-60, le=100)
    dfn: int | None = Field(None, ge=-60, le=100)
    dam: int | None = Field(None, ge=-60, le=100)
    dam_rating: int | None = Field(None, ge=0, le=100, description="Sets a ranged weapon's range.")
    engagement: int | None = Field(None, ge=-60, le=100)
    ammo: int | None = Field(None, ge=0, le=1000)


class CombatantSpec(RulesModel):
    name: str = Field(min_length=1, max_length=60)
    side: str | None = Field(None, max_length=40, description="Default: heroes for a hero, foes otherwise.")
    hero: bool | None = Field(None, description="Default: true with a sheet, false with stats.")
    sheet: dict[str, Any] | None = Field(
        None, max_length=MAX_SHEET_FIELDS, description="A Rune hero sheet (needs the Rune hero model)."
    )
    at: MapPoint = Field((0, 0), description="Where he stands, [x, y] in paces.")
    weapons: list[WeaponSpec] = Field(default_factory=list, max_length=12)
    unarmed: WeaponSpec | None = Field(None, description="Unarmed scores (fist/kick), when given as stats.")
    ready: str | None = Field(None, description="The weapon in hand at the start (default: the first).")
    belt: str | None = Field(None, description="The one weapon on his belt, drawn for free.")
    shield: str | None = Field(None, description="The shield in hand (armor.toml id).")
    init_noncombat: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    soak: int | None = Field(None, ge=0, le=60)
    hp: int | None = Field(None, ge=1, le=999, description="Maximum HP.")
    wt: int | None = Field(None, ge=1, le=99)
    res: int | None = Field(None, ge=-30, le=60)
    dodge: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    hold: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    pin: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    balance: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    healer: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    fatigue: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    escape: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    engagement: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    strength: int | None = Field(None, ge=-10, le=20)
    per: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    ride: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    gifts: int | None = Field(None, ge=0, le=99, description="How many distinct Divine Gifts he has.")
    gift_levels: int | None = Field(None, ge=0, le=999, description="His Gifts' levels added up.")
    gift_ranks: dict[str, Annotated[int, Field(ge=0, le=100)]] = Field(
        default_factory=dict, max_length=MAX_GIFTS, description="His Divine Gifts: gift id -> level (as a sheet's)."
    )
    free_vp: int | None = Field(None, ge=0, le=MAX_VP, description="Free VP he may spend in the fight (gifts).")
    presence: int | None = Field(None, ge=-10, le=20, description="Presence, for the gifts rolled with it.")
    stamina: int | None = Field(None, ge=-10, le=20, description="Stamina, for the gifts rolled with it.")
    disguise: int | None = Field(None, ge=0, le=20, description="Disguise rating (Boon of Angrboda; default 0).")
    dexterity: int | None = Field(None, ge=-10, le=20, description="Dexterity, for Penetrating Lightning's roll.")
    great_weapon: int | None = Field(None, ge=0, le=20, description="Great Weapon rating (the Dwarven Hammers).")
    designer: bool = Field(False, description="His player designed this encounter (his proxy plays him).")
    divine_awareness: int | None = Field(
        None, ge=0, le=20, description="Divine Awareness rating (The Chattering Squirrel; default 0)."
    )
    qik: int | None = Field(None, ge=-10, le=20, description="Qik, for a foe who dodges with Res + Qik.")
    armor: str | None = Field(None, description="The armor he wears (armor.toml id), for its Init rating.")
    jump: int | None = Field(None, ge=MIN_BONUS, le=MAX_BONUS)
    balance_rating: int | None = Field(None, ge=0, le=20, description="Balance rating (moving on Balance surfaces).")
    swim_rating: int | None = Field(None, ge=0, le=20, description="Swim rating (moving through water).")
    light: bool = Field(False, description="He carries a torch or another light.")
    night_vision: bool = Field(False, description="He sees in very low light.")
    sprint: int | None = Field(None, ge=0, le=20)
    move_half: int | None = Field(None, ge=0, le=500)
    move_full: int | None = Field(None, ge=0, le=500)
    hp_now: int | None = Field(None, ge=-20, le=999, description="Current HP, when he starts hurt.")
    wounds: int = Field(0, ge=0, le=4)
    impairment: int = Field(0, ge=0, le=2, description="Impairment from other causes than Wounds.")
    invigoration: int = Field(0, ge=0, le=20)
    mounted: bool = False
    horse_load: int | None = Field(
        None, ge=0, le=MAX_HORSE_LOAD, description="The Load his horse bears (default: his sheet's Load)."
    )
    horse: HorseInFight | None = Field(
        None, description="His horse from his sheet as a combatant of its own: its name and where it stands."
    )
    inhuman: bool = False
    undead: bool = False
    foe_type: str | None = Field(None, max_length=60, description="The gallery's foe type (foes.toml id).")
    threat: Literal["terrifying", "exceptional", "superior", "equal", "inferior", "weak", "pitiful"] | None = Field(
        None, description="A foe's Threat Category (the Dwarven Battle Axe's power reads it)."
    )
    self_willed: bool = Field(False, description="A Self-Willed foe: the runner picks its targets at will.")
    attacks_foes: bool = Field(False, description="A wendol whose notes bought it the option: non-wendol foes too.")
    strikes_heroes: bool = Field(
        False, description="A hero who may strike another hero on purpose (a fight of a Rune encounter's run)."
    )
    behaviour: Behaviour | None = Field(None, description="A foe's icon, headlong or crafty (default: its type's).")


def _key(text: str) -> str:
    return fold(text).replace(" ", "_").replace("-", "_").replace("/", "_")


def weapon_from_spec(spec: WeaponSpec, options: Any, base: Weapon | None = None) -> Weapon:
    """A weapon from the data row it names (if any), the scores given, and the sheet's scores (`base`)."""
    row = weapon_row(spec.weapon)
    fields: dict[str, Any] = base.model_dump() if base is not None else {}
    if row is not None:
        kind = row.kind if row.kind in ("melee", "missile", "thrown", "brawling") else spec.kind or "melee"
        dam_rating = played_dam(row.id, options)  # the table's options (short_bow_dam, weapon_overrides)
        lost = tuple(f for f in SCORES if getattr(row, f) == "unknown")
        fields.update(
            id=row.id,
            name=row.name,
            kind=kind,
            ability=row.ability if row.ability != "unknown" else spec.ability,
            edge=row.edge if row.edge in ("sword", "axe") else "other",
            dfn_na=row.dfn == "n/a",
            dam_rating=dam_rating,
            dfn_rating=row.rating("dfn") or 0,
            special=row.special,
            lost=lost,
        )
    else:
        fields.setdefault("id", _key(spec.weapon))
        fields.setdefault("name", spec.name or spec.weapon)
        fields.setdefault("kind", spec.kind or "melee")
    for name in ("name", "kind", "ability", "edge", "dam_rating", "engagement", "ammo", *SCORES):
        value = getattr(spec, name)
        if value is not None:
            fields[name] = value
    if fields.get("kind") in ("missile", "thrown") and spec.dfn is None:
        fields["dfn_na"] = True
    return Weapon.model_validate(fields)


def _unarmed(spec: WeaponSpec | None, options: Any, base: Weapon | None) -> Weapon:
    given = spec or WeaponSpec(weapon=UNARMED)
    fields = base.model_dump() if base is not None else {}
    fields.update(id=UNARMED, name="Fist/Kick", kind="brawling", ability="brawling")
    for name in (*SCORES, "engagement"):
        value = getattr(given, name)
        if value is not None:
            fields[name] = value
    return Weapon.model_validate(fields)


def foe_wound_threshold(hp: int) -> int:
    rule = foe_wt()
    if hp > 60:
        return rule["wt_if_hp_over_60"]
    if hp < 20:
        return rule["wt_if_hp_under_20"]
    return rule["default_wt"]


def _resolve_weapon(weapons: list[Weapon], name: str, who: str) -> str:
    key = _key(name)
    for w in weapons:
        if key in (w.id, _key(w.name)):
            return w.id
    if key in (UNARMED, "none", "fist", "fist_kick"):
        return UNARMED
    raise ParameterError(N_("{who} has no weapon {name!r} to hold or carry"), who=who, name=name)


def build(spec: CombatantSpec, options: Any, order: int) -> Combatant:
    """The combatant a spec describes; ParameterError for a spec that cannot fight."""
    sheet = heroes.from_sheet(spec.sheet, spec.name, options) if spec.sheet is not None else None
    hero = spec.hero if spec.hero is not None else sheet is not None
    numbers: dict[str, Any] = dict(sheet.numbers) if sheet is not None else {}
    for name in NUMBERS:
        value = getattr(spec, name)
        if value is not None:
            numbers[name] = value
    if numbers.get("soak") is None or numbers.get("hp") is None:
        raise ParameterError(
            N_("{who}: give a hero sheet, or at least {stats} as stats"),
            who=spec.name,
            stats=Named("'soak' and 'hp'", N_("Soak and HP")),
        )
    if spec.attacks_foes and (hero or spec.foe_type != WENDOL):
        raise ParameterError(N_("{who}: only a wendol foe may be bought the right to attack other foes"), who=spec.name)
    if spec.strikes_heroes and not hero:
        raise ParameterError(N_("{who}: only a hero may strike another hero on purpose"), who=spec.name)
    hp_max = int(numbers.pop("hp"))
    if numbers.get("wt") is None:
        if hero:
            raise ParameterError(
                N_("{who}: a hero given as stats needs his Wound Threshold{field}"),
                who=spec.name,
                field=typed_only(" ('wt')"),
            )
        numbers["wt"] = foe_wound_threshold(hp_max)
    base = {w.id: w for w in sheet.weapons} if sheet is not None else {}
    weapons: list[Weapon] = []
    for w_spec in spec.weapons:
        row = weapon_row(w_spec.weapon)
        known = base.get(row.id if row is not None else _key(w_spec.weapon))
        weapons.append(weapon_from_spec(w_spec, options, known))
    for w in base.values():
        if w.id != UNARMED and all(w.id != x.id for x in weapons):
            weapons.append(w)
    ids = [w.id for w in weapons]
    if len(set(ids)) != len(ids) or UNARMED in ids:
        raise ParameterError(
            N_("{who}: each weapon once, and {unarmed} is always there{field}"),
            who=spec.name,
            unarmed=Named("'unarmed'", N_("fighting unarmed")),
            field=typed_only(" (give it as 'unarmed')"),
        )
    weapons.append(_unarmed(spec.unarmed, options, base.get(UNARMED)))
    ready = _resolve_weapon(weapons, spec.ready, spec.name) if spec.ready else weapons[0].id
    belt = _resolve_weapon(weapons, spec.belt, spec.name) if spec.belt else None
    if belt is not None and belt in (ready, UNARMED):
        raise ParameterError(N_("{who}: the belt weapon must be another weapon than the one in hand"), who=spec.name)
    shield = sheet.shield if sheet is not None else None
    if spec.shield is not None:
        shield = spec.shield
    shield_dfn = 0
    if shield is not None:
        held = shield_rows().get(_key(shield))
        if held is None:
            choices = ", ".join(shield_rows())
            raise ParameterError(
                N_("{who}: unknown shield {shield!r} (armor.toml: {choices})"),
                who=spec.name,
                shield=shield,
                choices=choices,
            )
        shield, shield_dfn = held.id, held.dfn
    if spec.armor is not None:
        worn = armor_rows().get(_key(spec.armor))
        if worn is None:
            raise ParameterError(
                N_("{who}: unknown armor {armor!r} (armor.toml: {known})"),
                who=spec.name,
                armor=spec.armor,
                known=", ".join(armor_rows()),
            )
        numbers["armor_init"] = worn.init if isinstance(worn.init, int) else None
        numbers["armor_prot"] = worn.prot if isinstance(worn.prot, int) else 0
    half, full = numbers.pop("move_half", None), numbers.pop("move_full", None)
    if spec.sprint is not None or half is None or full is None:
        half, full = sprint_move(spec.sprint or 0)
    if spec.mounted:  # his horse's Move after its load, or a plain steed's (steeds.py)
        horse, load = (sheet.horse, sheet.load) if sheet is not None else (None, None)
        half, full = ridden_move(horse, load, spec.horse_load)
    armor_init = numbers.pop("armor_init", 0)
    gifted = _gifted(spec, numbers, hero, options)
    wounds = spec.wounds
    hp = spec.hp_now if spec.hp_now is not None else hp_max
    return Combatant(
        name=spec.name.strip(),
        hero=hero,
        side=(spec.side or ("heroes" if hero else "foes")).strip(),
        order=order,
        weapons=tuple(weapons),
        hp_max=hp_max,
        hp=min(hp, hp_max),
        wounds=wounds,
        health="incapacitated" if wounds >= 4 else "active",
        at=spec.at,
        ready=ready,
        belt=belt,
        shield=shield,
        shield_dfn=shield_dfn,
        move_half=spec.move_half if spec.move_half is not None else half,
        move_full=spec.move_full if spec.move_full is not None else full,
        impairment_other=spec.impairment,
        invigoration=spec.invigoration,
        mounted=spec.mounted,
        inhuman=spec.inhuman,
        undead=spec.undead,
        foe_type=spec.foe_type,
        threat=spec.threat,
        self_willed=spec.self_willed,
        attacks_foes=spec.attacks_foes,
        strikes_heroes=spec.strikes_heroes,
        behaviour=spec.behaviour,
        armor_init=armor_init,
        light=spec.light,
        night_vision=spec.night_vision,
        gifted=gifted,
        **{k: v for k, v in numbers.items() if v is not None},
    )


def _gifted(spec: CombatantSpec, numbers: dict[str, Any], hero: bool, options: Any) -> Gifted:
    """His gifts as the fight keeps them (from his sheet, or given as stats, which win); the count of gifts and of
    their levels that breaks initiative ties follows them unless given."""
    kept_keys = ("gift_ranks", "presence", "stamina", "disguise", "great_weapon", "free_vp", "dexterity")
    sheet = {k: numbers.pop(k, None) for k in kept_keys}
    levels = dict(spec.gift_ranks or sheet["gift_ranks"] or {})
    if levels and not hero:
        raise ParameterError(N_("{who}: foes never have Divine Gifts"), who=spec.name)
    check_levels(levels, spec.name, options)
    if levels and numbers.get("gifts") is None:
        numbers["gifts"] = len(levels)
    if levels and numbers.get("gift_levels") is None:
        numbers["gift_levels"] = sum(levels.values())
    given = {"presence": spec.presence, "stamina": spec.stamina, "disguise": spec.disguise, "free_vp": spec.free_vp,
             "great_weapon": spec.great_weapon, "dexterity": spec.dexterity}  # fmt: skip
    kept = {k: given[k] if given[k] is not None else sheet[k] for k in given}
    aware = numbers.pop("divine_awareness", None)  # the sheet's, unless given
    aware = aware if spec.divine_awareness is None else spec.divine_awareness
    kept["divine_awareness"] = int(aware or 0)  # The Chattering Squirrel (gift_squirrel.py)
    built = spec.model_dump(mode="json", exclude_none=True) if hero and spec.sheet is not None else None
    # built: a stat gift bought mid-fight (gift_rebuild.py)
    return Gifted(levels=levels, built=built, designer=spec.designer, **kept)
