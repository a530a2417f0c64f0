"""A hero after play: saving the advanced hero as a sheet the system accepts (and carrying it on into the next
log, a fight, the command line), and restoring a dead hero from his death insurance (spec 001a §8.2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli
from runehall.errors import ParameterError, RunehallError
from runehall.systems.registry import get
from runehall.systems.rune import experience
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.options import RuneOptions
from test_rune_advancement import act, ragnar, record, refused
from test_rune_combat import Fight, fighter


def seasoned(options: RuneOptions | None = None) -> Advancement:
    """Ragnar after an encounter (Great Weapon 3 -> 4) and an adventure's training (Traps 0 -> 1)."""
    state = act(record(vp_total=500, options=options), "note", options, ability="great_weapon", reason="beat_dfn")
    state = act(state, "end_encounter", options)
    state = act(state, "buy", options, ability="great_weapon")
    state = act(state, "end_adventure", options)
    return act(state, "buy", options, ability="traps", how="training")


# -- saving the advanced hero ---------------------------------------------------------------------------
def test_the_advanced_hero_is_a_sheet_the_system_accepts() -> None:
    sheet = act(seasoned(), "begin_encounter")
    saved = experience.saved_sheet(sheet, RuneOptions())
    assert saved["advances"] == {"great_weapon": 1, "traps": 1} and saved["abilities"]["great_weapon"] == 3
    assert (saved["vp_total"], saved["vp_spent"]) == (500, 275)
    hero = get("rune").character(json.loads(json.dumps(saved)))
    derived = hero.derived()
    assert derived["abilities"]["great_weapon"]["rating"] == 4 and derived["abilities"]["traps"]["rating"] == 1
    assert derived["combat"]["viking_axe"]["atk"] == 10 and derived["creation_points"]["left"] == 0
    with pytest.raises(RunehallError, match="Great Weapon"):  # creation's cap still holds for bought ratings
        get("rune").character(ragnar(abilities={**saved["abilities"], "great_weapon": 4}))


def test_a_saved_sheet_carries_on_into_the_next_log() -> None:
    saved = experience.saved_sheet(act(seasoned(), "begin_encounter"), RuneOptions())
    again = record(saved)
    assert again.ratings()["great_weapon"] == 4 and again.gained == {"great_weapon": 1, "traps": 1}
    assert (again.vp_total, again.vp_spent, again.vp_free) == (500, 275, 225) and again.hero.advances == {}
    bought = act(act(act(again, "note", ability="great_weapon"), "end_encounter"), "buy", ability="great_weapon")
    assert bought.ratings()["great_weapon"] == 5 and bought.vp_spent == 425
    with pytest.raises(ParameterError, match="give it once"):
        record(saved, vp_total=100)
    with pytest.raises(ParameterError, match="already among the sheet's advances"):
        record(saved, gained={"great_weapon": 1})


def test_the_sheet_checks_what_play_added() -> None:
    with pytest.raises(RunehallError, match="spent is more than"):
        get("rune").character(ragnar(vp_total=10, vp_spent=20))
    with pytest.raises(RunehallError, match="cap of 4"):
        get("rune").character(ragnar(advances={"great_weapon": 2}), RuneOptions(ability_cap_after_creation=4))
    with pytest.raises(RunehallError, match="not an Ability"):
        get("rune").character(ragnar(advances={"axe_juggling": 1}))


def test_the_saved_hero_fights_with_his_new_numbers() -> None:
    saved = experience.saved_sheet(seasoned(), RuneOptions())
    fight = Fight({"name": "Ragnar", "sheet": saved, "at": [0, 0]}, fighter("Goblin", (2, 0)))
    axe = fight.who("Ragnar").weapon("viking_axe")
    assert (axe.init, axe.atk, axe.dfn) == (10, 10, 10)  # each +1 for Great Weapon 4


def test_saving_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    sheet, game, fight = tmp_path / "ragnar.json", str(tmp_path / "game.json"), str(tmp_path / "fight.json")
    sheet.write_text(json.dumps(ragnar()), encoding="utf-8")
    cli("play", "new", game, "rune", "advancement", "--hero", f"@{sheet}")
    cli("play", "do", game, "award", "--vp", "200")
    cli("play", "do", game, "note", "--ability", "great_weapon", "--reason", "beat_dfn")
    cli("play", "do", game, "end_encounter")
    cli("play", "do", game, "buy", "--ability", "great_weapon")
    saved = json.loads(cli("play", "show", game, "--json"))["sheet"]
    assert saved["advances"] == {"great_weapon": 1} and saved["vp_spent"] == 150
    saved_file = tmp_path / "ragnar-after.json"
    saved_file.write_text(json.dumps(saved), encoding="utf-8")
    next_log = str(tmp_path / "next.json")
    assert "Great Weapon 4" in cli("play", "new", next_log, "rune", "advancement", "--hero", f"@{saved_file}")
    people = tmp_path / "people.json"
    people.write_text(json.dumps([{"name": "Ragnar", "sheet": saved}, fighter("Goblin", (2, 0))]), encoding="utf-8")
    shown = json.loads(cli("play", "new", fight, "rune", "combat", "--combatants", f"@{people}", "--json"))
    assert shown["combatants"][0]["weapons"]["viking_axe"]["atk"] == 10


