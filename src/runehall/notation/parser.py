"""Dice notation parser: text -> an expression tree, or one NotationError naming the position.

Grammar (whitespace ignored, case-insensitive `d`/`k`):

    expr    := term (("+" | "-") term)*
    term    := unary (("*" | "/") unary)*          "/" divides and rounds down
    unary   := "-" unary | atom
    atom    := dice | NUMBER "(" NUMBER ")" | NUMBER | "(" expr ")"
    dice    := [NUMBER] "d" (NUMBER | "%") suffix*
    suffix  := "!"                                  explode on the highest face
             | ("k" | "kh" | "kl" | "dh" | "dl") NUMBER
             | "[" NUMBER "]"                       keep the highest N (Chorra's 4d6[3])

`N(M)` rolls N d6 and adds the M highest (Tierras Distantes' effective dice).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from runehall.chance.dice import MAX_FACES, Keep
from runehall.errors import N_, NotationError, Refusal
from runehall.notation.tree import BinOp, Const, DiceTerm, Expr, Neg

MAX_LENGTH = 200
MAX_DICE_PER_TERM = 1000
MAX_DICE_TOTAL = 1000
MAX_NUMBER = 10**9
DIGITS = frozenset("0123456789")  # ASCII only: str.isdigit() would also take other scripts' digits


@dataclass
class _Parser:
    text: str
    pos: int = 0
    dice_total: int = 0

    def fail(self, message: str, pos: int | None = None, **values: Any) -> NotationError:
        return NotationError(message, self.text, self.pos if pos is None else pos, **values)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def eat(self, ch: str) -> bool:
        if self.peek().lower() == ch:
            self.pos += 1
            return True
        return False

    def number(self, what: Refusal) -> int:
        self.skip()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in DIGITS:
            self.pos += 1
        if start == self.pos:
            found: object = repr(self.text[self.pos]) if self.pos < len(self.text) else Refusal(N_("the end"))
            raise self.fail(N_("expected {what}, found {found}"), start, what=what, found=found)
        value = int(self.text[start : self.pos])
        if value > MAX_NUMBER:
            raise self.fail(
                N_("{what} {value} is too large (at most {MAX_NUMBER})"),
                start,
                what=what,
                value=value,
                MAX_NUMBER=MAX_NUMBER,
            )
        return value

    # -- grammar ------------------------------------------------------------------------------------
    def expr(self) -> Expr:
        node = self.term()
        while self.peek() in ("+", "-"):
            op = self.text[self.pos]
            self.pos += 1
            node = BinOp(op, node, self.term())
        return node

    def term(self) -> Expr:
        node = self.unary()
        while self.peek() in ("*", "/"):
            op, at = self.text[self.pos], self.pos
            self.pos += 1
            right = self.unary()
            if op == "/" and right.dist().weight(0):
                raise self.fail(N_("division by a value that can be zero"), at)
            node = BinOp(op, node, right)
        return node

    def unary(self) -> Expr:
        if self.eat("-"):
            return Neg(self.unary())
        return self.atom()

    def atom(self) -> Expr:
        ch = self.peek()
        start = self.pos
        if ch == "(":
            self.pos += 1
            inner = self.expr()
            if not self.eat(")"):
                raise self.fail(N_("expected ')'"))
            return inner
        if ch.lower() == "d":
            return self.dice(1, start)
        if ch in DIGITS:
            value = self.number(Refusal(N_("a number")))
            if self.peek().lower() == "d":
                return self.dice(value, start)
            if self.peek() == "(":
                return self.effective_dice(value, start)
            return Const(value)
        if not ch:
            raise self.fail(N_("the notation ends too early"))
        raise self.fail(N_("unexpected {ch!r}"), ch=ch)

    def count_dice(self, count: int, start: int) -> None:
        if count < 1:
            raise self.fail(N_("a dice term needs at least one die"), start)
        if count > MAX_DICE_PER_TERM:
            raise self.fail(
                N_("{count} dice is too many for one term (at most {MAX_DICE_PER_TERM})"),
                start,
                count=count,
                MAX_DICE_PER_TERM=MAX_DICE_PER_TERM,
            )
        self.dice_total += count
        if self.dice_total > MAX_DICE_TOTAL:
            raise self.fail(
                N_("too many dice in one expression (at most {MAX_DICE_TOTAL})"), start, MAX_DICE_TOTAL=MAX_DICE_TOTAL
            )

    def dice(self, count: int, start: int) -> Expr:
        self.count_dice(count, start)
        self.pos += 1  # the "d"
        if self.eat("%"):
            sides = 100
        else:
            sides_at = self.pos
            sides = self.number(Refusal(N_("the number of faces")))
            if not 1 <= sides <= MAX_FACES:
                raise self.fail(N_("a die needs between 1 and {MAX_FACES} faces"), sides_at, MAX_FACES=MAX_FACES)
        keep: Keep | None = None
        explode = False
        while True:
            ch = self.peek().lower()
            at = self.pos
            if ch == "!":
                if explode:
                    raise self.fail(N_("'!' given twice"))
                if sides < 2:
                    raise self.fail(N_("a one-sided die cannot explode"))
                self.pos += 1
                explode = True
            elif ch in ("k", "d", "["):
                if keep is not None:
                    raise self.fail(N_("only one keep or drop rule per dice term"))
                keep = self.keep_rule(count, at)
            else:
                break
        return DiceTerm(count, sides, keep, explode, self.text[start : self.pos].strip())

    def keep_rule(self, count: int, at: int) -> Keep:
        if self.eat("["):
            n = self.number(Refusal(N_("how many dice to keep")))
            if not self.eat("]"):
                raise self.fail(N_("expected ']'"))
            which, drop = "h", False
        else:
            drop = self.text[self.pos].lower() == "d"
            self.pos += 1
            which = "h"
            if self.peek().lower() in ("h", "l"):
                which = self.text[self.pos].lower()
                self.pos += 1
            elif drop:
                raise self.fail(N_("say 'dh' or 'dl' to drop dice"), at)
            n = self.number(Refusal(N_("how many dice")))
        verb = "drop" if drop else "keep"
        if not 1 <= n <= count - (1 if drop else 0):
            raise self.fail(N_("cannot {verb} {n} of {count} dice"), at, verb=verb, n=n, count=count)
        if drop:  # dropping the n highest keeps the lowest count - n, and the other way round
            return Keep("lowest" if which == "h" else "highest", count - n)
        return Keep("highest" if which == "h" else "lowest", n)

    def effective_dice(self, count: int, start: int) -> Expr:
        self.count_dice(count, start)
        self.pos += 1  # the "("
        at = self.pos
        keep = self.number(Refusal(N_("how many dice to add")))
        if not self.eat(")"):
            raise self.fail(N_("expected ')'"))
        if not 1 <= keep <= count:
            raise self.fail(N_("cannot add {keep} of {count} dice"), at, keep=keep, count=count)
        return DiceTerm(count, 6, Keep("highest", keep), False, self.text[start : self.pos].strip())


def parse(text: str) -> Expr:
    if not text.strip():
        raise NotationError(N_("empty notation"), text, 0)
    if len(text) > MAX_LENGTH:
        raise NotationError(N_("notation longer than {MAX_LENGTH} characters"), text, MAX_LENGTH, MAX_LENGTH=MAX_LENGTH)
    p = _Parser(text)
    node = p.expr()
    if p.peek():
        raise p.fail(N_("unexpected {value!r}"), value=p.peek())
    return node
