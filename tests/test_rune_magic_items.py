"""Magic items on the Rune hero sheet (spec 001c §8.8-§8.12): a won potion, charm, amulet, Helm of Power, legendary
item or magical equipment is kept with its state (doses, charged, failures, worn) in `Hero.magic_items`, validated
against the charts and its own roll; silver and loot are refused there; the sheet says each item and what is left of
it in English and Spanish; a worn helm's Gift levels are added to the hero's own, never past the Gift's most."""

from __future__ import annotations

from typing import Any

import pytest

from rune_magic_fixtures import KINDS, helm, potion_doses, stored
from runehall.errors import ParameterError
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.gifts.catalog import gift, gifts
from runehall.systems.rune.treasure.carried import BEFORE, CarriedItem, carried_words, granted, helm_gift
from runehall.systems.rune.treasure.generate import generate_treasure
from runehall.systems.rune.treasure.items import Amulet, Charm, Helm, Potion
from runehall.systems.rune.treasure.stored import item_from, item_json
from runehall.systems.rune.treasure.words import item_words
from test_rune_hero import hero, ragnar

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def carried(kind: str, **state: Any) -> dict[str, Any]:
    return {"item": stored(kind), **state}


def test_each_kind_of_magic_item_is_kept_on_the_sheet_with_its_state() -> None:
    items = [carried(k) for k in KINDS]
    h = hero(ragnar(magic_items=items))
    assert [c.kind for c in h.magic_items] == list(KINDS)
    states = [c.state() for c in h.magic_items]
    assert isinstance(states[0], Potion) and states[0].doses == potion_doses(stored("potion"))
    assert isinstance(states[1], Charm) and states[1].charged
    assert isinstance(states[2], Amulet) and states[2].failures == 0
    assert isinstance(states[3], Helm) and states[3].worn_since is None
    assert states[4] is None and states[5] is None  # a legendary item and magical equipment keep no state
    again = hero(h.model_dump(mode="json"))  # a saved sheet reads back the same
    assert again.magic_items == h.magic_items


def test_a_state_changes_by_the_items_rules_and_is_kept() -> None:
    item = CarriedItem(item=stored("potion"))
    state = item.state()
    assert isinstance(state, Potion)
    drunk = item.updated(state.drink())
    assert drunk.doses == state.doses - 1 and isinstance(drunk.state(), Potion)
    charm = CarriedItem(item=stored("charm"))
    spent = charm.updated(charm.state().use())  # type: ignore[union-attr]
    assert spent.charged is False
    helm_item = CarriedItem(item=stored("helm"))
    worn = helm_item.updated(helm_item.state().put_on(2))  # type: ignore[union-attr]
    assert worn.worn_since == 2 and worn.on_sheet().worn_since == BEFORE
    assert helm_item.on_sheet() == helm_item  # not worn: nothing to change


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"item": {"kind": "loot"}}, "treasure item as its roll stored it"),
        ({"item": stored("potion"), "charged": True}, "no such state"),
        ({"item": stored("charm"), "doses": 1}, "no such state"),
        ({"item": stored("helm"), "failures": 1}, "no such state"),
        ({"item": stored("legendary"), "worn_since": 1}, "no such state"),
        ({"item": stored("potion"), "doses": 8 + 1}, "at most 8"),
        ({"item": {**stored("potion"), "rolls": [{"chart": "nowhere", "faces": [1], "result": 1}]}}, "as its roll"),
    ],
)
def test_a_magic_item_the_rules_cannot_give_is_refused_on_the_sheet(entry: dict[str, Any], words: str) -> None:
    with pytest.raises(ParameterError) as e:
        hero(ragnar(magic_items=[entry]))
    assert "magic_items" in str(e.value) and words in str(e.value)


def test_silver_and_loot_are_not_magic_items() -> None:
    found = [i for n in range(60) for i in generate_treasure("A", _fair(n)) if i.kind in ("loot", "liars_silver")]
    assert found
    with pytest.raises(ParameterError) as e:
        hero(ragnar(magic_items=[{"item": item_json(found[0])}]))
    assert "silver and loot go into the haul" in str(e.value)