# -- death insurance ------------------------------------------------------------------------------------
def insured() -> Advancement:
    """Ragnar insured at the start of an encounter, after his Great Weapon 4; then he buys more, and dies."""
    state = act(seasoned(), "begin_encounter")
    state = act(state, "insure")
    state = act(state, "note", ability="great_weapon", reason="beat_dfn")
    state = act(state, "end_encounter")
    return act(state, "buy", ability="great_weapon")  # 4 -> 5 after the snapshot


def test_death_insurance_restores_the_snapshot_under_a_new_name() -> None:
    state = insured()
    assert state.ratings()["great_weapon"] == 5 and state.vp_spent == 275 + 25 + 150
    back = act(state, "restore", name="Ragnar's Nephew", weapons=["hand_axe", "dagger"], armor="heavy_leather")
    assert back.hero.name == "Ragnar's Nephew" and back.fallen == ("Ragnar",)
    assert back.ratings()["great_weapon"] == 4 and back.ratings()["traps"] == 1  # as at the snapshot
    assert back.hero.weapons == ("hand_axe", "dagger") and back.hero.shield is None
    assert (back.vp_total, back.vp_spent) == (state.vp_total, state.vp_spent)  # nothing refunded, nothing paid
    assert back.insured == state.insured  # one purchase covers any number of deaths
    saved = experience.saved_sheet(back, RuneOptions())
    assert get("rune").character(saved).derived()["abilities"]["great_weapon"]["rating"] == 4
    again = act(back, "restore", name="Ragnar's Grandson")
    assert again.fallen == ("Ragnar", "Ragnar's Nephew") and again.hero.weapons == ()


def test_a_restore_that_breaks_the_rules_is_refused() -> None:
    refused(seasoned(), "restore", "no death insurance", name="Bjorn")
    state = insured()
    refused(state, "restore", "under a new name", name="ragnar")
    with pytest.raises(ParameterError, match="Long Bow"):  # rare: not a beginning hero's gear
        act(state, "restore", name="Bjorn", weapons=["long_bow"])
    with pytest.raises(ParameterError, match="3"):
        act(state, "restore", name="Bjorn", weapons=["dagger", "hand_axe", "mace", "sap"])
    back = act(state, "restore", name="Bjorn")
    refused(back, "restore", "under a new name", name="Ragnar")  # the dead keep their names


def test_the_replacement_may_inherit_the_gear_at_some_tables() -> None:
    options = RuneOptions(death_insurance_inherits_gear=True)
    state = act(act(seasoned(options), "begin_encounter", options), "insure", options)
    back = act(state, "restore", options, name="Bjorn")
    assert back.hero.weapons == ("viking_axe", "war_maul", "short_bow") and back.hero.armor == "heavy_leather"
    with pytest.raises(RunehallError, match="takes over the dead hero's gear"):
        act(state, "restore", options, name="Bjorn", weapons=["dagger"])
    default = act(act(act(seasoned(), "begin_encounter"), "insure"), "restore", name="Bjorn")
    assert default.hero.weapons == () and default.hero.armor is None


def test_death_insurance_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    sheet, game = tmp_path / "ragnar.json", str(tmp_path / "game.json")
    sheet.write_text(json.dumps(ragnar()), encoding="utf-8")
    cli("play", "new", game, "rune", "advancement", "--hero", f"@{sheet}", "--vp-total", "100")
    before = Path(game).read_bytes()
    assert "no death insurance" in cli("play", "do", game, "restore", "--name", "Bjorn", code=2)
    assert Path(game).read_bytes() == before
    cli("play", "do", game, "insure")
    out = cli("play", "do", game, "restore", "--name", "Bjorn", "--weapons", '["dagger"]')
    assert "back as Bjorn" in out
    shown: dict[str, Any] = json.loads(cli("play", "show", game, "--json"))
    assert shown["hero"] == "Bjorn" and shown["fallen"] == ["Ragnar"] and shown["sheet"]["weapons"] == ["dagger"]
    assert shown["sheet"]["death_insurance"]["abilities"]["great_weapon"] == 3
