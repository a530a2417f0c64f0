"""Divine Gifts used or bought in a fight as cards (combat/gift_moves.py, gift_uses.py): the gift by its name in
the reader's language, its dice, and what came of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import data_name, roll_row

Told = tuple[str, str, Tone, list[Row]]
ROLLS = {"atk": N_("his next ATK roll"), "dfn": N_("his next DFN roll")}


def _rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    rows: list[Row] = []
    if isinstance(r.get("roll"), Mapping):  # The Knitting of Meat and Bone: Sta + X vs 9
        rows.append(roll_row({"who": r.get("who", ""), **r["roll"], "difficulty": r.get("difficulty")}, words,
                             words("Stamina")))  # fmt: skip
    for record in r.get("rolls") or ():  # a contest: his roll and the foe's
        rows.append(roll_row(record, words, words("Roll")))
    if isinstance(r.get("commanded"), Mapping):  # the commanded blow's rolls, and whom it scores for
        from runehall.systems.rune.speech.blows import blow

        rows += blow(r["commanded"], words)[1]
        rows.append(Row(words("Its damage scores for"), str(r["commanded"].get("credited_to", ""))))
    if r.get("vp"):
        rows.append(Row(words("VP spent"), words.number(int(r["vp"]))))
    if "free_vp_left" in r:
        rows.append(Row(words("Free VP left"), words.number(int(r["free_vp_left"]))))
    if "hp" in r:
        rows.append(Row(words("HP"), words.number(int(r["hp"]))))
    for bonus in r.get("gift_vp") or ():
        rows.append(Row(words("VP from the gift"), words.number(int(bonus.get("vp", 0)))))
    if "uses_left" in r:
        rows.append(Row(words("Uses left"), words.number(int(r["uses_left"]))))
    return rows


def _what(r: Mapping[str, Any], words: Words) -> tuple[str, Tone]:
    """What came of it, in a few words."""
    if r.get("success") is False:
        return words("it fails"), "failure"
    if "hp_gained" in r:
        return words("{n} HP back", n=words.number(int(r["hp_gained"]))), "success"
    if r.get("target") and "bonus" in r:
        roll = words(ROLLS.get(str(r.get("roll")), ROLLS["atk"]))
        return words("{who} gets {bonus} on {roll}", who=r["target"], bonus=f"+{int(r['bonus'])}", roll=roll), "success"
    if "bonus" in r:
        return words("{bonus} on his next ATK roll", bonus=f"+{int(r['bonus'])}"), "success"
    if r.get("ready"):
        return words("the {weapon} is in his hand", weapon=data_name("weapon", str(r["ready"]), words)), "success"
    if r.get("cursed"):  # Imprecation of Doom (combat/gift_doom.py)
        return words("{foe} is cursed: {n} damage through his armour each time another foe is hurt by his attack",
                     foe=r["cursed"], n=words.number(int(r.get("damage", 0)))), "success"  # fmt: skip
    if "glow_until" in r:  # Eyes Like Glowing Coals (combat/gift_coals.py)
        return words("his eyes glow like coals until round {n}", n=words.number(int(r["glow_until"]))), "success"
    if "until_round" in r:
        return words("obscured to every shot until round {n}", n=words.number(int(r["until_round"]))), "success"
    if isinstance(r.get("res_lowered"), Mapping):
        lowered = r["res_lowered"]
        foes = words.join(str(n) for n in lowered.get("foes", ()))
        return words("{foes}: Res -{n} until the fight ends", foes=foes, n=int(lowered.get("by", 0))), "success"
    if isinstance(r.get("commanded"), Mapping):  # The Trumpet's Commanding Blast (combat/gift_trumpet.py)
        from runehall.systems.rune.speech.blows import blow

        return blow(r["commanded"], words)[0], "success"
    if r.get("fallen"):  # Buffeting Gale
        return words("{who} falls down", who=r["fallen"]), "success"
    if r.get("against") is not None:
        return words("he is gone from the fight: he rejoins the party at the next event"), "success"
    return "", "neutral"


def _superseding(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    """Destiny Reversed, Indefatigable Determination: the move made again, said as its own card says it, with
    the roll rolled anew or the Impairment ignored, and the VP it earned."""
    from runehall.systems.rune.speech.fights import combat_card

    again = combat_card(str(r["supersedes"]), {"params": r.get("params") or {}, "result": r.get("outcome") or {}},
                        words)  # fmt: skip
    rows: list[Row] = []
    rolled = r.get("rolled")
    if isinstance(rolled, Mapping) and "ignored" not in r:
        faces = [words.join(words.number(int(f)) for f in rolled.get(k) or ()) for k in ("was", "now")]
        rows.append(Row(words("Rolled again"), words("{was}, now {now}", was=faces[0], now=faces[1])))
    if r.get("ignored"):
        rows.append(Row(words("Impairment ignored"), words.number(int(r["ignored"]))))
    for bonus in r.get("gift_vp") or ():
        rows.append(Row(words("VP from the gift"), words.number(int(bonus.get("vp", 0)))))
    if "uses_left" in r:
        rows.append(Row(words("Uses left"), words.number(int(r["uses_left"]))))
    said = words("made again: {what}", what=again.result) if again.result else words("made again")
    return said, again.tone, rows + list(again.rows)


def use_gift(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("{who} uses {gift}", who=r.get("who", ""), gift=words(str(r.get("gift", ""))))
    if r.get("supersedes"):
        said, tone, rows = _superseding(r, words)
        return action, said, tone, rows
    if r.get("rune"):  # a Rune Power (rune_cards.py)
        from runehall.systems.rune.speech.rune_cards import rune_card

        said, tone, rows = rune_card(r, words)
        return action, said, tone, rows
    if r.get("cracks") == "cover":  # Through the Cracks behind cover (cracks_cards.py)
        from runehall.systems.rune.speech.cracks_cards import cover_card

        said, tone, rows = cover_card(r, words)
        return action, said, tone, rows
    if r.get("lightning"):  # Penetrating Lightning (lightning_cards.py)
        from runehall.systems.rune.speech.lightning_cards import lightning_card

        said, tone, rows = lightning_card(r, words)
        return action, said, tone, rows
    if r.get("hilt"):  # The Loyal Hilt (hilt_cards.py)
        from runehall.systems.rune.speech.hilt_cards import hilt_card

        said, tone, rows = hilt_card(r, words)
        return action, said, tone, rows
    if r.get("joy"):  # The Tireless Joy-Shout (joy_cards.py)
        from runehall.systems.rune.speech.joy_cards import joy_card

        said, tone, rows = joy_card(r, words)
        return action, said, tone, rows
    if r.get("apples"):  # Golden Apples' Sweetness
        rows = [roll_row({**record, "difficulty": r.get("difficulty")}, words, words("Presence"))
                for record in r.get("rolls") or ()]  # fmt: skip
        if not r.get("success"):
            return action, words("it fails"), "failure", rows
        said = words("his Impairment is 1 lower: {n} now", n=words.number(int(r.get("impairment", 0))))
        return action, said, "success", rows
    if r.get("squirrel"):  # The Chattering Squirrel (squirrel_cards.py)
        from runehall.systems.rune.speech.squirrel_cards import squirrel_card

        said, tone, rows = squirrel_card(r, words)
        return action, said, tone, rows
    if r.get("raven"):  # The Raven Plucks an Eye (raven_cards.py)
        from runehall.systems.rune.speech.raven_cards import raven_card

        said, tone, rows = raven_card(r, words)
        return action, said, tone, rows
    if r.get("scourged"):  # Scourging of Fell Spirits (scourge_cards.py)
        from runehall.systems.rune.speech.scourge_cards import scourge_card

        said, tone, rows = scourge_card(r, words)
        return action, said, tone, rows
    if r.get("eager"):  # The Eager Arrow (arrow_cards.py)
        from runehall.systems.rune.speech.arrow_cards import eager_card

        said, tone, rows = eager_card(r, words)
        return action, said, tone, rows
    if r.get("triggered"):  # a triggered gift (triggered_cards.py)
        from runehall.systems.rune.speech.triggered_cards import triggered_card

        said, tone, rows = triggered_card(r, words)
        return action, said, tone, rows
    said, tone = _what(r, words)
    return action, said, tone, _rows(r, words)


def buy_gift(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> Told:
    action = words("{who}'s player buys {gift}", who=r.get("who", ""), gift=words(str(r.get("gift", ""))))
    said = words("level {level} for {vp} VP", level=words.number(int(r.get("level", 0))),
                 vp=words.number(int(r.get("cost", 0))))  # fmt: skip
    rows = [Row(words("Free VP left"), words.number(int(r.get("free_vp_left", 0))))]
    if "hp_max" in r and not r.get("numbers"):
        rows.append(Row(words("Maximum HP"), words.number(int(r["hp_max"]))))
    for moved in r.get("numbers") or ():  # a stat gift: each number of his it moved (gift_rebuild.py)
        rows.append(_number_row(moved, words))
    return action, said, "success", rows


def _number_row(moved: Mapping[str, Any], words: Words) -> Row:
    from runehall.systems.rune.combat.gift_rebuild import GIFTED, SCALARS, WEAPON

    field = str(moved.get("number", ""))
    label = words(SCALARS.get(field) or GIFTED.get(field) or WEAPON.get(field) or "Number")
    if moved.get("weapon"):
        label = words("{weapon}: {number}", weapon=data_name("weapon", str(moved["weapon"]), words), number=label)
    was, now = moved.get("was"), moved.get("now")
    if was is None:
        return Row(label, words.number(int(now or 0)))
    return Row(label, words("{was}, now {now}", was=words.number(int(was)), now=words.number(int(now or 0))))


TELLERS = {"use_gift": use_gift, "buy_gift": buy_gift}
