"""Eyes Like Glowing Coals in a fight (spec 001b §2.5, 001b TV-13f; combat/gift_coals.py): woken with no action for
X rounds; a foe shooting at him first rolls Res against Presence + X, +3 for each earlier failure, + its low Threat
Category's addition (A-19); failing, no shot at him (its action still its own) for the rest of the round; a dodge
puts the glow out. Refusals leave the log unchanged; undo takes a roll back."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.gifts.formulas import glowing_coals_difficulty
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_options import BOW

COALS = "eyes_like_glowing_coals"


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


def coals_fight(x: int = 2, presence: int | None = 2, threat: str | None = "weak", **archer: Any) -> Fight:
    """Ragnar (Pre 2) holds the gift; a Weak archer (Res 3) twenty paces off acts first; Thurid stands by."""
    ragnar = hero("Ragnar", (0, 0), init=2, gift_ranks={COALS: x}, **({"presence": presence} if presence else {}))
    shooter = fighter("Archer", (20, 0), init=9, weapons=[BOW], **({"threat": threat} if threat else {}), **archer)
    f = Fight(ragnar, hero("Thurid", (0, 2), init=1), shooter, new_encounter=False)
    f.roll_all(Ragnar=[2], Thurid=[2], Archer=[9])
    return f


def test_tv_13f_a_weak_shooter_fails_then_must_choose_another_target_and_rolls_harder_next_round() -> None:
    f = coals_fight()
    woke = f.do("use_gift", who="Ragnar", gift=COALS)
    assert woke["glow_until"] == 2 and "uses_left" not in woke
    said = cards(f, "use_gift")
    assert "2" in said[0] and "brillan como brasas hasta la ronda 2" in said[1]
    before = f.who("Ragnar").hp
    out = f.do("attack", [2], who="Archer", target="Ragnar")  # Res 3 + 2 = 5 against Pre 2 + X 2 + Weak 2 = 6
    coals = out["coals"]
    assert (coals["difficulty"], coals["rolls"][0]["total"], coals["success"]) == (6, 5, False)
    assert "attack" not in out and f.who("Ragnar").hp == before
    said = cards(f, "attack")
    assert "6" in said[0] and "no puede sostener su mirada" in said[1] and "fallada: no puede disparar" in said[1]
    f.refuse("attack", "glowing eyes this round", [9, 9, 2], who="Archer", target="Ragnar")
    shot = f.do("attack", [9], who="Archer", target="Thurid")  # its action, spent on another target
    assert "coals" not in shot and shot["attack"]["target"] == "Thurid"
    f.next_round(Ragnar=[2], Thurid=[2], Archer=[9])
    again = f.do("attack", [5], who="Archer", target="Ragnar")["coals"]  # TV-13f: 6 + 3 = 9
    assert (again["difficulty"], again["failures"], again["success"]) == (9, 1, False)
    assert "1" in cards(f, "attack")[0]
    f.log.undo()
    assert len(f.who("Ragnar").gifted.watch.glared) == 1  # undo takes the second failure back


def test_the_difficulty_follows_the_formula_for_every_level_presence_and_threat() -> None:
    for x, presence, threat in ((1, 1, "weak"), (3, 2, None), (2, 4, "pitiful"), (1, 3, "superior")):
        f = coals_fight(x=x, presence=presence, threat=threat)
        f.do("use_gift", who="Ragnar", gift=COALS)
        for die in range(2, 10):
            _, out = f.act_on(f.state, "attack", [die, 5], who="Archer", target="Ragnar")
            want = glowing_coals_difficulty(presence, x, threat or "equal")
            assert out["coals"]["difficulty"] == want
            assert out["coals"]["success"] is (die + 3 >= want)
            assert ("attack" in out) is out["coals"]["success"]  # made: the shot goes ahead on the next dice


def test_the_glow_lasts_x_rounds_and_a_dodge_puts_it_out() -> None:
    f = coals_fight(x=1)
    f.do("use_gift", who="Ragnar", gift=COALS)
    f.refuse("use_gift", "already glow", who="Ragnar", gift=COALS)
    f.next_round(Ragnar=[2], Thurid=[2], Archer=[9])
    out = f.do("attack", [4], who="Archer", target="Ragnar")  # round 2: X = 1 round is over, no roll
    assert "coals" not in out and "attack" in out
    g = coals_fight(x=3)
    g.do("use_gift", who="Ragnar", gift=COALS)
    dodged = g.do("attack", [9, 2, 9], who="Archer", target="Ragnar", dodge=True)  # Res 12 made; he dodges
    assert dodged["coals"]["success"] is True and dodged["coals_out"] == "Ragnar"
    assert g.who("Ragnar").gifted.watch.coals_until is None
    assert "el brillo de sus ojos se apaga" in cards(g, "attack")[1]
    g.next_round(Ragnar=[2], Thurid=[2], Archer=[9])
    assert "coals" not in g.do("attack", [4], who="Archer", target="Ragnar")  # the glow is out
    g.do("use_gift", who="Ragnar", gift=COALS)  # and may be woken again


def test_refusals_and_who_is_not_stared_down() -> None:
    f = coals_fight(presence=None)
    f.refuse("use_gift", "no Presence given", who="Ragnar", gift=COALS)
    f = coals_fight()
    f.refuse("use_gift", "does not have", who="Thurid", gift=COALS)
    f.do("use_gift", who="Ragnar", gift=COALS)
    melee = Fight(hero("Ragnar", (0, 0), init=2, gift_ranks={COALS: 2}, presence=2),
                  fighter("Goblin", (2, 0), init=9), new_encounter=False)  # fmt: skip
    melee.roll_all(Ragnar=[2], Goblin=[9])
    melee.do("use_gift", who="Ragnar", gift=COALS)
    assert "coals" not in melee.do("attack", [9, 2], who="Goblin", target="Ragnar")  # a melee blow: no roll


def test_the_board_offers_waking_the_glow_only_while_it_is_out() -> None:
    from test_rune_board import GM

    def offered(f: Fight) -> list[Any]:
        moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
        found = [m for m in moves if m.actor == "Ragnar" and m.action == "use_gift" and m.params.get("gift") == COALS]
        assert all(program_values(m.title) == [] for m in found)
        return found

    f = coals_fight()
    assert len(offered(f)) == 1
    f.do("use_gift", who="Ragnar", gift=COALS)
    assert offered(f) == []


# -- Imprecation of Doom (combat/gift_doom.py) ------------------------------------------------------------------
DOOM = "imprecation_of_doom"


def doom_fight(x: int = 2) -> Fight:
    """Ragnar curses; the Goblin stands before him, Grub (Soak 3, heavy leather) farther off."""
    ragnar = hero("Ragnar", (0, 0), init=9, gift_ranks={DOOM: x}, atk=9)
    grub = fighter("Grub", (6, 0), init=1, armor="heavy_leather", hp=50)
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=2), grub, new_encounter=False)
    f.roll_all(Ragnar=[9], Goblin=[2], Grub=[3])
    return f


def test_imprecation_of_doom_the_cursed_foe_takes_3x_through_armour_when_another_foe_is_hurt() -> None:
    from runehall.systems.rune.encounters.feed import Fact, facts

    f = doom_fight(x=2)
    prot = f.who("Grub").armor_prot
    assert prot > 0
    f.refuse("use_gift", "name the foe", who="Ragnar", gift=DOOM)
    f.refuse("use_gift", "curses a foe", who="Ragnar", gift=DOOM, target="Ragnar")
    cursed = f.do("use_gift", who="Ragnar", gift=DOOM, target="Grub")
    assert cursed["cursed"] == "Grub" and cursed["uses_left"] == 0
    assert "Grub" in cards(f, "use_gift")[1]
    f.refuse("use_gift", "no action left", who="Ragnar", gift=DOOM, target="Goblin")  # it cost his action
    f.next_round(Ragnar=[9], Goblin=[2], Grub=[3])
    f.refuse("use_gift", "as often as it allows", who="Ragnar", gift=DOOM, target="Goblin")  # once a session
    before, grub_hp = f.state, f.who("Grub").hp
    out = f.do("attack", [9, 2], who="Ragnar", target="Goblin")
    swing = out["attack"]
    assert swing["hit"] and swing["injury"]["hp_lost"] >= 1
    soak = f.who("Grub").soak - prot
    lost = max(0, 3 * 2 - soak)
    assert swing["doom"]["injury"]["hp_lost"] == lost and f.who("Grub").hp == grub_hp - lost
    said = cards(f, "attack")
    assert "Imprecation of Doom" in said[0] and "Imprecación de perdición" in said[1]
    found = facts(before, f.state, f.log.events[-1]["result"])
    assert Fact("damage", "Ragnar", "Grub", lost) in found  # his damage VP in a run, like a blow of his
    f.log.undo()
    assert f.who("Grub").hp == grub_hp


def test_imprecation_of_doom_not_on_a_miss_nor_on_the_cursed_foe_himself() -> None:
    f = doom_fight()
    f.do("use_gift", who="Ragnar", gift=DOOM, target="Goblin")
    f.next_round(Ragnar=[9], Goblin=[2], Grub=[3])
    hit = f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    assert hit["injury"]["hp_lost"] >= 1 and "doom" not in hit  # the cursed foe's own hurt echoes nowhere
    g = doom_fight()
    g.do("use_gift", who="Ragnar", gift=DOOM, target="Grub")
    g.next_round(Ragnar=[9], Goblin=[2], Grub=[3])
    miss = g.do("attack", [2, 9], who="Ragnar", target="Goblin")["attack"]
    assert not miss["hit"] and "doom" not in miss


def test_the_board_offers_the_curse_at_the_foes() -> None:
    from test_rune_board import GM

    f = doom_fight()
    moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
    curse = [m for m in moves if m.actor == "Ragnar" and m.action == "use_gift" and m.params.get("gift") == DOOM]
    assert tuple(curse[0].targets) == ("Goblin", "Grub") and program_values(curse[0].title) == []


# -- The Ever-Flowing Cup (combat/gift_cup.py) ------------------------------------------------------------------
CUP = "the_ever_flowing_cup"


def cup_fight(x: int) -> Fight:
    """Eyrbyg, holding the cup, is struck down in round 1; Thurid (Healer 10) could revive him."""
    f = Fight(hero("Thurid", (0, 0), init=20, healer=10), hero("Eyrbyg", (0, 2), hp=30, gift_ranks={CUP: x}),
              fighter("Goblin", (9, 9), init=1))  # fmt: skip
    f.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    hurt = f.do("damage", who="Eyrbyg", raw=36)
    assert f.who("Eyrbyg").health == "dying" and f"'cup_until': {1 + x}" in str(hurt)
    f.do("move", who="Thurid", to=[0, -1], kind="full")  # his first action after the blow goes by
    return f


def end_round(f: Fight) -> dict[str, Any]:
    while (up := f.board.next_up()) is not None:
        f.do("pass", who=up[0])
    return f.do("end_round")


def test_the_cup_keeps_a_dying_hero_x_rounds_for_any_ally_to_revive() -> None:
    from test_rune_board import GM

    f = cup_fight(x=2)
    assert f.who("Eyrbyg").health == "dying" and f.state.windows[0].healers == ()  # no healer left, yet alive
    notes = f.log.tracker.board(f.state, words_for("es", "rune"), GM).notes
    assert any("cualquier aliado puede intentar reanimarlo hasta el final de la ronda 3" in n for n in notes)
    for _ in range(2):  # the ends of rounds 1 and 2
        assert "Eyrbyg" not in (end_round(f).get("died_unrevived") or [])
        f.roll_all(Thurid=[5], Goblin=[5])
    saved = f.do("revive", [10, 3], who="Thurid", patient="Eyrbyg")  # round 3: only the cup lets him try
    assert saved["success"] and saved["cup_until"] == 3 and f.who("Eyrbyg").health == "active"
    said = cards(f, "revive")
    assert "Ever-Flowing Cup" in said[0] and "cualquier aliado puede intentar reanimarlo" in said[1]


def test_without_a_revive_he_dies_at_the_end_of_the_xth_round_after_his_fall() -> None:
    for x in (1, 3):
        f = cup_fight(x)
        for _ in range(x):
            assert f.who("Eyrbyg").health == "dying"
            assert "Eyrbyg" not in (end_round(f).get("died_unrevived") or [])  # alive through round x
            f.roll_all(Thurid=[5], Goblin=[5])
        assert "Eyrbyg" in (end_round(f).get("died_unrevived") or [])  # the end of round 1 + x
        assert f.who("Eyrbyg").health == "dead"
    g = Fight(hero("Thurid", (0, 0), init=20, healer=10), hero("Eyrbyg", (0, 2), hp=30), fighter("Goblin", (9, 9)))
    g.roll_all(Thurid=[5], Eyrbyg=[5], Goblin=[5])
    g.do("damage", who="Eyrbyg", raw=36)
    g.do("move", who="Thurid", to=[0, -1], kind="full")
    assert g.who("Eyrbyg").health == "dead"  # without the cup, the healer's first action closed the window


# -- Agony Postponed (combat/gift_agony.py, A-12) ---------------------------------------------------------------
AGONY = "agony_postponed"


def agony_fight(x: int) -> Fight:
    """Ragnar (WT 15, Soak 3, heavy leather) holds the gift; a Goblin stands by."""
    f = Fight(hero("Ragnar", (0, 0), init=9, hp=80, armor="heavy_leather", gift_ranks={AGONY: x}),
              fighter("Goblin", (2, 0), init=2))  # fmt: skip
    f.roll_all(Ragnar=[9], Goblin=[2])
    return f


def test_agony_postponed_ignores_x_points_of_wound_impairment_then_hurts_at_the_fight_end() -> None:
    for x, wounds in ((1, 2), (2, 1), (3, 3)):
        f = agony_fight(x)
        f.do("damage", who="Ragnar", raw=15 * wounds + f.who("Ragnar").soak)  # exactly that many Wounds
        ragnar = f.who("Ragnar")
        assert ragnar.wounds == wounds and ragnar.impairment == wounds - min(x, wounds)
        points = min(x, wounds)
        assert ragnar.gifted.triggered.agony == points
        hp = ragnar.hp
        ended = f.do("end_combat")
        soak = ragnar.soak - ragnar.armor_prot
        lost = max(0, 6 * points - soak)
        assert ended["agony"][0]["points"] == points and f.who("Ragnar").hp == hp - lost
        said = cards(f, "end_combat")
        assert "Agony Postponed" in said[0] and "Merma ignorada" in said[1]
        f.log.undo()
        assert f.who("Ragnar").hp == hp


def test_agony_owes_nothing_without_a_wound_and_the_points_ignored_never_pass_x() -> None:
    f = agony_fight(1)
    for _ in range(3):  # three Wounds: only one point ignored, ever
        f.do("damage", who="Ragnar", raw=15 + f.who("Ragnar").soak)
    assert f.who("Ragnar").impairment == 2 and f.who("Ragnar").gifted.triggered.agony == 1
    g = Fight(hero("Ragnar", (0, 0), init=9, hp=80, gift_ranks={AGONY: 3}), fighter("Goblin", (2, 0), init=2))
    g.roll_all(Ragnar=[9], Goblin=[2])
    assert "agony" not in g.do("end_combat")  # no Wound, nothing ignored, nothing owed
    assert f.do("end_combat")["agony"][0]["points"] == 1


# -- Berserks' Blessing (combat/gift_blessings.py) --------------------------------------------------------------
BERSERKS = "berserks_blessing"


def test_berserks_blessing_x_vp_for_each_hp_the_berserk_counter_takes() -> None:
    for x in (1, 3):
        f = Fight(hero("Ragnar", (0, 0), init=20, hp=60, gift_ranks={BERSERKS: x}), fighter("Goblin", (2, 0), hp=200))
        f.roll_all(Ragnar=[5], Goblin=[5])
        swing = f.do("attack", [5, 5, 9, 2], who="Ragnar", target="Goblin", berserk=True)["attack"]
        counter = swing["counter"]
        lost = counter["injury"]["hp_lost"]
        assert counter["hit"] and lost > 0
        assert counter["gift_vp"] == [{"hero": "Ragnar", "gift": BERSERKS, "vp": x * lost}]
        said = cards(f, "attack")
        assert f"{x * lost} VP" in said[0] and f"{x * lost} PV" in said[1]
    g = Fight(hero("Ragnar", (0, 0), init=20, hp=60, gift_ranks={BERSERKS: 2}), fighter("Goblin", (2, 0), hp=200))
    g.roll_all(Ragnar=[5], Goblin=[5])
    missed = g.do("attack", [5, 5, 2, 9], who="Ragnar", target="Goblin", berserk=True)["attack"]["counter"]
    assert not missed["hit"] and "gift_vp" not in missed  # a counter that misses costs him nothing, earns nothing
    h = Fight(hero("Ragnar", (0, 0), init=20, hp=60), fighter("Goblin", (2, 0), hp=200))
    h.roll_all(Ragnar=[5], Goblin=[5])
    plain = h.do("attack", [5, 5, 9, 2], who="Ragnar", target="Goblin", berserk=True)["attack"]["counter"]
    assert plain["injury"]["hp_lost"] > 0 and "gift_vp" not in plain  # without the gift: nothing


# -- Shoulders Wide as Bifrost (combat/gift_bifrost.py, 001b TV-10) ----------------------------------------------
BIFROST = "shoulders_wide_as_bifrost"


def test_tv_10_shoulders_wide_as_bifrost_3x_on_engagement_and_extra_rolls() -> None:
    from runehall.systems.rune.gifts.formulas import shoulders_wide_as_bifrost

    for x in (1, 3):
        f = Fight(hero("Ragnar", (0, 0), init=9, gift_ranks={BIFROST: x}, engagement=2), fighter("Goblin", (2, 0)))
        f.roll_all(Ragnar=[9], Goblin=[2])
        extra = shoulders_wide_as_bifrost(x).extra_rolls
        assert extra == x // 3 + 1  # TV-10: X = 1, one extra roll
        first = f.do("engagement", [5, 5], who="Ragnar", opponent="Goblin")
        mine = first["rolls"][0]
        assert mine["modifiers"]["Shoulders Wide as Bifrost"] == 3 * x and mine["total"] == 5 + 2 + 3 * x
        assert "extra_rolls_left" not in first
        for left in range(extra - 1, -1, -1):
            again = f.do("engagement", [5, 5], who="Ragnar", opponent="Goblin")
            assert again["extra_rolls_left"] == left
        said = cards(f, "engagement")
        assert "Enfrentamiento adicional" in said[1]
        f.refuse("engagement", "one Engagement roll this round", [5, 5], who="Ragnar", opponent="Goblin")
        f.log.undo()
        f.do("engagement", [5, 5], who="Ragnar", opponent="Goblin")  # undo gave the last extra roll back
    g = Fight(hero("Ragnar", (0, 0), init=9, engagement=2), fighter("Goblin", (2, 0)))
    g.roll_all(Ragnar=[9], Goblin=[2])
    plain = g.do("engagement", [5, 5], who="Ragnar", opponent="Goblin")["rolls"][0]
    assert "modifiers" not in plain and plain["total"] == 7
    g.refuse("engagement", "one Engagement roll this round", [5, 5], who="Ragnar", opponent="Goblin")


# -- Wrestlers' Blessing (combat/gift_blessings.py) -------------------------------------------------------------
WRESTLERS = "wrestlers_blessing"


def wrestle(level_area: list[int], x: int = 2) -> Fight:
    """Ragnar (holding the gift) and a Goblin two paces apart, a raised level beside them."""
    people = [hero("Ragnar", (0, 0), init=20, engagement=2, gift_ranks={WRESTLERS: x}), fighter("Goblin", (2, 0))]
    f = Fight(*people, terrain=[{"kind": "level", "area": level_area, "height": 10}])
    f.roll_all(Ragnar=[5], Goblin=[5])
    return f


def test_wrestlers_blessing_20x_vp_for_winning_the_higher_ground() -> None:
    f = wrestle([-3, -1, -1, 1], x=2)
    won = f.do("engagement", [9, 2], who="Ragnar", opponent="Goblin", to=[-1, 0])  # onto the level
    assert won["success"] and won["gift_vp"] == [{"hero": "Ragnar", "gift": WRESTLERS, "vp": 40}]
    said = cards(f, "engagement")
    assert "40 VP" in said[0] and "40 PV" in said[1]
    g = wrestle([-3, -1, -1, 1])
    lost = g.do("engagement", [2, 9], who="Ragnar", opponent="Goblin", to=[-1, 0])
    assert not lost["success"] and "gift_vp" not in lost
    h = wrestle([-3, -1, -1, 1])
    flat = h.do("engagement", [9, 2], who="Ragnar", opponent="Goblin", to=[1, 0])  # a win on the flat
    assert flat["success"] and "gift_vp" not in flat


def test_wrestlers_blessing_20x_vp_for_stopping_a_foe_taking_the_higher_ground() -> None:
    f = wrestle([3, -1, 5, 1], x=1)
    stopped = f.do("engagement", [2, 9], who="Goblin", opponent="Ragnar", to=[3, 0])
    assert not stopped["success"] and stopped["gift_vp"] == [{"hero": "Ragnar", "gift": WRESTLERS, "vp": 20}]
    g = wrestle([3, -1, 5, 1], x=1)
    taken = g.do("engagement", [9, 2], who="Goblin", opponent="Ragnar", to=[3, 0])
    assert taken["success"] and "gift_vp" not in taken
