"""A combatant: the numbers a fight reads (per-weapon INIT/ATK/DFN/DAM, Soak, HP, WT, Res and the combat
Abilities as roll bonuses) and his condition as the fight goes (HP, Wounds, health, place, weapon in hand,
restraints, this round's manoeuvres and movement).

The numbers come from a Rune hero sheet or are given as stats (build.py). A number the book lost, or one the
stats leave out, is None: whatever needs it is refused with a sentence saying which value to supply.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.arithmetic import Health
from runehall.systems.rune.combat.geometry import Point
from runehall.systems.rune.combat.gifted import Gifted

WeaponKind = Literal["melee", "missile", "thrown", "brawling"]
Edge = Literal["sword", "axe", "other"]
Cover = Literal["none", "third", "half", "full"]
Maneuver = Literal["hold_ground", "duck_and_weave"]
Behaviour = Literal["headlong", "crafty", "stationary"]
UNARMED = "unarmed"
RANGED: tuple[str, ...] = ("missile", "thrown")
# Roll bonuses a supporting character rolls with Res when none is given (a foe uses Res for every roll in
# combat except INIT, ATK and DFN).
RES_ROLLS: tuple[str, ...] = ("dodge", "hold", "pin", "balance", "healer", "fatigue", "escape", "engagement", "jump")
WORDS = {  # a number as a refusal names it
    "init": N_("INIT"),
    "atk": N_("ATK"),
    "dfn": N_("DFN"),
    "dam": N_("DAM"),
    "dodge": N_("Dodge roll bonus"),
    "hold": N_("hold roll bonus (Dex + Brawling)"),
    "pin": N_("pin roll bonus (Str + Brawling)"),
    "balance": N_("Balance roll bonus (Dex + Balance)"),
    "healer": N_("Healer roll bonus (Dex + Healer)"),
    "fatigue": N_("Fatigue roll bonus (Sta)"),
    "escape": N_("net escape roll bonus (Str)"),
    "jump": N_("Jump roll bonus (Str + Jump)"),
    "engagement": N_("Engagement roll bonus (Str + weapon Ability)"),
    "per": N_("Per"),
    "res": N_("Res"),
    "init_noncombat": N_("non-combat INIT"),
}


class Weapon(RulesModel):
    """One way of attacking: a weapon, unarmed, or a foe's attack form, with its four scores."""

    id: str
    name: str
    kind: WeaponKind
    ability: str | None = None
    edge: Edge = "other"
    init: int | None = None
    atk: int | None = None
    dfn: int | None = Field(None, description="None while unknown, or when the weapon gives no DFN (dfn_na).")
    dfn_na: bool = Field(False, description="Missile and thrown weapons give no DFN: the unarmed DFN applies.")
    dam: int | None = None
    dam_rating: int | None = Field(None, description="The weapon's Dam rating, which sets a ranged weapon's range.")
    dfn_rating: int = Field(0, description="The weapon's Dfn rating, added when breaking free of a hold.")
    engagement: int | None = None
    special: str | None = None
    ammo: int | None = Field(None, description="Missiles left; None when not counted.")
    lost: tuple[str, ...] = Field((), description="Ratings the book lost for this weapon (weapons.toml 'unknown').")

    @property
    def ranged(self) -> bool:
        return self.kind in RANGED

    def need(self, field: str, owner: str) -> int:
        """A score the action needs; refused while it is unknown."""
        value = getattr(self, field)
        if value is None:
            if field in self.lost:
                raise RulesError(
                    N_(
                        "{owner}'s {weapon} has no known {rating} (the book's weapon table lost it): "
                        "give it as '{field}' in {owner}'s weapons to use it"
                    ),
                    owner=owner,
                    weapon=Refusal(self.name),
                    rating=Refusal(WORDS.get(field, field)),
                    field=field,
                )
            raise RulesError(
                N_("{owner}'s {weapon} has no known {rating}: give it as '{field}' in {owner}'s weapons to use it"),
                owner=owner,
                weapon=Refusal(self.name),
                rating=Refusal(WORDS.get(field, field)),
                field=field,
            )
        return int(value)


class Restraint(RulesModel):
    kind: Literal["hold", "pin", "net"]
    by: str | None = Field(None, description="Who holds or pins him; none for a net.")
    tm: int = 0
    difficulty: int = Field(description="What breaking free must reach: 6 + the restraining roll's margin.")


class RoundFlags(RulesModel):
    """What a combatant did this round that later rules look at; cleared when the round ends."""

    maneuver: Maneuver | None = None
    path: tuple[Point, ...] = Field((), description="Where he moved this round, his starting place first.")
    moved: float = 0.0
    withdrawing: bool = False
    fleeing: bool = False
    reckless: bool = False
    move_action: bool = Field(False, description="He took a half or full move as his action (not an approach).")
    engagement_used: bool = False
    acted: bool = False
    burned: bool = Field(False, description="A damaging place has made him roll this round (on entering or standing).")
    leapt: bool = Field(False, description="A Sark Amen has made its bound this round.")


