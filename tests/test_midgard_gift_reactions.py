"""Midgard gifts used outside one's own declared action (use_gift): instant casts out of the declaration
order (Lucky Boon, Tactical Awareness, Combat Master, Trusted Comrade, Block and Breach), reactions
(Shieldbearer, Persistent Endeavour, Learn from your Mistakes), Fate Weaving tokens, narrated gifts, and
regaining Wyrð (with Wunjo's rejoicing and Healing Laughter)."""

from __future__ import annotations

from typing import Any

import pytest

from test_midgard_combat import Game, pc
from test_midgard_gift_actions import declare, fight, resolve_all


def test_an_instant_luck_cast_outside_the_declaration_order() -> None:
    game = fight(
        {"gifts": ["lucky_boon", "tactical_awareness"], "skills": {"Luck": 1}, "runes": {"F": 4}, "ws": 2},
        pc("foe", "raiders", ws=2),
    )
    game.do("next_segment")
    assert game.state.stage == "declaration" and game.state.declarations == ()
    game.refuse("use_gift", "instant only with Lucky Boon", actor="g", gift="lucky_boon:dice")
    out = game.do("use_gift", actor="g", gift="lucky_boon:instant+dice", manual=[3, 5, 2, 2, 2])
    assert out["success"] and out["margin"] == 1 and len(out["faces"]) == 3 + 2
    g = game.who("g")
    assert (g.wyrd, g.carry_past) == (12 - 2, 1) and game.state.declarations == ()  # the action is still to come
    game.do("use_gift", actor="g", gift="tactical_awareness", difficulty=1, manual=[3, 2, 2])
    assert game.who("g").carry_past == 1  # another instant cast does not use the carry-over up
    for cid in game.state.order:
        game.do("declare", actor=cid, action="move")
    assert game.state.stage == "resolution"
    skill = game.do("use_gift", actor="g", gift="lucky_boon:instant+skill", manual=[3, 3, 2])
    assert skill["margin"] == 1 and (game.who("g").carry_past, game.who("g").carry_free) == (1, 1)
    assert game.who("g").wyrd == 12 - 2 - 1 - 2
    refused = fight({"gifts": ["lucky_boon"], "wyrd": 0})
    refused.do("next_segment")
    refused.refuse("use_gift", "has 0 Wyrð", actor="g", gift="lucky_boon:instant", manual=[])


def test_tactical_awareness_evaluates_at_once_and_the_die_is_shared() -> None:
    game = Game(
        [
            pc("g", wyrd=5, ws=2, gifts=["tactical_awareness"], skills={"Tactics": 1}, runes={"H": 4}),
            pc("ally", ws=2, weapons=["sax"]),
            pc("foe", "raiders", ws=2),
        ]
    )
    game.do("next_segment")
    game.refuse("use_gift", "give --difficulty", actor="g", gift="tactical_awareness", manual=[])
    out = game.do("use_gift", actor="g", gift="tactical_awareness", difficulty=1, manual=[2, 2, 2])
    assert out["success"] and game.who("g").dice_bonus == 1 and game.who("g").wyrd == 4
    for cid in game.state.order:
        plan = {"action": "share_evaluation", "difficulty": 1} if cid == "g" else {"action": "move"}
        game.do("declare", actor=cid, **plan)
    game.do("cast", actor="g", manual=[3, 2, 2, 2], goal="succeed")  # H 4 + Command: the die is for attacks
    resolve_all(game)
    assert game.who("ally").dice_bonus == 1 and game.who("foe").dice_bonus == 0
    assert not any(e.kind == "evaluation" for e in game.who("g").effects)  # shared once


def test_sharing_needs_an_evaluation() -> None:
    game = fight({"ws": 1, "skills": {"Command": 1}})
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    game.refuse("declare", "no successful Evaluate Battlefield", actor="g", action="share_evaluation", difficulty=1)


