"""Whom two of the gallery's foes may aim at (spec 001b §8.4, §9): a wendol whose notes bought it the option
counts the non-wendol foes among its targets, by the flowchart's rules, and the combat tracker lets it strike
them (in a run's fight, scoring nobody's victory points) only then; Sark Amen may trade targets among
themselves whatever the flowchart says, so long as every hero keeps as many of them on him."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError, RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Badge, BoardView
from runehall.present.check import program_values
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.running import TargetFoe, TargetHero, legal_targets, sark_amen_trade
from test_rune_board import board
from test_rune_combat import Fight, fighter, hero

HEROES = (TargetHero("Ragnar", 50), TargetHero("Thurid", 50, engaged_with_foe=False))


def hint(view: BoardView, foe: str) -> Badge:
    card = next(c for c in view.combatants if c.key == foe)
    return next(b for b in card.badges if b.label.startswith(("may attack", "puede atacar")))


# -- the wendol's option, as a rule (001b §8.4, §9) ------------------------------------------------------
def test_a_wendol_with_the_option_counts_the_other_foes_as_targets() -> None:
    goblin, hidden = TargetHero("Goblin", 20, engaged_with_foe=False), TargetHero("Troll", 60, hidden="half")
    choice = legal_targets(TargetFoe(attacks_foes=True), HEROES, other_foes=[goblin, hidden])
    assert choice.legal == ("Ragnar", "Thurid", "Goblin") and choice.flowchart  # Predictable: no hidden troll
    kept = legal_targets(TargetFoe(attacks_foes=True, current="Goblin"), HEROES, other_foes=[goblin])
    assert kept.legal == ("Ragnar", "Thurid", "Goblin")  # disengaged from the goblin: the flowchart again
    engaged = TargetHero("Goblin", 20)
    stays = legal_targets(TargetFoe(attacks_foes=True, current="Goblin"), HEROES, other_foes=[engaged])
    assert stays.legal == ("Goblin",)  # a Predictable foe keeps the one it engages, a foe as much as a hero
    willed = legal_targets(TargetFoe(self_willed=True, attacks_foes=True), HEROES, other_foes=[goblin, hidden])
    assert "Troll" in willed.legal and willed.spot_rolls == {"Troll": 6}  # found first (half cover)
    assert legal_targets(TargetFoe(), HEROES).legal == ("Ragnar", "Thurid")
    with pytest.raises(RulesError, match="bought it the option"):
        legal_targets(TargetFoe(), HEROES, other_foes=[goblin])  # without the option, never a foe


# -- the wendol's option in the combat tracker ---------------------------------------------------------------
def wendols(**more: Any) -> Fight:
    fight = Fight(
        fighter("Wendol", (0, 0), foe_type="wendol", init=20, **more),
        fighter("Goblin", (2, 0), foe_type="rock_goblin", init=1),
        fighter("Cub", (0, 2), foe_type="wendol", init=2),
        hero("Ragnar", (40, 0), init=0),
    )
    fight.roll_all(Wendol=[5], Goblin=[5], Cub=[5], Ragnar=[5])
    return fight


def test_only_a_wendol_with_the_option_strikes_another_foe() -> None:
    plain = wendols()
    plain.refuse("attack", "fights on Wendol's side", [9, 2], who="Wendol", target="Goblin")
    bought = wendols(attacks_foes=True)
    bought.refuse("attack", "fights on Wendol's side", [9, 2], who="Wendol", target="Cub")  # not a wendol
    hit = bought.do("attack", [9, 2], who="Wendol", target="Goblin")["attack"]
    assert hit["hit"] and bought.who("Goblin").hp == 50 - hit["injury"]["hp_lost"] < 50
    assert bought.who("Wendol").last_target == "Goblin"


def test_the_option_is_a_wendols_alone() -> None:
    with pytest.raises(ParameterError, match="only a wendol foe"):
        Fight(fighter("Troll", (0, 0), foe_type="troll", attacks_foes=True), hero("Ragnar", (5, 0)))
    with pytest.raises(ParameterError, match="only a wendol foe"):
        Fight(fighter("Wendol", (0, 0), foe_type="wendol"), hero("Ragnar", (5, 0), attacks_foes=True))


def test_the_board_hints_and_offers_the_other_foes() -> None:
    fight = wendols(attacks_foes=True)
    badge = hint(board(fight), "Wendol")
    assert badge.label == "may attack Ragnar or Goblin" and "nobody VP" in badge.title
    spanish = hint(board(fight, lang="es"), "Wendol")
    assert "Goblin" in spanish.label and "PV a nadie" in spanish.title and not program_values(spanish.title)
    moves = [m for m in board(fight).moves if m.action == "attack" and m.actor == "Wendol"]
    assert any("Goblin" in m.targets and "Cub" not in m.targets for m in moves)
    assert hint(board(wendols()), "Wendol").label == "may attack Ragnar"


# -- a run's fight: the notes' option, and nobody's VP (001b §8.4, §6) ----------------------------------
def run_with_wendol(bought: bool) -> PlayLog:
    """Four heroes against a Superior wendol (with the option when `bought`) and a Superior Dark Viking (Mix 2 +
    2); a hoard earns what the option spends."""
    designed = notes()
    designed["events"][0]["combat"]["foes"] = [
        {"id": "w", "name": "Wendol", "type": "wendol", "threat": "superior", "attacks_foes": bought},
        {"id": "v", "name": "Viking", "type": "dark_viking", "threat": "superior"},
    ]
    hoard = {"id": "hoard", "name": "Hoard", "kind": "treasure", "lines": [{"label": "Gold", "ep": -30}]}
    designed["events"][0]["elements"] = [hoard]
    log = PlayLog.start("rune", "encounter", {}, setup())
    for action, params in (("notes", {"encounter": designed}), ("begin", {}), ("fight", {"event": "hall"})):
        log.apply(action, params, ManualSource([]))
    for who, die in (("Wendol", 9), ("Viking", 2), ("Ragnar", 3), ("Thurid", 5), ("Bjorn", 7), ("Sigrid", 6)):
        log.apply("initiative", {"who": who}, ManualSource([die]))
    return log


def test_in_a_run_the_bought_wendol_mauls_a_viking_for_nobodys_vp() -> None:
    log = run_with_wendol(bought=True)
    struck = log.apply("attack", {"who": "Wendol", "target": "Viking"}, ManualSource([9, 2]))["result"]["attack"]
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    viking = next(c for c in state.fight.combatants if c.name == "Viking")
    assert struck["hit"] and viking.hp < viking.hp_max
    assert state.tally.events == ()  # no hero dealt it: nobody scores
    plain = run_with_wendol(bought=False)
    with pytest.raises(RulesError, match="fights on Wendol's side"):
        plain.apply("attack", {"who": "Wendol", "target": "Viking"}, ManualSource([9, 2]))


# -- the Sark Amen's trades (001b §9) -----------------------------------------------------------------------
def test_a_sark_amen_may_trade_its_target_with_another() -> None:
    heroes = (TargetHero("Ragnar", 50), TargetHero("Thurid", 50, engaged_with_foe=False, hidden="full"))
    sark = TargetFoe(sark_amen=True, current="Ragnar")
    alone = legal_targets(sark, heroes)
    assert alone.legal == ("Ragnar",) and alone.trades == {}  # Predictable, engaged: it keeps Ragnar
    trading = legal_targets(sark, heroes, sark_amen_targets={"Sark Amen 2": "Thurid", "Sark Amen 3": "Ragnar"})
    assert trading.legal == ("Ragnar", "Thurid") and trading.trades == {"Thurid": "Sark Amen 2"}  # hidden or not
    willed = legal_targets(TargetFoe(self_willed=True, sark_amen=True, current="Ragnar"),
                           (TargetHero("Ragnar", 50), TargetHero("Thurid", 12, wounds=4, runner_hero=True)),
                           sark_amen_targets={"Sark Amen 2": "Thurid"})  # fmt: skip
    assert willed.legal == ("Ragnar", "Thurid")  # a trade is free of the switching limits
    with pytest.raises(ParameterError, match="only a Sark Amen"):
        legal_targets(TargetFoe(current="Ragnar"), heroes, sark_amen_targets={"Sark Amen 2": "Thurid"})
    with pytest.raises(ParameterError, match="only a Sark Amen"):
        legal_targets(TargetFoe(sark_amen=True), heroes, sark_amen_targets={"Sark Amen 2": "Thurid"})


def test_a_trade_keeps_each_heros_count_against_brute_force() -> None:
    sark = ("S1", "S2", "S3")
    heroes = ("Ragnar", "Thurid", "Orm")
    for old, new in product(product(heroes, repeat=3), repeat=2):
        before, after = dict(zip(sark, old, strict=True)), dict(zip(sark, new, strict=True))
        same = all(Counter(old)[h] == Counter(new)[h] for h in heroes)
        if same:
            sark_amen_trade(before, after)
        else:
            with pytest.raises(RulesError, match="as many of them"):
                sark_amen_trade(before, after)
    with pytest.raises(ParameterError):
        sark_amen_trade({"S1": "Ragnar"}, {"S2": "Ragnar"})


def test_the_board_hints_a_sark_amens_trade() -> None:
    fight = Fight(
        fighter("Sark Amen 1", (0, 0), foe_type="sark_amen", init=20),
        fighter("Sark Amen 2", (0, 20), foe_type="sark_amen", init=19),
        hero("Ragnar", (2, 0), init=1),
        hero("Thurid", (2, 20), init=2),
    )
    fight.roll_all(**{"Sark Amen 1": [5], "Sark Amen 2": [5], "Ragnar": [5], "Thurid": [5]})
    fight.do("attack", [2, 9], who="Sark Amen 1", target="Ragnar")
    fight.do("attack", [2, 9], who="Sark Amen 2", target="Thurid")
    badge = hint(board(fight), "Sark Amen 1")
    assert badge.label == "may attack Ragnar or Thurid"
    assert "a trade with Sark Amen 2: it takes Thurid, Sark Amen 2 takes Ragnar" in badge.title
    spanish = hint(board(fight, lang="es"), "Sark Amen 1")
    assert "intercambio con Sark Amen 2" in spanish.title and not program_values(spanish.title)
