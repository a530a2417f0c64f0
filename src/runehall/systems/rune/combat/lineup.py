"""A Rune fight set up from lists (issue 13; runehall.present.lineup): the heroes ticked in, foes of the Foe
Reference Table with their numbers from the Foe Maker (rune/foes.py), the terrain as rows, and what it all
becomes, the combat tracker's own setup.

A foe row's numbers are the Foe Maker's for its threat category, from the Roll of Valor tally of the heroes in
the fight (spec 001b §8.7-§8.8). The book has no tally for fewer than two heroes; then, our choice: a lone
hero's own numbers stand for the tally (a foe of category Equal matches him), and with no hero at all every
statistic must be typed (nothing in the rules says what a foe is measured against).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Sized
from typing import Any, Literal, get_args

from pydantic import Field, model_validator

from runehall.errors import Invalid, ParameterError
from runehall.present.lineup import Entry, FoeKind, Lineup, LineupSetup
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.rune import foes
from runehall.systems.rune.combat.board_cards import SIDE_WORDS
from runehall.systems.rune.combat.board_map import TERRAIN_WORDS
from runehall.systems.rune.combat.settings import fold
from runehall.systems.rune.combat.terrain import Zone
from runehall.systems.rune.foe_data import foes_file, missile_row, rank
from runehall.systems.rune.limits import MAX_COMBATANTS, MAX_PACES, Coordinate

Category = Literal["terrifying", "exceptional", "superior", "equal", "inferior", "weak", "pitiful"]
Missile = Literal["none", "bow", "crossbow"]
BYSTANDER_WORDS = {"decoy": N_("decoy"), "hostage": N_("hostage")}
TerrainKind = Literal[
    "slippery", "uneven", "slope", "level", "balance_surface", "calm_water", "choppy_water", "raging_water",
    "darkness", "gloom", "fog", "damaging", "exit",
]  # fmt: skip
STATS = foes.STATS
SIDES = ("heroes", "foes")  # CombatantSpec's defaults: heroes for a hero, foes otherwise
SPACING = 2  # paces between the copies of a foe row, from the row's place on
NO_MISSILE = N_("none")


class Numbers(RulesModel):
    """A foe row: its threat category and how many, then the seven statistics the Foe Maker gives (melee
    values, weapons and armour already in them; a bow's or crossbow's are worked out from them)."""

    category: Category = Field(
        "equal",
        title=N_("Threat category"),
        description=N_("How dangerous each is, measured against the heroes in the fight."),
        json_schema_extra={"x-derives": True},
    )
    count: int = Field(
        1,
        ge=1,
        le=MAX_COMBATANTS - 1,  # the fight's cap, with at least one other combatant to face them
        title=N_("How many"),
        description=N_("Each is a combatant of his own, numbered after the row's name."),
    )
    adjust: bool = Field(
        True,
        title=N_("Use the type's Adjust"),
        description=N_("The changes the foe type's entry makes to its statistics (optional in the rules)."),
        json_schema_extra={"x-derives": True},
    )
    missile: Missile = Field(
        "none",
        title=N_("Missile weapon"),
        description=N_("Only foe types that may use missiles carry a bow or a crossbow."),
        json_schema_extra={"x-derives": True},
    )
    init: int = Field(ge=-60, le=100, title=N_("INIT"))
    atk: int = Field(ge=-60, le=100, title=N_("ATK"))
    dfn: int = Field(ge=-60, le=100, title=N_("DFN"))
    dam: int = Field(ge=0, le=100, title=N_("DAM"))
    soak: int = Field(ge=0, le=60, title=N_("Soak"))
    hp: int = Field(ge=10, le=999, title=N_("HP"))  # the Foe Maker's floor (foes.toml [clamps]), kept by a test
    res: int = Field(ge=-30, le=60, title=N_("Res"), description=N_("Response: every other roll in combat."))
    self_willed: bool = Field(
        False,
        title=N_("Self-Willed"),
        description=N_("Bought in the notes: the runner picks its targets at will (simple craftwerks never are)."),
    )


class Area(RulesModel):
    """One area of the map as a person fills it in: a rectangle of whole paces and what the ground is."""

    kind: TerrainKind = Field(title=N_("Ground"))
    name: str | None = Field(None, max_length=60, title=N_("Name"), description=N_("Optional: 'the mud pit'."))
    x0: Coordinate = Field(title=N_("From x"))
    y0: Coordinate = Field(title=N_("From y"))
    x1: Coordinate = Field(title=N_("To x"))
    y1: Coordinate = Field(title=N_("To y"))
    height: int = Field(
        0, ge=-200, le=200, title=N_("Height in feet"), description=N_("A raised level (below 0: a pit or trench).")
    )
    dx: int = Field(
        0, ge=-MAX_PACES, le=MAX_PACES, title=N_("Uphill x"), description=N_("A slope: which way runs uphill.")
    )
    dy: int = Field(
        0, ge=-MAX_PACES, le=MAX_PACES, title=N_("Uphill y"), description=N_("A slope: which way runs uphill.")
    )
    dam: int | None = Field(None, ge=1, le=100, title=N_("Dam"), description=N_("A damaging place: its Dam rating."))
    per_round: int | None = Field(
        None, ge=1, le=10, title=N_("People per round"), description=N_("A way out: how many may flee by it a round.")
    )

    @model_validator(mode="after")
    def _fits_its_kind(self) -> Area:
        """Refusals in the row's own terms (the setup's Zone checks the same in its JSON's)."""
        if self.x0 > self.x1 or self.y0 > self.y1:
            raise Invalid(N_("an area's 'To x' and 'To y' are not below its 'From x' and 'From y'"))
        if self.kind == "slope" and (self.dx, self.dy) == (0, 0):
            raise Invalid(N_("a slope says which way runs uphill: 'Uphill x' or 'Uphill y' other than 0"))
        if self.kind != "slope" and (self.dx, self.dy) != (0, 0):
            raise Invalid(N_("only a slope runs uphill"))
        if (self.kind == "damaging") != (self.dam is not None):
            raise Invalid(N_("a damaging place, and only one, has a Dam rating"))
        if self.height and self.kind != "level":
            raise Invalid(N_("only a level has a height"))
        if self.per_round is not None and self.kind != "exit":
            raise Invalid(N_("only an exit has a number of heroes per round"))
        return self


