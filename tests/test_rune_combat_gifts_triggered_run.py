"""Triggered and VP gifts of a fight in an encounter run's tally (spec 001b §2.3, §2.5; encounters/run_gift_vp.py):
Banish His Blade multiplies a strike's base VP on a disarmed foe (001b TV-13a), never another gift's bonus."""

from __future__ import annotations

from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.encounters.run_gift_vp import banished
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.gifts.formulas import banish_his_blade_vp
from test_rune_combat_gifts_run import _run


def _disarmed(fight: CombatState, name: str) -> CombatState:
    people = []
    for c in fight.combatants:
        if c.name == name:
            w = next(w.id for w in c.weapons if w.id != "unarmed")
            c = c.model_copy(update={"ready": "unarmed", "dropped": (w,)})
        people.append(c)
    return fight.model_copy(update={"combatants": tuple(people)})


def _state(gifts: dict[str, int]) -> tuple[RunState, CombatState]:
    state = _run(gifts).state()
    assert isinstance(state, RunState) and state.fight is not None
    return state, state.fight


def test_banish_his_blade_strike_on_a_disarmed_foe_worth_1_plus_x_times_its_base_001b_tv_13a() -> None:
    state, fight = _state({"Banish His Blade": 2})
    start = len(state.tally.events)
    struck = state.tally.damage("Ragnar", "Dark Viking 1", 7, 40)  # 7 actual damage, the foe survives
    base = sum(e.amount for e in struck.events[start:])
    paid = banished(struck, start, _disarmed(fight, "Dark Viking 1"))
    gift = [e.amount for e in paid.events[start:] if e.kind == "gift_bonus"]
    assert base == 7 and base + sum(gift) == banish_his_blade_vp(7, 2) == 21  # 001b TV-13a
    armed = banished(struck, start, fight)  # the same strike on a foe with his weapon in hand
    assert armed.events == struck.events


def test_banish_his_blade_counts_the_death_blow_in_the_base_and_only_the_holders_strikes() -> None:
    state, fight = _state({"Banish His Blade": 1})
    start = len(state.tally.events)
    killed = state.tally.damage("Ragnar", "Dark Viking 1", 5, 5).kill("Ragnar", "Dark Viking 1", 30)
    base = sum(e.amount for e in killed.events[start:])
    paid = banished(killed, start, _disarmed(fight, "Dark Viking 1"))
    assert [e.amount for e in paid.events[len(killed.events):]] == [base]  # X = 1: the base once more
    other = state.tally.damage("Thurid", "Dark Viking 1", 5, 40)  # Thurid holds no Banish His Blade
    assert banished(other, start, _disarmed(fight, "Dark Viking 1")).events == other.events
