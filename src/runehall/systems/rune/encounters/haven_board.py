"""The haven's move on an encounter run's board (spec 001c §9.5; rules §35.4): once a haven has been given and no
fight is under way, a button for each hero there is something to treat on ("Treat Thurid at The hermit's hut"),
its hour of the stay filled in (the first his wait allows), asking which hero on his feet treats him and, when he
has both to treat, HP or Wounds. Nothing is offered that run_haven.py would refuse: a patient whose wait runs past
the stay, a dying or dead one, one who lacks nothing, a haven with nobody left to treat."""

from __future__ import annotations

from typing import Any

from runehall.errors import RunehallError
from runehall.present.board import Move
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.gains import Healing
from runehall.systems.rune.encounters.run_gains import gains_of
from runehall.systems.rune.encounters.run_haven import hero_now
from runehall.systems.rune.encounters.run_state import RunState


def _hour(state: RunState, haven: str, patient: Any) -> int:
    """The first hour of the stay he may be treated at: his wait's end, unless he was hurt since."""
    last = state.treated.get(patient.name)
    if last is None or last.haven != haven or patient.hp < last.hp or patient.wounds > last.wounds:
        return max((t.hour for t in state.treated.values() if t.haven == haven), default=0)
    return last.ready


def haven_moves(state: RunState, words: Words, options: Any = None) -> list[Move]:
    """A "Treat a hero at a haven" button for each patient of each haven given, only when the move is legal."""
    if state.notes is None or state.fight is not None:
        return []
    try:
        now = {h.name: hero_now(state, h.name, options) for h in state.setup.heroes}
    except RunehallError:  # a sheet the fight could not stage: the move by hand still says why
        return []
    healers = tuple((n, n) for n, c in now.items() if c.health == "active")
    if not healers:
        return []
    moves = []
    for _, element in gains_of(state):
        gain = element.gain
        if not isinstance(gain, Healing) or not state.given.get(element.id):
            continue
        for name, patient in now.items():
            modes: tuple[tuple[str, str], ...] = (("wounds", words(N_("cure a Wound"))),) if patient.wounds else ()
            modes += (("hp", words(N_("Hit Points back"))),) if patient.hp < patient.hp_max else ()
            hour = _hour(state, element.id, patient)
            if patient.health in ("dead", "dying") or not modes or (gain.hours is not None and hour > gain.hours):
                continue
            title = words(N_("Treat {patient} at {haven}"), patient=name, haven=element.name)
            hint = words(N_("from hour {hour} of the stay"), hour=words.number(hour))
            params = {"haven": element.id, "patient": name, "hour": hour, "mode": modes[0][0]}
            ask = ("healer", "mode") if len(modes) > 1 else ("healer",)
            choices = {"healer": healers, "mode": modes}
            moves.append(Move("haven_heal", title, params=params, ask=ask, choices=choices, hint=hint))
    return moves
