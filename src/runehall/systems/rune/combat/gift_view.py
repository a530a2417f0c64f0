"""A hero's Divine Gifts on the fight's board: a "Use" button per gift of his that is legal now (each tried on the
state, like every other move: refused ones are not offered), and "Buy a gift" while the fight knows his free VP,
the gifts he can afford offered by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.present.board import Move
from runehall.present.words import Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gift_doom import DOOM
from runehall.systems.rune.combat.gift_joy import JOY, joy_odds
from runehall.systems.rune.combat.gift_scourge import SCOURGING, scourgeable
from runehall.systems.rune.combat.gift_trumpet import TRUMPET
from runehall.systems.rune.combat.gift_uses import PLAYS
from runehall.systems.rune.combat.gifted import DESTINY, HORSE, MJOLNIR, catalog_gift
from runehall.systems.rune.combat.rune_view import rune_moves
from runehall.systems.rune.combat.supersede import SUPERSEDING

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_view import Trial

PROBE_FACES = 13  # the trial's seeded dice: a use that rolls is tried, whatever it rolls


def gift_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """The gift moves of c now (a hero only)."""
    if not c.hero or board.phase == "over":
        return []
    found: list[Move] = []
    who = {"who": c.name}
    found += rune_moves(trial, board, c, words)  # the Rune Powers (rune_view.py)
    for gift_id in c.gifted.levels:
        if gift_id not in PLAYS and gift_id not in SUPERSEDING:
            continue
        name = catalog_gift(gift_id).name
        params: dict[str, Any] = {**who, "gift": gift_id}
        title = words("Use {gift}", gift=words(name))
        if gift_id == HORSE:
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.allies(c) if o.hero])
            if targets:
                found.append(Move("use_gift", title, params=params, ask=("roll",), target="target", targets=targets,
                                  actor=c.name))  # fmt: skip
        elif gift_id == DOOM:  # the foes he may curse
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.enemies(c) if not o.hero])
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name))
        elif gift_id == TRUMPET:  # the foes it could command (each with an ally its weapon reaches)
            foes = [o.name for o in board.enemies(c) if not o.hero and o.active]
            targets = trial.targets("use_gift", params, "target", foes)
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name))
        elif gift_id == JOY:  # the foes another hero engages that a half move reaches, each with his odds
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.enemies(c) if o.active])
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name,
                                  hint=joy_hint(trial, c.name, targets, words)))  # fmt: skip
        elif gift_id == SCOURGING:  # the weird magic he may still turn it against, by the words of its card
            from runehall.systems.rune.combat.effects import label
            from runehall.systems.rune.speech.common import modifier

            tried = [{**params, "feature": i} for i in scourgeable(board, c)]
            ok = [p for p in tried if trial.ok("use_gift", p)]
            if ok:
                named = tuple((str(p["feature"]), modifier(label(board.effects[p["feature"] - 1]), words)) for p in ok)
                found.append(Move("use_gift", title, params=ok[0], ask=("feature",), choices={"feature": named},
                                  actor=c.name))  # fmt: skip
        elif gift_id == MJOLNIR:
            usable = [w for w in (*c.carried(), "unarmed") if w != c.ready]
            first = trial.first("use_gift", ({**params, "weapon": w} for w in dict.fromkeys(usable)))
            if first is not None:
                found.append(Move("use_gift", title, params=first, ask=("weapon",), actor=c.name))
        elif gift_id == DESTINY:  # right after a roll of his: which one, when he made several
            first = trial.first("use_gift", (params, {**params, "die": 1}))
            if first is not None:
                found.append(Move("use_gift", title, params=first, ask=("die",) if "die" in first else (),
                                  actor=c.name))  # fmt: skip
        elif trial.ok("use_gift", params):
            found.append(Move("use_gift", title, params=params, actor=c.name))
    left = c.gifted.left
    if left is not None and left > 0:
        from runehall.systems.rune.gifts.catalog import gifts

        affordable = [g for g in gifts().values() if g.cost <= left and not g.rune_power]

        def priced(g: Any) -> str:  # the advancement board's words: "Thor's Thews: level 1 for 75 VP"
            level = words.number(c.gifted.levels.get(g.id, 0) + 1)
            return words("{gift}: level {level} for {vp}", gift=words(g.name), level=level,
                         vp=words("{n} VP", n=words.number(g.cost)))  # fmt: skip

        choices = tuple((g.id, priced(g)) for g in affordable if trial.ok("buy_gift", {**who, "gift": g.id}))
        if choices:
            hint = words("{n} free VP to spend", n=words.number(left))
            found.append(Move("buy_gift", words(trial.actions["buy_gift"].title), params={**who, "gift": choices[0][0]},
                              ask=("gift",), actor=c.name, choices={"gift": choices}, hint=hint))  # fmt: skip
    return found


def joy_hint(trial: Trial, who: str, targets: tuple[str, ...], words: Words) -> str:
    """The Tireless Joy-Shout: each foe's exact odds for his leaping strike (attack_odds.py's terms, the +3 in)."""
    from runehall.systems.rune.combat.attack_odds import odds_words

    found = (joy_odds(trial.state, trial.options, who, t) for t in targets)
    return "; ".join(odds_words(o, words) for o in found if o is not None)