def test_combat_master_gives_extra_defences_that_keep_the_action() -> None:
    game = Game(
        [
            pc("g", wyrd=6, ws=3, gifts=["combat_master"], skills={"Alertness": 1, "Athletics": 1}, weapons=["sax"]),
            pc("foe", "raiders", ws=3, skills={"Sax": 2}, weapons=["sax"]),
        ]
    )
    game.do("next_segment")
    out = game.do("use_gift", actor="g", gift="combat_master", manual=[3, 5, 5])  # D 2: margin 2 + 0
    assert out["extra_defences"] == 2 and game.who("g").wyrd == 3
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 4], goal="speed")  # speed 4 - 2
    game.do("cast", actor="g", manual=[2, 2, 2], goal="margin")
    game.do("resolve")
    out = game.do("switch", defence="dodge", extra=True, manual=[3, 4, 4], goal="speed")  # switched base 5 - 2
    assert out["defended"] is False and game.declaration("g").status != "switched"
    game.do("take_hit", location="body")
    game.refuse("switch", "no hit", defence="dodge", extra=True, manual=[])
    assert [e.value for e in game.who("g").effects if e.kind == "extra_defences"] == [1]


@pytest.mark.parametrize("kind,free,dice", [("skill_bonus", 1 + 1, 2), ("dice", 1, 2 + 1)])
def test_trusted_comrade_helps_an_allys_courage(kind: str, free: int, dice: int) -> None:
    game = Game(
        [
            pc("g", wyrd=4, gifts=["trusted_comrade"], skills={"Command": 1}, runes={"H": 4}),
            pc("ally", courage_dice=2, courage_bonus=1, weapons=["sax", "round_shield"]),
            pc("foe", "raiders", runes={"T": 5}, skills={"Sax": 2}, weapons=["sax"]),
        ],
        comrade_bonus_kind=kind,
    )
    declare(game, foe={"action": "strike", "target": "ally"})
    game.do("cast", actor="foe", manual=[3, 3, 2, 2, 2])
    game.do("allocate", actor="foe", past=2)  # margin 0: 4 damage through the arms, a Courage check at D 4
    while not game.state.checks:
        game.do("take_hit", location="arms") if game.state.pending else game.do("resolve", location="arms")
    assert (game.state.checks[0].kind, game.state.checks[0].difficulty) == ("arms", 4)
    game.refuse("use_gift", "whose Courage cast is waiting", actor="g", gift="trusted_comrade", target="foe", manual=[])
    helped = game.do("use_gift", actor="g", gift="trusted_comrade", target="ally", manual=[3, 3, 3, 5])
    assert helped["bonus"] == 1 and game.who("g").wyrd == 2
    waiting = game.state.checks[0]
    assert (waiting.bonus_free, waiting.bonus_dice) == ((1, 0) if kind == "skill_bonus" else (0, 1))
    out = game.do("check", drop="round_shield", manual=[2] * dice)
    assert len(out["faces"]) == dice and out["tokens"]["free"] == free and out["success"] is False


def test_the_shieldbearer_blocks_for_an_ally() -> None:
    game = Game(
        [
            pc(
                "g",
                wyrd=4,
                ws=2,
                gifts=["shieldbearer"],
                runes={"H": 5},
                skills={"Shields": 3},
                weapons=["round_shield"],
            ),
            pc("ally", ws=2),
            pc("foe", "raiders", ws=2, skills={"Sax": 1}, weapons=["sax"]),
        ],
    )
    game.do("next_segment")
    plans = {"foe": {"action": "strike", "target": "ally"}, "g": {"action": "move"}, "ally": {"action": "move"}}
    for cid in game.state.order:
        game.do("declare", actor=cid, **plans[cid])
    game.do("cast", actor="foe", manual=[3, 3, 2], goal="margin")  # speed 4
    resolve = game.do("resolve")
    assert resolve["answer"] == "take_hit or switch"
    out = game.do("use_gift", actor="g", gift="shieldbearer", manual=[3, 3, 4, 4, 2], goal="speed")
    assert out["defended"] and game.who("g").wyrd == 2 and game.who("ally").wounds == 0
    assert [d.status for d in game.state.declarations if d.actor == "g"] == ["switched"]


def test_block_and_breach_strikes_back_at_once() -> None:
    game = Game(
        [
            pc(
                "g",
                wyrd=4,
                ws=2,
                gifts=["block_and_breach"],
                runes={"H": 5, "T": 4},
                skills={"Shields": 3, "Sax": 2},
                weapons=["round_shield", "sax"],
            ),
            pc("foe", "raiders", ws=2, defence=2, skills={"Sax": 1}, weapons=["sax"]),
        ],
    )
    game.do("next_segment")
    game.declare_all(g={"action": "block"}, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 2], goal="margin")
    game.do("cast", actor="g", manual=[3, 3, 3, 4, 4], goal="speed")
    game.refuse("use_gift", "answers a successful shield block", actor="g", gift="block_and_breach", manual=[])
    assert game.do("resolve")["stopped_by"] == "block"
    out = game.do("use_gift", actor="g", gift="block_and_breach", weapon="sax", manual=[3, 3, 3, 3], goal="margin")
    assert game.state.declarations[-1].cast.difficulty == 2 + 2  # type: ignore[union-attr]
    assert out["success"] and out["hit"] and game.who("g").wyrd == 1
    assert game.state.stage == "segment_end" and game.who("foe").wounds > 0
    game.refuse("use_gift", "answers a successful shield block", actor="g", gift="block_and_breach", manual=[])


