"""Rune victory points during an encounter (spec 001b §6.2-§6.5, §9, §11.6, §16.7): the tally records what
happened and refuses what scores nothing by rule; vectors 001b TV-50, TV-55 to TV-59, TV-65, TV-68."""

from __future__ import annotations

from dataclasses import replace

import pytest

from runehall.errors import RulesError
from runehall.present.words import words_for
from runehall.systems.rune.encounters.accounts import Purse, credit, loot_vp
from runehall.systems.rune.encounters.settlement import settle, standing
from runehall.systems.rune.encounters.table_rules import hostage_shield
from runehall.systems.rune.encounters.tally import Seat, Tally, scoring

SEATS = (
    Seat("rut", "h_rut", "Rut", 300),
    Seat("ana", "h_ana", "Asa", 120),
    Seat("bo", "h_bo", "Bodil", 437),
    Seat("cai", "h_cai", "Kari", 0),
)


def table(**changes: object) -> Tally:
    base = Tally(runner="rut", proxy="ana", seats=SEATS, rolls=frozenset({"chasm", "bugs", "door"}))
    return replace(base, **changes)  # type: ignore[arg-type]


def vp(tally: Tally, kind: str, hero: str | None = None) -> int:
    return sum(e.amount for e in tally.of(kind) if hero is None or e.hero == hero)  # type: ignore[arg-type]


def test_the_numbers_come_from_the_data_file() -> None:
    rules = scoring()
    assert (rules.pillager.damage_vp_per_hp, rules.pillager.death_blow_divisor, rules.pillager.success_multiplier) == (
        1,
        2,
        3,
    )
    assert [v.vp for v in rules.valhalla] == [75, 45, 30]
    assert rules.valhalla_vp(4, 30) == 30 and rules.valhalla_vp(4, 0) == 0 and rules.valhalla_vp(2, 0) == 45


# -- damage and death blows ------------------------------------------------------------------------------
def test_001b_tv55_damage_is_capped_at_the_foes_hp_left() -> None:  # 001b TV-55
    t = table().damage("h_bo", "goblin", 12, foe_hp_left=6)
    assert vp(t, "damage_dealt") == 6
    (event,) = t.of("damage_dealt")
    assert event.meta["dealt"] == 12 and event.meta["counted"] == 6
    # A foe already at 0 or below gives nothing more; a blow under the HP left counts whole.
    assert vp(table().damage("h_bo", "g", 9, foe_hp_left=0), "damage_dealt") == 0
    assert vp(table().damage("h_bo", "g", 9, foe_hp_left=40), "damage_dealt") == 9


def test_a_death_blow_is_half_the_might_and_kill_stealing_is_legal() -> None:
    t = table().damage("h_ana", "troll", 50, 55).damage("h_bo", "troll", 5, 5).kill("h_bo", "troll", might=25)
    assert vp(t, "death_blow", "h_bo") == 12 and vp(t, "death_blow", "h_ana") == 0
    with pytest.raises(RulesError, match="already killed"):
        t.kill("h_ana", "troll", might=25)


def test_001b_tv50_a_dishonored_finished_by_another_hero_splits_the_death_blow() -> None:  # 001b TV-50
    t = table().kill("h_ana", "dishonored", might=20, undead_finisher="h_bo")
    assert vp(t, "death_blow", "h_ana") == 5 and vp(t, "death_blow", "h_bo") == 5
    odd = table().kill("h_ana", "dishonored", might=23, undead_finisher="h_bo")  # 11 -> 5 and 5
    assert vp(odd, "death_blow", "h_ana") == vp(odd, "death_blow", "h_bo") == (23 // 2) // 2
    assert vp(table().kill("h_ana", "dishonored", might=20, undead_finisher="h_ana"), "death_blow") == 10


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("decoy", "decoy"),
        ("hostage", "hostage"),
        ("tube_striker", "tube-striker"),
        ("wandering_monster", "wandering monster"),
        ("work_hammer_victim", "Work Hammer"),
    ],
)
def test_what_is_not_a_foe_of_the_notes_scores_nothing(kind: str, words: str) -> None:
    for record in (
        lambda t: t.damage("h_bo", "x", 5, 10, foe_kind=kind),  # type: ignore[arg-type]
        lambda t: t.kill("h_bo", "x", 10, foe_kind=kind),  # type: ignore[arg-type]
    ):
        with pytest.raises(RulesError, match=words):
            record(table())


def test_refused_damage() -> None:
    with pytest.raises(RulesError, match="never negative"):
        table().damage("h_bo", "goblin", -1, 10)
    with pytest.raises(RulesError, match="wendol"):
        table().damage("h_bo", "goblin", 5, 10, via="wendol")
    with pytest.raises(RulesError, match="does not play"):
        table().damage("h_nobody", "goblin", 5, 10)
    # Damage from a trap the hero threw the foe into counts as his.
    assert vp(table().damage("h_bo", "goblin", 7, 10, via="trap"), "damage_dealt") == 7


