"""Whom a foe may attack, as the fight's board hints it to the runner (spec 001b §8.4, 001c §11.5): a Predictable
foe keeps the hero it engages and ignores hidden ones; a Self-Willed foe switches only to a healthy hero and
must first find a hidden one; a crafty foe may hold back. A hint on the foe's card, never a bar on the runner."""

from __future__ import annotations

from typing import Any

from runehall.present.board import Badge, BoardView
from runehall.present.check import program_values
from runehall.systems.rune import foes
from runehall.systems.rune.encounters.gallery_data import spot_difficulty
from runehall.systems.rune.encounters.running_risks import TargetFoe, TargetHero, legal_targets
from test_rune_board import board
from test_rune_combat import Fight, fighter, hero


def hint(view: BoardView, foe: str) -> Badge:
    card = next(c for c in view.combatants if c.key == foe)
    return next(b for b in card.badges if b.label.startswith(("may attack", "puede atacar")))


def fight_of(foe: dict[str, Any], **ragnar: Any) -> Fight:
    fight = Fight(hero("Ragnar", (0, 0), init=20, **ragnar), hero("Thurid", (20, 0), init=1), foe)
    fight.roll_all(Ragnar=[5], Thurid=[5], Orc=[5])
    return fight


def test_a_predictable_foe_keeps_the_hero_it_engages() -> None:
    fight = fight_of(fighter("Orc", (2, 0), init=15, foe_type="troll"))
    assert hint(board(fight), "Orc").label == "may attack Ragnar or Thurid"
    fight.do("pass", who="Ragnar")
    fight.do("attack", [5, 5], who="Orc", target="Ragnar")
    expected = legal_targets(
        TargetFoe(current="Ragnar", behaviour="crafty"),
        [TargetHero("Ragnar", 50), TargetHero("Thurid", 50, engaged_with_foe=False)],
    )
    assert expected.legal == ("Ragnar",)
    badge = hint(board(fight), "Orc")
    assert (
        badge.label == "may attack Ragnar" and "flowchart" in badge.title and "hold back" in badge.title
    )  # a troll is crafty


def test_a_predictable_foe_ignores_a_hidden_hero() -> None:
    fight = fight_of(fighter("Orc", (2, 5), init=15, foe_type="rock_goblin"))
    fight.do("condition", who="Thurid", cover="half")
    badge = hint(board(fight), "Orc")
    assert badge.label == "may attack Ragnar" and "hold back" not in badge.title  # a rock goblin is headlong


def test_a_self_willed_foe_must_find_a_hidden_hero_first() -> None:
    fight = fight_of(fighter("Orc", (2, 5), init=15, foe_type="rock_goblin", self_willed=True))
    fight.do("condition", who="Thurid", cover="half", fallen=True)
    badge = hint(board(fight), "Orc")
    assert badge.label == "may attack Ragnar or Thurid" and "Self-Willed" in badge.title
    assert str(spot_difficulty("half", prone=True)) in badge.title


def test_a_self_willed_foe_switches_only_to_a_healthy_hero() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=20), hero("Thurid", (20, 0), init=1, hp=25), fighter("Orc", (2, 0), init=15,
        self_willed=True), new_encounter=False
    )  # fmt: skip
    fight.roll_all(Ragnar=[5], Thurid=[5], Orc=[5])
    fight.do("pass", who="Ragnar")
    fight.do("attack", [5, 5], who="Orc", target="Ragnar")
    assert hint(board(fight), "Orc").label == "may attack Ragnar"  # Thurid has under 30 HP


def test_the_hint_never_bars_the_runner() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20), hero("Thurid", (2, 2), init=1), fighter("Orc", (2, 0), init=15))
    fight.roll_all(Ragnar=[5], Thurid=[5], Orc=[5])
    fight.do("pass", who="Ragnar")
    fight.do("attack", [5, 5], who="Orc", target="Ragnar")
    assert hint(board(fight), "Orc").label == "may attack Ragnar"
    fight.next_round(Ragnar=[5], Thurid=[5], Orc=[5])
    fight.do("pass", who="Ragnar")
    fight.do("attack", [5, 5], who="Orc", target="Thurid")  # the runner's judgment: not refused
    assert fight.who("Orc").last_target == "Thurid"


def test_the_hint_is_in_words_in_both_languages() -> None:
    fight = fight_of(fighter("Orc", (2, 0), init=15, foe_type="troll"))
    for lang in ("en", "es"):
        badge = hint(board(fight, lang=lang), "Orc")
        assert not program_values(badge.label) and not program_values(badge.title)


def test_the_foe_maker_marks_a_self_willed_foe() -> None:
    stats = foes.foe_stats("rock_goblin", "inferior", (5, 5, 5, 5, 3, 40, 3))
    assert foes.foe_spec("rock_goblin", "inferior", stats, "Orc", self_willed=True)["self_willed"] is True
