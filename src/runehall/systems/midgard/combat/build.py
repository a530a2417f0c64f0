"""Combatants from the setup: a created character's sheet (validated by the Midgard Character and read
from its derived values), a villain by class and rank (enemies.toml, spec 003 §13), or explicit stats."""

from __future__ import annotations

import importlib
from collections import Counter
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from runehall.errors import Invalid, ParameterError, option_rule
from runehall.present.words import N_
from runehall.systems.base import MAX_SHEET_FIELDS, RulesModel, validate_model
from runehall.systems.midgard import gift_use, qualities
from runehall.systems.midgard.combat import gear
from runehall.systems.midgard.combat.combatant import Armour, Combatant, Item, Member, rune_code, skill_name
from runehall.systems.midgard.combat.settings import fold, midgard_options, opt
from runehall.systems.midgard.limits import (
    MAX_COMBATANTS,
    MAX_DEFENCE,
    MAX_DICE,
    MAX_GIFTS,
    MAX_HEALTH,
    MAX_LEGEND,
    MAX_LOCATIONS,
    MAX_NAMED,
    MAX_RANK,
    MAX_STRUCTURE,
    MAX_WEAPONS,
    MAX_WYRD,
    Rank,
    RunePoints,
)

ID_PATTERN = r"^[A-Za-z][A-Za-z0-9_\-]{0,31}$"


def held_gifts(names: list[str]) -> list[str]:
    """Gift names as ids (with the rune chosen when bought, where the gift has a choice)."""
    module = importlib.import_module("runehall.systems.midgard.creation")
    out = []
    for text in names:
        gift, choice = module.read_gift(text)
        out.append(f"{gift.id}:{choice}" if choice else gift.id)
    return out


class ItemSpec(RulesModel):
    id: str = Field(description="A weapon or shield id (weapons.toml), or bow.")
    structure: int | None = Field(
        None, ge=0, le=MAX_STRUCTURE, description="Structure, when it differs (a thick club: 2)."
    )


class StatsSpec(RulesModel):
    runes: dict[str, RunePoints] = Field(max_length=MAX_LOCATIONS, description="God runes F, Th, A, H, T.")
    skills: dict[str, Rank] = Field(default_factory=dict, max_length=MAX_NAMED)
    defence: int | None = Field(None, ge=0, le=MAX_DEFENCE)
    ws: int | None = Field(None, ge=0, le=8)
    health: int | None = Field(None, ge=1, le=MAX_HEALTH)
    courage_dice: int | None = Field(None, ge=0, le=MAX_DICE)
    courage_bonus: int | None = Field(None, ge=0, le=MAX_RANK)
    wyrd: int | None = Field(
        None, ge=0, le=MAX_WYRD, description="Wyrð pool; left out, Wyrð is not tracked (none to spend)."
    )
    legend_score: int | None = Field(None, ge=1, le=MAX_LEGEND)
    loysing: bool = Field(False, description="One more wound box in every rank.")
    gifts: list[str] = Field(
        default_factory=list, max_length=MAX_GIFTS, description="Rune gifts held (ids, 'id:rune' for a choice)."
    )

    @field_validator("gifts")
    @classmethod
    def _gifts(cls, value: list[str]) -> list[str]:
        return held_gifts(value)


class MemberSpec(RulesModel):
    rank: int = Field(ge=1, le=4)
    armour: str | None = Field(None, description="An armour type: its hardness raises the kill threshold.")
    weapon: str = "natural"


