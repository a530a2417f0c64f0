"""Every Midgard option changes what the engine does: for each configurable option of options.toml and each
of its non-default values, a probe that gives one answer under the defaults and another under that value.
A last test checks that the probes cover every option and every non-default choice."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.midgard.options import register
from test_midgard_combat import pc
from test_midgard_option_probes import (
    SYSTEM,
    Probe,
    made,
    p_all_placed,
    p_cap_counts_gifts,
    p_carry,
    p_contested_tie,
    p_distinct,
    p_face_2,
    p_future_cap,
    p_future_on_failure,
    p_half,
    p_hauld,
    p_knowledge,
    p_merkstave_policy,
    p_opposed_tie,
    p_penalty_basis,
    p_regain_cap,
    p_resistance,
    p_rune_max,
    p_skill_rank_max,
    p_success,
    p_unqualified_legend,
    p_unspent,
    p_verbal,
    p_wound_rounding,
    p_wyrd_formula,
)
from test_midgard_option_probes_combat import (
    p_berserk_zero,
    p_botch,
    p_buy_once,
    p_comrade,
    p_coop_duration,
    p_exhausted,
    p_hammer,
    p_ignorance,
    p_lower_levels,
    p_luck_form,
    p_natural_healing,
    p_oath,
    p_open_duration,
    p_purge_rate,
    p_special_free,
    p_splitter,
    p_strand_tokens,
    p_thorn_damage,
    p_thorn_declaration,
    p_thunder_cost,
)
from test_midgard_option_probes_more import (
    p_ap_cap,
    p_block_item,
    p_broken,
    p_clamped,
    p_confound_speed,
    p_declaration_tie,
    p_defence_scope,
    p_disarm_shield,
    p_dodge_speed,
    p_dual,
    p_empty_pool,
    p_enemy_dice,
    p_escape_tie,
    p_fixed_choices,
    p_gm_mode,
    p_gm_spender,
    p_head_ap,
    p_helm,
    p_hit_choice,
    p_interrupt,
    p_legs,
    p_quick_speed,
    p_resolution_tie,
    p_round_seconds,
    p_sb_pool,
    p_shieldbearer,
    p_strands,
    p_switch_needs_action,
    p_tw_stack,
    p_warband_ap,
    p_warrior_health,
)

PROBES: dict[tuple[str, Any], Probe] = {
    ("half_rounding", "down"): p_half,
    ("quality_base_below_4", 0): lambda o: made(pc("w", runes=dict.fromkeys(("F", "Th", "A", "H", "T"), 1)), o).defence,
    ("success_comparison", "gt"): p_success,
    ("face_2", "reroll"): p_face_2,
    ("face_2", "merkstave"): p_face_2,
    ("all_free_tokens_placed", False): p_all_placed,
    ("future_cap_all_sources", False): p_future_cap,
    ("future_on_failure", "applies"): p_future_on_failure,
    ("merkstave_policy", "ask_gm"): p_merkstave_policy,
    ("carry_over_consumed", False): p_carry,
    ("opposed_tie", "status_quo"): p_opposed_tie,
    ("opposed_tie", "recast"): p_opposed_tie,
    ("contested_tie", "simultaneous"): p_contested_tie,
    ("resistance_reduction", "ask_gm"): p_resistance,
    ("hauld_extra_skill_points", 2): p_hauld,
    ("unqualified_legend", "rank"): p_unqualified_legend,
    ("legend_skills_distinct", False): p_distinct,
    ("skill_rank_max", 5): p_skill_rank_max,
    ("god_rune_max_in_play", 9): p_rune_max,
    ("wyrd_formula", "base_times_sum"): p_wyrd_formula,
    ("unspent_creation_points", "reject"): p_unspent,
    ("knowledge_skills", ("Craft",)): p_knowledge,
    ("verbal_skills", ("Empathy",)): p_verbal,
    ("wound_box_rounding", "down"): p_wound_rounding,
    ("wound_penalty_basis", "next_empty_box"): p_penalty_basis,
    ("wyrd_cap_counts_gift_costs", True): p_cap_counts_gifts,
    ("wyrd_regain_capped", False): p_regain_cap,
    ("exhausted_stacking", "add"): p_exhausted,
    ("natural_healing", True): p_natural_healing,
    ("gift_requires_lower_levels", True): p_lower_levels,
    ("gift_buy_once", False): p_buy_once,
    ("special_gifts_free_with_skill", False): p_special_free,
    ("strike_of_thunder_cost", 2): p_thunder_cost,
    ("courage_of_ignorance_amount", "all"): p_ignorance,
    ("luck_carry_over_form", "dice"): p_luck_form,
    ("berserk_level_zero_counts", False): p_berserk_zero,
    ("hammer_of_thor_repeatable", False): p_hammer,
    ("purge_the_soul_rate", 2): p_purge_rate,
    ("open_duration", "round"): p_open_duration,
    ("strand_of_fate_tokens", 2): p_strand_tokens,
    ("unbreakable_oath_penalty_trigger", "any_breaking_attempt"): p_oath,
    ("comrade_bonus_kind", "dice"): p_comrade,
    ("cooperative_attack_duration", "combat"): p_coop_duration,
    ("cooperative_attack_duration", "next_attack"): p_coop_duration,
    ("thorn_bush_damage", "weapon_damage_no_ap"): p_thorn_damage,
    ("thorn_bush_declaration", "first_segment_only"): p_thorn_declaration,
    ("shield_splitter_duration", "round"): p_splitter,
    ("botch_means", "critical_failure"): p_botch,
    ("shieldbearer_resolution", "declared_shield_block"): p_shieldbearer,
    ("confound_base_speed", 3): p_confound_speed,
    ("strands_reduce_to_legend", "wounds_dealt"): p_strands,
    ("declaration_tie", "pcs_first_then_random"): p_declaration_tie,
    ("declaration_tie", "random"): p_declaration_tie,
    ("resolution_tie", "simultaneous"): p_resolution_tie,
    ("round_seconds", 30): p_round_seconds,
    ("declared_defence_scope", "first_attack"): p_defence_scope,
    ("switch_requires_unresolved_action", False): p_switch_needs_action,
    ("choices_fixed_before_cast", False): p_fixed_choices,
    ("interrupt_divisor", 1): p_interrupt,
    ("interrupt_basis", "damage"): p_interrupt,
    ("dodge_speed", "unarmed_speed"): p_dodge_speed,
    ("speed_clamped", True): p_clamped,
    ("quick_action_base_speed", 4): p_quick_speed,
    ("escape_pin_tie", "escape"): p_escape_tie,
    ("block_item_damage", "blocker_damages_attacking_weapon"): p_block_item,
    ("empty_pool_gives_hardness", True): p_empty_pool,
    ("steel_helm_head_only", False): p_helm,
    ("hit_choice", "armour_type"): p_hit_choice,
    ("ap_capped_by_damage", False): p_ap_cap,
    ("head_multiplier_includes_ap", False): p_head_ap,
    ("legs_penetration", "knock_back"): p_legs,
    ("target_weapon_modifiers_stack", False): p_tw_stack,
    ("disarm_shield_total", "book_total_4"): p_disarm_shield,
    ("dual_wield_mixed_class", "heavier"): p_dual,
    ("item_broken_at_zero", False): p_broken,
    ("warrior_health", "three_plus_rank"): p_warrior_health,
    ("shieldbearer_armour_pool", "ten_flat"): p_sb_pool,
    ("warband_ap_effect", True): p_warband_ap,
    ("enemy_wyrd_buys_dice", True): p_enemy_dice,
    ("gm_merkstave_spender", "players"): p_gm_spender,
    ("gm_merkstave_spender", "gm"): p_gm_spender,
    ("gm_mode", "defaults"): p_gm_mode,
}


@pytest.mark.parametrize("option,value", list(PROBES), ids=[f"{k}={v}" for k, v in PROBES])
def test_each_non_default_value_changes_the_answer(option: str, value: Any) -> None:
    probe = PROBES[(option, value)]
    default, changed = probe({}), probe({option: list(value) if isinstance(value, tuple) else value})
    assert default != changed, f"{option}={value!r} changes nothing: {default!r}"


def test_the_probes_cover_every_option_and_choice() -> None:
    fields = set(type(SYSTEM.options()).model_fields)
    missing = []
    for option_id, entry in register().items():
        if not entry.get("configurable") or option_id not in fields:
            continue
        choices = entry.get("choices") or []
        others = [c for c in choices if c != entry["default"]] if choices else [None]
        for choice in others:
            covered = [v for k, v in PROBES if k == option_id]
            if (choice is None and not covered) or (choice is not None and choice not in covered):
                missing.append(f"{option_id}={choice}")
    assert not missing, "options without a probe: " + ", ".join(missing)
