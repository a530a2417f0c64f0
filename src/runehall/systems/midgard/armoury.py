"""The schemas of weapons.toml, armour.toml and the combat actions of combat.toml that a sheet reads
(their speed expressions). Weapon classes must agree with their speeds, and the precomputed armour pools
with the pool rule, when the files load."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.midgard.records import Data, Formula


class WeaponDef(Data):
    id: str
    name: str
    skills: tuple[str, ...]
    damage: int
    speed: int | None = None
    speed_formula: Formula = ""
    ap: int
    hardness: int | None = None
    structure: int | None = None
    target_weapon_modifier: int = 0
    block_speed_modifier: int = 0
    disarm_difficulty_modifier: int = 0
    legend_hint: str = ""
    size: str = Field(alias="class")
    is_shield: bool = False


class RangedDef(Data):
    id: str
    name: str
    skill: str
    damage: int | None = None
    speed: int | None = None
    ap: int | None = None
    hardness: int | None = None
    structure: int | None = None
    range_ft: int | None = None
    range_formula: Formula = ""
    two_handed_always: bool = False


class Categories(Data):
    light_max_speed: int
    heavy_min_speed: int


class TwoHanded(Data):
    allowed_for: str
    speed_modifier: int


class DualBonus(Data):
    size: str = Field(alias="class")
    damage: int
    target_defence: int
    speed: int


class DualWielding(Data):
    bonus: tuple[DualBonus, ...]


class WeaponsFile(Data):
    categories: Categories
    two_handed: TwoHanded
    dual_wielding: DualWielding
    weapon: tuple[WeaponDef, ...]
    ranged: tuple[RangedDef, ...]

    @model_validator(mode="after")
    def _classes(self) -> WeaponsFile:
        for w in self.weapon:
            if w.speed is not None and w.size != self.size_of(w.speed):
                raise Invalid(
                    N_("weapon {id}: class {size} disagrees with its speed {speed}"),
                    id=w.id,
                    size=w.size,
                    speed=w.speed,
                )
        return self

    def size_of(self, speed: int) -> str:
        c = self.categories
        return "light" if speed <= c.light_max_speed else "heavy" if speed >= c.heavy_min_speed else "normal"


class ArmourType(Data):
    id: str
    name: str
    structure_modifier: int
    hardness: int
    speed: int
    allowed_locations: tuple[str, ...]


class Location(Data):
    id: str
    name: str
    structure: int
    on_penetration: dict[str, Any] = Field(default_factory=dict)


class PoolExample(Data):
    type: str
    locations: tuple[str, ...]
    pool: int
    speed: int


class ArmourFile(Data):
    armour_type: tuple[ArmourType, ...]
    location: tuple[Location, ...]
    pool_example: tuple[PoolExample, ...]

    @model_validator(mode="after")
    def _examples(self) -> ArmourFile:
        types = {t.id: t for t in self.armour_type}
        structure = {loc.id: loc.structure for loc in self.location}
        for ex in self.pool_example:
            t = types[ex.type]
            pool = sum(structure[loc] for loc in ex.locations) * t.structure_modifier
            if (pool, t.speed * len(ex.locations)) != (ex.pool, ex.speed):
                raise Invalid(
                    N_("pool example {type}: the pool rule gives {pool}, not {listed}"),
                    type=ex.type,
                    pool=pool,
                    listed=ex.pool,
                )
        return self


class ActionDef(Data):
    id: str
    name: str
    cast: dict[str, Any] = Field(default_factory=dict)
    speed: str = ""
    speed_declared: Formula = ""
    speed_switched: Formula = ""


class CombatFile(Data):
    action: tuple[ActionDef, ...]


class EnemyWoundRank(Data):
    multiplier: float
    merkstave_penalty: int


class EnemyClass(Data):
    id: str
    wound_rank: tuple[EnemyWoundRank, ...] = ()
    wound_multiplier: int | None = None


class EnemiesFile(Data):
    enemy_class: tuple[EnemyClass, ...] = Field(alias="class")
