"""Invalid inputs I-07..I-28 of spec 000 §17.7 on the game tree: each refused, the log left as it was."""

from __future__ import annotations

import pytest

from runehall.errors import ManualResultError, ParameterError
from runehall.present.refusals import say
from runehall.present.words import words_for
from runehall.systems import registry
from test_ragnarok_tree import Game, composition, hero

EINHERJAR = {"divine": {"bdp": 12, "origin": "einherjar"}}


def drawn(destiny: int = 4, route: str = "gris", **sheet: object) -> Game:
    """A hero with 2F/2M/1E and a Spiritual Void rune who has just drawn tyr, bjarkan, hagall, naudhr."""
    game = Game(hero(composition(2, 2, 1), destiny=destiny, **sheet), route)
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall", "naudhr"][:destiny])
    return game


def test_i07_extra_runes_only_paid_in_the_wyrd_phase() -> None:
    game = Game(hero(composition(2, 2, 1), **EINHERJAR))
    game.refuse("wyrd", r"Wyrd phase", extra=1)  # out of combat
    game.do("start_combat")
    game.do("next_phase")
    game.refuse("wyrd", r"Wyrd phase", extra=1)  # Maintenance
    mortal = Game(hero(composition(2, 2, 1)))
    mortal.do("start_combat")
    mortal.refuse("wyrd", "no Divine Potency", extra=1)


def test_i08_manual_draws_must_come_from_the_bag() -> None:
    game = Game(hero(composition(2, 2, 1), destiny=2))
    game.refuse("wyrd", "not in the bag", error=ManualResultError, manual=["tyr", "iss"])
    game.refuse("wyrd", "not in the bag", error=ManualResultError, manual=["tyr", "tyr"])
    game.refuse("wyrd", "used only 2", error=ManualResultError, manual=["tyr", "bjarkan", "fe"])


def test_i09_a_transformation_takes_exactly_two_runes() -> None:
    game = drawn()
    game.refuse("transform", r"exactly 2 runes, not 1", runes=["tyr"], to="M")
    game.refuse("transform", r"not 3", runes=["tyr", "bjarkan", "hagall"], to="M")
    game.refuse("transform", r"two different runes", runes=["tyr", "Týr"], to="M")


def test_i10_i11_same_trait_in_and_another_out() -> None:
    game = drawn()
    game.refuse("transform", r"share a trait, not F and M", runes=["tyr", "hagall"], to="E")
    game.refuse("transform", r"another trait than F", runes=["tyr", "bjarkan"], to="F")


def test_i12_only_loose_runes_in_mano_transform() -> None:
    game = drawn(destiny=3)
    game.refuse("transform", r"in esencia", runes=["tyr", "naudhr"], to="F")  # naudhr in the bag
    game.do("transform", runes=["tyr", "bjarkan"], to="M")
    game.refuse("transform", r"already part of composite c1", runes=["tyr", "hagall"], to="E")
    game.do("play", rune="hagall", to="actividad")
    game.refuse("transform", r"in actividad", runes=["c1", "hagall"], to="F")


def test_i13_epic_feats_need_divine_potency() -> None:
    drawn().refuse("test", r"epic feat", difficulty=6, required_trait="F")
    assert drawn(**EINHERJAR).do("test", difficulty=6, required_trait="F")["P"] == 12
    # an inherent modifier may push a mortal's total above 5 (TV-12)
    assert drawn().do("test", difficulty=5, inherent_modifier=1, required_trait="F")["D"] == 6


def test_i14_a_test_needs_a_required_trait() -> None:
    game = drawn()
    game.refuse("test", "required_trait", error=ParameterError, difficulty=3)
    game.refuse("test", "not a trait", error=ParameterError, difficulty=3, required_trait="fuego")


def test_i15_no_test_when_unconscious_or_dead() -> None:
    game = Game(hero(composition(1, 1, 0), destiny=1), "blanca")
    game.do("damage", points=4, trait="F", policy="spread")
    assert game.status() == "inconsciente"
    game.refuse("test", r"inconsciente and cannot attempt a skill test", difficulty=1, required_trait="F")
    game.refuse("wyrd", "inconsciente and cannot consult the runes")
    game.do("damage", points=2, trait="M", policy="spread")
    game.refuse("test", "muerto and cannot", difficulty=1, required_trait="F")


def test_i16_only_a_skill_the_norn_allows() -> None:
    game = drawn(skills={"atletismo": 2, "pelea": 1})
    game.refuse(
        "test",
        r"allows atletismo for this test, not pelea",
        difficulty=3,
        required_trait="F",
        skill="pelea",
        applicable=["atletismo"],
    )
    result = game.do("test", difficulty=3, required_trait="F", applicable=["pelea", "atletismo"], transform="as_is")
    assert (result["L"], result["K"], result["R"]) == (2, 2, -1)  # the highest level applies


