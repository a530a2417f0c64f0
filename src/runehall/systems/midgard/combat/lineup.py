"""Midgard's fights set up from lists (runehall.present.lineup, issue 13): the table's created characters and
foes of the three enemy classes of enemies.toml (spec 003 §13) -- a Thane, a Shieldbearer, a warband of
warriors -- each also offered as the bestiary's creatures (§14), which the book gives names but no numbers,
so a Draugr is built as a Thane, a Shieldbearer or a warband like any villain.

A foe row's numbers come from the class and rank: a Shieldbearer's and a warrior's from Table 15 (the rank
table), a warband's with its size bonus added where [warband] says, a Thane's as the build defaults them.
Only a Thane's may be changed (the GM picks its qualities); a Shieldbearer's or a warband's changed by hand
are refused at the start rather than silently dropped, since the build reads them from the rank."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import Field, JsonValue, field_validator, model_validator

from runehall.errors import Invalid, ParameterError, RulesError
from runehall.present.lineup import Entry, FoeKind, Lineup, LineupSetup
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.data import load_data
from runehall.systems.midgard.combat import gear
from runehall.systems.midgard.combat.allocate import GM
from runehall.systems.midgard.combat.board import SIDES
from runehall.systems.midgard.combat.build import CombatantSpec, EnemySpec, from_enemy
from runehall.systems.midgard.combat.combatant import size_bonus
from runehall.systems.midgard.combat.settings import PACKAGE, fold, opt
from runehall.systems.midgard.limits import MAX_COMBATANTS, MAX_DEFENCE, MAX_HEALTH, MAX_RANK
from runehall.systems.midgard.records import Data
from runehall.systems.midgard.rules import rules
from runehall.systems.midgard.speech.terms import named

RANK_LOW, RANK_HIGH = 1, 4  # EnemySpec's bounds; the data's [ranks] must agree (checked at load)
BAND_MOST = 4  # EnemySpec's warband; the data's [warband].max_size must agree
NUMBERS = ("defence", "ws", "health", "courage_bonus")  # the numbers the rank sets
NATURAL = ("natural", "claws")  # an enemy's Table 16 weapons: no item, set by its rank
NO_ARMOUR = "none"


# -- enemies.toml, the parts a lineup reads ----------------------------------------------------------------
class RankNumbers(Data):
    defence: int
    health: int
    ws: int
    courage_bonus: int


class RankRow(Data):
    rank: int
    shieldbearer: RankNumbers
    warrior: RankNumbers


class Bounds(Data):
    min: int
    max: int


class WarbandRules(Data):
    max_size: int
    size_bonus_adds_to: tuple[str, ...]


class Creature(Data):
    name: str
    gloss: str = ""


class EnemyTables(Data):
    ranks: Bounds
    rank_table: tuple[RankRow, ...]
    warband: WarbandRules
    creature: tuple[Creature, ...] = ()

    @model_validator(mode="after")
    def _agrees(self) -> EnemyTables:
        if (self.ranks.min, self.ranks.max) != (RANK_LOW, RANK_HIGH) or self.warband.max_size != BAND_MOST:
            raise Invalid(N_("ranks and warband size must be those the enemy setup takes"))
        if sorted(r.rank for r in self.rank_table) != list(range(RANK_LOW, RANK_HIGH + 1)):
            raise Invalid(N_("the rank table needs one row for each rank"))
        if not set(self.warband.size_bonus_adds_to) <= set(NUMBERS):
            raise Invalid(N_("the size bonus adds to numbers a foe row does not have"))
        return self


@cache
def tables() -> EnemyTables:
    return load_data(PACKAGE, "enemies.toml", EnemyTables)


# -- the kinds of foe ---------------------------------------------------------------------------------------
CLASS_WORDS = {  # class -> (its group, its name, its hint)
    "thane": (N_("Thanes"), N_("Thane"), N_("Rank {low} to {high} · a hero's match: its numbers are yours to pick")),
    "shieldbearer": (
        N_("Shieldbearers"),
        N_("Shieldbearer"),
        N_("Rank {low} to {high} · capable but simple: its numbers follow the rank"),
    ),
    "warband": (
        N_("Warbands"),
        N_("Warband of warriors"),
        N_("Rank {low} to {high} · a warband of up to {most} warriors, stronger together"),
    ),
}
CREATURE_HINT = N_("{kind}, rank {low} to {high} · {gloss}")


SPELLED = {ord(a): b for a, b in {"æ": "ae", "Æ": "AE", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ø": "o"}.items()}
"""Letters NFKD does not take apart, as they are spelled in plain letters."""


def slug(text: str) -> str:
    """A name as plain lower-case letters, digits and underscores ('Jötnar' -> 'jotnar')."""
    spelled = text.translate(SPELLED)
    plain = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")


@dataclass(frozen=True, slots=True)
class Kind:
    id: str
    cls: str  # thane, shieldbearer or warband (EnemySpec.kind)
    name: str  # English: the data's creature name, or the class's
    gloss: str = ""


@cache
def kinds() -> dict[str, Kind]:
    """Each class, then each creature built as that class; ids 'thane', 'thane.draugr'."""
    found: dict[str, Kind] = {}
    for cls, (_, name, _) in CLASS_WORDS.items():
        found[cls] = Kind(cls, cls, name)
        for c in tables().creature:
            found[f"{cls}.{slug(c.name)}"] = Kind(f"{cls}.{slug(c.name)}", cls, c.name, c.gloss)
    return found


def kind(key: str) -> Kind:
    found = kinds().get(key)
    if found is None:
        raise ParameterError(
            N_("no foe of kind {kind!r} here (Thanes, Shieldbearers, warbands and the creatures built as them)"),
            kind=key,
        )
    return found


def foe_kinds(words: Words) -> tuple[FoeKind, ...]:
    out = []
    for k in kinds().values():
        group, cls_name, hint = CLASS_WORDS[k.cls]
        if k.gloss:
            said = words(CREATURE_HINT, kind=words(cls_name), low=RANK_LOW, high=RANK_HIGH, gloss=words(k.gloss))
        else:
            said = words(hint, low=RANK_LOW, high=RANK_HIGH, most=BAND_MOST)
        shows = () if k.cls == "warband" else tuple(n for n in Numbers.model_fields if n != "size")
        fixed = () if k.cls == "thane" else NUMBERS  # a Thane's are the GM's to pick; the others' follow the rank
        out.append(FoeKind(id=k.id, name=words(k.name), group=words(group), hint=said, shows=shows, fixed=fixed))
    return tuple(out)


# -- a foe row's numbers ------------------------------------------------------------------------------------
def weapon_ids() -> list[str]:
    """Natural weapons and claws, each Table 10 weapon or shield but fists (an enemy's bare hands are its
    natural weapons), and the bow."""
    return [*NATURAL, *(w.id for w in rules().weapons.weapon if w.id != "unarmed"), "bow"]


def armour_ids() -> list[str]:
    return [NO_ARMOUR, *(t.id for t in rules().armour.armour_type)]


def _select(ids: Callable[[], list[str]]) -> Callable[[dict[str, JsonValue]], None]:
    """A field's choices from the rules data, read when its form is drawn (the data loads on first use)."""

    def extra(schema: dict[str, JsonValue]) -> None:
        listed: list[JsonValue] = list(ids())
        schema["enum"] = listed

    return extra


