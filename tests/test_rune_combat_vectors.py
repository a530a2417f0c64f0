"""Every combat, injury and recovery test vector of data/test_vectors.toml (spec 001a §10.3-§10.8), driven
through the combat tracker where it can be, and through the pure arithmetic where the vector is one formula.
"""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.rune.combat.arithmetic import (
    action_steps,
    damage,
    heal_hp,
    heal_wounds,
    healer_row,
    ripostes,
    shove_paces,
    situation_modifier,
    wounds_from,
)
from test_rune_combat import Fight, fighter, hero, vectors

V = vectors()


def cases(vector_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = V[vector_id]["case"]
    return found


def test_the_vectors_this_file_covers_exist() -> None:
    kinds = {
        "initiative", "missile", "melee", "berserk", "charge", "riposte", "gang_up", "barrier", "falling",
        "fog_of_war", "sever", "engagement", "hold", "barb_net", "injury", "heal", "revive", "rest",
        "encounter_start", "range",
    }  # fmt: skip
    ids = {v["id"] for v in V.values() if v["kind"] in kinds} | {"TV-PLAY-3", "TV-PLAY-4", "TV-PLAY-5"}
    assert len(ids) == 55
    assert ids <= set(V)


# -- 10.5 initiative ----------------------------------------------------------------------------------
@pytest.mark.parametrize("case", cases("TV-INIT-1") + cases("TV-INIT-2"), ids=lambda c: str(c["total"]))
def test_extra_actions(case: dict[str, Any]) -> None:
    assert list(action_steps(case["total"])) == case["expect"]["steps"]
    fight = Fight(hero("Ragnar", (0, 0), init=case["total"] - 5), fighter("Goblin", (2, 0)))
    result = fight.do("initiative", [5], who="Ragnar")
    assert result["steps"] == case["expect"]["steps"] and len(result["steps"]) == case["expect"]["actions"]


@pytest.mark.parametrize("vector_id", ["TV-INIT-3", "TV-INIT-4"])
def test_cutting_in(vector_id: str) -> None:
    case = cases(vector_id)[0]
    at = case["interrupts_at"]
    fight = Fight(hero("Ragnar", (0, 0), init=case["total"] - 5), fighter("Goblin", (2, 0), init=at + 1 - 5))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("wait", who="Ragnar")
    fight.do("attack", [5, 5], who="Goblin", target="Ragnar")  # the goblin acts one step above
    later = fight.do("cut_in", who="Ragnar", at_step=at)["later_steps"]
    if case["expect"].get("second_action_lost"):
        assert later == []
    else:
        assert later == [case["expect"]["second_action_step"]]


def test_heroes_tied_go_by_gifts() -> None:
    """TV-INIT-5."""
    x, y = cases("TV-INIT-5")[0]["heroes"]
    fight = Fight(
        hero(y["name"], (0, 0), init=y["total"] - 5, gifts=y["gifts"]),
        hero(x["name"], (0, 2), init=x["total"] - 5, gifts=x["gifts"]),
        fighter("Troll", (2, 0)),
    )
    result = fight.roll_all(**{y["name"]: [5], x["name"]: [5]}, Troll=[2])
    assert [s.split()[0] for s in result["order"][:2]] == cases("TV-INIT-5")[0]["expect"]["order"]


@pytest.mark.parametrize("vector_id", ["TV-INIT-6", "TV-INIT-7"])
def test_initiative_situations(vector_id: str) -> None:
    case = cases(vector_id)[0]
    situation = ["jockeyed" if s == "jockeyed_last_round" else s for s in case["situation"]]
    fight = Fight(hero("Ragnar", (0, 0), init=case["init_score"], per=case.get("per", 0)), fighter("Goblin", (2, 0)))
    result = fight.do("initiative", [case["die"]], who="Ragnar", situation=situation)
    assert result["total"] == case["expect"]["total"]


def test_the_example_of_plays_initiative_order() -> None:
    """TV-PLAY-4: a hero goes before a creature on the same total; creatures in the notes' order."""
    case = cases("TV-PLAY-4")[0]
    people, faces = [], {}
    ordered = sorted(case["totals"], key=lambda t: t.get("notes_order", 0))
    for i, t in enumerate(ordered):
        make = hero if t["hero"] else fighter
        people.append(make(t["name"], (3 * i, 0), init=t["total"] - 5))
        faces[t["name"]] = [5]
    result = Fight(*people).roll_all(**faces)
    assert [s.rsplit(" ", 1)[0] for s in result["order"]] == case["expect"]["order"]


# -- 10.6 attacks -------------------------------------------------------------------------------------
def shooter(**more: Any) -> dict[str, Any]:
    return hero("Ragnar", (0, 0), init=20, weapons=[{"weapon": "short_bow", "init": 20, "atk": 2, "dam": 4}], **more)


@pytest.mark.parametrize("case", cases("TV-MIS-1"), ids=lambda c: str(c["name"]))
def test_a_shot_at_a_target_ducking_and_weaving(case: dict[str, Any]) -> None:
    bow = {"weapon": "short_bow", "init": 20, "atk": case["atk_score"], "dam": case["dam"]}
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, weapons=[bow]),
        fighter("Meelu", (10, 0), soak=case["soak"]),
        options=case["options"],
    )
    fight.roll_all(Ragnar=[5], Meelu=[5])
    state = fight.with_flags("Meelu", maneuver="duck_and_weave")
    _, result = fight.act_on(state, "attack", [case["die"]], who="Ragnar", target="Meelu")
    shot, expect = result["attack"], case["expect"]
    assert shot["atk"]["modifiers"] == {"target ducks and weaves": -3}
    if "difficulty_book_form" in expect:
        assert shot["atk"]["total"] == expect["atk_total_modifier_form"]
        assert shot["dfn"]["total"] == expect["defence_modifier_form"]
        assert shot["dfn"]["total"] + 3 == expect["difficulty_book_form"]
    assert (shot["hit"], shot["tm"], shot["raw"], shot["injury"]["hp_lost"]) == (
        expect["hit"], expect["tm"], expect["raw"], expect["hp_lost"]
    )  # fmt: skip


