"""A hero's Divine Gifts as a fight knows them (spec 001b §2): his levels (gift id -> level, as the hero sheet holds
them), the free VP he may spend in this fight (his sheet's, before this encounter's provisional gains), what he has
spent and bought here, how often each counted gift has been used (the usage counters, by the catalog's scope), and
what a used gift left behind: a bonus waiting for a roll, a mist round him, a round spent knitting his flesh.

Kept apart from combatant.py so that the gift rules (gift_mods.py, gift_moves.py) read one small model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from runehall.errors import ParameterError, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.rune_state import Rune
from runehall.systems.rune.combat.triggered_state import Triggered
from runehall.systems.rune.combat.watch_state import Watch

MAX_GIFTS = 100  # distinct gifts and Rune Powers a hero can hold (75 + 15 in the book)
MAX_LEVEL = 999

# The gifts the fight plays, by the catalog's ids (snake_case of the book's English name).
LOFTY = "from_lofty_asgards_peaks"
BRACED = "implacably_braced"
LEAF = "like_a_wind_tossed_leaf"
BOOTS = "the_clatter_of_rushing_boots"
STORM = "sudden_as_a_mountain_storm"
PIERCING = "flesh_cries_out_for_piercing"
CURDS = "curds_of_utgardaloki"
KNITTING = "the_knitting_of_meat_and_bone"
HORSE = "the_eight_legged_horse"
THUNDER = "gathering_thunder"
MJOLNIR = "mjolnir_awakes"
MIST = "obscuring_mist"
SHOUT = "roaring_shout_of_rage"
CRAVEN = "craven_departure"
DESTINY = "destiny_reversed"
INDEFATIGABLE = "indefatigable_determination"
GALE = "buffeting_gale"


class Boost(RulesModel):
    """A bonus a gift put on one coming roll of its holder (used up by that roll)."""

    gift: str = Field(max_length=60)
    roll: Literal["atk", "dfn"]
    value: int = Field(ge=-MAX_LEVEL, le=MAX_LEVEL)
    by: str | None = Field(None, max_length=60, description="The hero whose gift gave it (another hero's).")


class Gifted(RulesModel):
    levels: dict[str, int] = Field(default_factory=dict, max_length=MAX_GIFTS, description="Gift id -> level.")
    free_vp: int | None = Field(
        None, description="Free VP he may spend in this fight (None: the fight has no VP account for him)."
    )
    spent: int = Field(0, ge=0, description="VP spent in this fight (gifts bought, curds eaten).")
    bought: dict[str, int] = Field(default_factory=dict, max_length=MAX_GIFTS, description="Levels bought here.")
    used: dict[str, int] = Field(default_factory=dict, max_length=MAX_GIFTS, description="Uses of counted gifts.")
    boosts: tuple[Boost, ...] = Field((), max_length=20, description="Bonuses waiting for a coming roll.")
    mist_until: int | None = Field(None, description="Obscuring Mist: the last round he counts as obscured.")
    knitting_round: int | None = Field(None, description="The round he spends knitting his flesh (whole round).")
    last_round: dict[str, int] = Field(
        default_factory=dict, max_length=MAX_GIFTS, description="Gift id -> the round he last used it."
    )
    presence: int | None = Field(None, description="His Presence (Pre), for gifts rolled with it.")
    stamina: int | None = Field(None, description="His Stamina (Sta), for gifts rolled with it.")
    disguise: int | None = Field(None, description="His Disguise rating (Boon of Angrboda; 0 when not given).")
    dexterity: int | None = Field(None, description="His Dexterity (Dex), for Penetrating Lightning's roll.")
    great_weapon: int | None = Field(None, description="His Great Weapon rating (the Dwarven Hammers' powers).")
    divine_awareness: int = Field(0, description="His Divine Awareness rating (The Chattering Squirrel).")
    apples: int = Field(0, ge=0, le=100, description="Golden Apples' Sweetness: Impairment points eased (gift_apples).")
    designer: bool = Field(False, description="His player designed this encounter (Scourging of Fell Spirits).")
    runes: dict[str, Rune] = Field(
        default_factory=dict, max_length=MAX_GIFTS, description="His Rune Powers woken in this fight (rune_powers.py)."
    )
    built: dict[str, Any] | None = Field(
        None, description="A hero built from a sheet: the spec he was built from, to work his numbers out again when "
        "he buys a stat gift mid-fight (gift_rebuild.py).",
    )

    triggered: Triggered = Field(Triggered(), description="What his triggered gifts left (gift_triggered.py).")
    watch: Watch = Field(Watch(), description="What his gifts on the foes' choice of target remember.")

    def level(self, gift_id: str) -> int:
        return int(self.levels.get(gift_id, 0))

    @property
    def left(self) -> int | None:
        """Free VP still to spend here."""
        return None if self.free_vp is None else self.free_vp - self.spent


def catalog_gift(gift_id: str) -> Any:
    """The catalog's gift (runehall.systems.rune.gifts.catalog): RulesError naming an unknown id in words."""
    from runehall.systems.rune.gifts.catalog import gift

    return gift(gift_id)


def check_levels(levels: Mapping[str, int], who: str, options: Any = None) -> None:
    """Each gift known to the catalog, at a level from 1 to its most (the table's options: option clatter_levels)."""
    from runehall.systems.rune.gifts.catalog import check_level

    for gift_id, level in levels.items():
        try:
            found = catalog_gift(gift_id)
            if level < 1:
                raise RulesError(N_("a gift's level is at least 1, not {level}"), level=level)
            check_level(found, level, options if hasattr(options, "clatter_levels") else None)
        except RulesError as e:
            raise ParameterError(N_("{who}: {why}"), who=who, why=e.parts[0]) from None