def test_i17_moves_outside_the_table_of_legal_moves() -> None:
    game = drawn(destiny=2)
    game.refuse("play", r"esencia → actividad is not a legal move", rune="hagall", to="actividad")
    game.refuse("play", r"only through damage", rune="tyr", to="herido")
    game.do("play", rune="tyr", to="actividad")
    game.refuse("play", r"actividad → mano is not a legal move", rune="tyr", to="mano")
    game.do("declare_contingency", runes=["bjarkan"], condition="cuando ataque el lobo")
    game.refuse("play", "reach actividad when it fires", rune="bjarkan", to="actividad")
    game.refuse("declare_contingency", r"not a loose rune in mano", runes=["tyr"], condition="x")
    game.refuse("play", "with the --condition", error=ParameterError, rune="vacio", to="contingencia")


def test_i18_only_the_void_moves_from_vacio() -> None:
    game = Game(hero(composition(2, 2, 1), destiny=2))
    game.refuse("play", r"only the Void rune moves vacio → actividad", rune="tyr", to="actividad", from_pile="vacio")
    game.do("wyrd", manual=["tyr", "hagall"])
    game.refuse("play", r"in mano, not in vacio", rune="vacio", to="actividad", from_pile="vacio")


def test_i19_the_void_never_takes_damage_nor_enters_the_track() -> None:
    game = drawn()
    game.refuse("damage", r"Void rune never takes damage", points=1, trait="F", allocate=["vacio"])
    game.refuse("play", r"never be placed in muerte", rune="Ginungagap", to="muerte")
    game.refuse("sacrifice", r"Sacrifice", rune="void")


def test_i20_the_route_changes_only_between_sagas() -> None:
    game = Game(hero(composition(2, 1, 0), destiny=1), "gris")
    game.do("start_combat")
    game.refuse("new_saga", r"middle of a combat", route="blanca")
    game.do("damage", points=2, trait="F", allocate=["tyr", "tyr"])
    game.do("end_combat")
    game.refuse("new_saga", r"no rune in herido.*Týr", route="blanca")
    game.do("heal", points=1, allocate=["tyr"])
    game.do("damage", points=5, trait="F", allocate=["bjarkan"] * 5)  # bjarkan to muerte (5 on gris)
    assert game.do("new_saga", route="blanca")["hp_per_rune"] == 3
    assert (game.position("bjarkan"), game.pile("bjarkan"), game.pile("tyr")) == (3, "muerte", "aturdido")


def test_i21_damage_stops_at_its_pile() -> None:
    game = Game(hero(composition(2, 0, 0), destiny=1), "blanca")
    game.do("damage", points=3, trait="M", allocate=["tyr"] * 3)
    game.refuse("damage", r"in muerte, where this damage stops", points=1, trait="M", allocate=["tyr"])
    game.do("damage", points=1, trait="E", allocate=["tyr"])
    game.refuse("damage", r"consuncion and takes no more damage", points=1, trait="E", allocate=["tyr"])


def test_i22_no_negative_points() -> None:
    game = drawn()
    game.refuse("damage", "at least 0", error=ParameterError, points=-1, trait="F")
    game.refuse("heal", "at least 0", error=ParameterError, points=-2)


def test_i23_healing_limits() -> None:
    game = Game(hero(composition(2, 0, 0), destiny=1), "blanca")
    game.refuse("heal", r"not hurt", points=1, allocate=["tyr"])
    game.do("damage", points=4, trait="E", allocate=["tyr"] * 4)
    game.refuse("heal", r"consuncion, which healing cannot reach", points=1, allocate=["tyr"])
    game.do("damage", points=3, trait="F", allocate=["bjarkan"] * 3)
    assert game.status() == "muerto"
    game.refuse("heal", r"dead: healing does not revive", points=1, allocate=["bjarkan"])


def test_i24_only_continuity_or_conservation_keeps_a_chain() -> None:
    game = Game(hero(composition(2, 2, 1), destiny=2))
    game.do("start_combat")
    game.do("wyrd", manual=["tyr", "hagall"])
    game.do("play", rune="tyr", to="actividad", chain="tajo", metamarks=["furia"])
    game.to_phase("action")
    game.refuse("next_phase", r"no conservacion or continuidad metamark to stay", keep=["tajo"])
    game.refuse("next_phase", "no chain 'nada'", keep=["nada"])


