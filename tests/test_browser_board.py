"""A tracker's board in a real browser (issue 13), on the test-only skirmish (tests/board_system.py): the GM
hands Ann to Ana, whose buttons appear without a reload; Ana arms Attack (the foes' cards marked, Escape
cancels), clicks Bob's card and the log gets the card; Aim is finished by a token on the map and its small
form; Move takes a place clicked on the map, and a move too far is refused beside its button. axe-clean;
screenshots at 1400 and 390 px (artifacts/screenshots/board-*.png).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect
from tests import test_browser as shared

from board_system import BoardSystem
from runehall.service.app import create_app
from runehall.storage.db import Database
from runehall.systems import registry

browser = shared.browser
pytestmark = shared.pytestmark
DESKTOP, PHONE = shared.DESKTOP, shared.PHONE


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app in a thread of this process (as tests/test_browser.py's), with the skirmish's system in it."""
    remove = registry.register(BoardSystem())
    database = Database(f"sqlite:///{tmp_path_factory.mktemp('board') / 'runehall.sqlite3'}")
    database.migrate()
    port = shared._free_port()
    running = uvicorn.Server(uvicorn.Config(create_app(database), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)
    database.dispose()
    remove()


def axe_and_shots(page: Page, name: str) -> None:
    page.evaluate(Path(shared.AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    size = page.viewport_size
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    for label, width in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(width)
        if label == "phone":  # the In play panel
            page.click("#tab-play")
        page.screenshot(path=str(shared.SHOTS / f"board-{name}-{label}.png"), full_page=True)
    if size:
        page.set_viewport_size(size)
    assert not serious, f"{name}: {serious}"


def map_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the map's point (x, y) is (the map is 20 by 12 paces, y up), by the SVG's own
    transform (its border and the room around a viewBox of another shape included)."""
    page.locator("svg[data-map]").scroll_into_view_if_needed()
    found = page.evaluate(
        "([x, y]) => { const svg = document.querySelector('svg[data-map]');"
        " const p = new DOMPoint(x, 12 - y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }",
        [x, y],
    )
    return float(found[0]), float(found[1])


def test_a_board_played_by_clicks(server: str, browser: Browser) -> None:
    gm_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    ana_context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    gm, ana = gm_context.new_page(), ana_context.new_page()
    refused = shared.watch_policy(gm, ana)

    gm.goto(server + "/")
    gm.fill("#t-name", "Ford")
    gm.fill("#t-gm", "Norn")
    gm.select_option("#t-system", "boardtest")
    gm.click("form[action='/tables'] button[type=submit]")
    expect(gm.locator("h1")).to_have_text("Ford")
    table = gm.url.rstrip("/").split("/")[-1]
    started = gm.evaluate(
        "u => fetch(u, {method: 'POST', body: new URLSearchParams({tracker: 'skirmish', setup: '{}'})})"
        ".then(r => r.status)",
        f"{server}/t/{table}/trackers",
    )
    assert started in (200, 303)
    ana.goto(gm.locator("#invite-link").input_value())
    ana.fill("#j-name", "Ana")
    ana.click("form.join button[type=submit]")
    gm.reload()
    expect(gm.locator(".bcard")).to_have_count(4)
    expect(ana.locator(".bcard")).to_have_count(4)
    expect(ana.locator("form[data-move]")).to_have_count(0)  # nobody handed to her yet

    # The GM hands Ann to Ana: her buttons appear live, in Spanish around the system's own words.
    gm.click("details:has(> summary:text('Who plays whom')) > summary")
    gm.locator("select[name='ctl-ann']").select_option(label="Ana")
    gm.click("button:text('Hand out')")
    ann = ana.locator(".bcard[data-key=ann]")
    expect(ann.locator("button.move-go")).to_have_count(5, timeout=10000)
    expect(ann).to_contain_text("Lo lleva Ana")

    # Attack: armed (pressed, the foe marked, friends and the fallen dimmed), Escape cancels, Bob clicked.
    attack = ann.locator("button.move-go:text('Attack')")
    attack.click()
    expect(attack).to_have_attribute("aria-pressed", "true")
    expect(ana.locator(".bcard[data-key=bob]")).to_have_class(re.compile(r"(^| )choosable"))
    expect(ana.locator(".bcard[data-key=dag]")).to_have_class(re.compile(r"unchoosable"))
    expect(ana.locator(".bcard[data-key=cid]")).to_have_class(re.compile(r"unchoosable"))
    expect(ana.locator(".bcard[data-key=bob] button[data-pick]")).to_be_visible()
    expect(ana.locator("[data-arming]")).to_contain_text("Elige un objetivo")
    expect(ana.locator("g.reach-rings:visible")).to_have_count(1)  # how far Ann's sword reaches, round her token
    expect(ana.locator("g.reach-rings:visible text")).to_have_text("Reach: 3 paces")
    axe_and_shots(ana, "armed")
    ana.keyboard.press("Escape")
    expect(attack).to_have_attribute("aria-pressed", "false")
    expect(ana.locator(".choosable")).to_have_count(0)
    expect(ana.locator("g.reach-rings:visible")).to_have_count(0)
    attack.click()
    expect(ana.locator(".bcard[data-key=bob]")).to_have_class(re.compile(r"(^| )choosable"))
    ana.locator(".bcard[data-key=bob] .bcard-name").click()
    expect(ana.locator("#log")).to_contain_text("Ann attacks Bob", timeout=10000)
    expect(gm.locator("#log")).to_contain_text("Ann attacks Bob", timeout=10000)
    expect(gm.locator(".bcard[data-key=bob] .gauge-num").first).to_have_text("5 / 8", timeout=10000)

    # Aim: its target by Bob's token on the map (the keyboard's Enter), then its small form, prefilled.
    ann = ana.locator(".bcard[data-key=ann]")
    ann.locator("button.move-go:text('Aim')").click()
    ana.locator("g.token[data-pick=bob]").focus()
    ana.keyboard.press("Enter")
    ask = ann.locator(".move-ask:visible")
    expect(ask).to_have_count(1)
    expect(ask.locator("input[name='param-care']")).to_have_value("2")
    expect(ask.locator("[data-chosen]")).to_have_text("Bob")
    ask.locator("button[type=submit]").click()
    expect(ana.locator("#log")).to_contain_text("Ana: Aim", timeout=10000)
    # Move: a place on the map, in paces; too far is refused beside the button, in Spanish.
    ann = ana.locator(".bcard[data-key=ann]")
    ann.locator("button.move-go:text('Move')").click()
    expect(ana.locator(".board")).to_have_class(re.compile(r"is-placing"))
    ana.mouse.click(*map_point(ana, 19, 11))
    expect(ann.locator(".move-said .error")).to_contain_text("at most 6 paces", timeout=10000)
    ann.locator("button.move-go:text('Move')").click()
    ana.mouse.click(*map_point(ana, 5, 6))
    token = gm.locator("g.token[data-pick=ann] circle.token-body")
    expect(token).to_have_attribute("cx", "5", timeout=10000)
    expect(token).to_have_attribute("cy", "6")  # 12 - 6: y up
    axe_and_shots(gm, "gm")
    axe_and_shots(ana, "player")
    assert refused == []
    gm_context.close()
    ana_context.close()


def test_the_setup_screen_redraws_where_everyone_starts_as_places_change(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    gm = context.new_page()
    refused = shared.watch_policy(gm)
    gm.goto(server + "/")
    gm.fill("#t-name", "Ford")
    gm.fill("#t-gm", "Norn")
    gm.select_option("#t-system", "boardtest")
    gm.click("form[action='/tables'] button[type=submit]")
    table = gm.url.rstrip("/").split("/")[-1]
    made = gm.evaluate(
        "u => fetch(u, {method: 'POST', body: new URLSearchParams({name: 'Ann', hp: '10'})}).then(r => r.status)",
        f"{server}/t/{table}/characters",
    )
    assert made in (200, 303)
    gm.reload()
    gm.click("#trackers details.setup-box > summary")
    form = gm.locator("form.setup")
    bandit = form.locator(".setup-preview g.token[aria-label='Bandit'] circle")
    expect(bandit).to_have_attribute("cx", "0", timeout=10000)
    form.locator("input[name='f.0.name']").fill("Bandit chief")  # typed, and kept while the picture redraws
    x = form.locator("input[name='f.0.x']")
    x.fill("14")
    x.press("Tab")
    moved = form.locator(".setup-preview g.token[aria-label='Bandit chief'] circle")
    expect(moved).to_have_attribute("cx", "14", timeout=10000)
    expect(form.locator("input[name='f.0.name']")).to_have_value("Bandit chief")
    form.locator("input[name^='c.'][name$='.in']").uncheck()  # Ann sits out: no second side
    expect(form.locator(".setup-pending")).to_contain_text("two sides", timeout=10000)
    assert refused == []
    context.close()
