"""Minor magic items as a hero carries them (spec 001c §8.8, §8.11): made from a rolled treasure, a potion's doses
drunk, a charm spent and recharged, an amulet's failures marked until it is useless, a helm worn since an event;
what the rules forbid refused, the state said in English and Spanish."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.present.words import words_for
from runehall.systems.rune.treasure.items import Amulet, Charm, Helm, Potion, magic_item, state_words
from test_rune_treasure_generate import rolled

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def test_a_potion_is_drunk_dose_by_dose() -> None:
    (item,) = rolled("A", [8, 9, 9, 10, 50, 4])  # an Ability potion of Gamble, +1 for 2 rounds, 6 doses
    potion = magic_item(item)
    assert potion == Potion(simple=False, target="gamble", bonus=1, rounds=2, doses=6)
    for _ in range(6):
        potion = potion.drink()
    assert state_words(potion, EN) == "empty"
    assert state_words(Potion(False, "gamble", 1, 2, 1), ES) == "queda 1 dosis"
    with pytest.raises(RulesError):
        potion.drink()


def test_a_charm_is_spent_until_its_condition() -> None:
    (item,) = rolled("C", [7, 10, 10, 10, 90, 60, 3])  # Perception +4, 6 + 3 rounds, recharged by the next event
    charm = magic_item(item)
    assert isinstance(charm, Charm) and (charm.target, charm.bonus, charm.rounds) == ("per", 4, 9)
    spent = charm.use()
    assert state_words(spent, EN) == "spent until: The next event"
    with pytest.raises(RulesError):
        spent.use()
    assert spent.recharged().use().charged is False


def test_an_amulet_counts_its_failures() -> None:
    (item,) = rolled("A", [10, 9, 6, 1, 5])  # B: +1, useless after 4 failures, against goblins' melee
    amulet = magic_item(item)
    assert amulet == Amulet(1, "dfn", "A goblin swings a melee weapon at the wearer", 4)
    for _ in range(4):
        amulet = amulet.failed()
    assert amulet.useless and state_words(amulet, ES) == "inútil"
    with pytest.raises(RulesError):
        amulet.failed()


def test_a_helm_works_from_the_event_after_it_is_put_on() -> None:  # 001c §8.11
    (item,) = rolled("D", [83, 19, 6])  # Agony Postponed, 2 levels
    helm = magic_item(item)
    assert helm == Helm("Agony Postponed", None, "heimdal", 2)
    worn = helm.put_on(1)
    assert not worn.works(1) and worn.works(2) and not helm.works(2)
    assert state_words(worn, EN) == "worn since event 1"


def test_other_items_have_no_state() -> None:
    (item,) = rolled("C", [5, 8, 11, 2, 1, 5])  # a buckler
    with pytest.raises(RulesError):
        magic_item(item)
