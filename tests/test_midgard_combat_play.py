"""Playing Midgard combat: created characters from their sheets, a fight to the end, the log's fold and
undo, active defences, pins, berserk, luck, checks, warbands, and what the view and render show."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.refusals import say
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.midgard.combat import moves
from runehall.systems.midgard.combat.state import Declaration
from test_midgard_combat import OPTIONS, VECTORS, Game, pc, villain

ASTRID = {
    "name": "Astrid",
    "gender": "female",
    "birthright": "descendant_of_tyr",
    "legend": "warrior",
    "legend_skills": ["Axes", "Sax", "Shields", "Alertness"],
    "rune_points": {"F": 3, "Th": 4, "A": 0, "H": 3, "T": 4},
    "skills": {"Axes": 3, "Sax": 2, "Shields": 2, "Alertness": 2, "Athletics": 1},
    "gifts": [
        "shield_defence",
        "shieldbearer",
        "block_and_breach",
        "breakthrough_defences",
        "shield_splitter",
        "tactical_awareness",
        "hammer_of_thor",
    ],
    "weapons": ["large_axe", "round_shield"],
    "armour": {"body": "chainmail", "arms": "chainmail", "head": "steel_helm", "legs": "hardened_leather"},
}
ULF = {
    "name": "Ulf",
    "gender": "male",
    "birthright": "descendant_of_thor",
    "legend": "berserker",
    "legend_skills": ["Might", "Berserker", "Axes", "Wrestling"],
    "rune_points": {"F": 2, "Th": 4, "A": 3, "H": 1, "T": 4},
    "skills": {"Axes": 2, "Berserker": 2, "Wrestling": 2, "Might": 2},
    "gifts": ["merkstave_channelling", "healing_laughter", "battle_lust", "wild_strike", "master_of_the_wind"],
    "weapons": ["bearded_axe"],
    "armour": {"body": "hardened_leather"},
}


def duel() -> Game:
    return Game([{"id": "astrid", "character": ASTRID}, {"id": "ulf", "side": "raiders", "character": ULF}])


def test_created_characters_enter_the_fight_with_their_derived_values() -> None:
    game = duel()
    astrid, ulf = game.who("astrid"), game.who("ulf")
    assert (astrid.defence, astrid.ws, sum(astrid.wound_boxes), astrid.wyrd, astrid.armour_speed) == (5, 4, 41, 18, 2)
    assert {a.type: a.pool for a in astrid.armour} == {"chainmail": 26, "steel_helm": 6, "hardened_leather": 7}
    assert [i.id for i in astrid.items] == ["large_axe", "round_shield"]
    assert (ulf.runes["Th"], ulf.ws, ulf.defence, ulf.legend_score) == (8, 4, 3, 3)
    assert registry.get("midgard").tracker("combat").name == "combat"


def test_a_fight_between_two_created_characters_to_the_end() -> None:
    game = duel()
    taken = []
    for _ in range(3):
        game.do("next_segment")
        assert game.state.order == ("ulf", "astrid")  # Ulf 4 + Alertness 0 declares before Astrid's 6
        game.do("declare", action="dodge")
        game.do("declare", action="strike", target="ulf")
        game.do("cast", actor="ulf", manual=[2, 2, 2, 2])  # F 4, nothing: the dodge fails
        hit = game.do("cast", actor="astrid", wyrd=5, manual=[5] * 13, goal="margin")  # T 8 + 5 Wyrð
        assert (hit["success"], hit["margin"], hit["speed"]) == (True, 13, 7)
        taken.append(game.do("resolve"))
    assert [t["wounds"] for t in taken] == [9, 19, 19] and taken[0]["location"] == "body"
    assert taken[0]["armour_pool"] == 0 and taken[-1]["taken_out"]
    state = game.state
    assert state.stage == "over" and state.winner == "players"
    assert game.who("astrid").wyrd == 3 and game.who("ulf").out
    game.refuse("next_segment", "the fight is over")
    assert "the fight is over" in game.log.tracker.render(state)


def test_a_random_cast_replays_identically_from_the_log() -> None:
    game = duel()
    game.do("next_segment")
    game.do("declare", action="strike", target="astrid", two_hands=True)
    game.do("declare", action="block")
    out = game.do("cast", actor="ulf", wyrd=3, seed=2024, goal="speed")
    event = game.log.events[-1]
    assert [face for _, face in event["tape"]] == out["faces"] and len(out["faces"]) == 6 + 3
    again = PlayLog.from_json(json.loads(json.dumps(game.log.to_json())))
    assert again.state() == game.state
    tampered = json.loads(json.dumps(game.log.to_json()))
    tampered["events"][-1]["tape"] = tampered["events"][-1]["tape"][:-1]
    with pytest.raises(Exception, match=r"ran out|not all used"):
        PlayLog.from_json(tampered)


def test_undo_revokes_an_allocation_but_not_a_cast_it_depends_on() -> None:
    game = duel()
    game.do("next_segment")
    game.do("declare", action="strike", target="astrid")
    game.do("declare", action="block")
    game.do("cast", actor="astrid", manual=[6, 4, 1, 3, 8])
    game.do("allocate", actor="astrid", past=3, cancel=1)
    with pytest.raises(RulesError, match="depends on it"):
        game.log.undo(4)
    game.log.undo()
    assert game.declaration("astrid").cast.allocation is None  # type: ignore[union-attr]
    game.do("allocate", actor="astrid", past=1, future=2, cancel=1)
    assert game.declaration("astrid").cast.speed == 2 - 3  # type: ignore[union-attr]
    assert game.log.revoked() == {5}


def test_a_switched_dodge_and_a_declared_defence_against_two_attackers() -> None:
    game = Game(
        [
            pc("a", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc("b", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc(
                "y",
                "raiders",
                ws=3,
                defence=3,
                runes={"F": 4, "H": 4},
                skills={"Athletics": 2, "Shields": 2},
                weapons=["round_shield", "sax"],
            ),
        ]
    )
    game.do("next_segment")
    plans = {"a": {"action": "strike", "target": "y"}, "b": {"action": "strike", "target": "y"}}
    game.declare_all(**plans, y={"action": "block"})
    game.do("cast", actor="a", manual=[3, 6, 5, 2], goal="margin")  # Past 3, margin 2, speed 4
    game.do("cast", actor="b", manual=[3, 6, 4, 2], goal="speed")  # Past 3, Future 2, speed 2
    block = game.do("cast", actor="y", manual=[6, 6, 3, 3], goal="speed")  # aims at D 2 + 2 - 2 = 2
    assert (block["past"], block["speed"]) == (2, 0 - 4)
    done = game.finish_segment()
    assert done["b"]["stopped_by"] == "block" and done["a"]["stopped_by"] == "block"  # A-27: every attack
    narrow = Game(
        [
            pc("a", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc("b", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc("y", "raiders", ws=3, defence=3, runes={"F": 4, "H": 4}, skills={"Athletics": 2}, weapons=["sax"]),
        ],
        declared_defence_scope="first_attack",
    )
    narrow.do("next_segment")
    narrow.declare_all(**plans, y={"action": "dodge"})
    narrow.do("cast", actor="a", manual=[3, 6, 5, 2], goal="margin")
    narrow.do("cast", actor="b", manual=[3, 6, 4, 2], goal="speed")
    narrow.do("cast", actor="y", manual=[6, 6, 3, 3], goal="speed")
    done = narrow.finish_segment(location="body")
    assert done["b"]["stopped_by"] == "dodge" and done["a"]["hit"] and narrow.who("y").wounds == 2 + 4


@pytest.mark.parametrize(
    "faces,escaped,seed", [([3, 3, 6, 6], True, 0), ([3, 6, 6, 2], False, 0), ([3, 6, 6, 2], False, 6)]
)
def test_a_pin_is_held_then_escaped_or_not(faces: list[int], escaped: bool, seed: int) -> None:
    game = Game(
        [
            pc("grip", ws=1, runes={"Th": 5}, skills={"Wrestling": 2}),
            pc("prey", "raiders", ws=1, defence=3, runes={"F": 4}, skills={"Athletics": 1}),
        ]
    )
    game.do("next_segment")
    game.declare_all(grip={"action": "pin", "target": "prey"}, prey={"action": "move"})
    game.do("cast", actor="grip", manual=[3, 3, 5, 2, 2], goal="margin")  # Past 2 + 1 free; margin 1 + 1
    game.finish_segment(location="body")
    assert game.who("prey").pin is not None and game.who("prey").wounds == 2 + 1 - 1  # Athletics as hardness
    game.do("next_segment")
    if game.state.order[0] == "prey":
        game.refuse("declare", "must be escape_pin", action="move")
    game.declare_all(grip={"action": "pin", "target": "prey"}, prey={"action": "escape_pin"})
    grip = game.do("cast", actor="grip", manual=[3, 3, 3, 2, 2], goal="margin")  # D 3 + 1 (held a round)
    assert "past" not in grip and "prey" in grip["sealed"]  # opposed: secret until the escape is placed
    game.do("cast", actor="prey", manual=faces)
    game.refuse("allocate", "only on Past and Outcome", actor="prey", past=2, future=1)
    prey = game.do("allocate", actor="prey", goal="succeed")
    assert prey["revealed"]["grip"]["past"] == 4 and prey["revealed"]["grip"]["success"]
    done = game.finish_segment(location="body")
    assert done["prey"]["escaped"] is escaped and done["prey"]["pinner_past"] == 4  # a tie keeps the pin (A-62)
    assert (game.who("prey").pin is None) is escaped
    if not escaped:
        game.do("next_segment", seed=seed)  # seed 0: the target declares first; seed 6: the pinner
        first = game.state.order[0]
        prey = {"action": "escape_pin"} if first == "prey" else {"action": "block"}
        if first == "grip":
            game.do("declare", action="move")  # the pinner does something else: let go at once
            game.refuse("declare", "only take a Defence", action="move")
        game.declare_all(grip={"action": "move"}, prey=prey) if first == "prey" else game.do("declare", **prey)
        assert game.who("prey").pin is None


def test_berserk_luck_and_their_carry_overs() -> None:
    game = Game(
        [
            pc(
                "b",
                ws=2,
                runes={"A": 4, "T": 4},
                skills={"Berserker": 2, "Luck": 1, "Axes": 1},
                weapons=["large_axe"],
                health=5,
            ),
            pc("foe", "raiders", ws=2, defence=2),
        ]
    )
    game.do("next_segment")
    game.declare_all(b={"action": "stoke_fury"}, foe={"action": "move"})
    fury = game.do("cast", actor="b", manual=[5, 5, 6, 3], goal="margin")  # D 4: Past 1 + 3, margin 2
    assert (fury["success"], fury["margin"]) == (True, 2)
    game.finish_segment()
    assert game.who("b").berserk == 2
    game.do("next_segment")
    game.declare_all(b={"action": "strike", "target": "foe"}, foe={"action": "move"})
    strike = game.do("cast", actor="b", manual=[3, 3, 2, 2])
    assert strike["tokens"]["outcome"] == 2  # +1 Outcome per berserk level on attacks
    game.do("allocate", actor="b", outcome=1)
    game.finish_segment()
    game.do("next_segment")
    assert game.who("b").berserk is None  # until the end of the round
    game.declare_all(b={"action": "luck"}, foe={"action": "move"})
    game.do("cast", actor="b", manual=[3, 5, 7, 2], goal="margin")  # C-7 plus a blank: margin 2
    game.finish_segment()
    assert game.who("b").carry_past == 2
    game.do("next_segment")
    game.declare_all(b={"action": "strike", "target": "foe"}, foe={"action": "move"})
    carried = game.do("cast", actor="b", manual=[2, 2, 2, 2], goal="margin")
    assert carried["tokens"]["past"] == 2 and game.who("b").carry_past == 0


def test_disarm_pick_up_drop_on_an_arm_wound_and_stand_up_after_a_leg_wound() -> None:
    game = Game(
        [
            pc("a", ws=3, runes={"T": 6}, skills={"Sax": 2}, weapons=["sax"]),
            pc(
                "b", "raiders", ws=3, defence=2, runes={"F": 2, "Th": 2, "A": 2}, weapons=["long_sword", "round_shield"]
            ),
        ]
    )
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b"}, b={"action": "move"})
    game.do("cast", actor="a", manual=[3, 3, 2, 2, 2, 2], goal="margin")
    game.do("resolve")
    game.refuse("resolve", "answer the hit")
    game.do("take_hit", location="arms")  # 0 + 2 margin... 2 + 4 damage through the arms
    assert game.state.checks[0].kind == "arms"
    game.refuse("check", "name what b drops", manual=[2, 2])
    out = game.do("check", drop="round_shield", manual=[2, 2])  # Courage dice 2: nothing
    assert out["dropped"] == "round_shield"
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(
        a={"action": "disarm", "target": "b", "item": "long_sword"}, b={"action": "move", "item": "round_shield"}
    )
    game.do("cast", actor="a", manual=[3, 3, 3, 5, 2, 2], goal="margin")  # D 2 + 3 = 5: Past 3 + 2
    done = game.finish_segment()
    assert done["a"]["feet"] == 5 and [i.held for i in game.who("b").items] == [False, True]
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b"}, b={"action": "move"})
    game.do("cast", actor="a", manual=[3, 3, 2, 2, 2, 2], goal="margin")
    game.do("resolve")
    game.do("take_hit", location="legs")
    assert game.do("check", manual=[2, 2])["fell"] == "prone"
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(a={"action": "move"}, b={"action": "stand_up"})
    game.finish_segment()
    assert not game.who("b").prone


def test_a_warband_loses_warriors_and_is_wiped_out() -> None:
    game = Game(
        [
            pc("hero", ws=1, runes={"T": 8}, skills={"Axes": 3}, weapons=["double_headed_axe"]),
            villain("band", "warband", members=[{"rank": 2, "armour": "hardened_leather", "weapon": "sax"}] * 2),
        ]
    )
    game.do("next_segment")
    assert game.state.order == ("band", "hero")
    game.declare_all(band={"action": "strike", "target": "hero"}, hero={"action": "strike", "target": "band"})
    game.do("gm_cast", manual=[2, 2, 2])  # 2 + 1 PC: nothing on any stone
    game.do("allocate", actor="gm", goal="succeed")
    band = game.do("cast", actor="band", manual=[])
    assert band["past"] == 2 + 1 and not band["success"]  # full rank bonus 2 + 1 < Defence 1 + base(3 + 8)
    game.do("cast", actor="hero", manual=[5, 5, 5, 5, 5, 5, 5, 3], goal="margin")  # D 1 + 2 + 1
    done = game.finish_segment()
    assert done["hero"]["slain"] == 2 and game.state.stage == "over" and game.state.winner == "players"


def test_view_and_render_show_the_fight() -> None:
    game = duel()
    tracker = game.log.tracker
    assert "next: next_segment" in tracker.render(game.state)
    game.do("next_segment")
    game.do("declare", action="strike", target="astrid")
    view = tracker.view(game.state)
    assert view["stage"] == "declaration" and view["waiting_for"] == "declare --actor astrid"
    assert [c["id"] for c in view["combatants"]] == ["astrid", "ulf"]
    assert view["combatants"][0]["wyrd"] == {"now": 18, "max": 18}
    game.do("declare", action="block")
    game.do("cast", actor="astrid", manual=[6, 4, 1, 3, 8])
    text = tracker.render(game.state)
    assert "astrid: block [declared] faces [6, 4, 1, 3, 8] · 4 free token(s) to place" in text
    assert "round 1, segment 1 · casting" in text and "Def 5 · WS 4" in text
    assert tracker.view(game.state)["declarations"][1]["cast"]["tokens"]["free"] == 4
    json.dumps(tracker.view(game.state))


def test_seeded_fights_always_fold_back() -> None:
    """Random play by a simple policy: every event replays from its own tape to the same state."""
    for seed in range(4):
        game = duel()
        rng = SeededSource(seed)
        for _ in range(40):
            s = game.state
            if s.stage == "over":
                break
            if s.stage in ("setup", "segment_end"):
                game.do("next_segment", seed=seed)
            elif s.stage == "declaration":
                me = next(c for c in s.order if c not in {d.actor for d in s.declarations})
                other = "ulf" if me == "astrid" else "astrid"
                pick = rng.die(3)
                plan: dict[str, Any] = {1: {"action": "strike", "target": other}, 2: {"action": "dodge"}}.get(
                    pick, {"action": "smash", "target": other}
                )
                game.do("declare", actor=me, **plan)
            elif s.stage == "casting":
                todo = next(d for d in s.declarations if d.status != "ready")
                game.do("cast", actor=todo.actor, seed=seed * 100 + len(game.log.events), goal="margin")
            else:
                game.finish_segment()
        assert PlayLog.from_json(json.loads(json.dumps(game.log.to_json()))).state() == game.state


def test_thrown_smash_and_charge() -> None:
    game = Game([
        pc("a", ws=3, runes={"F": 4, "T": 4, "Th": 4}, skills={"Athletics": 2, "Sax": 1},
           weapons=["dagger", "sax"]),
        pc("b", "raiders", ws=3, defence=2),
    ])  # fmt: skip
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b", "weapon": "dagger", "thrown": True}, b={"action": "move"})
    assert game.declaration("a").base_speed == 2 and game.declaration("a").skill == "Athletics"
    thrown = game.do("cast", actor="a", manual=[3, 3, 2, 2], goal="margin")  # F 4 dice
    assert thrown["past"] == 2 and thrown["margin"] == 2
    game.finish_segment(location="body")
    assert not game.who("a").items[0].held and game.who("b").wounds == 2 + 2
    game.do("next_segment")
    if game.state.order[0] == "b":
        game.do("declare", action="move")
    dropped = game.refuse("declare", "Dagger is not in hand", actor="a", action="strike", target="b", weapon="dagger")
    assert "no tiene Daga en la mano" in say(dropped, words_for("es", "midgard"))  # the book's name, in Spanish
    game.do("declare", actor="a", action="smash", target="b", weapon="sax")
    if len(game.state.declarations) == 1:
        game.do("declare", action="move")
    assert game.declaration("a").base_speed == 4 + 2
    smash = game.do("cast", actor="a", manual=[3, 3, 2, 2], goal="margin")
    assert smash["tokens"]["outcome"] == 1 and smash["margin"] == 1 + 1
    game.finish_segment(location="body")
    game.do("next_segment")
    game.declare_all(a={"action": "charge", "target": "b", "weapon": "sax", "distance": 3}, b={"action": "move"})
    assert game.declaration("a").base_speed == 4 + 3


def test_simultaneous_blows_both_land() -> None:
    game = Game([
        pc("a", ws=1, runes={"T": 4}, skills={"Sax": 4}, weapons=["sax"], health=1),
        pc("b", "raiders", ws=1, runes={"T": 4}, skills={"Sax": 4}, weapons=["sax"], health=1),
    ])  # fmt: skip
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b"}, b={"action": "strike", "target": "a"})
    for cid in ("a", "b"):
        game.do("cast", actor=cid, manual=[5, 5, 5, 5], goal="margin")  # same speed 4, same margin
    game.do("resolve")
    assert game.do("take_hit", location="body")["taken_out"]
    second = game.do("resolve", location="body")  # taken out at the same moment: still strikes (A-25)
    assert not second.get("skipped") and second["taken_out"]
    assert game.state.stage == "over" and game.state.winner == "nobody"


def test_a_thane_switches_to_a_block_and_makes_its_checks_from_the_gm_cast() -> None:
    game = Game([
        pc("hero", ws=1, runes={"T": 5}, skills={"Axes": 2}, weapons=["large_axe"]),
        villain("jarl", "thane", 3, skills=["Shields", "Sax"], ws=1, weapons=["round_shield", "sax"],
                armour={"arms": "chainmail"}),
    ])  # fmt: skip
    game.do("next_segment")
    game.declare_all(hero={"action": "strike", "target": "jarl"}, jarl={"action": "move"})
    hit = game.do("cast", actor="hero", manual=[3, 3, 5, 5, 5], goal="margin")  # D 1 + 3: Past 2 + 2
    assert (hit["speed"], hit["margin"]) == (5, 3)
    game.do("resolve")
    game.refuse("switch", "gm_cast", defence="block", manual=[])
    game.do("gm_cast", goal="past", manual=[3, 1, 2, 2, 2])  # 2 + 1 PC + 2 for the Thane: Past 1, Merkstave 1
    block = game.do("switch", defence="block", manual=[], goal="speed")  # D 1 + 2 - 2 = 1: Shields 3 free
    assert block["defended"] and block["speed"] == 4 - 2
    assert game.state.stage == "segment_end" and game.who("jarl").wounds == 0
    game.do("next_segment")
    game.declare_all(hero={"action": "strike", "target": "jarl"}, jarl={"action": "move"})
    game.do("cast", actor="hero", manual=[3, 3, 5, 5, 5], goal="margin")
    game.do("resolve")
    taken = game.do("take_hit", location="arms")  # 9 damage, AP 3; 6 - 3 into the chainmail pool
    assert (taken["wounds"], taken["armour_pool"]) == (3, 10 - 3)
    game.refuse("check", "gm_cast", drop="sax", manual=[])
    game.do("gm_cast", goal="past", manual=[2, 2, 2, 2, 2])
    game.refuse("check", "name what jarl drops", manual=[])
    check = game.do("check", drop="sax", manual=[])  # Courage bonus 3 on Past, D 3
    assert check["success"] and "faces" not in check


def test_ch1_speeds_in_the_fight() -> None:
    """Spec §16.2's speeds for the worked character, from her sheet and her armour (+2)."""
    speeds = VECTORS["CH-1"]["expect"]["speeds"]
    astrid = duel().who("astrid")

    def speed(action: str, switched: bool = False, **fields: Any) -> int:
        d = Declaration(actor="astrid", action=action, **fields)  # type: ignore[arg-type]
        return moves.base_speed(astrid, d, OPTIONS, switched)

    assert speed("strike", target="ulf") == speeds["large_axe_one_hand"]
    assert speed("block") == speeds["shield_block_declared"]
    assert speed("block", switched=True) == speeds["shield_block_switched"]
    assert speed("dodge") == speeds["dodge_declared"]
    assert speed("dodge", switched=True) == speeds["dodge_switched"]
    assert speed("strike", target="ulf", weapon="unarmed") == speeds["unarmed"]
    with pytest.raises(RulesError, match="other hand free"):
        speed("strike", target="ulf", two_hands=True)
