"""What the triggered Divine Gifts leave on a hero in a fight (spec 001b §2.5; the rules: gift_triggered.py).

- Dying Blow: `dying_due` while the blow that would kill him has just fallen (he may invoke the gift right after
  it), then `dying` while he fights his last rounds;
- The Clenched Jaw of Vengeance: `jaws`, the enemies who have Wounded him in this fight and what their Wounding
  blow dealt, until he has used it on his first later hit on each."""

from __future__ import annotations

from pydantic import Field

from runehall.systems.base import RulesModel

MAX_FOES = 100
MAX_ARROWS = 200


class DyingDue(RulesModel):
    """The final blow has just fallen on a hero holding Dying Blow: what it found him with."""

    wound_impairment: int = Field(ge=0, description="His Impairment from Wounds when the final blow landed.")
    impairment: int = Field(ge=0, description="His whole Impairment then.")
    steps: tuple[int, ...] = Field((), description="His actions still due this round when the blow fell.")


class DyingOn(RulesModel):
    """Dying Blow invoked: he fights on to the end of `last_round`, then dies (or when the fight ends)."""

    level: int = Field(ge=1)
    wound_impairment: int = Field(ge=0)
    impairment: int = Field(ge=0)
    last_round: int = Field(ge=1)
    dealt: int = Field(0, ge=0, description="HP of damage he has dealt since invoking it (the legacy's measure).")


class Jaw(RulesModel):
    """An enemy who Wounded the hero (The Clenched Jaw of Vengeance)."""

    foe: str = Field(max_length=60)
    damage: int = Field(ge=0, description="The HP his Wounding blow took (added to the hero's first later hit).")
    repaid: bool = Field(False, description="The hero's first hit on him since has had the damage added.")


class Downed(RulesModel):
    """A foe the hero's Buffeting Gale knocked down (gift_passive.py)."""

    foe: str = Field(max_length=60)
    level: int = Field(ge=1, description="The hero's level in the gift when the foe fell.")
    round: int = Field(ge=1, description="The round he fell in (that round earns the knock-down's VP only).")


class Arrow(RulesModel):
    """An arrow or bolt he shot in this fight (The Eager Arrow: gift_eager.py): lodged in the foe it hurt, or
    lying where its target stood."""

    weapon: str = Field(max_length=60, description="The bow or crossbow that shot it (its ammunition comes back).")
    at: tuple[int, int] = Field(description="Where it lies (the target's place when it was shot).")
    lodged_in: str | None = Field(None, max_length=60, description="The foe it hurt, in whose flesh it stays.")


class Plucked(RulesModel):
    """A foe he had hurt has fallen: The Raven Plucks an Eye may roll for his scores (gift_raven.py)."""

    foe: str = Field(max_length=60)
    res: int = Field(ge=-50, le=50, description="The foe's Res as he fell.")
    scores: dict[str, int] = Field(default_factory=dict, max_length=4, description="His INIT, ATK, DFN and Soak.")


class Ravened(RulesModel):
    """The Raven Plucks an Eye made: the foe's scores he may use in place of his own to the end of `until_round`."""

    foe: str = Field(max_length=60)
    scores: dict[str, int] = Field(default_factory=dict, max_length=4)
    until_round: int = Field(ge=1)


class Chain(RulesModel):
    """The Chattering Squirrel's curse on the foes (gift_squirrel.py): each victim's Soak is `level` lower."""

    level: int = Field(ge=1, description="X when he won the contest.")
    victims: tuple[str, ...] = Field((), max_length=MAX_FOES, description="The foes under the curse.")
    latest: str = Field(max_length=60, description="The chain's latest victim (it spreads from him).")
    ended: bool = Field(False, description="A round began with the latest victim dead, or nobody left to catch it.")


class Triggered(RulesModel):
    dying_due: DyingDue | None = None
    dying: DyingOn | None = None
    jaws: tuple[Jaw, ...] = Field((), max_length=MAX_FOES)
    gales: tuple[Downed, ...] = Field((), max_length=MAX_FOES, description="Foes his gale knocked down.")
    low: bool = Field(False, description="His HP went below 20, or he had 4 Wounds, in this fight.")
    start_paces: int | None = Field(
        None,
        ge=0,
        description="Paces (rounded up) from him to the nearest foe as the fight's first initiative was rolled "
        "(Swiftness of Sleipnir: gift_sleipnir.py; None: no foe then, or he was not in the fight).",
    )
    first_melee: bool = Field(False, description="He was the first hero of this fight to attack a foe in melee.")
    doomed: str | None = Field(None, max_length=60, description="Imprecation of Doom: the foe he cursed (gift_doom).")
    agony: int = Field(0, ge=0, description="Agony Postponed: the most Impairment points ignored at once (A-12).")
    engagements: tuple[int, int] | None = Field(
        None, description="Shoulders Wide as Bifrost: (the round, extra Engagement rolls made in it)."
    )
    scourged: tuple[int, ...] = Field(
        (), max_length=MAX_FOES, description="Scourging of Fell Spirits: the fight's effects he has tried it on."
    )
    arrows: tuple[Arrow, ...] = Field((), max_length=MAX_ARROWS, description="The Eager Arrow: his shots so far.")
    torn: tuple[str, ...] = Field(
        (), max_length=MAX_ARROWS, description="The Eager Arrow: the foe each arrow he called back tore out of."
    )
    recalled: int | None = Field(None, description="The Eager Arrow: the round of his last try.")
    ravaged: tuple[str, ...] = Field((), max_length=MAX_FOES, description="The Raven: foes his blows have hurt.")
    raven_due: Plucked | None = Field(None, description="The Raven: the fallen foe it may roll for now.")
    raven: Ravened | None = Field(None, description="The Raven: the scores he uses in place of his own.")
    squirrel: Chain | None = Field(None, description="The Chattering Squirrel: his curse's chain on the foes.")
    bone_set: tuple[int, int] | None = Field(
        None, description="Bone-Setters' Blessing on him: (the round, the Soak it adds to its end; gift_healing.py)."
    )
