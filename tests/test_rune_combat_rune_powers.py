"""Rune Powers in a fight (spec 001b §2.6; combat/rune_powers.py): woken with no action while bearing the weapon,
awake for their rounds, asleep for their recharge (rounds within the fight, longer times as a note), their effects
on the rolls under the power's name and in the attack odds, refusals leaving the fight unchanged, the move offered
only when legal, the cards and notes in English and Spanish."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.board_view import board_view
from runehall.systems.rune.combat.tracker import ACTIONS
from runehall.systems.rune.gifts.formulas import BATTLE_AXE_DAM
from test_rune_combat import Fight, fighter, hero

GM = Seat(runs=True)
HAND_AXE = "Rune Power: Hand Axe"


def weapon(name: str, **scores: int) -> dict[str, Any]:
    return {"weapon": name, "init": 5, "atk": 5, "dfn": 5, "dam": 6, **scores}


def bearer(power: str, level: int, arm: str, **more: Any) -> dict[str, Any]:
    return hero("Ragnar", (0, 0), gift_ranks={power: level}, weapons=[weapon(arm, init=9)], presence=2, **more)


def wake_moves(fight: Fight, lang: str = "en") -> list[str]:
    view = board_view(fight.state, words_for(lang, "rune"), GM, ACTIONS, fight.log.option_values())
    return [m.title for m in view.moves if m.action == "use_gift"]


def notes(fight: Fight, lang: str = "en") -> tuple[str, ...]:
    return board_view(fight.state, words_for(lang, "rune"), GM, ACTIONS, fight.log.option_values()).notes


def test_hand_axe_wakes_at_the_initiative_roll_and_makes_him_insubstantial_for_x_rounds() -> None:
    fight = Fight(bearer("rune_power_hand_axe", 2, "hand_axe"), fighter("Goblin", (2, 0)))
    assert wake_moves(fight) == ["Wake the rune: Rune Power: Hand Axe"]
    woke = fight.do("use_gift", who="Ragnar", gift="rune_power_hand_axe")
    assert woke["until_round"] == 2 and woke["recharge"] == {"amount": 24, "unit": "hours"}
    assert "ready_round" not in woke  # 24 hours: not again in this fight
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [10, 5, 2], who="Ragnar", target="Goblin")["attack"]
    assert swing["atk"]["modifiers"] == {HAND_AXE: -8} and swing["atk"]["total"] == 15 + 5 - 8
    assert swing["dam_modifiers"] == {HAND_AXE: -8} and swing["dam"] == 6 - 8
    back = fight.do("attack", [9, 5], who="Goblin", target="Ragnar")["attack"]
    assert back["dfn"]["modifiers"] == {HAND_AXE: 8} and back["dfn"]["total"] == 5 + 5 + 8
    fight.next_round(Ragnar=[5], Goblin=[5])  # round 2: still awake
    fight.do("pass", who="Ragnar")
    back = fight.do("attack", [10, 9, 5], who="Goblin", target="Ragnar")["attack"]
    assert back["hit"] and back["soak_modifiers"] == {HAND_AXE: 8} and back["soak"] == 3 + 8
    fight.do("end_round")
    assert fight.state.round == 3 and wake_moves(fight) == []  # asleep for 24 hours: nothing offered
    assert "Ragnar's Rune Power: Hand Axe sleeps for 24 hours from its last round: not again in this fight" in notes(
        fight
    )
    before = fight.state
    fight.refuse("use_gift", "sleeps for 24 hours", who="Ragnar", gift="rune_power_hand_axe")
    assert fight.state == before
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert HAND_AXE not in swing["atk"].get("modifiers", {})


def test_hand_axe_refused_once_initiative_is_rolled_and_without_the_weapon() -> None:
    fight = Fight(bearer("rune_power_hand_axe", 1, "hand_axe"), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    assert wake_moves(fight) == []
    fight.refuse("use_gift", "wakes at the start of a round", who="Ragnar", gift="rune_power_hand_axe")
    unarmed = Fight(bearer("rune_power_hand_axe", 1, "club"), fighter("Goblin", (2, 0)))
    assert wake_moves(unarmed) == []
    unarmed.refuse("use_gift", "bears no Hand Axe", who="Ragnar", gift="rune_power_hand_axe")
    assert unarmed.who("Ragnar").gifted.runes == {}


def test_a_recharge_counted_in_rounds_lets_it_wake_again_in_the_fight() -> None:
    """Level 12: awake 12 rounds, then asleep 10 rounds (A-24's table), counted from the end of its last round."""
    fight = Fight(bearer("rune_power_roman_sword", 12, "roman_sword"), fighter("Goblin", (2, 0)))
    woke = fight.do("use_gift", who="Ragnar", gift="rune_power_roman_sword")
    assert woke["until_round"] == 12 and woke["ready_round"] == 23
    fight.refuse("use_gift", "awake until round 12", who="Ragnar", gift="rune_power_roman_sword")
    state = fight.state
    for now, offered in ((12, False), (13, False), (22, False), (23, True)):
        moved = state.model_copy(update={"round": now})  # the same fight come to that round
        view = board_view(moved, words_for("en", "rune"), GM, ACTIONS, fight.log.option_values())
        assert any(m.action == "use_gift" for m in view.moves) is offered, now


def test_roman_sword_adds_x_dam_with_the_sword_in_hand() -> None:
    fight = Fight(bearer("rune_power_roman_sword", 3, "roman_sword"), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("use_gift", who="Ragnar", gift="rune_power_roman_sword")  # no action: his step is still due
    swing = fight.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    assert swing["dam_modifiers"] == {"Rune Power: Roman Sword": 3} and swing["dam"] == 6 + 3
    assert "atk" in swing and "Rune Power: Roman Sword" not in swing["atk"].get("modifiers", {})


@pytest.mark.parametrize("threat", [None, "superior", "pitiful", "terrifying"])
def test_dwarven_battle_axe_dam_grows_by_the_targets_threat_category(threat: str | None) -> None:
    foe = fighter("Goblin", (2, 0), **({"threat": threat} if threat else {}))
    fight = Fight(bearer("rune_power_dwarven_battle_axe", 1, "dwarven_battle_axe"), foe)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("use_gift", who="Ragnar", gift="rune_power_dwarven_battle_axe")
    swing = fight.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    bonus = BATTLE_AXE_DAM[threat or "equal"]
    assert swing["dam_modifiers"] == {"Rune Power: Dwarven Battle Axe": bonus} and swing["dam"] == 6 + bonus


@pytest.mark.parametrize(("duration", "until"), [("x_rounds", 5), ("half_plus_one", 3)])
def test_dwarven_battle_axe_duration_follows_option_battle_axe_duration(duration: str, until: int) -> None:
    fight = Fight(bearer("rune_power_dwarven_battle_axe", 5, "dwarven_battle_axe"), fighter("Goblin", (2, 0)),
                  options={"battle_axe_duration": duration})  # fmt: skip
    assert fight.do("use_gift", who="Ragnar", gift="rune_power_dwarven_battle_axe")["until_round"] == until


def test_viking_short_sword_roll_and_its_soak_even_against_armour_ignoring_damage() -> None:
    fight = Fight(bearer("rune_power_viking_short_sword", 2, "shortsword"), fighter("Goblin", (2, 0), res=4),
                  fighter("Troll", (30, 0), res=7))  # fmt: skip
    failed = fight.do("use_gift", [3], who="Ragnar", gift="rune_power_viking_short_sword")
    assert failed["success"] is False and failed["difficulty"] == 6 + 7  # the highest Res among the enemies
    assert failed["roll"]["total"] == 3 + 2 + 2 and fight.who("Ragnar").gifted.runes == {}
    fight.refuse("use_gift", "tried to wake his short sword this round", who="Ragnar",
                 gift="rune_power_viking_short_sword")  # fmt: skip
    fight.roll_all(Ragnar=[5], Goblin=[5], Troll=[1, 1])
    for who in ("Ragnar", "Goblin", "Troll"):
        fight.do("pass", who=who)
    fight.do("end_round")
    woke = fight.do("use_gift", [9], who="Ragnar", gift="rune_power_viking_short_sword")
    assert woke["success"] is True and woke["until_round"] == 3
    fight.roll_all(Ragnar=[5], Goblin=[5], Troll=[1, 1])
    fight.do("pass", who="Ragnar")
    back = fight.do("attack", [10, 9, 5], who="Goblin", target="Ragnar")["attack"]
    assert back["soak_modifiers"] == {"Rune Power: Viking Short Sword": 2} and back["soak"] == 3 + 2


def test_viking_broad_sword_gives_back_the_hp_its_blows_take() -> None:
    fight = Fight(bearer("rune_power_viking_broad_sword", 1, "viking_broadsword", hp_now=20),
                  fighter("Goblin", (2, 0)), new_encounter=False)  # fmt: skip
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("use_gift", who="Ragnar", gift="rune_power_viking_broad_sword")
    swing = fight.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    lost = swing["injury"]["hp_lost"]
    assert lost > 0 and swing["drunk"] == {"hp_gained": lost, "hp": 20 + lost}
    assert fight.who("Ragnar").hp == 20 + lost


def test_dwarven_battle_sword_beams_cost_an_action_each() -> None:
    fight = Fight(bearer("rune_power_dwarven_battle_sword", 2, "dwarven_battle_sword"), fighter("Goblin", (20, 0)))
    fight.do("use_gift", who="Ragnar", gift="rune_power_dwarven_battle_sword")
    fight.roll_all(Ragnar=[5], Goblin=[5])
    assert "Fire a beam" in wake_moves(fight)
    shot = fight.do("use_gift", [9, 2], who="Ragnar", gift="rune_power_dwarven_battle_sword", target="Goblin")
    beam = shot["beam"]
    assert beam["success"] and beam["damage"] == 8 and beam["injury"]["hp_lost"] == 8 - 3
    assert fight.who("Goblin").hp == 50 - 5 and not fight.state.entries[0].steps  # his one action spent
    fight.refuse("use_gift", "needs an enemy", who="Ragnar", gift="rune_power_dwarven_battle_sword", target="Ragnar")


def test_the_attack_odds_include_an_awake_power() -> None:
    """The odds with the Hand Axe awake are those of the same hero with 4X less ATK and DAM and no power; against
    him, those of a hero with 4X more DFN and Soak."""

    def odds(level: int, atk: int, dam: int, dfn: int, soak: int) -> tuple[Any, Any]:
        gifts = {"rune_power_hand_axe": level} if level else {}
        fight = Fight(hero("Ragnar", (0, 0), gift_ranks=gifts, weapons=[weapon("hand_axe", atk=atk, dam=dam,
                      dfn=dfn)], soak=soak, init=9), fighter("Goblin", (2, 0), hp=30, wt=9))  # fmt: skip
        if level:
            fight.do("use_gift", who="Ragnar", gift="rune_power_hand_axe")
        fight.roll_all(Ragnar=[5], Goblin=[5])
        options = fight.log.option_values()
        mine = attack_odds(fight.state, options, "Ragnar", "Goblin", "hand_axe")
        theirs = attack_odds(fight.state, options, "Goblin", "Ragnar", "club")
        return mine, theirs

    awake = odds(1, 9, 12, 5, 3)
    assert awake == odds(0, 9 - 4, 12 - 4, 5 + 4, 3 + 4)
    assert awake != odds(0, 9, 12, 5, 3)


def test_cards_and_notes_in_english_and_spanish() -> None:
    from runehall.systems.rune.speech.fights import combat_card

    fight = Fight(bearer("rune_power_roman_sword", 12, "roman_sword"), fighter("Goblin", (2, 0)))
    woke = fight.do("use_gift", who="Ragnar", gift="rune_power_roman_sword")
    event = {"params": {"who": "Ragnar", "gift": "rune_power_roman_sword"}, "result": woke}
    en, es = (combat_card("use_gift", event, words_for(lang, "rune")) for lang in ("en", "es"))
    assert en.result == "the rune is awake until round 12" and es.result == "la runa está despierta hasta la ronda 12"
    assert [r.value for r in es.rows] == ["10 rondas", "ronda 23"]
    assert "Ragnar's Rune Power: Roman Sword is awake until round 12" in notes(fight)
    assert "Ragnar: Poder rúnico: espada romana, despierto hasta la ronda 12" in notes(fight, "es")
    assert wake_moves(Fight(bearer("rune_power_roman_sword", 1, "roman_sword"), fighter("Goblin", (2, 0))), "es") == [
        "Despertar la runa: Poder rúnico: espada romana"
    ]


def test_a_power_asleep_for_hours_stays_asleep_in_the_runs_next_fight_one_recharged_in_rounds_does_not() -> None:
    from runehall.systems.rune.encounters.run_gifts import carry_runes

    long = Fight(bearer("rune_power_roman_sword", 2, "roman_sword"), fighter("Goblin", (2, 0)))
    long.do("use_gift", who="Ragnar", gift="rune_power_roman_sword")
    short = Fight(bearer("rune_power_roman_sword", 16, "roman_sword"), fighter("Goblin", (2, 0)))
    short.do("use_gift", who="Ragnar", gift="rune_power_roman_sword")
    assert carry_runes(short.who("Ragnar").gifted.runes) == {}  # 5 rounds: awake-able in the next fight
    carried = carry_runes(long.who("Ragnar").gifted.runes)
    assert set(carried) == {"rune_power_roman_sword"} and carried["rune_power_roman_sword"].earlier
    nxt = Fight(bearer("rune_power_roman_sword", 2, "roman_sword"), fighter("Goblin", (2, 0)))
    ragnar = nxt.who("Ragnar")
    asleep = ragnar.model_copy(update={"gifted": ragnar.gifted.model_copy(update={"runes": carried})})
    state = nxt.state.model_copy(update={"combatants": (asleep, *nxt.state.combatants[1:])})
    view = board_view(state, words_for("en", "rune"), GM, ACTIONS, nxt.log.option_values())
    assert not any(m.action == "use_gift" for m in view.moves)  # round 1 of the new fight: still asleep
    assert "Ragnar's Rune Power: Roman Sword sleeps for 24 hours from its last round: not again in this fight" in (
        view.notes
    )