def test_a_shot_into_a_crowd_strays() -> None:
    """TV-MIS-2: Thurid near Meelu, Vreek in the line of fire; the runner's d10 shows 6: Thurid is hit."""
    vector = V["TV-MIS-2"]
    case = vector["case"][0]
    fight = Fight(
        shooter(),
        fighter("Meelu", (20, 0), soak=1),
        hero("Thurid", (22, 0), soak=case["victim_soak"]),
        fighter("Vreek", (10, 1)),
        options=vector["options"],
    )
    fight.roll_all(Ragnar=[5], Meelu=[5], Thurid=[5], Vreek=[5])
    state = fight.with_flags("Meelu", maneuver="duck_and_weave")
    _, result = fight.act_on(
        state, "attack", [7, case["random_die"]], who="Ragnar", target="Meelu", line_of_fire=["Vreek"]
    )
    shot, expect = result["attack"], case["expect"]
    assert shot["atk"]["total"] + 3 == case["atk_total"]  # the book's form puts the -3 on the Difficulty
    assert shot["dfn"]["total"] + 3 == expect["difficulty"]
    assert shot["hit"] is expect["hit_target"]
    stray = shot["stray"]
    assert stray["candidates"] == ["Vreek", "Thurid"] and stray["picked_with"] == 6  # odd Vreek, even Thurid
    assert (stray["victim"], stray["tm"], stray["raw"], stray["injury"]["hp_lost"]) == (
        expect["victim"], expect["tm"], expect["raw"], expect["hp_lost"]
    )  # fmt: skip


def test_a_dodged_shot() -> None:
    """TV-MIS-3."""
    case = cases("TV-MIS-3")[0]
    bow = {"weapon": "long_bow", "init": 20, "atk": case["atk_total"] - 7, "dam": case["dam"]}
    dodge = case["defender"]["dodge"] + case["defender"]["qik"]
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, weapons=[bow]), fighter("Goblin", (30, 0), soak=case["soak"], dodge=dodge)
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    shot = fight.do("attack", [7, case["die"]], who="Ragnar", target="Goblin", dodge=True)["attack"]
    expect = case["expect"]
    assert shot["atk"]["total"] == case["atk_total"] and shot["dfn"]["total"] == expect["defence_total"]
    assert (shot["hit"], shot["tm"], shot["raw"], shot["injury"]["hp_lost"]) == (
        expect["hit"], expect["tm"], expect["raw"], expect["hp_lost"]
    )  # fmt: skip


def test_a_shot_at_a_running_target_behind_half_cover() -> None:
    """TV-MIS-4: -6 for half cover, -6 for a target that moved: -12, a Difficulty of 18 in the book's form."""
    expect = cases("TV-MIS-4")[0]["expect"]
    fight = Fight(shooter(), fighter("Goblin", (30, 0), init=20))
    fight.roll_all(Ragnar=[5], Goblin=[6])
    fight.do("move", who="Goblin", to=[35, 0], kind="full")
    fight.do("condition", who="Goblin", cover="half")
    shot = fight.do("attack", [5], who="Ragnar", target="Goblin")["attack"]
    assert sum(shot["atk"]["modifiers"].values()) == expect["attacker_modifier"]
    assert shot["dfn"]["total"] - expect["attacker_modifier"] == expect["effective_difficulty"]


def melee(atk: int, dfn: int, dam: int, soak: int) -> Fight:
    fight = Fight(hero("Ragnar", (0, 0), init=20, atk=atk, dam=dam), fighter("Goblin", (2, 0), dfn=dfn, soak=soak))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    return fight


