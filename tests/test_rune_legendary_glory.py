"""The Axe of Glory played (001c §8.12): each hit its wielder lands on a foe with it adds 10X VP to that foe's
death blow, whoever then kills it. X comes from his sheet; the fight keeps the VP on the foe, the blow's card says
it in English and Spanish, and the run's tally adds it to the death blow. Numbers are compared with the same fight
or kill without the axe."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.encounters.run_fight import fed
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import GLORY, GLORY_PER_LEVEL, POWERS, glory_per_hit
from test_rune_combat import Fight, fighter
from test_rune_encounter_hero_blows import fight_under_way
from test_rune_hero import ragnar
from test_rune_magic_equipment import _bonus, _roll

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def axe() -> dict[str, Any]:
    """An Axe of Glory as a treasure stores it: the chart's row, then its weapon potency (+1 Init, so that the
    blows compared are the plain axe's)."""
    item = stored("legendary")
    item["rolls"] = [item["rolls"][0], _roll("legendary_item", None, name=GLORY), *_bonus(1, "init")]
    return item


def _sheet(levels: int | None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    assert plain["weapons"][0] == "viking_axe"  # his first axe is the legendary one
    if levels is None:
        return plain
    return {**plain, "magic_items": [{"item": axe(), "levels": levels}]}


def _fight(sheet: dict[str, Any], dfn: int = 0) -> Fight:
    foe = fighter("Goblin", (1, 0), dfn=dfn)
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(sheet), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[9], Goblin=[2])
    return fight


def test_the_sheet_gives_the_fight_ten_vp_a_level() -> None:
    assert POWERS[GLORY].played
    for levels in (1, 3):
        items = [CarriedItem.model_validate(i) for i in _sheet(levels)["magic_items"]]
        assert glory_per_hit(items) == GLORY_PER_LEVEL * levels == 10 * levels
        assert from_sheet(_sheet(levels), "Ragnar", RuneOptions()).numbers["glory"] == 10 * levels
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["glory"] == 0


def _strike(fight: Fight, weapon: str, faces: list[int]) -> dict[str, Any]:
    return fight.do("attack", faces, who="Ragnar", target="Goblin", weapon=weapon)["attack"]


@pytest.mark.parametrize("levels", [1, 2])
def test_each_hit_with_the_axe_adds_to_the_foes_death_blow(levels: int) -> None:
    plain, worn = _fight(_sheet(None)), _fight(_sheet(levels))
    blows = []
    for f in (plain, worn):
        blows.append(_strike(f, "viking_axe", [9, 2]))
    assert blows[0]["hit"] and blows[1]["hit"]
    assert "glory" not in blows[0] and plain.who("Goblin").glory_vp == 0
    assert blows[1]["glory"] == {"who": "Ragnar", "foe": "Goblin", "vp": 10 * levels, "total": 10 * levels}
    assert blows[0]["injury"] == blows[1]["injury"]  # the damage is the plain axe's
    worn.next_round(Ragnar=[9], Goblin=[2])
    again = _strike(worn, "viking_axe", [9, 2])
    assert again["glory"]["total"] == worn.who("Goblin").glory_vp == 2 * 10 * levels  # cumulative


def test_a_miss_or_another_weapon_adds_nothing() -> None:
    missed = _strike(_fight(_sheet(2), dfn=30), "viking_axe", [2, 9, 2, 2])
    assert not missed["hit"] and "glory" not in missed
    worn = _fight(_sheet(2))
    maul = _strike(worn, "war_maul", [9, 2])
    assert maul["hit"] and "glory" not in maul and worn.who("Goblin").glory_vp == 0


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_blows_card_says_it(words: Any) -> None:
    worn = _fight(_sheet(2))
    _strike(worn, "viking_axe", [9, 2])
    event = json.loads(json.dumps(worn.log.events[-1]))
    card = registry.get("rune").tracker("combat").action("attack").describe(event, words, "Ana")
    rows = {r.label: r.value for r in card.rows}
    label = words(GLORY)
    said = words("the death blow on {foe} is worth {vp} VP more ({total} VP more in all)", foe="Goblin",
                 vp=words.number(20), total=words.number(20))  # fmt: skip
    assert rows[label] == said and not program_values(said) and not program_values(label)
    if words is ES:
        assert label != GLORY and "golpe de gracia" in said


def test_the_runs_tally_adds_it_to_the_death_blow_whoever_kills() -> None:
    log = fight_under_way()
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    before = state.fight
    foe = next(c for c in before.combatants if not c.hero)
    kills = {}
    for glory in (0, 30):
        dead = foe.model_copy(update={"health": "dead", "hp": 0, "glory_vp": glory})
        after = before.model_copy(update={"combatants": [dead if c.name == foe.name else c for c in before.combatants]})
        blow = {"attacker": "Bjorn", "target": foe.name, "injury": {"who": foe.name, "hp_lost": foe.hp}}
        tally = fed(state.tally, state, before, after, {"attack": blow})
        kills[glory] = [(e.hero, e.amount, e.meta.get("glory")) for e in tally.of("death_blow")]
    assert len(kills[0]) == 1 and kills[0][0][0] == "Bjorn"
    assert kills[30] == [("Bjorn", kills[0][0][1] + 30, 30)]
    split = state.tally.kill("Ragnar", "Ghost", 20, undead_finisher="Bjorn", glory=10)
    assert [e.amount for e in split.of("death_blow")] == [(20 // 2 + 10) // 2] * 2