class Combatant(RulesModel):
    # -- the sheet -------------------------------------------------------------------------------------
    name: str
    hero: bool
    side: str
    order: int = Field(description="Place in the runner's notes: orders supporting characters on equal steps.")
    weapons: tuple[Weapon, ...]
    init_noncombat: int | None = None
    soak: int
    hp_max: int
    wt: int = Field(ge=1)
    res: int | None = None
    dodge: int | None = None
    hold: int | None = None
    pin: int | None = None
    balance: int | None = None
    healer: int | None = None
    fatigue: int | None = None
    surety: int = Field(0, ge=0, le=1000, description="Armor of Inflexible Surety: + on a roll resisting Impairment.")
    einherjar: int = Field(0, ge=0, le=1000, description="Einherjar's Armor: lost HP back at each round's end.")
    loki_thwart: int = Field(0, ge=0, le=1000, description="Loki-Thwarting Armor: the most its Prot rises in a fight.")
    thwarted: int = Field(0, ge=0, le=1000, description="Loki-Thwarting Armor: the Prot it has risen so far.")
    absorption: int = Field(0, ge=0, le=1000, description="Absorption Armor: the Res a foe needs to keep his weapon.")
    absorbed: int = Field(0, ge=0, le=1000, description="Absorption Armor: the Prot its absorbed weapons add.")
    spitting: int = Field(0, ge=0, le=3000, description="Spitting Armor: the acid's damage on a melee attacker.")
    blinding: int = Field(0, ge=0, le=1000, description="Blinding Armor: X, the rounds its sparks dazzle a striker.")
    dazzled: int = Field(0, ge=0, le=100000, description="Blinding Armor: the penalty on his ATK and DFN rolls.")
    dazzled_rounds: int = Field(0, ge=0, le=100000, description="Blinding Armor: the rounds his penalty lasts.")
    blunting: int = Field(0, ge=0, le=1000, description="Blunting Armor: X, the Dam a weapon that hits him may lose.")
    loki_rating: int = Field(0, ge=0, le=1000, description="His Loki Divine Connection (the Spitting Armor's roll).")
    maw: int = Field(0, ge=0, le=1000, description="Demon Maw Helm: his levels in it.")
    maw_roared: bool = Field(False, description="Demon Maw Helm: he has bellowed in this fight.")
    maw_rolls: dict[str, int] = Field(default_factory=dict, description="Demon Maw Helm: each striker's ATK penalty.")
    primary_rating: int = Field(0, ge=0, le=1000, description="His primary god's Divine Connection rating.")
    glory: int = Field(0, ge=0, le=100000, description="Axe of Glory: VP a hit with his first axe adds to a kill.")
    glory_vp: int = Field(0, ge=0, description="Axe of Glory: VP the hits on this foe have added to its death blow.")
    fair_title: int = Field(0, ge=0, le=100000, description="Blade of Fair Title: VP it takes from a killer.")
    blade_dealt: dict[str, int] = Field(default_factory=dict, description="Blade of Fair Title: its wielders' damage.")
    escape: int | None = None
    engagement: int | None = Field(None, description="Engagement bonus when the weapon in hand gives none.")
    strength: int = 0
    per: int | None = None
    ride: int = 0
    jump: int | None = Field(None, description="Jump roll bonus (Str + Jump).")
    balance_rating: int = Field(0, ge=0, description="Balance rating: moving on a Balance surface.")
    swim_rating: int = Field(0, ge=0, description="Swim rating: moving through water.")
    light: bool = Field(False, description="He carries a light (a torch lights 25 paces round him).")
    night_vision: bool = Field(False, description="He sees in very low light (darkness and gloom do not hinder him).")
    move_half: int = 8
    move_full: int = 15
    gifts: int = 0
    gift_levels: int | None = Field(None, description="Levels of his Gifts, all added up (default: as many as Gifts).")
    gifted: Gifted = Field(Gifted(), description="His Divine Gifts by id and level, and their use in this fight.")
    qik: int | None = None
    armor_init: int | None = Field(0, le=0, description="His armor's Init rating (0 or less; None: the book lost it).")
    shield: str | None = None
    shield_dfn: int = 0
    inhuman: bool = False
    undead: bool = Field(False, description="Undead (the Dishonored, the Sark Amen): only a wounding blow kills.")
    foe_type: str | None = Field(None, description="The gallery's foe type (foes.toml id): its special rules.")
    threat: str | None = Field(None, description="A foe's Threat Category (its id), where the notes made it.")
    armor_prot: int = Field(0, ge=0, description="The Prot part of his Soak, which armor-ignoring damage skips.")
    # -- his condition ---------------------------------------------------------------------------------
    hp: int
    wounds: int = 0
    impairment_other: int = Field(0, description="Impairment not from Wounds (at most 2 counts).")
    invigoration: int = 0
    health: Health = "active"
    at: Point = (0, 0)
    ready: str = Field(UNARMED, description="The weapon in hand (unarmed: empty hands).")
    belt: str | None = None
    dropped: tuple[str, ...] = ()
    fallen: bool = False
    grabbed: bool = False
    mounted: bool = False
    cover: Cover = "none"
    obscured: bool = False
    restraint: Restraint | None = None
    restraining: str | None = None
    severed: bool = False
    first_hit_by: str | None = Field(None, description="The first to hit him with a melee weapon in this fight.")
    heal_blocked: bool = Field(False, description="Treated since his last injury: no new attempt yet.")
    undead_down: bool = Field(False, description="An undead foe dropped by a blow that did not wound it: it may rise.")
    dropped_by: str | None = Field(None, description="Who dropped the undead foe now down.")
    regains: int = Field(0, ge=0, description="HP the risen undead regains at the start of every round.")
    clamped: bool = Field(False, description="A land crab clamped into its defensive posture.")
    under: str | None = Field(None, description="The wendol lying on top of him after its charge.")
    crawl_rounds: int = Field(0, ge=0, description="Rounds of effort left to crawl out from under a dead wendol.")
    struck: tuple[str, ...] = Field((), description="A wendol: the targets it has attacked (it charges only once).")
    tentacles_lost: int = Field(0, ge=0, description="A tube-striker's tentacles severed so far.")
    self_willed: bool = Field(False, description="A Self-Willed foe (bought in the notes): the runner picks targets.")
    attacks_foes: bool = Field(False, description="A wendol whose notes bought it the option: non-wendol foes too.")
    strikes_heroes: bool = Field(False, description="A hero who may strike another hero on purpose (001b §6.3).")
    behaviour: Behaviour | None = Field(None, description="A foe's icon: headlong or crafty (None: as its type's).")
    loses_action: bool = Field(False, description="He loses his next action (pop-up fire): his next round's first.")
    entangled_with: str | None = Field(None, description="Tangled up with whoever rolled into him, or he into.")
    last_target: str | None = Field(None, description="A foe: whom it attacked last (a Predictable foe keeps him).")
    this_round: RoundFlags = RoundFlags()

    @property
    def impairment(self) -> int:
        """Below 0 only while Dying Blow holds him up: its +X on every roll (gift_triggered.py)."""
        on = self.gifted.triggered.dying
        if on is not None:
            return on.impairment - on.level
        from runehall.systems.rune.combat.gift_agony import ignored  # Agony Postponed

        eased = self.gifted.apples  # Golden Apples' Sweetness (gift_apples.py)
        return max(0, self.wounds - ignored(self) + min(2, self.impairment_other) - self.invigoration - eased)

    @property
    def half_move(self) -> int:
        """His half move, with Swiftness of Sleipnir's 5X paces on his own feet (gift_sleipnir.py)."""
        return self.move_half + self._swift()[0]

    @property
    def full_move(self) -> int:
        """His full move, with Swiftness of Sleipnir's 10X paces on his own feet (gift_sleipnir.py)."""
        return self.move_full + self._swift()[1]

    def _swift(self) -> tuple[int, int]:
        x = self.gifted.level("swiftness_of_sleipnir")
        if not x or self.mounted:  # a rider goes at his horse's pace
            return 0, 0
        from runehall.systems.rune.gifts.formulas import swiftness_of_sleipnir

        more = swiftness_of_sleipnir(x)
        return more.half, more.full

    @property
    def held(self) -> bool:
        """Held or pinned: he can do nothing but try to break free (a net lets him act, at a price)."""
        return self.restraint is not None and self.restraint.kind != "net"

    @property
    def active(self) -> bool:
        return self.health == "active"

    @property
    def out(self) -> bool:
        """Out of the fight: unable to act (incapacitated, dying, dead) or gone from the field."""
        return self.health != "active"

    def weapon(self, weapon_id: str) -> Weapon:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        known = ", ".join(w.id for w in self.weapons)
        raise RulesError(
            N_("{who} has no weapon {weapon_id!r} (he has: {known})"), who=self.name, weapon_id=weapon_id, known=known
        )

    def find_weapon(self, name: str) -> Weapon:
        """A weapon named by id or printed name."""
        key = name.strip().casefold().replace(" ", "_").replace("-", "_")
        for w in self.weapons:
            if key in (w.id, w.name.casefold().replace(" ", "_").replace("-", "_")):
                return w
        if key in ("none", "fist", "fist_kick", "fists"):
            return self.weapon(UNARMED)
        return self.weapon(key)

    @property
    def in_hand(self) -> Weapon:
        return self.weapon(self.ready)

    @property
    def unarmed(self) -> Weapon:
        return self.weapon(UNARMED)

    def dfn_weapon(self) -> Weapon:
        """What he defends with in melee: the weapon in hand, or unarmed when it gives no DFN."""
        w = self.in_hand
        return self.unarmed if w.dfn_na else w

    def bonus(self, what: str) -> int:
        """A roll bonus; a supporting character without one rolls his Res."""
        value = getattr(self, what)
        if value is not None:
            return int(value)
        if not self.hero and self.res is not None and what in RES_ROLLS:
            return self.res
        raise RulesError(
            N_("{who} has no {rating}: give '{what}' in his stats"),
            who=self.name,
            rating=Refusal(WORDS.get(what, what)),
            what=what,
        )

    def carried(self) -> tuple[str, ...]:
        return tuple(w.id for w in self.weapons if w.id not in self.dropped)