def test_ragnars_axe_against_a_goblin() -> None:
    """TV-MEL-1."""
    case = cases("TV-MEL-1")[0]
    fight = melee(case["atk_score"], case["dfn_score"], case["dam"], case["soak"])
    hit = fight.do("attack", [case["atk_die"], case["dfn_die"]], who="Ragnar", target="Goblin")["attack"]
    expect = case["expect"]
    assert (hit["atk"]["total"], hit["dfn"]["total"], hit["hit"], hit["tm"], hit["raw"]) == (
        expect["atk_total"], expect["dfn_total"], expect["hit"], expect["tm"], expect["raw"]
    )  # fmt: skip
    assert hit["injury"]["hp_lost"] == expect["hp_lost"]


def test_ties_hit_and_soak_never_heals() -> None:
    """TV-MEL-2, TV-MEL-3, TV-PLAY-5."""
    tie = cases("TV-MEL-2")[0]
    hit = melee(tie["atk_total"] - 5, tie["dfn_total"] - 5, 4, 3).do("attack", [5, 5], who="Ragnar", target="Goblin")
    assert (hit["attack"]["hit"], hit["attack"]["tm"]) == (tie["expect"]["hit"], tie["expect"]["tm"])
    soak = cases("TV-MEL-3")[0]
    assert damage(soak["tm"], soak["dam"], soak["soak"]) == (
        soak["tm"],
        soak["expect"]["raw"],
        soak["expect"]["hp_lost"],
    )
    fight = melee(5 + soak["tm"], 5, soak["dam"], soak["soak"])
    assert fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]["injury"]["hp_lost"] == 0
    play = cases("TV-PLAY-5")[0]
    fight = melee(play["atk_total"] - 7, play["dfn_total"] - 5, play["dam"], play["soak"])
    hit = fight.do("attack", [7, 5], who="Ragnar", target="Goblin")["attack"]
    assert (hit["tm"], hit["raw"], hit["injury"]["hp_lost"]) == (9, play["expect"]["raw"], play["expect"]["hp_lost"])


