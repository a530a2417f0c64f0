"""Rune's refusals in the reader's language (issue 12): each is an English template with values, said in
Spanish from the system's catalog, with the words inside it (health, a move, a weapon or Ability name, a
moment of the campaign) in Spanish too; and no refusal shows a spec id ("(A57)") to a player."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

import test_rune_advancement as advancement
import test_rune_hero as heroes
from runehall.errors import ParameterError, RulesError
from runehall.present.refusals import say
from runehall.present.words import words_for
from test_rune_combat import Fight, fighter, hero

ES = words_for("es", "rune")
RUNE = Path(__file__).resolve().parent.parent / "src" / "runehall" / "systems" / "rune"
SPEC_ID = re.compile(r"\b[A-Z]{1,2}-?\d{2}\b")  # the rulebook's ids: A57, I-17


def refused(fight: Fight, action: str, **params: Any) -> RulesError:
    with pytest.raises(RulesError) as e:
        fight.log.apply(action, params, fight.source(None, None))
    return e.value


def test_a_combat_refusal_reads_in_spanish_with_its_words() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Goblin", (2, 0)), fighter("Orc", (0, 2)))
    fight.roll_all(Ragnar=[5], Goblin=[5], Orc=[5])
    fight.do("damage", who="Orc", raw=55)
    dying = refused(fight, "pass", who="Orc")
    assert str(dying) == "Orc is dying and cannot act"
    assert say(dying, ES) == "Orc está moribundo y no puede actuar"  # the health word in Spanish as well
    far = refused(fight, "move", who="Ragnar", to=[0, 40], kind="half")
    assert str(far) == "a half move takes Ragnar at most 8 paces; (0, 40) is 40 paces away"
    assert say(far, ES) == "con medio movimiento Ragnar avanza como mucho 8 pasos; (0, 40) está a 40 pasos"
    askew = refused(fight, "move", who="Ragnar", to=[9, 4], kind="half")  # 9.85 paces: to a tenth
    assert str(askew) == "a half move takes Ragnar at most 8 paces; (9, 4) is 9.8 paces away"
    assert say(askew, ES).endswith("(9, 4) está a 9,8 pasos")  # the Spanish decimal comma


def test_a_sheet_refusal_reads_in_spanish_beside_its_field() -> None:
    with pytest.raises(ParameterError) as unknown:
        heroes.hero(heroes.ragnar(weapons=["sword of doom"]))
    assert say(unknown.value, ES) == "weapons: 'sword of doom' no es un arma de Rune"
    with pytest.raises(ParameterError) as rare:
        heroes.hero(heroes.ragnar(weapons=["long bow"]))
    assert "the Long Bow is rare: rare gear" in str(rare.value)
    assert "Arco largo es un objeto raro" in say(rare.value, ES)  # the weapon named as the Spanish sheet names it
    with pytest.raises(ParameterError) as kit:
        heroes.hero(heroes.ragnar(kits_left_behind=["map"]))
    assert "el héroe no tiene nivel en Orientación" in say(kit.value, ES)


def test_an_advancement_refusal_reads_in_spanish() -> None:
    with pytest.raises(RulesError) as early:
        advancement.act(advancement.record(), "buy", ability="dodge", how="training")
    assert str(early.value) == "ability Dodge: training only between adventures, not during an encounter"
    assert say(early.value, ES) == "habilidad Esquivar: solo se entrena entre aventuras, no durante un encuentro"


def test_english_stays_english() -> None:
    error = RulesError("{who} is {state} and cannot act", who="Orc", state="dying")
    assert say(error, words_for("en", "rune")) == str(error) == "Orc is dying and cannot act"


def _templates(path: Path) -> list[str]:
    """The literal templates of a file's refusals: a raise's first argument (marked or not), and the whole
    sentences handed to the board's require_ checks."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name.endswith("Error") or name in ("Invalid", "Refusal") or name.startswith("require_"):
                for arg in node.args:
                    inner = arg.args[0] if isinstance(arg, ast.Call) and arg.args else arg
                    if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                        found.append(inner.value)
    return found


def test_no_refusal_shows_a_spec_id() -> None:
    templates = [t for path in sorted(RUNE.rglob("*.py")) for t in _templates(path)]
    assert len(templates) > 250  # the walk sees the system's refusals
    assert "{who} is {state} and cannot act" in templates
    shown = [t for t in templates if SPEC_ID.search(t)]
    assert not shown, shown
    assert SPEC_ID.search("training buys only the first point (A57)")  # the pattern catches what it should


def test_the_phase_and_the_end_of_the_fight_read_in_spanish() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=9), fighter("Troll", (2, 0), init=5))
    early = refused(fight, "attack", who="Ragnar", target="Troll")
    assert str(early) == "acting happens in the action phase; this is the initiative phase"
    assert say(early, ES) == "actuar corresponde a la fase de acción y estamos en la fase de iniciativa"
    fight = Fight(hero("Ragnar", (0, 0), atk=9, dam=12), fighter("Goblin", (2, 0), hp=20, dfn=3))
    fight.roll_all(Ragnar=[9], Goblin=[2])
    fight.do("attack", [10, 10, 10, 9, 2], who="Ragnar", target="Goblin")
    fight.do("end_round")
    over = refused(fight, "end_combat")
    assert str(over) == "the fight is already over (the heroes hold the field)"  # why, as the log says it
    assert say(over, ES) == "la pelea ya ha terminado (los héroes dominan el campo)"


def test_a_filled_in_value_is_refused_in_spanish() -> None:
    with pytest.raises(ParameterError) as word:
        heroes.hero(heroes.ragnar(weapon_overrides="whip.dam=heavy"))
    assert "Whip's dam must be a whole number, not 'heavy'" in str(word.value)
    assert say(word.value, ES) == "weapon overrides: el dam de Látigo tiene que ser un número entero, no 'heavy'"
    with pytest.raises(ParameterError) as unknown:
        heroes.hero(heroes.ragnar(armor_overrides="mithril.prot=3"))
    assert say(unknown.value, ES) == "armor overrides: 'mithril' no está en la tabla de armaduras"