class EnemySpec(RulesModel):
    kind: Literal["thane", "shieldbearer", "warband"] = Field(description="The enemy class (also accepted as 'class').")
    rank: int | None = Field(None, ge=1, le=4)
    skills: list[str] = Field(default_factory=list, max_length=MAX_NAMED, description="The skill list (rank in these).")
    defence: int | None = Field(
        None, ge=0, le=MAX_DEFENCE, description="A Thane's Defence (the GM picks; default 1 + rank)."
    )
    ws: int | None = Field(None, ge=1, le=8, description="A Thane's Weapon Skill (default: rank).")
    health: int | None = Field(None, ge=1, le=MAX_HEALTH, description="A Thane's Health (default 3 + rank).")
    courage_bonus: int | None = Field(None, ge=0, le=MAX_RANK, description="A Thane's Courage bonus (default: rank).")
    gift_levels: list[Rank] = Field(
        default_factory=list,
        max_length=MAX_GIFTS,
        description="Levels of enemy-only gifts (no rune): they count toward its Wyrð.",
    )
    gifts: list[str] = Field(
        default_factory=list, max_length=MAX_GIFTS, description="Rune gifts held: Wyrð = rank x all gift levels."
    )
    members: list[MemberSpec] = Field(
        default_factory=list, max_length=MAX_COMBATANTS, description="A warband's warriors (up to 4)."
    )

    @model_validator(mode="before")
    @classmethod
    def _class_word(cls, data: Any) -> Any:
        if isinstance(data, dict) and "class" in data and "kind" not in data:
            data = {("kind" if k == "class" else k): v for k, v in data.items()}
        return data

    @field_validator("gifts")
    @classmethod
    def _gifts(cls, value: list[str]) -> list[str]:
        return held_gifts(value)

    @model_validator(mode="after")
    def _shape(self) -> EnemySpec:
        if self.kind == "warband":
            if not 1 <= len(self.members) <= 4:
                raise Invalid(N_("a warband has 1 to 4 warriors (members)"))
            if self.gift_levels or self.gifts:
                raise Invalid(N_("warriors have no gifts and no Wyrð"))
        elif self.rank is None:
            raise Invalid(N_("a {kind} needs a rank from 1 to 4"), kind=self.kind)
        return self


class CombatantSpec(RulesModel):
    id: str = Field(pattern=ID_PATTERN, description="A short id used in actions (--actor, --target).")
    name: str | None = None
    side: str | None = Field(None, description="Who fights together (default: players, or enemies for villains).")
    character: dict[str, Any] | None = Field(
        None, max_length=MAX_SHEET_FIELDS, description="A Midgard character sheet."
    )
    enemy: EnemySpec | None = None
    stats: StatsSpec | None = None
    weapons: list[str | ItemSpec] = Field(
        default_factory=list, max_length=MAX_WEAPONS, description="Weapons and shields carried."
    )
    armour: dict[str, str] = Field(
        default_factory=dict, max_length=MAX_LOCATIONS, description="Armour by location: head, body, arms, legs."
    )
    surprise: int = Field(0, ge=0, le=8, description="The GM's surprise bonus (first segment only).")
    hidden: bool = Field(False, description="Starts the fight from a hidden position (Ambush).")
    evil: bool = Field(False, description="A creature of supernatural evil (Purging Flame).")

    @model_validator(mode="after")
    def _one_source(self) -> CombatantSpec:
        given = [k for k in ("character", "enemy", "stats") if getattr(self, k) is not None]
        if len(given) != 1:
            raise Invalid(N_("give exactly one of character, enemy or stats"))
        return self


# -- gear -------------------------------------------------------------------------------------------
def _items(specs: list[str | ItemSpec]) -> tuple[Item, ...]:
    seen: Counter[str] = Counter()
    items = []
    for spec in specs:
        given = spec if isinstance(spec, ItemSpec) else ItemSpec(id=spec)
        if fold(given.id) in ("natural", "claws", "unarmed"):
            continue  # always at hand, not an item
        if fold(given.id) == "bow":
            bow = gear.ranged("bow")
            wid, hardness, structure = "bow", bow.hardness, bow.structure
        else:
            w = gear.weapon(given.id)
            wid, hardness, structure = w.id, w.hardness, w.structure
        seen[wid] += 1
        uid = wid if seen[wid] == 1 else f"{wid}.{seen[wid]}"
        items.append(Item(id=uid, weapon=wid, structure=given.structure or structure, hardness=hardness))
    return tuple(items)


def _suit(worn: dict[str, str], options: Any) -> dict[str, str]:
    suit = {gear.location(loc).id: gear.armour_type(t).id for loc, t in worn.items() if t not in ("", "none")}
    gear.check_suit(suit, bool(opt(options, "steel_helm_head_only")))
    return suit


def _armour(suit: dict[str, str]) -> tuple[Armour, ...]:
    out = []
    for type_id in dict.fromkeys(suit.values()):
        where = tuple(loc for loc in gear.LOCATIONS if suit.get(loc) == type_id)
        out.append(
            Armour(
                type=type_id,
                locations=where,
                pool=gear.pool(type_id, where),
                hardness=gear.armour_type(type_id).hardness,
            )
        )
    return tuple(out)