class Numbers(RulesModel):
    # One foe row's numbers, for every kind: a Thane reads them all, a Shieldbearer and a warband take them
    # from the rank (and size). No docstring: it would be the form's description, in English only.

    rank: int = Field(
        RANK_LOW,
        ge=RANK_LOW,
        le=RANK_HIGH,
        title=N_("Rank"),
        description=N_("From 1 to 4: it sets the numbers below (a Thane's may be changed)."),
        json_schema_extra={"x-derives": True},
    )
    size: int = Field(
        BAND_MOST,
        ge=1,
        le=BAND_MOST,
        title=N_("Warriors"),
        description=N_("How many warriors a warband has; other foes come one at a time."),
        json_schema_extra={"x-derives": True},
    )
    defence: int = Field(
        ge=0, le=MAX_DEFENCE, title=N_("Defence"), description=N_("A warband's includes its size bonus.")
    )
    ws: int = Field(
        ge=1, le=8, title=N_("Weapon Skill"), description=N_("Actions per round; a warband's includes its size bonus.")
    )
    health: int = Field(
        ge=1,
        le=MAX_HEALTH,
        title=N_("Health"),
        description=N_("A warrior's is what one blow must reach to kill it, before its armour."),
    )
    courage_bonus: int = Field(
        ge=0, le=MAX_RANK, title=N_("Courage bonus"), description=N_("A warband's includes its size bonus.")
    )
    weapon: str = Field(
        "natural",
        title=N_("Weapon"),
        description=N_(
            "Natural weapons and claws grow with the rank. Claws are for warriors; bows for a Thane or a Shieldbearer."
        ),
        json_schema_extra=_select(weapon_ids),
    )
    armour: str = Field(
        NO_ARMOUR,
        title=N_("Armour"),
        description=N_("Worn wherever that armour may go; a warrior's hardness makes it harder to kill."),
        json_schema_extra=_select(armour_ids),
    )

    @field_validator("weapon")
    @classmethod
    def _weapon(cls, value: str) -> str:
        if value not in weapon_ids():
            raise Invalid(N_("not a weapon a foe row offers"))
        return value

    @field_validator("armour")
    @classmethod
    def _armour(cls, value: str) -> str:
        if value not in armour_ids():
            raise Invalid(N_("not an armour type"))
        return value


