"""The sheet editor in a real browser (issue 12): a Midgard sheet entered through its controls, its creation
budgets live in the strip at the top of the form (an overspend shown in red while the rules refuse the sheet,
and gone again when undone), the sheet as it will read updating beside the fields at every change, rows added
and removed, steppers stepping; then the same sheet edited. At 1400 px in English and at 390 px in Spanish.
Screenshots: artifacts/screenshots/editor-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from tests import test_browser as shared
from tests.sheet_form import fill_sheet

server = shared.server
browser = shared.browser
pytestmark = shared.pytestmark


def _table(page: Page, server: str, system: str) -> None:
    page.goto(server + "/")
    page.fill("#t-name", "Editor")
    page.fill("#t-gm", "Norn")
    page.select_option("#t-system", system)
    page.click("form[action='/tables'] button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/[\w-]+$"))


def _shot(page: Page, name: str) -> None:
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shared.SHOTS / f"editor-{name}.png"))


def test_midgard_budgets_follow_every_change_and_the_sheet_reads_beside(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport=shared.DESKTOP, locale="en-GB")
    page = context.new_page()
    refused = shared.watch_policy(page)
    _table(page, server, "midgard")
    page.click("#characters summary")
    form = page.locator("#character-form")
    strip = form.locator(".budget-strip")
    fill_sheet(page, "midgard", shared.sheet_of("midgard"))
    expect(strip).to_contain_text("Skill points 13 / 13", timeout=20_000)
    expect(strip).to_contain_text("Rune points 14 / 14")
    expect(form.locator(".sheet-live")).to_contain_text("Astrid", timeout=20_000)  # the sheet as it will read
    _shot(page, "midgard-1400")

    # One more rank of Axes: 8 more points, refused by the rules, and the strip says so at once.
    axes = form.locator('[name="skills.Axes"]')
    expect(axes).to_have_value("3")
    page.locator(f"button[data-step='1'][aria-controls='{axes.get_attribute('id')}']").click()
    expect(axes).to_have_value("4")
    expect(strip.locator(".over")).to_contain_text("21 / 13", timeout=20_000)
    expect(form.locator(".sheet-live .problems")).to_contain_text("21", timeout=20_000)
    axes.scroll_into_view_if_needed()
    expect(strip).to_be_in_viewport()  # the budgets stay in sight while the fields scroll
    _shot(page, "midgard-overspent-1400")
    shared.check_accessibility(page, "editor-midgard-overspent")  # axe-clean with a problem shown
    page.locator(f"button[data-step='-1'][aria-controls='{axes.get_attribute('id')}']").click()
    expect(strip.locator(".over")).to_have_count(0, timeout=20_000)
    expect(form.locator(".sheet-live")).to_contain_text("Astrid", timeout=20_000)

    # A weapon row added and removed again.
    weapons = form.locator('[data-rows="weapons"]')
    expect(weapons.locator("li.row")).to_have_count(2)
    weapons.locator("[data-add-row]").click()
    expect(weapons.locator("li.row")).to_have_count(3)
    expect(weapons.locator('select[name="weapons.2"]')).to_be_focused()
    weapons.locator("li.row").nth(2).locator("[data-remove-row]").click()
    expect(weapons.locator("li.row")).to_have_count(2)

    form.locator("button[type=submit]").first.click()
    expect(page.locator("#characters .sheets")).to_contain_text("Astrid", timeout=20_000)

    # Edited: the form opens with every value in place, and a change shows in its own preview.
    edit = page.locator("form.sheet-editor[id^=edit-]")
    for _ in range(3):  # the list of sheets is redrawn once more when the creation comes back over the socket
        page.locator("#characters .sheets button", has_text="Edit").first.click()
        try:
            edit.wait_for(timeout=2000)
            break
        except Exception:
            continue
    expect(edit.locator('[name="skills.Axes"]')).to_have_value("3", timeout=20_000)
    expect(edit.locator(".budget-strip")).to_contain_text("Skill points 13 / 13", timeout=20_000)
    edit.locator('[name="name"]').fill("Astrid Ulfsdottir")
    expect(edit.locator(".sheet-live")).to_contain_text("Astrid Ulfsdottir", timeout=20_000)
    assert not refused, refused
    context.close()


def test_a_rune_hero_on_a_phone_in_spanish(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport=shared.PHONE, locale="es-ES")
    page = context.new_page()
    _table(page, server, "rune")
    page.click("#tab-chars")
    page.click("#characters summary")
    form = page.locator("#character-form")
    fill_sheet(page, "rune", shared.sheet_of("rune"))
    strip = form.locator(".budget-strip")
    expect(strip).to_contain_text("/", timeout=20_000)
    expect(form.locator("legend", has_text="Características")).to_be_visible()
    expect(form.locator("label", has_text="Fuerza")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    form.locator('[name="characteristics.str"]').scroll_into_view_if_needed()
    _shot(page, "rune-390")
    form.locator("button[type=submit]").first.click()
    expect(page.locator("#characters .sheets")).to_contain_text("Ragnar", timeout=20_000)

    # The roll form offers the hero's rolls: one picked fills the panel and its odds show.
    page.click("#tab-roll")
    shared.choose_mechanic(page, "rune:roll")
    picker = page.locator("#from-sheet")
    expect(picker).to_be_visible(timeout=20_000)
    first = picker.locator("option").nth(1)
    assert first.inner_text().startswith("Ragnar · ")
    picker.select_option(index=1)
    expect(page.locator("#odds-headline")).to_contain_text("%", timeout=20_000)
    expect(page.locator("#p-bonus")).not_to_have_value("")
    _shot(page, "rune-roll-from-picker-390")
    context.close()
