"""Free-form dice notation: parse once (cached), then roll or compute exact odds from the same tree."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from runehall.chance.chance import Chance
from runehall.chance.dice import PoolRoll
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.notation.parser import parse
from runehall.notation.tree import BinOp, Const, DiceTerm, Expr, Neg

__all__ = ["Notation", "compile_notation", "dice_terms", "render_faces"]


@dataclass(frozen=True, slots=True)
class Notation(Chance[tuple[PoolRoll, ...], int]):
    text: str
    node: Expr

    def sample(self, source: Source) -> tuple[PoolRoll, ...]:
        node = self.node
        if type(node) is DiceTerm and node.keep is None and not node.explode:
            return (node.plain_roll(source),)  # the most common roll, without the tree walk
        out: list[PoolRoll] = []
        node.sample_into(source, out)
        return tuple(out)

    def key(self, detail: tuple[PoolRoll, ...]) -> int:
        return self.node.evaluate(iter(detail))

    def dist(self) -> Dist[int]:
        return self.node.dist()

    def terms(self) -> list[DiceTerm]:
        found: list[DiceTerm] = []

        def walk(n: Expr) -> None:
            if isinstance(n, DiceTerm):
                found.append(n)
            elif isinstance(n, Neg):
                walk(n.operand)
            elif isinstance(n, BinOp):
                walk(n.left)
                walk(n.right)

        walk(self.node)
        return found

    def describe(self) -> str:
        return self.text


@lru_cache(maxsize=4096)
def compile_notation(text: str) -> Notation:
    """Parse notation once; repeated rolls of the same text reuse the tree."""
    return Notation(text.strip(), parse(text))


def _show_die(faces: Sequence[int], kept: bool) -> str:
    shown = "+".join(str(f) for f in faces)
    if len(faces) > 1:
        shown = f"{shown}!"
    return shown if kept else f"~{shown}~"


def dice_terms(node: Expr) -> list[DiceTerm]:
    """The dice terms of an expression, left to right (the order their rolls are stored in)."""
    if isinstance(node, DiceTerm):
        return [node]
    if isinstance(node, Neg):
        return dice_terms(node.operand)
    if isinstance(node, BinOp):
        return dice_terms(node.left) + dice_terms(node.right)
    return []


def render_faces(node: Expr, details: Iterator[PoolRoll]) -> str:
    """The expression with each dice term replaced by its dice, dropped dice as ~n~ and explosions as a+b!."""
    if isinstance(node, DiceTerm):
        d = next(details)
        inner = ", ".join(_show_die(f, k) for f, k in zip(d.dice, d.kept, strict=True))
        return f"[{inner}]"
    if isinstance(node, Const):
        return str(node.value)
    if isinstance(node, Neg):
        return f"-{render_faces(node.operand, details)}"
    if isinstance(node, BinOp):
        left = _wrapped(node.left, render_faces(node.left, details), node, right=False)
        right = _wrapped(node.right, render_faces(node.right, details), node, right=True)
        return f"{left} {node.op} {right}"
    raise TypeError(node)


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _wrapped(child: Expr, text: str, parent: BinOp, right: bool) -> str:
    """Parenthesise a sub-expression where the written order would otherwise change its meaning."""
    if not isinstance(child, BinOp):
        return text
    mine, theirs = _PRECEDENCE[child.op], _PRECEDENCE[parent.op]
    if mine < theirs or (right and mine == theirs and parent.op in "-/"):
        return f"({text})"
    return text