@pytest.mark.parametrize(
    "gift,target,paid",
    [
        ("norns_cast", None, 1),
        ("five_stone_cast", None, 1),
        ("cast_for_the_other", None, 2),
        ("seven_rune_cast", None, 3),
        ("sealed_in_blood", "foe", 1),
        ("unbreakable_oath", "foe", 3),
        ("reader_of_faces", "foe", 3),
        ("travel:2", None, 3 * 2),
        ("cleanse_the_body", None, 3),
        ("strands_of_the_soul", "foe", 3 * 3),
    ],
)
def test_narrated_gifts_are_paid(gift: str, target: str | None, paid: int) -> None:
    held = [] if gift == "norns_cast" else [gift.partition(":")[0]]
    game = fight(
        {"gifts": held, "skills": {"Rune Divination": 1, "Fate Weaving": 1}}, pc("foe", "raiders", legend_score=3)
    )
    out = game.do("use_gift", actor="g", gift=gift, target=target)
    assert out["wyrd_paid"] == paid and game.who("g").wyrd == 12 - paid


def test_gifts_for_outside_combat_are_refused_in_it() -> None:
    game = fight({"gifts": ["expedient_journey", "travel"]})
    game.refuse("use_gift", "outside combat", actor="g", gift="expedient_journey")
    game.refuse("use_gift", "say how many", actor="g", gift="travel")
    declare(game, g={"action": "skill", "skill": "Survival", "difficulty": 1})
    game.refuse("cast", "outside combat", actor="g", manual=[2, 2, 2], gifts=["expedient_journey"])


def test_every_gift_has_an_engine_path_and_a_test() -> None:
    """Each of the 75 gifts is used on a cast, as an action, with use_gift, with a check or a regain, or is
    narrated (paid and logged); and every gift id appears in these tests."""
    import glob

    from runehall.systems.midgard.combat import gift_moves, use_gift
    from runehall.systems.midgard.rules import rules

    on_a_cast = ("before_roll", "after_roll", "after_distribution", "on_hit", "on_blocked", "on_declare_defence")
    elsewhere = {"persistent_endeavour": "check", "healing_laughter": "regain_wyrd"}
    text = "".join(open(p, encoding="utf-8").read() for p in glob.glob("tests/test_midgard*.py"))
    gifts = [g for r in rules().gifts.gift_rune for g in r.gift]
    assert len(gifts) == 75
    for g in gifts:
        homes = [
            g.timing in on_a_cast,
            g.id in gift_moves.ACTIONS,
            g.id in use_gift.HANDLERS,
            g.id in use_gift.NARRATIVE + use_gift.OUTSIDE,
            g.id in elsewhere,
        ]
        assert sum(homes) >= 1, g.id
        assert g.id in text, f"{g.id} has no test"


def test_persistent_endeavour_and_learn_from_your_mistakes() -> None:
    game = fight(
        {
            "gifts": ["persistent_endeavour", "learn_from_your_mistakes"],
            "skills": {"Craft": 1},
            "ws": 2,
            "courage_dice": 2,
        },
        pc("foe", "raiders", ws=2, skills={"Sax": 2}, weapons=["sax"]),
    )
    declare(game, g={"action": "short_action", "skill": "Craft", "difficulty": 3, "time": "short"})
    game.refuse("use_gift", "not a botch", actor="g", gift="learn_from_your_mistakes")
    game.do("cast", actor="g", manual=[2, 2, 2], goal="succeed")  # a failed Craft cast: a botch
    out = game.do("use_gift", actor="g", gift="learn_from_your_mistakes")
    assert out["skill"] == "Craft" and game.who("g").wyrd == 11
    resolve_all(game)
    declare(game, g={"action": "continue"}, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 2], goal="margin")
    while not game.state.checks:
        game.do("take_hit", location="body") if game.state.pending else game.do("resolve", location="body")
    assert game.state.checks[0].kind == "interrupt"
    game.refuse("check", "on its own", gifts=["persistent_endeavour", "learn_from_your_mistakes"])
    skipped = game.do("check", gifts=["persistent_endeavour"])
    assert skipped["skipped"] == "persistent_endeavour" and game.who("g").short is not None
    assert game.who("g").wyrd == 9
    lesson = [e for e in game.who("g").effects if e.kind == "skill_next"]
    assert [(e.skill, e.value) for e in lesson] == [("Craft", 1)]


