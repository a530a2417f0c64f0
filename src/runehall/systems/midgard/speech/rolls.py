"""The three casts in words: the card of a stored cast, the labels of its odds and its headline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from runehall.present.card import Card, Row, Tone
from runehall.present.odds import Headline
from runehall.present.words import N_, Words
from runehall.systems.base import Odds
from runehall.systems.midgard.speech.terms import GOALS, chips, difficulty, split_tape

SIDES = {"a": "A", "b": "B"}
VIEW_TITLES = (N_("success"), N_("margin"), N_("future"), N_("merkstave"), N_("winner"))  # the odds' tables


def _get(value: Any, name: str, default: Any = None) -> Any:
    """A field of an outcome, stored (a dict) or fresh (a named tuple)."""
    return value.get(name, default) if isinstance(value, Mapping) else getattr(value, name, default)


def _timing(value: Any, words: Words) -> list[str]:
    parts = []
    if _get(value, "seconds") is not None:
        parts.append(words("{seconds} s", seconds=words.number(_get(value, "seconds"))))
    if _get(value, "speed") is not None:
        parts.append(words("speed {speed}", speed=words.number(_get(value, "speed"))))
    elif _get(value, "future"):
        parts.append(words("Future {future}", future=words.number(_get(value, "future"))))
    return parts


def cast_outcome(value: Any, words: Words) -> str:
    """A single cast's result: "success, margin 2, speed 4" / "failure, 1 Merkstave left"."""
    merkstave = int(_get(value, "merkstave", 0) or 0)
    if not _get(value, "success"):
        parts = [words("failure")]
        if merkstave:
            parts.append(words.n("{n} Merkstave left", "{n} Merkstave left", merkstave))
        if _get(value, "future"):  # a failure's Future counts only under option future_on_failure applies
            parts.extend(_timing(value, words))
        return ", ".join(parts)
    parts = [words("success, margin {margin}", margin=words.number(_get(value, "margin"))), *_timing(value, words)]
    next_attack = _get(value, "next_attack")
    if next_attack is None:
        if merkstave:
            parts.append(words.n("{n} Merkstave left for the GM", "{n} Merkstave left for the GM", merkstave))
    else:
        if merkstave:  # already taken off the margin and speed above (policy A-20)
            parts.append(words.n("{n} Merkstave spent by the GM", "{n} Merkstave spent by the GM", merkstave))
        if next_attack:
            parts.append(words("+{n} to the next attack on you", n=words.number(next_attack)))
    return ", ".join(parts)


def cast_label(view: str | None, value: Any, words: Words) -> str | None:
    if view in ("margin", "future") and value is None:
        return words("failure")
    if view == "success":
        return words("success") if value else words("failure")
    if view == "margin":
        return words("success, margin {margin}", margin=words.number(value))
    if view == "future":
        return words("Future {future}", future=words.number(value))
    if view == "merkstave":
        return words.n("{n} Merkstave left", "{n} Merkstave left", int(value))
    if view is None:
        return cast_outcome(value, words)
    return None


def _dice_row(side: Mapping[str, Any], words: Words) -> Row:
    """How many d8 and where they come from: "6 (god rune 4 + Wyrð 2)"."""
    if side.get("exhausted"):
        return Row(words("Dice"), words("none: exhausted"))
    parts = [words("god rune {n}", n=words.number(side["rune"]))]
    if side.get("wyrd"):
        parts.append(words("Wyrð {n}", n=words.number(side["wyrd"])))
    if side.get("dice_bonus"):
        parts.append(words("gifts {n}", n=words.number(side["dice_bonus"])))
    total = side["rune"] + side.get("wyrd", 0) + side.get("dice_bonus", 0)
    return Row(words("Dice"), f"{words.number(total)} ({' + '.join(parts)})" if len(parts) > 1 else words.number(total))


