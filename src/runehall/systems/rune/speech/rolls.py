"""Rune's rolls in words: the card of a stored roll, the label of every outcome and view, and the headline
chances, for the stress roll, the contests, one attack, a Bargain and falling asleep."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from runehall.present.card import Card, Chip, Row, Tone
from runehall.present.odds import Headline
from runehall.present.words import N_, Words
from runehall.systems.base import Odds
from runehall.systems.rune.speech.common import data_name, signed, stress_chips

# The names of the views, as the odds tables title them (translated there with the system's words).
VIEW_NAMES = (
    N_("success"),
    N_("botch"),
    N_("result"),
    N_("winner"),
    N_("tie"),
    N_("hit"),
    N_("wounds"),
    N_("price"),
    N_("asleep"),
)

TIERS = ("success", "failure", "botch")  # the stress roll's result view, best first
TIER_WORDS = {"success": N_("success"), "failure": N_("failure"), "botch": N_("botch")}
TIE_WORDS = {
    "none": N_("no tie at the top"),
    "hero_wins": N_("a hero takes a tie with supporting characters"),
    "reroll": N_("tied at the top: rolled again"),
}


def _more(beyond: int, words: Words) -> str:
    return {1: words(" or more"), -1: words(" or less")}.get(beyond, "")


def _chance(odds: Odds[Any], test: Callable[[Any], bool]) -> Fraction:
    return sum((p for outcome, p in odds.outcomes.items() if test(outcome)), Fraction(0))


def _modifiers_total(side: Mapping[str, Any]) -> int:
    impaired = max(0, int(side.get("impairment", 0)) - int(side.get("invigoration", 0)))
    lacking = 3 * bool(side.get("lacking_ability")) + 2 * bool(side.get("lacking_equipment"))
    return (
        int(side.get("bonus", 0)) + int(side.get("increases", 0)) - int(side.get("decreases", 0)) - impaired - lacking
    )


def _result(faces: list[int], quality: bool = False) -> int:
    if faces[0] == 10:
        return 10 + _open(faces[1:])
    if faces[0] == 1 and not quality:
        return -_open(faces[1:])
    return faces[0]


def _open(faces: list[int]) -> int:
    return sum(faces)  # each 10 of the open-ended value adds and rolls again; the last face ends it


def _roll_value(faces: list[int], bonus: int, words: Words) -> str:
    return words(
        "{roll} {bonus} = {total}",
        roll=words.number(_result(faces)),
        bonus=signed(bonus),
        total=words.number(_result(faces) + bonus),
    )


# -- the stress roll ----------------------------------------------------------------------------------------
def roll_label(view: str | None, value: Any, words: Words) -> str | None:
    if view in ("success",):
        return words("success") if value else words("failure")
    if view == "botch":
        return words("botch") if value else words("no botch")
    if view == "result":
        return words(TIER_WORDS[value])
    if view is None:
        more = _more(value.beyond, words)
        if value.success:
            text = words("success by {n}{more}", n=words.number(value.margin), more=more)
        else:
            text = words("failure by {n}{more}", n=words.number(-value.margin), more=more)
        return words("botch, {text}", text=text) if value.botch else text
    return None


def roll_tier(r: Any) -> str:
    return "botch" if r.botch else "success" if r.success else "failure"


def roll_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    success = _chance(odds, lambda r: r.success)
    botch = _chance(odds, lambda r: r.botch)
    found = [Headline(words("Success"), success, "success")]
    if botch:
        found.append(Headline(words("Botch"), botch, "botch"))
    return tuple(found)


def roll_card(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    params, o = stored["params"], stored["outcome"]
    faces = [int(f) for f in stored["detail"]]
    bonus = _modifiers_total(params)
    if params.get("secret"):
        action = words(
            "{who} makes the runner's secret stress roll against Difficulty {d}",
            who=who,
            d=words.number(params["difficulty"]),
        )
    elif params.get("quality"):
        action = words(
            "{who} makes a quality roll against Difficulty {d}", who=who, d=words.number(params["difficulty"])
        )
    else:
        action = words(
            "{who} makes a stress roll against Difficulty {d}", who=who, d=words.number(params["difficulty"])
        )
    label = roll_label(None, _Outcome(o), words) or ""
    tone: Tone = "botch" if o["botch"] else "success" if o["success"] else "failure"
    row = Row(
        words("Roll"),
        words("{value} vs {d}", value=_roll_value(faces, bonus, words), d=words.number(params["difficulty"])),
    )
    chips = stress_chips(faces, words, quality=bool(params.get("quality")))
    total = words.number(_result(faces, bool(params.get("quality"))) + bonus)
    return Card(action, label, tone, (row,), tuple(chips), total)


def plain(card: Card, what: str) -> str:
    """A card as the CLI's one line, headed by what was rolled instead of who rolled it."""
    return replace(card, action=what).plain()