def test_going_berserk_while_charging() -> None:
    """TV-BERS-1: ATK 9 + DFN 9 + die 4 = 22; the charge's +3 is ignored; the goblin strikes back at DFN 0."""
    case = cases("TV-BERS-1")[0]
    axe = {"weapon": "viking_axe", "init": 9, "atk": case["atk_score"], "dfn": case["dfn_score"], "dam": 12}
    fight = Fight(hero("Ragnar", (0, 0), init=20, weapons=[axe], hp=case["hp"], sprint=1), fighter("Goblin", (12, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    result = fight.do("attack", [case["die"], 3, 6, 2], who="Ragnar", target="Goblin", move_to=[10, 0], berserk=True)
    attack = result["attack"]
    assert attack["atk"]["total"] == case["expect"]["atk_total"] and "modifiers" not in attack["atk"]
    counter = attack["counter"]
    assert counter["attacker"] == "Goblin" and counter["dfn"]["score"] == case["expect"]["hero_dfn_score_vs_counter"]
    assert counter["dfn"]["total"] == 2


def test_berserk_needs_21_hp() -> None:
    """TV-BERS-2."""
    hp = cases("TV-BERS-2")[0]["hp"]
    fight = Fight(hero("Ragnar", (0, 0), init=20, hp=50, hp_now=hp), fighter("Goblin", (2, 0)), new_encounter=False)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse(
        "attack", "berserk needs current HP of 21 or more", [5, 5], who="Ragnar", target="Goblin", berserk=True
    )


def test_a_half_move_must_reach_and_a_charge_needs_10_paces() -> None:
    """TV-CHG-1, TV-CHG-2."""
    slow = cases("TV-CHG-1")[0]
    fight = Fight(hero("Ragnar", (0, 0), init=20, sprint=slow["sprint"]), fighter("Goblin", (slow["distance"] + 2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    at = [slow["distance"], 0]
    fight.refuse(
        "attack", "a half move takes Ragnar at most 8 paces", [5, 5], who="Ragnar", target="Goblin", move_to=at
    )
    fight.refuse("attack", "at most 8 paces", [5, 5], who="Ragnar", target="Goblin", move_to=at, charge=True)
    fast = cases("TV-CHG-2")[0]
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, sprint=fast["sprint"]), fighter("Goblin", (fast["paces_moved"] + 2, 0))
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    hit = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", move_to=[fast["paces_moved"], 0])["attack"]
    assert hit["atk"]["modifiers"] == {"charging": fast["expect"]["atk_modifier"]}


def test_ripostes_by_thwack_margin() -> None:
    """TV-RIP-1, and a riposte taken in a fight."""
    for case in cases("TV-RIP-1"):
        assert ripostes(case["tm"]) == case["expect"]["ripostes"]
    fight = melee(0, 21, 6, 3)
    result = fight.do("attack", [3, 2, 5, 5], who="Ragnar", target="Goblin")["attack"]
    assert result["tm"] == -20 and len(result["ripostes"]) == 1
    assert result["ripostes"][0]["attacker"] == "Goblin" and result["ripostes"][0]["kind"] == "riposte"


def test_ganging_up() -> None:
    """TV-GANG-1: three on one is -4 DFN; a fifth attacker cannot join in."""
    three, five = cases("TV-GANG-1")
    around = [(2, 0), (-2, 0), (0, 2), (0, -2)]
    people = [hero("Ragnar", (0, 0), init=-20)]
    people += [fighter(f"Goblin{i}", at, init=10 - i) for i, at in enumerate(around[: three["attackers"]], start=1)]
    fight = Fight(*people)
    fight.roll_all(**{p["name"]: [5] for p in people})
    hit = fight.do("attack", [5, 5], who="Goblin1", target="Ragnar")["attack"]
    assert hit["dfn"]["modifiers"] == {"outnumbered": three["expect"]["dfn_modifier"]}
    people = [hero("Ragnar", (0, 0), init=-20)]
    people += [fighter(f"Goblin{i}", at) for i, at in enumerate(around, start=1)]
    people.append(fighter("Goblin5", (6, 6), init=20))
    fight = Fight(*people)
    fight.roll_all(**{p["name"]: [5] for p in people})
    fight.refuse("attack", "no more can join", [5, 5], who="Goblin5", target="Ragnar", move_to=[2, 2])
    assert five["expect"]["reject"]


def test_a_barrier_favours_the_defter_side() -> None:
    """TV-BAR-1."""
    case = cases("TV-BAR-1")[0]
    a, b = case["a"], case["b"]
    fight = Fight(
        hero("A", (0, 0), init=20, atk=a["atk"], dfn=a["dfn"]), fighter("B", (2, 0), atk=b["atk"], dfn=b["dfn"])
    )
    fight.roll_all(A=[5], B=[5])
    first = fight.do("attack", [5, 5], who="A", target="B", barrier=True)["attack"]
    assert first["atk"]["modifiers"] == {"across a barrier": case["expect"]["atk_roll_bonus"]}
    second = fight.do("attack", [5, 5], who="B", target="A", barrier=True)["attack"]
    assert second["dfn"]["modifiers"] == {"across a barrier": case["expect"]["dfn_roll_bonus"]}
    assert "modifiers" not in second["atk"]


@pytest.mark.parametrize("case", cases("TV-FALL-1"), ids=lambda c: str(c["weapon_ability"]))
def test_fighting_from_the_ground(case: dict[str, Any]) -> None:
    weapon = {
        "weapon": "pike" if case["weapon_ability"] == "longshaft_weapon" else "dagger",
        "init": 5,
        "atk": 5,
        "dfn": 5,
        "dam": 5,
    }
    fight = Fight(hero("A", (0, 0), init=20, weapons=[weapon]), fighter("B", (2, 0)))
    fight.roll_all(A=[5], B=[5])
    fight.do("condition", who="A", fallen=True)
    mine = fight.do("attack", [5, 5], who="A", target="B")["attack"]
    assert sum(mine["atk"].get("modifiers", {}).values()) == case["expect"]["atk_modifier"]
    theirs = fight.do("attack", [5, 5], who="B", target="A")["attack"]
    assert theirs["dfn"]["modifiers"] == {"fallen": case["expect"]["dfn_modifier"]}


def test_fog_of_war() -> None:
    """TV-FOG-1: a botch near allies P and Q; the reroll would hit; Q, with the lower INIT total, is hit."""
    case = cases("TV-FOG-1")[0]
    p, q = case["allies"]
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, atk=case["atk_score"], dam=case["dam"]),
        hero(p["name"], (0, 3), init=p["init_total"] - 5),
        hero(q["name"], (-3, 0), init=q["init_total"] - 5, soak=q["soak"]),
        fighter("Goblin", (2, 0), dfn=case["target_dfn_total"] - 5),
        options=V["TV-FOG-1"]["options"],
    )
    fight.roll_all(Ragnar=[5], P=[5], Q=[5], Goblin=[5])
    attack = fight.do("attack", [*case["faces"], 5, case["reroll_die"]], who="Ragnar", target="Goblin")["attack"]
    fog, expect = attack["fog_of_war"], case["expect"]
    assert not attack["hit"] and fog["reroll"]["total"] == expect["reroll_total"]
    assert (fog["ally"], fog["injury"]["hp_lost"]) == (expect["ally_hit"], expect["hp_lost"])


def sever_fight(weapon: str, die: int, res_die: int | None = None) -> dict[str, Any]:
    case = cases("TV-SEV-1")[0]
    blade = {"weapon": weapon, "init": 5, "atk": 5, "dfn": 5, "dam": case["post_soak_damage"]}
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, weapons=[blade]), fighter("Goblin", (2, 0), wt=case["foe_wt"], soak=0, res=3)
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    faces = [5, 5, die] + ([] if res_die is None else [res_die])
    result: dict[str, Any] = fight.do("attack", [f for f in faces if f], who="Ragnar", target="Goblin", sever=True)
    result["goblin"] = fight.who("Goblin")
    return result


def test_severing_an_arm() -> None:
    """TV-SEV-1..3: an axe blow of twice the WT; odd d10 severs; the foe flees unless Res vs 6."""
    flees = sever_fight("hand_axe", cases("TV-SEV-1")[0]["runner_d10"], 2)
    sever = flees["attack"]["sever"]
    assert sever == {**sever, "eligible": True, "severed": True, "flees": True} and flees["goblin"].health == "gone"
    stays = sever_fight("hand_axe", 7, 5)
    goblin = stays["goblin"]
    assert stays["attack"]["sever"]["res_roll"]["stays"] and goblin.severed and goblin.ready == "unarmed"
    assert goblin.dropped == ("club",) and goblin.active  # he must pick it up again
    kept = sever_fight("hand_axe", cases("TV-SEV-2")[0]["runner_d10"])
    assert kept["attack"]["sever"] == {"eligible": True, "die": 4, "severed": False}
    mace = sever_fight(cases("TV-SEV-3")[0]["weapon"], 0)
    assert mace["attack"]["sever"] == {"eligible": False}


def test_a_severed_foe_fights_on_at_half_atk() -> None:
    stays = sever_fight("hand_axe", 7, 5)
    assert stays["goblin"].severed
    fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0), atk=9, wt=9, soak=0, res=3))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("pass", who="Ragnar")
    board = fight.board
    board.update("Goblin", severed=True)
    _, result = fight.act_on(board.freeze(), "attack", [5, 5], who="Goblin", target="Ragnar")
    assert result["attack"]["atk"]["score"] == 4  # 9 halved, rounded down (A44)