def _runes(given: dict[str, int], options: Any) -> dict[str, int]:
    """God runes in play: all five, none above option god_rune_max_in_play (8: A-12)."""
    runes = {rune_code(k): v for k, v in given.items()}
    missing = [c for c in ("F", "Th", "A", "H", "T") if c not in runes]
    if missing:
        raise ParameterError(N_("god runes missing: {missing}"), missing=", ".join(missing))
    top = int(opt(options, "god_rune_max_in_play"))
    over = [f"{c} {v}" for c, v in runes.items() if not 1 <= v <= top]
    if over:
        raise ParameterError(N_("god runes run from 1 to {top} in play: {over}"), top=top, over=", ".join(over))
    return runes


# -- the three sources -------------------------------------------------------------------------------
def from_stats(spec: CombatantSpec, stats: StatsSpec, options: Any) -> Combatant:
    r = _runes(stats.runes, options)
    skills = {skill_name(k): v for k, v in stats.skills.items() if v}
    top = int(opt(options, "skill_rank_max"))
    high = [f"{k} {v}" for k, v in skills.items() if not 0 <= v <= top]
    if high:
        raise ParameterError(
            N_("skill ranks run from 0 to {top} ({rule}): {high}"),
            top=top,
            high=", ".join(high),
            rule=option_rule("skill_rank_max", N_("the table's rules")),
        )
    o = midgard_options(options)
    env = qualities.runes_env(r, o)
    health = stats.health if stats.health is not None else qualities.quality("health", env, o)
    track = qualities.class_wound_track(health, "character", int(stats.loysing), o.wound_box_rounding)
    courage = qualities.courage(r["Th"], r["A"])
    suit = _suit(spec.armour, options)
    return Combatant(
        id=spec.id,
        name=spec.name or spec.id,
        side=spec.side or "players",
        kind="character",
        runes=r,
        skills=skills,
        defence=stats.defence if stats.defence is not None else qualities.quality("defence", env, o),
        ws=stats.ws if stats.ws is not None else qualities.quality("weapon_skill", env, o),
        health=health,
        wound_boxes=track.boxes,
        wound_penalties=track.penalties,
        courage_dice=stats.courage_dice if stats.courage_dice is not None else courage.dice,
        courage_bonus=stats.courage_bonus if stats.courage_bonus is not None else courage.bonus,
        legend_score=stats.legend_score,
        wyrd_max=stats.wyrd,
        wyrd=stats.wyrd,
        items=_items(spec.weapons),
        armour=_armour(suit),
        armour_speed=gear.speed_penalty(suit, skills.get("Might", 0)),
        **_gifted(spec, tuple(stats.gifts)),
    )


def _gifted(spec: CombatantSpec, gifts: tuple[str, ...]) -> dict[str, Any]:
    return {
        "surprise": spec.surprise,
        "hidden": spec.hidden,
        "evil": spec.evil,
        "gifts": gifts,
        "rune_totals": gift_use.rune_totals(gifts),
    }


def from_sheet(spec: CombatantSpec, sheet: dict[str, Any], options: Any) -> Combatant:
    """A created character: validated by the Midgard Character (creation rules), read from derived()."""
    module = importlib.import_module("runehall.systems.midgard.character")
    options_module = importlib.import_module("runehall.systems.midgard.options")
    midgard_options = options if isinstance(options, options_module.MidgardOptions) else options_module.MidgardOptions()
    character = validate_model(module.Character, sheet, "character", {"options": midgard_options})
    d = character.derived(midgard_options)
    gear_spec = spec.weapons or list(character.weapons)
    suit = _suit(spec.armour or dict(character.armour), options)
    skills = {skill_name(k): int(v) for k, v in d["skills"].items() if v}
    return Combatant(
        id=spec.id,
        name=spec.name or character.name,
        side=spec.side or "players",
        kind="character",
        runes=dict(d["god_runes"]),
        skills=skills,
        defence=d["defence"],
        ws=d["weapon_skill"],
        health=d["health"],
        wound_boxes=tuple(d["wound_boxes"]),
        wound_penalties=tuple(d["wound_penalties"]),
        courage_dice=d["courage"]["dice"],
        courage_bonus=d["courage"]["bonus"],
        legend_score=d["legend_score"],
        wyrd_max=d["wyrd_max"],
        wyrd=d["wyrd"],
        items=_items(gear_spec),
        armour=_armour(suit),
        armour_speed=gear.speed_penalty(suit, skills.get("Might", 0)),
        **_gifted(spec, tuple(character.gifts)),
    )


