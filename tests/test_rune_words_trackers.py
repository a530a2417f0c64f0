"""Rune's trackers in words: every action of the combat and advancement trackers as a card, in English and
Spanish, from real stored events.

The events come from real sessions: the scenarios of the combat test modules (the book's worked examples among
them) are played again here while their log is recorded, and an advancement saga is played through every
action. Every text a person reads is checked for program values.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import test_rune_combat
import test_rune_combat_extras
import test_rune_combat_flight
import test_rune_combat_gallery
import test_rune_combat_gallery_foes
import test_rune_combat_horses
import test_rune_combat_options
import test_rune_combat_rolling
import test_rune_combat_rules
import test_rune_combat_terrain
import test_rune_combat_vectors
import test_rune_legendary_n5_maw
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present import words_for
from runehall.present.card import Card
from runehall.present.check import program_values
from runehall.systems import registry
from runehall.systems.rune.encounters.run_fight import InFight
from runehall.systems.tracker import TrackerAction
from test_rune_advancement import ragnar
from test_rune_combat import RAGNAR_SHEET, Fight, fighter, hero
from test_rune_combat_douse import plain_fight_doused
from test_rune_combat_gifts_more import reversed_fight
from test_rune_combat_gifts_moves import gifts_fight
from test_rune_combat_terrain import field, start, zone
from test_rune_encounter_cards import _whole_run
from test_rune_encounter_haven import played as haven_played
from test_rune_encounter_hazards_play import played as hazards_played
from test_rune_encounter_sark_amen import traded
from test_rune_encounter_traps_play import played as traps_played
from test_rune_encounter_treasure_play import played as treasure_played
from test_rune_foes import foes_of_the_book
from test_rune_hazards_n7_ambush import played as ambush_played
from test_rune_hazards_n7_lost import played as lost_played
from test_rune_hazards_n7_repeat import played as repeat_played
from test_rune_iron_law import saga as book_saga
from test_rune_items_n6_retry import played as retry_played
from test_rune_items_n6_shrine import played as shrine_played
from test_rune_legendary import legendary
from test_rune_magic_items_run import played as magic_played

SYSTEM = registry.get("rune")
LANGUAGES = ("en", "es")
SCENARIOS: tuple[ModuleType, ...] = (
    test_rune_combat,
    test_rune_combat_rules,
    test_rune_combat_options,
    test_rune_combat_flight,
    test_rune_combat_terrain,
    test_rune_combat_vectors,
    test_rune_combat_gallery,
    test_rune_combat_extras,
    test_rune_combat_gallery_foes,
    test_rune_combat_rolling,
    test_rune_combat_horses,
    test_rune_legendary_n5_maw,  # the Demon Maw Helm's bellow in a fight
)


def _stored(event: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(json.dumps(event, sort_keys=True)))  # as a JSON column gives it back


@pytest.fixture(scope="module")
def events() -> list[tuple[str, dict[str, Any]]]:
    """(tracker, stored event) for every action the combat scenarios and an advancement saga make."""
    found: list[tuple[str, dict[str, Any]]] = []
    apply = PlayLog.apply

    def recording(log: PlayLog, name: str, params: dict[str, Any], source: Any, by: str | None = None) -> Any:
        event = apply(log, name, params, source, by)
        if log.system_id == "rune":
            found.append((log.tracker_name, _stored(event)))
        return event

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(PlayLog, "apply", recording)
        for module in SCENARIOS:
            for name, test in inspect.getmembers(module, inspect.isfunction):
                if (
                    name.startswith("test_")
                    and test.__module__ == module.__name__
                    and not inspect.signature(test).parameters
                ):
                    test()
        saga()
        _whole_run()  # an encounter run through its own moves (its fights' moves are the combat tracker's)
        traded()  # two Sark Amen trading targets in a run
        traps_played()  # traps of the notes sprung, and a round of their damage
        hazards_played()  # drowning, fire and a grabber sprung, and a round of each
        book_saga()  # the Book of Iron Law through every move
        plain_fight_doused()  # a brazier doused in a fight of the combat tracker alone
        gifts_fight()  # a gift used and a gift bought in a fight
        reversed_fight()  # rolls taken back by Destiny Reversed and Indefatigable Determination
        treasure_played()  # gains given in a run, moving on, the hauls home
        magic_played()  # every use of a magic item in a run
        haven_played()  # a treatment at a haven of a run
        retry_played()  # a failed roll tried again with a simple potion
        shrine_played()  # a gift bought at a shrine of the notes
        lost_played()  # a party lost, its Map rolls until the way is found
        ambush_played()  # an ambush's surprised heroes rolling to recover at its fight's second round
        repeat_played()  # a trap shooting again, then stopped by a roll
    return found


def _cases(test: Any) -> list[dict[str, Any]]:
    """Every parameter set a scenario's parametrize marks give it; none if it needs a fixture."""
    cases: list[dict[str, Any]] = [{}]
    for mark in getattr(test, "pytestmark", ()):
        if mark.name != "parametrize":
            continue
        names = [n.strip() for n in mark.args[0].split(",")] if isinstance(mark.args[0], str) else list(mark.args[0])
        values = [v.values if hasattr(v, "values") and hasattr(v, "marks") else v for v in mark.args[1]]
        sets = [dict(zip(names, v if len(names) > 1 else (v,), strict=True)) for v in values]
        cases = [{**c, **one} for c in cases for one in sets]
    wanted = set(inspect.signature(test).parameters)
    return [c for c in cases if set(c) == wanted]


