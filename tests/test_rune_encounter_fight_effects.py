"""A fight of the notes does to its rolls what its terrain was priced for (spec 001b §9 the goblin shaman, §11.3,
§11.9-§11.10, §11.15; rune/encounters/run_effects.py, combat/effects.py): a shaman's braziers and chant as weird
magic on ATK, DFN and DAM, an obscurant on every roll darkness lowers, a whole-area missile penalty, each shown on
the roll it changes with its reason in words; the notes' cover shelters heroes from the start, and a shot from
it draws pop-up fire."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.speech.fights import combat_card

BRAZIERS = "Smoking braziers"
CHANT = "shaman's chant"  # unnamed in the notes: called by its kind
TERRAIN: list[dict[str, Any]] = [
    {"id": "br", "kind": "weird_magic", "name": BRAZIERS, "source": "shaman_brazier",
     "adjustments": [{"target": "atk", "delta": 1, "side": "foes"}]},
    {"id": "ch", "kind": "weird_magic", "source": "shaman_chant",
     "adjustments": [{"target": "dfn", "delta": -2, "side": "heroes"}, {"target": "dam", "delta": 1, "side": "foes"}]},
    {"id": "wall", "kind": "cover", "degree": "full", "shelters": 2},
    {"id": "fog", "kind": "obscurant", "penalty": 1},
    {"id": "wind", "kind": "missile_penalty", "points": 2},
]  # fmt: skip


def run(**first: int) -> PlayLog:
    """An Inferior goblin shaman and an Exceptional Dark Viking with a bow against the four heroes,
    the fight begun and everyone's initiative rolled (a 2 unless `first` gives his face)."""
    shaped = notes()
    shaped["events"][0]["combat"] = {
        "foes": [
            {"id": "s", "name": "Shaman", "type": "goblin_shaman", "threat": "inferior"},
            {"id": "r", "name": "Raider", "type": "dark_viking", "threat": "exceptional", "missile": "bow"},
        ],
        "terrain": TERRAIN,
    }
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": shaped}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    return roll(log, **first)


def roll(log: PlayLog, **first: int) -> PlayLog:
    faces = {"Ragnar": 2, "Thurid": 3, "Bjorn": 4, "Sigrid": 5, "Shaman": 2, "Raider": 2, **first}
    for name, face in faces.items():
        log.apply("initiative", {"who": name}, ManualSource([face]))
    if fight(log).phase == "tiebreak":  # heroes on one step with as many Gifts roll off
        log.apply("tiebreak", {}, SeededSource(1))
    return log


def fight(log: PlayLog) -> CombatState:
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    return state.fight


def person(log: PlayLog, name: str) -> Any:
    return next(c for c in fight(log).combatants if c.name == name)


def test_the_notes_cover_shelters_the_first_heroes_and_the_effects_are_staged() -> None:
    log = run()
    assert [person(log, n).cover for n in ("Ragnar", "Thurid", "Bjorn", "Sigrid")] == ["full", "full", "none", "none"]
    kinds = {(e.kind, e.roll, e.delta, e.who) for e in fight(log).effects}
    assert kinds == {("shaman_brazier", "atk", 1, "foes"), ("shaman_chant", "dfn", -2, "heroes"),
                     ("shaman_chant", "dam", 1, "foes"), ("obscurant", "senses", -1, "both"),
                     ("missile_penalty", "missile", -2, "both")}  # fmt: skip
    assert {e.chanter for e in fight(log).effects if e.kind == "shaman_chant"} == {"Shaman"}


def test_the_obscurant_lowers_initiative_except_for_who_sees_in_the_dark() -> None:
    log = run()
    rolled = {e["params"]["who"]: e["result"] for e in log.to_json()["events"] if e["action"] == "initiative"}
    assert rolled["Ragnar"]["modifiers"] == {"obscurant": -1}
    assert rolled["Ragnar"]["total"] == rolled["Ragnar"]["roll"] + rolled["Ragnar"]["score"] - 1
    assert person(log, "Shaman").night_vision and "modifiers" not in rolled["Shaman"]


def engaged(log: PlayLog) -> PlayLog:
    """The Shaman runs up to Bjorn (a full move: the free attacks it draws on seeded dice) and, next round, acts
    first again, beside him."""
    log.apply("move", {"who": "Shaman", "to": [2, 5], "kind": "full"}, SeededSource(3))
    while (up := Board(fight(log), log.option_values()).next_up()) is not None:
        log.apply("pass", {"who": up[0]}, ManualSource([]))
    log.apply("end_round", {}, ManualSource([]))
    roll(log, Shaman=9)
    return log


