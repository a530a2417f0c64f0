"""Midgard characters: the full characters of spec 003 §16.2 (CH-1, CH-2, with CH-1's broken variants),
every creation and gear input validation.toml says to refuse, the warnings, and the options register.
The §16.1 lookups and formulas are in test_midgard_lookups.py."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from runehall.errors import ParameterError
from runehall.present.refusals import say
from runehall.present.words import words_for
from runehall.systems.base import validate_model
from runehall.systems.data import read_data_file
from runehall.systems.midgard.character import Character
from runehall.systems.midgard.creation import resolve_legend_skills, skill_budget
from runehall.systems.midgard.options import NOT_OPTIONS, MidgardOptions, register
from runehall.systems.midgard.qualities import skill_cost
from runehall.systems.midgard.rules import PACKAGE, rules

DATA = resources.files(PACKAGE).joinpath("data")
VECTORS = {v["id"]: v for v in tomllib.loads(DATA.joinpath("test_vectors.toml").read_text("utf-8"))["vector"]}
CH1 = VECTORS["CH-1"]


def options(**flags: Any) -> MidgardOptions:
    return validate_model(MidgardOptions, flags, "option")


def build(values: dict[str, Any], **flags: Any) -> Character:
    """What GameSystem.character does: validate with the table's options as context."""
    return validate_model(Character, values, "field", {"options": options(**flags)})


def ch1(**changes: Any) -> dict[str, Any]:
    """CH-1's creation choices as a sheet: skill ranks are where its purchases end."""
    given = CH1["input"]
    ranks: dict[str, int] = {}
    for step in given["skill_purchases"]:
        assert skill_cost(step["from"], step["to"]) == step["cost"]
        ranks[step["skill"]] = step["to"]
    sheet = {
        "name": "Astrid",
        "gender": given["gender"],
        "birthright": given["birthright"],
        "legend": given["legend"],
        "legend_skills": given["legend_skills"],
        "rune_points": given["rune_purchases"],
        "skills": ranks,
        "gifts": [g["gift"] for g in given["gifts"]],
        "weapons": given["weapons"],
        "armour": given["armour"],
    }
    return {**sheet, **changes}


# -- §16.1 T-Q3 on a whole sheet, and §16.2 the full characters -------------------------------------------
def test_rank_4_from_a_free_rank_needs_a_hauld() -> None:
    c = VECTORS["T-Q3"]["case"][1]
    for given, affordable in zip(c["input"], c["expect"], strict=True):
        assert skill_budget(given["birthright"], options()) == given["budget"]
        sheet = ch1(birthright=given["birthright"], skills={"Axes": 4}, gifts=["shield_defence"])
        if affordable:
            assert build(sheet).derived()["skills"]["Axes"] == 4
        else:
            with pytest.raises(ParameterError, match="field 'skills': these ranks cost 14 skill points"):
                build(sheet)


def test_ch1_derived_values() -> None:
    got = build(ch1()).derived()
    want = CH1["expect"]
    given = CH1["input"]
    assert got["god_runes"] == want["runes"]
    for key in ("defence", "weapon_skill", "courage", "health", "skills", "legend_rank", "legend_score"):
        assert got[key] == want[key], key
    for key in ("rune_totals", "max_rune_gift_total", "wyrd_max", "bonus_dice_cap", "wound_total"):
        assert got[key] == want[key], key
    assert got["wound_boxes"] == want["wound_boxes"] and got["declaration_score"] == want["declaration_score"]
    assert {k: {f: p[f] for f in ("pool", "hardness", "speed")} for k, p in got["armour"].items()} == want[
        "armour_pools"
    ]
    assert got["armour_speed_penalty"] == want["armour_speed_penalty"]
    axe, shield, dodge = got["attacks"]["large_axe"], got["defences"]["block_round_shield"], got["defences"]["dodge"]
    speeds = {
        "large_axe_one_hand": axe["speed"],
        "large_axe_two_hands_if_free": axe["speed_two_hands"],
        "shield_block_declared": shield["declared"],
        "shield_block_switched": shield["switched"],
        "dodge_declared": dodge["declared"],
        "dodge_switched": dodge["switched"],
        "unarmed": got["unarmed_speed"],
    }
    assert speeds == want["speeds"]
    assert got["throw_range_ft"] == want["throw_range_ft"]
    assert {"dice": axe["dice"], "skill": axe["ranks"], "wyrd": 0} == want["attack_setup"]
    points = got["points"]
    assert (
        points["skills"]["spent"] == given["skill_points_spent"]
        and points["gifts"]["spent"] == given["gift_points_spent"]
    )
    assert got["wyrd"] == got["wyrd_max"] and got["warnings"] == [] and got["primary_gift_rune"] == "algiz"


