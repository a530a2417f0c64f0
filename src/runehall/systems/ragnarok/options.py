"""Ragnarök's options: every point the excerpt leaves open, as a named switch with the spec's default.

The question each option answers, and the spec's reasoning (A-nn / Q-nn), live in data/options.toml;
the descriptions here are read from it. A test checks that the two agree.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field

from runehall.systems.base import RulesModel
from runehall.systems.data import read_data_file
from runehall.systems.ragnarok.limits import MAX_BAG, MAX_DISTANCE_M, MAX_DP, MAX_HOURS, MAX_LEVEL

PACKAGE = "runehall.systems.ragnarok"
NOT_OPTIONS = {"draw_mode": "the source of a draw is chosen per roll (secure, fair, seeded or manual), not per table"}


@cache
def register() -> dict[str, dict[str, Any]]:
    """The option register of data/options.toml, by id."""
    return {o["id"]: o for o in read_data_file(PACKAGE, "options.toml")["option"]}


def _q(option_id: str) -> str:
    entry = register()[option_id]
    refs = ", ".join([*entry.get("assumptions", []), *entry.get("questions", [])])
    return f"{entry['question']} ({refs})" if refs else str(entry["question"])


class RagnarokOptions(RulesModel):
    void_can_transform: bool = Field(True, description=_q("void_can_transform"))
    allow_chained_transform: bool = Field(True, description=_q("allow_chained_transform"))
    allow_untransform: bool = Field(True, description=_q("allow_untransform"))
    void_trait_required: bool = Field(True, description=_q("void_trait_required"))
    uses_void_rune_hero: bool = Field(True, description=_q("uses_void_rune_hero"))
    uses_void_rune_dweller: bool = Field(False, description=_q("uses_void_rune_dweller"))
    hero_unique_runes: bool = Field(True, description=_q("hero_unique_runes"))
    yngr_glyph: Literal["U+16DC", "U+16DD"] = Field("U+16DC", description=_q("yngr_glyph"))
    rune_meanings: Literal["as_printed", "historical"] = Field("as_printed", description=_q("rune_meanings"))
    short_bag: Literal["draw_all", "reject"] = Field("draw_all", description=_q("short_bag"))
    bag_visibility: Literal["owner_and_gm", "gm_only", "public"] = Field(
        "owner_and_gm", description=_q("bag_visibility")
    )
    drawn_runes_public: bool = Field(True, description=_q("drawn_runes_public"))
    draw_on_automatic: bool = Field(False, description=_q("draw_on_automatic"))
    epic_requires_dp: bool = Field(True, description=_q("epic_requires_dp"))
    skill_combination: Literal["max", "sum"] = Field("max", description=_q("skill_combination"))
    skill_level_warn_above: int = Field(4, description=_q("skill_level_warn_above"), ge=0, le=MAX_LEVEL)
    allow_negative_inherent: bool = Field(False, description=_q("allow_negative_inherent"))
    opposed_tie: Literal["gm", "stalemate", "retest"] = Field("gm", description=_q("opposed_tie"))
    wound_route: Literal["blanca", "gris", "negra"] = Field("gris", description=_q("wound_route"))
    consumption_counts_as_dead: bool = Field(True, description=_q("consumption_counts_as_dead"))
    damage_policy: Literal["owner_choice", "concentrate", "spread", "random_from_bag"] = Field(
        "owner_choice", description=_q("damage_policy")
    )
    in_play_runes_last_resort: bool = Field(True, description=_q("in_play_runes_last_resort"))
    nonlethal_damage_flag: bool = Field(True, description=_q("nonlethal_damage_flag"))
    stun_recovery_per_maintenance: int = Field(1, description=_q("stun_recovery_per_maintenance"), ge=0, le=MAX_BAG)
    consumption_interval: float = Field(1.0, description=_q("consumption_interval"), ge=0.0, le=MAX_HOURS)
    consumption_time_base: Literal["game_time", "real_time"] = Field(
        "game_time", description=_q("consumption_time_base")
    )
    consumption_auto: bool = Field(True, description=_q("consumption_auto"))
    contingency_expiry: Literal["collection", "until_cancelled"] = Field(
        "collection", description=_q("contingency_expiry")
    )
    phase_order: tuple[str, ...] = Field(
        ("wyrd", "maintenance", "action", "collection"), max_length=8, description=_q("phase_order")
    )
    re_suppress_m: float = Field(7.5, description=_q("re_suppress_m"), ge=0.0, le=MAX_DISTANCE_M)
    re_reactivate_m: float = Field(7.5, description=_q("re_reactivate_m"), ge=0.0, le=MAX_DISTANCE_M)
    generic_action_rune_cost: int = Field(1, description=_q("generic_action_rune_cost"), ge=0, le=MAX_BAG)
    generic_action_default_trait: Literal["any", "fisico", "mental", "espiritual"] = Field(
        "any", description=_q("generic_action_default_trait")
    )
    divine_potency_enabled: bool = Field(True, description=_q("divine_potency_enabled"))
    dp_in_combat_tests: Literal["pool", "bdp"] = Field("pool", description=_q("dp_in_combat_tests"))
    dp_gain_per_maintenance: int = Field(1, description=_q("dp_gain_per_maintenance"), ge=0, le=MAX_DP)
    dp_cap: int | None = Field(None, description=_q("dp_cap"), ge=0, le=MAX_DP)
    dp_stacking: bool = Field(True, description=_q("dp_stacking"))
    deathblow_with_dp: Literal["rebirth", "permanent_death"] = Field("rebirth", description=_q("deathblow_with_dp"))
