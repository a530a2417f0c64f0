"""An encounter run as people see it: the scoreboard every player watches (each player's provisional VP, who
leads), the fight under way drawn as Rune's fight board, the runner's moves, and the notes, to the runner
alone until he shows them to everyone. Numbers are said with the reader's words; nothing secret is drawn for a
seat that may not see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from runehall.errors import RunehallError
from runehall.present.board import BoardView, Move, Seat
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.combat import board_view as fight_board
from runehall.systems.rune.combat.names import named, said
from runehall.systems.rune.combat.tracker import ACTIONS as FIGHT_ACTIONS
from runehall.systems.rune.encounters import gain_board, item_cards, roll_odds, settlement
from runehall.systems.rune.encounters.ambush_cards import ambush_moves
from runehall.systems.rune.encounters.called import foe_names
from runehall.systems.rune.encounters.haven_board import haven_moves
from runehall.systems.rune.encounters.hazard_cards import hazard_moves
from runehall.systems.rune.encounters.lost_cards import lost_moves
from runehall.systems.rune.encounters.repeat_play import repeat_moves
from runehall.systems.rune.encounters.report_view import FEATURE_WORDS
from runehall.systems.rune.encounters.run_actions import in_play_candidates
from runehall.systems.rune.encounters.run_retry import retry_moves
from runehall.systems.rune.encounters.run_shrine import shrine_moves
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_targets import on_targets
from runehall.systems.rune.encounters.run_traps import standing as standing_heroes
from runehall.systems.rune.encounters.trap_cards import rollers_asked, trap_moves, traps_section
from runehall.systems.tracker import TrackerAction

PHASE_WORDS = {
    "designing": N_("the runner is preparing his notes"),
    "ready": N_("the notes are ready: the encounter can begin"),
    "running": N_("under way"),
    "settled": N_("settled"),
}
RUNNER_MOVES = {
    "designing": ("notes",),
    "ready": ("notes", "begin", "disclose"),
    "running": (
        "fight",
        "noted_roll",
        "terrain_in_play",
        "trap_credit",
        "award",
        "hostage",
        "hero_died",
        "sark_amen_trade",
        "run_away",
        "wandering_monsters",
        "give_gain",
        "use_item",
        "second_attempt",
        "shrine_buy",
        "haven_heal",
        "next_event",
        "settle",
        "disclose",
    ),
    "settled": ("haul_home", "disclose"),
}


def standing(state: RunState, options: Any = None) -> dict[str, int]:
    """Each player's score as if the encounter ended now (the book's order: the proxy's share, zeros,
    Valhalla), nothing credited; once settled, the settled scores."""
    if state.settlement is not None:
        return {p: int(s["score"]) for p, s in state.settlement["scores"].items()}
    history = [frozenset(state.setup.history)] if state.setup.history else []
    return dict(settlement.standing(state.tally, history, options).scores)


def scoreboard(state: RunState, words: Words, options: Any = None) -> SheetSection:
    points = standing(state, options)
    pillagers = {p: v for p, v in points.items() if p != state.tally.runner}
    best = max(pillagers.values(), default=0)
    rows = []
    for seat in state.tally.seats:
        vp = points[seat.player]
        if seat.player == state.tally.runner:
            label = words(N_("{hero}'s player, the runner"), hero=seat.name)
        elif seat.player == state.tally.proxy:
            label = words(N_("{hero}'s player, the proxy"), hero=seat.name)
        else:
            label = words(N_("{hero}'s player"), hero=seat.name)
        leads = seat.player in pillagers and vp == best and any(pillagers.values())
        value = words(N_("{vp} VP"), vp=words.number(vp))
        gloss = words(N_("leads the pillagers")) if leads else ""  # the runner scores apart from the race
        rows.append(SheetRow(label, value, gloss=gloss, emphasis="derived" if leads else ""))
    heading = N_("Victory points, settled") if state.settlement is not None else N_("Victory points so far")
    return SheetSection(words(heading), tuple(rows))


def notes_section(state: RunState, words: Words) -> SheetSection | None:
    if state.notes is None:
        return None
    rows = []
    for number, event in enumerate(state.notes.events, 1):
        parts = [event.summary] if event.summary else []
        if event.combat:
            parts.append(words.join(said(n, words) for n in foe_names(event.combat, state.notes.creatures)))
        parts += [r.name for r in event.rolls]
        rows.append(SheetRow(words(N_("Event {number}"), number=words.number(number)), " · ".join(parts)))
    return SheetSection(words(N_("The runner's notes: {title}"), title=state.notes.title), tuple(rows))


def _runner_moves(
    state: RunState, words: Words, actions: Mapping[str, TrackerAction[Any]], seat: Seat, options: Any = None
) -> list[Move]:
    found = []
    # The notes' names and ids are the runner's alone until he shows them: a seat that runs the tracker without
    # owning it (the host, a pillager in this encounter) gets the plain moves, with nothing of the notes on them.
    shown = seat.owns or state.disclosed
    for name in RUNNER_MOVES[state.phase]:
        action = actions.get(name)
        if action is None or (name == "disclose" and state.disclosed) or (name == "settle" and state.fight):
            continue  # (settling waits for the fight's end)
        if name == "noted_roll" and state.notes is not None and shown:
            for event in state.notes.events:  # each roll of the notes a button, by its name (he alone sees them)
                for roll in event.rolls:
                    title = words(N_("Call for a roll: {roll}"), roll=roll.name)
                    odds = roll_odds.hint(state, roll, words, options)  # each hero's exact chance, the party's
                    params, ask, choices = rollers_asked(roll, standing_heroes(state, options))
                    found.append(Move(name, title, params={"roll": roll.id, **params}, ask=ask, choices=choices,
                                      hint=odds))  # fmt: skip
            continue
        if name == "fight" and (state.fight is not None or not shown):
            if state.fight is None:  # which events hold a fight is the notes'
                found.append(Move(name, words(action.title), ask=tuple(action.Params.model_fields)))
            continue
        if name == "fight":
            assert state.notes is not None
            fought = {f.event for f in state.fights}
            for number, event in enumerate(state.notes.events, 1):
                if event.combat and event.id not in fought:
                    title = words(N_("Begin the fight of event {number}"), number=words.number(number))
                    found.append(Move("fight", title, params={"event": event.id}))
            continue
        if name == "terrain_in_play" and shown:
            assert state.notes is not None
            credited = {e.meta.get("feature") for e in state.tally.of("runner_terrain")}
            for feature, kind, called in in_play_candidates(state.notes):  # a button each, by its name
                if feature not in credited:
                    what = called or words(FEATURE_WORDS.get(kind, N_("Terrain")))
                    title = words(N_("Came into play: {feature}"), feature=what)
                    found.append(Move(name, title, params={"feature": feature}, quiet=True))
            continue
        if name in ("give_gain", "next_event", "haul_home"):  # the gains' own buttons (gain_board.py)
            if name == "give_gain" and (seat.owns or state.disclosed):
                found += gain_board.gain_moves(state, words)
            found += gain_board.haul_move(state, words) if name == "haul_home" else []
            continue
        if name == "use_item":  # a button for each use of each hero's magic items (item_cards.py)
            found += item_cards.item_moves(state, words)
            continue
        if name == "second_attempt":  # a button for each failed roll a simple potion may try again (run_retry.py)
            found += retry_moves(state, words, options)
            continue
        if name == "shrine_buy":  # a button for each gift level a hero can buy at a shrine now (run_shrine.py)
            found += shrine_moves(state, words, options)
            continue
        if name == "haven_heal":  # a button for each hero there is something to treat on (haven_board.py)
            found += haven_moves(state, words, options)
            continue
        if name == "sark_amen_trade" and (state.fight is None or len(on_targets(state.fight)) < 2):
            continue  # a trade needs two Sark Amen on targets in the fight under way
        asked = tuple(action.Params.model_fields)
        if (name == "run_away") != (state.fight is not None) and name in ("run_away", "wandering_monsters"):
            continue  # running away is from a fight; wandering monsters come between fights
        quiet = name in ("award", "hostage", "hero_died", "trap_credit", "hero_struck_hero", "sark_amen_trade")
        found.append(Move(name, words(action.title), ask=asked, quiet=quiet))
    return found


def board(
    state: RunState, words: Words, seat: Seat, actions: Mapping[str, TrackerAction[Any]], options: Any = None
) -> BoardView:
    """The scoreboard first (everyone watches it, on a phone too), the fight under way if one is, the notes to
    the runner; the runner's own moves grouped apart from the fight's."""
    words = named(words)  # the foes' names nobody typed, in the reader's language
    lead = (scoreboard(state, words, options),)
    shown_notes = notes_section(state, words) if (seat.owns or state.disclosed) else None
    carried = gain_board.hauls_section(state, words)
    magic = item_cards.items_section(state, words)
    sections = tuple(s for s in (shown_notes, carried, magic) if s is not None)
    left = traps_section(state, words)  # what the traps left on the heroes: everyone sees it
    sections += (left,) if left is not None else ()
    title = words(N_("Encounter: {title}"), title=state.setup.title)
    phase = words(PHASE_WORDS[state.phase])
    theirs = words(N_("The encounter"))
    moves = [replace(m, group=theirs) for m in _runner_moves(state, words, actions, seat, options)] if seat.runs else []
    springs = trap_moves(state, words, seat, options) if seat.runs and state.phase == "running" else []
    springs += hazard_moves(state, words, seat, options) if seat.runs and state.phase == "running" else []
    springs += lost_moves(state, words, seat, options) if seat.runs and state.phase == "running" else []
    springs += ambush_moves(state, words, seat, options) if seat.runs and state.phase == "running" else []
    springs += repeat_moves(state, words, seat, options) if seat.runs and state.phase == "running" else []
    moves += [replace(m, group=theirs) for m in springs]  # each trap he may spring now, with its odds
    fight = state.fight
    if fight is None:
        done = state.phase == "settled"
        return BoardView(title=title, phase=phase, sections=sections, moves=tuple(moves), lead=lead, done=done)
    try:
        drawn = fight_board.board_view(fight, words, seat, FIGHT_ACTIONS, options)
    except RunehallError:  # a fight the board cannot draw still shows the score
        return BoardView(title=title, phase=phase, sections=sections, moves=tuple(moves), lead=lead)
    fights = words(N_("The fight"))
    return replace(
        drawn,
        title=title,
        phase=words(N_("{phase} · {fight}"), phase=phase, fight=drawn.phase),
        moves=(*(m if m.actor else replace(m, group=fights) for m in drawn.moves), *moves),
        sections=(*drawn.sections, *sections),
        lead=lead,
    )


def public_view(state: RunState) -> dict[str, Any]:
    """The state as JSON for everyone: the notes only once shown."""
    seen: dict[str, Any] = {
        "title": state.setup.title,
        "phase": state.phase,
        "runner": state.setup.runner,
        "proxy": state.setup.proxy,
        "heroes": [h.name for h in state.setup.heroes],
        "valor": list(state.valor) if state.valor else None,
        "standing": standing(state),
        "fights": [f.event for f in state.fights],
        "settlement": state.settlement,
        "disclosed": state.disclosed,
    }
    if state.disclosed and state.notes is not None:
        seen["notes"] = state.notes.model_dump(mode="json")
    return seen


def text(state: RunState) -> str:
    lines = [state.setup.title]
    for player, vp in standing(state).items():
        lines.append(f"  {player}: {vp:+d} VP")
    return "\n".join(lines)
