"""An encounter's notes as data (spec 001b §16.3, 001c §18.2): what the designer writes down and the runner
runs. These models check shape only (kinds, ranges a field can never leave, caps on every count, ids that
refer to something); what the rules forbid or cost is the validator's (validate.py), which says why, line by
line, so a design can be built up step by step while it is still over budget or not yet legal.

A file is TOML or JSON of `Encounter`. Ids are short names the designer picks ("chasm", "e1"); a person
reads the `name`s. Traps, treasure and other gains are carried as `Element`s with the lines the designer
priced them at, the seam the next part of the rules (001c §6-§10) fills with their own models.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.gains import Gain
from runehall.systems.rune.encounters.traps import Trap

MAX_EVENTS_READ = 8  # more than any reading of the rules allows (4, or 5 by the recap): refused in shape
MAX_ROLLS_PER_EVENT = 24
MAX_FOES_PER_EVENT = 32  # a Mix total of H with Pitiful foes (0.3 each) for 8 heroes needs 27
MAX_TERRAIN_PER_EVENT = 16
MAX_ELEMENTS_PER_EVENT = 16
MAX_HEROES = 12
MAX_NAME = 120
MAX_TEXT = 4000

Id = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9_-]*$")]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Threat = Literal["terrifying", "exceptional", "superior", "equal", "inferior", "weak", "pitiful"]
Stat = Literal["init", "atk", "dfn", "dam", "soak", "hp", "res"]
Structure = Literal[
    "standard", "singular", "no_fault", "rush", "scramble", "dogpile", "weak_link", "line_of_doom", "domino"
]
Deity = Literal["freyja", "heimdal", "loki", "njord", "odin", "thor", "tyr", "ull", "other"]
Coverage = Literal["less_than_third", "third", "half", "two_thirds", "all"]
PlotRole = Literal["set_up", "cushion", "development", "climax"]  # an encounter's place in a plot (001c §10.1)


class Strict(RulesModel):
    # Unknown keys are refused (a misspelt field in a notes file would otherwise be silently ignored); the
    # notes' free text may be longer than a rules model's names.
    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=MAX_TEXT)


# -- Rolls (001c §1-§5) ----------------------------------------------------------------------------------
class Conditional(Strict):
    """A trap the heroes avoid by choosing not to trigger it (001c §4.1)."""

    kind: Literal["standard", "singular"]  # all heroes roll when one triggers it, or only those who did
    exposure: Literal["first", "remains"] = "remains"  # only the first exposure rolls, or every new trigger


class ActionSink(Strict):
    kind: Literal["action_sink"] = "action_sink"
    successes: int = Field(ge=1, le=20)
    trap_at_end: bool = False  # the ill effect fires if the successes are not reached by the fight's end


class PanicButton(Strict):
    kind: Literal["panic_button"] = "panic_button"
    ending_roll: str | None = None  # the id of the roll (in the same event) that ends it; required


class Endurance(Strict):
    kind: Literal["endurance"] = "endurance"
    rolls: int = Field(ge=1, le=10)  # the validator allows 2-5
    mode: Literal["standard", "singular"] = "standard"


class Countdown(Strict):
    kind: Literal["countdown"] = "countdown"
    successes: Literal["half", "one", "one_and_half", "two"]  # N/2, N, 1.5N or 2N successes for N heroes
    attempts: int = Field(1, ge=1, le=10)  # rounds; the validator allows 1-5
    ends_ongoing_damage: bool = False  # ends recurring or escalating damage: base cost only


class Scoreboard(Strict):
    kind: Literal["scoreboard"] = "scoreboard"
    target: int = Field(ge=1, le=10)  # first side to this many wins; the validator allows 3-5


Multiple = Annotated[ActionSink | PanicButton | Endurance | Countdown | Scoreboard, Field(discriminator="kind")]


class Exotic(Strict):
    characteristic_only: bool = False  # no Ability applies: a Characteristic alone
    ability_none_have: bool = False  # an Ability none of the heroes has
    stacked: bool = False  # the runner's own hero adds more than anyone else


class RollSpec(Strict):
    """One roll the notes call for. Exactly one of `difficulty`, `opposed_bonus` and `baseline` says what it
    is rolled against; `ability` and/or `characteristic` (or `stat` for INIT, ATK or DFN) say what is added."""

    id: Id
    name: Name
    purpose: Literal["trap", "gain", "treasure", "other"] = "other"  # treasure rolls earn nothing below 6
    ability: str | None = Field(None, max_length=40)  # an Ability id of data/abilities.toml
    characteristic: str | None = Field(None, max_length=8)  # named when not the Ability's governing one
    stat: Literal["init", "atk", "dfn"] | None = None
    difficulty: int | None = Field(None, ge=-20, le=40)  # the validator allows 4-14
    opposed_bonus: int | None = Field(None, ge=-20, le=40)  # the supporting character's bonus, 0-11
    baseline: int | None = Field(None, ge=-20, le=40)  # a modifier to the Roll of Valor value, -2..+8
    structure: Structure = "standard"
    danger: Literal["front", "rear"] | None = None  # Line of Doom: where the danger is; Domino: which way
    conditional: Conditional | None = None
    combat_action: bool = False  # attempting it costs a combat action
    equipment_not_needed: bool = False
    extra_rolls: Annotated[int, Field(ge=0, le=20)] | Literal["unlimited"] = 0  # attempts after the first
    alternate_methods: tuple[Annotated[str, Field(max_length=40)], ...] = Field((), max_length=6)
    simultaneous: tuple[str, ...] = Field((), max_length=6)  # ids of rolls made at once with this one
    exotic: Exotic = Exotic()
    defiance: Deity | None = None  # heroes add their Divine Connection with this god to the Difficulty
    failure_leads_to_trap: bool = False
    freestanding: bool = False
    repeat_required: bool = False  # the notes make heroes succeed at it again and again
    multiple: Multiple | None = None
    effects: int = Field(1, ge=1, le=8)  # ill effects a failure causes (more than one: a combo trap)
    gains: int = Field(1, ge=1, le=8)  # gains a success yields (more than one: a combo gain)
    structure_for_one_effect: bool = False  # the roll type's cost applies to one of the effects only

    @model_validator(mode="after")
    def _one_target(self) -> RollSpec:
        given = [x for x in (self.difficulty, self.opposed_bonus, self.baseline) if x is not None]
        if len(given) > 1:
            raise Invalid(N_("a roll is made against a Difficulty, an opponent's bonus or a baseline, not several"))
        if self.baseline is not None and self.stat is None:
            raise Invalid(N_("a roll against a baseline is a roll of INIT, ATK or DFN"))
        return self


# -- Foes (001b §8-§10) ----------------------------------------------------------------------------------
class Creature(Strict):
    """A creature type of the designer's own (001b §10): its Adjust prices its Mix modifier."""

    id: Id
    name: Name
    adjust: dict[Stat, Annotated[int, Field(ge=-100, le=100)]] = Field(default_factory=dict, max_length=7)
    missiles: bool = False
    weapons: Literal["axe", "claw"] = "claw"
    behaviour: Literal["headlong", "crafty"] = "headlong"
    night_vision: bool = False
    move: int = Field(15, ge=0, le=200)