class _Outcome:
    """A stored outcome read by attribute, as the labels read a live one."""

    def __init__(self, stored: Mapping[str, Any]) -> None:
        self.__dict__.update(stored)


# -- a contest of two -----------------------------------------------------------------------------------------
def side_name(side: str, words: Words) -> str:
    return words("Side A") if side == "a" else words("Side B")


def contest_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "winner":
        return words("{side} wins", side=side_name(value, words))
    if view is None:
        return words(
            "{side} wins by {n}{more}",
            side=side_name(value.winner, words),
            n=words.number(value.degree),
            more=_more(value.beyond, words),
        )
    return None


def contest_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    a = _chance(odds, lambda r: r.winner == "a")
    return (
        Headline(words("{side} wins", side=side_name("a", words)), a, "success"),
        Headline(words("{side} wins", side=side_name("b", words)), 1 - a, "failure"),
    )


def _pairs(
    detail: list[Any], first: str, second: str, sides: tuple[Mapping[str, Any], Mapping[str, Any]], words: Words
) -> tuple[list[Row], list[Chip]]:
    rows, chips = [], []
    for i in range(0, len(detail) - 1, 2):
        again = words(" (again)") if i else ""
        for faces, name, side in ((detail[i], first, sides[0]), (detail[i + 1], second, sides[1])):
            rows.append(Row(name + again, _roll_value(list(faces), _modifiers_total(side), words)))
            chips += stress_chips(list(faces), words, name)
    return rows, chips


