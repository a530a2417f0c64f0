"""The "In play" panel follows live what is over (Rune issue 14): two encounters under way at a Rune table, the
first put into play above the second; when its runner settles the first, every other page (the host's, Bo's)
draws it below the one still under way without a reload, and Bo's half-filled move form on the other encounter
stays open with what he typed; undone, the first is back on top. The encounters' foes, left unnamed by their
designer, read in Spanish on Ana's page (no English there) and in English on Bo's."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page, expect
from tests import tracker_browser as tb

from rune_encounter_fixtures import notes, setup

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT


def _post(person: tb.Person, path: str, values: dict[str, str]) -> None:
    """A form posted from the person's own page (as htmx posts it), its answer checked."""
    status = person.page.evaluate(
        "([u, v]) => fetch(u, {method: 'POST', body: new URLSearchParams(v), credentials: 'same-origin'})"
        ".then(r => r.status)",
        [tb.table_url(person) + path, values],
    )
    assert status in (200, 204, 303), (path, values, status)


def _unnamed_notes() -> dict[str, Any]:
    """The fixture's notes with its foes' names left out, as the designer stores foes nobody named (what the
    designer types, in Spanish: Ana's page is checked for English)."""
    given = {**notes(), "title": "La madriguera"}
    event = given["events"][0]
    event["summary"], event["rolls"][0]["name"] = "Una sala llena de humo", "Forzar la puerta"
    for foe in given["events"][0]["combat"]["foes"]:
        del foe["name"]
    return given


def _encounter(runner: tb.Person, title: str) -> str:
    """An encounter put into play by `runner`, its notes given, begun and its fight under way; its tracker's id."""
    made = {**setup(), "title": title}
    _post(runner, "/trackers", {"tracker": "encounter", "setup": json.dumps(made)})
    article = runner.page.locator("#trackers article.tracker", has_text=title)
    expect(article).to_have_count(1, timeout=WAIT)
    tracker = (article.get_attribute("aria-labelledby") or "").removeprefix("tr-")
    for action, params in (("notes", {"encounter": _unnamed_notes()}), ("begin", {}), ("fight", {"event": "hall"})):
        _post(runner, f"/trackers/{tracker}", {"action": action, "params": json.dumps(params)})
    return tracker


def _article(page: Page, tracker: str) -> Locator:
    return page.locator(f"#trackers article.tracker[aria-labelledby='tr-{tracker}']")


def _above(page: Page, first: str, second: str) -> None:
    """`first`'s panel is drawn above `second`'s (the order people see), waiting for a live redraw to get there."""
    page.wait_for_function(
        """([a, b]) => {
            const one = document.querySelector(`article[aria-labelledby='tr-${a}']`);
            const two = document.querySelector(`article[aria-labelledby='tr-${b}']`);
            return one && two && one.getBoundingClientRect().top < two.getBoundingClientRect().top;
        }""",
        arg=[first, second],
        timeout=WAIT,
    )


def test_a_settled_encounter_goes_below_the_live_ones_on_every_page_at_once(browser: Any, server: str) -> None:
    gm = tb.start_table(browser, server, "rune")
    ana = tb.join(browser, gm, "Ana", lang="es")
    bo = tb.join(browser, gm, "Bo", lang="en")
    try:
        first = _encounter(ana, "La sala del humo")
        second = _encounter(bo, "La escalera ahogada")
        for person in (gm, ana, bo):  # everyone's page as it stands now: both under way, the first on top
            person.page.reload()
            tb.live(person)
            _above(person.page, first, second)
        viking = {"en": "Dark Viking", "es": "Vikingo oscuro"}  # drawn from the type, in each reader's words
        for person in (ana, bo):
            names = _article(person.page, first).locator(".bcard-name")
            for n in (1, 2):
                expect(names.filter(has_text=f"{viking[person.lang]} {n}")).to_have_count(1, timeout=WAIT)
        tb.no_english(ana, "two encounters under way", "rune")

        # Bo starts a move on his own encounter (an award: its form opened, a number typed, not yet sent)
        award = _article(bo.page, second).locator("form[data-move]:has(input[name=action][value='award'])")
        award.locator("button.move-go").click()
        vp = award.locator("[name='param-vp']")
        expect(vp).to_be_visible(timeout=WAIT)
        vp.fill("7")

        # Ana ends her fight and settles: on every page it goes below Bo's, live
        for action in ("end_combat", "settle"):
            _post(ana, f"/trackers/{first}", {"action": action, "params": "{}"})
        for person in (gm, bo, ana):
            expect(_article(person.page, first).locator(".board.board-done")).to_have_count(1, timeout=WAIT)
            _above(person.page, second, first)
        expect(vp).to_be_visible()  # Bo's form left as he left it
        expect(vp).to_have_value("7")
        tb.no_english(ana, "one settled", "rune")

        # undone by the host: back under way, back on top
        settled = gm.page.locator("#log li.kind-tracker_action").last
        _post(gm, f"/undo/{settled.get_attribute('data-seq')}", {})
        for person in (gm, bo, ana):
            expect(_article(person.page, first).locator(".board.board-done")).to_have_count(0, timeout=WAIT)
            _above(person.page, first, second)
        expect(vp).to_have_value("7")
    finally:
        for p in (gm, ana, bo):
            p.close()