class FoeSpec(Strict):
    id: Id
    name: Name | None = None  # None: called by its type, in each reader's language (combat/names.py)
    type: Annotated[str, Field(min_length=1, max_length=40)]  # a foe type id, or a Creature's id
    threat: Threat
    self_willed: bool = False
    attacks_foes: bool = False  # a wendol's bought option: non-wendol foes are its targets too
    use_adjust: bool = True
    adjust: dict[Stat, Annotated[int, Field(ge=-100, le=100)]] | None = Field(None, max_length=7)  # not the type's
    missile: Literal["bow", "crossbow"] | None = None


# -- Terrain (001b §11, parameters of §16.4.4) -----------------------------------------------------------
class _Feature(Strict):
    id: Id
    name: Name | None = None


class Barrier(_Feature):
    kind: Literal["barrier"]
    count: int = Field(1, ge=1, le=12)
    jump_difficulty: int | None = Field(None, ge=-20, le=40)  # default 6


class Cover(_Feature):
    kind: Literal["cover"]
    degree: Literal["third", "half", "full"]
    shelters: int = Field(ge=0, le=40)  # characters who can hide behind it
    jump_difficulty: int | None = Field(None, ge=-20, le=40)  # default by degree


class DamagingPlace(_Feature):
    kind: Literal["damaging_place"]
    dam: int = Field(ge=0, le=100)
    expanding: Literal["2-4", "5", "10"] | None = None  # hex size in paces, if it spreads
    bait_rounds: int = Field(0, ge=0, le=10)  # rounds inside needed to claim a prize placed in it


class Counted(_Feature):
    kind: Literal["decoys", "hostages", "levels", "tube_strikers", "obscurant_areas"]
    count: int = Field(ge=1, le=40)
    held_by: tuple[str, ...] = Field((), max_length=40)  # hostages: the ids of the foes who hold them


