"""A combatant as the fight sees it: qualities, skills, gear and the wound track it started with, and what
the fight has done to it since (wounds, Wyrð, armour pools, conditions, carry-overs).

Player characters and allies that cast their own dice have kind "character"; villains are a Thane, a
Shieldbearer or a warband of Warriors and read the GM's shared cast (spec 003 §13)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from runehall.errors import ParameterError, Refusal
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard import qualities
from runehall.systems.midgard.combat.effects import Effect, has, total
from runehall.systems.midgard.combat.settings import fold
from runehall.systems.midgard.qualities import WoundTrack
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import rules

Kind = Literal["character", "thane", "shieldbearer", "warband"]
ENEMY_KINDS = ("thane", "shieldbearer", "warband")


class Item(RulesModel):
    """A weapon or shield carried into the fight, with its own structure (spec §11.5)."""

    id: str = Field(description="Unique within its owner: the weapon id, numbered when carried twice.")
    weapon: str = Field(description="weapons.toml id, or bow.")
    structure: int | None = None
    hardness: int | None = None
    held: bool = True
    broken: bool = False


def item_name(item: Item) -> Refusal:
    """A carried weapon or shield as a refusal names it: the book's name of what it is ("Dagger", not
    "dagger_2"), said in the reader's language."""
    found = rules().weapon(item.weapon)
    return book_name(found.name if found is not None else item.weapon)


class Armour(RulesModel):
    """One armour type worn: its locations share one structure pool (A-36)."""

    type: str
    locations: tuple[str, ...]
    pool: int
    hardness: int


class Member(RulesModel):
    """One warrior of a warband."""

    rank: int = Field(ge=1, le=4)
    hardness: int = 0
    weapon: str = "natural"
    alive: bool = True


class Pin(RulesModel):
    by: str
    since_round: int = Field(description="The round the pin began: its difficulty grows by 1 each round after.")
    past: int | None = Field(None, description="The Past of the pinner's latest pin cast.")
    cast_round: int = 0


class ShortAction(RulesModel):
    skill: str
    rounds: int
    first_round: int
    last_round: int
    success: bool
    margin: int
    gift: str | None = Field(None, description="A gift whose effect the action brings when it is done.")
    target: str | None = None
    other: str | None = None


class Pact(RulesModel):
    """A pact sealed in blood binding this combatant (Sealed in Blood, made firmer by Unbreakable Oath): each
    attempt to break it is a Courage cast at `difficulty`; under an oath a failed attempt leaves a merkstave
    penalty on all casts while the vow stands (spec §5.7, A-65)."""

    by: str = Field(description="Who sealed it.")
    margin: int = Field(ge=0, description="The margin of the sealing cast.")
    difficulty: int = Field(description="The Courage difficulty to break it: the sealer's Diplomacy ranks + margin.")
    oath: bool = Field(False, description="Made binding with a vow (Unbreakable Oath).")
    penalty: int = Field(0, description="The oath's merkstave penalty on all casts, once a breaking attempt failed.")
    attempts: int = 0


class Combatant(RulesModel):
    id: str
    name: str
    side: str
    kind: Kind
    rank: int | None = None
    runes: dict[str, int] = Field(default_factory=dict)
    skills: dict[str, int] = Field(default_factory=dict)
    listed: tuple[str, ...] = Field((), description="An enemy's skill list.")
    defence: int
    ws: int
    health: int
    wound_boxes: tuple[int, ...] = ()
    wound_penalties: tuple[int, ...] = ()
    courage_dice: int = 0
    courage_bonus: int = 0
    legend_score: int | None = None
    wyrd_max: int | None = None
    alertness: int = 0
    items: tuple[Item, ...] = ()
    armour: tuple[Armour, ...] = ()
    armour_speed: int = 0
    members: tuple[Member, ...] = ()
    surprise: int = 0
    hidden: bool = Field(False, description="Starts the fight from hiding (Ambush).")
    evil: bool = Field(False, description="A creature of supernatural evil (Purging Flame).")
    gifts: tuple[str, ...] = Field((), description="Rune gifts held: ids, with the choice made when bought.")
    rune_totals: dict[str, int] = Field(default_factory=dict, description="Sum of gift levels per gift rune.")
    # what the fight has done
    wyrd: int | None = None
    wounds: int = 0
    out: bool = False
    out_at: tuple[int, int] | None = None
    prone: bool = False
    pin: Pin | None = None
    berserk: int | None = None
    dice_bonus: int = Field(0, description="Evaluate Battlefield: dice on the next attack or defence cast.")
    carry_past: int = Field(0, description="Carry-over Past tokens (Luck) for the next cast.")
    carry_free: int = Field(0, description="Carry-over as a skill bonus (Lucky Boon) for the next cast.")
    carry_outcome: int = Field(0, description="Carry-over Outcome tokens (True Diligence) for the next cast.")
    no_future: bool = Field(False, description="True Diligence: the follow-up cast may use no Future.")
    effects: tuple[Effect, ...] = Field((), description="Lasting effects, most of them from gifts.")
    used_weapons: tuple[str, ...] = Field((), description="A mixed warband's weapons used this round.")
    owed_merkstave: int = Field(0, description="Merkstave from checks the GM (or players) still has to spend.")
    botched: str | None = Field(None, description="The skill of the latest cast that was a botch, if any.")
    exposed: int = Field(0, description="Merkstave turned into +1 margin for the next action aimed at this one.")
    short: ShortAction | None = None
    pacts: tuple[Pact, ...] = Field((), description="Pacts sealed in blood that bind this combatant.")

    @property
    def is_enemy(self) -> bool:
        return self.kind in ENEMY_KINDS

    def item(self, item_id: str) -> Item | None:
        wanted = fold(item_id)
        found = [i for i in self.items if fold(i.id) == wanted]
        if not found:
            found = [i for i in self.items if fold(i.weapon) == wanted]
        return found[0] if found else None

    def held(self) -> list[Item]:
        return [i for i in self.items if i.held and not i.broken]


