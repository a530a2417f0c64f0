"""Divine Gifts on the Rune hero (spec 001b §2.1-§2.5, §16.4.1): the stat gifts in every derived number (checked by
hand on the book's Ragnar: HP 77 = 56 + 3 x 7, WT 18, Soak 6 = Sta 3 + Prot 3, Viking Axe INIT 9 and DAM 12,
Short Bow DAM 6), the sheet's gifts field refused where the rules refuse it, the sheet's Divine Gifts section in
both languages, and buying a level with VP in the advancement tracker (refusals leave the record as it was)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError, RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune import experience
from runehall.systems.rune.gifts import stat_gifts
from runehall.systems.rune.gifts.catalog import gifts
from runehall.systems.rune.gifts.divine import connections, primary_gods
from runehall.systems.rune.hero import Hero
from test_rune_advancement import TRACKER, act, record
from test_rune_hero import hero, ragnar

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def gifted(levels: dict[str, int], **options: Any) -> dict[str, Any]:
    return hero(ragnar(gifts=levels), **options).derived()


# -- stat gifts in the derived numbers ------------------------------------------------------------------
@pytest.mark.parametrize("gift_id", sorted(stat_gifts.CHARACTERISTIC))
def test_a_characteristic_gift_raises_that_characteristic_only(gift_id: str) -> None:
    plain, two = hero(ragnar()).derived()["characteristics"], gifted({gift_id: 2})["characteristics"]
    char = stat_gifts.CHARACTERISTIC[gift_id]
    assert two[char] == plain[char] + 2
    assert {c: v for c, v in two.items() if c != char} == {c: v for c, v in plain.items() if c != char}


def test_might_of_thor_moves_what_strength_moves() -> None:
    plain, might = hero(ragnar()).derived(), gifted({"might_of_thor": 1})
    assert (plain["combat"]["viking_axe"]["dam"], might["combat"]["viking_axe"]["dam"]) == (12, 13)
    assert plain["combat"]["short_bow"]["dam"] == might["combat"]["short_bow"]["dam"] == 6  # a bow adds no Str
    assert might["hp_max"] == 77  # hit points fixed at creation (option recompute_hp_wt_after_creation off)
    # recomputed: Str + Sta 6 gives base 60, + 3 creation points x (Sta 3 + 4) = 81; at 7, A8's step: 64 + 21
    assert gifted({"might_of_thor": 1}, recompute_hp_wt_after_creation=True)["hp_max"] == 81
    assert gifted({"might_of_thor": 2}, recompute_hp_wt_after_creation=True)["hp_max"] == 85


def test_valor_of_tyr_raises_stamina_but_never_hp_or_wt() -> None:
    for recompute in (False, True):
        valor = gifted({"valor_of_tyr": 2}, recompute_hp_wt_after_creation=recompute)
        assert valor["characteristics"]["sta"] == 5
        assert (valor["hp_max"], valor["wt"], valor["soak"]) == (77, 18, 8)  # Soak = Sta 5 + Prot 3


def test_hit_point_gifts_add_ten_or_twelve_a_level() -> None:
    assert gifted({"thors_thews": 2})["hp_max"] == 77 + 20
    assert gifted({"njords_crust": 1, "ulls_hide": 1, "tyrs_forbearance": 3})["hp_max"] == 77 + 10 + 10 + 36
    assert gifted({"thors_thews": 2})["wt"] == 18


def test_frost_speeded_heels_adds_two_init_a_level_on_every_row() -> None:
    plain, heels = hero(ragnar()).derived()["combat"], gifted({"frost_speeded_heels": 2})["combat"]
    for row in plain:
        assert heels[row]["init"] == plain[row]["init"] + 4
        assert {k: v for k, v in heels[row].items() if k != "init"} == {
            k: v for k, v in plain[row].items() if k != "init"
        }


def test_frost_speeded_heels_gives_no_extra_action() -> None:
    """Total 42 with 2 levels: judged at 38, one extra action (at 22), where 42 alone would give two."""
    assert stat_gifts.extra_action_steps(42, {}) == (42, 22, 2)
    assert stat_gifts.extra_action_steps(42, {"frost_speeded_heels": 2}) == (42, 22)
    assert stat_gifts.extra_action_steps(45, {"frost_speeded_heels": 2}) == (45, 25, 5)  # 41 still earns two
    assert stat_gifts.extra_action_steps(21, {"frost_speeded_heels": 1}) == (21,)
    assert stat_gifts.extra_action_steps(-3, {"frost_speeded_heels": 1}) == (-3,)


def test_on_valkyries_wings_lightens_the_armor_init_to_zero_at_most() -> None:
    leather = hero(ragnar()).derived()["combat"]["viking_axe"]["init"]  # heavy leather: Init -1
    assert gifted({"on_valkyries_wings": 1})["combat"]["viking_axe"]["init"] == leather + 1
    assert gifted({"on_valkyries_wings": 4})["combat"]["viking_axe"]["init"] == leather + 1
    assert stat_gifts.armor_init(-5, {"on_valkyries_wings": 2}) == -3
    assert stat_gifts.armor_init(-5, {"on_valkyries_wings": 9}) == 0
    assert hero(ragnar(gifts={"on_valkyries_wings": 3})).numbers().armor.init == 0  # what a fight reads


def test_sprig_of_mistletoe_adds_to_missile_weapons_only() -> None:
    plain, sprig = hero(ragnar()).derived()["combat"], gifted({"sprig_of_mistletoe": 2})["combat"]
    assert (plain["short_bow"]["dam"], sprig["short_bow"]["dam"]) == (6, 8)
    assert sprig["viking_axe"]["dam"] == plain["viking_axe"]["dam"]
    assert sprig["unarmed"]["dam"] == plain["unarmed"]["dam"]


def test_naglfar_adds_three_a_level_to_swim_rolls_only() -> None:
    plain, ship = hero(ragnar()), hero(ragnar(gifts={"naglfar_plows_the_waves": 2}))
    assert ship.check_bonus("swim").value == plain.check_bonus("swim").value + 6
    assert ship.check_bonus("climb").value == plain.check_bonus("climb").value
    assert ship.derived()["abilities"]["swim"]["rating"] == 1  # a roll bonus, not a rating


def test_the_owl_and_either_hand_are_read_not_added() -> None:
    assert stat_gifts.trap_bonus({"the_owl_hears_the_viper": 2}) == 6 and stat_gifts.trap_bonus({}) == 0
    assert stat_gifts.no_off_hand({"with_either_hand": 1}) and not stat_gifts.no_off_hand({})
    assert gifted({"the_owl_hears_the_viper": 1, "with_either_hand": 1}) == hero(ragnar()).derived()


# -- the gifts field -------------------------------------------------------------------------------------
def test_gifts_are_named_by_id_or_book_name() -> None:
    assert hero(ragnar(gifts={"Thor's Thews": 1, "rune_power_viking_axe": 2})).gifts == {
        "thors_thews": 1,
        "rune_power_viking_axe": 2,
    }


@pytest.mark.parametrize(
    ("levels", "said", "options"),
    [
        ({"thors_hammer": 1}, "'thors_hammer' is not a Divine Gift or Rune Power of Rune", {}),
        ({"thors_thews": 0}, "at least 1", {}),
        ({"with_either_hand": 2}, "With Either Hand has no level 2: 1 at most", {}),
        ({"curds_of_utgardaloki": 9}, "Curds of Utgardaloki has no level 9: 8 at most", {}),
        ({"the_clatter_of_rushing_boots": 2}, "has no level 2: 1 at most", {"clatter_levels": "one"}),
        ({"thors_thews": 101}, "at most 100", {}),
        ({"Thor's Thews": 1, "thors_thews": 1}, "listed twice", {}),
    ],
)
def test_the_gifts_field_refuses_what_the_rules_refuse(levels: dict[str, int], said: str, options: Any) -> None:
    with pytest.raises(ParameterError) as e:
        hero(ragnar(gifts=levels), **options)
    assert "field 'gifts" in str(e.value) and said in str(e.value), str(e.value)


def test_the_clatter_is_unlimited_by_default() -> None:
    assert hero(ragnar(gifts={"the_clatter_of_rushing_boots": 3})).gifts["the_clatter_of_rushing_boots"] == 3


# -- the sheet ---------------------------------------------------------------------------------------------
def _gift_rows(sheet: Hero, words: Any) -> dict[str, tuple[str, str]]:
    found = [s for s in sheet.sheet(words).sections if s.title == "Divine Gifts"]
    return {r.label: (r.gloss, r.value) for r in found[0].rows} if found else {}


def test_the_sheet_shows_each_gift_its_level_patron_and_what_it_gives() -> None:
    h = hero(ragnar(gifts={"might_of_thor": 2, "the_eight_legged_horse": 3, "rune_power_viking_axe": 1}))
    en, es = _gift_rows(h, EN), _gift_rows(h, ES)
    assert en["Might of Thor"] == ("", "level 2 · gift of Thor · Strength +2")
    assert en["The Eight-Legged Horse"][1] == "level 3 · gift of Odin · 3 uses each fight"
    assert en["Divine Connection"][1] == "Odin 3 · Thor 2" and en["Primary gods"][1] == "Odin"
    assert es["Might of Thor"] == ("Poderío de Thor", "nivel 2 · don de Thor · Fuerza +2")
    assert es["The Eight-Legged Horse"][1] == "nivel 3 · don de Odín · 3 usos por pelea"
    assert es["Primary gods"] == ("Dioses principales", "Odín")
    for rows in (en, es):
        assert not [t for label, (gloss, value) in rows.items() for t in (label, gloss, value) if program_values(t)]


def test_no_primary_god_when_every_rating_is_one() -> None:
    h = hero(ragnar(gifts={"thors_thews": 1, "valor_of_tyr": 1}))
    assert _gift_rows(h, EN)["Primary gods"][1] == "no god"
    assert _gift_rows(h, ES)["Primary gods"][1] == "ningún dios"
    assert _gift_rows(hero(ragnar()), EN) == {}  # no gifts, no section


# -- buying with VP ----------------------------------------------------------------------------------------
def test_buying_a_level_spends_free_vp_and_keeps_the_score() -> None:
    state = act(record(vp_total=300), "buy_gift", gift="Thor's Thews")
    state = act(state, "buy_gift", gift="thors_thews")
    assert (state.vp_total, state.vp_spent, state.vp_free) == (300, 150, 150)
    assert state.hero.gifts == {"thors_thews": 2}
    assert experience.advanced_hero(state).derived()["hp_max"] == 97
    assert experience.saved_sheet(state, state.hero.table_options)["gifts"] == {"thors_thews": 2}
    assert [(b.gift, b.from_level, b.to_level, b.vp) for b in state.gifts_bought] == [
        ("thors_thews", 0, 1, 75),
        ("thors_thews", 1, 2, 75),
    ]


@pytest.mark.parametrize("phase", ["encounter", "after_encounter", "between_adventures"])
def test_a_gift_is_bought_at_any_moment(phase: str) -> None:
    state = act(record(vp_total=100, phase=phase), "buy_gift", gift="dying_blow")
    assert state.hero.gifts == {"dying_blow": 1} and state.phase == phase


def test_refusals_leave_the_record_unchanged() -> None:
    start = act(record(vp_total=104), "buy_gift", gift="with_either_hand")
    before = start.model_dump()
    with pytest.raises(RulesError, match="With Either Hand: the hero already holds its last level"):
        act(start, "buy_gift", gift="with_either_hand")
    with pytest.raises(RulesError, match="Thor's Thews: level 1 costs 75 VP and the hero has 74 free"):
        act(start, "buy_gift", gift="thors_thews")
    with pytest.raises(ParameterError, match="'odins_eye' is not a Divine Gift or Rune Power"):
        act(start, "buy_gift", gift="odins_eye")
    assert start.model_dump() == before


def test_connections_follow_the_levels_and_rune_powers_never_count() -> None:
    state = record(vp_total=1000)
    for name in ("thors_thews", "thors_thews", "mantle_of_odin", "mantle_of_odin", "rune_power_viking_axe"):
        state = act(state, "buy_gift", gift=name)
    assert connections(state.hero.gifts) == {"Odin": 2, "Thor": 2}
    assert primary_gods(state.hero.gifts) == {"Odin", "Thor"}
    state = act(state, "buy_gift", gift="might_of_thor")
    assert primary_gods(state.hero.gifts) == {"Thor"}


def test_death_insurance_keeps_the_gifts() -> None:
    state = act(act(record(vp_total=200), "buy_gift", gift="valor_of_tyr"), "insure")
    assert state.insured is not None and state.insured.gifts == {"valor_of_tyr": 1}
    restored = act(state, "restore", name="Bjorn")
    assert restored.hero.gifts == {"valor_of_tyr": 1}


def test_the_board_offers_the_gifts_he_can_afford_with_their_price() -> None:
    state = record(vp_total=45)
    move = next(m for m in TRACKER.board(state, EN, Seat(runs=True)).moves if m.action == "buy_gift")
    offered = dict(move.choices["gift"])
    affordable = {g.id for g in gifts().values() if g.cost <= 45}
    assert set(offered) == affordable and "thors_thews" not in offered
    assert offered["dying_blow"] == "Dying Blow: level 1 for 30 VP"
    es_move = next(m for m in TRACKER.board(state, ES, Seat(runs=True)).moves if m.action == "buy_gift")
    assert es_move.title == "Comprar un don" and dict(es_move.choices["gift"])["dying_blow"].endswith("por 30 PV")
    poor = act(state, "buy_gift", gift="dying_blow")  # 15 free: nothing to buy, no move
    assert "buy_gift" not in {m.action for m in TRACKER.board(poor, EN, Seat(runs=True)).moves}


def test_the_board_shows_the_gifts_and_those_bought() -> None:
    state = act(record(vp_total=200), "buy_gift", gift="thors_thews")
    sections = {s.title: {r.label: r.value for r in s.rows} for s in TRACKER.board(state, ES, Seat(runs=True)).sections}
    assert sections["Divine Gifts"]["Thor's Thews"] == "nivel 1 · don de Thor · puntos de golpe máximos +10"
    assert sections["Gifts bought"]["Thor's Thews"] == "0 → 1 por 75 PV"


def test_a_gift_bought_in_both_languages() -> None:
    log = PlayLog.start("rune", "advancement", {}, {"hero": ragnar(), "vp_total": 200})
    with pytest.raises(RulesError, match="Might of Thor: level 1 costs 300 VP and the hero has 200 free"):
        log.apply("buy_gift", {"gift": "Might of Thor"}, ManualSource([]))
    log.apply("buy_gift", {"gift": "Thor's Thews"}, ManualSource([]))
    event = json.loads(json.dumps(log.events[-1]))  # as stored
    action = registry.get("rune").tracker("advancement").action("buy_gift")
    assert action.describe(event, EN, "Ana").plain() == (
        "Ana buys a level of Thor's Thews: level 1 for 75 VP  Divine Connection Thor 1  Free VP 125"
    )
    assert action.describe(event, ES, "Ana").plain() == (
        "Ana compra un nivel de Los músculos de Thor: nivel 1 por 75 PV  Conexión divina Thor 1  PV libres 125"
    )


def test_in_a_fight_frost_speeded_heels_earns_no_extra_action() -> None:
    """INIT 30 (the gift's bonus in it) and a 12 (10 then 2): 42 acts at 42, 22 and 2 without the gift; with two
    levels it is judged at 38, one extra action; a 13 with one level is judged at 41, two extra actions still."""
    from test_rune_combat import Fight, fighter
    from test_rune_combat import hero as fighting_hero

    def steps(gifts: dict[str, int], faces: list[int]) -> list[int]:
        fight = Fight(fighting_hero("Ragnar", (0, 0), gift_ranks=gifts, init=30), fighter("Goblin", (2, 0)))
        return list(fight.do("initiative", faces, who="Ragnar")["steps"])

    assert steps({}, [10, 2]) == [42, 22, 2]
    assert steps({"frost_speeded_heels": 2}, [10, 2]) == [42, 22]
    assert steps({"frost_speeded_heels": 1}, [10, 2]) == [42, 22]  # judged at 40: 40 and 20
    assert steps({"frost_speeded_heels": 1}, [10, 3]) == [43, 23, 3]


def test_with_either_hand_takes_no_off_hand_penalty_in_a_fight() -> None:
    from test_rune_combat import Fight, fighter
    from test_rune_combat import hero as fighting_hero

    def atk(gifts: dict[str, int]) -> dict[str, Any]:
        fight = Fight(fighting_hero("Ragnar", (0, 0), gift_ranks=gifts, init=9), fighter("Goblin", (1, 0)))
        fight.roll_all(Ragnar=[5], Goblin=[5])
        rolled: dict[str, Any] = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", off_hand=True)["attack"]
        return dict(rolled["atk"])

    plain, either = atk({}), atk({"with_either_hand": 1})
    assert plain["modifiers"] == {"off hand": -3} and "modifiers" not in either
    assert either["total"] == plain["total"] + 3
