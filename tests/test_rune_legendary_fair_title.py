"""The Blade of Fair Title played (001c §8.12, A-41): the damage each hit with the blade deals a foe is kept on the
foe; when another hero kills that foe and the blade had dealt it more damage than the killer dealt it in all, 5X VP
of the killer's death blow go to the blade's wielder, never more than the death blow. Numbers are compared with the
same fight or kill without the blade."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.encounters.run_fight import fed
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.tally import Tally
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import FAIR_TITLE, POWERS, fair_title_vp
from test_rune_combat import Fight, fighter
from test_rune_encounter_hero_blows import fight_under_way
from test_rune_hero import ragnar
from test_rune_magic_equipment import _bonus, _roll


def blade() -> dict[str, Any]:
    """A Blade of Fair Title as a treasure stores it (its weapon potency +1 Init)."""
    item = stored("legendary")
    item["rolls"] = [item["rolls"][0], _roll("legendary_item", None, name=FAIR_TITLE), *_bonus(1, "init")]
    return item


def _sheet(levels: int | None) -> dict[str, Any]:
    given = "init=5, atk=3, dfn=4, dam=10, load=1, ability=great_weapon"  # the book lost them: the table's
    overrides = ", ".join(f"viking_broadsword.{v}" for v in given.split(", "))
    plain = ragnar(weapons=["viking_broadsword", "war_maul", "short_bow"], weapon_overrides=overrides)
    plain.pop("name")
    if levels is None:
        return plain
    return {**plain, "magic_items": [{"item": blade(), "levels": levels}]}


def test_the_sheet_gives_the_fight_five_vp_a_level() -> None:
    assert POWERS[FAIR_TITLE].played
    for levels in (1, 4):
        items = [CarriedItem.model_validate(i) for i in _sheet(levels)["magic_items"]]
        assert fair_title_vp(items) == 5 * levels
        assert from_sheet(_sheet(levels), "Ragnar", RuneOptions()).numbers["fair_title"] == 5 * levels
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["fair_title"] == 0


def _fight(sheet: dict[str, Any]) -> Fight:
    foe = fighter("Goblin", (1, 0), dfn=0)
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(sheet), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[9], Goblin=[2])
    return fight


def test_the_foe_keeps_the_blades_damage_and_no_other_weapons() -> None:
    plain, worn = _fight(_sheet(None)), _fight(_sheet(2))
    hits = [f.do("attack", [9, 2], who="Ragnar", target="Goblin", weapon="viking_broadsword")["attack"]
            for f in (plain, worn)]  # fmt: skip
    assert hits[0]["hit"] and hits[0]["injury"] == hits[1]["injury"]
    lost = hits[1]["injury"]["hp_lost"]
    assert lost > 0 and worn.who("Goblin").blade_dealt == {"Ragnar": lost} and plain.who("Goblin").blade_dealt == {}
    worn.next_round(Ragnar=[9], Goblin=[2])
    maul = worn.do("attack", [9, 2], who="Ragnar", target="Goblin", weapon="war_maul")["attack"]
    assert maul["hit"] and worn.who("Goblin").blade_dealt == {"Ragnar": lost}


def _kill(fair: int, blade_dealt: dict[str, int], killer: str = "Bjorn") -> list[tuple[str | None, int]]:
    """The death-blow VP of each hero when `killer` finishes the first foe with a blow of 5 HP (Ragnar's blade
    VP a kill `fair`, the blade's damage on the foe `blade_dealt`)."""
    state = fight_under_way().state()
    assert isinstance(state, RunState) and state.fight is not None
    people = [c.model_copy(update={"fair_title": fair}) if c.name == "Ragnar" else c for c in state.fight.combatants]
    before = state.fight.model_copy(update={"combatants": people})
    foe = next(c for c in before.combatants if not c.hero)
    dead = foe.model_copy(update={"health": "dead", "hp": 0, "blade_dealt": blade_dealt})
    after = before.model_copy(update={"combatants": [dead if c.name == foe.name else c for c in people]})
    blow = {"attacker": killer, "target": foe.name, "injury": {"who": foe.name, "hp_lost": 5}}
    tally: Tally = fed(state.tally, state, before, after, {"attack": blow})
    totals: dict[str | None, int] = {}
    for e in tally.of("death_blow"):
        totals[e.hero] = totals.get(e.hero, 0) + e.amount
    return sorted(totals.items(), key=lambda t: str(t[0]))


@pytest.mark.parametrize("fair", [5, 10, 1000])
def test_the_killer_gives_the_blade_its_share_up_to_his_death_blow(fair: int) -> None:
    plain = dict(_kill(0, {"Ragnar": 6}))
    bonus = plain["Bjorn"]
    assert bonus > 0 and "Ragnar" not in plain
    taken = min(fair, bonus)
    assert dict(_kill(fair, {"Ragnar": 6})) == {"Bjorn": bonus - taken, "Ragnar": taken}


def test_no_share_when_the_blade_dealt_no_more_or_its_wielder_killed() -> None:
    plain = _kill(0, {})
    assert _kill(10, {"Ragnar": 5}) == plain  # the killer dealt 5 too: not more
    assert _kill(10, {}) == plain  # the blade never hurt it
    own = _kill(0, {"Ragnar": 6}, killer="Ragnar")
    assert _kill(10, {"Ragnar": 6}, killer="Ragnar") == own
