"""A stat gift bought in the middle of a fight (spec 001b §2.1, §2.5; combat/gift_rebuild.py): the hero's numbers
worked out again from his sheet with the new level, his condition kept, the new numbers on his next roll and in the
attack odds; a hero given as stats gets the gifts whose effect is one known number, the others refused."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gift_rebuild import GIFTED, SCALARS, WEAPON
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import RAGNAR_SHEET, Fight, fighter, hero

HURT = {"hp_now": 40, "wounds": 1}


def ragnar(gifts: dict[str, int] | None = None, vp: int = 500, **more: Any) -> dict[str, Any]:
    sheet = {**RAGNAR_SHEET, "vp_total": vp, "gifts": gifts or {}}
    return {"name": "Ragnar", "sheet": sheet, "at": [0, 0], **more}


def fight(*people: dict[str, Any]) -> Fight:
    f = Fight(*people, fighter("Goblin", (2, 0), init=2), new_encounter=False)
    f.roll_all(**{p["name"]: [5] for p in people}, Goblin=[5])
    return f


def numbers(c: Combatant) -> dict[str, Any]:
    """Every number a stat gift can move."""
    found: dict[str, Any] = {f: getattr(c, f) for f in SCALARS}
    found.update({f: getattr(c.gifted, f) for f in GIFTED})
    for w in c.weapons:
        found.update({f"{w.id}.{f}": getattr(w, f) for f in (*WEAPON, "dam_rating")})
    return found


def cards(f: Fight) -> None:
    event = next(e for e in reversed(f.log.events) if e["action"] == "buy_gift")
    for lang in ("en", "es"):
        card = combat_card("buy_gift", event, words_for(lang, "rune"))
        assert program_values(card.action + card.result) == [] and card.action


def test_might_of_thor_bought_mid_fight_gives_the_numbers_of_a_hero_who_had_it_and_keeps_his_condition() -> None:
    bought = fight(ragnar(**HURT))
    before = bought.who("Ragnar")
    result = bought.do("buy_gift", who="Ragnar", gift="Might of Thor")
    after = bought.who("Ragnar")
    had = fight(ragnar({"might_of_thor": 1}, **HURT)).who("Ragnar")
    assert numbers(after) == numbers(had) and numbers(after) != numbers(before)
    assert (after.hp, after.wounds, after.at, after.ready) == (before.hp, before.wounds, before.at, before.ready)
    assert after.gifted.levels == {"might_of_thor": 1} and after.gifted.left == 500 - 300
    moved = {(m["number"], m.get("weapon")): (m["was"], m["now"]) for m in result["numbers"]}
    assert moved[("dam", "Viking Axe")] == (before.find_weapon("viking_axe").dam, had.find_weapon("viking_axe").dam)
    assert moved[("strength", None)] == (before.strength, before.strength + 1)
    cards(bought)
    bought.log.undo()
    assert numbers(bought.who("Ragnar")) == numbers(before)


def test_the_new_numbers_count_from_his_next_roll_and_the_attack_odds_follow() -> None:
    bought, plain = fight(ragnar(**HURT)), fight(ragnar(**HURT))
    total = bought.board.entries["Ragnar"].total
    bought.do("buy_gift", who="Ragnar", gift="might_of_thor")
    bought.do("buy_gift", who="Ragnar", gift="valor_of_tyr")
    assert bought.board.entries["Ragnar"].total == total  # initiative already rolled: as it was
    had = fight(ragnar({"might_of_thor": 1, "valor_of_tyr": 1}, **HURT))
    opts = bought.log.option_values()

    def odds(f: Fight, who: str, target: str, weapon: str) -> Any:
        found = attack_odds(f.state, opts, who, target, weapon)
        assert found is not None
        return (found.hit, found.wound, found.down, found.mean_lost)

    mine = odds(bought, "Ragnar", "Goblin", "viking_axe")
    assert (
        mine == odds(had, "Ragnar", "Goblin", "viking_axe")
        and mine[3] > odds(plain, "Ragnar", "Goblin", "viking_axe")[3]
    )
    swing = bought.do("attack", [9, 5], who="Ragnar", target="Goblin")["attack"]  # his very next roll: DAM + 1
    assert swing["dam"] == had.who("Ragnar").find_weapon("viking_axe").dam == plain.who("Ragnar").find_weapon(
        "viking_axe").dam + 1  # fmt: skip
    for f in (had, plain):
        f.do("attack", [9, 5], who="Ragnar", target="Goblin")
    theirs = odds(bought, "Goblin", "Ragnar", "club")  # Valor of Tyr: Soak + 1 against the Goblin's blows
    assert theirs == odds(had, "Goblin", "Ragnar", "club") and theirs[3] < odds(plain, "Goblin", "Ragnar", "club")[3]


def test_an_hp_gift_bought_grows_his_maximum_and_his_hp_and_leaves_his_wounds() -> None:
    bought = fight(ragnar(**HURT))
    before = bought.who("Ragnar")
    result = bought.do("buy_gift", who="Ragnar", gift="Thor's Thews", levels=2)
    after = bought.who("Ragnar")
    assert result["hp_max"] == before.hp_max + 20 == after.hp_max
    assert (after.hp, after.wounds, after.wt) == (before.hp + 20, before.wounds, before.wt)
    assert numbers(after) == numbers(fight(ragnar({"thors_thews": 2}, **HURT)).who("Ragnar"))
    cards(bought)


def test_frost_speeded_heels_for_a_hero_given_as_stats_moves_his_init_from_the_next_round() -> None:
    f = fight(hero("Ragnar", (0, 0), init=9, free_vp=500))
    total = f.board.entries["Ragnar"].total
    result = f.do("buy_gift", who="Ragnar", gift="Frost-Speeded Heels", levels=2)
    assert f.board.entries["Ragnar"].total == total  # this round's initiative stands
    assert f.who("Ragnar").find_weapon("club").init == 9 + 4 and f.who("Ragnar").init_noncombat == 3 + 4
    assert {(m["number"], m.get("weapon"), m["now"]) for m in result["numbers"]} >= {("init", "club", 13)}
    f.next_round(Ragnar=[5], Goblin=[5])
    assert f.board.entries["Ragnar"].total == total + 4
    f.do("buy_gift", who="Ragnar", gift="with_either_hand")  # read from his levels: nothing to work out
    f.refuse("buy_gift", "worked out from a hero sheet, and Ragnar fights with numbers given as stats",
             who="Ragnar", gift="Might of Thor")  # fmt: skip
    cards(f)


def test_every_stat_gift_bought_mid_fight_matches_a_hero_who_had_it() -> None:
    from runehall.systems.rune.gifts.stat_gifts import STAT_GIFTS

    for gift_id in sorted(STAT_GIFTS):
        bought = fight(ragnar(vp=2000, **HURT))
        lost = bought.who("Ragnar").hp_max - bought.who("Ragnar").hp
        bought.do("buy_gift", who="Ragnar", gift=gift_id)
        had = fight(ragnar({gift_id: 1}, vp=2000, **HURT)).who("Ragnar")
        after = bought.who("Ragnar")
        assert numbers(after) == numbers(had), gift_id
        assert after.hp_max - after.hp == lost and after.wounds == had.wounds, gift_id  # the HP he lost stay lost
