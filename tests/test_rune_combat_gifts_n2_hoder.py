"""The Remorse of Hoder in a fight (spec 001b §2.5, 001b TV-13c; combat/gift_hoder.py): a missed shot that strays
into an ally: Presence + X against a tenth of the paces to that ally; made, it swerves onto a foe within 20 paces
of the ally (his player's choice, else the nearest); both score the hit's damage VP."""

from __future__ import annotations

from typing import Any

from runehall.systems.rune.combat.gift_hoder import HODER
from runehall.systems.rune.encounters.run_gift_vp import hoder_shares
from runehall.systems.rune.encounters.tally import Seat, Tally
from runehall.systems.rune.gifts.formulas import tenth_of_paces
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n2 import cards

BOW = {"weapon": "short_bow", "init": 20, "atk": 2, "dam": 6, "dam_rating": 6, "ammo": 5}


def hoder_fight(x: int = 1, presence: int | None = 1, **ragnar: Any) -> Fight:
    """Ragnar shoots at the Goblin 50 paces off; Thurid stands 3 paces from it (the crowd: Difficulty 9), 50 paces
    from Ragnar (Difficulty 5); the Orc 8 paces beyond the Goblin, Grub 18 paces from Thurid."""
    gifts = {"gift_ranks": {HODER: x}} if x else {}
    more = {"presence": presence} if presence is not None else {}
    r = hero("Ragnar", (0, 0), init=9, weapons=[BOW], **gifts, **more, **ragnar)
    people = [r, hero("Thurid", (50, 3), init=1), fighter("Goblin", (50, 0), init=2), fighter("Orc", (58, 0), init=1),
              fighter("Grub", (50, -15), init=1), fighter("Wolf", (50, -40), init=1)]  # fmt: skip
    f = Fight(*people, new_encounter=False)
    f.roll_all(Ragnar=[9], Thurid=[2], Goblin=[2], Orc=[2], Grub=[2], Wolf=[2])
    return f


def test_001b_tv_13c_the_difficulty_is_a_tenth_of_the_paces() -> None:
    assert (tenth_of_paces(35), tenth_of_paces(47), tenth_of_paces(9)) == (3, 4, 0)


def test_a_stray_into_an_ally_swerves_onto_the_nearest_foe_when_the_roll_is_made() -> None:
    f = hoder_fight()
    hp = {n: f.who(n).hp for n in ("Thurid", "Orc", "Goblin")}
    # ATK 5 + 2 = 7 against 6 + 3 (Thurid near the target): a miss that strays into Thurid; Presence 1 + X 1 + 3
    # = 5 against a tenth of 50 paces: made, onto the foe nearest Thurid - the Goblin it missed, 3 paces from
    # him (any foe that near may take it) - 1 + 6 - Soak 3 = 4 HP
    shot = f.do("attack", [5, 3], who="Ragnar", target="Goblin")["attack"]
    stray = shot["stray"]
    hoder = stray["hoder"]
    assert (hoder["difficulty"], hoder["rolls"][0]["total"], hoder["success"], hoder["foe"]) == (5, 5, True, "Goblin")
    assert stray["victim"] == "Goblin" and stray["injury"]["hp_lost"] == 4
    assert f.who("Goblin").hp == hp["Goblin"] - 4 and f.who("Thurid").hp == hp["Thurid"]
    said = cards(f, "attack")
    assert "The Remorse of Hoder" in said[0] and "onto Goblin" in said[0] and "El remordimiento de Hoder" in said[1]
    f.log.undo()
    assert f.who("Goblin").hp == hp["Goblin"]


def test_the_roll_follows_the_difficulty_for_every_die_and_a_failure_hits_the_ally() -> None:
    f = hoder_fight()
    for die in range(2, 10):
        _, out = f.act_on(f.state, "attack", [5, die], who="Ragnar", target="Goblin")
        stray = out["attack"]["stray"]
        made = die + 2 >= 5
        assert stray["hoder"]["success"] is made and stray["victim"] == ("Goblin" if made else "Thurid"), die
    f.do("attack", [5, 2], who="Ragnar", target="Goblin")
    assert "failed" in cards(f, "attack")[0]


def test_the_allys_player_chooses_a_foe_near_him_and_the_gift_asks_presence() -> None:
    f = hoder_fight()
    f.refuse("attack", "swerves onto a foe", [5, 3], who="Ragnar", target="Goblin", swerve_to="Thurid")
    stray = f.do("attack", [5, 3], who="Ragnar", target="Goblin", swerve_to="Grub")["attack"]["stray"]
    assert stray["victim"] == "Grub"  # 18 paces from Thurid
    f.log.undo()
    wolf = f.do("attack", [5, 3], who="Ragnar", target="Goblin", swerve_to="Wolf")["attack"]["stray"]
    assert wolf["victim"] == "Goblin"  # the Wolf stands 43 paces from Thurid: the nearest instead
    g = hoder_fight(presence=None)
    g.refuse("attack", "no Presence given", [5, 3], who="Ragnar", target="Goblin")
    plain = hoder_fight(x=0).do("attack", [5], who="Ragnar", target="Goblin")["attack"]["stray"]
    assert plain["victim"] == "Thurid" and "hoder" not in plain  # without the gift: no roll


def test_both_score_the_hits_damage_vp_in_a_run() -> None:
    seats = (Seat("ann", "Ragnar", "Ragnar"), Seat("bo", "Thurid", "Thurid"), Seat("cy", "Sven", "Sven"))
    tally = Tally(runner="cy", proxy="ann", seats=seats).damage("Ragnar", "Orc", 4, 50)
    record = {"hoder": {"ally": "Thurid", "foe": "Orc", "rolls": [{"who": "Ragnar", "faces": [3], "total": 5}]}}
    shared = hoder_shares(tally, 0, {"attack": {"stray": record}})
    gifts = [(e.hero, e.amount) for e in shared.events if e.kind == "gift_bonus"]
    damage = [e.amount for e in tally.events if e.kind == "damage_dealt"]
    assert gifts == [("Thurid", damage[0])] and damage[0] > 0
    assert hoder_shares(tally, 1, {"attack": {"stray": record}}).events == tally.events  # not this move's damage
