"""Midgard's options: every point the book leaves open, contradicts, or the software must settle, as a named
switch with the adopted default (the spec's A-nn, or the book's reading where the two part ways).

The question each option answers, with its A-nn / I-nn references, lives in data/options.toml; the
descriptions here are read from it. Entries marked configurable = false there are fixed behaviour and have
no field. A test checks that the two agree.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field, field_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.data import read_data_file
from runehall.systems.midgard.limits import MAX_DEFENCE, MAX_DICE, MAX_NAMED, MAX_RANK, MAX_SECONDS
from runehall.systems.midgard.rules import rules

PACKAGE = "runehall.systems.midgard"
NOT_OPTIONS = {
    "dice_source": "the source of a cast is chosen per roll (secure, fair, seeded or manual), not per table",
}


@cache
def register() -> dict[str, dict[str, Any]]:
    """The option register of data/options.toml, by id."""
    return {o["id"]: o for o in read_data_file(PACKAGE, "options.toml")["option"]}


def _q(option_id: str) -> str:
    entry = register()[option_id]
    refs = ", ".join([*entry.get("assumptions", []), *entry.get("questions", [])])
    gm = " The GM decides at the table; this is the starting value." if entry.get("gm") else ""
    return (f"{entry['question']} ({refs})" if refs else str(entry["question"])) + gm


class MidgardOptions(RulesModel):
    half_rounding: Literal["up", "down"] = Field("up", description=_q("half_rounding"))
    quality_base_below_4: int = Field(1, description=_q("quality_base_below_4"), ge=0, le=1)
    success_comparison: Literal["ge", "gt"] = Field("ge", description=_q("success_comparison"))
    face_2: Literal["blank", "reroll", "merkstave"] = Field("blank", description=_q("face_2"))
    all_free_tokens_placed: bool = Field(True, description=_q("all_free_tokens_placed"))
    future_cap_all_sources: bool = Field(True, description=_q("future_cap_all_sources"))
    future_on_failure: Literal["ignored", "applies"] = Field("ignored", description=_q("future_on_failure"))
    merkstave_policy: Literal["margin_speed_next_attack", "ask_gm"] = Field(
        "margin_speed_next_attack", description=_q("merkstave_policy")
    )
    carry_over_consumed: bool = Field(True, description=_q("carry_over_consumed"))
    opposed_tie: Literal["outcome_then_status_quo", "status_quo", "recast"] = Field(
        "outcome_then_status_quo", description=_q("opposed_tie")
    )
    contested_tie: Literal["defender", "simultaneous"] = Field("defender", description=_q("contested_tie"))
    resistance_reduction: Literal["one_per_margin_token", "ask_gm"] = Field(
        "one_per_margin_token", description=_q("resistance_reduction")
    )
    hauld_extra_skill_points: int = Field(3, description=_q("hauld_extra_skill_points"), ge=2, le=3)
    unqualified_legend: Literal["score", "rank"] = Field("score", description=_q("unqualified_legend"))
    legend_skills_distinct: bool = Field(True, description=_q("legend_skills_distinct"))
    skill_rank_max: int = Field(4, description=_q("skill_rank_max"), ge=4, le=MAX_RANK)
    god_rune_max_in_play: int = Field(8, description=_q("god_rune_max_in_play"), ge=8, le=MAX_DICE)
    wyrd_formula: Literal["product", "base_times_sum"] = Field("product", description=_q("wyrd_formula"))
    unspent_creation_points: Literal["warn", "reject"] = Field("warn", description=_q("unspent_creation_points"))
    knowledge_skills: tuple[str, ...] = Field(
        ("Animal Lore", "Earth Lore", "Navigation", "Legends", "Sidr", "Law", "Learning", "Writing"),
        max_length=MAX_NAMED,
        description=_q("knowledge_skills"),
    )
    verbal_skills: tuple[str, ...] = Field(
        ("Command", "Deception", "Diplomacy", "Seduction"), max_length=MAX_NAMED, description=_q("verbal_skills")
    )
    wound_box_rounding: Literal["up", "down"] = Field("up", description=_q("wound_box_rounding"))
    wound_penalty_basis: Literal["last_filled_box", "next_empty_box"] = Field(
        "last_filled_box", description=_q("wound_penalty_basis")
    )
    wyrd_cap_counts_gift_costs: bool = Field(False, description=_q("wyrd_cap_counts_gift_costs"))
    wyrd_regain_capped: bool = Field(True, description=_q("wyrd_regain_capped"))
    exhausted_stacking: Literal["max", "add"] = Field("max", description=_q("exhausted_stacking"))
    natural_healing: bool = Field(False, description=_q("natural_healing"))
    gift_requires_lower_levels: bool = Field(False, description=_q("gift_requires_lower_levels"))
    gift_buy_once: bool = Field(True, description=_q("gift_buy_once"))
    special_gifts_free_with_skill: bool = Field(True, description=_q("special_gifts_free_with_skill"))
    strike_of_thunder_cost: int = Field(1, description=_q("strike_of_thunder_cost"), ge=1, le=2)
    courage_of_ignorance_amount: Literal["any", "all"] = Field("any", description=_q("courage_of_ignorance_amount"))
    luck_carry_over_form: Literal["past_tokens", "dice"] = Field("past_tokens", description=_q("luck_carry_over_form"))
    berserk_level_zero_counts: bool = Field(True, description=_q("berserk_level_zero_counts"))
    hammer_of_thor_repeatable: bool = Field(True, description=_q("hammer_of_thor_repeatable"))
    purge_the_soul_rate: int = Field(1, description=_q("purge_the_soul_rate"), ge=1, le=MAX_RANK)
    open_duration: Literal["scene", "round"] = Field("scene", description=_q("open_duration"))
    strand_of_fate_tokens: int = Field(1, description=_q("strand_of_fate_tokens"), ge=1, le=MAX_RANK)
    unbreakable_oath_penalty_trigger: Literal["failed_breaking_cast", "any_breaking_attempt"] = Field(
        "failed_breaking_cast", description=_q("unbreakable_oath_penalty_trigger")
    )
    comrade_bonus_kind: Literal["skill_bonus", "dice"] = Field("skill_bonus", description=_q("comrade_bonus_kind"))
    cooperative_attack_duration: Literal["round", "combat", "next_attack"] = Field(
        "round", description=_q("cooperative_attack_duration")
    )
    thorn_bush_damage: Literal["weapon_damage_with_ap", "weapon_damage_no_ap"] = Field(
        "weapon_damage_with_ap", description=_q("thorn_bush_damage")
    )
    thorn_bush_declaration: Literal["any_declared_defence", "first_segment_only"] = Field(
        "any_declared_defence", description=_q("thorn_bush_declaration")
    )
    shield_splitter_duration: Literal["this_attack", "round"] = Field(
        "this_attack", description=_q("shield_splitter_duration")
    )
    botch_means: Literal["failed_cast", "critical_failure"] = Field("failed_cast", description=_q("botch_means"))
    shieldbearer_resolution: Literal["switched_shield_block", "declared_shield_block"] = Field(
        "switched_shield_block", description=_q("shieldbearer_resolution")
    )
    confound_base_speed: int = Field(1, description=_q("confound_base_speed"), ge=0, le=MAX_DEFENCE)
    strands_reduce_to_legend: Literal["boxes_left", "wounds_dealt"] = Field(
        "boxes_left", description=_q("strands_reduce_to_legend")
    )
    declaration_tie: Literal["enemies_first_then_random", "pcs_first_then_random", "random"] = Field(
        "enemies_first_then_random", description=_q("declaration_tie")
    )
    resolution_tie: Literal["margin_then_simultaneous", "simultaneous"] = Field(
        "margin_then_simultaneous", description=_q("resolution_tie")
    )
    round_seconds: int = Field(20, description=_q("round_seconds"), ge=1, le=MAX_SECONDS)
    declared_defence_scope: Literal["all_attacks_in_segment", "first_attack"] = Field(
        "all_attacks_in_segment", description=_q("declared_defence_scope")
    )
    switch_requires_unresolved_action: bool = Field(True, description=_q("switch_requires_unresolved_action"))
    choices_fixed_before_cast: bool = Field(True, description=_q("choices_fixed_before_cast"))
    interrupt_divisor: int = Field(2, description=_q("interrupt_divisor"), ge=1, le=2)
    interrupt_basis: Literal["wounds", "damage"] = Field("wounds", description=_q("interrupt_basis"))
    dodge_speed: Literal["declared_3_switched_5", "unarmed_speed"] = Field(
        "declared_3_switched_5", description=_q("dodge_speed")
    )
    speed_clamped: bool = Field(False, description=_q("speed_clamped"))
    quick_action_base_speed: int = Field(5, description=_q("quick_action_base_speed"), ge=0, le=MAX_DEFENCE)
    escape_pin_tie: Literal["pin_holds", "escape"] = Field("pin_holds", description=_q("escape_pin_tie"))
    block_item_damage: Literal["attacker_damages_blocking_item", "blocker_damages_attacking_weapon"] = Field(
        "attacker_damages_blocking_item", description=_q("block_item_damage")
    )
    empty_pool_gives_hardness: bool = Field(False, description=_q("empty_pool_gives_hardness"))
    steel_helm_head_only: bool = Field(True, description=_q("steel_helm_head_only"))
    hit_choice: Literal["location", "armour_type"] = Field("location", description=_q("hit_choice"))
    ap_capped_by_damage: bool = Field(True, description=_q("ap_capped_by_damage"))
    head_multiplier_includes_ap: bool = Field(True, description=_q("head_multiplier_includes_ap"))
    legs_penetration: Literal["prone", "knock_back"] = Field("prone", description=_q("legs_penetration"))
    target_weapon_modifiers_stack: bool = Field(True, description=_q("target_weapon_modifiers_stack"))
    disarm_shield_total: Literal["additive", "book_total_4"] = Field("additive", description=_q("disarm_shield_total"))
    dual_wield_mixed_class: Literal["lighter", "heavier"] = Field("lighter", description=_q("dual_wield_mixed_class"))
    item_broken_at_zero: bool = Field(True, description=_q("item_broken_at_zero"))
    warrior_health: Literal["rank", "three_plus_rank"] = Field("rank", description=_q("warrior_health"))
    shieldbearer_armour_pool: Literal["ten_times_modifier", "ten_flat"] = Field(
        "ten_times_modifier", description=_q("shieldbearer_armour_pool")
    )
    warband_ap_effect: bool = Field(False, description=_q("warband_ap_effect"))
    enemy_wyrd_buys_dice: bool = Field(False, description=_q("enemy_wyrd_buys_dice"))
    gm_merkstave_spender: Literal["automated_policy", "players", "gm"] = Field(
        "automated_policy", description=_q("gm_merkstave_spender")
    )
    gm_mode: Literal["ask", "defaults"] = Field("ask", description=_q("gm_mode"))

    @field_validator("knowledge_skills", "verbal_skills")
    @classmethod
    def _catalogue_skills(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        names = []
        for name in value:
            found = rules().skill(name)
            if found is None:
                raise Invalid(N_("{name!r} is not one of the 38 skills"), name=name)
            names.append(found.name)
        return tuple(dict.fromkeys(names))