def test_the_braziers_and_the_chant_change_a_foes_blow_and_the_heros_defence() -> None:
    log = engaged(run(Shaman=9))
    blow = log.apply("attack", {"who": "Shaman", "target": "Bjorn"}, ManualSource([9, 2]))["result"]["attack"]
    atk, dfn = blow["atk"]["modifiers"], blow["dfn"]["modifiers"]
    assert atk[BRAZIERS] == 1 and "obscurant" not in atk and CHANT not in atk  # the shaman sees in the dark
    assert dfn[CHANT] == -2 and dfn["obscurant"] == -1 and BRAZIERS not in dfn
    assert blow["hit"] and blow["dam_modifiers"] == {CHANT: 1}
    axe = person(log, "Shaman").weapon("axe_attack")
    assert blow["dam"] == axe.dam + 1 and blow["raw"] == blow["tm"] + axe.dam + 1


def test_the_chant_ends_with_the_shaman_while_the_braziers_burn_on() -> None:
    log = run(Raider=9)
    shot = log.apply("attack", {"who": "Raider", "target": "Bjorn"}, ManualSource([10, 9]))["result"]["attack"]
    assert shot["hit"] and shot["dam_modifiers"] == {CHANT: 1}
    log = run(Raider=9)
    log.apply("damage", {"who": "Shaman", "raw": 300}, ManualSource([]))
    assert not person(log, "Shaman").active
    shot = log.apply("attack", {"who": "Raider", "target": "Bjorn"}, ManualSource([10, 9]))["result"]["attack"]
    assert shot["hit"] and shot["atk"]["modifiers"][BRAZIERS] == 1 and "dam_modifiers" not in shot


def test_a_shot_takes_the_missile_penalty_and_the_braziers() -> None:
    log = run(Raider=9)
    shot = log.apply("attack", {"who": "Raider", "target": "Bjorn"}, ManualSource([10, 9]))["result"]["attack"]
    # the obscurant is also fog on the map: its target is obscured (-3), as the combat rules have it
    assert shot["atk"]["modifiers"] == {BRAZIERS: 1, "missile penalty": -2, "obscurant": -1, "obscured": -3}


def test_a_shot_from_the_notes_cover_draws_pop_up_fire_from_the_raider() -> None:
    log = run(Ragnar=9)
    result = log.apply("attack", {"who": "Ragnar", "target": "Raider", "weapon": "short_bow"},
                       ManualSource([10, 9, 10, 9]))["result"]  # fmt: skip
    fire = result["pop_up_fire"]
    assert fire["candidates"] == ["Raider"] and fire["shooter"] == "Raider"  # the shaman has no missile
    assert fire["shot"]["atk"]["modifiers"]["half cover"] == -6
    assert "loses_action" not in fire  # a Dark Viking is crafty
    assert person(log, "Ragnar").cover == "full"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_effects_are_told_in_words(lang: str) -> None:
    log = engaged(run(Shaman=9))
    log.apply("attack", {"who": "Shaman", "target": "Bjorn"}, ManualSource([9, 2]))
    words = words_for(lang, "rune")
    card = combat_card("attack", log.to_json()["events"][-1], words)
    text = " ".join(f"{r.label} {r.value}" for r in card.rows)
    assert BRAZIERS in text and words("shaman's chant") in text and words("obscurant") in text
    assert (words("shaman's chant") != CHANT) is (lang == "es")
    assert all(not program_values(f"{r.label} {r.value}") for r in card.rows)


def test_a_chant_by_someone_not_in_the_fight_is_refused() -> None:
    from test_rune_combat import fighter, hero

    people = [hero("Ragnar", (0, 0)), fighter("Goblin", (2, 0))]
    chant = {"kind": "shaman_chant", "roll": "atk", "delta": 1, "who": "foes", "chanter": "Grak"}
    with pytest.raises(ParameterError, match="Grak"):
        PlayLog.start("rune", "combat", {}, {"combatants": people, "effects": [chant]}).state()
    chant["chanter"] = "goblin"  # named as the fight names him, whatever the case
    log = PlayLog.start("rune", "combat", {}, {"combatants": people, "effects": [chant]})
    state = log.state()
    assert isinstance(state, CombatState) and state.effects[0].chanter == "Goblin"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_board_says_what_the_notes_do_to_the_rolls_until_the_chant_ends(lang: str) -> None:
    from runehall.present.board import Seat
    from runehall.systems.rune.combat.tracker import CombatTracker

    log = run(Raider=9)
    words = words_for(lang, "rune")
    seat = Seat(runs=True)

    def said() -> str:
        return " ".join(CombatTracker().board(fight(log), words, seat, log.option_values()).notes)

    text = said()
    assert BRAZIERS in text and words("while {who} can chant", who="Shaman") in text
    assert words("{label}: the foes' {roll} {delta}", label=BRAZIERS, roll=words("ATK"), delta="+1") in text
    assert not program_values(text)
    log.apply("damage", {"who": "Shaman", "raw": 300}, ManualSource([]))
    assert words("(ended: {who} can chant no more)", who="Shaman") in said() and BRAZIERS in said()