class Basis(RulesModel):
    # What the other numbers are worked out from, checked before they are.

    rank: int = Field(RANK_LOW, ge=RANK_LOW, le=RANK_HIGH)
    size: int = Field(BAND_MOST, ge=1, le=BAND_MOST)


def rank_numbers(cls: str, rank: int, size: int, options: Any = None) -> dict[str, int]:
    """The numbers a class's rank sets: Table 15 (a warband's with its size bonus, a warrior's Health under
    option warrior_health), a Thane's as the build defaults them when the GM picks none."""
    if cls == "thane":
        enemy = EnemySpec(kind="thane", rank=rank)
        c = from_enemy(CombatantSpec(id="probe", enemy=enemy), enemy, options)
        return {"defence": c.defence, "ws": c.ws, "health": c.health, "courage_bonus": c.courage_bonus}
    row = next(r for r in tables().rank_table if r.rank == rank)
    if cls == "shieldbearer":
        return row.shieldbearer.model_dump()
    found = row.warrior.model_dump()
    if opt(options, "warrior_health") == "three_plus_rank":
        found["health"] = 3 + rank  # as the kill rule reads it (damage.py)
    bonus = size_bonus([rank] * size)
    return {k: v + bonus if k in tables().warband.size_bonus_adds_to else v for k, v in found.items()}


def foe_numbers(key: str, given: Mapping[str, Any], options: Any = None) -> dict[str, Any]:
    """Every number of a foe row: the rank's, under those typed by hand (`given`)."""
    k = kind(key)
    basis = validate_model(Basis, {n: given[n] for n in ("rank", "size") if n in given}, "numbers")
    size = basis.size if k.cls == "warband" else 1
    defaults = {"rank": basis.rank, "size": size, **rank_numbers(k.cls, basis.rank, size, options)}
    return validate_model(Numbers, {**defaults, **given}, "numbers").model_dump()


def lineup(words: Words) -> Lineup:
    sides = tuple((key, words(said)) for key, said in SIDES.items())
    return Lineup(foes=foe_kinds(words), Numbers=Numbers, sides=sides, most=MAX_COMBATANTS)


def choice_label(field: str, value: str, words: Words) -> str | None:
    """A foe row's weapon and armour by their names; natural weapons, claws and no armour in words."""
    name = field.rsplit(".", 1)[-1]
    if name == "weapon" and value in NATURAL:
        return words(N_("Natural weapon") if value == "natural" else N_("Claws"))
    if name == "armour" and value == NO_ARMOUR:
        return words(N_("No armour"))
    known = rules().weapon(value) if name == "weapon" else rules().armour_type(value) if name == "armour" else None
    return named("item", value, words) if known is not None else None


