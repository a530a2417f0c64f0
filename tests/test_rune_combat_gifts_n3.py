"""The healer's gifts in a fight (spec 001b §2.5; combat/gift_healing.py, numbers in gifts/healing.py): Nurturing of
Yggdrasil's VP for a treatment giving an ally 12 HP or more (A-20) and for reviving a hero below 0 HP; Bone-Setters'
Blessing's +3X Soak on healer and patient to the end of the round, read by blows and by the attack odds."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.arithmetic import heal_hp
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

NURTURING = "nurturing_of_yggdrasil"
BONE = "bone_setters_blessing"


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


def ward(gifts: dict[str, int], patient_hp: int = 20, **more: Any) -> Fight:
    """Thurid (Healer 3) holds the gifts; Eyrbyg stands by her, hurt; a Goblin 2 paces off."""
    f = Fight(hero("Thurid", (0, 0), init=20, gift_ranks=gifts), hero("Eyrbyg", (0, 2), hp=60, hp_now=patient_hp),
              fighter("Goblin", (2, 0), init=1), new_encounter=False, **more)  # fmt: skip
    f.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    return f


def test_nurturing_pays_20x_for_12_hp_or_more_given_to_an_ally_and_nothing_below() -> None:
    for x in (1, 3):
        for die in range(2, 10):
            f = ward({NURTURING: x})
            out = f.do("heal", [die], who="Thurid", patient="Eyrbyg", mode="hp")
            roll = out["healer_roll"]
            gained = heal_hp(roll["total"], roll["difficulty"], 20, 60).hp_gained
            assert out["hp_gained"] == gained
            want = [{"hero": "Thurid", "gift": NURTURING, "vp": 20 * x}] if gained >= 12 else None
            assert out.get("gift_vp") == want  # 12 or more
            if want:
                said = cards(f, "heal")
                assert f"{20 * x} VP" in said[0] and "Nurturing of Yggdrasil" in said[0]
                assert "El sustento de Yggdrasil" in said[1]


def test_nurturing_never_pays_for_healing_himself() -> None:
    f = Fight(hero("Thurid", (0, 0), init=20, hp=60, hp_now=20, gift_ranks={NURTURING: 2}),
              fighter("Goblin", (9, 9), init=1), new_encounter=False)  # fmt: skip
    f.roll_all(Thurid=[5], Goblin=[5])
    out = f.do("heal", [9], who="Thurid", patient="Thurid", mode="hp")
    assert out["hp_gained"] >= 12 and "gift_vp" not in out


def revive_fight(x: int, raw: int, **patient: Any) -> Fight:
    f = Fight(hero("Thurid", (0, 0), init=20, healer=10, gift_ranks={NURTURING: x}),
              hero("Eyrbyg", (0, 2), **patient), fighter("Goblin", (9, 9), init=1), new_encounter=False)  # fmt: skip
    f.roll_all(**{c.name: [5] for c in f.state.combatants if c.active})
    f.do("damage", who="Eyrbyg", raw=raw, soak=False)
    assert f.who("Eyrbyg").health == "dying"
    return f


def test_nurturing_pays_30x_for_reviving_a_hero_below_0_hp_only() -> None:
    below = revive_fight(2, 35, hp=30)
    assert below.who("Eyrbyg").hp < 0
    saved = below.do("revive", [9], who="Thurid", patient="Eyrbyg")
    assert saved["success"] and saved["gift_vp"] == [{"hero": "Thurid", "gift": NURTURING, "vp": 60}]
    said = cards(below, "revive")
    assert "60 VP" in said[0] and "El sustento de Yggdrasil" in said[1]
    wounded = revive_fight(2, 18, wt=15, hp=60, hp_now=48, wounds=4)  # a fifth Wound, HP still above 0
    assert wounded.who("Eyrbyg").hp >= 0
    saved = wounded.do("revive", [9], who="Thurid", patient="Eyrbyg")
    assert saved["success"] and "gift_vp" not in saved
    failed = revive_fight(2, 35, hp=30).do("revive", [1], who="Thurid", patient="Eyrbyg")
    assert not failed["success"] and "gift_vp" not in failed


def test_bone_setters_gives_both_3x_soak_to_the_round_end_and_the_odds_follow() -> None:
    blessed, plain = ward({BONE: 2}), ward({})
    opts = blessed.log.option_values()
    for f in (blessed, plain):
        f.do("heal", [2], who="Thurid", patient="Eyrbyg", mode="hp")  # a failed treatment spends the action too
    assert blessed.log.events[-1]["result"]["bone_setters"] == {"gift": BONE, "soak": 6, "round": 1}
    said = cards(blessed, "heal")
    assert "+6 Soak" in said[0] and "+6 de Absorción para Thurid y Eyrbyg" in said[1]

    for f in (blessed, plain):  # the Goblin's turn
        while (up := f.board.next_up()) is not None and up[0] != "Goblin":
            f.do("pass", who=up[0])

    def odds(f: Fight, target: str) -> Any:
        found = attack_odds(f.state, opts, "Goblin", target, "club")
        assert found is not None
        return found.mean_lost

    for target in ("Thurid", "Eyrbyg"):
        assert odds(blessed, target) < odds(plain, target)
    swing = blessed.do("attack", [9, 2], who="Goblin", target="Eyrbyg")["attack"]
    plain_swing = plain.do("attack", [9, 2], who="Goblin", target="Eyrbyg")["attack"]
    assert swing["soak_modifiers"] == {"Bone-Setters' Blessing": 6}
    assert swing["injury"]["hp_lost"] == max(0, plain_swing["injury"]["hp_lost"] - 6)
    for f in (blessed, plain):  # the round is over: so is the Soak
        f.next_round(Thurid=[5], Eyrbyg=[5], Goblin=[5])
        while (up := f.board.next_up()) is not None and up[0] != "Goblin":
            f.do("pass", who=up[0])
    assert blessed.who("Thurid").gifted.triggered.bone_set == (1, 6)  # kept, but for round 1 only
    assert odds(blessed, "Thurid") == odds(plain, "Thurid")
    late = blessed.do("attack", [9, 2], who="Goblin", target="Thurid")["attack"]
    assert "Bone-Setters' Blessing" not in (late.get("soak_modifiers") or {})


def test_bone_setters_not_on_himself_nor_after_the_fight_and_undo_takes_it_back() -> None:
    f = Fight(hero("Thurid", (0, 0), init=20, hp=60, hp_now=20, gift_ranks={BONE: 1}),
              fighter("Goblin", (2, 0), init=1), new_encounter=False)  # fmt: skip
    f.roll_all(Thurid=[5], Goblin=[5])
    assert "bone_setters" not in f.do("heal", [5], who="Thurid", patient="Thurid", mode="hp")
    after = ward({BONE: 1})
    after.do("end_combat")
    assert "bone_setters" not in after.do("heal", [5], who="Thurid", patient="Eyrbyg", mode="hp")
    undone = ward({BONE: 1})
    undone.do("heal", [5], who="Thurid", patient="Eyrbyg", mode="hp")
    assert undone.who("Eyrbyg").gifted.triggered.bone_set == (1, 3)
    undone.log.undo()
    assert undone.who("Eyrbyg").gifted.triggered.bone_set is None


def test_in_a_run_nurturing_vp_go_to_the_tally_and_undo_takes_them_back() -> None:
    """The gift VP a treatment reports are the healer's gift VP in an encounter run (run_gift_vp.gift_vp)."""
    from runehall.systems.rune.encounters.run_state import RunState
    from test_rune_combat_gifts_run import _do, _run, _tally

    for faces, paid in (([10, 5], True), ([9], False)):  # 14 HP given back (the 14 he lost), or 4
        log = _run({"Nurturing of Yggdrasil": 2})
        _do(log, "damage", [], who="Thurid", raw=14, soak=False)
        treated = _do(log, "heal", faces, who="Ragnar", patient="Thurid", mode="hp")
        state = log.state()
        assert isinstance(state, RunState) and treated["success"]
        bonuses = [(e.kind, e.amount, e.hero) for e in state.tally.events if e.kind == "gift_bonus"]
        assert (treated["hp_gained"] >= 12) is paid
        assert bonuses == ([("gift_bonus", 40, "Ragnar")] if paid else [])
        log.undo()
        assert all(kind != "gift_bonus" for kind, _ in _tally(log))
