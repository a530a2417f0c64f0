"""The answers whose actor is implicit -- take_hit and switch (the one hit), check (whose check is next),
break_pact (the bound one) -- may name it, so a player can give them for their own combatant at a table;
a named actor must be the one the rules pick, and without one the implicit actor answers as before."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.errors import RulesError
from runehall.present.refusals import say
from runehall.present.words import words_for
from runehall.systems import registry
from test_midgard_combat import Game, pc


def hit_on_ulrik() -> Game:
    """Ulrik moves; the raider's sax strike hits him (margin 1) and waits for his answer."""
    game = Game(
        [
            pc(
                "ulrik",
                ws=2,
                defence=3,
                runes={"T": 4, "F": 3},
                skills={"Sax": 2, "Athletics": 1},
                weapons=["sax"],
                name="Ulrik",
            ),
            pc("raider", "raiders", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
        ]
    )
    game.do("next_segment")
    game.declare_all(ulrik={"action": "move"}, raider={"action": "strike", "target": "ulrik"})
    game.do("cast", actor="raider", manual=[3, 5, 2, 2], goal="margin")
    assert game.do("resolve")["answer"] == "take_hit or switch"
    return game


def test_the_implicit_answers_name_an_optional_actor() -> None:
    combat = registry.systems()["midgard"].trackers()["combat"].actions()
    for name in ("take_hit", "switch", "check", "break_pact"):
        assert combat[name].actor_param == "actor"
    for name in ("take_hit", "switch", "check"):
        assert not combat[name].Params.model_fields["actor"].is_required()


def test_a_wrong_actor_is_refused_and_the_right_one_or_none_takes_the_hit_and_checks() -> None:
    results: list[Any] = []
    for actor in (None, "ulrik", "Ulrik"):
        game = hit_on_ulrik()
        game.refuse("take_hit", "Ulrik is the one hit and takes it, not raider", actor="raider", location="arms")
        named = {} if actor is None else {"actor": actor}
        taken = game.do("take_hit", location="arms", **named)
        game.refuse("check", "Ulrik makes the next check, not raider", actor="raider", manual=[6, 3, 8])
        checked = game.do("check", manual=[6, 3, 8], **named)
        results.append((taken, checked, game.state))
    assert results[0] == results[1] == results[2]
    assert results[0][0]["location"] == "arms" and results[0][1]["who"] == "ulrik"


def test_a_wrong_actor_cannot_switch_and_the_right_one_or_none_can() -> None:
    answers = []
    for named in ({}, {"actor": "ulrik"}):
        game = hit_on_ulrik()
        game.refuse("switch", "Ulrik is the one hit and may switch, not raider", actor="raider", defence="dodge")
        game.refuse("switch", "there is no combatant", actor="nobody", defence="dodge")
        answers.append((game.do("switch", defence="dodge", manual=[4, 2, 4], **named), game.state))
    assert answers[0] == answers[1]
    assert answers[0][1].pending is not None and answers[0][1].pending.defence_action == "dodge"


def test_a_named_actor_may_not_pick_the_location_on_an_immobilised_target() -> None:
    """Prone, Ulrik may still take the hit, but the raider picks where it lands (spec §11.4)."""
    game = hit_on_ulrik()
    people = tuple(c.model_copy(update={"prone": c.id == "ulrik"}) for c in game.state.combatants)
    prone = game.state.model_copy(update={"combatants": people})
    take_hit = game.log.tracker.actions()["take_hit"]
    options, source = game.log.option_values(), SeededSource(0)
    with pytest.raises(RulesError, match="Ulrik is immobilised, so raider picks where the hit lands"):
        take_hit.apply(prone, take_hit.Params(actor="ulrik", location="head"), options, source)
    _, taken = take_hit.apply(prone, take_hit.Params(actor="ulrik"), options, source)
    assert taken["hit"] and "location" in taken
    _, aimed = take_hit.apply(prone, take_hit.Params(location="head"), options, source)  # the GM, for the raider
    assert aimed["location"] == "head"


def test_a_refusal_reads_in_the_readers_language() -> None:
    error = hit_on_ulrik().refuse("take_hit", "Ulrik is the one hit", actor="raider", location="arms")
    assert say(error, words_for("es", "midgard")) == "el golpe lo recibe y lo encaja Ulrik, no raider"