def from_enemy(spec: CombatantSpec, enemy: EnemySpec, options: Any) -> Combatant:
    """A Thane (GM-picked qualities, PC armour), a Shieldbearer (rank as every base score, one armour
    pool of 10 x the type's modifier) or a warband (spec §13.2, A-45..A-47)."""
    common: dict[str, Any] = {"id": spec.id, "name": spec.name or spec.id, "side": spec.side or "enemies"}
    listed = tuple(skill_name(s) for s in enemy.skills)
    if enemy.kind == "warband":
        members = []
        for m in enemy.members:
            hardness = gear.armour_type(m.armour).hardness if m.armour else 0
            weapon = m.weapon if fold(m.weapon) in ("natural", "claws", "unarmed") else gear.weapon(m.weapon).id
            members.append(Member(rank=m.rank, hardness=hardness, weapon=weapon))
        lead = max(m.rank for m in members)
        items = _items(spec.weapons or [m.weapon for m in members])
        return Combatant(
            **common,
            kind="warband",
            rank=lead,
            defence=1 + lead,
            ws=1,
            health=lead,
            courage_bonus=lead,
            members=tuple(members),
            items=items,
            surprise=spec.surprise,
            hidden=spec.hidden,
            evil=spec.evil,
        )
    rank = enemy.rank or 1
    gifts = tuple(enemy.gifts)
    levels = [*enemy.gift_levels, *gift_use.gift_levels(gifts)]
    wyrd = rank * sum(levels) if levels else None
    if enemy.kind == "shieldbearer":
        health = 3 + rank
        sb_track = qualities.class_wound_track(health, "shieldbearer")
        armour: tuple[Armour, ...] = ()
        if spec.armour:
            types = set(spec.armour.values()) - {"", "none"}
            if len(types) > 1:
                raise ParameterError(N_("a Shieldbearer wears one armour type (one pool)"))
            t = gear.armour_type(next(iter(types)))
            structure = (
                10 * t.structure_modifier if opt(options, "shieldbearer_armour_pool") == "ten_times_modifier" else 10
            )
            armour = (Armour(type=t.id, locations=gear.LOCATIONS, pool=structure, hardness=t.hardness),)
        return Combatant(
            **common,
            kind="shieldbearer",
            rank=rank,
            listed=listed,
            defence=1 + rank,
            ws=rank,
            health=health,
            wound_boxes=sb_track.boxes,
            wound_penalties=sb_track.penalties,
            courage_bonus=rank,
            legend_score=rank,
            wyrd_max=wyrd,
            wyrd=wyrd,
            items=_items(spec.weapons),
            armour=armour,
            **_gifted(spec, gifts),
        )
    health = enemy.health if enemy.health is not None else 3 + rank
    thane_track = qualities.class_wound_track(health, "thane", 0, str(opt(options, "wound_box_rounding")))
    suit = _suit(spec.armour, options)
    might = rank if "Might" in listed else rank // 2
    return Combatant(
        **common,
        kind="thane",
        rank=rank,
        listed=listed,
        defence=enemy.defence if enemy.defence is not None else 1 + rank,
        ws=enemy.ws if enemy.ws is not None else rank,
        health=health,
        wound_boxes=thane_track.boxes,
        wound_penalties=thane_track.penalties,
        courage_bonus=enemy.courage_bonus if enemy.courage_bonus is not None else rank,
        legend_score=rank,
        wyrd_max=wyrd,
        wyrd=wyrd,
        items=_items(spec.weapons),
        armour=_armour(suit),
        armour_speed=gear.speed_penalty(suit, might),
        **_gifted(spec, gifts),
    )


def build(spec: CombatantSpec, options: Any) -> Combatant:
    if spec.character is not None:
        return from_sheet(spec, spec.character, options)
    if spec.enemy is not None:
        return from_enemy(spec, spec.enemy, options)
    assert spec.stats is not None
    return from_stats(spec, spec.stats, options)
