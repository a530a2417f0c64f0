"""Every action of Rune's combat tracker as a card: who did what in the fight's own terms, and what came of it.

Built from the stored event alone (its params, tape and result); combatants are named in both."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from runehall.errors import Refusal
from runehall.present.card import Card, Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.names import said
from runehall.systems.rune.speech import gallery, gift_cards, legendary_cards
from runehall.systems.rune.speech.blows import blow, consequences, injury, paces
from runehall.systems.rune.speech.coals_cards import coals_rows, doom_rows, stared_down
from runehall.systems.rune.speech.common import data_name, modifiers_text, plain_text, roll_row, tape_chips
from runehall.systems.rune.speech.cover import lost_action_rows, pop_up_rows
from runehall.systems.rune.speech.cracks_cards import cracks_rows
from runehall.systems.rune.speech.cup_cards import agony_rows, cup_rows
from runehall.systems.rune.speech.gallery import extras_rows, round_rows
from runehall.systems.rune.speech.healer_cards import healer_gift_rows
from runehall.systems.rune.speech.legendary_cards import einherjar_rows
from runehall.systems.rune.speech.squirrel_cards import squirrel_rows
from runehall.systems.rune.speech.targeting_cards import boon_rows, fooled
from runehall.systems.rune.speech.triggered_cards import gift_vp_rows, last_blows

Told = tuple[str, str, Tone, list[Row]]
Teller = Callable[[Mapping[str, Any], Mapping[str, Any], Words], Told]

MOVES = {
    "half": N_("{who} moves (half move)"),
    "full": N_("{who} moves (full move)"),
    "reckless": N_("{who} makes a reckless move"),
    "flee": N_("{who} flees"),
    "withdraw": N_("{who} withdraws"),
    "seize_ground": N_("{who} seizes ground"),
    "seek_cover": N_("{who} seeks cover"),
}
OVER = {
    "barrier": N_("{who} jumps over a barrier"),
    "cover_third": N_("{who} jumps over low cover"),
    "cover_half": N_("{who} jumps over half cover"),
    "cover_full": N_("{who} jumps over full cover"),
}
COSTS = {"none": N_("no action"), "half": N_("half an action"), "full": N_("a full action")}


def _plan(r: Mapping[str, Any], words: Words) -> str:
    """What he means to do: the weapon by the name the result carries (an event stored before it did: by its
    id, which a foe's attack form gets its name from)."""
    plan = r.get("plan")
    if not plan or plan == "noncombat":
        return words("a non-combat action")
    return words("the {weapon}", weapon=data_name("weapon", str(r.get("weapon") or plan), words))


def _at_steps(steps: list[int], words: Words) -> str:
    shown = words.join(words.number(int(s)) for s in steps)
    return words.n("acts at step {steps}", "acts at steps {steps}", len(steps), steps=shown)


def _order(result: Mapping[str, Any], words: Words) -> list[Row]:
    order = result.get("order")
    if not isinstance(order, list) or not order:
        return []
    shown = []
    for entry in order:  # "Dark Viking 1 14": a name (nobody typed it: in the reader's words) and its step
        name, _, step = str(entry).rpartition(" ")
        shown.append(f"{said(name, words)} {step}" if name else str(entry))
    return [Row(words("Order"), ", ".join(shown))]


def initiative(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("{who} rolls initiative with {plan}", who=r["who"], plan=_plan(r, words))
    result = _at_steps(list(r.get("steps", ())), words)
    rows = [
        roll_row(
            {
                "result": r["roll"],
                "score": r["score"],
                "modifiers": r.get("modifiers"),
                "impairment": r.get("impairment"),
                "total": r["total"],
            },
            words,
            words("INIT"),
        )
    ]
    if r.get("still_to_roll"):
        rows.append(Row(words("Still to roll"), words.join(str(n) for n in r["still_to_roll"])))
    if r.get("phase") == "tiebreak":
        rows.append(Row(words("Next"), words("a tie to break")))
    return action, result, "neutral", rows + lost_action_rows(r, words) + _order(r, words)


def tiebreak(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    rows = [Row(str(o["who"]), words.number(int(o["roll"]))) for o in r.get("roll_offs", ())]
    return words("The tied heroes roll off"), words("the order is settled"), "neutral", rows + _order(r, words)


def replan(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    return (
        words("{who} changes plan to {plan}", who=r["who"], plan=_plan(r, words)),
        _at_steps(list(r.get("steps", ())), words),
        "neutral",
        _order(r, words),
    )


def attack(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    rows = boon_rows(r, words) + coals_rows(r, words) + consequences(r, words)  # the gifts' rolls first
    rows += doom_rows(r, words) + cup_rows(r, words)  # Imprecation of Doom's share, The Ever-Flowing Cup
    if r.get("readied"):
        rows.insert(0, Row(words("Readies"), data_name("weapon", str(r["readied"]), words)))
    swing = r.get("attack")
    if not isinstance(swing, Mapping):  # none, or "none: he fell on the way", or taken for a comrade
        head = words("{who} attacks {target}", who=r["who"], target=r.get("target", ""))
        if fooled(r):
            return head, words("no attack: it takes him for one of its comrades"), "failure", rows
        if stared_down(r):  # Eyes Like Glowing Coals (coals_cards.py)
            return head, words("no shot: it cannot meet his glowing eyes"), "failure", rows
        return head, words("no attack: he fell on the way") if swing else "", "failure", rows
    said, more = blow(swing, words)
    head, _, how = said.partition(": ")
    rows += gift_vp_rows(swing, words)  # a gift's VP the swing earned (triggered_cards.py)
    if isinstance(swing.get("counter"), Mapping):  # Berserks' Blessing: the counter blow he drew (gift_blessings.py)
        rows += gift_vp_rows(swing["counter"], words)
    return head, how, "success" if swing.get("hit") else "failure", more + rows + pop_up_rows(r, words)


def move(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words(MOVES.get(str(r.get("kind")), "{who} moves"), who=r["who"])
    result = paces(str(r.get("paces", "0")), words)
    if r.get("escaped"):
        result += ", " + words("escapes the fight")
    rows = consequences(r, words)
    rows += cracks_rows(r, words)  # Through the Cracks (cracks_cards.py)
    for roll in r.get("slips") or ():  # a Balance roll over slippery ground: he keeps his feet or falls
        row = roll_row({"who": r["who"], **roll}, words, words("Balance"))
        kept = words("falls") if roll.get("fell") else words("keeps his feet")
        rows.append(Row(row.label, f"{row.value} — {kept}"))
    return action, result, "neutral", rows


def change_weapon(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    ready = data_name("weapon", str(r.get("ready", "")), words) if r.get("ready") else words("empty hands")
    action = words("{who} takes up the {weapon}", who=r["who"], weapon=ready)
    if r.get("dropped"):
        action = words(
            "{who} drops the {old} and takes up the {weapon}",
            who=r["who"],
            weapon=ready,
            old=data_name("weapon", str(r["dropped"]), words),
        )
    return action, words(COSTS.get(str(r.get("cost")), "")), "neutral", consequences(r, words)


def stand_up(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    stands = bool(r.get("stands"))
    row = roll_row({**r, "roll": "", "who": ""}, words, words("Balance"))
    return (
        words("{who} tries to stand up", who=r["who"]),
        words("stands") if stands else words("stays down"),
        "success" if stands else "failure",
        [row, *consequences(r, words)],
    )


def engagement(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    rows = [roll_row({**roll, "roll": words("Engagement")}, words, words("Engagement")) for roll in r.get("rolls", ())]
    rows = [Row(str(roll.get("who", "")), row.value) for roll, row in zip(r.get("rolls", ()), rows, strict=False)]
    ok = bool(r.get("success"))
    action = words("{who} tries to break the engagement with {opponent}", who=r["who"], opponent=p.get("opponent", ""))
    result = words("breaks free of him") if ok else words("stays engaged")
    if ok and "shove_paces_at_most" in r:
        result += ", " + words("may shove him up to {n} paces", n=words.number(int(r["shove_paces_at_most"])))
    if "extra_rolls_left" in r:  # Shoulders Wide as Bifrost (combat/gift_bifrost.py)
        left = words("an extra Engagement roll; {n} left this round", n=words.number(int(r["extra_rolls_left"])))
        rows.append(Row(words("Shoulders Wide as Bifrost"), left))
    rows += gift_vp_rows(r, words)  # Wrestlers' Blessing (combat/gift_blessings.py)
    return action, result, "success" if ok else "failure", rows + consequences(r, words)


def jump(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    ok = bool(r.get("success"))
    row = roll_row({**r, "who": ""}, words, words("Jump"))
    return (
        words(OVER.get(str(r.get("over")), "{who} jumps"), who=r["who"]),
        words("lands") if ok else words("falls short"),
        "success" if ok else "failure",
        [row, *consequences(r, words)],
    )


def restrain(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    said, more = blow(r["attack"], words)
    head, _, how = said.partition(": ")
    held = bool(r["attack"].get("restrain", {}).get("restrained"))
    return head, how, "success" if held else "failure", more + consequences(r, words)


def maintain(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    return words("{who} keeps his hold on {target}", who=r["who"], target=r.get("keeps", "")), "", "neutral", []


def release(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    return words("{who} lets {target} go", who=r["who"], target=r.get("released", "")), "", "neutral", []


def break_free(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    ok = bool(r.get("free"))
    what = {"net": words("the net"), "hold": words("the hold"), "pin": words("the pin")}.get(str(r.get("from")), "")
    row = roll_row({**r, "who": ""}, words, words("Escape"))
    return (
        words("{who} struggles to break free of {what}", who=r["who"], what=what),
        words("breaks free") if ok else words("still held"),
        "success" if ok else "failure",
        [row, *consequences(r, words)],
    )


def _healer(r: Mapping[str, Any], words: Words) -> list[Row]:
    roll = r.get("healer_roll")
    if not isinstance(roll, Mapping):
        return []
    row = roll_row({**roll, "who": ""}, words)
    situation = modifiers_text(roll.get("situation"), words)  # the situation changes the Difficulty
    rows = [Row(row.label, f"{row.value} ({situation})" if situation else row.value)]
    if roll.get("zealous_sinews"):  # the patient's gift on the healer's roll (gifts/healing.py)
        rows.append(Row(words("Zealous Sinews"), words("+{n}", n=words.number(int(roll["zealous_sinews"])))))
    return rows


def _healed(r: Mapping[str, Any], words: Words) -> str:
    """What a treatment gave back: HP, or Wounds cured, and where the patient stands."""
    patient, left = r.get("patient", ""), words.number(int(r.get("hp", 0)))
    if r.get("wounds_cured"):
        cured = words.n("{n} wound", "{n} wounds", int(r["wounds_cured"]))
        return words("{patient} is cured of {cured} ({left} HP now)", patient=patient, cured=cured, left=left)
    hp = words.number(int(r.get("hp_gained", 0)))
    return words("{patient} regains {hp} HP ({left} HP now)", patient=patient, hp=hp, left=left)


def heal(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    ok = bool(r.get("success"))
    action = words("{who} treats {patient}'s wounds", who=r["who"], patient=r.get("patient", ""))
    if ok:
        result = _healed(r, words)
    else:
        result = words("the treatment fails")
    rows = _healer(r, words)
    if "next_attempt_after_hours" in r:
        rows.append(
            Row(
                words("Next treatment"),
                words.n("after {n} hour", "after {n} hours", int(r["next_attempt_after_hours"])),
            )
        )
    rows += healer_gift_rows(r, words)  # the healer's gifts (healer_cards.py)
    return action, result, "success" if ok else "failure", rows + consequences(r, words)


def revive(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    ok = bool(r.get("success"))
    action = words("{who} tries to revive {patient}", who=r["who"], patient=r.get("patient", ""))
    result = (
        words("{patient} is revived, {hp} HP", patient=r.get("patient", ""), hp=words.number(int(r.get("hp", 0))))
        if ok
        else words("the revival fails")
    )
    rows = _healer(r, words)
    if r.get("others_may_try"):
        rows.append(Row(words("Others may try"), words.join(str(n) for n in r["others_may_try"])))
    rows += cup_rows(r, words)  # The Ever-Flowing Cup let this healer try (cup_cards.py)
    rows += healer_gift_rows(r, words)  # the healer's gifts (healer_cards.py)
    return action, result, "success" if ok else "failure", rows + consequences(r, words)


REST_WHY = {
    "a wounded hero needs a healer": N_("a wounded hero needs a healer"),
    "rest is all or nothing: 8 h of sleep and 8 h of rest": N_("rest is all or nothing: 8 h of sleep and 8 h of rest"),
}


def rest(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words.n("{who} rests for {n} hour", "{who} rests for {n} hours", int(r.get("hours", 0)), who=r["who"])
    gained = int(r.get("hp_regained", 0))
    result = words("regains {hp} HP", hp=words.number(gained)) if gained else words("regains nothing")
    rows = [Row(words("Why"), words(REST_WHY.get(str(r["why"]), str(r["why"]))))] if r.get("why") else []
    return action, result, "success" if gained else "neutral", rows


def other(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    cost = words(COSTS.get(str(r.get("cost")), "a full action"))
    return words("{who} acts: {what}", who=r["who"], what=r.get("what", "")), cost, "neutral", consequences(r, words)


def wait(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    return (
        words("{who} waits", who=r["who"]),
        words("from step {n}", n=words.number(int(r.get("waits_from", 0)))),
        "neutral",
        [],
    )


def cut_in(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    rows = []
    if r.get("later_steps"):
        rows.append(Row(words("Later steps"), words.join(words.number(int(s)) for s in r["later_steps"])))
    return (
        words("{who} cuts in", who=r["who"]),
        _at_steps([int(r.get("step", 0))], words),
        "neutral",
        rows,
    )


def pass_(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    result = words("lets {target} go", target=r["released"]) if r.get("released") else ""
    return words("{who} passes", who=r["who"]), result, "neutral", []


ENDED = {
    "nobody is left standing": N_("nobody is left standing"),
    "the runner ended the fight": N_("the runner ended the fight"),
}
SIDES = {"heroes": N_("the heroes"), "foes": N_("the foes")}


def ended_said(text: str) -> Refusal | str:
    """Why the fight ended, as a value of a refusal said in the reader's language (as _ended says it)."""
    if text.endswith(" hold the field"):
        side = text.removesuffix(" hold the field")
        return Refusal(N_("{side} hold the field"), {"side": Refusal(SIDES[side]) if side in SIDES else side})
    return Refusal(ENDED[text]) if text in ENDED else text


def _ended(text: str, words: Words) -> str:
    """Why the fight ended: the rules' own reasons in words, a side's name, or the runner's text as typed."""
    if text.endswith(" hold the field"):
        side = text.removesuffix(" hold the field")
        return words("{side} hold the field", side=words(SIDES[side]) if side in SIDES else side)
    return words(ENDED.get(text, text))


def end_round(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("Round {n} ends", n=words.number(int(r.get("round", 0))))
    result = (
        words("the fight is over: {why}", why=_ended(str(r["ended"]), words))
        if r.get("ended")
        else words("round {n} begins", n=words.number(int(r.get("next_round", 0))))
    )
    rows = []
    if r.get("died_unrevived"):
        rows.append(Row(words("Died unrevived"), words.join(str(n) for n in r["died_unrevived"])))
    if r.get("waited_too_long"):
        rows.append(Row(words("Waited too long"), words.join(str(n) for n in r["waited_too_long"])))
    rows += round_rows(r, words) + extras_rows(r, words) + last_blows(r, words) + gift_vp_rows(r, words)
    rows += agony_rows(r, words)  # Agony Postponed's damage as the fight ends (cup_cards.py)
    rows += einherjar_rows(r, words)  # a legendary armour's HP back (legendary_cards.py)
    rows += squirrel_rows(r, words)  # The Chattering Squirrel's chain (squirrel_cards.py)
    return action, result, "neutral", rows + consequences(r, words)


def damage(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("The runner deals {n} damage to {who}", n=words.number(int(r.get("raw", 0))), who=r.get("who", ""))
    rows = [Row(words("Soak"), words.number(int(r["soak"])))] if "soak" in r else []
    return action, injury(r, words), "neutral", rows


CONDITIONS = ("fallen", "grabbed", "mounted", "cover", "obscured", "invigoration", "clamped")
CONDITION_WORDS = {
    "fallen": N_("fallen"),
    "grabbed": N_("grabbed"),
    "mounted": N_("mounted"),
    "cover": N_("cover"),
    "obscured": N_("obscured"),
    "invigoration": N_("invigoration"),
    "clamped": N_("clamped up"),
}


def condition(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    said = []
    for key in CONDITIONS:
        if key in r and r[key] is not None:
            value = r[key]
            name = words(CONDITION_WORDS[key])
            if value is True:
                said.append(name)
            elif value is False:
                said.append(words("no longer {what}", what=name))
            else:
                said.append(f"{name}: {words(plain_text(str(value)))}")
    return words("The runner notes {who}'s condition", who=r.get("who", "")), words.join(said), "neutral", []


def leave(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    return words("{who} leaves the fight", who=r.get("who", "")), "", "neutral", []


def end_combat(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    rows = last_blows(r, words)  # Dying Blow's last rounds end with the fight
    rows += agony_rows(r, words)  # Agony Postponed's damage as the fight ends (cup_cards.py)
    return words("The runner ends the fight"), _ended(str(r.get("ended", "")), words), "neutral", rows


TELLERS: dict[str, Teller] = {
    "initiative": initiative,
    "tiebreak": tiebreak,
    "replan": replan,
    "attack": attack,
    "move": move,
    "change_weapon": change_weapon,
    "stand_up": stand_up,
    "engagement": engagement,
    "jump": jump,
    "restrain": restrain,
    "maintain": maintain,
    "release": release,
    "break_free": break_free,
    "heal": heal,
    "revive": revive,
    "rest": rest,
    "other": other,
    "wait": wait,
    "cut_in": cut_in,
    "pass": pass_,
    "end_round": end_round,
    "damage": damage,
    "condition": condition,
    "leave": leave,
    "end_combat": end_combat,
    **gallery.TELLERS,
    **gift_cards.TELLERS,
    **legendary_cards.TELLERS,
}


def combat_card(name: str, event: Mapping[str, Any], words: Words) -> Card:
    result = event.get("result") or {}
    action, said, tone, rows = TELLERS[name](event.get("params") or {}, result, words)
    return Card(action, said, tone, tuple(rows), tape_chips(event.get("tape") or (), result, words))