def test_more_doses_or_failures_than_found_are_refused() -> None:
    doses = potion_doses(stored("potion"))
    if doses < 8:
        with pytest.raises(ParameterError, match="more doses"):
            hero(ragnar(magic_items=[carried("potion", doses=doses + 1)]))
    amulet = CarriedItem(item=stored("amulet")).state()
    assert isinstance(amulet, Amulet)
    hero(ragnar(magic_items=[carried("amulet", failures=amulet.useless_after)]))  # useless, but still carried
    with pytest.raises(ParameterError, match="useless"):
        hero(ragnar(magic_items=[carried("amulet", failures=amulet.useless_after + 1)]))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_sheet_says_each_item_and_what_is_left_of_it(lang: str) -> None:
    words = words_for(lang, "rune")
    items = [carried("potion", doses=1), carried("charm", charged=False), carried("helm", worn_since=BEFORE)]
    items += [carried("amulet"), carried("legendary")]
    h = hero(ragnar(magic_items=items))
    sheet = h.sheet(words)
    section = next(s for s in sheet.sections if s.title == "Magic items")  # the book's term, the reader's beside it
    assert len(section.rows) == len(items)
    for row, c in zip(section.rows, h.magic_items, strict=True):
        assert item_words(item_from(c.item), words) in row.value  # the item as the treasure's card says it
        assert program_values(row.label) == [] and program_values(row.value) == []
    assert words.n("{n} dose left", "{n} doses left", 1) in section.rows[0].value
    assert words("spent until: {condition}", condition=words(c_recharge(h))) in section.rows[1].value
    assert section.rows[2].value.endswith(f"({words('worn')})")
    if lang == "es":
        assert section.gloss == "Objetos mágicos" and "dose left" not in section.rows[0].value


def c_recharge(h: Any) -> str:
    state = h.magic_items[1].state()
    assert isinstance(state, Charm)
    return state.recharge


def test_a_sheet_without_magic_items_has_no_such_section() -> None:
    assert all(s.title != "Magic items" for s in hero(ragnar()).sheet(EN).sections)


# -- a Helm of Power grants its Gift's levels ------------------------------------------------------------------
def test_a_helm_grants_its_gifts_levels_once_worn_since_an_earlier_event() -> None:
    item = CarriedItem(item=helm("Thor's Thews", 2))
    state = item.state()
    assert isinstance(state, Helm) and helm_gift(state) == "thors_thews" and state.levels == 2
    assert granted({}, [item], 0) == {}  # not worn
    on = item.updated(state.put_on(1))
    assert granted({}, [on], 1) == {}  # put on in this event: not yet
    assert granted({"thors_thews": 1}, [on], 2) == {"thors_thews": 3}  # stacked on his own
    assert granted({}, [on.on_sheet()], 0) == {"thors_thews": 2}  # worn since before the encounter


def test_a_helms_levels_never_pass_the_gifts_most() -> None:
    capped = [g for g in gifts().values() if g.max_level is not None and not g.rune_power]
    name = "Scourging of Fell Spirits"
    found = next(g for g in capped if g.name == name)
    assert found.max_level is not None
    item = CarriedItem(item=helm(name, 3), worn_since=BEFORE)
    own = found.max_level - 1
    assert granted({found.id: own}, [item], 0) == {found.id: found.max_level}  # 1 of 3 levels taken
    assert granted({}, [item], 0) == {found.id: min(3, found.max_level)}


def test_a_rune_power_helm_grants_the_power_of_its_weapon() -> None:
    item = stored("helm")
    roll = next(r for r in item["rolls"] if r["chart"] == "helm_gift")
    roll["faces"], roll["result"] = [54], 54  # the Rune Power of the short sword
    state = CarriedItem(item=item).state()
    assert isinstance(state, Helm) and state.rune_power is not None
    power = gift(helm_gift(state))
    assert power.rune_power and power.weapon == state.rune_power


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_helm_says_whether_it_is_worn(lang: str) -> None:
    words = words_for(lang, "rune")
    item = CarriedItem(item=helm("Thor's Thews", 2))
    assert carried_words(item, words)[1] == words("not worn")
    assert carried_words(item.model_copy(update={"worn_since": 0}), words)[1] == words("worn since event {n}", n="1")


def _fair(n: int) -> Any:
    from runehall.chance.sources import FairSource

    return FairSource(b"runehall magic items seed 0123", "loot", n)
