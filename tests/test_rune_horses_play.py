"""A hero's horse (spec 001c §10.4, A-48) on his sheet and in the advancement tracker: bought for 150 VP between
adventures (the start of the next) for an outdoor adventure with the plotter's permission, upgraded at 25 VP up to
each upgrade's cap; every refusal leaves the record as it was; the sheet and the board show it in English and
Spanish; the saved sheet carries it (death insurance does not: a restored hero comes without the dead one's horse)."""

from __future__ import annotations

import pytest

from runehall.chance.seeded import SeededSource
from runehall.errors import RulesError
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.base import validate_model
from runehall.systems.rune import experience
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.horses import horse_rules
from runehall.systems.rune.options import RuneOptions
from test_rune_advancement import TRACKER, act, ragnar, record

EN, ES = words_for("en", "rune"), words_for("es", "rune")
OUT = {"outdoor": True, "plotter_permits": True}


def between(vp: int = 400, **sheet: object) -> Advancement:
    return record(ragnar(**sheet), vp_total=vp, phase="between_adventures")


def refused(state: Advancement, action: str, said: str, **params: object) -> None:
    with pytest.raises(RulesError) as e:
        act(state, action, **params)
    assert said in str(e.value), str(e.value)


def test_a_horse_bought_between_adventures() -> None:
    state = act(between(400), "buy_horse", **OUT)
    assert state.hero.horse is not None and state.hero.horse.upgrades == {}
    assert (state.vp_total, state.vp_spent, state.vp_free) == (400, 150, 250)  # the score does not drop


@pytest.mark.parametrize(
    ("outdoor", "permits", "phase", "vp", "said"),
    [
        (False, True, "between_adventures", 400, "outdoor"),
        (True, False, "between_adventures", 400, "permission"),
        (True, True, "encounter", 400, "start"),
        (True, True, "after_encounter", 400, "start"),
        (True, True, "between_adventures", 149, "149"),
    ],
)
def test_a_horse_refused(outdoor: bool, permits: bool, phase: str, vp: int, said: str) -> None:
    state = record(ragnar(), vp_total=vp, phase=phase)
    refused(state, "buy_horse", said, outdoor=outdoor, plotter_permits=permits)
    assert state.hero.horse is None and state.vp_spent == 0


def test_one_horse_a_hero() -> None:
    state = act(between(400), "buy_horse", **OUT)
    refused(state, "buy_horse", "already has a horse", **OUT)


@pytest.mark.parametrize("upgrade", ["hp", "dfn", "move", "res"])
def test_upgrades_up_to_the_cap_then_refused(upgrade: str) -> None:
    rule = next(u for u in horse_rules().upgrade if u.id == upgrade)
    state = act(between(150 + 25 * rule.most + 30), "buy_horse", **OUT)
    for times in range(1, rule.most + 1):
        state = act(state, "upgrade_horse", upgrade=upgrade)
        assert state.hero.horse is not None and state.hero.horse.upgrades[upgrade] == times
    assert state.vp_free == 30
    refused(state, "upgrade_horse", str(rule.most), upgrade=upgrade)


def test_an_upgrade_needs_a_horse_and_its_price_and_may_come_in_an_encounter() -> None:
    refused(between(400), "upgrade_horse", "no horse", upgrade="hp")
    state = act(act(between(175), "buy_horse", **OUT), "begin_encounter")
    state = act(state, "upgrade_horse", upgrade="dfn")  # during an encounter: upgrades come at any moment
    assert state.vp_free == 0
    refused(state, "upgrade_horse", "25", upgrade="dfn")
    assert state.hero.horse is not None and state.hero.horse.upgrades == {"dfn": 1}