def test_i25_spending_needs_divine_potency_in_the_pool() -> None:
    mortal = Game(hero(composition(2, 2, 1)))
    mortal.do("start_combat")
    mortal.refuse("dp_spend", "has no Divine Potency", effect="HEAL_6")
    immortal = Game(hero(composition(2, 2, 1), divine={"bdp": 5}))
    immortal.refuse("dp_spend", "only happens in combat", effect="heal_6")
    immortal.do("start_combat")
    immortal.refuse("dp_spend", "costs 6 DP but the pool holds 5", effect="HEAL_6", count=6)
    immortal.refuse("dp_spend", "unknown Divine Potency effect", error=ParameterError, effect="smite")
    off = Game(hero(composition(2, 2, 1), divine={"bdp": 5}), divine_potency_enabled=False)
    off.do("start_combat")
    off.refuse("dp_spend", "option divine_potency_enabled", effect="HEAL_6")


def test_i26_effects_keep_to_their_phase_or_context() -> None:
    game = Game(hero(composition(2, 2, 1), divine={"bdp": 20}))
    game.do("start_combat")
    game.refuse("dp_spend", r"action phase, not wyrd", effect="generic_action_no_rune")
    game.refuse("dp_spend", r"give --context", effect="dodge_3")
    game.refuse("dp_spend", r"not bought on damage", effect="move_1_hex", context="damage_taken")
    game.refuse(
        "dp_spend",
        r"parada is raised when damage taken",
        effect="PARRY_OR_PHYS_DMG_6",
        context="damage_dealt",
        target="parada",
        damage_trait="F",
    )


def test_i27_damage_bonuses_match_the_damage_trait() -> None:
    game = Game(hero(composition(2, 2, 1), divine={"bdp": 20}))
    game.do("start_combat")
    game.refuse(
        "dp_spend",
        r"E/M damage, not F",
        effect="MENTAL_SPIRIT_DMG_3",
        context="damage_dealt",
        damage_trait="F",
    )
    game.refuse("dp_spend", r"F damage, not M", effect="PARRY_OR_PHYS_DMG_6", context="damage_dealt", damage_trait="M")
    result = game.do("dp_spend", effect="MENTAL_SPIRIT_DMG_3", context="damage_dealt", damage_trait="E")
    assert result["modifier"] == {"dano_espiritual": 3}


@pytest.mark.parametrize("auto", [False, True])
def test_i28_no_recovery_from_consuncion_in_the_entry_combat(auto: bool) -> None:
    game = Game(hero(composition(2, 0, 0), destiny=1), "blanca", consumption_auto=auto)
    game.do("start_combat")
    game.do("damage", points=4, trait="E", allocate=["tyr"] * 4)
    game.do("advance_time", hours=3)
    assert game.pile("tyr") == "consuncion"
    game.refuse("recover_consumption", r"entered consuncion in this combat", rune="tyr")
    game.do("end_combat")
    if auto:
        game.refuse("recover_consumption", "recovers by itself", rune="tyr")
        game.do("advance_time", hours=1)
    else:
        game.refuse("recover_consumption", r"one rune per 1.0 h: 0.0 h have passed", rune="tyr")
        game.do("advance_time", hours=1)
        assert game.pile("tyr") == "consuncion"  # the norn moves it
        game.do("recover_consumption", rune="tyr")
    assert game.pile("tyr") == "muerte"


def test_refusals_read_in_the_readers_language() -> None:
    # The same refusal, said from its template: English for the API, Spanish for a Spanish page.
    es = words_for("es", "ragnarok")
    error = drawn().refuse("transform", "exactly 2 runes", runes=["tyr"], to="M")
    assert str(error) == "a transformation takes exactly 2 runes, not 1"
    assert say(error, es) == "una transformación usa exactamente 2 runas, no 1"
    game = Game(hero(composition(2, 0, 0), destiny=1), "blanca")
    game.do("damage", points=4, trait="E", allocate=["tyr"] * 4)
    refused = game.refuse("heal", "consuncion", points=1, allocate=["tyr"])
    assert say(refused, es) == "Týr está en consunción, adonde la curación no llega"
    with pytest.raises(ParameterError) as invalid:  # a validator's refusal (Invalid) keeps its template too
        registry.get("ragnarok").character({"name": "Sigrid", "essence": ["fehu", "vacio"], "destiny": 2})
    assert "la Runa del Vacío no forma parte de la Esencia" in say(invalid.value, es)
    fighting = Game(hero(composition(2, 2, 1), divine={"bdp": 20}))
    fighting.do("start_combat")
    context = fighting.refuse(
        "dp_spend", "raised when", effect="PARRY_OR_PHYS_DMG_6", context="damage_dealt", target="parada"
    )
    assert say(context, es) == "parada se sube ante el daño recibido"  # the damage context in Spanish too