def test_regaining_wyrd() -> None:
    hurt = {"gifts": ["patient_reward", "lucky_boon", "healing_laughter", "battle_lust"], "wyrd": 4, "ws": 2}
    for capped, wyrd in ((True, 4), (False, 3 + 4)):
        game = Game([pc("g", **hurt), pc("foe", "raiders", ws=2)], wyrd_regain_capped=capped)
        game.refuse("regain_wyrd", "no gift of Uruz", actor="g", rune="uruz")
        game.refuse("regain_wyrd", "no gift rune", actor="g", rune="gold")
        game.do("next_segment")
        game.do("use_gift", actor="g", gift="lucky_boon:instant", manual=[2, 2, 2])  # 1 Wyrð spent
        out = game.do("regain_wyrd", actor="g", rune="fehu")  # Fehu 1 + 3 = 4, from 3 (maximum 4)
        assert out["regained"] == 4 and game.who("g").wyrd == wyrd
    noone = Game([pc("g", gifts=["patient_reward"]), pc("foe", "raiders")])
    noone.refuse("regain_wyrd", "not tracked", actor="g", rune="fehu")


def test_rejoicing_and_healing_laughter() -> None:
    game = Game(
        [
            pc("g", wyrd=4, ws=2, gifts=["merkstave_channelling", "healing_laughter"]),
            pc("foe", "raiders", ws=2, skills={"Sax": 2}, weapons=["sax"]),
        ]
    )
    declare(game, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 2], goal="margin")
    resolve_all(game)
    assert game.who("g").wounds == 6
    game.do("next_segment")
    game.refuse("regain_wyrd", "declare rejoice first", actor="g", rune="wunjo")
    game.declare_all(g={"action": "rejoice"}, foe={"action": "move"})
    while game.state.queue:
        game.do("resolve")
    game.refuse("regain_wyrd", "at most 3", actor="g", rune="wunjo", heal=4)
    out = game.do("regain_wyrd", actor="g", rune="wunjo", heal=2)  # Wunjo 1 + 2 = 3: 2 healed, 1 Wyrð
    assert (out["healed"], game.who("g").wounds, game.who("g").wyrd) == (2, 4, 4)
    game.refuse("regain_wyrd", "declare rejoice first", actor="g", rune="wunjo")
    alone = Game([pc("g", wyrd=4, gifts=["battle_lust"]), pc("foe", "raiders")])
    alone.refuse("regain_wyrd", "only Healing Laughter", actor="g", rune="wunjo", heal=1)


def pact_game(**options: Any) -> Game:
    return fight(
        {"gifts": ["sealed_in_blood", "unbreakable_oath"], "skills": {"Diplomacy": 2}},
        pc("foe", "raiders", courage_dice=2, courage_bonus=0, skills={"Sax": 1}, weapons=["sax"]),
        **options,
    )


def test_a_pact_sealed_in_blood_is_tracked_and_can_be_broken() -> None:
    game = pact_game()
    game.refuse("use_gift", "binds another", actor="g", gift="sealed_in_blood", margin=1)
    game.refuse("break_pact", "bound by no pact", actor="foe")
    out = game.do("use_gift", actor="g", gift="sealed_in_blood", target="foe", margin=1)
    assert out["pact"]["difficulty"] == 2 + 1 and game.who("g").wyrd == 11  # T-Q13: Diplomacy 2 + margin 1
    held = game.do("break_pact", actor="foe", manual=[3, 2])  # Past 1 < 3: the pact holds
    assert held["broken"] is False and held["penalty"] == 0  # no oath: no penalty
    pact = game.who("foe").pacts[0]
    assert (pact.by, pact.attempts, pact.oath) == ("g", 1, False)
    again = game.do("break_pact", actor="foe", by="g", manual=[3, 3])  # Past 2 < 3: tried as often as wished
    assert again["broken"] is False and game.who("foe").pacts[0].attempts == 2
    game2 = pact_game()
    game2.do("use_gift", actor="g", gift="sealed_in_blood", target="foe", margin=0)
    assert game2.do("break_pact", actor="foe", manual=[3, 3])["broken"] is True  # Past 2 reaches D 2
    assert game2.who("foe").pacts == ()


