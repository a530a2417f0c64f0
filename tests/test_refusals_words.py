"""Refusals in the reader's language (issue 12): every refusal is raised as an English template the
catalogs translate, a Spanish page says it in Spanish beside its field, and the CLI says it in --lang.

(a) walks the source: each `raise SomethingError("...")`, `Invalid("...")` and `Refusal("...")` whose first
argument is text must be a plain literal (optionally marked `N_("...")`), never an f-string, a %-format or
a concatenation (those build the English sentence before anyone knows the reader's language), and the
literal must have Spanish in its package's catalog: a system's own (src/runehall/systems/<id>/) or the
shared one (runehall.present), the web's as well for files under web/. One test per top-level package and
per system, so a package still being converted fails on its own.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.test_web import new_table

from runehall.errors import N_, ParameterError, RulesError, typed_only
from runehall.present.words import SHARED, catalog

SRC = Path(__file__).resolve().parent.parent / "src" / "runehall"
CHECKED_CALLS = {"Invalid", "Refusal"}  # built, not only raised: a validator's refusal, a form's part
# Helpers that build a refusal from a template (the notation parser's `fail`, an import's `refuse`).
BUILDERS = {"fail", "refuse"}
# Exceptions that are programming errors, never shown to a person; a ValueError is a person's only inside
# a pydantic validator (pydantic reports it beside the field), where it should be an Invalid.
NOT_FOR_PEOPLE = {"TypeError", "KeyError", "AssertionError", "NotImplementedError", "RuntimeError", "LookupError"}
SPEC_ID = re.compile(r"\b[A-Z]-\d{2}\b")  # the specs' rule ids ("I-17", "A-03"): for comments, not people


def _group(path: Path) -> str:
    """The test id a source file belongs to: its system's id, or its top-level package (modules at the
    root of runehall under 'core')."""
    parts = path.relative_to(SRC).parts
    if parts[0] == "systems" and len(parts) > 2:
        return f"systems.{parts[1]}"
    return parts[0] if len(parts) > 1 else "core"


def _catalogs(path: Path) -> list[str]:
    parts = path.relative_to(SRC).parts
    packages = [SHARED]
    if parts[0] == "systems" and len(parts) > 2:
        packages.insert(0, f"runehall.systems.{parts[1]}")
    if parts[0] == "web":
        packages.append("runehall.web")
    return packages


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _refusal_classes() -> set[str]:
    """RunehallError and every class deriving from it anywhere in the source (NotFound, RateLimited...)."""
    bases: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(b.id for b in node.bases if isinstance(b, ast.Name))
    found = {"RunehallError"}
    while True:
        more = {name for name, of in bases.items() if of & found} - found
        if not more:
            return found
        found |= more


REFUSALS = _refusal_classes()


def _in_validators(tree: ast.AST) -> set[int]:
    """The ids of the raise statements inside pydantic validators."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            marks = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
            names = {m.id if isinstance(m, ast.Name) else m.attr if isinstance(m, ast.Attribute) else "" for m in marks}
            if any(name.endswith("validator") for name in names):
                inside |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Raise)}
    return inside


