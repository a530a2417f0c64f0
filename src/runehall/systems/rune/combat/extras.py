"""The terrain extras of a fight (spec 001b §11.5, §11.6): decoys, the foes' non-combatant associates, and hostages
a crafty captor shields himself with. They are not combatants: they never attack, never roll initiative here
(the runner moves them on their turn), and never hold the field for a side.

- start of each round: the panic die (one calm decoy, at random, panics when it shows no more than the decoys
  on the field); a held hostage whose captor is out of the fight is loose;
- an ATK roll within 5 paces of decoys: -1 per decoy;
- a hit on a captor by one of the (at most two) heroes he shields himself from: +6 Soak, the hostage takes the 6
  (no Soak; 18 HP), unless the ATK total beat his DFN total by 10 and the hero bypasses the hostage.
The numbers and decisions are encounters/table_rules.py's; the actions are extras_actions.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import length
from runehall.systems.rune.combat.settings import pick
from runehall.systems.rune.encounters.gallery_data import gallery
from runehall.systems.rune.encounters.table_rules import decoy_atk_penalty, decoy_panics, hostage_shield
from runehall.systems.rune.foe_data import foe_type
from runehall.systems.rune.limits import MapPoint

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

ExtraKind = Literal["decoy", "hostage"]
# calm / panicked: on the field and running about (a freed hostage too); held: a captor holds him;
# down: downed but alive (playing dead); dead; off: gone from the battlefield
ExtraStatus = Literal["calm", "panicked", "held", "down", "dead", "off"]
LOOSE = ("calm", "panicked")
DECOY_PENALTY = "decoys near"  # the ATK modifier's label


class Extra(RulesModel):
    name: str = Field(min_length=1, max_length=60)
    kind: ExtraKind = Field(description="A decoy (the foes' non-combatant associate) or a hostage.")
    at: MapPoint = Field((0, 0), description="Where he stands, [x, y] in paces (a held hostage: by his captor).")
    status: ExtraStatus = "calm"
    captor: str | None = Field(None, description="A hostage: the crafty foe holding him.")
    # 18 HP by the rules (gallery.toml); a cap with room for a sturdier hostage a runner gives, not a rule
    hp: int = Field(0, le=99, description="A hostage's hit points (18 unless given).")
    shields_from: tuple[str, ...] = Field(
        (), max_length=2, description="The heroes (at most two) the captor shields himself from."
    )  # the rules' at most two (gallery.toml shields_against)
    by: str | None = Field(None, description="Who downed, killed or freed him.")


def loose(board: Board) -> list[Extra]:
    """Decoys, and freed hostages who behave as decoys, still on the field and running about."""
    return [e for e in board.extras if e.status in LOOSE]


def find(board: Board, name: str) -> int | None:
    key = name.strip().casefold()
    return next((i for i, e in enumerate(board.extras) if e.name.casefold() == key), None)


def change(board: Board, index: int, **changes: Any) -> Extra:
    e = board.extras[index].model_copy(update=changes)
    board.extras[index] = e
    return e


def decoy_mods(board: Board, a: Combatant) -> list[tuple[str, int]]:
    """The ATK modifier for decoys around the roller (001b §11.5, A-69)."""
    field = loose(board)
    if not field:
        return []
    near = sum(1 for e in field if length(e.at, a.at) <= gallery().decoys.penalty_paces)
    value = decoy_atk_penalty(near, len(field), _options(board))
    return [(DECOY_PENALTY, value)] if value else []


def _options(board: Board) -> Any:
    from runehall.systems.rune.combat.gallery import rune_options

    return rune_options(board)


def round_start(board: Board, source: Source) -> dict[str, Any]:
    """The panic die, and hostages whose captor can no longer hold them running loose."""
    out: dict[str, Any] = {}
    freed = release_fallen_captors(board)
    if freed:
        out["loose"] = freed
    field = loose(board)
    if not field:
        return out
    die = source.die(gallery().decoys.panic_die)
    placed = sum(1 for e in board.extras if e.kind == "decoy")
    panics = decoy_panics(die, len(field), placed, _options(board))
    record: dict[str, Any] = {"die": die, "on_field": len(field), "panics": panics}
    calm = [i for i, e in enumerate(board.extras) if e.status == "calm"]
    if panics and calm:
        index, face = pick(source, len(calm))
        e = change(board, calm[index], status="panicked")
        record["who"] = e.name
        if len(calm) > 1:
            record["picked_with"] = face
    out["panic"] = record
    return out


def release_fallen_captors(board: Board) -> list[str]:
    """Hostages whose captor is out of the fight: loose, behaving as decoys (no one freed them)."""
    freed = []
    for i, e in enumerate(board.extras):
        captor = board.people.get(e.captor or "")
        if e.status == "held" and (captor is None or not captor.active):
            change(board, i, status="calm", captor=None, at=captor.at if captor is not None else e.at)
            freed.append(e.name)
    return freed


def shield(board: Board, a: Combatant, d: Combatant, raw: int, soak: int, tm: int, bypass: bool) -> tuple[int, Any]:
    """A hit on a captor holding a hostage: what the captor loses, and the record (None: no hostage in it)."""
    index = next((i for i, e in enumerate(board.extras) if e.status == "held" and e.captor == d.name), None)
    if index is None or not a.hero:
        return max(0, raw - soak), None
    e = board.extras[index]
    shielded = a.name in e.shields_from or len(e.shields_from) < gallery().hostages.shields_against
    if shielded and a.name not in e.shields_from:
        e = change(board, index, shields_from=(*e.shields_from, a.name))
    got = hostage_shield(raw, soak, tm, 0, shielded=shielded, bypass=bypass)
    record: dict[str, Any] = {"hostage": e.name, "shielded": shielded, "bypassed": got.bypassed}
    if got.hostage_loses:
        hp = e.hp - got.hostage_loses
        e = change(board, index, hp=hp)
        record.update(hostage_lost=got.hostage_loses, hostage_hp=hp)
        if hp <= 0:
            change(board, index, status="dead", by=a.name, captor=None)
            record["slain_by"] = a.name
    return got.captor_loses, record


def placed(given: list[Extra], people: list[Combatant]) -> tuple[Extra, ...]:
    """The extras a fight starts with: a hostage held by a crafty foe of the fight (18 HP unless given), beside
    him; a decoy calm where he stands."""
    found: list[Extra] = []
    foes = {c.name.casefold(): c for c in people if not c.hero}
    names = {c.name.casefold() for c in people}
    for e in given:
        if e.name.casefold() in names or any(f.name.casefold() == e.name.casefold() for f in found):
            raise ParameterError(N_("each decoy and hostage needs a name of his own"))
        if e.kind == "decoy":
            if e.captor is not None:
                raise ParameterError(N_("a decoy is nobody's hostage: give {name} no captor"), name=e.name)
            found.append(e.model_copy(update={"status": "calm", "hp": 0}))
            continue
        captor = foes.get((e.captor or "").casefold())
        if captor is None:
            raise ParameterError(N_("the hostage {name} needs a captor among the foes"), name=e.name)
        if captor.foe_type is not None and foe_type(captor.foe_type).behaviour != "crafty":
            raise ParameterError(N_("only crafty foes use hostages: {captor} is not one"), captor=captor.name)
        hp = e.hp or gallery().hostages.hp
        found.append(e.model_copy(update={"status": "held", "captor": captor.name, "hp": hp, "at": captor.at}))
    return tuple(found)
