"""Rune advancement: victory-point accounts, death insurance, experience and training (spec 001a §8), driven by
the "experience", "training" and "vp" vectors of data/test_vectors.toml, as pure functions and as the
`advancement` tracker, from Python and from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli
from runehall.chance.seeded import SeededSource
from runehall.errors import ParameterError, RulesError
from runehall.systems.data import read_data_file
from runehall.systems.registry import get
from runehall.systems.rune import experience
from runehall.systems.rune.advancement import AdvancementTracker
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import PACKAGE

VECTORS = read_data_file(PACKAGE, "test_vectors.toml")
RAGNAR = VECTORS["fixture"]["ragnar"]
SHEET_KEYS = ("name", "characteristics", "abilities", "cp_on_hp", "weapons", "armor", "shield")
TRACKER = AdvancementTracker()


def kind(name: str) -> list[dict[str, Any]]:
    return [v for v in VECTORS["vector"] if v["kind"] == name]


def ragnar(**changes: Any) -> dict[str, Any]:
    return {**{k: RAGNAR[k] for k in SHEET_KEYS}, **changes}


def record(sheet: dict[str, Any] | None = None, options: RuneOptions | None = None, **setup: Any) -> Advancement:
    parsed = TRACKER.parse_setup({"hero": sheet or ragnar(), **setup})
    return TRACKER.start(parsed, options or RuneOptions())


def act(state: Advancement, action: str, options: RuneOptions | None = None, **params: Any) -> Advancement:
    a = TRACKER.action(action)
    new, _ = a.apply(state, a.parse_params(params), options or RuneOptions(), SeededSource(1))
    return new


def refused(state: Advancement, action: str, words: str, **params: Any) -> None:
    with pytest.raises(RulesError) as e:
        act(state, action, **params)
    assert words in str(e.value), str(e.value)


def test_the_vectors_are_all_here() -> None:
    ids = [v["id"] for v in (*kind("experience"), *kind("training"), *kind("vp"))]
    assert ids == ["TV-XP-1", "TV-XP-2", "TV-XP-3", "TV-TRN-1", "TV-TRN-2", "TV-VP-1"]


# -- experience -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("vector", kind("experience"), ids=lambda v: v["id"])
def test_experience_vectors(vector: dict[str, Any]) -> None:
    options = RuneOptions(**vector.get("options", {}))
    for case in vector["case"]:
        ratings = RAGNAR["abilities"] if vector.get("fixture") == "ragnar" else case.get("fighting", {})
        ability, expect = case["ability"], case["expect"]
        assert ratings.get(ability, 0) == case["from"]
        assert experience.xp_price(ratings, ability, options) == expect["vp"]
        # The same purchase at the table: noted in an encounter, bought at its end.
        sheet = ragnar()
        if "fighting" in case:  # Ragnar with the case's Fighting ratings instead of his own
            others = {a: v for a, v in RAGNAR["abilities"].items() if a != "great_weapon"}
            sheet = ragnar(abilities={**others, **case["fighting"]}, cp_on_hp=1)
        state = act(record(sheet, options, vp_total=500), "note", options, ability=ability)
        state = act(state, "end_encounter", options)
        state = act(state, "buy", options, ability=ability)
        to = expect.get("to", case["from"] + 1)
        assert state.ratings()[ability] == to
        assert (state.vp_spent, state.vp_free, state.vp_total) == (expect["vp"], 500 - expect["vp"], 500)
        assert state.bought[-1].model_dump() == {
            "ability": ability, "how": "experience", "from_rating": case["from"], "to_rating": to,
            "vp": expect["vp"], "encounter": 1,
        }  # fmt: skip


def test_ties_for_best_can_be_read_the_other_way() -> None:
    tied = {"single_weapon": 2, "great_weapon": 2}
    assert experience.xp_price(tied, "single_weapon", RuneOptions(best_fighting_ties=False)) == 75
    assert experience.xp_price({"great_weapon": 3, "bows": 1}, "great_weapon", RuneOptions()) == 150


def test_sprint_category_changes_its_price() -> None:
    assert experience.xp_price({"sprint": 1}, "sprint", RuneOptions()) == 45
    assert experience.xp_price({"sprint": 1}, "sprint", RuneOptions(sprint_category="secondary")) == 30


def test_a_raised_hero_has_the_new_numbers() -> None:
    state = act(record(vp_total=150), "note", ability="great weapon", reason="beat_dfn")
    state = act(act(state, "end_encounter"), "buy", ability="Great Weapon")
    before = record().hero.derived()["combat"]["viking_axe"]["atk"]
    after = experience.advanced_hero(state).derived()["combat"]["viking_axe"]["atk"]
    assert (state.ratings()["great_weapon"], after) == (4, before + 1)
    assert state.vp_free == 0


def test_experience_refusals() -> None:
    start = record(vp_total=200)
    refused(start, "buy", "at the end of an encounter, not during an encounter", ability="dodge")
    noted = act(start, "note", ability="dodge")
    ended = act(noted, "end_encounter")
    refused(ended, "buy", "not noted as eligible", ability="bows")
    refused(ended, "note", "noted during an encounter", ability="bows")
    twice = act(ended, "buy", ability="dodge")
    refused(twice, "buy", "already raised 1 time(s)", ability="dodge")
    assert act(twice, "buy", RuneOptions(xp_once_per_encounter=2), ability="dodge").ratings()["dodge"] == 3
    poor = act(act(record(vp_total=149), "note", ability="great_weapon"), "end_encounter")
    refused(poor, "buy", "costs 150 VP and the hero has 149 free", ability="great_weapon")
    refused(start, "note", "only a weapon Ability", ability="dodge", reason="beat_dfn")
    refused(start, "note", "Healer Ability only", ability="dodge", reason="healed")
    refused(start, "note", "cannot be used successfully while unrated", ability="runes")
    assert act(start, "note", ability="brawling", reason="beat_dfn").eligible == {"brawling": "beat_dfn"}
    assert act(start, "note", ability="healer", reason="healed").eligible == {"healer": "healed"}
    # the next encounter forgets the last one's successes
    again = act(twice, "begin_encounter")
    assert (again.encounter, again.eligible, again.raised) == (2, {}, {})


def test_the_table_cap() -> None:
    capped = RuneOptions(ability_cap_after_creation=3)
    state = act(record(vp_total=500), "note", capped, ability="great_weapon")
    state = act(state, "end_encounter", capped)
    with pytest.raises(RulesError, match="over this table's cap of 3"):
        act(state, "buy", capped, ability="great_weapon")
    with pytest.raises(ParameterError, match="cap of 3"):
        record(options=capped, gained={"bows": 3})


def test_characteristics_and_hit_points_are_not_for_sale() -> None:
    state = act(record(vp_total=500), "end_encounter")
    refused(state, "buy", "no mundane way to raise a Characteristic", ability="str")
    refused(state, "buy", "no mundane way to raise a Characteristic", ability="Stamina")
    refused(state, "buy", "only Divine Gifts add them", ability="hp")
    with pytest.raises(ParameterError, match="not an Ability of Rune"):
        act(state, "buy", ability="axe juggling")


# -- training -------------------------------------------------------------------------------------------
WHEN = {"between_adventures": "between_adventures", "between_encounters": "after_encounter"}


@pytest.mark.parametrize("vector", kind("training"), ids=lambda v: v["id"])
def test_training_vectors(vector: dict[str, Any]) -> None:
    for case in vector["case"]:
        state = record(vp_total=300, phase=WHEN[case["when"]])
        expect = case["expect"]
        if expect.get("reject"):
            refused(state, "buy", expect["reason"], ability=case["ability"], how="training")
            continue
        assert experience.training_price(case["ability"], RuneOptions()) == expect["vp"]
        assert state.ratings().get(case["ability"], 0) == expect["from"]
        new = act(state, "buy", ability=case["ability"], how="training")
        assert (new.ratings()[case["ability"]], new.vp_spent) == (expect["to"], expect["vp"])


def test_training_refusals() -> None:
    between = record(vp_total=300, phase="between_adventures")
    refused(between, "buy", "only the first point, and he is rated 1", ability="dodge", how="training")
    loose = RuneOptions(training_first_point_only=False)
    assert act(between, "buy", loose, ability="dodge", how="training").ratings()["dodge"] == 2
    refused(record(vp_total=29, phase="between_adventures"), "buy", "costs 30 VP", ability="lore", how="training")
    refused(record(vp_total=300), "buy", "training only between adventures, not during", ability="lore", how="training")
    # the saga's clock: encounter -> its end -> the adventure's end -> a new encounter
    ended = act(act(record(vp_total=300), "end_encounter"), "end_adventure")
    assert act(ended, "buy", ability="lore", how="training").ratings()["lore"] == 1
    refused(record(), "end_adventure", "after its last encounter")
    refused(record(), "begin_encounter", "still under way")
    refused(ended, "end_encounter", "no encounter is under way")
    assert act(ended, "begin_encounter").phase == "encounter"


# -- accounts and death insurance -------------------------------------------------------------------------
@pytest.mark.parametrize("vector", kind("vp"), ids=lambda v: v["id"])
def test_vp_vectors(vector: dict[str, Any]) -> None:
    for case in vector["case"]:
        state = record(vp_total=case["total"], vp_spent=case["spent"])
        if case.get("buy") == "death_insurance":
            state = act(state, "insure")
            assert state.insured is not None and set(state.insured.sheet()) == {
                "characteristics", "abilities", "advances", "cp_on_hp", "kits_left_behind", "modifiers", "gifts"
            }  # fmt: skip
        expect = case["expect"]
        assert state.vp_free == expect["free"]
        assert (state.vp_total, state.vp_spent) == (
            expect.get("total", case["total"]),
            expect.get("spent", case["spent"]),
        )


def test_account_refusals() -> None:
    with pytest.raises(ParameterError, match="more than vp_total"):
        record(vp_total=10, vp_spent=20)
    refused(record(vp_total=24), "insure", "costs 25 VP and the hero has 24 free")
    refused(act(record(vp_total=100), "award", vp=5), "insure", "start of an encounter")
    with pytest.raises(ParameterError):
        act(record(), "award", vp=0)
    assert act(record(vp_total=100), "award", vp=5).vp_total == 105


def test_the_tracker_is_registered() -> None:
    assert get("rune").tracker("advancement").name == "advancement"
    assert "Ragnar" in TRACKER.render(record(vp_total=10))


# -- the command line ---------------------------------------------------------------------------------------
def test_advancement_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    sheet, game = tmp_path / "ragnar.json", str(tmp_path / "game.json")
    sheet.write_text(json.dumps(ragnar()), encoding="utf-8")

    def refused_cli(*words: str) -> str:
        before = Path(game).read_bytes()
        out = cli("play", "do", game, *words, code=2)
        assert Path(game).read_bytes() == before
        return out

    def state() -> dict[str, Any]:
        data: dict[str, Any] = json.loads(cli("play", "show", game, "--json"))
        return data

    assert "Ragnar" in cli("play", "new", game, "rune", "advancement", "--hero", f"@{sheet}")
    cli("play", "do", game, "award", "--vp", "160")
    cli("play", "do", game, "note", "--ability", "great_weapon", "--reason", "beat_dfn")
    cli("play", "do", game, "note", "--ability", "bows")
    refused_cli("buy", "--ability", "great_weapon")  # not yet: the encounter is under way
    cli("play", "do", game, "end_encounter")
    out = cli("play", "do", game, "buy", "--ability", "great_weapon")
    assert "3 → 4 for 150 VP" in out
    assert "costs 75 VP and the hero has 10 free" in refused_cli("buy", "--ability", "bows")
    refused_cli("buy", "--ability", "str")
    refused_cli("buy", "--ability", "lore", "--how", "training")
    s = state()
    assert (s["vp_total"], s["vp_spent"], s["vp_free"], s["abilities"]["great_weapon"]) == (160, 150, 10, 4)