def test_an_unbreakable_oath_weighs_on_all_later_casts_after_a_failed_break() -> None:
    game = pact_game()
    game.do("use_gift", actor="g", gift="sealed_in_blood", target="foe", margin=2)
    game.do("use_gift", actor="g", gift="unbreakable_oath", target="foe")  # the pact becomes a vow
    pact = game.who("foe").pacts[0]
    assert pact.oath and pact.difficulty == 4 and game.who("g").wyrd == 12 - 1 - 3
    out = game.do("break_pact", actor="foe", manual=[3, 2])
    assert out["broken"] is False and out["penalty"] == 2  # the sealing margin
    declare(game, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[2, 2, 2])
    assert game.declaration("foe").cast.tokens.merkstave == 2  # type: ignore[union-attr]
    game.do("break_pact", actor="foe", manual=[3, 3])  # still D 4: it holds and the penalty stays 2
    assert game.who("foe").pacts[0].penalty == 2 and game.who("foe").pacts[0].attempts == 2


def test_the_vow_ends_with_the_pact() -> None:
    game = pact_game()
    game.do("use_gift", actor="g", gift="unbreakable_oath", target="foe", margin=0)  # sealed and sworn at once
    assert game.who("foe").pacts[0].oath and game.who("foe").pacts[0].difficulty == 2
    assert game.do("break_pact", actor="foe", manual=[3, 2])["penalty"] == 0  # margin 0: nothing to weigh
    assert game.do("break_pact", actor="foe", manual=[3, 3])["broken"] is True
    declare(game, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[2, 2, 2])
    assert game.declaration("foe").cast.tokens.merkstave == 0  # type: ignore[union-attr]


def strands_game() -> Game:
    return fight(
        {"gifts": ["strands_of_the_soul"], "skills": {"Fate Weaving": 1}, "wyrd": 30},
        pc("foe", "raiders", legend_score=1, skills={"Sax": 1}, weapons=["sax"]),
        pc("ally", legend_score=1),
    )


def test_strands_of_the_soul_heals_and_wounds() -> None:
    game = strands_game()
    out = game.do("use_gift", actor="g", gift="strands_of_the_soul:reduce_to_legend_wounds", target="foe")
    boxes = sum(game.who("foe").wound_boxes)
    assert out["wounds"] == boxes - 1 and game.who("foe").wounds == boxes - 1  # only legend 1 box stays empty
    assert game.do("use_gift", actor="g", gift="strands_of_the_soul:full_heal", target="foe")["wounds"] == 0
    game.refuse("use_gift", "one effect", actor="g", gift="strands_of_the_soul:full_heal+skill_to_4", target="foe")
    game.refuse("use_gift", "name the target", actor="g", gift="strands_of_the_soul:full_heal")


def test_strands_of_the_soul_sets_god_runes_and_skills() -> None:
    game = strands_game()
    game.refuse("use_gift", "name the god rune", actor="g", gift="strands_of_the_soul:god_rune_to_8", target="ally")
    out = game.do("use_gift", actor="g", gift="strands_of_the_soul:god_rune_to_8", target="ally", rune="Thor")
    assert out["rune"] == "Th" and game.who("ally").runes["Th"] == 8
    game.do("use_gift", actor="g", gift="strands_of_the_soul:god_rune_to_1", target="foe", rune="T")
    assert game.who("foe").runes["T"] == 1
    game.refuse("use_gift", "name the skill", actor="g", gift="strands_of_the_soul:skill_to_4", target="ally")
    game.do("use_gift", actor="g", gift="strands_of_the_soul:skill_to_4", target="ally", skill="luck")
    assert game.who("ally").skills["Luck"] == 4
    game.do("use_gift", actor="g", gift="strands_of_the_soul:skill_merkstave_4", target="foe", skill="Sax")
    assert game.who("g").wyrd == 30 - 4 * 3  # 3 Wyrð a point of legend (1), four uses
    declare(game, foe={"action": "strike", "target": "g", "weapon": "sax"})
    game.do("cast", actor="foe", manual=[2])  # T 1 after god_rune_to_1: one die
    assert game.declaration("foe").cast.tokens.merkstave == 4  # type: ignore[union-attr]
    assert game.declaration("foe").cast.dice == 1  # type: ignore[union-attr]