class LimitedExits(_Feature):
    kind: Literal["limited_exits"]
    mode: Literal["one", "two", "one_double"]


class Vision(_Feature):
    kind: Literal["darkness", "gloom", "torch_proof"]


class Obscurant(_Feature):
    kind: Literal["obscurant"]
    penalty: int = Field(ge=1, le=20)


class MissileObstruction(_Feature):
    kind: Literal["missile_obstruction"]
    extent: Literal["full", "half"]


class MissilePenalty(_Feature):
    kind: Literal["missile_penalty"]
    points: int = Field(ge=1, le=20)  # the validator allows up to 4


class Ground(_Feature):
    kind: Literal["slippery", "uneven", "slope_area"]
    coverage: Coverage


class SlopeRamps(_Feature):
    kind: Literal["slope_ramp"]
    count: int = Field(ge=1, le=20)
    hexes_each: int = Field(ge=1, le=400)


class WeirdAdjustment(Strict):
    target: Literal["init", "atk", "dfn", "dam", "soak", "gift"]
    delta: int = Field(ge=-10, le=10)
    side: Literal["heroes", "foes", "both"]


class WeirdMagic(_Feature):
    kind: Literal["weird_magic"]
    adjustments: tuple[WeirdAdjustment, ...] = Field(min_length=1, max_length=6)
    source: Literal["place", "shaman_brazier", "shaman_chant"] = "place"


Feature = Annotated[
    Barrier | Cover | DamagingPlace | Counted | LimitedExits | Vision | Obscurant | MissileObstruction
    | MissilePenalty | Ground | SlopeRamps | WeirdMagic,
    Field(discriminator="kind"),
]


class Combat(Strict):
    foes: tuple[FoeSpec, ...] = Field(min_length=1, max_length=MAX_FOES_PER_EVENT)
    terrain: tuple[Feature, ...] = Field((), max_length=MAX_TERRAIN_PER_EVENT)
    # The earning features chosen (at most three count); None: the three largest credits.
    counted_terrain: tuple[str, ...] | None = Field(None, max_length=MAX_TERRAIN_PER_EVENT)
    no_missile_credit: bool = False  # claimed: no foe of this fight uses a missile weapon


# -- Traps, treasure, gains: priced by their own rules (the next part); here their lines as written -------
class Line(Strict):
    label: Name
    ep: int = Field(ge=-1000, le=1000)


class Element(Strict):
    id: Id
    name: Name
    kind: Literal["trap", "hazard", "treasure", "gain"]
    roll: str | None = None  # the id of the roll (in the same event) it hangs on
    in_combat: bool = False
    lines: tuple[Line, ...] = Field((), max_length=16)
    gain: Gain | None = None  # treasure or a gain priced by its rules (gains_pricing.py), not by typed lines
    trap: Trap | None = None  # a trap or hazard priced by its rules (traps.py), not by typed lines


# -- The encounter ---------------------------------------------------------------------------------------
class Event(Strict):
    id: Id
    summary: Text = ""
    combat: Combat | None = None
    rolls: tuple[RollSpec, ...] = Field((), max_length=MAX_ROLLS_PER_EVENT)
    elements: tuple[Element, ...] = Field((), max_length=MAX_ELEMENTS_PER_EVENT)


class Encounter(Strict):
    title: Name
    heroes: int = Field(ge=2, le=MAX_HEROES)  # the number of heroes (players) it is designed for
    for_beginners: bool = False  # no terrain: its runner earns the beginner's compensation
    advanced_clues: bool = False  # advanced play: notes with clues to later encounters may stay closed
    role: PlotRole | None = None  # its place in an adventure's plot: its limit is that role's (001c §10.2)
    creatures: tuple[Creature, ...] = Field((), max_length=8)
    events: tuple[Event, ...] = Field(min_length=1, max_length=MAX_EVENTS_READ)
    notes: Text = ""

    @model_validator(mode="after")
    def _unique_ids(self) -> Encounter:
        seen: set[str] = set()
        for event in self.events:
            ids = [event.id, *(r.id for r in event.rolls), *(e.id for e in event.elements)]
            if event.combat:
                ids += [f.id for f in event.combat.foes] + [t.id for t in event.combat.terrain]
            for i in ids:
                if i in seen:
                    raise Invalid(N_("the id {id!r} is used twice in these notes"), id=i)
                seen.add(i)
        return self