class Bystander(RulesModel):
    """A decoy or a hostage as a person fills one in (001b §11.5, §11.6)."""

    kind: Literal["decoy", "hostage"] = Field(title=N_("Decoy or hostage"))
    name: str = Field(min_length=1, max_length=60, title=N_("Name"))
    x: Coordinate = Field(0, title=N_("At x"))
    y: Coordinate = Field(0, title=N_("At y"))
    captor: str | None = Field(
        None, max_length=60, title=N_("Held by"), description=N_("A hostage: the crafty foe holding him, by name.")
    )


class Extras(RulesModel):
    terrain: list[Area] = Field(
        default_factory=list,
        max_length=60,
        title=N_("Terrain"),
        description=N_("Areas of the map whose ground matters in the fight."),
    )
    bystanders: list[Bystander] = Field(
        default_factory=list,
        max_length=10,
        title=N_("Decoys and hostages"),
        description=N_("The foes' non-combatant associates, and the hostages crafty foes shield themselves with."),
    )
    new_encounter: bool = Field(
        True,
        title=N_("A new encounter"),
        description=N_("The fight opens an encounter: the heroes start it whole, if the table heals them between."),
    )


# -- the lineup and a foe row's numbers ----------------------------------------------------------------
def lineup(words: Words) -> Lineup:
    kinds = tuple(
        FoeKind(
            id=t.id,
            name=words(t.label),
            group=words(t.family),
            hint=words(
                "benchmark {benchmark}; at most {category}",
                benchmark=t.benchmark,
                category=words(foes.category(t.max_threat).name),
            ),
        )
        for t in foes.foe_types()
    )
    sides = tuple((side, words(SIDE_WORDS[side])) for side in SIDES)
    return Lineup(kinds, Numbers, sides, MAX_COMBATANTS, places=True, unit=words("paces"), Extras=Extras)