def test_the_saved_sheet_and_the_insurance_carry_the_horse() -> None:
    state = act(act(between(400), "buy_horse", **OUT), "upgrade_horse", upgrade="hp")
    saved = experience.saved_sheet(state, state.hero.table_options)
    assert saved["horse"] == {"upgrades": {"hp": 1}}
    hero = validate_model(Hero, saved, "saved sheet")
    assert hero.horse is not None and hero.horse.upgrades == {"hp": 1}
    insured = act(act(state, "begin_encounter"), "insure")  # his horse is a possession, like his gear
    restored = act(insured, "restore", name="Bjorn", weapons=["dagger"])
    assert restored.hero.horse is None
    assert TRACKER.view(state)["horse"] == {"upgrades": {"hp": 1}}


def test_a_sheet_with_too_many_upgrades_is_refused() -> None:
    with pytest.raises(Exception, match="0 to 3 times, not 4"):
        Hero(name="Sven", horse={"upgrades": {"dfn": 4}})


def _horse(sheet: Hero, lang: str) -> dict[str, tuple[str, str]]:
    words = words_for(lang, "rune")
    found = [s for s in sheet.sheet(words).sections if s.title == "Horse"]
    assert len(found) == 1
    return {r.label: (r.gloss, r.value) for r in found[0].rows}


def test_the_horse_on_the_sheet() -> None:
    sheet = Hero(name="Sven", other_items={"anvil": 23}, horse={"upgrades": {"hp": 2, "move": 1, "res": 3}})
    en = _horse(sheet, "en")
    assert en["Trample"] == ("", "INIT 6 · ATK 7 · DFN 1 · DAM 8")
    assert en["Hit points"][1] == "68"  # 48 + 2 x 10
    assert en["Res"][1] == "4"  # 1 + 3
    assert en["Move"][1] == "210 paces, half move 105"
    assert en["Upgrades bought"][1] == "+10 HP × 2 · +10 Move × 1 · +1 Res × 3"
    assert en["Carrying the hero's Load"][1] == "Load 23 of 20: 3 Impairment, Move 180"  # 210 - 3 x 10
    es = _horse(sheet, "es")
    assert es["Move"][1] == "210 pasos, medio movimiento 105"
    assert es["Carrying the hero's Load"][1] == "Carga 23 de 20: 3 de merma, movimiento 180"
    assert es["Trample"][0] == "Pisotón"
    for label, (gloss, value) in es.items():
        assert (gloss or label == "Prot") and program_values(value) == [], label  # "Prot" is Spanish too
    assert "Horse" not in {s.title for s in Hero(name="Ulf").sheet(EN).sections}


def test_the_board_offers_a_horse_then_its_upgrades() -> None:
    state = between(195)
    moves = {m.action: m for m in TRACKER.board(state, ES, Seat(runs=True)).moves}
    assert "buy_horse" in moves and "upgrade_horse" not in moves
    assert moves["buy_horse"].title == "Comprar un caballo"
    state = act(state, "buy_horse", **OUT)
    board = TRACKER.board(state, ES, Seat(runs=True))
    moves = {m.action: m for m in board.moves}
    assert "buy_horse" not in moves
    assert moves["upgrade_horse"].choices["upgrade"][0] == ("hp", "+10 PG por 25 PV")
    assert [s.title for s in board.sections if s.title == "Horse"] == ["Horse"]
    state = act(state, "upgrade_horse", upgrade="hp")  # 20 VP left: nothing affordable
    assert "upgrade_horse" not in {m.action for m in TRACKER.board(state, ES, Seat(runs=True)).moves}
    assert "buy_horse" not in {m.action for m in TRACKER.board(between(149), ES, Seat(runs=True)).moves}


def test_the_cards() -> None:
    bought = act(between(400), "buy_horse", **OUT)
    action = TRACKER.action("upgrade_horse")
    _, result = action.apply(bought, action.parse_params({"upgrade": "move"}), RuneOptions(), SeededSource(1))
    event = {"action": "upgrade_horse", "params": {"upgrade": "move"}, "result": result, "tape": []}
    assert action.describe(event, EN, "Ana").plain() == "Ana buys +10 Move for his horse: 1 of 5 for 25 VP  Free VP 225"
    assert action.describe(event, ES, "Ana").plain() == (
        "Ana compra +10 de movimiento para su caballo: 1 de 5 por 25 PV  PV libres 225"
    )