# -- the setup ----------------------------------------------------------------------------------------------
def _ids(names: Sequence[str]) -> list[str]:
    """An id per combatant from its name, fitting ID_PATTERN, unique as the tracker compares them (folded),
    never the GM's."""
    taken = {fold(GM)}
    out = []
    for name in names:
        base = slug(name)[:24] or "foe"
        base = base if base[0].isalpha() else f"c_{base}"[:24]
        found, n = base, 1
        while fold(found) in taken:
            n += 1
            found = f"{base}_{n}"
        taken.add(fold(found))
        out.append(found)
    return out


def _foe(entry: Entry, k: Kind, options: Any) -> dict[str, Any]:
    """The enemy spec of a foe row (CombatantSpec JSON without its id)."""
    n = Numbers.model_validate(foe_numbers(k.id, entry.numbers, options))
    name = entry.name.strip() or k.name
    if k.cls != "thane" and {f: getattr(n, f) for f in NUMBERS} != rank_numbers(k.cls, n.rank, n.size, options):
        if k.cls == "shieldbearer":
            raise RulesError(
                N_("{name}: a Shieldbearer's numbers follow its rank; only a Thane's may be changed"), name=name
            )
        raise RulesError(
            N_("{name}: a warband's numbers follow its rank and size; only a Thane's may be changed"), name=name
        )
    if n.weapon == "claws" and k.cls != "warband":
        raise RulesError(
            N_(
                "{name}: claws are chosen here for warriors only; a Thane or Shieldbearer names its claws as it attacks"
            ),
            name=name,
        )
    armour = None if n.armour == NO_ARMOUR else n.armour
    spec: dict[str, Any] = {"name": name, "side": entry.side}
    if k.cls == "warband":
        if n.weapon == "bow":
            raise RulesError(N_("{name}: a warband's warriors fight hand to hand, not with bows"), name=name)
        spec["enemy"] = {
            "kind": "warband",
            "members": [{"rank": n.rank, "armour": armour, "weapon": n.weapon}] * n.size,
        }
        return spec
    spec["enemy"] = {"kind": k.cls, "rank": n.rank}
    if k.cls == "thane":
        spec["enemy"].update({f: getattr(n, f) for f in NUMBERS})
    spec["weapons"] = [] if n.weapon in NATURAL else [n.weapon]
    if armour is not None:
        places = gear.armour_type(armour).allowed_locations
        spec["armour"] = {loc: armour for loc in (places if k.cls == "thane" else places[:1])}
    return spec


def lineup_setup(entries: Sequence[Entry], options: Any = None) -> LineupSetup:
    """The combat setup of a lineup: a CombatantSpec per row, in order, each its own combatant."""
    if len(entries) < 2:
        raise ParameterError(N_("a fight needs at least two combatants"))
    if len(entries) > MAX_COMBATANTS:
        raise ParameterError(N_("a fight holds at most {most} combatants"), most=MAX_COMBATANTS)
    specs: list[dict[str, Any]] = []
    for entry in entries:
        if entry.side not in SIDES:
            raise ParameterError(N_("{name} is on no side of this fight"), name=entry.name)
        if (entry.sheet is None) == (entry.foe is None):
            raise ParameterError(N_("{name}: a row is a character or a foe, one of the two"), name=entry.name)
        if entry.sheet is not None:
            name = entry.name.strip() or str(entry.sheet.get("name") or "")
            specs.append({"name": name, "side": entry.side, "character": dict(entry.sheet)})
        else:
            specs.append(_foe(entry, kind(str(entry.foe)), options))
    if len({s["side"] for s in specs}) < 2:
        raise ParameterError(N_("everyone is on one side: a fight needs at least two"))
    ids = _ids([s["name"] for s in specs])
    combatants = [{"id": cid, **s} for cid, s in zip(ids, specs, strict=True)]
    return LineupSetup(setup={"combatants": combatants}, keys=tuple((cid,) for cid in ids))