def test_ch1_attack_odds_from_the_cast_mechanic() -> None:
    from runehall.systems.midgard import SYSTEM

    axe = build(ch1()).derived()["attacks"]["large_axe"]
    cast = SYSTEM.mechanic("cast")
    for key, chance in CH1["expect"]["attack_success"].items():
        params = cast.parse_params({"rune": axe["dice"], "skill": axe["ranks"], "difficulty": int(key[-1])})
        odds = cast.odds(params, SYSTEM.options())
        assert str(odds.outcomes.probability_where(lambda o: o.success)) == chance, key


CH1_BREAKS = {
    "rune_cap": ({"rune_points": {"F": 5, "Th": 4, "A": 0, "H": 1, "T": 4}}, "rune_points", "Freyja 2 \\+ 5 = 7"),
    "rune_points": ({"rune_points": {"F": 4, "Th": 4, "A": 0, "H": 3, "T": 4}}, "rune_points", "15 points"),
    "duplicate_legend_skill": (
        {"legend_skills": ["Sax", "Sax", "Shields", "Alertness"]},
        "legend_skills",
        "Sax is taken twice",
    ),
    "gender_clash": (
        {
            "legend": "huntsman",
            "legend_skills": ["Animal Lore", "Stealth", "Archery", "Alertness"],
            "skills": {},
            "gifts": [],
        },
        "legend_skills",
        "free ranks never stack: a female Huntsman must take Survival instead in slot 1",
    ),
    "fate_weaving": ({"skills": {"Fate Weaving": 1}}, "skills", "only a Volva may have ranks in Fate Weaving"),
    "gift_level": (
        {"skills": {"Axes": 3, "Sax": 2, "Shields": 2, "Athletics": 1}},
        "gifts",
        "Block and Breach is a level-3 gift, above the legend score 2",
    ),
    "gift_points": ({"gifts": [*ch1()["gifts"], "scribe_the_perfect_rune"]}, "gifts", "cost 13 points; there are 12"),
}


@pytest.mark.parametrize("name", [v["name"] for v in CH1["invalid"]])
def test_ch1_invalid_variants(name: str) -> None:
    change, field, words = CH1_BREAKS[name]
    with pytest.raises(ParameterError, match=f"field '{field}': .*{words}"):
        build(ch1(**change))


def test_ch2_hauld_sailor_and_loysing_wounds() -> None:
    want, given = VECTORS["CH-2"]["expect"], VECTORS["CH-2"]["input"]
    sailor = {"name": "Bjorn", "gender": given["gender"], "birthright": given["birthright"], "legend": given["legend"]}
    clash = [*want["legend_skills"]]
    clash[1] = next(s for s in given["slot_2_offered"] if s != want["slot_2_required"])
    with pytest.raises(ParameterError, match=f"must take {want['slot_2_required']} instead in slot 2"):
        build({**sailor, "legend_skills": [*clash[:2], "Sax", clash[3]]})
    for pick in want["legend_skills"][2].split(" or "):
        skills = [*want["legend_skills"][:2], pick, want["legend_skills"][3]]
        got = build({**sailor, "legend_skills": skills, "skills": {"Navigation": 4}}).derived()
        assert all(got["skills"][s] == 1 for s in [*want["free_gender_skills"], *skills[1:]])
        assert got["points"]["skills"] == {"spent": 14, "budget": want["skill_points"]}
    alt = want["skill_points_alt"]
    hauld_2 = build({**sailor, "legend_skills": skills}, hauld_extra_skill_points=alt["hauld_extra_skill_points"])
    assert hauld_2.derived()["points"]["skills"]["budget"] == alt["skill_points"]
    loysing = build({**sailor, "birthright": "Bondsman", "legend_skills": skills, "rune_points": {"F": 2, "H": 2}})
    assert loysing.derived()["health"] == 5
    assert loysing.derived()["wound_total"] == want["loysing_health_5_total_boxes"]


def _picks(legend_id: str, avoid: set[str]) -> list[str]:
    """A valid set of legend picks that keeps clear of the given skills."""
    legend = rules().legend(legend_id)
    assert legend is not None
    picks: list[str] = []
    for slot in legend.slot:
        picks += [o for o in slot.options if o not in avoid and o not in picks][: slot.picks]
    return picks