def test_land_crabs_score_only_when_eaten() -> None:
    hunt = table().damage("h_bo", "crab", 12, 12, foe_kind="land_crab").kill("h_bo", "crab", 14, foe_kind="land_crab")
    accounts = {s.player: Purse() for s in SEATS}
    assert settle(hunt, accounts).scores["bo"].score == 0
    eaten = hunt.crab_eaten("crab")
    assert settle(eaten, accounts).scores["bo"].score == 12 + 14 // 2
    with pytest.raises(RulesError, match="land crab"):
        hunt.crab_eaten("goblin")


# -- rolls -----------------------------------------------------------------------------------------------
def test_001b_tv57_only_the_first_success_counts_unless_the_notes_repeat_the_roll() -> None:  # 001b TV-57
    t = table().roll("h_bo", "chasm", 11, 8).roll("h_bo", "chasm", 14, 8)
    assert [e.amount for e in t.of("success")] == [9, 0]
    dancing = (
        table().roll("h_bo", "bugs", 11, 8, repeat_required=True).roll("h_bo", "bugs", 10, 8, repeat_required=True)
    )
    assert [e.amount for e in dancing.of("success")] == [9, 6]
    # Another hero's first success at the same roll still counts.
    assert vp(t.roll("h_cai", "chasm", 9, 8), "success", "h_cai") == 3


def test_001b_tv58_success_and_failure_vp() -> None:  # 001b TV-58
    assert vp(table().roll("h_bo", "door", 11, 8), "success") == 3 * (11 - 8)
    assert vp(table().roll("h_bo", "door", 8, 8), "success") == 0  # made by exactly 0
    botch = table().roll("h_bo", "door", -8, 8)
    assert vp(botch, "runner_chortle") == 3 * (8 - -8) == 48
    assert all(e.player == "rut" for e in botch.of("runner_chortle"))
    assert vp(table().roll("h_bo", "door", 3, 8, freestanding=True), "runner_chortle") == 0
    # Opposed: the target is the opponent's total.
    assert vp(table().roll("h_bo", "door", 15, 12), "success") == 9
    with pytest.raises(RulesError, match="notes"):
        table().roll("h_bo", "scramble", 11, 8)


# -- the runner's awards ---------------------------------------------------------------------------------
def test_001b_tv59_almost_down_once_per_hero_and_not_for_one_who_dies() -> None:  # 001b TV-59
    t = table().hero_hp("h_bo", hp=20, wounds=0)
    assert vp(t, "runner_almost_down") == 75 + 437 // 10 == 118
    assert t.hero_hp("h_bo", hp=12, wounds=1) == t  # nothing more for the same hero
    assert table().hero_hp("h_bo", hp=21, wounds=3) == table()
    four = table().hero_hp("h_cai", hp=40, wounds=4)
    assert vp(four, "runner_almost_down") == 75
    dead = four.hero_died("h_cai", "foe")
    s = settle(dead, {p.player: Purse() for p in SEATS})
    assert s.runner.almost_down == 0
    with pytest.raises(RulesError, match="0 to 5"):
        table().hero_hp("h_bo", 30, 6)


def test_terrain_claims() -> None:
    t = table().terrain("slope", "slope_area").terrain("pit", "trap")
    assert vp(t, "runner_terrain") == 40
    with pytest.raises(RulesError, match="already earned"):
        t.terrain("slope", "slope_area")
    with pytest.raises(RulesError, match="tube-strikers"):
        t.terrain("tubes", "tube_strikers")


# -- hero against hero, hostages, awards by hand ---------------------------------------------------------
def test_001b_tv65_hero_against_hero() -> None:  # 001b TV-65
    t = table().pvp("h_ana", "h_bo", 7)
    assert vp(t, "pvp_damage", "h_ana") == -35 and vp(t, "damage_taken", "h_bo") == -7
    back = t.pvp("h_bo", "h_ana", 5)
    assert vp(back, "pvp_damage", "h_bo") == 0 and vp(back, "damage_taken", "h_ana") == -5
    assert vp(table().pvp("h_ana", "h_bo", 7, possessed=True), "pvp_damage") == 0
    with pytest.raises(RulesError, match="proxy"):
        table().pvp("h_rut", "h_bo", 3)
    with pytest.raises(RulesError, match="himself"):
        table().pvp("h_bo", "h_bo", 3)
    # Killed on purpose: the killer scores 0, the victim 0, no Valhalla, the runner is not charged.
    killed = t.hero_died("h_bo", "hero_deliberate", killer="h_ana").damage("h_cai", "goblin", 30, 40)
    killed = killed.hero_died("h_rut", "foe")  # a dead hero that does cost the others, to compare
    s = settle(killed, {p.player: Purse() for p in SEATS})
    assert s.scores["ana"].zeroed and s.scores["ana"].score == 0 and s.scores["bo"].score == 0
    assert s.scores["cai"].valhalla == 75  # for the runner's hero only, not for Bodil
    assert s.runner.dead_heroes == 0
    with pytest.raises(RulesError, match="killer"):
        table().hero_died("h_bo", "hero_deliberate")


