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
from runehall.systems.rune.combat.gift_hilt import HILT, hilt_odds
from runehall.systems.rune.combat.gift_joy import JOY, joy_odds
from runehall.systems.rune.combat.gift_lightning import LIGHTNING, lightning_chance
from runehall.systems.rune.combat.gift_scourge import SCOURGING, scourgeable
from runehall.systems.rune.combat.gift_squirrel import SQUIRREL
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
        elif gift_id == SQUIRREL:  # the enemies within 3 paces he may chatter at
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.enemies(c) if o.active])
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name))
        elif gift_id == DOOM:  # the foes he may curse
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.enemies(c) if not o.hero])
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name))
        elif gift_id == TRUMPET:  # the foes it could command (each with an ally its weapon reaches)
            foes = [o.name for o in board.enemies(c) if not o.hero and o.active]
            targets = trial.targets("use_gift", params, "target", foes)
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name))
        elif gift_id == SCOURGING:  # the weird magic he may still turn it against, by the words of its card
            from runehall.systems.rune.combat.effects import label
            from runehall.systems.rune.speech.common import modifier

            tried = [{**params, "feature": i} for i in scourgeable(board, c)]
            ok = [p for p in tried if trial.ok("use_gift", p)]
            if ok:
                named = tuple((str(p["feature"]), modifier(label(board.effects[p["feature"] - 1]), words)) for p in ok)
                found.append(Move("use_gift", title, params=ok[0], ask=("feature",), choices={"feature": named},
                                  actor=c.name))  # fmt: skip
        elif gift_id in (JOY, HILT):  # the foes he may leap at or throw at, each with his exact odds
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.enemies(c) if o.active])
            if targets:
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name,
                                  hint=strike_hint(trial, c.name, gift_id, targets, words)))  # fmt: skip
        elif gift_id == LIGHTNING:  # the foes behind cover, each with his exact chance of stripping a degree
            targets = trial.targets("use_gift", params, "target", [o.name for o in board.enemies(c)])
            if targets:
                chances = ((t, lightning_chance(board, c, t)) for t in targets)
                hint = "; ".join(words("{foe}: {p}", foe=t, p=words.percent(p)) for t, p in chances if p is not None)
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name,
                                  hint=hint))  # fmt: skip
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
    found += cracks_flight(trial, c, words)  # Through the Cracks: a flight nobody strikes (gift_cracks.py)
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


def strike_hint(trial: Trial, who: str, gift_id: str, targets: tuple[str, ...], words: Words) -> str:
    """The Tireless Joy-Shout's leaping strike (the +3 in) or The Loyal Hilt's throw: each foe's exact odds
    (attack_odds.py's terms)."""
    from runehall.systems.rune.combat.attack_odds import odds_words

    odds = joy_odds if gift_id == JOY else hilt_odds
    found = (odds(trial.state, trial.options, who, t) for t in targets)
    return "; ".join(odds_words(o, words) for o in found if o is not None)


def cracks_flight(trial: Trial, c: Combatant, words: Words) -> list[Move]:
    """'Flee through the cracks' while he has a use left and a flight would be legal (its spot on the map)."""
    from runehall.systems.rune.combat.board_view import PLACE, move_rings, spots
    from runehall.systems.rune.combat.gift_cracks import uses_left

    fleeing = {"who": c.name, "kind": "flee", "cracks": True}
    if not uses_left(c) or not any(trial.ok("move", {**fleeing, "to": spot}) for spot in spots(c)):
        return []
    title = words("Flee through the cracks")
    hint = words("Choose the spot on the map")
    return [Move("move", title, params=fleeing, target=PLACE, hint=hint, rings=move_rings(c, words), actor=c.name)]