def test_the_clash_rule_finds_exactly_the_listed_clashes() -> None:
    """Free ranks never stack: every gender skill offered in a slot beside another option is refused there."""
    found = set()
    for legend in rules().legends.legend:
        for package in rules().character.gender_package:
            base = _picks(legend.id, set(package.free_skills))
            assert resolve_legend_skills(tuple(base), legend.id, package.id, options()) == tuple(base)
            position = 0
            for slot in legend.slot:
                for skill in set(slot.options) & set(package.free_skills):
                    picks = [*base[:position], skill, *base[position + 1 :]]
                    with pytest.raises(ValueError, match="free ranks never stack") as refused:
                        resolve_legend_skills(tuple(picks), legend.id, package.id, options())
                    found.add((package.id, legend.id, slot.slots[0], skill, str(refused.value)))
                position += slot.picks
    listed = {(c.gender, c.legend, c.slot, c.clashing_skill) for c in rules().character.gender_clash}
    assert {f[:4] for f in found} == listed
    required = {(c.gender, c.legend): c.required_instead for c in rules().character.gender_clash}
    assert all(f"must take {required[f[0], f[1]]} instead" in f[4] for f in found)


# -- every creation and gear input validation.toml says to refuse ------------------------------------------
REFUSED: dict[str, list[tuple[dict[str, Any], str, str]]] = {
    "V-01": [
        ({"rune_points": {"T": 5}}, "rune_points", "Tyr 4 \\+ 5 = 9: a god rune rises at most 4 above its start of 4")
    ],
    "V-02": [
        (
            {"rune_points": {"F": 4, "Th": 4, "H": 4, "T": 4}},
            "rune_points",
            "16 points spent on god runes; there are 14",
        )
    ],
    "V-03": [
        (
            {"skills": {"Axes": 3, "Sax": 3, "Shields": 2, "Alertness": 2}},
            "skills",
            "cost 16 skill points; a Descendant of Tyr has 13",
        )
    ],
    "V-04": [
        ({"skills": {"Axes": 5}}, "skills", "Axes 5: skill ranks run from 0 to 4"),
        ({"skills": {"Riding": -1}}, "skills", "Riding -1: skill ranks run from 0 to 4"),
    ],
    "V-05": [({"legend_skills": ["Axes", "Axes", "Shields", "Might"]}, "legend_skills", "Axes is taken twice")],
    "V-06": [
        (
            {"legend_skills": ["Axes", "Sax", "Swords", "Might"]},
            "legend_skills",
            "slot 3 of the Warrior takes Shields, not Swords",
        ),
        ({"legend_skills": ["Axes", "Sax", "Shields"]}, "legend_skills", "a Warrior names 4 legend skills: two of Sax"),
    ],
    "V-07": [
        (
            {"gender": "male", "legend": "sailor", "legend_skills": ["Navigation", "Sailing", "Sax", "Athletics"]},
            "legend_skills",
            "Sailing is already a free rank of the male package",
        )
    ],
    "V-08": [({"skills": {"Medicine": 0}}, "skills", "Medicine has a free rank 1 .* cannot be lower")],
    "V-09": [({"skills": {"Fate Weaving": 2}}, "skills", "only a Volva may have ranks in Fate Weaving")],
    "V-10": [({"skills": {"Axes": 2, "Sax": 2, "Shields": 2, "Alertness": 1}}, "gifts", "above the legend score 2")],
    "V-11": [
        ({"gifts": ["hammer_of_thor", "Hammer of Thor"]}, "gifts", "each gift is bought once; twice: Hammer of Thor"),
        ({"gifts": ["norns_cast"]}, "gifts", "Norns Cast is not bought: anyone with ranks in Rune Divination has it"),
    ],
    "V-12": [({"gifts": ["block_and_breach", "storm_of_blades", "way_of_peace", "ambush"]}, "gifts", "cost 13 points")],
    "V-13": [
        ({"armour": {"head": "thick_cloth"}}, "armour", "Thick Cloth cannot be worn on the head"),
        ({"armour": {"head": "Reinforced mail"}}, "armour", "Reinforced mail cannot be worn on the head"),
        ({"armour": {"body": "steel_helm"}}, "armour", "Steel Helm cannot be worn on the body"),
    ],
    "V-14": [({"armour": {"body": ["chainmail", "thick_cloth"]}}, "armour", "one armour type per location")],
    "V-15": [
        ({"birthright": "jarl"}, "birthright", "'jarl' is not a birthright"),
        ({"legend": "pirate"}, "legend", "'pirate' is not a legend"),
        ({"gender": "other"}, "gender", "'other' is not a gender package"),
        ({"skills": {"Juggling": 1}}, "skills", "'Juggling' is not one of the 38 skills"),
        ({"gifts": ["fireball"]}, "gifts", "'fireball' is not a rune gift"),
        ({"weapons": ["katana"]}, "weapons", "'katana' is not a weapon"),
        ({"armour": {"tail": "chainmail"}}, "armour", "'tail' is not an armour location"),
        ({"armour": {"body": "plate"}}, "armour", "'plate' is not an armour type"),
        ({"rune_points": {"Loki": 1}}, "rune_points", "'Loki' is not a god rune"),
    ],
}
INVALID = [v for v in read_data_file(PACKAGE, "validation.toml")["invalid"] if v["area"] in ("creation", "gear")]


