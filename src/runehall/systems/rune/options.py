"""Rune's options: every point of spec 001a that the book leaves open, contradicts, or the OCR damaged, as a
named switch with the adopted default, plus the values a table enters for what the OCR lost.

The question each option answers, with its A-nn references, lives in data/options.toml; the descriptions here
are read from it. Entries marked configurable = false there are settled behaviour and have no field;
NOT_OPTIONS lists configurable entries deliberately left out, with the reason; TABLE_DATA lists the fields
that are not in the register because they hold a table's data, not an interpretation. A test checks that the
two agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, Field, field_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.data import read_data_file
from runehall.systems.rune import overrides
from runehall.systems.rune.limits import MAX_DOZENS, MAX_NAMED, MAX_OVERRIDES, MAX_RATING, MAX_RIPOSTES
from runehall.systems.rune.rules import rules

PACKAGE = "runehall.systems.rune"
NOT_OPTIONS = {
    "roll_source": "the source of a roll is chosen per roll (secure, fair, seeded or manual dice), not per table",
}
TABLE_DATA = {
    "weapon_overrides": "values of the lost weapon rows that the table fills in (A11), e.g. whip.dam=3",
    "armor_overrides": "values of the lost Leather Scale row that the table fills in (A15), e.g. leather_scale.prot=4",
}
N = TypeVar("N", int, float)
MAX_BASE_LIMIT = 5000  # an encounter point limit far above any the book gives (350; 450 for a climax)


@cache
def register() -> dict[str, dict[str, Any]]:
    """The option register of data/options.toml, by id."""
    return {o["id"]: o for o in read_data_file(PACKAGE, "options.toml")["option"]}


def _q(option_id: str) -> str:
    entry = register()[option_id]
    refs = ", ".join([*entry.get("assumptions", []), *entry.get("questions", [])])
    runner = " The runner decides at the table; this is the starting value." if entry.get("gm") else ""
    return (f"{entry['question']} ({refs})" if refs else str(entry["question"])) + runner


@dataclass(frozen=True)
class OneOf(AfterValidator):
    """A number that must be one of the readings the register offers (so it is bounded: tests read `choices`)."""

    choices: tuple[float, ...] = ()


def _one_of(*choices: N) -> OneOf:
    def check(value: N) -> N:
        if value not in choices:
            raise Invalid(N_("must be one of {choices}"), choices=", ".join(str(c) for c in choices))
        return value

    return OneOf(check, choices=tuple(float(c) for c in choices))


class RuneOptions(RulesModel):
    self_heal_can_botch: bool = Field(True, description=_q("self_heal_can_botch"))
    multi_contest_ties: Literal["two_party_rules", "reroll_all_tied"] = Field(
        "two_party_rules", description=_q("multi_contest_ties")
    )
    hidden_rolls: bool = Field(True, description=_q("hidden_rolls"))
    unspent_creation_points: Literal["lost_with_warning", "reject"] = Field(
        "lost_with_warning", description=_q("unspent_creation_points")
    )
    ability_cap_after_creation: int | None = Field(
        None, description=_q("ability_cap_after_creation"), ge=3, le=MAX_RATING
    )
    beginner_advice_warnings: bool = Field(True, description=_q("beginner_advice_warnings"))
    improvised_weapons_at_creation: bool = Field(False, description=_q("improvised_weapons_at_creation"))
    sprint_category: Literal["primary", "secondary"] = Field("primary", description=_q("sprint_category"))
    demeanor_characteristic: Literal["com", "pre"] = Field("com", description=_q("demeanor_characteristic"))
    bravery_characteristic: Literal["sta", "str"] = Field("sta", description=_q("bravery_characteristic"))
    pick_lock_kit_load: Annotated[float, _one_of(0.5, 1.0)] = Field(0.5, description=_q("pick_lock_kit_load"))
    sleep_roll: Literal["sta_plus_sleep", "sta_only"] = Field("sta_plus_sleep", description=_q("sleep_roll"))
    swim_raging_factor: Annotated[float, _one_of(0.25, 0.75)] = Field(0.25, description=_q("swim_raging_factor"))
    bargain_tie: Literal["hero_wins_by_one", "reroll"] = Field("hero_wins_by_one", description=_q("bargain_tie"))
    recompute_hp_wt_after_creation: bool = Field(False, description=_q("recompute_hp_wt_after_creation"))
    base_hp_step_above_table: int = Field(4, description=_q("base_hp_step_above_table"), ge=0, le=MAX_RATING)
    wt_step_above_table: int = Field(3, description=_q("wt_step_above_table"), ge=0, le=MAX_RATING)
    incomplete_weapon_rows: Literal["placeholder_needs_data", "omit"] = Field(
        "placeholder_needs_data", description=_q("incomplete_weapon_rows")
    )
    viking_axe_load: Annotated[float, _one_of(1.0, 1.5)] = Field(1.0, description=_q("viking_axe_load"))
    short_bow_dam: Annotated[int, _one_of(6, 4)] = Field(6, description=_q("short_bow_dam"))
    leather_scale_row: Literal["placeholder", "same_as_chain_mail"] = Field(
        "placeholder", description=_q("leather_scale_row")
    )
    buckler_load: Annotated[float, _one_of(0.25, 0.5)] = Field(0.25, description=_q("buckler_load"))
    shield_with_weapon_abilities: tuple[str, ...] = Field(
        ("single_weapon", "brawling", "thrown_weapon"),
        max_length=MAX_NAMED,
        description=_q("shield_with_weapon_abilities"),
    )
    barb_net_damage_soaked: bool = Field(True, description=_q("barb_net_damage_soaked"))
    net_entangles: bool = Field(False, description=_q("net_entangles"))
    thrown_dam_adds_str: bool = Field(True, description=_q("thrown_dam_adds_str"))
    top_encumbrance_legal: bool = Field(True, description=_q("top_encumbrance_legal"))
    missile_atk_enc_dec: bool = Field(True, description=_q("missile_atk_enc_dec"))
    res_static: Literal["untrained_only", "none", "untrained_enc_and_impairment"] = Field(
        "untrained_only", description=_q("res_static")
    )
    beyond_range_rounding: Literal["per_full_10", "per_started_10"] = Field(
        "per_full_10", description=_q("beyond_range_rounding")
    )
    thrown_min_distance_inclusive: bool = Field(True, description=_q("thrown_min_distance_inclusive"))
    ammo_per_shot: int = Field(1, description=_q("ammo_per_shot"), ge=1, le=MAX_DOZENS)
    missile_mods_apply_when_dodged: bool = Field(True, description=_q("missile_mods_apply_when_dodged"))
    stray_only_undodged: bool = Field(True, description=_q("stray_only_undodged"))
    moving_target_definition: Literal["moved_this_round", "declared_move_action"] = Field(
        "moved_this_round", description=_q("moving_target_definition")
    )
    foe_dodge_stat: Literal["res", "res_plus_qik"] = Field("res", description=_q("foe_dodge_stat"))
    init_plan_fixed: bool = Field(True, description=_q("init_plan_fixed"))
    gift_count_basis: Literal["distinct_gifts", "gift_levels"] = Field(
        "distinct_gifts", description=_q("gift_count_basis")
    )
    delay_exact_step_20: Literal["loses_action", "keeps_action"] = Field(
        "loses_action", description=_q("delay_exact_step_20")
    )
    half_action_attack_unmodified: Literal["no_maneuver_bonus", "no_modifiers"] = Field(
        "no_maneuver_bonus", description=_q("half_action_attack_unmodified")
    )
    ties_two_half_actions: bool = Field(True, description=_q("ties_two_half_actions"))
    fatigue_rule: Literal["sta_vs_11_one_impairment", "runner_decides"] = Field(
        "sta_vs_11_one_impairment", description=_q("fatigue_rule")
    )
    maneuver_duration: Literal["rest_of_round", "one_action"] = Field(
        "rest_of_round", description=_q("maneuver_duration")
    )
    engagement_zero_vs_nonresisting: Literal["tie_rule", "fail", "success"] = Field(
        "tie_rule", description=_q("engagement_zero_vs_nonresisting")
    )
    disengage_careful_strike_free: bool = Field(True, description=_q("disengage_careful_strike_free"))
    aoo_symmetric: bool = Field(True, description=_q("aoo_symmetric"))
    damaging_place_exposure: Literal["once_a_round", "each_entry"] = Field(
        "once_a_round", description=_q("damaging_place_exposure")
    )
    incapacitated_dfn: Literal["score_zero_plus_roll", "normal_dfn", "automatic_hit"] = Field(
        "score_zero_plus_roll", description=_q("incapacitated_dfn")
    )
    gang_up_formula: Literal["per_extra_opponent", "after_first_hitter"] = Field(
        "per_extra_opponent", description=_q("gang_up_formula")
    )
    charge_min_paces: Annotated[int, _one_of(10, 20)] = Field(10, description=_q("charge_min_paces"))
    brace_automatic: bool = Field(True, description=_q("brace_automatic"))
    berserk_decreases_apply: bool = Field(True, description=_q("berserk_decreases_apply"))
    riposte_scope: Literal["melee_no_move", "any_attack"] = Field("melee_no_move", description=_q("riposte_scope"))
    riposte_max_depth: int = Field(10, description=_q("riposte_max_depth"), ge=1, le=MAX_RIPOSTES)
    ally_between_damage: Literal["dam_minus_soak", "raw_minus_soak"] = Field(
        "dam_minus_soak", description=_q("ally_between_damage")
    )
    fog_of_war_scope: Literal["melee_only", "melee_and_missile"] = Field(
        "melee_only", description=_q("fog_of_war_scope")
    )
    armor_term_in_break_free: Literal["none", "armor_init"] = Field("none", description=_q("armor_term_in_break_free"))
    break_free_both_dfn: bool = Field(True, description=_q("break_free_both_dfn"))
    halving_rounding: Literal["floor", "round_half_up"] = Field("floor", description=_q("halving_rounding"))
    sever_offhand_penalty_stacks: bool = Field(False, description=_q("sever_offhand_penalty_stacks"))
    restrainer_soak_applies: bool = Field(True, description=_q("restrainer_soak_applies"))
    stand_up_timing: Literal["free_roll_then_act", "roll_is_the_action"] = Field(
        "free_roll_then_act", description=_q("stand_up_timing")
    )
    sever_with_thrown_axe: bool = Field(True, description=_q("sever_with_thrown_axe"))
    foe_flee_after_sever: Literal["flee_unless_res", "never_flee"] = Field(
        "flee_unless_res", description=_q("foe_flee_after_sever")
    )
    static_dfn_variant: bool = Field(False, description=_q("static_dfn_variant"))
    foes_use_injury_rules: bool = Field(True, description=_q("foes_use_injury_rules"))
    full_heal_between_encounters: bool = Field(True, description=_q("full_heal_between_encounters"))
    wounded_patient_hp_healing: bool = Field(True, description=_q("wounded_patient_hp_healing"))
    healing_example_uses_total: bool = Field(False, description=_q("healing_example_uses_total"))
    revive_applies_situation_mods: bool = Field(True, description=_q("revive_applies_situation_mods"))
    revive_sets_hp_to_4: bool = Field(True, description=_q("revive_sets_hp_to_4"))
    revive_window: Literal["first_action_of_each_healer", "end_of_next_round"] = Field(
        "first_action_of_each_healer", description=_q("revive_window")
    )
    xp_once_per_encounter: int = Field(1, description=_q("xp_once_per_encounter"), ge=1, le=MAX_NAMED)
    best_fighting_ties: bool = Field(True, description=_q("best_fighting_ties"))
    training_first_point_only: bool = Field(True, description=_q("training_first_point_only"))
    death_insurance_inherits_gear: bool = Field(False, description=_q("death_insurance_inherits_gear"))
    weapon_overrides: tuple[str, ...] = Field((), max_length=MAX_OVERRIDES, description=TABLE_DATA["weapon_overrides"])
    armor_overrides: tuple[str, ...] = Field((), max_length=MAX_OVERRIDES, description=TABLE_DATA["armor_overrides"])

    # -- encounter design and budget (spec 001b §5, §8, §10-§11; 001c) --
    base_limit: int = Field(350, description=_q("base_limit"), ge=1, le=MAX_BASE_LIMIT)
    earned_over_limit_is_error: bool = Field(False, description=_q("earned_over_limit_is_error"))
    max_events: Annotated[int, _one_of(4, 5)] = Field(4, description=_q("max_events"))
    damaging_place_other_dam: Literal["reject", "nearest_lower"] = Field(
        "reject", description=_q("damaging_place_other_dam")
    )
    barriers_use_feature_slots: bool = Field(False, description=_q("barriers_use_feature_slots"))
    strict_budget: bool = Field(True, description=_q("strict_budget"))
    mix_without_adjust: Literal["published", "repriced"] = Field("published", description=_q("mix_without_adjust"))
    barrier_jump_priced: Literal["per_barrier", "per_feature"] = Field(
        "per_barrier", description=_q("barrier_jump_priced")
    )
    heroes_present_checks: Literal["mix_only", "whole_notes"] = Field(
        "mix_only", description=_q("heroes_present_checks")
    )
    plot_encounter_limits: Literal["plot_table", "percentages", "base_limit"] = Field(
        "plot_table", description=_q("plot_encounter_limits")
    )
    roll_of_valor_weapon: Literal["best_profile", "best_each_column"] = Field(
        "best_profile", description=_q("roll_of_valor_weapon")
    )

    # -- traps and hazards (spec 001c §6-§7) --
    init_bonus_price: Literal["five_thirds", "per_full_three"] = Field(
        "five_thirds", description=_q("init_bonus_price")
    )
    escalating_trap_cost: Literal["bare_dam", "with_surcharge"] = Field(
        "bare_dam", description=_q("escalating_trap_cost")
    )
    repeat_shots_keep_limited: bool = Field(False, description=_q("repeat_shots_keep_limited"))
    danger_zone_price: Literal["five_a_point", "book_examples"] = Field(
        "five_a_point", description=_q("danger_zone_price")
    )
    drowning_damage: Literal["example", "escalating_rule"] = Field("example", description=_q("drowning_damage"))
    armour_damage: Literal["one_plus_half", "half"] = Field("one_plus_half", description=_q("armour_damage"))
    flame_ignites: Literal["meets_difficulty", "misses_difficulty"] = Field(
        "meets_difficulty", description=_q("flame_ignites")
    )

    # -- victory points (spec 001b §6-§7) --
    valhalla_low_rank_penalty: Annotated[int, _one_of(30, 0)] = Field(30, description=_q("valhalla_low_rank_penalty"))
    deficit_payment_reduces_total: bool = Field(True, description=_q("deficit_payment_reduces_total"))
    runner_charged_for_pvp_deaths: bool = Field(False, description=_q("runner_charged_for_pvp_deaths"))
    almost_down_includes_own_hero: bool = Field(True, description=_q("almost_down_includes_own_hero"))
    beginner_bonus_counts_for_trifecta: bool = Field(True, description=_q("beginner_bonus_counts_for_trifecta"))

    # -- notes rolls at the table (spec 001b §6.2 item 3, 001c §3) --
    success_vp_per_point: Annotated[int, _one_of(3, 1)] = Field(3, description=_q("success_vp_per_point"))

    # -- running the game, the gallery and terrain at the table (spec 001b §9, §11; 001c §11) --
    cover_elevation_never_a_bonus: bool = Field(True, description=_q("cover_elevation_never_a_bonus"))
    pop_up_fire_lost_action: Literal["headlong_foe_only", "shooter_always", "pop_up"] = Field(
        "headlong_foe_only", description=_q("pop_up_fire_lost_action")
    )
    decoy_panic_counts: Literal["on_field", "placed"] = Field("on_field", description=_q("decoy_panic_counts"))
    decoy_penalty_scope: Literal["within_5_paces", "all_on_field"] = Field(
        "within_5_paces", description=_q("decoy_penalty_scope")
    )
    barb_net_damage: Literal["ordinary", "armor_ignoring"] = Field("ordinary", description=_q("barb_net_damage"))
    rolling_big_miss: Literal["knocked_down", "entangled"] = Field("knocked_down", description=_q("rolling_big_miss"))
    foe_stats_after_damage: bool = Field(True, description=_q("foe_stats_after_damage"))
    land_crab_clamp: Literal["no_attacks", "no_effect"] = Field("no_attacks", description=_q("land_crab_clamp"))
    league: Literal["none", "death_trudge", "outlanders"] = Field("none", description=_q("league"))

    # -- treasure and the other gains (spec 001c §8-§9) --
    liars_silver_limit: Literal["per_encounter", "per_event"] = Field(
        "per_encounter", description=_q("liars_silver_limit")
    )
    treasure_modifier_category: Literal["final", "original"] = Field(
        "final", description=_q("treasure_modifier_category")
    )
    potency_subrolls: Literal["reroll_9_and_0", "literal"] = Field(
        "reroll_9_and_0", description=_q("potency_subrolls")
    )

    # -- Divine Gifts and Rune Powers (spec 001b §2) --
    clatter_levels: Literal["unlimited", "one"] = Field("unlimited", description=_q("clatter_levels"))
    glowing_coals_threat: Literal["by_category", "none"] = Field(
        "by_category", description=_q("glowing_coals_threat")
    )
    battle_axe_duration: Literal["x_rounds", "half_plus_one"] = Field("x_rounds", description=_q("battle_axe_duration"))
    work_hammer_max_threat: Literal["exceptional", "superior", "equal", "inferior", "weak", "pitiful"] = Field(
        "equal", description=_q("work_hammer_max_threat")
    )
    work_sword_reach: Literal["paces", "feet"] = Field("paces", description=_q("work_sword_reach"))
    crow_landing_difficulty: int = Field(6, ge=2, le=20, description=_q("crow_landing_difficulty"))
    flesh_cries_out_stacking: bool = Field(False, description=_q("flesh_cries_out_stacking"))
    roaring_shout_limit: Literal["once_per_fight", "once_per_round"] = Field(
        "once_per_fight", description=_q("roaring_shout_limit")
    )
    squirrel_chain_on_resist: Literal["continues", "ends"] = Field(
        "continues", description=_q("squirrel_chain_on_resist")
    )

    @field_validator("shield_with_weapon_abilities", mode="before")
    @classmethod
    def _abilities(cls, value: object) -> object:
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, list | tuple):
            return value  # the type check reports it
        ids = []
        for name in names:
            found = rules().find("ability", str(name))
            if found is None or found not in rules().fighting_abilities():
                raise Invalid(
                    N_("{name!r} is not a Fighting Ability ({known})"),
                    name=name,
                    known=", ".join(rules().fighting_abilities()),
                )
            ids.append(found)
        return tuple(dict.fromkeys(ids))

    @field_validator("weapon_overrides", mode="before")
    @classmethod
    def _weapon_data(cls, value: object) -> tuple[str, ...]:
        return overrides.parse("weapon", value)

    @field_validator("armor_overrides", mode="before")
    @classmethod
    def _armor_data(cls, value: object) -> tuple[str, ...]:
        return overrides.parse("armor", value)
