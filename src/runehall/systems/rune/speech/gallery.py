"""The foe gallery's and the terrain extras' parts of a fight in words (spec 001b §9, §11.5, §11.6): undead that
fall and rise, a head destroyed, a hero run over, stun damage, a clamped crab, and the actions they bring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import data_name, modifier, roll_row

Told = tuple[str, str, Tone, list[Row]]
COLLISIONS = {
    "unaffected": N_("he keeps his feet"),
    "entangled": N_("both fall in a tangle"),
    "knocked_down": N_("he falls and the roller rolls on"),
}


def injury_note(record: Mapping[str, Any], words: Words) -> str:
    """What the gallery adds to an injury: "down (it may rise)", "run over: beyond revival"."""
    if record.get("undead") == "down":
        return words("down, but it may rise again")
    if record.get("undead") == "destroyed" and record.get("dropped_by"):
        return words("destroyed (dropped by {dropper}, finished by {finisher})", dropper=record["dropped_by"],
                     finisher=record.get("finished_by", ""))  # fmt: skip
    if record.get("run_over"):
        return words("run over: beyond any revival")
    return ""


def sequel_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """The gallery's parts of one attack record."""
    rows: list[Row] = []
    if record.get("stun"):
        rows.append(Row(words("Stun damage"), words("his armor's Prot does not count")))
    if record.get("clamped"):
        clamped = words("{who} clamps up and makes no attacks", who=record.get("target", ""))
        rows.append(Row(words("Land crab"), clamped))
    footing = record.get("footing")
    rolled = footing.get("rolls_down") if isinstance(footing, Mapping) else None
    for met in (rolled.get("collisions", ()) if isinstance(rolled, Mapping) else ()) or ():
        if isinstance(met, Mapping):
            roll = roll_row({**met, "who": ""}, words, words("Dodge")).value
            rows.append(
                Row(
                    words("Rolled into {who}", who=met.get("who", "")),
                    f"{roll} — {words(COLLISIONS[str(met.get('outcome'))])}",
                )
            )
    hostage = record.get("hostage")
    if isinstance(hostage, Mapping):
        rows.append(Row(words("Hostage"), _shielded(hostage, words)))
    if "tentacles_left" in record:
        left = int(record["tentacles_left"])
        rows.append(Row(words("Tentacle severed"), words.n("{n} tentacle left", "{n} tentacles left", left)))
    if isinstance(record.get("pounce"), Mapping) and record["pounce"].get("under"):
        pinned = words("{who} is down with the wendol on top of him", who=record.get("target", ""))
        rows.append(Row(words("Wendol's charge"), pinned))
    if "rune_strike" in record:  # a Dwarven Hammer's power at work (rune_strike_cards.py)
        from runehall.systems.rune.speech.rune_strike_cards import strike_rows

        rows += strike_rows(record, words)
    return rows


def injury_text(record: Mapping[str, Any], words: Words) -> str:
    from runehall.systems.rune.speech.blows import injury  # (blows.py reads this module)

    return injury(record, words)


def round_rows(result: Mapping[str, Any], words: Words) -> list[Row]:
    """The start of a round: undead foes left down roll to rise; risen ones regain hit points."""
    rows: list[Row] = []
    for back in result.get("possession_ends", ()) or ():  # the Viking Axe's possessed foes (rune_possess.py)
        key = (N_("{who} comes to himself and turns on {hero}") if back.get("why") == "rounds"
               else N_("{who}, his own side gone from the fight, comes to himself and turns on {hero}"))  # fmt: skip
        rows.append(Row(words("Rune Power: Viking Axe"), words(key, who=str(back.get("who", "")),
                                                             hero=str(back.get("hero", "")))))  # fmt: skip
    if "crows_land" in result:  # the Double-Bladed Axe's crows (rune_strike_cards.py)
        from runehall.systems.rune.speech.rune_strike_cards import landing_rows

        rows += landing_rows(result, words)
    for burn in result.get("rune_fire", ()) or ():  # the Four-Bladed Mace's fire (rune_fire.py)
        if isinstance(burn, Mapping) and isinstance(burn.get("injury"), Mapping):
            fire = words("fire {dam} against Soak {soak} without armour", dam=words.number(int(burn.get("dam", 0))),
                         soak=words.number(int(burn.get("soak", 0))))  # fmt: skip
            rows.append(Row(words("Rune Power: Four-Bladed Mace"), f"{fire}; {injury_text(burn['injury'], words)}"))
    for r in result.get("undead", ()) or ():
        if not isinstance(r, Mapping):
            continue
        who = str(r.get("who", ""))
        if "faces" in r:
            roll = roll_row({**r, "bonus": r.get("res", 0), "who": ""}, words, words("Res")).value
            said = (
                words("{who} rises ({roll}) and regains {n} HP each round", who=who, roll=roll,
                      n=words.number(int(r.get("regains", 0))))
                if r.get("rises")
                else words("{who} stays down ({roll})", who=who, roll=roll)
            )  # fmt: skip
        else:
            said = words("{who} regains {n} HP ({hp} now)", who=who, n=words.number(int(r.get("regained", 0))),
                         hp=words.number(int(r.get("hp", 0))))  # fmt: skip
        rows.append(Row(words("Undead"), said))
    for r in result.get("wendol", ()) or ():
        if isinstance(r, Mapping):
            left = int(r.get("crawl_rounds_left", 0))
            said = words.n("{who} crawls out: {n} round left", "{who} crawls out: {n} rounds left", left,
                           who=r.get("who", ""))  # fmt: skip
            rows.append(Row(words("Under the wendol"), said if left else words("{who} is out", who=r.get("who", ""))))
    return rows