def _stone_rows(side: Mapping[str, Any], words: Words) -> list[Row]:
    rows = []
    if side.get("skill"):
        rows.append(Row(words("Skill"), words.number(side["skill"])))
    penalty = side.get("wound_merkstave", 0) + side.get("merkstave", 0)
    if penalty:
        rows.append(Row(words("Merkstave"), words.number(penalty)))
    for key, label in (("past_bonus", N_("Past")), ("outcome_bonus", N_("Outcome")), ("future_bonus", N_("Future"))):
        if side.get(key):
            rows.append(Row(words(label), words("+{n}", n=words.number(side[key]))))
    return rows


def _side_text(side: Mapping[str, Any], words: Words) -> str:
    """One side of a two-sided cast: "dice 4 (god rune 3 + Wyrð 1), Skill 1, Merkstave 1"."""
    parts = [words("dice {dice}", dice=_dice_row(side, words).value)]
    parts += [f"{r.label} {r.value}" for r in _stone_rows(side, words)]
    return ", ".join(parts)


def _face_2(stored: Mapping[str, Any]) -> str:
    return str((stored.get("options") or {}).get("face_2") or "blank")


def describe_cast(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, outcome = stored["params"], stored["outcome"]
    kept, again = split_tape(stored["tape"], stored.get("detail") or [])
    rows = [Row(words("Difficulty"), difficulty(p["difficulty"], words)), _dice_row(p, words)]
    rows += _stone_rows(p, words)
    chosen = GOALS[str(p.get("goal") or "margin")]
    rows.append(Row(words("Spare tokens"), words(chosen)))
    success = bool(outcome["success"])
    return Card(
        action=words("{who} casts the runes", who=who),
        result=cast_outcome(outcome, words),
        tone="success" if success else "failure",
        rows=tuple(rows),
        chips=chips(kept, words, _face_2(stored), again),
        total=words("margin {margin}", margin=words.number(outcome["margin"])) if success else None,
    )


def cast_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    success = odds.views["success"].probability(True)
    lines = [Headline(words("Success"), success, "success")]
    margin = odds.views["margin"]
    good = sum((p for v, p in margin.items() if v is not None and v >= 2), Fraction(0))
    if good:
        lines.append(Headline(words("Margin 2 or more"), good, "success"))
    left = 1 - odds.views["merkstave"].probability(0)
    if left:
        lines.append(Headline(words("Merkstave left over"), left, "failure"))
    return tuple(lines)


# -- two sides -------------------------------------------------------------------------------------------
def _sides(stored: Mapping[str, Any]) -> tuple[Sequence[int], Sequence[int], list[int], list[int]]:
    """Each side's kept faces and its faces rolled again, from the tape (side A's draws come first)."""
    detail = stored.get("detail") or [[], []]
    a, b = list(detail[0]), list(detail[1])
    d8 = [d for d in stored["tape"] if len(d) == 2]
    cut, found = 0, 0
    while found < len(a) and cut < len(d8):  # side A's draws: until its kept faces are all found
        found += 1 if (int(d8[cut][1]) != 2 or _face_2(stored) != "reroll") else 0
        cut += 1
    _, again_a = split_tape(d8[:cut], a)
    _, again_b = split_tape(d8[cut:], b)
    return a, b, again_a, again_b


def opposed_outcome(value: Any, words: Words) -> str:
    a_past, b_past = words.number(_get(value, "a_past")), words.number(_get(value, "b_past"))
    if _get(value, "winner") == "recast":
        return words("a tie on Past ({a} to {b}): cast again", a=a_past, b=b_past)
    text = words(
        "{side} wins (Past {a} to {b}), margin {margin}",
        side=SIDES[_get(value, "winner")],
        a=a_past,
        b=b_past,
        margin=words.number(_get(value, "margin")),
    )
    left = int(_get(value, "merkstave", 0) or 0)
    if left:
        text += ", " + words.n("{n} Merkstave left for the GM", "{n} Merkstave left for the GM", left)
    return text


def opposed_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "winner":
        return words("a tie: cast again") if value == "recast" else words("{side} wins", side=SIDES[value])
    if view == "margin":
        return words("margin {margin}", margin=words.number(value))
    if view is None:
        return opposed_outcome(value, words)
    return None


def _tone_for_a(winner: str) -> Tone:
    return "success" if winner in ("a", "both") else "failure" if winner == "b" else "neutral"


def describe_opposed(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, outcome = stored["params"], stored["outcome"]
    a, b, again_a, again_b = _sides(stored)
    resisting = SIDES[p.get("resisting", "b")]
    rows = [
        Row(words("Side A"), _side_text(p["a"], words)),
        Row(words("Side B"), _side_text(p["b"], words)),
        Row(words("Resisting side"), resisting),
    ]
    face_2 = _face_2(stored)
    return Card(
        action=words("{who}: an opposed cast, side A against side B", who=who),
        result=opposed_outcome(outcome, words),
        tone=_tone_for_a(outcome["winner"]),
        rows=tuple(rows),
        chips=chips(a, words, face_2, again_a) + chips(b, words, face_2, again_b),
    )


def opposed_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    winner = odds.views["winner"]
    lines = [Headline(words("{side} wins", side="A"), winner.probability("a"), "success"),
             Headline(words("{side} wins", side="B"), winner.probability("b"), "failure")]
    if winner.probability("recast"):
        lines.append(Headline(words("a tie: cast again"), winner.probability("recast"), "neutral"))
    return tuple(lines)


# -- contested -------------------------------------------------------------------------------------------
def winner_of_contest(value: str, words: Words) -> str:
    if value == "both":
        return words("both at once")
    if value == "neither":
        return words("neither succeeds")
    return words("{side} prevails", side=SIDES[value])


def _contest_side(side: Any, words: Words) -> str:
    if not _get(side, "success"):
        text = words("failure")
    else:
        text = words(
            "success, speed {speed}, margin {margin}",
            speed=words.number(_get(side, "speed")),
            margin=words.number(_get(side, "margin")),
        )
    left = int(_get(side, "merkstave", 0) or 0)
    if left:
        text += ", " + words.n("{n} Merkstave left for the GM", "{n} Merkstave left for the GM", left)
    return text


def contested_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "winner":
        return winner_of_contest(value, words)
    if view is None:
        return words(
            "{winner}: A {a}; B {b}",
            winner=winner_of_contest(_get(value, "winner"), words),
            a=_contest_side(_get(value, "a"), words),
            b=_contest_side(_get(value, "b"), words),
        )
    return None


def describe_contested(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, outcome = stored["params"], stored["outcome"]
    a, b, again_a, again_b = _sides(stored)
    rows = []
    for key in ("a", "b"):
        side = p[key]
        rows.append(Row(
            words("Side {side}", side=SIDES[key]),
            words(
                "{side}, difficulty {difficulty}, base speed {speed}",
                side=_side_text(side, words),
                difficulty=difficulty(side["difficulty"], words),
                speed=words.number(side["base_speed"]),
            ),
        ))
        rows.append(Row(words("Side {side} cast", side=SIDES[key]), _contest_side(outcome[key], words)))
    face_2 = _face_2(stored)
    return Card(
        action=words("{who}: a contested cast, side A against side B", who=who),
        result=winner_of_contest(outcome["winner"], words),
        tone=_tone_for_a(outcome["winner"]),
        rows=tuple(rows),
        chips=chips(a, words, face_2, again_a) + chips(b, words, face_2, again_b),
    )


def contested_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    winner = odds.views["winner"]
    lines = [Headline(winner_of_contest("a", words), winner.probability("a"), "success"),
             Headline(winner_of_contest("b", words), winner.probability("b"), "failure")]
    for value in ("neither", "both"):
        if winner.probability(value):
            lines.append(Headline(winner_of_contest(value, words), winner.probability(value), "neutral"))
    return tuple(lines)