# -- names and wound tracks: the rules' own look-ups (rules.py) and wound rules (qualities.py) ----------------
def skill_name(key: str) -> str:
    found = rules().skill(key)
    if found is None:
        raise ParameterError(N_("unknown skill {key!r}"), key=key)
    return found.name


def skill_rune(key: str) -> str:
    """The god rune a skill rolls unless an action says otherwise (A-30)."""
    found = rules().skill(key)
    if found is None:
        raise ParameterError(N_("unknown skill {key!r}"), key=key)
    return rune_code(found.rune)


def rune_code(key: str) -> str:
    found = rules().god_rune(key)
    if found is None:
        raise ParameterError(N_("unknown god rune {key!r} (F, Th, A, H or T)"), key=key)
    return found.code


def track(c: Combatant) -> WoundTrack:
    return WoundTrack(c.wound_boxes, c.wound_penalties)


def wound_penalty(c: Combatant, basis: str = "last_filled_box") -> int:
    """The merkstave penalty of the wound rank in force (A-14); once taken out, the last rank's."""
    if not c.wound_boxes:
        return 0
    penalty = qualities.wound_penalty(track(c), c.wounds, basis)
    return c.wound_penalties[-1] if penalty == qualities.TAKEN_OUT else int(penalty)


def wound_rank(c: Combatant) -> int:
    return qualities.wound_rank(track(c), c.wounds)


# -- qualities that depend on the kind ----------------------------------------------------------------------
def alive_members(c: Combatant) -> list[Member]:
    return [m for m in c.members if m.alive]


def lead_rank(c: Combatant) -> int:
    members = alive_members(c)
    return max((m.rank for m in members), default=c.rank or 1)


def size_bonus(ranks: list[int]) -> int:
    """A warband's size bonus: the other members' ranks over the lead rank, rounded down (A-47)."""
    if not ranks:
        return 0
    lead = max(ranks)
    return (sum(ranks) - lead) // lead


def band_bonus(c: Combatant) -> int:
    return size_bonus([m.rank for m in alive_members(c)])


def courage_bonus(c: Combatant) -> int:
    """The Courage bonus now: a warband's is its lead rank plus its size bonus, which shrinks as members fall
    (spec §13.9, enemies.toml [warband] size_bonus_adds_to)."""
    return lead_rank(c) + band_bonus(c) if c.kind == "warband" else c.courage_bonus


def defence(c: Combatant) -> int:
    """Defence now: a warband's grows with its size bonus; prone is -2 (spec §9.5, §13.9); gifts replace the
    base (Peaceful Defence) or add to it (Shield Defence, Way of Peace, Wild Strike's -1)."""
    value = 1 + lead_rank(c) + band_bonus(c) if c.kind == "warband" else c.defence
    formulas = [e.value for e in c.effects if e.kind == "defence_formula"]
    if formulas:
        value = formulas[-1]
    value += total(c.effects, "defence")
    return value - 2 if c.prone else value


def actions(c: Combatant) -> int:
    """Actions per round: Weapon Skill (a warband: 1 + its size bonus), + Storm of Blades."""
    base = 1 + band_bonus(c) if c.kind == "warband" else c.ws
    return base + total(c.effects, "ws")


def immobilised(c: Combatant, attacker_id: str) -> bool:
    """Prone, pinned by someone else, or showing joy in a fight (Wunjo): the attacker picks where a blow
    lands (spec §9.6, §11.4, §4)."""
    pinned = c.pin is not None and c.pin.by != attacker_id
    return c.prone or pinned or has(c.effects, "immobilised")


def skill_ranks(c: Combatant, skill: str) -> int:
    """Ranks in a skill: a Thane has its rank in listed skills and half its rank (down) in the rest, a
    Shieldbearer its rank in listed skills only, warriors none (spec §13.2)."""
    name = skill_name(skill)
    if c.kind == "character":
        return c.skills.get(name, 0)
    rank = c.rank or 0
    if c.kind == "thane":
        return rank if name in c.listed else rank // 2
    if c.kind == "shieldbearer":
        return rank if name in c.listed else 0
    return 0


def declaration_score(c: Combatant, first_segment: bool) -> int:
    """WS + Alertness (a Shieldbearer: its rank), + surprise in the first segment of the fight (§9.1)."""
    if c.kind == "shieldbearer":
        score = c.rank or 0
    else:
        score = actions(c) + skill_ranks(c, "Alertness")
    return score + (c.surprise if first_segment else 0)


def total_boxes(c: Combatant) -> int:
    return sum(c.wound_boxes)


def describe_state(c: Combatant) -> list[str]:
    """Conditions as short words for the view."""
    words = []
    if c.out:
        words.append("taken out")
    if c.prone:
        words.append("prone")
    if c.pin is not None:
        words.append(f"pinned by {c.pin.by}")
    if c.berserk is not None:
        words.append(f"berserk {c.berserk}")
    if c.short is not None:
        words.append(f"busy ({c.short.skill}, to round {c.short.last_round})")
    words += [
        f"bound by a pact with {p.by}" + (f" (oath, merkstave +{p.penalty})" if p.penalty else "") for p in c.pacts
    ]
    words += [f"{e.kind.replace('_', ' ')} {e.value:+d}" if e.value else e.kind.replace("_", " ") for e in c.effects]
    return words


def jsonable_members(c: Combatant) -> list[dict[str, Any]]:
    return [m.model_dump(mode="json") for m in c.members]
