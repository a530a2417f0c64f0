"""How fast the web table's pages load on localhost (goal: under 200 ms), with a realistic table.

The server runs as a subprocess (load.server); the table has a character, fifty rolls in its log and a
game tree in play, as a table has after an evening. Each page is fetched the way a browser would, with
the table's cookie, and timed from the request to the last byte; the best of several repeats is shown.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import ClassVar

import httpx

from load import ms, server

REPEATS = 30
GOAL = 0.200
HERO = {"name": "Ulrik", "essence": ["tyr", "bjarkan", "hagall", "naudhr", "fe"], "destiny": 3, "void": {"trait": "E"}}
# An evening's table: a hero, a game tree, fifty skill tests in the log.
SKILL = {"bag": "4F,2M,1E", "destiny": 3, "void_trait": "E", "required_trait": "F", "difficulty": 3}


@dataclass(frozen=True)
class PageRow:
    TABLE: ClassVar[str] = "Web pages"
    HEADERS: ClassVar[tuple[str, ...]] = ("Page", "Median", "Slowest of 30", "Goal")

    page: str
    median: float
    slowest: float

    def cells(self) -> tuple[str, ...]:
        verdict = "met" if self.slowest < GOAL else "not met"
        return (self.page, ms(self.median), ms(self.slowest), f"under 200 ms: {verdict}")

    def detail(self) -> str:
        return ""


def _populate(url: str) -> tuple[str, str]:
    gm = httpx.post(f"{url}/api/tables", json={"name": "Evening", "system": "ragnarok", "gm_name": "Norn"}).json()
    headers = {"Authorization": f"Bearer {gm['token']}"}
    api = f"{url}/api/tables/{gm['table_id']}"
    made = httpx.post(f"{api}/characters", headers=headers, json={"sheet": HERO}).json()
    setup = {"character_id": made["payload"]["character_id"]}
    httpx.post(f"{api}/trackers", headers=headers, json={"tracker": "tree", "setup": setup})
    for _ in range(50):
        httpx.post(f"{api}/rolls", headers=headers, json={"mechanic": "test", "params": SKILL})
    return gm["table_id"], gm["token"]


def _fighter(name: str, at: tuple[int, int], side: str) -> dict[str, object]:
    club = {"weapon": "club", "init": 5, "atk": 5, "dfn": 5, "dam": 6}
    spec: dict[str, object] = {"name": name, "at": list(at), "soak": 3, "hp": 50, "res": 3, "weapons": [club]}
    if side == "heroes":
        spec.update({"hero": True, "wt": 15, "init_noncombat": 3, "dodge": 3, "healer": 3, "per": 0, "strength": 2})
    else:
        spec["side"] = "foes"
    return spec


def _populate_fight(url: str) -> tuple[str, str]:
    """A Rune fight of eight (four heroes, four foes) and 200 entries in the log (issue 13's measure)."""
    gm = httpx.post(f"{url}/api/tables", json={"name": "Battle", "system": "rune", "gm_name": "Norn"}).json()
    headers = {"Authorization": f"Bearer {gm['token']}"}
    api = f"{url}/api/tables/{gm['table_id']}"
    people = [_fighter(f"Hero {i}", (0, 3 * i), "heroes") for i in range(4)]
    people += [_fighter(f"Foe {i}", (4, 3 * i), "foes") for i in range(4)]
    httpx.post(f"{api}/trackers", headers=headers, json={"tracker": "combat", "setup": {"combatants": people}})
    for i in range(199):
        httpx.post(
            f"{api}/rolls", headers=headers, json={"mechanic": "roll", "params": {"bonus": i % 7, "difficulty": 9}}
        )
    return gm["table_id"], gm["token"]


# Two heroes' sheets (tests/test_rune_combat.py's Ragnar and Thurid), four heroes made of them.
RAGNAR = {
    "characteristics": {"str": 2, "sta": 3, "dex": 3, "qik": 2, "int": -1, "per": -1, "pre": -1, "com": -1},
    "abilities": {"great_weapon": 3, "dodge": 1, "bows": 1, "sprint": 1, "balance": 1, "bravery": 1, "climb": 1,
                  "jump": 1, "swim": 1},
    "cp_on_hp": 3, "weapons": ["viking_axe", "war_maul", "short_bow"], "armor": "heavy_leather",
}  # fmt: skip
THURID = {
    "characteristics": {"str": 2, "sta": 2, "dex": 2, "qik": 3, "pre": -1, "com": -1},
    "abilities": {"single_weapon": 3, "dodge": 2, "healer": 2, "brawling": 1, "sprint": 1},
    "cp_on_hp": 6, "weapons": ["hand_axe", "dagger"], "shield": "round_shield", "armor": "quilted_fur",
}  # fmt: skip
RUNS = 4  # encounter runs at the table, each with its fight begun: an evening of a Rune session


def _run_notes() -> dict[str, object]:
    vikings = [{"id": f"v{i}", "name": f"Dark Viking {i}", "type": "dark_viking", "threat": "superior"} for i in (1, 2)]
    door = {"id": "door", "name": "Force the door", "ability": "brawling", "characteristic": "str", "difficulty": 5,
            "purpose": "trap"}  # fmt: skip
    event = {"id": "hall", "summary": "A smoky hall", "rolls": [door], "combat": {"foes": vikings}}
    return {"title": "The warren", "heroes": 4, "events": [event]}


def _populate_runs(url: str) -> tuple[str, str, str]:
    """A Rune table with four encounter runs, each in its fight, every hero's initiative rolled in the last."""
    gm = httpx.post(f"{url}/api/tables", json={"name": "Session", "system": "rune", "gm_name": "Norn"}).json()
    headers = {"Authorization": f"Bearer {gm['token']}"}
    api = f"{url}/api/tables/{gm['table_id']}"
    names = ("Ragnar", "Thurid", "Bjorn", "Sigrid")
    heroes = [{"name": n, "sheet": RAGNAR if i % 2 == 0 else THURID} for i, n in enumerate(names)]
    setup = {"title": "The warren", "heroes": heroes, "runner": "Thurid", "proxy": "Bjorn"}
    tracker = ""
    for _ in range(RUNS):
        started = httpx.post(f"{api}/trackers", headers=headers, json={"tracker": "encounter", "setup": setup})
        tracker = started.json()["payload"]["tracker_id"]
        for action, params in (("notes", {"encounter": _run_notes()}), ("begin", {}), ("fight", {"event": "hall"})):
            done = httpx.post(
                f"{api}/trackers/{tracker}/actions", headers=headers, json={"action": action, "params": params}
            )
            assert done.status_code == 201, done.text
    for name in names:
        done = httpx.post(
            f"{api}/trackers/{tracker}/actions",
            headers=headers,
            json={"action": "initiative", "params": {"who": name}},
        )
        assert done.status_code == 201, done.text
    return gm["table_id"], gm["token"], tracker


def _time(client: httpx.Client, path: str) -> list[float]:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        response = client.get(path)
        response.read()
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (path, response.status_code)
    return times


@cache
def page_loads() -> list[PageRow]:
    with tempfile.TemporaryDirectory() as tmp, server(Path(tmp)) as (_, url):
        table_id, token = _populate(url)
        with httpx.Client(base_url=url, cookies={f"rh_{table_id}": token}) as client:
            rows = []
            for name, path in (("home", "/"), ("table (GM, 50 rolls, a game tree)", f"/t/{table_id}")):
                times = _time(client, path)
                rows.append(PageRow(name, statistics.median(times), max(times)))
        fight_id, fight_token = _populate_fight(url)
        with httpx.Client(base_url=url, cookies={f"rh_{fight_id}": fight_token}) as client:
            times = _time(client, f"/t/{fight_id}")
            rows.append(PageRow("table (GM, a Rune fight of 8, 200 entries)", statistics.median(times), max(times)))
        runs_id, runs_token, last = _populate_runs(url)
        with httpx.Client(base_url=url, cookies={f"rh_{runs_id}": runs_token}) as client:
            times = _time(client, f"/t/{runs_id}/trackers/{last}/view")
            label = f"a fight's board redrawn after a move ({RUNS} Rune encounter runs at the table)"
            rows.append(PageRow(label, statistics.median(times), max(times)))
        return rows


def home_page() -> PageRow:
    return page_loads()[0]


def table_page() -> PageRow:
    return page_loads()[1]


def fight_page() -> PageRow:
    return page_loads()[2]


def board_redraw() -> PageRow:
    return page_loads()[3]
