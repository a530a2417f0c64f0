"""Contests of three or more (spec 001a §2.5, A3; option multi_contest_ties): the book's four-way Gamble
(TV-CON-2), the tie rules, the parameters the CLI and the web give, and the exact odds checked three ways:
against the two-party closed forms, against brute-force enumeration, and by Hypothesis properties."""

from __future__ import annotations

import itertools
import json
from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import cache
from math import lcm, prod
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import enumerate_outcomes
from conftest import Cli
from runehall.chance.dice import StressDie
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, Source
from runehall.errors import ParameterError, RulesError
from runehall.rolling import RollResult
from runehall.systems.data import read_data_file
from runehall.systems.registry import get
from runehall.systems.rune.contests import (
    ContestOfMany,
    Entrant,
    Rule,
    contest_odds,
    round_table,
    settle,
)
from runehall.systems.rune.stress import beats
from runehall.web.forms import collect, fields

SYSTEM = get("rune")
MECHANIC = SYSTEM.mechanic("contest_many")
VECTORS = {v["id"]: v for v in read_data_file("runehall.systems.rune", "test_vectors.toml")["vector"]}
GAMBLERS = "Thurid:3:hero,Thorleik:5:hero,Casin:6,Foldo:4"
RULES: tuple[Rule, ...] = ("two_party_rules", "reroll_all_tied")


def sides(text: str) -> list[str]:
    return text.split(",")


def roll(params: dict[str, Any], faces: list[int], **options: Any) -> dict[str, Any]:
    result = MECHANIC.roll("rune", MECHANIC.parse_params(params), SYSTEM.options(options), ManualSource(faces))
    out: dict[str, Any] = result.to_json()
    return out


def odds(params: dict[str, Any], **options: Any) -> dict[str, Any]:
    out: dict[str, Any] = MECHANIC.odds(MECHANIC.parse_params(params), SYSTEM.options(options)).to_json()
    return out


def view(data: dict[str, Any], name: str) -> dict[Any, Fraction]:
    return {row["outcome"]: Fraction(row["probability"]) for row in data["views"][name]}


# -- the book and the tie rules ---------------------------------------------------------------------------
def test_two_dwarves_tie_for_the_top_and_roll_again() -> None:
    """TV-CON-2: 8, 10, 13, 13; Casin and Foldo reroll 8 and 12: Foldo wins."""
    (case,) = VECTORS["TV-CON-2"]["case"]
    out = roll({"sides": sides(GAMBLERS)}, [5, 5, 7, 9, 2, 8])
    first, again = out["detail"]
    assert {s["side"]: s["total"] for s in first} == {s["name"]: s["total"] for s in case["sides"]}
    assert {s["side"]: s["total"] for s in again} == {r["name"]: r["total"] for r in case["rerolls"]}
    assert out["outcome"] == {"winner": case["expect"]["winner"], "tie": "reroll"}
    assert [s["margin"] for s in first] == [-5, -3, 0, 0] and [s["margin"] for s in again] == [-4, 4]
    text = MECHANIC.render(json.loads(json.dumps(out)))  # from the stored JSON alone
    assert text.startswith("contest of 4: Thurid 8 (roll 5, -5)") and text.endswith("Foldo wins by 4")


@pytest.mark.parametrize(
    ("rule", "winner", "tie", "rounds"),
    [("two_party_rules", "Thurid", "hero_wins", 1), ("reroll_all_tied", "Casin", "reroll", 2)],
)
def test_a_hero_tied_with_supporting_characters(rule: str, winner: str, tie: str, rounds: int) -> None:
    """By the two-party rules a hero tied at the top beats supporting characters; the other reading rerolls."""
    faces = [5, 5, 5, 3, 9][: 3 + 2 * (rounds - 1)]
    out = roll({"sides": ["Thurid:4:hero", "Casin:4", "Foldo:0"]}, faces, multi_contest_ties=rule)
    assert out["outcome"] == {"winner": winner, "tie": tie} and len(out["detail"]) == rounds
    if tie == "hero_wins":
        assert MECHANIC.render(out).endswith("Thurid wins the tie at 9, the only hero in it")