def destroy_head(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("{who} destroys the head of {target}", who=r.get("who", ""), target=r.get("target", ""))
    rows = []
    if r.get("dropped_by") and r.get("dropped_by") != r.get("finished_by"):
        rows.append(Row(words("Death blow"), words("shared with {dropper}, who dropped it", dropper=r["dropped_by"])))
    return action, words("it is dead"), "success", rows


def tube_strike(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    from runehall.systems.rune.speech.blows import blow, consequences  # blows reads this module's notes

    form = words("bite") if r.get("form") == "bite" else words("grab")
    action = words("{who} strikes at {target} ({form}, die {die})", who=r.get("who", ""), target=r.get("target", ""),
                   form=form, die=words.number(int(r.get("die", 0))))  # fmt: skip
    rows: list[Row] = []
    said = ""
    if isinstance(r.get("attack"), Mapping):
        said, rows = blow(r["attack"], words)
    grab = r.get("grab")
    if isinstance(grab, Mapping):
        rows.append(Row(words("Grab"), _flung(grab, r.get("target", ""), words)))
        rows += consequences(grab, words)
    return action, said, "neutral", rows


def _flung(grab: Mapping[str, Any], target: str, words: Words) -> str:
    if grab.get("nothing"):
        return words("it seizes at his gear, but he carries nothing")
    n, side = words.number(int(grab.get("paces", 0))), words.number(int(grab.get("side", 0)))
    if grab.get("grabs") == "object":
        weapon = data_name("weapon", str(grab.get("object", "")), words)
        return words("it snatches the {weapon} and flings it {n} paces towards side {side}", weapon=weapon, n=n,
                     side=side)  # fmt: skip
    return words("{target} is flung {n} paces towards side {side}", target=target, n=n, side=side)


def _shielded(h: Mapping[str, Any], words: Words) -> str:
    name = str(h.get("hostage", ""))
    if h.get("bypassed"):
        return words("{name} is bypassed, unharmed", name=name)
    if not h.get("shielded"):
        return words("the captor cannot shield himself from this hero with {name}", name=name)
    lost, hp = words.number(int(h.get("hostage_lost", 0))), words.number(int(h.get("hostage_hp", 0)))
    said = words("{name} takes {n} of the blow ({hp} HP left)", name=name, n=lost, hp=hp)
    return said + (" — " + words("slain") if h.get("slain_by") else "")


def extras_rows(result: Mapping[str, Any], words: Words) -> list[Row]:
    """The start of a round for decoys and hostages: the panic die, hostages whose captor fell."""
    found = result.get("extras")
    if not isinstance(found, Mapping):
        return []
    rows: list[Row] = []
    panic = found.get("panic")
    if isinstance(panic, Mapping):
        die = words.number(int(panic.get("die", 0)))
        said = (words("die {die}: {name} panics", die=die, name=panic["who"]) if panic.get("who")
                else words("die {die}: no decoy panics", die=die))  # fmt: skip
        rows.append(Row(words("Decoys"), said))
    for name in found.get("loose", ()) or ():
        rows.append(Row(words("Hostage"), words("{name} runs loose: his captor has fallen", name=name)))
    return rows


def move_extra(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    name = str(r.get("name", ""))
    if r.get("off"):
        return words("{name} leaves the battlefield", name=name), "", "neutral", []
    to = r.get("to") or [0, 0]
    where = words("to [{x}, {y}]", x=words.number(int(to[0])), y=words.number(int(to[1])))
    if "side" in r:
        where += " " + words("(hex side {side})", side=words.number(int(r["side"])))
    return words("{name} runs", name=name), where, "neutral", []


def down_decoy(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("{who} tries to down {name}", who=r.get("who", ""), name=r.get("decoy", ""))
    rows = [roll_row(r["atk"], words)] if isinstance(r.get("atk"), Mapping) else []
    if not r.get("downed"):
        return action, words("he stays on his feet"), "failure", rows
    said = words("down, but only playing dead") if r.get("alive") else words("down and dead")
    return action, said, "success", rows


def free_hostage(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("{who} wrestles {name} free of {captor}", who=r.get("who", ""), name=r.get("hostage", ""),
                   captor=r.get("captor", ""))  # fmt: skip
    rows = [roll_row(x, words, words("Engagement roll")) for x in r.get("rolls", ()) if isinstance(x, Mapping)]
    said = words("the hostage is free") if r.get("freed") else words("the captor keeps his hold")
    return action, said, "success" if r.get("freed") else "failure", rows


def douse_brazier(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    brazier = modifier(str(r.get("brazier", "")), words)  # the notes' name, else the kind in the reader's words
    action = words("{who} douses {brazier}", who=r.get("who", ""), brazier=brazier)
    return action, words("its smoke and its magic are gone"), "success", []


TELLERS = {
    "douse_brazier": douse_brazier,
    "destroy_head": destroy_head,
    "tube_strike": tube_strike,
    "move_extra": move_extra,
    "down_decoy": down_decoy,
    "free_hostage": free_hostage,
}