def saga() -> None:
    """One hero through every advancement action."""
    surety = [{"item": legendary("Armor of Inflexible Surety")}]  # a legendary item to buy a level of
    log = PlayLog.start("rune", "advancement", {}, {"hero": ragnar(magic_items=surety), "vp_total": 100})
    for name, params in (
        ("award", {"vp": 160}),
        ("note", {"ability": "great_weapon", "reason": "beat_dfn"}),
        ("end_encounter", {}),
        ("buy", {"ability": "great_weapon", "how": "experience"}),
        ("buy_gift", {"gift": "thors_thews"}),
        ("end_adventure", {}),
        ("award", {"vp": 230}),
        ("buy_item", {"item": 1}),
        ("buy_horse", {"outdoor": True, "plotter_permits": True}),
        ("upgrade_horse", {"upgrade": "hp"}),
        ("begin_encounter", {}),
        ("insure", {}),
        ("restore", {"name": "Bjorn", "weapons": ["dagger"]}),
    ):
        log.apply(name, params, ManualSource([]))


def actions() -> Iterator[tuple[str, str, TrackerAction[Any]]]:
    for tracker_name, tracker in SYSTEM.trackers().items():
        for name, action in tracker.actions().items():
            if not isinstance(action, InFight):  # a fight's move inside an encounter: the combat tracker's own
                yield tracker_name, name, action


def texts(card: Card) -> list[str]:
    found = [card.action, card.result, card.total or ""]
    found += [t for row in card.rows for t in (row.label, row.value)]
    found += [t for chip in card.chips for t in (chip.text, chip.title)]
    return found


