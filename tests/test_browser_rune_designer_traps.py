"""The runner adds a trap and a treasure to his notes by clicking, in a real browser (Rune's notes designer).

Ana runs an encounter for four heroes. On the designer she adds a roll to dodge, then a trap on it (a Dam
rating): the preview prices its line by the rules' own function as she builds it; a Dam the rules do not allow
is refused beside the Dam field and the refusal goes once fixed; the Dam field shows only for a Dam rating,
the dice only for dice. She adds a treasure of Category C (its earning priced live), saves, opens the designer
again: the trap and the treasure are in their rows as she gave them. axe-clean; screenshots at 1400 and 390 px:
artifacts/screenshots/designer-traps-<step>-<1400|390>.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from tests import test_browser_rune_designer as designer
from tests import tracker_browser as tb

from runehall.present.words import ENGLISH
from runehall.systems.rune.encounters.gains import Treasure
from runehall.systems.rune.encounters.gains_pricing import price_gain
from runehall.systems.rune.encounters.traps import Damage
from runehall.systems.rune.encounters.traps_pricing import damage_lines
from runehall.systems.rune.options import RuneOptions

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT
E = "param-events.0"
TRAP = "Falling stones"
CHEST = "The jarl's chest"


def priced(line: object) -> str:
    said, ep = line.said(ENGLISH), line.ep  # type: ignore[attr-defined]
    return f"{said}: {'+' if ep > 0 else ''}{ep} EP"


def lines(page: Page) -> str:
    return page.locator("#editor-preview .editor-lines").inner_text()


def test_the_runner_adds_a_trap_and_a_treasure_by_clicking(browser: Browser, server: str) -> None:
    gm = tb.start_table(browser, server, "rune")
    ana = tb.join(browser, gm, "Ana", lang="en")
    try:
        designer.start_encounter(ana)
        ana.page.reload()
        link = ana.page.locator("#trackers a.move-link", has_text="Give the encounter's notes")
        expect(link).to_be_visible(timeout=WAIT)
        link.click()
        page = ana.page
        screen = page.url

        # the roll the trap hangs on
        designer.add(page, f"{E}.rolls")
        page.fill(f"[name='{E}.rolls.0.name']", "Dodge the stones")
        page.select_option(f"[name='{E}.rolls.0.ability']", label="Dodge")
        page.select_option(f"[name='{E}.rolls.0.purpose']", "trap")
        page.fill(f"[name='{E}.rolls.0.difficulty']", "6")

        # a trap: a Dam rating, its line priced as it is built; the dice only for dice
        designer.add(page, f"{E}.traps")
        trap = f"{E}.traps.0"
        page.fill(f"[name='{trap}.name']", TRAP)
        expect(page.locator(f"[name='{trap}.dice']")).to_be_hidden()
        page.fill(f"[name='{trap}.dam']", "12")
        twelve = damage_lines("x", Damage(dam=12), RuneOptions())
        expect(page.locator("#editor-preview .editor-lines")).to_contain_text(priced(twelve[0]), timeout=WAIT)
        expect(page.locator("#editor-preview .editor-lines")).to_contain_text(TRAP)
        designer.settled(page)
        designer.shots(page, "traps-1-trap")

        # a Dam the rules refuse: beside the Dam field, gone once fixed
        page.fill(f"[name='{trap}.dam']", "60")
        beside = page.locator(f".field:has(> .stepper [name='{trap}.dam']) .error.beside")
        expect(beside).to_contain_text("60", timeout=WAIT)
        expect(page.locator(f"[name='{trap}.dam']")).to_have_attribute("aria-invalid", "true")
        designer.settled(page)
        designer.shots(page, "traps-2-refused")
        page.fill(f"[name='{trap}.dam']", "12")
        expect(beside).to_have_count(0, timeout=WAIT)
        page.select_option(f"[name='{trap}.damage']", "dice")
        expect(page.locator(f"[name='{trap}.dam']")).to_be_hidden()
        expect(page.locator(f"[name='{trap}.dice']")).to_be_visible()
        page.select_option(f"[name='{trap}.damage']", "dam")

        # a treasure of Category C: its earning priced live
        designer.add(page, f"{E}.gains")
        gain = f"{E}.gains.0"
        page.fill(f"[name='{gain}.name']", CHEST)
        expect(page.locator(f"[name='{gain}.ounces']")).to_be_hidden()
        page.select_option(f"[name='{gain}.category']", "C")
        chest = price_gain("x", Treasure(kind="treasure", category="C"))[0]
        expect(page.locator("#editor-preview .editor-lines")).to_contain_text(priced(chest), timeout=WAIT)
        expect(page.locator("#editor-preview")).to_contain_text("The rules accept it as it stands.", timeout=WAIT)
        designer.settled(page)
        designer.shots(page, "traps-3-treasure")

        # saved, and opened again: the rows as she gave them
        page.locator("#editor button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/t/[^/]+$"), timeout=WAIT)
        page.goto(screen)
        expect(page.locator(f"[name='{trap}.name']")).to_have_value(TRAP, timeout=WAIT)
        expect(page.locator(f"[name='{trap}.dam']")).to_have_value("12")
        expect(page.locator(f"[name='{gain}.name']")).to_have_value(CHEST)
        expect(page.locator(f"[name='{gain}.category']")).to_have_value("C")
        expect(page.locator("#editor-preview .editor-lines")).to_contain_text(priced(twelve[0]), timeout=WAIT)
        designer.settled(page)
        designer.shots(page, "traps-4-reloaded")
    finally:
        for p in (gm, ana):
            p.close()
