"""The runner designs his encounter by clicking, in a real browser (Rune's notes designer).

The GM (Norn, English) hosts a Rune table; Ana (English) runs an encounter for four heroes, Bo (Spanish) is a
pillager. Ana opens the designer from the board's "Give the encounter's notes" and builds the notes by clicks:
a roll added, its Ability picked, its Difficulty set (the budget strip follows: Difficulty 8 spends 20 and earns
nothing, which the rules refuse); a Difficulty the rules do not allow is refused beside its roll and the
refusal goes when it is fixed; a Self-Willed foe added from the list spends its category's price; a barrier
added earns its price each (its count shown, the cover's degree not until the kind is cover). She saves: the
table shows her sealed notes event, Bo's and the host's pages never show a word of the notes, and Bo is refused
the designer. Ana then loads the shipped "Taken in the Night" into the form from "A shipped encounter".
axe-clean; screenshots at 1400 and 390 px: artifacts/screenshots/designer-<step>-<1400|390>.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect
from tests import test_browser as shared
from tests import tracker_browser as tb

from rune_encounter_fixtures import setup
from runehall.systems.rune.encounters.budget import budget_limit
from runehall.systems.rune.encounters.pricing_data import terrain_file
from runehall.systems.rune.encounters.shipped_notes import shipped_encounter
from runehall.systems.rune.foes import category
from runehall.systems.rune.options import RuneOptions

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT
ROLL = "Leap the chasm"
NOTES = "param-events.0"


def shots(page: Page, step: str) -> None:
    """axe-core on the page (no serious or critical violation), then the whole page at 1400 and 390 px."""
    page.evaluate(Path(shared.AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (tb.DESKTOP, tb.PHONE):
        page.set_viewport_size(width)
        tall = int(page.evaluate("() => document.documentElement.scrollHeight"))  # sticky bars where they belong
        page.set_viewport_size(ViewportSize(width=width["width"], height=max(tall, width["height"])))
        page.screenshot(path=str(shared.SHOTS / f"designer-{step}-{width['width']}.png"), full_page=True)
    page.set_viewport_size(tb.DESKTOP)
    assert not serious, f"{step}: {serious}"


def strip(page: Page) -> Locator:
    return page.locator("#editor-preview .budget-strip")


def budget(page: Page, spent: int, limit: int, earned: int) -> None:
    """The strip says what is spent of the limit and what is earned."""
    expect(strip(page)).to_contain_text(f"Spent {spent} / {limit}", timeout=WAIT)
    expect(strip(page)).to_contain_text(f"Earned {earned}", timeout=WAIT)


def settled(page: Page) -> None:
    """No preview on its way (htmx marks the box while it asks)."""
    expect(page.locator("#editor-preview.htmx-request")).to_have_count(0, timeout=WAIT)


def add(page: Page, rows: str) -> None:
    page.locator(f"fieldset[data-rows='{rows}'] > button[data-add-row]").click()


def start_encounter(ana: tb.Person) -> None:
    """Ana puts her encounter into play (its setup posted from her page, as the setup screen posts it)."""
    status = ana.page.evaluate(
        "([u, v]) => fetch(u, {method: 'POST', body: new URLSearchParams(v), credentials: 'same-origin'})"
        ".then(r => r.status)",
        [tb.table_url(ana) + "/trackers", {"tracker": "encounter", "setup": json.dumps(setup())}],
    )
    assert status in (200, 303), status


def test_the_runner_builds_an_encounter_by_clicking(browser: Browser, server: str) -> None:
    gm = tb.start_table(browser, server, "rune")
    ana = tb.join(browser, gm, "Ana", lang="en")
    bo = tb.join(browser, gm, "Bo", lang="es")
    try:
        start_encounter(ana)
        ana.page.reload()
        link = ana.page.locator("#trackers a.move-link", has_text="Give the encounter's notes")
        expect(link).to_be_visible(timeout=WAIT)
        link.click()
        page = ana.page
        expect(page.locator("h1")).to_have_text("Give the encounter's notes")
        limit = budget_limit([0, 0, 0, 0], RuneOptions().base_limit)  # four heroes with no victory points yet
        budget(page, 0, limit, 0)
        expect(page.locator("#editor-preview")).to_contain_text("The rules accept it as it stands.")
        shots(page, "1-fresh")

        # a roll: added, its Ability picked from the list, a Difficulty set
        add(page, f"{NOTES}.rolls")
        roll = f"{NOTES}.rolls.0"
        page.fill(f"[name='{roll}.name']", ROLL)
        page.select_option(f"[name='{roll}.ability']", label="Jump")
        page.fill(f"[name='{roll}.difficulty']", "8")
        budget(page, 20, limit, 0)  # Difficulty 8: +20 (001c's roll prices)
        expect(page.locator("#editor-preview .editor-problems")).to_contain_text("earns only 0")
        settled(page)
        shots(page, "2-roll")

        # a Difficulty the rules do not allow: refused beside its roll, gone once fixed
        page.fill(f"[name='{roll}.difficulty']", "15")
        row = page.locator(f"li.row:has([name='{roll}.difficulty'])")
        expect(row.locator(".error.beside")).to_contain_text("4 to 14", timeout=WAIT)
        expect(page.locator(f"[name='{roll}.name']")).to_have_attribute("aria-invalid", "true")  # the row's first field
        settled(page)
        shots(page, "3-refused")
        page.fill(f"[name='{roll}.difficulty']", "5")
        budget(page, 0, limit, 10)  # Difficulty 5 earns 10
        expect(row.locator(".error.beside")).to_have_count(0, timeout=WAIT)

        # a foe from the list, Self-Willed: its category's price
        add(page, f"{NOTES}.combat.foes")
        foe = f"{NOTES}.combat.foes.1"
        page.select_option(f"[name='{foe}.type']", "rock_goblin")
        page.select_option(f"[name='{foe}.threat']", "pitiful")
        page.check(f"[name='{foe}.self_willed']")
        willed = category("pitiful").self_willed_cost
        budget(page, willed, limit, 10)
        settled(page)
        shots(page, "4-foe")

        # terrain: two barriers earn their price each; a cover's degree shows only for cover
        add(page, f"{NOTES}.combat.terrain")
        feature = f"{NOTES}.combat.terrain.0"
        expect(page.locator(f"[name='{feature}.degree']")).to_be_hidden()
        page.select_option(f"[name='{feature}.kind']", "cover")
        expect(page.locator(f"[name='{feature}.degree']")).to_be_visible()
        expect(page.locator(f"[name='{feature}.count']")).to_be_hidden()
        page.select_option(f"[name='{feature}.kind']", "barrier")
        page.fill(f"[name='{feature}.count']", "2")
        budget(page, willed, limit, 10 - 2 * terrain_file().barrier.ep)
        settled(page)
        shots(page, "5-terrain")

        # saved: back at the table, the sealed notes event in Ana's log
        page.locator("#editor button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/t/[^/]+$"), timeout=WAIT)
        expect(page.locator("#log")).to_contain_text("notes", timeout=WAIT)
        tb.live(ana)
        shots(page, "6-saved")

        # nobody else ever sees the notes: the host (a pillager here) and Bo; Bo gets no designer
        for other in (gm, bo):
            other.page.reload()
            tb.live(other)
            assert ROLL not in other.page.content()
        refused = bo.page.goto(page.url.rstrip("/") + "/trackers/x/edit/notes")
        assert refused is not None and refused.status in (403, 404)
        tracker = ana.page.locator("#trackers article.tracker").first.get_attribute("aria-labelledby") or ""
        screen = f"{tb.table_url(bo)}/trackers/{tracker.removeprefix('tr-')}/edit/notes"
        refused = bo.page.goto(screen)
        assert refused is not None and refused.status == 403
        assert ROLL not in bo.page.content()
        shots(bo.page, "7-pillager-refused")

        # a shipped encounter chosen by its title fills the form, to be read and changed before saving
        page.goto(screen)
        first = shipped_encounter("the-stolen-rune:1")
        page.get_by_label("A shipped encounter").select_option(label=f"1. {first.title}")
        page.get_by_role("button", name="Load it into the form").click()
        expect(page.locator("[name='param-title']")).to_have_value(first.title, timeout=WAIT)
        expect(page.locator(f"[name='{NOTES}.summary']")).to_have_value(first.events[0].summary or "")
        expect(page.get_by_label("A shipped encounter")).to_have_value("the-stolen-rune:1")
        settled(page)
        shots(page, "8-shipped")
    finally:
        for p in (gm, ana, bo):
            p.close()