def _checked_calls(tree: ast.AST) -> Iterator[ast.Call]:
    validators = _in_validators(tree)
    seen: set[int] = set()
    for node in ast.walk(tree):
        call: ast.Call | None = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = _name(node.exc)
            in_validator = id(node) in validators
            if name in REFUSALS or name in BUILDERS or (name.endswith("Error") and name not in NOT_FOR_PEOPLE):
                if name != "ValueError" or in_validator:
                    call = node.exc
        elif isinstance(node, ast.Call) and _name(node) in CHECKED_CALLS:
            call = node
        if call is not None and id(call) not in seen:
            seen.add(id(call))
            yield call


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def problems_in(path: Path, text: str | None = None) -> Iterator[str]:
    """Each refusal in the file (or in `text`, as if it were the file) built from formatted text, or whose
    template has no Spanish."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    known: dict[str, Any] = {}
    for package in _catalogs(path):
        known = {**catalog(package, "es"), **known}
    where = path.relative_to(SRC)
    for call in _checked_calls(tree):
        if not call.args:
            continue
        first = call.args[0]
        if isinstance(first, ast.Call) and _name(first) == "N_" and first.args:
            first = first.args[0]
        here = f"{where}:{call.lineno}"
        if isinstance(first, ast.JoinedStr):
            yield f"{here}: an f-string (use a template and values)"
        elif isinstance(first, ast.BinOp) and (_is_text(first.left) or isinstance(first.left, ast.JoinedStr)):
            yield f"{here}: text built with % or + (use a template and values)"
        elif isinstance(first, ast.Call) and _name(first) in {"str", "format"}:
            yield f"{here}: text made from another error (pass parts=e.parts, or the error as a value)"
        elif isinstance(first, ast.Call) and isinstance(first.func, ast.Attribute) and first.func.attr == "format":
            yield f"{here}: text made with .format (use a template and values)"
        elif _is_text(first):
            assert isinstance(first, ast.Constant)
            if SPEC_ID.search(first.value):
                yield f"{here}: a spec reference in what people read: {first.value!r}"
            if first.value and first.value not in known:
                yield f"{here}: no Spanish for {first.value!r}"
            elif (
                first.value
                and isinstance(known[first.value], str)
                and _places(known[first.value]) != _places(first.value)
            ):
                yield f"{here}: the Spanish of {first.value!r} fills other places: {known[first.value]!r}"


def _places(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _groups() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for path in sorted(SRC.rglob("*.py")):
        found.setdefault(_group(path), []).append(path)
    return found


GROUPS = _groups()


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_every_refusal_is_a_template_with_spanish(group: str) -> None:
    found = [problem for path in GROUPS[group] for problem in problems_in(path)]
    assert not found, f"{len(found)} refusals in {group} are not translatable templates:\n" + "\n".join(found)


def test_the_walk_catches_what_it_should() -> None:
    # The check above passes on a walk that finds nothing: make sure each bad form is caught.
    sample = SRC / "table" / "zz_sample.py"  # a path inside the tree, for the catalogs it is checked against
    text = (
        "def f(n, e):\n"
        "    raise RulesError(f'the bag holds at most {n}')\n"
        "    raise ParameterError('at most %d' % n)\n"
        "    raise RulesError(str(e))\n"
        "    raise RulesError(N_('a sentence nobody translated, 1234'))\n"
        "    raise Invalid('must be a whole number')\n"
        "    raise RulesError(N_('the bag holds at most 72 runes (I-17)'))\n"
        "    raise TypeError(f'{n} is not a number')\n"
    )
    tree_problems = list(problems_in(sample, text))
    assert len(tree_problems) == 6, tree_problems
    assert "f-string" in tree_problems[0]
    assert "% or +" in tree_problems[1]
    assert "parts=e.parts" in tree_problems[2]
    assert "a sentence nobody translated" in tree_problems[3]
    assert "spec reference" in tree_problems[4] and "no Spanish" in tree_problems[5]
    assert _group(SRC / "systems" / "rune" / "hero.py") == "systems.rune"
    assert _group(SRC / "systems" / "base.py") == "systems"
    assert _group(SRC / "wire.py") == "core"


# -- (b) a Spanish page says a refusal in Spanish, beside its field ------------------------------------------
SPANISH = {"Accept-Language": "es"}
NOT_SPANISH = re.compile(r"Input should|\bmust\b|\brequired\b|\bat least\b|\bover its cap\b|\bField\b")


def _beside(html: str, field: str) -> str:
    found = re.search(rf'id="c-{field}-error"[^>]*>(.*?)<', html, re.S)
    assert found, f"no message beside {field}"
    return found.group(1).strip()


def test_a_spanish_character_form_says_its_refusals_in_spanish_beside_each_field(client: Any) -> None:
    table_id = new_table(client, "ragnarok")
    refused = client.post(
        f"/t/{table_id}/characters", data={"name": "Ulrik", "kind": "heroe", "destiny": "-1"}, headers=SPANISH
    )
    assert refused.status_code == 422
    destiny, essence = _beside(refused.text, "destiny"), _beside(refused.text, "essence")
    assert destiny == "como mínimo 0", destiny
    assert essence == "Hay que rellenarlo", essence  # no essence typed: the field is asked for, in Spanish
    for said in (destiny, essence):
        assert not NOT_SPANISH.search(said), said
    english = client.post(f"/t/{table_id}/characters", data={"name": "Ulrik", "kind": "heroe", "destiny": "-1"})
    assert _beside(english.text, "destiny") == "at least 0"  # the same refusal, in the English page's words


def test_a_spanish_roll_panel_says_a_bad_parameter_in_spanish(client: Any) -> None:
    table_id = new_table(client, "ragnarok")
    asked = {"mechanic": "ragnarok:test", "bag": "x", "destiny": "1", "required_trait": "E", "difficulty": "900"}
    refused = client.post(f"/t/{table_id}/roll", data=asked, headers={**SPANISH, "HX-Request": "true"})
    assert refused.status_code == 422
    said = re.sub(r"<[^>]+>", "", refused.text)
    assert "Dificultad: supera su límite: como máximo" in said, said  # the field by its label in the panel
    assert not NOT_SPANISH.search(said), said


def test_the_api_answers_a_rules_refusal_in_english(client: Any) -> None:
    table_id = new_table(client, "ragnarok")
    token = client.cookies.get(f"rh_{table_id}")
    asked = {"mechanic": "test", "params": {"bag": "x", "destiny": 1, "required_trait": "E", "difficulty": 900}}
    answer = client.post(
        f"/api/tables/{table_id}/rolls", json=asked, headers={"Authorization": f"Bearer {token}", **SPANISH}
    )
    assert answer.status_code == 422, answer.text
    assert "over its cap: at most" in answer.json()["detail"]


# -- (c) the CLI says a refusal in --lang, and in English without it -------------------------------------------
ENGLISH_ENVIRONMENT = {"LANG": "C", "LC_ALL": "", "LC_MESSAGES": ""}


def _run(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from runehall.cli.app import app

    result = CliRunner().invoke(app, list(args), env=ENGLISH_ENVIRONMENT)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_cli_says_a_refusal_in_its_lang_and_exits_2() -> None:
    code, spanish = _run("roll", "2d", "--lang", "es")
    assert code == 2
    assert "se esperaba el número de caras y aparece el final en la posición 3 de '2d'" in spanish, spanish
    code, english = _run("roll", "2d")
    assert code == 2
    assert "expected the number of faces, found the end at position 3 of '2d'" in english, english
    code, rules = _run("odds", "ragnarok", "test", "--difficulty", "900", "--lang", "es")
    assert code == 2
    assert "--difficulty: supera su límite: como máximo" in rules, rules  # a parameter named as it is typed
    assert not NOT_SPANISH.search(re.sub(r"--[\w-]+", "", rules)), rules
    code, usage = _run("roll", "2d6", "--bonus", "1", "--lang", "es")
    assert code == 2
    assert "la notación de dados no lleva --parámetros" in usage, usage


# -- (d) no flag, action id or option name in a refusal's own words (issue 13) ----------------------------------
# A refusal is read beside a board's move, in the reader's language: what it asks for is a value
# (runehall.errors.Named) that names the flag, action or option for the CLI and the API, and says it in the
# table's words on a page. Its template's own text names none of them: "--damage-trait", "(change_weapon)",
# "(gm_cast --payer)", "option dp_stacking".
CLI_WORDS = re.compile(r"(?<![\w-])--[a-z]|\((?:[a-z]+ )?[a-z]+_[a-z0-9_]+\b|\boption [a-z]+_[a-z0-9_]+")
TYPED_TEXT = {"Named", "typed_only"}  # their first argument is the CLI's and the API's text, kept for them
FOR_TYPISTS = {"cli"}  # the CLI's own refusals are read by someone typing its flags


def _literal(template: str) -> str:
    """The template's own words, its {places} left out."""
    try:
        return "".join(text for text, *_ in string.Formatter().parse(template))
    except ValueError:
        return template