def test_every_creation_rule_of_validation_toml_has_cases() -> None:
    assert sorted(REFUSED) == sorted(v["id"] for v in INVALID)


@pytest.mark.parametrize(
    "change,field,words",
    [pytest.param(*c, id=f"{rule_id}-{i}") for rule_id, cs in REFUSED.items() for i, c in enumerate(cs)],
)
def test_refused(change: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(ParameterError, match=f"field '{field}': (.* )?({words})") as refused:
        build(ch1(**change))
    assert str(refused.value).count("field '") == 1  # one error, on the field that breaks the rule


def test_name_and_names_people_type() -> None:
    with pytest.raises(ParameterError, match="field 'name': a character needs a name"):
        build(ch1(name=" "))
    loose = build(
        ch1(birthright="Descendant of Tyr", legend="WARRIOR", gender="Female", gifts="shield defence, Ambush")
    )
    assert (loose.birthright, loose.legend, loose.gender, loose.gifts) == (
        "descendant_of_tyr",
        "warrior",
        "female",
        ("shield_defence", "ambush"),
    )
    assert (
        build(ch1(rune_points={"freyja": 3, "thor": 4, "Heimdall": 3, "t": 4})).rune_points
        == CH1["input"]["rune_purchases"]
    )
    assert build(ch1(skills={"Axes": 3, "trade": 0}, gifts=[])).skills == {"Axes": 3, "Diplomacy": 0}


def test_a_choice_made_when_buying_a_gift() -> None:
    branch = build(ch1(gifts=["the_branch_that_grows:Odin"]))
    assert branch.gifts == ("the_branch_that_grows:odin",)
    assert branch.derived()["gifts"] == ["The Branch that Grows (odin)"] and branch.derived()["rune_totals"] == {
        "berkano": 2
    }
    for gifts, words in [
        (["the_branch_that_grows"], "needs its choice, made when bought"),
        (["the_branch_that_grows:tyr"], "bought with thor or odin, not 'tyr'"),
        (["ambush:thor"], "Ambush has no choice to make"),
    ]:
        with pytest.raises(ParameterError, match=f"field 'gifts': .*{words}"):
            build(ch1(gifts=gifts))


# -- warnings and options -------------------------------------------------------------------------------------
def test_warnings_are_not_errors() -> None:
    sheet = ch1(rune_points={"T": 4}, skills={}, gifts=["twist_of_fate"], weapons=["berserkr", "broad_sword", "bow"])
    warnings = build(sheet).derived()["warnings"]
    assert warnings == [
        "10 of 14 god rune points unspent (they are lost)",
        "13 of 13 skill points unspent (they are lost)",
        "11 of 12 gift points unspent (they are lost)",
        "the Berserkr is suggested for a Berserker; the GM decides",
        "the Broad Sword is suggested for a Chieftain; the GM decides",
        "Twist of Fate needs ranks in Fate Weaving, which this character lacks",
    ]
    for change, field in [
        ({"rune_points": {"T": 4}}, "rune_points"),
        ({"skills": {}}, "skills"),
        ({"gifts": []}, "gifts"),
    ]:
        with pytest.raises(ParameterError, match=f"field '{field}': .* points left unspent"):
            build(ch1(**change), unspent_creation_points="reject")
    assert build(ch1(), unspent_creation_points="reject").derived()["points"]["skills"]["spent"] == 13


def test_gift_options() -> None:
    norns = ch1(skills={**ch1()["skills"], "Rune Divination": 0}, gifts=["hammer_of_thor", "norns_cast"])
    assert build(norns, special_gifts_free_with_skill=False).derived()["special_gifts"] == ["Norns Cast"]
    seer = build(ch1(skills={"Axes": 2, "Sax": 2, "Shields": 2, "Alertness": 2, "Rune Divination": 1}, gifts=[]))
    assert seer.derived()["special_gifts"] == ["Norns Cast"]
    twice = build(ch1(gifts=["ambush", "ambush"]), gift_buy_once=False)
    assert twice.derived()["points"]["gifts"]["spent"] == 2
    with pytest.raises(ParameterError, match="Block and Breach needs the lower gifts of Algiz first: Shieldbearer"):
        build(ch1(gifts=["shield_defence", "block_and_breach"]), gift_requires_lower_levels=True)


def test_reading_options_change_the_sheet() -> None:
    assert build(ch1(), wyrd_formula="base_times_sum").derived()["wyrd_max"] == 1 * (3 + 6)
    assert build(ch1(), unqualified_legend="rank").derived()["bonus_dice_cap"] == 2 + 2
    assert build(ch1(), wound_box_rounding="down").derived()["wound_total"] == 15 + 10 + 7 + 5 + 2
    assert build(ch1(), dodge_speed="unarmed_speed").derived()["defences"]["dodge"] == {"declared": 3, "switched": 3}
    helm = build(ch1(armour={"body": "steel_helm"}), steel_helm_head_only=False)
    assert helm.derived()["armour"]["steel_helm"]["pool"] == 8 * 2
    twice = ch1(legend_skills=["Sax", "Sax", "Shields", "Alertness"], skills={"Sax": 2, "Shields": 2, "Alertness": 2})
    same = build(twice, legend_skills_distinct=False).derived()
    assert same["skills"]["Sax"] == 2 and same["points"]["skills"]["spent"] == 2 + 2 + 2  # Sax's free rank is +1 once
    hauld = build(ch1(birthright="hauld"), hauld_extra_skill_points=2)  # derived() keeps the sheet's options
    assert (
        hauld.derived()["points"]["skills"]["budget"] == 15
        and hauld.derived(options())["points"]["skills"]["budget"] == 16
    )


def test_options_match_the_register() -> None:
    fields = MidgardOptions.model_fields
    for option_id, entry in register().items():
        if not entry.get("configurable") or option_id in NOT_OPTIONS:
            assert option_id not in fields, option_id
            continue
        default = fields[option_id].default
        assert (list(default) if isinstance(default, tuple) else default) == entry["default"], option_id
        assert entry["question"] in str(fields[option_id].description), option_id
    assert set(fields) <= set(register())
    assert set(NOT_OPTIONS) <= {i for i, e in register().items() if e.get("configurable")}
    with pytest.raises(ParameterError, match="'Juggling' is not one of the 38 skills"):
        options(knowledge_skills=["Juggling"])
    assert options(hauld_extra_skill_points="2").hauld_extra_skill_points == 2


def test_forms_offer_the_data_choices() -> None:
    schema = Character.model_json_schema()["properties"]
    assert (
        schema["birthright"]["enum"] == [b.id for b in rules().character.birthright]
        and len(schema["legend"]["enum"]) == 12
    )
    assert schema["gender"]["enum"] == ["male", "female"]


def test_a_validators_refusal_reads_in_spanish() -> None:
    with pytest.raises(ParameterError) as refused:
        build(ch1(skills={"Juggling": 1}))
    assert "'Juggling' no es ninguna de las 38 habilidades" in say(refused.value, words_for("es", "midgard"))
    with pytest.raises(ParameterError) as refused:  # the book's names in it are said in Spanish too
        build(ch1(gifts=["norns_cast"]))
    assert str(refused.value).endswith("Norns Cast is not bought: anyone with ranks in Rune Divination has it")
    said = say(refused.value, words_for("es", "midgard"))
    assert said.endswith("Tirada de las nornas no se compra: lo tiene cualquiera con rangos en Adivinación rúnica")
    with pytest.raises(ParameterError) as refused:  # a slot and a gender package, in Spanish words
        build(ch1(legend="huntsman", legend_skills=["Animal Lore", "Stealth", "Archery", "Alertness"], skills={}))
    assert say(refused.value, words_for("es", "midgard")).endswith(
        "un Cazador femenino tiene que elegir Supervivencia en su lugar en el hueco 1"
    )
    with pytest.raises(ParameterError) as refused:  # an armour type and a location
        build(ch1(armour={"head": "thick_cloth"}))
    assert say(refused.value, words_for("es", "midgard")).startswith(
        "armour: Tela gruesa no se puede llevar en la cabeza"
    )
