"""An encounter run's moves as log cards, in the reader's words and from the stored event alone (its params and
result): who gave the notes (never what they hold), the Roll of Valor, a fight begun, a roll of the notes with
each hero's dice and who gained or suffered, the runner's judgment calls, the monsters, the flight, the
settlement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Card, Chip, Row
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters import gain_cards, item_cards
from runehall.systems.rune.encounters.item_roll_cards import retry_card, roll_rows
from runehall.systems.rune.foe_data import category

STATS = (N_("INIT"), N_("ATK"), N_("DFN"), N_("DAM"), N_("Soak"), N_("HP"), N_("Res"))
AWARDS = {"gift_bonus": N_("a gift's VP"), "status_loss": N_("a loss of status"), "arguing": N_("arguing a ruling")}
CAUSES = {"trap": N_("a trap"), "hazard": N_("a hazard"), "other": N_("misfortune")}


def _chips(faces: Any, sides: int = 10) -> tuple[Chip, ...]:
    return tuple(Chip(str(f), sides=sides) for f in faces or ())


def card(action: str, event: Mapping[str, Any], words: Words, who: str) -> Card | None:
    """The card of one of the run's own moves; None for a fight's move (the fight's own words tell it)."""
    r = event.get("result") or {}
    n = words.number
    if action in gain_cards.ACTIONS:
        return gain_cards.card(action, r, words, who)
    if action == "use_item":
        return item_cards.card(r, words, who)
    if action == "second_attempt":  # a simple potion's second attempt (run_retry.py)
        return retry_card(r, words, who)
    if action == "shrine_buy":  # a gift bought at a shrine (run_shrine.py)
        from runehall.systems.rune.encounters.run_shrine import card as shrine_card

        return shrine_card(r, words, who)
    if action == "notes":
        said = words(N_("{who} gives the encounter's notes"), who=who)
        budget = words(N_("spent {spent} of {limit}, earned {earned}"), spent=n(r["spent"]), limit=n(r["limit"]),
                       earned=n(r["earned"]))  # fmt: skip
        return Card(said, budget)
    if action == "begin":
        rows = tuple(Row(words(s), n(v)) for s, v in zip(STATS, r.get("valor", ()), strict=False))
        return Card(
            words(N_("{who} begins the encounter"), who=who), words(N_("the Roll of Valor is taken")), rows=rows
        )
    if action == "fight":
        return Card(words(N_("{who} begins a fight"), who=who), words.join(r.get("foes", ())))
    if action == "noted_roll":
        return _roll(r, words, who)
    if action == "terrain_in_play":
        said = words(N_("{who}: {feature} came into play"), who=who, feature=r["name"]) if r.get("name") else words(
            N_("{who}: a feature came into play"), who=who
        )
        return Card(said, words(N_("+20 for the runner")), "success")
    if action == "trap_credit":
        said = words(N_("{heroes} put {foe} in harm's way"), heroes=words.join(r["heroes"]), foe=r["foe"])
        return Card(said, words(N_("{vp} VP each"), vp=n(r["each"])))
    if action == "award":
        what = words(AWARDS[r["kind"]])
        return Card(
            words(N_("{who}: {what} for {hero}"), who=who, what=what, hero=r["hero"]),
            words(N_("{vp} VP"), vp=n(r["vp"])),
        )
    if action == "hostage":
        said = N_("{hero} frees a hostage") if r["freed"] else N_("{hero}'s blow kills a hostage")
        return Card(words(said, hero=r["hero"]), words(N_("{vp} VP"), vp=n(20 if r["freed"] else -20)))
    if action == "hero_struck_hero":
        said = words(
            N_("{hero} strikes {victim} for {damage} HP"), hero=r["hero"], victim=r["victim"], damage=n(r["damage"])
        )
        cost = words(N_("possessed: it costs him nothing")) if r["possessed"] else words(N_("5 VP a point from him"))
        return Card(said, cost, "failure")
    if action == "sark_amen_trade":
        mine, other = r["sark_amen"], r["other"]
        said = words(N_("{who}: {name} and {other} trade targets"), who=who, name=mine, other=other)
        now = words(
            N_("{name} on {hero}, {other} on {hero2}"),
            name=mine, hero=r["after"][mine], other=other, hero2=r["after"][other],
        )  # fmt: skip
        return Card(said, now)
    if action == "hero_died":
        return Card(words(N_("{hero} dies of {cause}"), hero=r["hero"], cause=words(CAUSES[r["cause"]])), "", "failure")
    if action == "wandering_monsters":
        return _wandering(r, words)
    if action == "run_away":
        caught = [h for h, v in r["heroes"].items() if v["caught"]]
        said = words(N_("caught: {heroes}"), heroes=words.join(caught)) if caught else words(N_("everyone gets away"))
        order = r.get("order") or list(r["heroes"])
        faces = [*r["res"]["faces"], *(f for hero in order for f in r["heroes"][hero]["faces"])]
        return Card(words(N_("The heroes run from {foe}"), foe=r["fastest"]), said, chips=_chips(faces))
    if action == "settle":
        rows = tuple(Row(words(N_("{hero}'s player"), hero=h), n(int(s["score"]))) for h, s in r["scores"].items())
        rows += _gift_vp(r, words)  # Aura of Phlegmatic Acceptance, due at the encounter's end (run_aura.py)
        return Card(words(N_("{who} settles the encounter"), who=who), words(N_("victory points credited")), rows=rows)
    if action == "disclose":
        return Card(words(N_("{who} shows the encounter's notes to everyone"), who=who), "")
    return None


def _gift_vp(r: Mapping[str, Any], words: Words) -> tuple[Row, ...]:
    from runehall.systems.rune.gifts.catalog import gift

    return tuple(
        Row(words(N_("VP from the gift")), words(N_("{hero}: {vp} VP ({gift})"), hero=str(b.get("hero", "")),
                                                 vp=words.number(int(b.get("vp", 0))),
                                                 gift=words(gift(str(b.get("gift"))).name)))
        for b in r.get("gift_vp") or ()
    )  # fmt: skip


def _roll(r: Mapping[str, Any], words: Words, who: str) -> Card:
    target = r.get("target")
    against = words(N_("against {n}"), n=words.number(target)) if target is not None else words(N_("opposed"))
    rows = []
    for hero, total in r["totals"].items():
        fine = r["fates"].get(hero)
        mark = words(N_("succeeds")) if fine else words(N_("fails"))
        rows.append(Row(hero, words(N_("{total}: {outcome}"), total=words.number(total), outcome=mark)))
    # Every die in the order it was drawn: the heroes', the opponent's, then Domino's forced re-rolls.
    dice, drawn = r["dice"], r.get("drawn") or list(r["dice"])
    chips = [c for key in drawn if key in r["totals"] for c in _chips(dice.get(key))]
    chips += _chips((r.get("opponent") or {}).get("faces"))
    chips += [c for key in drawn if key not in r["totals"] for c in _chips(dice.get(key))]
    group = r.get("group_success")
    result = "" if group is None else words(N_("the party gains")) if group else words(N_("the party suffers"))
    multiple = r.get("multiple")
    if multiple:
        rows.append(Row(words(MULTIPLE_WORDS[multiple["kind"]]), _progress(multiple, words)))
    for hero, x in (r.get("lie") or {}).items():  # The Lie Turns to Truth (roll_gifts.py)
        rows.append(Row(words("The Lie Turns to Truth"), words(N_("{hero} +{n}"), hero=hero, n=words.number(x))))
    rows += roll_rows(r, words)  # potions, charms, amulets (item_rolls.py)
    action = words(N_("{who} calls for {roll} ({against})"), who=who, roll=r["name"], against=against)
    return Card(
        action, result, "neutral" if group is None else "success" if group else "failure", tuple(rows), tuple(chips)
    )


def _wandering(r: Mapping[str, Any], words: Words) -> Card:
    rows = tuple(
        Row(hero, words(N_("{lost} HP lost, {hp} left"), lost=words.number(h["hp_lost"]), hp=words.number(h["hp"])))
        for hero, h in r["harm"].items()
    )
    said = N_("the heroes slaughter them") if r["slaughtered"] else N_("the heroes drive them off")
    kind = words(category(r["category"]).name)
    order = r.get("order") or list(r["harm"])
    chips = _chips([r["category_die"], *(r["harm"][hero]["die"] for hero in order)])
    return Card(words(N_("Wandering monsters ({category})"), category=kind), words(said), rows=rows, chips=chips)


MULTIPLE_WORDS = {
    "countdown": N_("Countdown"),
    "scoreboard": N_("Scoreboard"),
    "endurance": N_("Endurance Test"),
    "panic_button": N_("Panic Button"),
    "action_sink": N_("Action Sink"),
}


def _progress(m: Mapping[str, Any], words: Words) -> str:
    """Where a multiple roll stands, in words: its count so far, or its end."""
    n = words.number
    if m["outcome"] is not None:
        return words(N_("done: the goal is met")) if m["outcome"] else words(N_("done: the goal is lost"))
    if m["kind"] in ("countdown", "action_sink"):
        return words(N_("{got} of {needed} successes"), got=n(m["successes"]), needed=n(m["needed"]))
    if m["kind"] == "scoreboard":
        return words(N_("{hero} to {adversary}, first to {target}"), hero=n(m["hero"]), adversary=n(m["adversary"]),
                     target=n(m["target"]))  # fmt: skip
    if m["kind"] == "endurance":
        return words(N_("{made} of {rolls} rolls made"), made=n(m["made"]), rolls=n(m["rolls"]))
    return words(N_("held for {rolls} rounds"), rolls=n(m["rolls"]))