def test_tied_heroes_reroll_without_the_supporting_character_at_the_top() -> None:
    """Two heroes and a supporting character tie at 9: by the two-party rules only the heroes roll again."""
    out = roll({"sides": ["Thurid:4:hero", "Thorleik:4:hero", "Casin:4"]}, [5, 5, 5, 2, 8])
    assert [s["side"] for s in out["detail"][1]] == ["Thurid", "Thorleik"]
    assert out["outcome"] == {"winner": "Thorleik", "tie": "reroll"}
    everyone = roll(
        {"sides": ["Thurid:4:hero", "Thorleik:4:hero", "Casin:4"]},
        [5, 5, 5, 2, 3, 8],
        multi_contest_ties="reroll_all_tied",
    )
    assert len(everyone["detail"][1]) == 3 and everyone["outcome"]["winner"] == "Casin"


def test_exploding_and_botched_dice_count_in_full() -> None:
    out = roll({"sides": ["A:0", "B:0", "C:0"]}, [10, 10, 4, 1, 3, 9])  # A: 10 + 10 + 4; B: botch -3; C: 9
    first = out["detail"][0]
    assert [(s["faces"], s["roll"]) for s in first] == [([10, 10, 4], 24), ([1, 3], -3), ([9], 9)]
    assert out["outcome"] == {"winner": "A", "tie": "none"} and first[0]["margin"] == 15


