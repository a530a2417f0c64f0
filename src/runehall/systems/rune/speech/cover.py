"""Pop-up fire in words (spec 001b §11.3): who shot back at the one rising from full cover, how he was picked,
the shot, and the action it cost; and the action an initiative roll lost to it. The notes' effects on a fight's
rolls as the board's notes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from runehall.present.card import Row
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.effects import LABELS, Effect
from runehall.systems.rune.speech.blows import blow
from runehall.systems.rune.speech.common import data_name, modifier, signed


def pop_up_rows(result: Mapping[str, Any], words: Words) -> list[Row]:
    """The rows of an attack's pop-up fire, when he shot from full cover."""
    fire = result.get("pop_up_fire")
    if not isinstance(fire, Mapping):
        return []
    who, shooter = str(fire.get("popped_up", "")), fire.get("shooter")
    title = words("Pop-up fire")
    if not shooter:
        return [Row(title, words("{who} rose from full cover to shoot; no enemy's missile reaches him", who=who))]
    names = [str(n) for n in fire.get("candidates", ())]
    if len(names) > 1:
        picked = words(
            "{shooter} shoots back, picked at random among {names} (die {face})",
            shooter=str(shooter),
            names=words.join(names),
            face=words.number(int(fire.get("picked_with", 0))),
        )
    else:
        picked = words("{shooter} shoots back, the only enemy whose missile reaches him", shooter=str(shooter))
    rows = [Row(title, picked + "; " + words("{who} counts as behind half cover", who=who))]
    if fire.get("readied"):
        rows.append(Row(words("Readies"), data_name("weapon", str(fire["readied"]), words)))
    shot = fire.get("shot")
    if isinstance(shot, Mapping):
        said, more = blow(shot, words)
        rows.append(Row(words("Opportunistic shot"), said))
        rows += more
    if fire.get("hit_chance"):
        rows.append(Row(words("Its chance to hit"), words.percent(Fraction(str(fire["hit_chance"])))))
    lost = fire.get("loses_action")
    if isinstance(lost, Mapping):
        name = str(lost.get("who", ""))
        text = (
            words("{who} loses his next action this round for it", who=name)
            if lost.get("when") == "this_round"
            else words("{who} loses his first action next round for it", who=name)
        )
    else:
        text = words("{who} loses no action for it", who=str(shooter))
    rows.append(Row(words("Next action"), text))
    return rows


def lost_action_rows(result: Mapping[str, Any], words: Words) -> list[Row]:
    """An initiative roll whose first action went to a shot at a pop-up."""
    lost = result.get("lost_action")
    if not isinstance(lost, list) or not lost:
        return []
    return [
        Row(
            words("Lost action"),
            words("the action at step {step} is lost (he shot at someone popping up)", step=words.number(int(lost[0]))),
        )
    ]


# -- the notes' effects on a fight's rolls, as the board's notes (combat/effects.py) ------------------------------
ROLLS = {
    "init": N_("INIT"),
    "atk": N_("ATK"),
    "dfn": N_("DFN"),
    "dam": N_("DAM"),
    "soak": N_("Soak"),
    "missile": N_("every shot's ATK"),
    "senses": N_("every roll darkness lowers"),
    "engagement": N_("Engagement"),
}
WHOSE = {
    "heroes": N_("{label}: the heroes' {roll} {delta}"),
    "foes": N_("{label}: the foes' {roll} {delta}"),
    "both": N_("{label}: everyone's {roll} {delta}"),
}


def effect_notes(effects: Sequence[Effect], able: Mapping[str, bool], words: Words) -> list[str]:
    """One line per effect of the notes in the fight; `able`: whether each combatant can act."""
    said = []
    for e in effects:
        name = e.name or modifier(LABELS[e.kind], words)
        line = words(WHOSE[e.who], label=name, roll=words(ROLLS[e.roll]), delta=signed(e.delta))
        if e.roll == "senses":
            line += " " + words("(not for one who sees in the dark)")
        if e.chanter is not None:
            if able.get(e.chanter):
                line += " " + words("while {who} can chant", who=e.chanter)
            else:
                line += " " + words("(ended: {who} can chant no more)", who=e.chanter)
        if e.out:
            line += " " + words("(ended: the brazier was doused)")
        said.append(line)
    return said
