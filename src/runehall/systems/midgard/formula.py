"""Midgard's rules data writes its formulas as short expressions ("1 + base(H + T)", "half(Th) * 5"); this
evaluates them exactly, so the numbers on a sheet come from the data files and nowhere else.

The vocabulary is the one qualities.toml lists: god-rune codes, base(), half() (rounded per option A-01),
floor_half(), min(), max(), ceil(), floor(), ranks(Skill Name), rune_total(Rune) and named values such
as legend_score or target.Health. Arithmetic is on Fractions; only a whole result comes back as an int.
Anything else in an expression (imports, attribute calls, comparisons...) is refused when a file loads.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from runehall.errors import Invalid
from runehall.present.words import N_

Number = int | Fraction
Env = Mapping[str, Any]

# ranks(Animal Lore) and rune_total(Algiz) name things with spaces: quote them so Python's parser reads them.
_NAMED_ARGUMENT = re.compile(r"\b(ranks|rune_total)\(([^()\"]+)\)")
_OPERATORS: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: Fraction(a) / Fraction(b),
}


def halver(rounding: str) -> Callable[[Number], int]:
    """half(x) rounded up or down (option half_rounding, A-01)."""
    if rounding == "down":
        return lambda x: math.floor(Fraction(x) / 2)
    return lambda x: math.ceil(Fraction(x) / 2)


BUILTINS: dict[str, Callable[..., Any]] = {
    "min": min,
    "max": max,
    "ceil": lambda x: math.ceil(Fraction(x)),
    "floor": lambda x: math.floor(Fraction(x)),
    "half": halver("up"),
    "floor_half": halver("down"),
}


class FormulaError(Invalid):
    """A formula of the rules data that is not allowed or cannot be worked out (a ValueError, for validators)."""


@cache
def parse(expression: str) -> ast.expr:
    """The checked syntax tree of a formula; a FormulaError names what is not allowed."""
    text = _NAMED_ARGUMENT.sub(lambda m: f'{m.group(1)}("{m.group(2).strip()}")', expression)
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        raise FormulaError(N_("formula {expression!r} does not parse"), expression=expression) from None
    for node in ast.walk(tree):
        allowed = (ast.BinOp, ast.UnaryOp, ast.Call, ast.Name, ast.Attribute, ast.Constant, ast.Load)
        if not isinstance(node, allowed + tuple(_OPERATORS) + (ast.USub,)):
            raise FormulaError(
                N_("formula {expression!r} uses {name}, which formulas may not"),
                expression=expression,
                name=type(node).__name__,
            )
        if isinstance(node, ast.Call) and (not isinstance(node.func, ast.Name) or node.keywords):
            raise FormulaError(
                N_("formula {expression!r}: only named functions with plain arguments"), expression=expression
            )
        if isinstance(node, ast.Attribute) and (not isinstance(node.value, ast.Name) or node.attr.startswith("_")):
            raise FormulaError(N_("formula {expression!r}: only one level of name.value"), expression=expression)
        if isinstance(node, ast.Name) and node.id.startswith("_"):
            raise FormulaError(N_("formula {expression!r}: names may not start with '_'"), expression=expression)
    return tree


def names(expression: str) -> set[str]:
    """The free names a formula reads (functions included); for checking a data file's vocabulary."""
    return {n.id for n in ast.walk(parse(expression)) if isinstance(n, ast.Name)}


def evaluate(expression: str, env: Env, half_rounding: str = "up") -> Number:
    """The value of a formula with the names in env (numbers, functions, or mappings for target.X)."""
    scope = {**BUILTINS, "half": halver(half_rounding), **env}
    value = _eval(parse(expression), scope, expression)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if not isinstance(value, int | Fraction):
        raise FormulaError(N_("formula {expression!r} does not give a number"), expression=expression)
    return value


def whole(expression: str, env: Env, half_rounding: str = "up") -> int:
    value = evaluate(expression, env, half_rounding)
    if not isinstance(value, int):
        raise FormulaError(
            N_("formula {expression!r} gives {value}, not a whole number"), expression=expression, value=value
        )
    return value


def _eval(node: ast.expr, scope: Mapping[str, Any], text: str) -> Any:
    if isinstance(node, ast.Constant):
        if isinstance(node.value, float):
            return Fraction(str(node.value))
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in scope:
            raise FormulaError(N_("formula {text!r} needs {node!r}, which is not known here"), text=text, node=node.id)
        return scope[node.id]
    if isinstance(node, ast.Attribute):
        owner = _eval(node.value, scope, text)
        if not isinstance(owner, Mapping) or node.attr not in owner:
            raise FormulaError(
                N_("formula {text!r} needs {name!r}, which is not known here"), text=text, name=ast.unparse(node)
            )
        return owner[node.attr]
    if isinstance(node, ast.UnaryOp):
        return -_eval(node.operand, scope, text)
    if isinstance(node, ast.BinOp):
        return _OPERATORS[type(node.op)](_eval(node.left, scope, text), _eval(node.right, scope, text))
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    function = _eval(node.func, scope, text)
    return function(*(_eval(arg, scope, text) for arg in node.args))
