"""Running the game (spec 001b §3, 001c §10.1, §11): the rotation and the proxy, the plot schedule, the proxy's
limits, the axe ritual, disclosure, wandering monsters, running away, foes' targets and the default Difficulty."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import ParameterError, Refusal, RulesError
from runehall.present.words import words_for
from runehall.systems.data import read_data_file
from runehall.systems.rune.encounters import running as r
from runehall.systems.rune.encounters.roll_data import roll_data
from runehall.systems.rune.encounters.running_data import RunningFile
from runehall.systems.rune.foe_data import categories
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import PACKAGE

PLAYERS = ["Paul", "Troy", "Alex", "Mark", "Dan"]
# 001c §11.7's chart as the spec prints it: d10 faces -> (category, DAM, Difficulty)
WANDERING = {
    1: ("superior", 36, 7),
    3: ("equal", 28, 6),
    5: ("inferior", 24, 5),
    7: ("weak", 20, 4),
    9: ("pitiful", 16, 3),
}


# -- rotation and proxy ----------------------------------------------------------------------------------
def test_001b_tv14_rotation_and_proxy() -> None:  # 001b TV-14
    turns = r.rotation(PLAYERS)
    assert [t.runner for t in turns] == ["Paul", "Troy", "Alex", "Mark", "Dan", "Paul"]  # max(6, 5) encounters
    first = r.who_plays(turns[0], "Dan")
    assert first == {"Troy": "Troy", "Alex": "Alex", "Mark": "Mark", "Dan": "Dan", "Paul": "Dan"}
    second = r.who_plays(turns[1], "Paul")
    assert second["Paul"] == "Paul" and second["Troy"] == "Paul"  # Paul has his hero back and proxies Troy's
    assert r.who_plays(turns[2], "Mark")["Alex"] == "Mark"
    for turn in turns:
        assert turn.runner not in turn.proxies and {turn.runner, *turn.proxies} == set(PLAYERS)
        assert set(r.who_plays(turn, turn.proxies[0])) == set(PLAYERS)  # every hero in every encounter
    with pytest.raises(RulesError, match="own hero"):
        r.check_proxy(turns[0], "Paul")
    with pytest.raises(ParameterError, match="not playing"):
        r.check_proxy(turns[0], "Olaf")


@given(st.integers(2, 9), st.integers(1, 40))
def test_001b_tv14_everyone_runs_equally_often(players: int, encounters: int) -> None:  # 001b TV-14
    names = [f"p{i}" for i in range(players)]
    counts = Counter(t.runner for t in r.rotation(names, encounters))
    runs = [counts[n] for n in names]
    assert max(runs) - min(runs) <= 1
    if encounters % players == 0:
        assert len(set(runs)) == 1


def test_a_rotation_refuses_too_few_or_repeated_players() -> None:
    with pytest.raises(ParameterError):
        r.rotation(["Paul"])
    with pytest.raises(ParameterError):
        r.rotation(["Paul", "Paul", "Dan"])
    assert len(r.rotation(["a", "b", "c", "d", "e", "f", "g"])) == 7  # more players than six: one each


def _schedule(players: list[str]) -> list[str]:
    out = []
    for t in r.plot_schedule(players):
        kind = {"set_up": "Set-Up", "development": "Dev", "climax": "Climax"}.get(t.kind, f"C{t.cushion}")
        out.append(f"{t.runner} {kind}")
    return out


def test_001c_tv94_plot_rotation_with_four_players() -> None:  # 001c TV-94
    expected = "P1 Set-Up, P2 C1, P3 C2, P4 C3, P1 Dev, P2 C4, P3 C5, P4 C6, P1 Climax"
    assert ", ".join(_schedule(["P1", "P2", "P3", "P4"])) == expected


def test_001c_tv95_plot_rotation_with_two_players() -> None:  # 001c TV-95
    expected = "P1 Set-Up, P2 C1, P1 C2, P2 C3, P1 Dev, P2 C4, P1 C5, P2 C6, P1 Climax"
    assert ", ".join(_schedule(["P1", "P2"])) == expected


@given(st.integers(3, 9))
def test_the_plot_rule_for_three_or_more_players(players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    turns = r.plot_schedule(names)
    assert [t.kind for t in turns if t.runner == "p0"] == ["set_up", "development", "climax"]
    assert all(sum(t.runner == n for t in turns) == 2 for n in names[1:])  # one cushion in each half
    assert [t.cushion for t in turns if t.kind == "cushion"] == list(range(1, 2 * (players - 1) + 1))


# -- the proxy's limits ------------------------------------------------------------------------------------
@pytest.mark.parametrize("action", ["spend_vp", "raise_divine_connection", "attack_hero"])
def test_what_a_proxy_may_never_do(action: str) -> None:
    refused = r.proxy_may(action, permission=True)
    assert isinstance(refused, Refusal) and "never" in str(refused)


@pytest.mark.parametrize("action", ["dispose_possessions", "keep_out_of_fight", "withdraw"])
def test_what_a_proxy_may_do_only_with_permission(action: str) -> None:
    assert isinstance(r.proxy_may(action), Refusal)
    assert r.proxy_may(action, permission=True) is True


def test_the_runner_may_veto_a_roll_but_not_a_combat_action() -> None:
    assert r.proxy_may("non_combat_roll") is True
    assert isinstance(r.proxy_may("non_combat_roll", vetoed=True), Refusal)
    assert r.proxy_may("combat_action", vetoed=True) is True
    assert r.proxy_may("silence_runner") is True
    with pytest.raises(ParameterError):
        r.proxy_may("sell_the_longship")


def test_a_proxy_refusal_is_said_in_spanish() -> None:
    es = words_for("es", "rune")
    refusal = r.proxy_may("spend_vp")
    assert isinstance(refusal, Refusal)
    said = es(refusal.template, what=es(refusal.values["what"].template))
    assert said == "un suplente nunca puede gastar los puntos de victoria del héroe"


def test_the_axe_ritual_names_both_runners_in_both_languages() -> None:
    assert [line.speaker for line in r.AXE_RITUAL][-1] == "all"
    for lang in ("en", "es"):
        said = [words_for(lang, "rune")(line.words, old="Paul", new="Troy") for line in r.AXE_RITUAL]
        assert any("Paul" in s for s in said) and any("Troy" in s for s in said)
        assert not any("{" in s for s in said)


# -- disclosure --------------------------------------------------------------------------------------------
def test_the_notes_are_shown_at_the_end_unless_they_hold_clues() -> None:
    assert not r.may_read_notes(False)
    assert r.may_read_notes(True)
    assert r.may_read_notes(True, advanced=True, clues_ahead=False)
    assert not r.may_read_notes(True, advanced=True, clues_ahead=True)
    assert r.may_read_notes(True, advanced=True, clues_ahead=True, hinted_played=True)
    assert r.may_read_notes(True, advanced=False, clues_ahead=True)  # basic play: always shown


def test_a_foes_statistics_once_a_hero_damaged_it() -> None:
    assert not r.may_see_foe_stats(False) and r.may_see_foe_stats(True)
    assert r.may_see_foe_stats(False, RuneOptions(foe_stats_after_damage=False))


# -- unplanned rolls ---------------------------------------------------------------------------------------
def test_001c_tv107_an_unplanned_leap_is_difficulty_6_and_free() -> None:  # 001c TV-107
    difficulty, cost = r.improvised_roll("jump")
    assert (difficulty, cost) == (6, 0)
    assert roll_data().difficulty.default == difficulty and roll_data().difficulty.ep(difficulty) == cost
    assert r.improvised_roll(None, ("dex", "str"))[0] == r.DEFAULT_DIFFICULTY
    with pytest.raises(RulesError, match="never one alone"):
        r.improvised_roll(None, ("dex",))


# -- wandering monsters -------------------------------------------------------------------------------------
def test_001c_tv96_tv97_wandering_superior_monsters() -> None:
    met = r.wandering_monsters(1, {"Ragnar": 5, "Thurid": 8}, {"Ragnar": 60, "Thurid": 60})
    assert met.category == "superior"
    assert met.harm["Ragnar"].damage == 36 + (7 - 5) == 38  # 001c TV-96: no Soak, no Wound
    assert met.harm["Thurid"].damage == 36 // 2 == 18  # 001c TV-97
    assert met.harm["Ragnar"].hp_after == 60 - 38
    assert not met.slaughtered  # one of two succeeded: not more than not


@given(st.integers(1, 10), st.lists(st.integers(1, 10), min_size=1, max_size=7), st.integers(0, 80), st.booleans())
def test_wandering_monsters_against_the_chart(category_die: int, dice: list[int], hp: int, sent: bool) -> None:
    key = max(k for k in WANDERING if k <= category_die)
    category, dam, difficulty = WANDERING[key]
    heroes = {f"h{i}": d for i, d in enumerate(dice)}
    met = r.wandering_monsters(category_die, heroes, dict.fromkeys(heroes, hp), runner_initiated=sent)
    assert (met.category, met.dam, met.difficulty) == (category, dam, difficulty)
    for name, die in heroes.items():
        damage = dam // 2 if die >= difficulty else dam + difficulty - die
        expected = hp - damage if not sent else max(hp - damage, min(hp, 4))
        assert met.harm[name].damage == damage and met.harm[name].hp_after == expected
    assert met.slaughtered == (sum(d >= difficulty for d in dice) > len(dice) / 2)
    assert {c.id for c in categories()} >= {met.category}


def test_wandering_monsters_refuse_what_a_die_cannot_show() -> None:
    with pytest.raises(ParameterError):
        r.wandering_monsters(11, {"a": 5}, {"a": 30})
    with pytest.raises(ParameterError):
        r.wandering_monsters(3, {"a": 0}, {"a": 30})
    with pytest.raises(ParameterError):
        r.wandering_monsters(3, {"a": 5}, {"b": 30})


# -- running away ------------------------------------------------------------------------------------------
def test_001c_tv98_flight_from_crafty_and_other_foes() -> None:  # 001c TV-98
    stripped = r.run_away(15, {"Ragnar": 7}, {"Ragnar": 44}, crafty=True, strip={"Ragnar": 5})
    assert stripped["Ragnar"].treasures_lost == 1 + (15 - 7) // 3 == 3 and stripped["Ragnar"].hp_after == 44
    reduced = r.run_away(15, {"Ragnar": 7}, {"Ragnar": 44})
    assert reduced["Ragnar"].caught and reduced["Ragnar"].hp_after == 5 and reduced["Ragnar"].treasures_lost == 0
    # crafty foes, but the runner keeps his own hero's treasure: the 5 HP rule instead
    assert r.run_away(15, {"Orm": 7}, {"Orm": 44}, crafty=True)["Orm"].hp_after == 5


def test_flight_edges() -> None:
    out = r.run_away(12, {"a": 12, "b": 11, "c": 3}, {"a": 40, "b": 19, "c": 30}, crafty=True, strip={"c": 2})
    assert not out["a"].caught and out["a"].hp_after == 40  # meeting the Res total is enough
    assert out["b"].caught and out["b"].hp_after == 19  # under 20 HP: spared
    assert out["c"].treasures_lost == 2  # 1 + 9 // 3 = 4, but he carries 2
    with pytest.raises(RulesError, match="crafty"):
        r.run_away(12, {"a": 3}, {"a": 40}, strip={"a": 1})


# -- foes' targets -----------------------------------------------------------------------------------------
HEROES = (
    r.TargetHero("Ragnar", hp=25),
    r.TargetHero("Thurid", hp=40, wounds=4),
    r.TargetHero("Orm", hp=35),
    r.TargetHero("Sigrid", hp=50, hidden="half", prone=True),
    r.TargetHero("Runner's", hp=60, runner_hero=True),
)


def test_a_predictable_melee_foe_keeps_its_target() -> None:
    choice = r.legal_targets(r.TargetFoe(current="Ragnar"), HEROES)
    assert choice.legal == ("Ragnar",) and choice.flowchart and choice.must_attack
    free = r.legal_targets(
        r.TargetFoe(current="Ragnar"), (r.TargetHero("Ragnar", 25, engaged_with_foe=False), *HEROES[1:])
    )
    assert "Orm" in free.legal and "Sigrid" not in free.legal  # Predictable foes ignore a hidden hero
    archer = r.legal_targets(r.TargetFoe(current="Ragnar", missile=True, behaviour="crafty"), HEROES)
    assert len(archer.legal) == 4 and not archer.must_attack  # consults the flowchart for every attack


def test_a_self_willed_foe_switches_only_to_a_healthy_hero() -> None:
    choice = r.legal_targets(r.TargetFoe(self_willed=True, current="Ragnar"), HEROES)
    assert choice.legal == ("Ragnar", "Orm", "Sigrid") and not choice.flowchart
    assert r.self_willed_may_switch(HEROES[2]) and not r.self_willed_may_switch(HEROES[1])
    assert not r.self_willed_may_switch(r.TargetHero("x", hp=29))
    assert choice.spot_rolls == {"Sigrid": 6 + 3}  # half cover, prone (terrain.toml)
    at_runner = r.legal_targets(r.TargetFoe(self_willed=True), HEROES, predictable_would_pick={"Runner's"})
    assert "Runner's" in at_runner.legal and "Thurid" in at_runner.legal  # no current target: anyone


def test_foes_as_many_as_heroes_engage_everyone() -> None:
    assert r.engage_everyone(5, 5) and not r.engage_everyone(4, 5)


# -- the file is checked when it loads ----------------------------------------------------------------------
def test_running_toml_refuses_a_gap_an_unknown_category_or_a_missing_proxy_rule() -> None:
    raw = dict(read_data_file(PACKAGE, "running.toml"))
    RunningFile.model_validate(raw)
    broken = [
        {**raw, "wandering": raw["wandering"][1:]},
        {**raw, "wandering": [{**raw["wandering"][0], "category": "dreadful"}, *raw["wandering"][1:]]},
        {**raw, "proxy_rule": raw["proxy_rule"][1:]},
        {**raw, "plot": {**raw["plot"], "two_players": ["1:cushion", *raw["plot"]["two_players"][1:]]}},
    ]
    for bad in broken:
        with pytest.raises(ValueError):
            RunningFile.model_validate(bad)
