"""Equipment damage to a struck hero's kits and magic items (001c §7.4; rules §34.5, gear_items.py): after his
weapons, armour and shield, a stored d10 for each kit (Ragnar's climbing kit) and each potion, charm, amulet, Helm
of Power and legendary item he carries, plus the book's modifier for its kind, against half his raw damage; a
failure harms it by its kind; a lost potion's doses and a legendary item's damage written into the run's magic
items (and so onto the sheet at settlement); a later trap starts from what the first left; the board and the card
in English and Spanish."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from rune_magic_fixtures import stored
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import SpringParams, SpringTrapAction
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.rules import rules
from runehall.systems.rune.treasure.items import Charm, Helm, magic_item
from runehall.systems.rune.treasure.stored import item_from

RUNNER = Seat(runs=True, owns=True)
FAIL = [1, 2]
ITEMS = ("potion", "charm", "amulet", "helm", "legendary")


def run(dam: int = 10) -> PlayLog:
    """Two blades that harm equipment (Dam `dam`, then 10) before the fixture's hall; Ragnar carries one magic item
    of each kind."""
    given = notes()
    rolls = [{"id": f"r{i}", "name": f"Dodge {i}", "ability": "dodge", "difficulty": 7, "purpose": "trap"}
             for i in (1, 2)]  # fmt: skip
    blades = [{"damage": {"dam": d}, "equipment_damage": True, "targeting": {"most": 1}} for d in (dam, 10)]
    traps = [{"id": f"t{i}", "name": f"Blade {i}", "kind": "trap", "roll": f"r{i}", "trap": blades[i - 1]}
             for i in (1, 2)]  # fmt: skip
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    given["events"] = [{"id": "gate", "summary": "A gate", "rolls": rolls, "elements": [*traps, herbs]},
                       *given["events"]]  # fmt: skip
    lineup = setup()
    lineup["heroes"][0]["sheet"]["magic_items"] = [{"item": stored(k)} for k in ITEMS]
    log = PlayLog.start("rune", "encounter", {}, lineup)
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def spring(log: PlayLog, trap: str, gear: list[int]) -> dict[str, Any]:
    """Ragnar struck: 4 weapon and armour dice held by 10s, then `gear` for his kit and his five magic items."""
    return log.apply("spring_trap", {"trap": trap, "victims": ["Ragnar"]}, ManualSource([*FAIL, 10, 10, 10, 10, *gear]))


def test_each_kit_and_magic_item_rolls_and_is_harmed_by_its_kind() -> None:
    log = run(dam=34)  # a Difficulty past every item's 1 + modifier: each fails
    event = spring(log, "t1", [1, 1, 1, 1, 1, 1])
    r = event["result"]
    assert [d[1] for d in event["tape"]] == [f for g in r["faces"] for f in g]  # every die kept, in order
    rolled = r["harm"]["Ragnar"]["gear"][4:]
    aim = r["harm"]["Ragnar"]["raw"] // 2
    assert [(g["kind"], g["item"]) for g in rolled] == [("kit", "climb"), *((k, str(i)) for i, k in
                                                                             enumerate(ITEMS, start=1))]  # fmt: skip
    mods = {"kit": "climbing_kit", "potion": "potion", "charm": "charm", "amulet": "amulet", "helm": "helm_of_power",
            "legendary": "legendary_item"}  # fmt: skip
    for g in rolled:
        assert g["modifier"] == eq.item_modifier(item=mods[g["kind"]]) and g["difficulty"] == aim
        assert g["failed_by"] == eq.failure(1, g["modifier"], aim)
    by = {g["kind"]: g for g in rolled}
    assert by["kit"]["state"] == eq.harm_kit(by["kit"]["failed_by"]).state and by["kit"]["value"] >= 1
    charm = magic_item(item_from(stored("charm")))
    assert (
        isinstance(charm, Charm) and by["charm"]["value"] == eq.harm_charm(charm.bonus, by["charm"]["failed_by"]).value
    )
    helm = magic_item(item_from(stored("helm")))
    assert isinstance(helm, Helm) and by["helm"]["value"] == eq.harm_helm(helm.levels, by["helm"]["failed_by"]).value
    carried = state_of(log).magic["Ragnar"]
    assert all(g["failed_by"] > 0 for g in rolled)
    assert carried[0].doses == 0 and by["potion"]["state"] == "destroyed"  # a potion lost
    assert carried[4].damaged and by["legendary"]["state"] == "doubled_cost"


def test_a_ten_holds_everything_and_a_later_trap_starts_from_what_the_first_left() -> None:
    log = run()
    r = spring(log, "t1", [10] * 6)["result"]
    assert all(g["failed_by"] == 0 for g in r["harm"]["Ragnar"]["gear"]) and state_of(log).traps.gear == ()
    log = run()
    r = spring(log, "t1", [10, 10, 1, 10, 10, 10])["result"]  # the charm alone fails
    first = next(g for g in state_of(log).traps.gear if g.kind == "charm")
    r = spring(log, "t2", [10, 10, 1, 10, 10, 10])["result"]
    again = next(g for g in r["harm"]["Ragnar"]["gear"] if g["kind"] == "charm")
    assert again["value"] == eq.harm_charm(first.value or 0, again["failed_by"]).value < (first.value or 0)


def test_a_damaged_legendary_item_and_an_emptied_potion_roll_no_more_and_go_to_the_sheet() -> None:
    log = run(dam=34)  # raw 34 and more: the Difficulty 17 or more, past a legendary item's 1 + 15
    r = spring(log, "t1", [10, 1, 10, 10, 10, 1])["result"]
    by = {g["kind"]: g for g in r["harm"]["Ragnar"]["gear"][4:]}
    assert by["potion"]["state"] == "destroyed" and by["legendary"]["state"] == "doubled_cost"
    carried = state_of(log).magic["Ragnar"]
    assert carried[0].doses == 0 and carried[4].damaged is True  # the run's magic items: onto the sheet at settlement
    ruined = {g.kind for g in state_of(log).traps.gear if g.state == "destroyed"}
    again_params = SpringParams(trap="t2", victims=("Ragnar",))
    _, r = SpringTrapAction().apply(state_of(log), again_params, log.option_values(), ManualSource([*FAIL, *[10] * 12]))
    again = [g["kind"] for g in r["harm"]["Ragnar"]["gear"]]
    assert "potion" not in again and "legendary" not in again and not ruined & set(again)  # nothing more to harm
    assert {"kit", "amulet", "helm"} - ruined <= set(again)


def test_the_card_and_the_board_say_it_in_english_and_spanish() -> None:
    log = run()
    event = spring(log, "t1", [1, 1, 1, 1, 1, 1])
    act = EncounterTracker().actions()["spring_trap"]
    for lang, kit in (("en", "Climb kit"), ("es", "kit")):
        words = words_for(lang, "rune")
        text = " ".join(r.value for r in act.describe(event, words, "Thurid").rows)
        board = EncounterTracker().board(state_of(log), words, RUNNER, log.option_values())
        rows = " ".join(r.value for s in board.sections for r in s.rows if r.label == "Ragnar")
        assert kit in text and kit in rows and "{" not in text
        if lang == "es":
            assert "(Potion)" not in rows and "objeto 1" in rows


def test_the_harmed_weapons_and_armour_go_into_the_next_fight() -> None:
    plain = run(dam=34)
    plain.apply("fight", {"event": "hall"}, ManualSource([]))
    log = run(dam=34)
    spring(log, "t1", [10] * 6)  # the weapons' and armour's dice are 10s too: a Difficulty past 10 + modifier harms
    gear = {g.item: g for g in state_of(log).traps.gear if g.kind in ("weapon", "armour")}
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    before = next(c for c in state_of(plain).fights[-1].fight.combatants if c.name == "Ragnar")
    after = next(c for c in state_of(log).fights[-1].fight.combatants if c.name == "Ragnar")
    assert gear  # something was harmed
    for item, g in gear.items():
        if g.kind == "weapon":
            axe = rules().weapon(item)
            w0 = next(w for w in before.weapons if w.id == item)
            w1 = next(w for w in after.weapons if w.id == item)
            assert w0.atk is not None and w1.atk == w0.atk - (int(axe.atk or 0) - g.atk)
            assert (
                w0.dam is not None and w1.dam == w0.dam - (int(axe.dam or 0) if isinstance(axe.dam, int) else 0) + g.dam
            )
        else:
            lost = min(int(rules().armor_row(item).prot or 0) - g.prot, before.armor_prot)
            assert after.armor_prot == before.armor_prot - lost and after.soak == before.soak - lost