def choice_label(field: str, value: str, words: Words) -> str | None:
    if field == "category" and value in get_args(Category):
        return words(foes.category(value).name)
    if field == "missile" and value in get_args(Missile):
        return words(NO_MISSILE) if value == "none" else words(missile_row(value).name)
    if field == "terrain.kind" and value in TERRAIN_WORDS:
        return words(TERRAIN_WORDS[value])
    if field == "bystanders.kind" and value in BYSTANDER_WORDS:
        return words(BYSTANDER_WORDS[value])
    return None


def _missile(numbers: Mapping[str, Any]) -> str | None:
    return None if numbers.get("missile", "none") == "none" else str(numbers["missile"])


def tally(sheets: Sequence[Mapping[str, Any]], options: Any) -> foes.Tally | None:
    """The Roll of Valor of the heroes in the fight; a lone hero's own numbers; None without heroes."""
    tallies = [foes.hero_tally(sheet, options) for sheet in sheets]
    if len(tallies) >= 2:
        return foes.roll_of_valor(tallies)
    return tallies[0] if tallies else None


def foe_numbers(
    kind: str, given: Mapping[str, Any], sheets: Sequence[Mapping[str, Any]], options: Any
) -> dict[str, Any]:
    """Every field of Numbers: what the person typed (`given`) over the Foe Maker's numbers for the kind (its
    default category Equal, or the type's Maximum Threat when that is lower)."""
    foe = foes.foe_type(kind)
    usual = max(foes.category("equal"), foes.category(foe.max_threat), key=rank).id
    chosen: dict[str, Any] = {"category": usual, "count": 1, "adjust": True, "missile": "none", **given}
    # what was typed, checked before anything is worked out from it (a stat not typed stands in as 10)
    typed = validate_model(Numbers, {**dict.fromkeys(STATS, 10), **chosen}, "numbers").model_dump()
    missing = [stat for stat in STATS if stat not in given]
    if missing:
        heroes = tally(sheets, options)
        if heroes is None:
            foes.foe_stats(foe, typed["category"], (0,) * len(STATS), missile=_missile(typed))  # its refusals
            raise ParameterError(N_("tick in the heroes who fight: a foe's numbers are worked out from theirs"))
        made = foes.foe_stats(foe, typed["category"], heroes, typed["adjust"], _missile(typed), _h(sheets))
        chosen = {**typed, **{stat: getattr(made, stat) for stat in missing}}
    numbers = validate_model(Numbers, chosen, "numbers")
    _made(foe, numbers, _h(sheets))  # the numbers typed make a foe the rules allow
    return numbers.model_dump()


def _h(heroes: Sized) -> int | None:
    """The heroes a category's minimum is checked against (a Terrifying foe needs four): the book's H, which it
    never lets fall below a Roll of Valor's two; with fewer heroes (our lone-hero default) nothing is checked."""
    return len(heroes) if len(heroes) >= foes_file().roll_of_valor.min_heroes else None


def _made(foe: foes.FoeType, numbers: Numbers, heroes: int | None) -> foes.FoeStats:
    """The foe's statistics with the row's own numbers (typed or not): the Foe Maker is given the tally that
    gives back exactly these (the category's row taken off, no Adjust), so its WT, Might, missile scores and
    refusals (a category above the type's maximum, a missile it never uses, too few heroes) are the module's."""
    level = foes.category(numbers.category)
    base = {s: getattr(numbers, s) - level.maker[s] for s in STATS}
    return foes.foe_stats(foe, level, base, adjust=False, missile=_missile(numbers.model_dump()), heroes=heroes)


# -- the setup -----------------------------------------------------------------------------------------
def _whole(entry: Entry) -> tuple[int, int] | None:
    if entry.at is None:
        return None
    x, y = entry.at
    if not (float(x).is_integer() and float(y).is_integer()):
        raise ParameterError(N_("{who} starts on a place in whole paces"), who=entry.name)
    return int(x), int(y)


def _places(entries: Sequence[Entry], counts: Sequence[int]) -> list[list[tuple[int, int]]]:
    """Where each combatant of each entry starts: the first of a row on the row's place (two rows on one place
    are refused), the others every SPACING paces along x from it on free spots; a row with no place from
    [0, 0]."""
    rows = [_whole(e) for e in entries]
    taken: set[tuple[int, int]] = set()
    for spot in rows:
        if spot is not None:
            if spot in taken:
                raise ParameterError(N_("two combatants cannot stand on the same spot"))
            taken.add(spot)
    placed: list[list[tuple[int, int]]] = []
    for spot, count in zip(rows, counts, strict=True):
        x, y = spot or (0, 0)
        mine = [spot] if spot is not None else []
        step = 0 if spot is None else 1
        while len(mine) < count:
            free = (x + SPACING * step, y)
            if free[0] > MAX_PACES:
                free = (x - SPACING * step, y)
            if free not in taken:
                taken.add(free)
                mine.append(free)
            step += 1
        placed.append(mine)
    return placed


