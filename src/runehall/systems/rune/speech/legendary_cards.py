"""Legendary items' powers a fight plays on its own, as card rows (combat/legendary_play.py): Einherjar's Armor's
HP back at a round's end, the Axe of Glory's VP added to a foe's death blow by a hit, the Loki-Thwarting Armor's Prot
risen by an attempt to hit its wearer, the Absorption Armor's Res roll and the weapon it took, the Spitting Armor's
acid, the Demon Maw Helm's bellow and each striker's roll against it, the Blunting Armor's roll and the Dam it took."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words
from runehall.systems.rune.speech.common import data_name
from runehall.systems.rune.treasure.legendary import (
    ABSORPTION,
    BLINDING,
    BLUNTING,
    EINHERJAR,
    GLORY,
    LOKI_THWART,
    MAW,
    SPITTING,
)


def einherjar_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """One row a wearer: '{who} regains {hp} HP ({left} HP now)' under the armour's name."""
    return [
        Row(words(EINHERJAR), words("{patient} regains {hp} HP ({left} HP now)", patient=str(one.get("who", "")),
                                    hp=words.number(int(one.get("hp_gained", 0))),
                                    left=words.number(int(one.get("hp", 0)))))
        for one in r.get("einherjar") or ()
    ]  # fmt: skip


def glory_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A hit with an Axe of Glory: the VP it added to the foe's death blow and all its hits' VP so far."""
    glory = record.get("glory")
    if not isinstance(glory, Mapping):
        return []
    said = words("the death blow on {foe} is worth {vp} VP more ({total} VP more in all)",
                 foe=str(glory.get("foe", "")), vp=words.number(int(glory.get("vp", 0))),
                 total=words.number(int(glory.get("total", 0))))
    return [Row(words(GLORY), said)]  # fmt: skip


def thwart_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """An attempt that raised a Loki-Thwarting Armor's Prot: by whom, and how far it has risen of its most."""
    risen = record.get("thwart")
    if not isinstance(risen, Mapping):
        return []
    said = words("{who}'s armour Prot rises by 1 against {foe} (+{risen} of +{most} in this fight)",
                 who=str(risen.get("who", "")), foe=str(risen.get("by", "")),
                 risen=words.number(int(risen.get("prot", 0))), most=words.number(int(risen.get("most", 0))))
    return [Row(words(LOKI_THWART), said)]  # fmt: skip


def absorb_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A hit on the Absorption Armor: the foe's Res roll against X, and the weapon absorbed with the Prot it adds."""
    found = record.get("absorb")
    if not isinstance(found, Mapping):
        return []
    roll = words("{foe} rolls Res {total} against {difficulty}", foe=str(found.get("foe", "")),
                 total=words.number(int(found.get("total", 0))),
                 difficulty=words.number(int(found.get("difficulty", 0))))  # fmt: skip
    if not found.get("absorbed"):
        return [Row(words(ABSORPTION), words("{roll}: he keeps his weapon", roll=roll))]
    weapon = data_name("weapon", str(found.get("weapon", "")), words)
    said = words("{roll}: his {weapon} is absorbed; {who}'s Prot +{prot} until the fight ends (+{all} in all)",
                 roll=roll, weapon=weapon, who=str(found.get("who", "")),
                 prot=words.number(int(found.get("prot", 0))), all=words.number(int(found.get("prot_total", 0))))
    return [Row(words(ABSORPTION), said)]  # fmt: skip


def spit_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A blow that hurt the Spitting Armor's wearer: the attacker's dodge against his Loki rating, and the acid."""
    found = record.get("spit")
    if not isinstance(found, Mapping):
        return []
    roll = words("{foe} rolls Quickness + Dodge {total} against {difficulty}", foe=str(found.get("foe", "")),
                 total=words.number(int(found.get("total", 0))),
                 difficulty=words.number(int(found.get("difficulty", 0))))  # fmt: skip
    if found.get("dodged"):
        return [Row(words(SPITTING), words("{roll}: he dodges the acid", roll=roll))]
    hurt = found.get("injury")
    lost = int(hurt.get("hp_lost", 0)) if isinstance(hurt, Mapping) else 0
    said = words("{roll}: the acid deals him {damage} armour-ignoring damage; he loses {hp} HP", roll=roll,
                 damage=words.number(int(found.get("damage", 0))), hp=words.number(lost))  # fmt: skip
    return [Row(words(SPITTING), said)]


def maw_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A first strike at a bellowing Demon Maw wearer: the striker's roll and the penalty it leaves him."""
    found = record.get("maw")
    if not isinstance(found, Mapping):
        return []
    roll = words("{who} rolls {total} against {difficulty}", who=str(found.get("who", "")),
                 total=words.number(int(found.get("total", 0))),
                 difficulty=words.number(int(found.get("difficulty", 0))))  # fmt: skip
    penalty = int(found.get("penalty", 0))
    if not penalty:
        return [Row(words(MAW), words("{roll}: undaunted", roll=roll))]
    said = words("{roll}: ATK -{n} on his blows and shots at {wearer} until the fight ends", roll=roll,
                 n=words.number(penalty), wearer=str(found.get("wearer", "")))  # fmt: skip
    return [Row(words(MAW), said)]


def bellow(p: Mapping[str, Any], r: Mapping[str, Any], words: Words) -> tuple[str, str, Tone, list[Row]]:
    """The bellow's card: who bellowed, and what each striker must roll and risks."""
    action = words("{who} bellows through the Demon Maw Helm", who=str(r.get("who", "")))
    said = words("whoever strikes at him rolls against {difficulty} or attacks at -{n} until the fight ends",
                 difficulty=words.number(int(r.get("difficulty", 0))), n=words.number(int(r.get("penalty", 0))))
    return action, said, "success", []


TELLERS = {"demon_maw": bellow}


def blunt_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A hit on the Blunting Armor's wearer: the striker's roll against its Difficulty, and his weapon's Dam now."""
    found = record.get("blunt")
    if not isinstance(found, Mapping):
        return []
    roll = words("{foe} rolls Res {total} against {difficulty}", foe=str(found.get("foe", "")),
                 total=words.number(int(found.get("total", 0))),
                 difficulty=words.number(int(found.get("difficulty", 0))))  # fmt: skip
    if not found.get("blunted"):
        return [Row(words(BLUNTING), words("{roll}: his weapon keeps its edge", roll=roll))]
    weapon = data_name("weapon", str(found.get("weapon", "")), words)
    said = words("{roll}: his {weapon} is blunted, its DAM {dam} from now on", roll=roll, weapon=weapon,
                 dam=words.number(int(found.get("dam", 0))))  # fmt: skip
    return [Row(words(BLUNTING), said)]


def sparks_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A hit on the Blinding Armor's wearer: the striker's roll against its Difficulty, and his penalty now."""
    found = record.get("sparks")
    if not isinstance(found, Mapping):
        return []
    roll = words("{foe} rolls Res {total} against {difficulty}", foe=str(found.get("foe", "")),
                 total=words.number(int(found.get("total", 0))),
                 difficulty=words.number(int(found.get("difficulty", 0))))  # fmt: skip
    if not found.get("dazzled"):
        return [Row(words(BLINDING), words("{roll}: the sparks do not dazzle him", roll=roll))]
    said = words("{roll}: dazzled, {penalty} on his ATK and DFN rolls for {rounds} rounds", roll=roll,
                 penalty=words.number(-int(found.get("penalty", 0))),
                 rounds=words.number(int(found.get("rounds", 0))))  # fmt: skip
    return [Row(words(BLINDING), said)]
