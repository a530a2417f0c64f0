"""Many-Impaling Spear in a fight (spec 001b §2.5, 001b TV-08; combat/gift_spear.py): a thrown spear whose blow
takes more than 12 - X HP after Soak goes on to the nearest foe within 5X paces of the one hit, with a new ATK
roll; on while each hit takes more than 12 - X; never one character twice in a throw."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.gift_spear import SPEAR_GIFT, carries_on, onward_paces
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

SPEAR = {"weapon": "spear_thrown", "init": 5, "atk": 5, "dam": 9, "dam_rating": 5, "ammo": 3}


def cards(f: Fight, action: str) -> list[str]:
    event = next(e for e in reversed(f.log.events) if e["action"] == action)
    said = []
    for lang in ("en", "es"):
        card = combat_card(action, event, words_for(lang, "rune"))
        text = card.action + card.result + "".join(r.label + r.value for r in card.rows)
        assert program_values(text) == [] and card.action
        said.append(text)
    assert said[0] != said[1]
    return said


def spear_fight(x: int = 4, orc_at: tuple[int, int] = (8, 24), **ragnar: Any) -> Fight:
    """Ragnar throws at the Goblin 8 paces off; Grub stands 6 paces beyond it, the Orc 18 beyond Grub (all Soak 3,
    none within 5 paces of another, so every shot's Difficulty is a plain 6)."""
    gifts = {"gift_ranks": {SPEAR_GIFT: x}} if x else {}
    r = hero("Ragnar", (0, 0), init=9, weapons=[SPEAR], **gifts, **ragnar)
    foes = [fighter("Goblin", (8, 0), init=2), fighter("Grub", (8, 6), init=1), fighter("Orc", orc_at, init=1)]
    f = Fight(r, *foes, new_encounter=False)
    f.roll_all(Ragnar=[9], Goblin=[2], Grub=[2], Orc=[2])
    return f


def test_001b_tv_08_the_threshold_and_the_distance() -> None:
    assert (onward_paces(4), onward_paces(11)) == (20, 55)
    assert carries_on(9, 4) and not carries_on(8, 4)  # X = 4: more than 8
    assert carries_on(2, 11) and not carries_on(1, 11)  # X = 11: more than 1
    assert not carries_on(30, 0)


def test_the_spear_goes_on_through_each_foe_while_it_deals_more_than_12_less_x() -> None:
    from runehall.systems.rune.encounters.feed import Fact, facts

    f = spear_fight()
    before = f.state
    hp = {n: f.who(n).hp for n in ("Goblin", "Grub", "Orc")}
    # 9 + 5 = 14 vs 6: 8 + 9 = 17 less 3 = 14 > 8, on to Grub (6 paces on): the same; on to the Orc (18 paces
    # from Grub): 2 + 5 = 7 vs 6, 1 + 9 - 3 = 7, not more than 8: the spear stops there.
    out = f.do("attack", [9, 9, 2], who="Ragnar", target="Goblin")["attack"]
    chain = out["impaled"]
    assert [s["target"] for s in chain] == ["Grub", "Orc"] and [s["from"] for s in chain] == ["Goblin", "Grub"]
    lost = [out["injury"]["hp_lost"], *(s["injury"]["hp_lost"] for s in chain)]
    assert lost == [14, 14, 7]
    assert [f.who(n).hp for n in hp] == [hp[n] - d for n, d in zip(hp, lost, strict=True)]
    assert f.who("Ragnar").weapons[0].ammo == 2  # one spear thrown
    found = facts(before, f.state, f.log.events[-1]["result"])
    for name, d in zip(hp, lost, strict=True):
        assert Fact("damage", "Ragnar", name, d) in found  # his damage VP in a run, every foe of the chain
    said = cards(f, "attack")
    assert "Many-Impaling Spear" in said[0] and "Grub" in said[0] and "Lanza que a muchos empala" in said[1]
    f.log.undo()
    assert [f.who(n).hp for n in hp] == list(hp.values())


def test_the_chain_follows_the_threshold_for_every_die() -> None:
    for x in (1, 4, 8):
        f = spear_fight(x=x)
        for die in range(2, 10):
            _, out = f.act_on(f.state, "attack", [die, 9, 9], who="Ragnar", target="Goblin")
            swing = out["attack"]
            dealt = swing["injury"]["hp_lost"] if swing["hit"] else 0
            assert ("impaled" in swing) is (dealt > 12 - x and onward_paces(x) >= 6), (x, die)  # Grub: 6 paces
            if "impaled" in swing:
                assert swing["impaled"][0]["target"] == "Grub"  # the nearest foe to the Goblin


def test_no_chain_without_the_gift_beyond_5x_paces_or_with_another_weapon() -> None:
    plain = spear_fight(x=0).do("attack", [9], who="Ragnar", target="Goblin")["attack"]
    assert plain["hit"] and "impaled" not in plain
    far = spear_fight(x=1).do("attack", [9], who="Ragnar", target="Goblin")["attack"]  # 5 paces: Grub is 6 off
    assert far["injury"]["hp_lost"] > 11 and "impaled" not in far
    # Grub then the Orc 18 paces beyond: X = 3 reaches 15, so the spear stops at Grub
    stop = spear_fight(x=3).do("attack", [9, 9], who="Ragnar", target="Goblin")["attack"]
    assert [s["target"] for s in stop["impaled"]] == ["Grub"]
    axe = {**SPEAR, "weapon": "throwing_axe"}
    f = Fight(hero("Ragnar", (0, 0), init=9, weapons=[axe], gift_ranks={SPEAR_GIFT: 4}),
              fighter("Goblin", (8, 0)), fighter("Grub", (8, 6)), new_encounter=False)  # fmt: skip
    f.roll_all(Ragnar=[9], Goblin=[2], Grub=[2])
    thrown = f.do("attack", [9], who="Ragnar", target="Goblin")["attack"]
    assert thrown["hit"] and "impaled" not in thrown


def test_never_the_same_character_twice_in_a_throw() -> None:
    f = spear_fight(x=11, orc_at=(8, 3))  # the Orc near both: the spear goes Goblin -> Orc -> Grub and stops
    out = f.do("attack", [9, 9, 9], who="Ragnar", target="Goblin")["attack"]
    names = [out["target"], *(s["target"] for s in out["impaled"])]
    assert sorted(names) == ["Goblin", "Grub", "Orc"] and len(names) == len(set(names))