def _names(entries: Sequence[Entry], counts: Sequence[int]) -> list[list[str]]:
    """The combatants' names: a hero's own; a foe row's copies numbered ("Rock Goblin 1", "Rock Goblin 2"),
    counting on across rows of one name."""
    many: dict[str, int] = {}
    for e, n in zip(entries, counts, strict=True):
        if e.foe is not None:
            many[fold(e.name)] = many.get(fold(e.name), 0) + n
    seen: dict[str, int] = {}
    names: list[list[str]] = []
    for e, n in zip(entries, counts, strict=True):
        base = e.name.strip()
        if e.foe is None or many[fold(base)] == 1:
            names.append([base] * n)
            continue
        first = seen.get(fold(base), 0)
        seen[fold(base)] = first + n
        names.append([f"{base} {first + i}" for i in range(1, n + 1)])
    return names


def _zone(area: Area) -> dict[str, Any]:
    zone: dict[str, Any] = {"kind": area.kind, "area": [area.x0, area.y0, area.x1, area.y1]}
    if area.name:
        zone["name"] = area.name
    if area.height:
        zone["height"] = area.height
    if area.dx or area.dy or area.kind == "slope":
        zone["up"] = [area.dx, area.dy]
    for extra in ("dam", "per_round"):
        if getattr(area, extra) is not None:
            zone[extra] = getattr(area, extra)
    return validate_model(Zone, zone, "terrain").model_dump(mode="json", exclude_defaults=True)


def lineup_setup(entries: Sequence[Entry], extras: Mapping[str, Any], options: Any) -> LineupSetup:
    """The combat setup the rows stand for, and the combatants (by name, as the tracker keys them) each
    became."""
    heroes = [e for e in entries if e.sheet is not None]
    made: list[tuple[Numbers, foes.FoeStats] | None] = []
    for e in entries:
        if (e.sheet is None) == (e.foe is None):
            raise ParameterError(N_("{who} is either a hero with his sheet or a foe from the list"), who=e.name)
        if e.side not in SIDES:
            raise ParameterError(N_("{who} fights on the heroes' side or the foes'"), who=e.name)
        if e.foe is None:
            made.append(None)
            continue
        numbers = validate_model(Numbers, e.numbers, "numbers")
        if numbers.self_willed and foes.foe_type(e.foe).always_predictable:
            raise ParameterError(N_("{who}: simple craftwerks are always Predictable, never Self-Willed"), who=e.name)
        made.append((numbers, _made(foes.foe_type(e.foe), numbers, _h(heroes))))
    counts = [1 if row is None else row[0].count for row in made]
    if sum(counts) > MAX_COMBATANTS:
        raise ParameterError(
            N_("a fight holds at most {most} combatants, not {count}"), most=MAX_COMBATANTS, count=sum(counts)
        )
    people: list[dict[str, Any]] = []
    names = _names(entries, counts)
    for e, row, spots, called in zip(entries, made, _places(entries, counts), names, strict=True):
        for name, at in zip(called, spots, strict=True):
            if row is None:
                people.append({"name": name, "side": e.side, "sheet": dict(e.sheet or {}), "at": list(at)})
            else:
                spec = foes.foe_spec(e.foe or "", row[1].category, row[1], name, e.side, at, row[0].self_willed)
                people.append(spec)
    more = validate_model(Extras, extras, "extras")
    setup = {"combatants": people, "terrain": [_zone(a) for a in more.terrain], "new_encounter": more.new_encounter}
    if more.bystanders:
        setup["extras"] = [
            {"name": b.name, "kind": b.kind, "at": [b.x, b.y], **({"captor": b.captor} if b.captor else {})}
            for b in more.bystanders
        ]
    return LineupSetup(setup, tuple(tuple(called) for called in names))