# -- 10.7 engagement, brawling, nets --------------------------------------------------------------------
@pytest.mark.parametrize("vector_id", ["TV-ENG-1", "TV-ENG-2"])
def test_shoving(vector_id: str) -> None:
    case = cases(vector_id)[0]
    most = case["expect"]["max_shove_paces"]
    assert shove_paces(case["str"]) == most
    fight = Fight(hero("A", (0, 0), init=20, strength=case["str"], engagement=2), fighter("B", (2, 0)))
    fight.roll_all(A=[5], B=[5])
    fight.refuse("engagement", f"shoves at most {most} paces", [9, 2], who="A", opponent="B", shove_to=[3 + most, 0])
    result = fight.do("engagement", [9, 2], who="A", opponent="B", to=[1, 0], shove_to=[2 + most, 0] if most else None)
    assert result["success"] and fight.who("A").at == (1, 0) and fight.who("B").at == (2 + most, 0)


def test_engagement_against_someone_who_does_not_resist() -> None:
    """TV-ENG-3 and TV-ENG-4."""
    low, high = cases("TV-ENG-3")
    fight = Fight(hero("A", (0, 0), init=20, engagement=0), fighter("B", (2, 0)), fighter("C", (0, 2)))
    fight.roll_all(A=[5], B=[5], C=[5])
    failed = fight.do("engagement", [1, 2], who="A", opponent="B", nonresisting=True)
    assert failed["rolls"][0]["total"] == low["total"] and failed["success"] is low["expect"]["success"]
    fight.refuse("engagement", "one Engagement roll this round", [5], who="A", opponent="B")
    fight = Fight(hero("A", (0, 0), init=20, engagement=-1), fighter("B", (2, 0)))
    fight.roll_all(A=[5], B=[5])
    won = fight.do("engagement", [2], who="A", opponent="B", nonresisting=True)
    assert won["rolls"][0]["total"] == high["total"] and won["success"] is high["expect"]["success"]


def test_a_hold() -> None:
    """TV-HOLD-1: the unarmed attack hits; Dex 3 + Brawling 2 + die 6 = 11 against DFN score 7: held by 4."""
    case = cases("TV-HOLD-1")[0]
    fight = Fight(
        hero(
            "A",
            (0, 0),
            init=20,
            hold=case["dex"] + case["brawling"],
            unarmed={"weapon": "unarmed", "atk": 5, "dfn": 2, "dam": 1},
        ),
        fighter("B", (2, 0), dfn=case["target_dfn_score"]),
    )
    fight.roll_all(A=[5], B=[5])
    result = fight.do("restrain", [9, 2, case["die"]], who="A", target="B", kind="hold")
    hold = result["attack"]["restrain"]
    assert result["attack"]["hit"] and "injury" not in result["attack"]
    expect = case["expect"]
    assert (hold["total"], hold["restrained"], hold["tm"], hold["escape_difficulty"]) == (
        expect["hold_total"], expect["held"], expect["restraint_tm"], expect["break_free_difficulty"]
    )  # fmt: skip
    b = fight.who("B")
    assert b.restraint is not None and b.restraint.by == "A" and fight.who("A").restraining == "B"