def contest_card(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, o = stored["params"], stored["outcome"]
    a, b = side_name("a", words), side_name("b", words)
    rows, chips = _pairs(stored["detail"], a, b, (p["a"], p["b"]), words)
    result = contest_label(None, _Outcome(o), words) or ""
    action = words("{who} rolls a contest: {a} against {b}", who=who, a=a, b=b)
    return Card(action, result, "success" if o["winner"] == "a" else "failure", tuple(rows), tuple(chips))


# -- a contest of three or more --------------------------------------------------------------------------------
def many_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "winner":
        return words("{side} wins", side=value)
    if view == "tie":
        return words(TIE_WORDS[value])
    if view is None:
        how = {
            "none": "{side} wins",
            "hero_wins": "{side} wins, the only hero tied at the top",
            "reroll": "{side} wins after a reroll",
        }
        return words(how[value.tie], side=value.winner)
    return None


MANY_WORDS = (N_("{side} wins, the only hero tied at the top"), N_("{side} wins after a reroll"))


def many_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    winners = odds.views.get("winner")
    if winners is None:
        return ()
    ranked = sorted(winners.items(), key=lambda item: -item[1])
    return tuple(Headline(words("{side} wins", side=name), p, "neutral") for name, p in ranked[:3])


def many_card(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    rounds, o = stored["detail"], stored["outcome"]
    rows, chips = [], []
    for n, sides in enumerate(rounds):
        for s in sides:
            label = s["side"] + (words(" (again)") if n else "")
            margin = words("{n} from the top", n=signed(int(s["margin"]))) if s["margin"] else words("the top")
            rows.append(
                Row(
                    label,
                    words(
                        "{roll} → {total} ({margin})",
                        roll=words.number(int(s["roll"])),
                        total=words.number(int(s["total"])),
                        margin=margin,
                    ),
                )
            )
            chips += stress_chips(list(s["faces"]), words, str(s["side"]))
    action = words.n(
        "{who} rolls a contest of {n} sides", "{who} rolls a contest of {n} sides", len(rounds[0]), who=who
    )
    winner = next(s for s in rounds[-1] if s["side"] == o["winner"])
    if o["tie"] == "hero_wins":
        result = words(
            "{side} takes the tie at {total}, the only hero in it",
            side=o["winner"],
            total=words.number(int(winner["total"])),
        )
    else:
        result = words("{side} wins by {n}", side=o["winner"], n=words.number(int(winner["margin"])))
    return Card(action, result, "neutral", tuple(rows), tuple(chips), words.number(int(winner["total"])))


# -- one attack ---------------------------------------------------------------------------------------------------
def attack_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "hit":
        return words("hit") if value else words("miss")
    if view == "wounds":
        wounds, more = value
        more_text = words(" or more") if more else ""
        return words.n("{n} wound{more}", "{n} wounds{more}", wounds, more=more_text)
    if view is None:
        if not value.hit:
            return words("miss")
        return words.n(
            "hit: {damage}{more} damage, {n} wound",
            "hit: {damage}{more} damage, {n} wounds",
            value.wounds,
            damage=words.number(value.damage),
            more=_more(value.beyond, words),
        )
    return None


def attack_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    hit = _chance(odds, lambda r: r.hit)
    wound = _chance(odds, lambda r: r.wounds >= 1)
    return (Headline(words("Hit"), hit, "success"), Headline(words("At least one wound"), wound, "success"))


WOUND_ORDER = [(w, more) for w in range(400, -1, -1) for more in (True, False)]  # more wounds first


def attack_card(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, o, detail = stored["params"], stored["outcome"], stored["detail"]
    weapon = data_name("weapon", p.get("weapon"), words) if p.get("weapon") else ""
    action = (
        words("{who} attacks with the {weapon}", who=who, weapon=weapon) if weapon else words("{who} attacks", who=who)
    )
    atk = _modifiers_total(p["attack"])
    if p.get("defence") is not None:
        rows, chips = _pairs(detail, words("ATK"), words("DFN"), (p["attack"], p["defence"]), words)
    else:
        faces = [int(f) for f in detail]
        rows = [
            Row(words("ATK"), _roll_value(faces, atk, words)),
            Row(words("Difficulty"), words.number(int(p["difficulty"]))),
        ]
        chips = stress_chips(faces, words, words("ATK"))
    result = attack_label(None, _Outcome(o), words) or ""
    rows.append(Row(words("Soak"), words.number(int(p["soak"]))))
    rows.append(Row(words("Wound Threshold"), words.number(int(p["wound_threshold"]))))
    tone: Tone = "success" if o["hit"] else "failure"
    total = words.n("{n} wound", "{n} wounds", int(o["wounds"])) if o["hit"] else None
    return Card(action, result, tone, tuple(rows), tuple(chips), total)


# -- Bargain ------------------------------------------------------------------------------------------------------
PARTY = {"buyer": N_("the buyer"), "seller": N_("the seller")}
PARTY_WINS = {"buyer": N_("The buyer wins"), "seller": N_("The seller wins")}


def bargain_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "winner":
        return words(PARTY_WINS[value])
    if view == "price":
        oz, more = value
        return words.n(
            "{n}{more} ounce of silver", "{n}{more} ounces of silver", oz, more=words(" or more") if more else ""
        )
    if view is None:
        return words.n(
            "{winner} by {margin}{more}: {n} ounce of silver",
            "{winner} by {margin}{more}: {n} ounces of silver",
            value.price,
            winner=words(PARTY_WINS[value.winner]),
            margin=words.number(value.margin),
            more=words(" or more") if value.beyond else "",
        )
    return None


def bargain_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    buyer = _chance(odds, lambda r: r.winner == "buyer")
    return (Headline(words(PARTY_WINS["buyer"]), buyer, "success"), Headline(words(PARTY_WINS["seller"]), 1 - buyer))


def bargain_card(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, o = stored["params"], stored["outcome"]
    rows, chips = _pairs(
        stored["detail"], words(PARTY["buyer"]), words(PARTY["seller"]), (p["buyer"], p["seller"]), words
    )
    rare = words("a rare item") if p.get("availability") == "rare" else words("a common item")
    action = words("{who} haggles over {item}", who=who, item=rare)
    result = bargain_label(None, _Outcome(o), words) or ""
    price = words.n("{n} ounce of silver", "{n} ounces of silver", int(o["price"]))
    return Card(action, result, "success" if o["winner"] == "buyer" else "failure", tuple(rows), tuple(chips), price)


# -- Sleep --------------------------------------------------------------------------------------------------------
def sleep_label(view: str | None, value: Any, words: Words) -> str | None:
    if view == "asleep":
        return words("falls asleep") if value else words("stays awake")
    if view is None:
        more = _more(value.beyond, words)
        if value.asleep:
            return words.n(
                "asleep, for up to {n}{more} hour", "asleep, for up to {n}{more} hours", value.hours, more=more
            )
        return words("stays awake (failure by {n}{more})", n=words.number(-value.margin), more=more)
    return None


def sleep_headline(odds: Odds[Any], words: Words) -> tuple[Headline, ...]:
    return (Headline(words("Falls asleep"), _chance(odds, lambda r: r.asleep), "success"),)


def sleep_card(stored: Mapping[str, Any], words: Words, who: str) -> Card:
    p, o = stored["params"], stored["outcome"]
    faces = [int(f) for f in stored["detail"]]
    hours = words.n("{n} hour awake", "{n} hours awake", int(p["hours_awake"]))
    action = words("{who} tries to fall asleep after {hours}", who=who, hours=hours)
    result = sleep_label(None, _Outcome(o), words) or ""
    row = Row(words("Roll"), words.number(_result(faces)))
    row2 = Row(words("Margin"), signed(int(o["margin"])))
    return Card(action, result, "success" if o["asleep"] else "failure", (row, row2), tuple(stress_chips(faces, words)))
