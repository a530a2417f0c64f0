"""A shrine of the notes played at the encounter tracker (spec 001c §9.9, A-47; rules §35.5): once a hero has come
to it, a hero on his feet buys a level of a gift of its god at 30% off (fractions dropped) from his free VP,
between fights - offered only then, each button with its price; the level is his in the next fight, the VP are
spent at settlement and the gift written to his sheet; each refusal leaves the log as it was; undo."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from rune_encounter_fixtures import setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.encounters.loot_rules import gift_price_at_shrine
from runehall.systems.rune.encounters.run_gifts import spent_in_run
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.gifts.catalog import gift
from test_rune_items_n6 import CRYPT, _texts

RUNNER = Seat(runs=True, owns=True)
THEWS = "thors_thews"  # 75 VP a level: 52 at the shrine


def run(vp: int = 300) -> PlayLog:
    given = setup()
    for h in given["heroes"]:
        h["sheet"]["vp_total"] = vp
    notes = tomllib.loads(CRYPT.read_text(encoding="utf-8"))
    notes["events"][0]["elements"].append(
        {"id": "altar", "name": "Thor's altar", "kind": "gain", "gain": {"kind": "shrine", "deity": "thor"}}
    )
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": copy.deepcopy(notes)}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def buy(log: PlayLog, gift_id: str = THEWS, hero: str = "Ragnar") -> dict[str, Any]:
    return log.apply("shrine_buy", {"hero": hero, "shrine": "altar", "gift": gift_id}, ManualSource([]))["result"]


def moves(log: PlayLog) -> list[Any]:
    view = log.tracker.board(state(log), words_for("en", "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    return [m for m in view.moves if m.action == "shrine_buy"]


def come(log: PlayLog) -> None:
    log.apply("give_gain", {"gain": "altar", "hero": "Bjorn"}, ManualSource([]))


def test_a_gift_of_the_shrines_god_is_bought_at_seventy_percent() -> None:
    log = run()
    assert moves(log) == []  # nobody has come to it: no gift, no insurance
    come(log)
    offered = {(m.params["hero"], m.params["gift"]) for m in moves(log) if "gift" in m.params}
    assert ("Ragnar", THEWS) in offered and ("Bjorn", THEWS) in offered
    assert all(gift(g).patron == "Thor" and gift_price_at_shrine(gift(g).cost) <= 300 for _, g in offered)
    assert ("Ragnar", "might_of_thor") in offered and gift_price_at_shrine(300) == 210  # 300 VP: 210 at the shrine
    r = buy(log)
    assert r["vp"] == gift_price_at_shrine(75) == 75 * 70 // 100 == 52 and r["level"] == 1
    assert spent_in_run(state(log)) == {"Ragnar": 52}
    log.undo()
    assert state(log).shrine_buys == () and spent_in_run(state(log)) == {}


def test_the_level_is_his_in_the_next_fight_and_on_his_sheet_at_settlement() -> None:
    log = run()
    come(log)
    buy(log)
    fight_event = next(e.id for e in state(log).notes.events if e.combat is not None)  # type: ignore[union-attr]
    log.apply("fight", {"event": fight_event}, ManualSource([]))
    fight = state(log).fight
    assert fight is not None
    ragnar = next(c for c in fight.combatants if c.name == "Ragnar")
    assert ragnar.gifted.levels.get(THEWS) == 1 and ragnar.gifted.free_vp == 300 - 52


def test_a_second_level_costs_its_price_again_and_free_vp_run_out() -> None:
    log = run(vp=110)
    come(log)
    buy(log)
    r = buy(log)
    assert r["level"] == 2 and spent_in_run(state(log)) == {"Ragnar": 104}
    assert not any(m.params["hero"] == "Ragnar" and m.params.get("gift") == THEWS for m in moves(log))  # 6 VP left


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"gift": "the_lie_turns_to_truth"}, "not a gift of the shrine's god"),
        ({"shrine": "nowhere"}, "no hero has come to a shrine"),
        ({"gift": "might_of_thor", "poor": True}, "costs 210 VP at the shrine"),
        ({"gift": "no such gift"}, "is not a Divine Gift"),
    ],
)
def test_what_the_rules_forbid_is_refused_and_nothing_changes(params: dict[str, Any], match: str) -> None:
    log = run(vp=100 if params.pop("poor", False) else 300)
    come(log)
    before = len(log.events)
    with pytest.raises(RulesError, match=match):
        log.apply("shrine_buy", {"hero": "Ragnar", "shrine": "altar", "gift": THEWS} | params, ManualSource([]))
    assert len(log.events) == before


def test_nothing_is_bought_before_anyone_comes_to_the_shrine() -> None:
    log = run()
    with pytest.raises(RulesError, match="no hero has come"):
        buy(log)


def played() -> PlayLog:
    """A gift bought at a shrine (the words tests read its events)."""
    log = run()
    come(log)
    buy(log)
    return log


def test_the_card_reads_in_both_languages() -> None:
    log = played()
    for lang, said in (("en", "Ragnar buys Thor's Thews level 1 at Thor's altar"), ("es", "Ragnar compra")):
        card = log.tracker.action("shrine_buy").describe(log.events[-1], words_for(lang, "rune"), "Thurid")
        texts = _texts(card)
        assert any(said in t for t in texts) and all(program_values(t) == [] for t in texts)


def insure(log: PlayLog, hero: str = "Ragnar") -> dict[str, Any]:
    params = {"hero": hero, "shrine": "altar", "insurance": True}
    return log.apply("shrine_buy", params, ManualSource([]))["result"]


def test_death_insurance_costs_12_at_his_primary_gods_shrine_and_25_elsewhere() -> None:
    log = run()
    given = state(log).setup.heroes
    assert not given[0].sheet.get("gifts")  # no gifts: no primary god
    come(log)
    hints = {m.params["hero"]: m.hint for m in moves(log) if m.params.get("insurance")}
    assert hints["Ragnar"] == "25 VP"
    assert insure(log)["vp"] == 25 and spent_in_run(state(log)) == {"Ragnar": 25}
    with pytest.raises(RulesError, match="already"):
        insure(log)
    assert not any(m.params.get("insurance") and m.params["hero"] == "Ragnar" for m in moves(log))
    buy(log)
    buy(log)  # two levels of Thor's Thews: Thor is his primary god now (a rating of 2)
    assert insure(log, "Bjorn")["vp"] == 25
    fresh = run()
    come(fresh)
    buy(fresh)
    buy(fresh)
    assert insure(fresh)["vp"] == 12


def test_settling_writes_the_snapshot_and_the_gifts_to_his_sheet() -> None:
    log = run()
    come(log)
    buy(log)
    insure(log)
    s = state(log)
    from runehall.systems.rune.encounters.run_shrine import insurance_changes

    taken = insurance_changes(s, "Ragnar")["death_insurance"]
    assert taken["gifts"] == {THEWS: 1}  # the level bought at the shrine goes with him
    assert insurance_changes(s, "Bjorn") == {}
    card = log.tracker.action("shrine_buy").describe(log.events[-1], words_for("es", "rune"), "Thurid")
    assert "seguro" in card.action and program_values(card.action) == []