def test_an_ally_who_misses_a_held_victim_hits_the_holder() -> None:
    """TV-HOLD-2: DFN score 7 halved to 3, + die 4 = 7; the ally's 5 misses: the holder takes 10 + 2, less Soak."""
    case = cases("TV-HOLD-2")[0]
    fight = Fight(
        hero("Holder", (0, 0), init=20, hold=9, unarmed={"weapon": "unarmed", "atk": 5, "dfn": 2, "dam": 1}, soak=3),
        hero("Ally", (0, 2), init=18, atk=case["ally_atk_total"] - 3, dam=case["ally_dam"]),
        fighter("Victim", (2, 0), dfn=case["victim_dfn_score"]),
    )
    fight.roll_all(Holder=[5], Ally=[5], Victim=[5])
    fight.do("restrain", [9, 2, 9], who="Holder", target="Victim", kind="hold")
    miss = fight.do("attack", [3, case["victim_die"]], who="Ally", target="Victim")["attack"]
    expect = case["expect"]
    assert (
        miss["dfn"]["score"] == expect["victim_dfn_score_halved"] and miss["dfn"]["total"] == expect["victim_dfn_total"]
    )
    assert miss["hit"] is expect["hit"] and miss["restrainer_hit"]["raw"] == expect["holder_raw_damage"]
    assert miss["restrainer_hit"]["injury"]["hp_lost"] == expect["holder_raw_damage"] - 3


def test_a_barb_net() -> None:
    """TV-BARB-1: netted at TM 5; escape Str vs 11; every action costs 20 damage (Soak applies, A13)."""
    case = cases("TV-BARB-1")[0]
    net = {"weapon": "barb_net", "init": 5, "atk": case["atk_total"] - 9, "dfn": 5}
    fight = Fight(
        hero("A", (0, 0), init=20, weapons=[net]),
        fighter("B", (2, 0), dfn=case["dfn_total"] - 2, soak=4, escape=1),
        options=V["TV-BARB-1"]["options"],
    )
    fight.roll_all(A=[5], B=[5])
    result = fight.do("attack", [9, 2], who="A", target="B")["attack"]
    expect = case["expect"]
    assert result["tm"] == expect["tm"] and result["netted"]["escape_difficulty"] == expect["escape_difficulty"]
    assert "injury" not in result  # the net hurts by the action, not by the hit
    tried = fight.do("break_free", [9], who="B")
    assert tried["total"] == 10 and not tried["free"] and tried["difficulty"] == 11
    assert tried["net"]["hp_lost"] == expect["damage_per_action"] - 4 and fight.who("B").hp == 34


# -- 10.8 injury and recovery ------------------------------------------------------------------------
@pytest.mark.parametrize("case", cases("TV-INJ-1"), ids=lambda c: str(c["hp_lost"]))
def test_wounds_from_one_blow(case: dict[str, Any]) -> None:
    assert wounds_from(case["hp_lost"], case["wt"]) == case["expect"]["wounds_added"]
    fight = Fight(hero("A", (0, 0), wt=case["wt"], hp=90), fighter("B", (2, 0)))
    hurt = fight.do("damage", who="A", raw=case["hp_lost"], soak=False)
    assert hurt["wounds_added"] == case["expect"]["wounds_added"]
    assert fight.who("A").impairment == case["expect"]["impairment_added"]


def test_the_fourth_wound_incapacitates_and_zero_hp_is_dying() -> None:
    """TV-INJ-2, TV-INJ-3, TV-PLAY-3."""
    four = cases("TV-INJ-2")[0]
    fight = Fight(hero("A", (0, 0), wt=10, wounds=four["wounds_before"]), fighter("B", (2, 0)), new_encounter=False)
    assert fight.do("damage", who="A", raw=10, soak=False)["health"] == four["expect"]["state"]
    zero = cases("TV-INJ-3")[0]
    fight = Fight(
        hero("A", (0, 0), hp=50, hp_now=zero["hp_before"]), hero("H", (0, 2)), fighter("B", (2, 0)), new_encounter=False
    )
    hurt = fight.do("damage", who="A", raw=zero["hp_lost"], soak=False)
    assert (hurt["hp"], hurt["health"]) == (zero["expect"]["hp"], zero["expect"]["state"])
    flood = cases("TV-PLAY-3")[0]
    fight = Fight(hero("Bork", (0, 0), soak=flood["soak"], hp=60), fighter("B", (2, 0)))
    hurt = fight.do("damage", who="Bork", raw=flood["hazard_dam"] + flood["failed_by"])
    assert hurt["hp_lost"] == flood["expect"]["hp_lost"] and hurt["wounds_added"] >= flood["expect"]["wounds_added_min"]


@pytest.mark.parametrize("case", cases("TV-INJ-4"), ids=lambda c: str(c["hp_lost"]))
def test_the_minus_20_line(case: dict[str, Any]) -> None:
    fight = Fight(
        hero("A", (0, 0), hp=50, wt=40, hp_now=case["hp_before"]),
        hero("H", (0, 2)),
        fighter("B", (2, 0)),
        new_encounter=False,
    )
    hurt = fight.do("damage", who="A", raw=case["hp_lost"], soak=False)
    assert (hurt["hp"], hurt["health"]) == (case["expect"]["hp"], case["expect"]["state"])
    assert bool(fight.state.windows) is case["expect"]["revivable"]