# -- parameters -------------------------------------------------------------------------------------------
def test_short_and_full_forms_of_a_side() -> None:
    short = MECHANIC.parse_params({"sides": sides(GAMBLERS)})
    full = MECHANIC.parse_params(
        {
            "sides": [
                {"name": "Thurid", "bonus": 3, "hero": True},
                {"name": "Thorleik", "bonus": 5, "hero": True},
                {"name": "Casin", "bonus": 6},
                {"name": "Foldo", "bonus": 4, "hero": False},
            ]
        }
    )
    assert short == full
    hurt = MECHANIC.parse_params(
        {"sides": ["A:5", "B:5", {"name": "C", "bonus": 5, "impairment": 2, "lacking_equipment": True}]}
    )
    assert [s.total for s in hurt.sides] == [5, 5, 1]  # the two-sided contest's modifiers, the same model


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (["A:1", "B:2"], "at least 3"),
        ([f"S{i}:0" for i in range(9)], "at most 8"),
        (["A:1", "B:2", "A:3"], "its own name"),
        (["A:1", "B:2", "C"], "NAME:BONUS"),
        (["A:1", "B:2", "C:x"], "whole number"),
        (["A:1", "B:2", "C:3:boss"], "NAME:BONUS"),
        (["A:1", "B:2", "C:99"], "60"),
        (["A:1", "B:2", " :3"], "must not be empty"),
    ],
)
def test_bad_sides_are_refused(values: list[str], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        MECHANIC.parse_params({"sides": values})


def test_the_web_form_offers_it() -> None:
    """The roll panel is built from the Params schema: `sides` is a comma list, and what it sends validates."""
    (field,) = fields(MECHANIC.Params)
    assert (field.name, field.kind, field.required) == ("sides", "list", True)
    values = collect(MECHANIC.Params, {"sides": "Thurid:3:hero, Thorleik:5:hero, Casin:6, Foldo:4"})
    assert MECHANIC.parse_params(values) == MECHANIC.parse_params({"sides": sides(GAMBLERS)})
    assert "contest_many" in SYSTEM.mechanics()


# -- exact odds: the two-party closed forms -----------------------------------------------------------------
@pytest.mark.parametrize(("a", "b"), [(0, 0), (3, 0), (0, 7), (-5, 20), (40, -30)])
def test_one_round_of_two_is_the_closed_form(a: int, b: int) -> None:
    table = round_table((a, b))
    assert table[0b01] == beats(b - a + 1) and table[0b10] == beats(a - b + 1)  # a alone on top; b alone
    assert table[0b11] == beats(b - a) - beats(b - a + 1)  # a tie
    assert sum(table[1:]) == 1


def test_odds_of_the_gamble() -> None:
    data = odds({"sides": sides(GAMBLERS)})
    assert data["truncation"] is None  # nothing cut off
    assert sum(Fraction(r["probability"]) for r in data["outcomes"]) == 1
    won = view(data, "winner")
    assert set(won) == {"Thurid", "Thorleik", "Casin", "Foldo"} and sum(won.values()) == 1
    assert won["Casin"] > won["Thorleik"] > won["Foldo"] > won["Thurid"]
    tie = view(data, "tie")
    assert list(tie) == ["none", "hero_wins", "reroll"] and sum(tie.values()) == 1
    everyone = view(odds({"sides": sides(GAMBLERS)}, multi_contest_ties="reroll_all_tied"), "tie")
    assert "hero_wins" not in everyone and everyone["reroll"] > tie["reroll"]


def test_equal_sides_win_equally_often() -> None:
    for rule in RULES:
        found = contest_odds((0, 0, 0, 0, 0), (False,) * 5, rule)
        per_side = [sum(p for (i, _), p in found.items() if i == k) for k in range(5)]
        assert per_side == [Fraction(1, 5)] * 5


def test_eight_sides_far_apart() -> None:
    """The widest contest: bonuses spread over the whole range, heroes and supporting characters mixed. The
    favourite wins at most as often as it gets at least the runner-up's total, and loses at most as often as
    anyone gets at least its total (two-party closed forms)."""
    bonuses = (-30, -5, 0, 1, 2, 20, 45, 60)
    params = {"sides": [f"S{i}:{b}{':hero' if i % 2 else ''}" for i, b in enumerate(bonuses)]}
    for rule in RULES:
        won = view(odds(params, multi_contest_ties=rule), "winner")
        assert sum(won.values()) == 1 and min(won.values()) > 0
        assert 1 - sum(beats(60 - b) for b in bonuses[:-1]) <= won["S7"] <= beats(45 - 60)


# -- exact odds: brute force ----------------------------------------------------------------------------------
CAP = 3  # extra dice a brute-force stress die may roll


@cache
def capped_die() -> tuple[dict[int, Fraction], Fraction]:
    """Every tape of one stress die that stops after CAP extra dice: each result's probability, and the
    probability of the runs that were cut short (their last die a 10 that would have rolled on)."""
    die = StressDie(cap=CAP)

    def run(source: Source) -> Hashable:
        faces = die.sample(source)
        return die.key(faces), len(faces) > CAP and faces[-1] == 10

    results: dict[int, Fraction] = {}
    cut = Fraction(0)
    for (value, short), p in enumerate_outcomes(run).items():  # type: ignore[misc]
        results[value] = results.get(value, Fraction(0)) + p
        cut += p if short else 0
    return results, cut


def brute_odds(
    entrants: Sequence[Entrant], rule: Rule, die: dict[int, Fraction], rounds: int | None = None
) -> dict[Hashable, Fraction]:
    """(winner, tie) over every combination of the dice's results, ties settled by `settle`; with `rounds`,
    a contest still tied after that many rounds is "unsettled", else every reroll is followed (a set of
    sides that ties again entirely repeats itself, which divides by 1 - P(repeat))."""
    heroes = [e.hero for e in entrants]

    scale = lcm(*(p.denominator for p in die.values()))
    weights = [(value, int(p * scale)) for value, p in die.items()]  # whole numbers: a faster inner loop

    def one_round(left: tuple[int, ...]) -> dict[Hashable, Fraction]:
        out: dict[Hashable, int] = {}
        bonuses, hero_flags = [entrants[i].bonus for i in left], [heroes[i] for i in left]
        for combo in itertools.product(weights, repeat=len(left)):
            weight = prod(w for _, w in combo)
            totals = [value + bonus for (value, _), bonus in zip(combo, bonuses, strict=True)]
            winner, tie, again = settle(totals, hero_flags, rule)
            key: Hashable = (left[winner], tie) if winner is not None else tuple(left[k] for k in again)
            out[key] = out.get(key, 0) + weight
        return {key: Fraction(w, scale ** len(left)) for key, w in out.items()}

    @cache
    def final(left: tuple[int, ...], depth: int) -> dict[int | str, Fraction]:
        step = one_round(left)
        repeat = Fraction(0) if rounds is not None else step.pop(left, Fraction(0))
        out: dict[int | str, Fraction] = {}
        for key, p in step.items():
            if isinstance(key[0], int) and isinstance(key[1], str):
                out[key[0]] = out.get(key[0], Fraction(0)) + p
                continue
            if rounds is not None and depth + 1 >= rounds:
                out["unsettled"] = out.get("unsettled", Fraction(0)) + p
                continue
            for who, q in final(key, depth + 1).items():  # type: ignore[arg-type]
                out[who] = out.get(who, Fraction(0)) + p * q
        return {who: p / (1 - repeat) for who, p in out.items()}

    everyone = tuple(range(len(entrants)))
    found: dict[Hashable, Fraction] = {}
    for key, p in one_round(everyone).items():
        if isinstance(key[1], str):
            found[entrants[key[0]].name, key[1]] = p  # type: ignore[index]
            continue
        if rounds == 1:
            found["unsettled"] = found.get("unsettled", Fraction(0)) + p
            continue
        for who, q in final(key, 1).items():  # type: ignore[arg-type]
            name = who if isinstance(who, str) else entrants[who].name
            k: Hashable = "unsettled" if who == "unsettled" else (name, "reroll")
            found[k] = found.get(k, Fraction(0)) + p * q
    return found


@pytest.mark.parametrize(
    ("entrants", "rule"),
    [
        ((Entrant("a", 0, True), Entrant("b", 2, False), Entrant("c", 3, False)), "two_party_rules"),
        ((Entrant("a", 1, True), Entrant("b", 1, True), Entrant("c", 1, False)), "two_party_rules"),
        ((Entrant("a", 0, True), Entrant("b", 2, True), Entrant("c", 3, False)), "reroll_all_tied"),
        ((Entrant("a", -4, False), Entrant("b", 5, False), Entrant("c", 12, True)), "two_party_rules"),
    ],
)
def test_exact_odds_agree_with_enumerating_the_dice(entrants: tuple[Entrant, ...], rule: Rule) -> None:
    """Every combination of results of dice cut after CAP extra dice, ties followed through every reroll.

    The cut dice and the real ones agree on everything but the runs that reach the cut. In a contest of n
    sides each round ties at the top less than half the time, so fewer than 2n dice are rolled on average, and
    the contest reaches a cut with probability below 2n times one die's: the exact odds lie within that."""
    die, cut = capped_die()
    bound = 2 * len(entrants) * cut
    exact = dict(ContestOfMany(entrants, rule).dist().items())
    brute = brute_odds(entrants, rule, die)
    assert set(brute) == set(exact)
    assert sum(brute.values()) == 1
    for key, p in exact.items():
        assert abs(p - brute[key]) <= bound, (key, float(p), float(brute[key]))
    assert bound <= Fraction(3, 2500)


@pytest.mark.parametrize("rule", RULES)
def test_rolls_enumerated_tape_by_tape(rule: Rule) -> None:
    """Every tape of the mechanic's own Chance (dice cut after one extra die, one round) against every
    combination of the same dice's results: sample and key settle a round exactly as the rules do."""
    entrants = (Entrant("a", 0, True), Entrant("b", 1, False), Entrant("c", 1, False))
    chance = ContestOfMany(entrants, rule, cap=1, max_rounds=1)

    def run(source: Source) -> Hashable:
        try:
            return chance.key(chance.sample(source))
        except RulesError:
            return "unsettled"

    die = StressDie(cap=1)
    one = {k: p for k, p in enumerate_outcomes(lambda s: die.key(die.sample(s))).items() if isinstance(k, int)}
    assert enumerate_outcomes(run) == brute_odds(entrants, rule, one, rounds=1)


def test_every_sampled_result_is_possible() -> None:
    mechanic_odds = MECHANIC.odds(MECHANIC.parse_params({"sides": sides(GAMBLERS)}), SYSTEM.options())
    params = MECHANIC.parse_params({"sides": sides(GAMBLERS)})
    for seed in range(100):
        result = MECHANIC.roll("rune", params, SYSTEM.options(), SeededSource(seed))
        assert mechanic_odds.outcomes.probability(result.outcome) > 0
        stored = RollResult.from_json(json.loads(json.dumps(result.to_json())))
        assert stored.render() == result.render()


# -- exact odds: properties -------------------------------------------------------------------------------------
side_lists = st.lists(st.tuples(st.integers(-8, 12), st.booleans()), min_size=2, max_size=5)


@settings(max_examples=40, deadline=None)
@given(side_lists, st.sampled_from(RULES))
def test_win_probabilities_sum_to_one_whatever_the_order(found: list[tuple[int, bool]], rule: Rule) -> None:
    entrants = tuple(Entrant(f"s{i}", bonus, hero) for i, (bonus, hero) in enumerate(found))
    dist = ContestOfMany(entrants, rule).dist()
    assert dist.total and sum(p for _, p in dist.items()) == 1
    reverse = ContestOfMany(entrants[::-1], rule).dist()
    assert dict(dist.items()) == dict(reverse.items())
    won = {e.name: dist.probability_where(lambda k, n=e.name: k[0] == n) for e in entrants}
    best = max(entrants, key=lambda e: (e.bonus, e.hero))
    assert won[best.name] == max(won.values())  # the highest bonus (a hero among equals) wins most often
    if len({e.hero for e in entrants}) == 1:  # no hero among supporting characters: the two readings agree
        other: Rule = RULES[1 - RULES.index(rule)]
        assert dict(ContestOfMany(entrants, other).dist().items()) == dict(dist.items())


@settings(max_examples=40, deadline=None)
@given(st.integers(-20, 30), st.integers(-20, 30), st.booleans(), st.booleans())
def test_two_sides_agree_with_the_contest_mechanic(a: int, b: int, a_hero: bool, b_hero: bool) -> None:
    """Restricted to two sides, the many-sided contest is the two-sided `contest`, under the two-party rules,
    and also with reroll_all_tied when both sides are heroes or neither is."""
    contest = SYSTEM.mechanic("contest")
    params = contest.parse_params({"a": {"bonus": a}, "b": {"bonus": b}, "a_hero": a_hero, "b_hero": b_hero})
    two = contest.odds(params, SYSTEM.options()).views["winner"]
    for rule in RULES:
        if rule == "reroll_all_tied" and a_hero != b_hero:
            continue
        found = contest_odds((a, b), (a_hero, b_hero), rule)
        many = {"a": Fraction(0), "b": Fraction(0)}
        for (i, _), p in found.items():
            many["ab"[i]] += p
        assert many == {"a": two.probability("a"), "b": two.probability("b")}


# -- the CLI ----------------------------------------------------------------------------------------------------
def test_cli_roll_and_odds(cli: Cli) -> None:
    text = cli("roll", "rune", "contest_many", "--sides", GAMBLERS, "--manual", "5,5,7,9,2,8")
    assert "Foldo wins by 4" in text
    data = json.loads(cli("odds", "rune", "contest_many", "--sides", GAMBLERS, "--json"))
    assert sum(Fraction(r["probability"]) for r in data["views"]["winner"]) == 1
    assert data["views"]["tie"][1]["label"].startswith("a hero takes a tie")
    as_json = json.dumps([{"name": "A", "bonus": 2, "impairment": 1}, {"name": "B"}, {"name": "C", "hero": True}])
    data = json.loads(
        cli("odds", "rune", "contest_many", "--sides", as_json, "-o", "multi_contest_ties=reroll_all_tied", "--json")
    )
    assert {r["outcome"] for r in data["views"]["tie"]} == {"none", "reroll"}
    assert "at least 3" in cli("roll", "rune", "contest_many", "--sides", "A:1,B:2", code=2)


def test_the_web_table_offers_rolls_and_shows_its_odds(client: Any) -> None:
    created = client.post(
        "/tables", data={"name": "Gamble", "gm_name": "Norn", "system": "rune"}, follow_redirects=False
    )
    table_id = created.headers["location"].split("/")[-1]
    assert "rune:contest_many" in client.get(f"/t/{table_id}").text
    panel = client.get(f"/t/{table_id}/panel", params={"mechanic": "rune:contest_many"}).text
    assert 'name="sides"' in panel and "NAME:BONUS:hero" in panel
    form = {"mechanic": "rune:contest_many", "sides": "Thurid:3:hero, Thorleik:5:hero, Casin:6, Foldo:4"}
    shown = client.post(f"/t/{table_id}/odds", data=form).text
    assert "Foldo wins" in shown and "tied at the top: rolled again" in shown
    rolled = client.post(
        f"/t/{table_id}/roll",
        data={**form, "manual": "5,5,7,9,2,8", "visibility": "public"},
        headers={"HX-Request": "true"},
    )
    assert rolled.status_code == 200 and "Foldo wins by 4" in rolled.text