def test_001b_tv68_hostage_vp_goes_to_the_hero_who_frees_or_kills() -> None:  # 001b TV-68
    # The second hostage has 4 HP left; a hit on its captor without the 10-point bypass passes min(6, raw) to it.
    hit = hostage_shield(14, captor_soak=5, atk_total=12, captor_dfn_total=8)
    assert not hit.bypassed and hit.hostage_loses == min(6, 14) == 6 and 4 - hit.hostage_loses <= 0  # it dies
    t = table().hostage("h_bo", freed=True).hostage("h_cai", freed=False)
    assert vp(t, "hostage_freed", "h_bo") == 20 and vp(t, "hostage_slain", "h_cai") == -20
    assert (scoring().pillager.hostage_freed, scoring().pillager.hostage_slain) == (20, 20)
    assert settle(t, {p.player: Purse() for p in SEATS}).scores["bo"].score == 20


def test_awards_by_hand() -> None:
    t = table().award("gift_bonus", 12, hero="h_bo").award("status_loss", 10, hero="h_cai")
    t = t.award("arguing", scoring().pillager.arguing_penalty, player="rut")
    assert vp(t, "gift_bonus") == 12 and vp(t, "status_loss") == -10 and vp(t, "arguing") == -25
    s = settle(t, {p.player: Purse() for p in SEATS})
    assert s.runner.arguing == -25 and s.scores["rut"].score == 30 - 25
    with pytest.raises(RulesError, match="at least 1"):
        t.award("gift_bonus", 0, hero="h_bo")
    with pytest.raises(RulesError, match="falls on a player"):
        t.award("arguing", 25, hero="h_bo")


def test_the_table_must_make_sense() -> None:
    with pytest.raises(RulesError, match="proxy"):
        Tally(runner="rut", proxy="rut", seats=SEATS)
    with pytest.raises(RulesError, match="one hero"):
        Tally(runner="rut", proxy="ana", seats=(*SEATS, Seat("ana", "h_x", "X")))


# -- loot ------------------------------------------------------------------------------------------------
def test_001b_tv56_loot_at_the_end_of_an_adventure() -> None:  # 001b TV-56
    assert loot_vp(0, [5]) == 5  # the bronze mirror worth 5 oz of silver
    assert loot_vp(12, [5, 3]) == 20
    account, said = credit(Purse(vp_total=100, vp_deficit=3), loot_vp(0, [5]))
    assert (account.vp_total, account.vp_deficit, said.paid, said.credited) == (102, 0, 3, 2)
    with pytest.raises(RulesError):
        loot_vp(-1)


# -- live standing ---------------------------------------------------------------------------------------
def test_the_live_standing_and_who_leads() -> None:
    t = table().damage("h_bo", "g", 20, 30).damage("h_cai", "g2", 5, 30)
    now = standing(t)
    assert now.scores == {"ana": 0, "bo": 20, "cai": 5, "rut": 30}
    assert now.leaders == frozenset({"rut"})
    assert standing(t.damage("h_bo", "g3", 10, 30)).leaders == frozenset({"bo", "rut"})


def test_lines_are_said_in_spanish() -> None:
    t = table().damage("h_bo", "g", 20, 30).hero_hp("h_bo", 15, 0).hero_died("h_cai", "foe")
    s = settle(t, {p.player: Purse() for p in SEATS})
    es, en = words_for("es", "rune"), words_for("en", "rune")
    said = [line.said(es) for p in s.scores.values() for line in p.lines]
    assert "Daño infligido a enemigos (1)" in said
    assert any("Kari" in line and "Héroe muerto" in line for line in said)
    assert all(es.knows(line.rule) for p in s.scores.values() for line in p.lines)
    assert "Damage dealt to foes (1)" in [line.said(en) for line in s.scores["bo"].lines]


def test_the_scoring_file_is_checked_when_it_loads() -> None:
    from runehall.systems.data import read_data_file
    from runehall.systems.rune.encounters.scoring_data import ScoringFile
    from runehall.systems.rune.records import PACKAGE

    good = read_data_file(PACKAGE, "scoring.toml")
    ScoringFile.model_validate(good)
    gap = {**good, "valhalla": [{"standing": 1, "vp": 75}, {"standing": 3, "vp": 30}]}
    upside_down = {**good, "valhalla": [{"standing": 1, "vp": 30}, {"standing": 2, "vp": 45}]}
    low_cap = {**good, "runner": {**good["runner"], "terrain_cap": 10}}
    stray = {**good, "pillager": {**good["pillager"], "bonus": 1}}
    for bad in (gap, upside_down, low_cap, stray):
        with pytest.raises(ValueError):
            ScoringFile.model_validate(bad)