def healer_total(case: dict[str, Any]) -> int:
    h = case["healer"]
    return sum(case["faces"]) + h["dex"] + h["healer"] - (3 if h["healer"] == 0 else 0) - (0 if h["kit"] else 2)


def test_healing_out_of_combat() -> None:
    """TV-HEAL-1, -2 (both readings), -4, -5, -6: the outcomes as formulas."""
    one = cases("TV-HEAL-1")[0]
    row = healer_row(one["patient"]["wounds"])
    total = healer_total(one)
    out = heal_hp(total, row["difficulty"], one["patient"]["hp"], one["patient"]["hp_max"])
    assert (row["difficulty"], total, out.hp_gained, one["patient"]["hp"] + out.hp_gained) == (
        one["expect"]["difficulty"], one["expect"]["total"], one["expect"]["hp_gained"], one["expect"]["hp"]
    )  # fmt: skip
    for case in cases("TV-HEAL-2"):
        p = case["patient"]
        use_total = case["options"]["healing_example_uses_total"]
        total = healer_total(case)
        out = heal_wounds(
            total, healer_row(p["wounds"])["difficulty"], p["wounds"], p["wt"], p["hp"], p["hp_max"], use_total
        )
        assert total == case["expect"]["total"]
        assert (out.wounds_cured, out.hp_gained, p["hp"] + out.hp_gained) == (
            case["expect"]["wounds_cured"], case["expect"]["hp_gained"], case["expect"]["hp"]
        )  # fmt: skip
        assert healer_row(p["wounds"] - out.wounds_cured)["wait_hours"] == case["expect"]["next_attempt_after_hours"]
    four = cases("TV-HEAL-4")[0]
    out = heal_hp(four["total"], healer_row(0)["difficulty"], 10, 50)
    assert (out.success, out.hp_gained, healer_row(0)["wait_hours"]) == (
        False,
        0,
        four["expect"]["next_attempt_after_hours"],
    )
    five = cases("TV-HEAL-5")[0]
    p = five["patient"]
    out = heal_wounds(five["total"], healer_row(p["wounds"])["difficulty"], p["wounds"], p["wt"], 10, 99)
    assert (out.wounds_cured, out.hp_gained) == (five["expect"]["wounds_cured"], five["expect"]["hp_gained"])
    exact_wounds, exact_hp = cases("TV-HEAL-6")
    assert heal_wounds(5, 5, 1, 12, 10, 99).wounds_cured == exact_wounds["expect"]["wounds_cured"]
    assert heal_hp(5, 5, 10, 99).hp_gained == exact_hp["expect"]["hp_gained"]


def test_healing_in_a_fight_and_after_it() -> None:
    """TV-HEAL-1 after the fight; TV-HEAL-7 (+3 in combat, +3 for a dwarf); TV-HEAL-3 (new damage lifts the wait)."""
    one = cases("TV-HEAL-1")[0]
    fight = Fight(
        hero("Ragnar", (0, 0), init=20, healer=4),
        hero("Thorleik", (0, 2), hp=76, hp_now=47),
        fighter("B", (9, 9)),
        new_encounter=False,
    )
    fight.do("end_combat")
    after = fight.do("heal", one["faces"], who="Ragnar", patient="Thorleik")
    assert (after["healer_roll"]["difficulty"], after["hp_gained"], after["hp"]) == (4, 28, one["expect"]["hp"])
    assert after["next_attempt_after_hours"] == 1
    seven = cases("TV-HEAL-7")[0]
    fight = Fight(
        hero("Ragnar", (0, 0), init=15, healer=4),
        hero("Dwarf", (0, 2), inhuman=True, wounds=1),
        fighter("B", (9, 9)),
        new_encounter=False,
    )
    fight.roll_all(Ragnar=[5], Dwarf=[5], B=[5])
    treated = fight.do("heal", [6], who="Ragnar", patient="Dwarf")
    assert treated["healer_roll"]["difficulty"] == seven["expect"]["difficulty"] and not treated["success"]
    fight.next_round(Ragnar=[5], Dwarf=[5], B=[5])
    fight.refuse("heal", "treated since his last injury: wait 3 h", [9], who="Ragnar", patient="Dwarf")
    fight.do("damage", who="Dwarf", raw=cases("TV-HEAL-3")[0]["new_damage"] + 3)
    assert fight.do("heal", [9], who="Ragnar", patient="Dwarf")["healer_roll"]["total"] == 13


def dying(patient: dict[str, Any], raw: int) -> Fight:
    fight = Fight(
        hero("Thurid", (0, 0), init=20, healer=10),
        hero("Eyrbyg", (0, 2), **patient),
        fighter("Goblin", (9, 9)),
        new_encounter=False,
    )
    fight.roll_all(**{c.name: [5] for c in fight.state.combatants if c.active})
    fight.do("damage", who="Eyrbyg", raw=raw, soak=False)
    return fight


