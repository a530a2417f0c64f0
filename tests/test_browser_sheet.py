"""Rolling from a character sheet in a real browser (issue 12): a Ragnarök sheet drawn in the book's terms,
a skill's Roll link opening the roll panel with the test chosen and prefilled, its odds headline showing, then
rolled; at 1400 px (the GM, English) and at 390 px (a player on a phone, Spanish, where the link also switches
to the Roll panel). Screenshots of each step go to artifacts/screenshots/ (sheet-*.png).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests import test_browser as shared
from tests.sheet_form import fill_sheet

server = shared.server  # the module's own live server and browser (pytest finds fixtures by name)
browser = shared.browser
pytestmark = shared.pytestmark
DESKTOP, PHONE = shared.DESKTOP, shared.PHONE
ATLA = {
    "name": "Atla",
    "essence": ["Týr", "Bjarkan", "Jór", "Madhr", "Hagall", "Fé"],
    "destiny": 4,
    "void": {"trait": "E"},
    "skills": {"abrir_cerraduras": 2, "pelea": 1},
}


def shot(page: Page, name: str) -> None:
    """axe-core on the page as it is (no serious or critical violation), and a screenshot of the viewport and
    of the whole page at the width it has."""
    page.evaluate(Path(shared.AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shared.SHOTS / f"sheet-{name}.png"))
    page.screenshot(path=str(shared.SHOTS / f"sheet-{name}-full.png"), full_page=True)
    assert not serious, f"{name}: {serious}"


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box and size
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_a_skill_rolls_from_the_sheet_at_1400_and_at_390(server: str, browser: Browser) -> None:
    gm_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    ana_context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True, is_mobile=True)
    gm, ana = gm_context.new_page(), ana_context.new_page()
    refused = shared.watch_policy(gm, ana)

    gm.goto(server + "/")
    gm.fill("#t-name", "Sheet saga")
    gm.fill("#t-gm", "Norn")
    gm.select_option("#t-system", "ragnarok")
    gm.click("form[action='/tables'] button[type=submit]")
    expect(gm.locator("h1")).to_have_text("Sheet saga")
    link = gm.locator("#invite-link").input_value()

    # The GM makes Atla through the sheet's form; the Characters panel draws her sheet.
    gm.click("#characters summary")
    fill_sheet(gm, "ragnarok", ATLA)
    gm.click("#character-form button[type=submit]")
    sheet = gm.locator("#characters .sheet")
    expect(sheet).to_contain_text("Abrir cerraduras", timeout=20_000)
    expect(sheet.locator(".gloss").first).to_be_visible()
    expect(sheet).to_contain_text("Lock opening")
    gm.locator("#characters").scroll_into_view_if_needed()
    shot(gm, "1-gm-sheet-1400")

    # The printable sheet is the same sheet, without the Roll links when printed.
    printable = gm_context.new_page()
    printable.goto(gm.locator("#characters a[href$='/print']").first.evaluate("a => a.href"))
    expect(printable.locator(".sheet")).to_contain_text("Abrir cerraduras")
    shot(printable, "1b-printable-1400")
    printable.emulate_media(media="print")
    expect(printable.locator("a.roll-from-sheet").first).to_be_hidden()
    printable.close()

    # A click on the skill's Roll: the test chosen and prefilled, its odds headline in view, then rolled.
    gm.locator('#characters .sheet-row:has(dt:has-text("Abrir cerraduras")) a.roll-from-sheet').click()
    expect(gm.locator("#roll-form input[name=mechanic]")).to_have_value("ragnarok:test", timeout=20_000)
    expect(gm.locator("#mechanic")).to_have_value("ragnarok:test")
    expect(gm.locator("#p-skill_level")).to_have_value("2")
    expect(gm.locator("#p-destiny")).to_have_value("4")
    expect(gm.locator("#odds-headline strong").first).to_contain_text("%", timeout=20_000)
    assert in_view(gm, "#odds-headline") and in_view(gm, ".roll-button")
    shot(gm, "2-gm-prefilled-1400")
    before = gm.locator("#log li.kind-roll").count()
    shared.roll(gm)
    expect(gm.locator("#log li.kind-roll")).to_have_count(before + 1, timeout=20_000)
    expect(gm.locator("#log li.kind-roll").last).to_contain_text("Norn")
    shot(gm, "3-gm-rolled-1400")

    # Ana, on a phone in Spanish: the Characters panel, then a skill's Roll switches to the Roll panel.
    ana.goto(link)
    ana.fill("#j-name", "Ana")
    ana.click("form.join button[type=submit]")
    expect(ana.locator("#live-state")).to_have_text("En directo", timeout=20_000)
    ana.click("#tab-chars")
    phone_sheet = ana.locator("#characters .sheet")
    expect(phone_sheet).to_contain_text("Habilidades")
    expect(phone_sheet).not_to_contain_text("Lock opening")  # the book's word, no English beside it
    shot(ana, "4-phone-sheet-390")
    ana.locator('#characters .sheet-row:has(dt:has-text("Pelea")) a.roll-from-sheet').click()
    expect(ana.locator("#tab-roll")).to_have_attribute("aria-selected", "true", timeout=20_000)
    expect(ana.locator("#panel-roll")).to_be_visible()
    expect(ana.locator("#p-skill")).to_have_value("pelea", timeout=20_000)
    expect(ana.locator("#odds-headline strong").first).to_contain_text("%", timeout=20_000)
    assert in_view(ana, "#odds-headline") and in_view(ana, ".roll-button")
    shot(ana, "5-phone-prefilled-390")
    before = ana.locator("#log li.kind-roll").count()
    shared.roll(ana)
    expect(ana.locator("#log li.kind-roll")).to_have_count(before + 1, timeout=20_000)
    ana.click("#tab-log")
    shot(ana, "6-phone-rolled-390")
    assert not refused, refused
    gm_context.close()
    ana_context.close()


@pytest.mark.parametrize("system", ["rune", "midgard"])
def test_the_other_systems_sheets_roll_from_a_click(server: str, browser: Browser, system: str) -> None:
    """Whatever each system's sheet offers (Rune's Abilities and attacks, Midgard's casts), its first Roll
    link opens a prefilled panel with odds, at 1400 and at 390 px."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    refused = shared.watch_policy(page)
    page.goto(server + "/")
    page.fill("#t-name", f"Sheet {system}")
    page.fill("#t-gm", "GM")
    page.select_option("#t-system", system)
    page.click("form[action='/tables'] button[type=submit]")
    page.click("#characters summary")
    fill_sheet(page, system, shared.sheet_of(system))
    page.click("#character-form button[type=submit]")
    expect(page.locator("#characters .sheets")).to_be_visible(timeout=20_000)
    links = page.locator("#characters a.roll-from-sheet")
    for size, label in ((DESKTOP, "1400"), (PHONE, "390")):
        page.set_viewport_size(size)
        if size is PHONE:
            page.click("#tab-chars")
        page.locator("#characters").scroll_into_view_if_needed()
        shot(page, f"{system}-sheet-{label}")
        if links.count() == 0:
            continue  # the system's sheet is not laid out yet: its name alone
        # (the 390 px round's panel replaces the 1400 px round's: the old one, odds and all, is marked so that
        # the wait below is for the new one, not for odds already on the page)
        page.evaluate("() => document.getElementById('roll-form')?.setAttribute('data-stale', '')")
        links.first.click()
        fresh = page.locator("#roll-form:not([data-stale])")
        expect(fresh.locator("#odds-headline strong").first).to_contain_text("%", timeout=20_000)
        expect(fresh.locator(".roll-button")).to_be_visible()
        assert in_view(page, ".roll-button")
        shot(page, f"{system}-prefilled-{label}")
    assert not refused, refused
    context.close()