@pytest.mark.parametrize(("tracker", "name", "action"), list(actions()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_action_has_a_title_and_its_own_describe(tracker: str, name: str, action: TrackerAction[Any]) -> None:
    assert action.title and program_values(action.title) == []
    assert type(action).describe is not TrackerAction.describe
    es = words_for("es", "rune")
    assert es(action.title) != action.title  # the button has Spanish


def test_the_sessions_made_every_action(events: list[tuple[str, dict[str, Any]]]) -> None:
    made = {(t, e["action"]) for t, e in events if not isinstance(SYSTEM.tracker(t).action(e["action"]), InFight)}
    assert made == {(tracker, name) for tracker, name, _ in actions()}
    shown = json.dumps([e["result"] for _, e in events])  # and the rarer parts of a result, described too
    parts = ("free_attacks", "fatigue", "damaging_places", "sever", "fog_of_war", "distance", "footing", "net")
    for part in (*parts, "ripostes", "counter"):
        assert f'"{part}"' in shown, part


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_is_a_card_of_words(events: list[tuple[str, dict[str, Any]]], lang: str) -> None:
    words = words_for(lang, "rune")
    for tracker, event in events:
        action = SYSTEM.tracker(tracker).action(event["action"])
        card = action.describe(event, words, "Astrid")
        assert card.action, event
        for text in texts(card):
            assert program_values(text) == [], (text, event)
        assert [c.text for c in card.chips] == [str(d[1]) for d in event["tape"]]  # every die, in order


def test_spanish_cards_are_spanish(events: list[tuple[str, dict[str, Any]]]) -> None:
    """Nothing of the English sentence survives translation, but the names people gave."""
    en, es = words_for("en", "rune"), words_for("es", "rune")
    for tracker, event in events:
        action = SYSTEM.tracker(tracker).action(event["action"])
        english, spanish = action.describe(event, en, "Astrid"), action.describe(event, es, "Astrid")
        if english.action != "The runner ends the fight":  # the runner's own reason stays as typed
            assert english.action != spanish.action or not english.action.strip(), english.action
        assert len(english.rows) == len(spanish.rows)


# -- known events, word for word --------------------------------------------------------------------------
def test_an_attack_in_both_languages() -> None:
    fight = test_rune_combat.duel()
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    event = _stored(fight.log.events[-1])
    action = SYSTEM.tracker("combat").action("attack")
    en = action.describe(event, words_for("en", "rune"), "Ana")
    es = action.describe(event, words_for("es", "rune"), "Ana")
    assert (en.action, en.result, en.tone) == (
        "Ragnar attacks Goblin with the club",
        "ATK 14 vs DFN 8, hit by 6, 18 damage against Soak 3; Goblin loses 15 HP (35 left), 1 wound more",
        "success",
    )
    assert (es.action, es.result) == (
        "Ragnar ataca a Goblin con su club",
        "ATQ 14 contra DEF 8, impacto por 6, 18 de daño contra Absorción 3; Goblin pierde 15 PG (le quedan 35), "
        "1 herida más",
    )
    assert [(r.label, r.value) for r in en.rows] == [("Ragnar's ATK", "5 +9 = 14"), ("Goblin's DFN", "5 +3 = 8")]


def test_waiting_and_cutting_in_reads_as_the_book_tells_it() -> None:
    """TV-INIT-3: total 32, wait, the goblin acts at 25, cut in at 24: the second action comes at 4."""
    fight = Fight(hero("Ragnar", (0, 0), init=27), fighter("Goblin", (2, 0), init=20))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("wait", who="Ragnar")
    fight.do("attack", [5, 5], who="Goblin", target="Ragnar")
    fight.do("cut_in", who="Ragnar")
    combat = SYSTEM.tracker("combat")
    wait, _, cut = (_stored(e) for e in fight.log.events[-3:])
    en, es = words_for("en", "rune"), words_for("es", "rune")
    assert combat.action("wait").describe(wait, en, "Ana").plain() == "Ragnar waits: from step 32"
    assert combat.action("cut_in").describe(cut, en, "Ana").plain() == "Ragnar cuts in: acts at step 24  Later steps 4"
    assert (
        combat.action("cut_in").describe(cut, es, "Ana").plain()
        == "Ragnar interviene: actúa en el paso 24  Pasos siguientes 4"
    )


def test_a_botched_initiative_die_is_marked() -> None:
    fight = test_rune_combat.duel()
    fight.do("initiative", [1, 3], who="Ragnar")
    event = _stored(fight.log.events[-1])
    card = SYSTEM.tracker("combat").action("initiative").describe(event, words_for("en", "rune"), "Ana")
    assert [(c.text, c.mark) for c in card.chips] == [("1", "botch"), ("3", "")]
    assert card.action == "Ragnar rolls initiative with the club"


def test_advancement_in_both_languages() -> None:
    log = PlayLog.start("rune", "advancement", {}, {"hero": ragnar(), "vp_total": 100})
    log.apply("award", {"vp": 160}, ManualSource([]))
    log.apply("note", {"ability": "great_weapon", "reason": "beat_dfn"}, ManualSource([]))
    log.apply("end_encounter", {}, ManualSource([]))
    log.apply("buy", {"ability": "great_weapon"}, ManualSource([]))
    buy = _stored(log.events[-1])
    action = SYSTEM.tracker("advancement").action("buy")
    assert action.describe(buy, words_for("en", "rune"), "Ana").plain() == (
        "Ana raises Great Weapon by experience: 3 → 4 for 150 VP  Free VP 110"
    )
    assert action.describe(buy, words_for("es", "rune"), "Ana").plain() == (
        "Ana sube Arma grande por experiencia: 3 → 4 por 150 PV  PV libres 110"
    )


def test_tracker_and_mechanic_titles_have_spanish() -> None:
    es = words_for("es", "rune")
    titles = [t.title for t in SYSTEM.trackers().values()] + [m.title for m in SYSTEM.mechanics().values()]
    titles += [m.summary for m in SYSTEM.mechanics().values()] + [m.manual_help for m in SYSTEM.mechanics().values()]
    for title in titles:
        assert es(title) != title and program_values(title) == [], title


def test_a_foes_weapon_is_named_in_the_readers_words_when_he_rolls_initiative() -> None:
    """Issue 13: a foe's attack form has an id ('claw_attack') that is no word: the card names his weapon."""
    _, goblin = foes_of_the_book()
    fight = Fight({"name": "Ragnar", "sheet": RAGNAR_SHEET, "at": [0, 0]}, goblin)
    fight.do("initiative", [5], who="Rock goblin")
    event = _stored(fight.log.events[-1])
    assert event["result"]["plan"] == "claw_attack" and event["result"]["weapon"] == "Natural weapon"
    action = SYSTEM.tracker("combat").action("initiative")
    said = {lang: action.describe(event, words_for(lang, "rune"), "Ana").action for lang in LANGUAGES}
    assert said == {
        "en": "Rock goblin rolls initiative with the Natural weapon",
        "es": "Rock goblin tira iniciativa con su Arma natural",  # one weapon: "su" agrees
    }
    old = {**event, "result": {k: v for k, v in event["result"].items() if k != "weapon"}}  # stored before
    assert action.describe(old, words_for("es", "rune"), "Ana").action == said["es"]  # named from the id's data


def test_a_move_over_slippery_ground_says_whether_he_kept_his_feet() -> None:
    kept = start(field(zone("slippery", [-10, -10, 10, 10])))
    kept.do("move", [4], who="Ragnar", to=[0, 5], kind="half")  # Balance 4 + 2 against 6
    fell = start(field(zone("slippery", [-10, -10, 10, 10])))
    fell.do("move", [3], who="Ragnar", to=[0, 5], kind="half")
    move = SYSTEM.tracker("combat").action("move")
    en, es = words_for("en", "rune"), words_for("es", "rune")
    rows = [(r.label, r.value) for f in (kept, fell) for r in move.describe(_stored(f.log.events[-1]), en, "").rows]
    assert rows == [
        ("Ragnar's Balance", "4 +2 = 6 vs Difficulty 6 — keeps his feet"),
        ("Ragnar's Balance", "3 +2 = 5 vs Difficulty 6 — falls"),
    ]
    said = move.describe(_stored(kept.log.events[-1]), es, "")
    assert [(r.label, r.value) for r in said.rows] == [
        ("Equilibrio de Ragnar", "4 +2 = 6 contra Dificultad 6 — se mantiene en pie")
    ]