def test_reviving_the_dying() -> None:
    """TV-REV-1 (a fifth Wound: +4 HP, back to 4 Wounds) and TV-REV-2 (HP set to 4)."""
    one = cases("TV-REV-1")[0]
    fight = dying({"wt": one["patient"]["wt"], "hp": 60, "hp_now": 48, "wounds": 4}, 18)
    assert fight.who("Eyrbyg").health == "dying" and fight.who("Eyrbyg").hp == one["patient"]["hp"]
    saved = fight.do("revive", [5], who="Thurid", patient="Eyrbyg")
    assert saved["healer_roll"]["difficulty"] == 15  # 12, +3 in combat (A52)
    assert (saved["hp"], saved["wounds"], saved["health"]) == (
        one["expect"]["hp"],
        one["expect"]["wounds"],
        one["expect"]["state"],
    )
    two = cases("TV-REV-2")[0]
    fight = dying({"wt": 30, "hp": 60, "hp_now": 10, "wounds": two["patient"]["wounds"]}, 17)
    assert fight.who("Eyrbyg").hp == two["patient"]["hp"]
    saved = fight.do("revive", [5], who="Thurid", patient="Eyrbyg")
    assert (saved["hp"], saved["wounds"], saved["health"]) == (
        two["expect"]["hp"],
        two["expect"]["wounds"],
        two["expect"]["state"],
    )


def test_no_revival_below_minus_20() -> None:
    """TV-REV-3."""
    case = cases("TV-REV-3")[0]
    fight = dying({"wt": 60, "hp": 60, "hp_now": 5}, 5 - case["patient"]["hp"])
    assert fight.who("Eyrbyg").health == case["expect"]["state"]
    fight.refuse("revive", "dead, not dying", [9], who="Thurid", patient="Eyrbyg")


def test_resting_is_all_or_nothing() -> None:
    """TV-REST-1."""
    case = cases("TV-REST-1")[0]
    fight = Fight(hero("A", (0, 0), hp=case["hp_max"], hp_now=case["hp"]), fighter("B", (2, 0)), new_encounter=False)
    fight.refuse("rest", "waits until the fight is over", who="A", sleep_hours=8, rest_hours=8)
    fight.do("end_combat")
    short = fight.do("rest", who="A", sleep_hours=case["sleep_hours"], rest_hours=case["rest_hours"])
    assert short["hp_regained"] == 0 and fight.who("A").hp == case["expect"]["hp"]
    fight.do("rest", who="A", sleep_hours=8, rest_hours=8)
    assert fight.who("A").hp == case["hp_max"]


def test_heroes_start_an_encounter_whole() -> None:
    """TV-ENC-NEXT (A49)."""
    h = cases("TV-ENC-NEXT")[0]["hero"]
    spec = hero(
        "A", (0, 0), hp=h["hp_max"], hp_now=h["hp"], wounds=h["wounds"], impairment=1, invigoration=h["invigoration"]
    )
    whole = Fight(spec, fighter("B", (2, 0))).who("A")
    expect = cases("TV-ENC-NEXT")[0]["expect"]
    assert (whole.hp, whole.wounds, whole.impairment, whole.invigoration) == (expect["hp"], expect["wounds"], 0, 0)
    hurt = Fight(spec, fighter("B", (2, 0)), new_encounter=False).who("A")
    assert (hurt.hp, hurt.wounds, hurt.impairment) == (h["hp"], h["wounds"], h["impairment"] - h["invigoration"])


def test_in_combat_healing_modifiers() -> None:
    """TV-HEAL-7 as a formula: 5 for one Wound, +3 in combat, +3 for an inhuman patient."""
    case = cases("TV-HEAL-7")[0]
    mods = sum(situation_modifier(s) for s in case["situation"])
    assert healer_row(case["patient"]["wounds"])["difficulty"] + mods == case["expect"]["difficulty"]


# -- ranges --------------------------------------------------------------------------------------------
def test_beyond_range_the_dam_rating_drops() -> None:
    """TV-RNG-1: Short Bow Dam 6 has range 60; at 85 paces its Dam rating is 4."""
    vector = V["TV-RNG-1"]
    case = vector["case"][0]
    bow = {"weapon": case["weapon"], "init": 20, "atk": 3, "dam": 6}
    fight = Fight(
        hero("A", (0, 0), init=20, weapons=[bow]), fighter("B", (case["distance"], 0)), options=vector["options"]
    )
    fight.roll_all(A=[5], B=[5])
    shot = fight.do("attack", [9], who="A", target="B")["attack"]
    expect = case["expect"]
    assert shot["distance"] == {"range": expect["range"], "penalty": 2, "dam": expect["dam_score"]}


@pytest.mark.parametrize("vector_id", ["TV-RNG-2", "TV-RNG-3"])
def test_too_close_to_shoot(vector_id: str) -> None:
    case = cases(vector_id)[0]
    weapon = {"weapon": case["weapon"], "init": 20, "atk": 3, "dam": 2}
    fight = Fight(hero("A", (0, 0), init=20, weapons=[weapon]), fighter("B", (case["distance"], 0)))
    fight.roll_all(A=[5], B=[5])
    fight.refuse("attack", case["expect"]["reason"], [9], who="A", target="B")