def cli_words_in(path: Path, text: str | None = None) -> Iterator[str]:
    """Each template (marked N_, or a refusal's first argument) whose own words, or whose Spanish, name a
    CLI flag, a snake_case id in parentheses or an option by its name."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    typed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in TYPED_TEXT:
            typed |= {id(a) for a in [*node.args[:1], *(k.value for k in node.keywords if k.arg == "cli")]}
    templates: list[ast.expr] = [
        n.args[0]
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and _name(n) == "N_" and id(n) not in typed and n.args
    ]
    templates += [call.args[0] for call in _checked_calls(tree) if call.args and id(call.args[0]) not in typed]
    known: dict[str, Any] = {}
    for package in _catalogs(path):
        known = {**catalog(package, "es"), **known}
    seen: set[int] = set()
    for node in templates:
        if not _is_text(node) or id(node) in seen:
            continue
        seen.add(id(node))
        assert isinstance(node, ast.Constant) and isinstance(node.value, str)
        for said in (node.value, known.get(node.value)):
            found = CLI_WORDS.search(_literal(said)) if isinstance(said, str) else None
            if found:
                yield f"{path.relative_to(SRC)}:{node.lineno}: {found.group(0)!r} in {said!r}"


@pytest.mark.parametrize("group", sorted(set(GROUPS) - FOR_TYPISTS))
def test_no_refusal_names_a_flag_an_action_id_or_an_option(group: str) -> None:
    found = [problem for path in GROUPS[group] for problem in cli_words_in(path)]
    assert not found, f"{len(found)} templates in {group} name the CLI's words:\n" + "\n".join(found)


def test_the_cli_words_walk_catches_what_it_should() -> None:
    sample = SRC / "table" / "zz_sample.py"
    text = (
        "def f(n):\n"
        "    raise RulesError(N_('{effect} on damage dealt: give --damage-trait'), effect=n)\n"
        "    raise RulesError(N_('pick it up first (change_weapon)'))\n"
        "    raise RulesError(N_('one purchase at a time (option dp_stacking)'))\n"
        "    raise RulesError('the GM casts first (gm_cast --payer)')\n"
        "    refusal = N_('{who} must spend it first (merkstave --actor {actor})')\n"
        "    raise RulesError(N_('{effect} on damage dealt: give {what}'), what=Named('--damage-trait', N_('x')))\n"
        "    raise RulesError(N_('{first}'), first=Named(N_('gm_cast (and allocate --actor gm) first'), N_('y')))\n"
        "    raise RulesError(N_('the {choice_id} of a fight (its {rule})'), rule=typed_only(' (--payer)'))\n"
    )
    found = list(cli_words_in(sample, text))
    assert sorted(line.split(":")[1] for line in found) == ["2", "3", "4", "5", "6"], found


def test_a_refusal_names_a_flag_for_the_cli_and_says_it_in_the_table_s_words() -> None:
    from tests.test_ragnarok_tree import Game, composition, hero

    from runehall.present.refusals import say
    from runehall.present.words import words_for

    game = Game(hero(composition(2, 2, 1), divine={"bdp": 20}))
    game.do("start_combat")
    refused = game.refuse(
        "dp_spend", "give --damage-trait", error=ParameterError, effect="PARRY_OR_PHYS_DMG_6", context="damage_dealt"
    )
    assert str(refused) == "PARRY_OR_PHYS_DMG_6 on damage dealt: give --damage-trait"  # the API's and the CLI's
    spanish, english = words_for("es", "ragnarok"), words_for("en", "ragnarok")
    assert say(refused, spanish) == "PARRY_OR_PHYS_DMG_6 sobre el daño causado: indica el rasgo del daño"
    assert say(refused, english) == "PARRY_OR_PHYS_DMG_6 on damage dealt: give the trait of the damage"
    assert say(refused, spanish, typed=True) == "PARRY_OR_PHYS_DMG_6 sobre el daño causado: indica --damage-trait"
    # An option's rule: its name to the API, the table's words on a page, "opción" in the Spanish CLI.
    off = Game(hero(composition(2, 2, 1), divine={"bdp": 5}), divine_potency_enabled=False)
    off.do("start_combat")
    refused = off.refuse("dp_spend", "option divine_potency_enabled", effect="HEAL_6")
    assert str(refused) == "Divine Potency is not used in this campaign (option divine_potency_enabled)"
    assert say(refused, spanish) == "en esta campaña no se usa la Potencia Divina (las reglas de la campaña)"
    assert say(refused, spanish, typed=True).endswith("(opción divine_potency_enabled)")
    # A hint only for someone typing commands: kept by the API, nothing in its place at the table.
    hint = RulesError(N_("{who} is bound by several pacts: say whose{by}"), who="Ulf", by=typed_only(" (--by a or b)"))
    assert str(hint) == "Ulf is bound by several pacts: say whose (--by a or b)"
    assert say(hint, words_for("es", "midgard")) == "Ulf está atado por varios pactos: di de quién"


def test_the_cli_says_a_flag_a_refusal_asks_for_in_spanish_too() -> None:
    asked = ["--bag", "3F", "--destiny", "1", "--difficulty", "2", "--required-trait", "F", "--skill", "nadar_raro"]
    code, said = _run("odds", "ragnarok", "test", *asked, "--lang", "es")
    assert code == 2
    assert "no se conoce la habilidad 'nadar_raro'; indica --inherent-modifier en su lugar" in said, said
