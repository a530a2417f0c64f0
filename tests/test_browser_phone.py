"""A group at the table (issue 12): a GM at 1400 px, a player in Spanish, a player on a 390 px phone.

They join by the invite link, the phone player moves between panels and rolls from the Roll panel (its
button on the first screen), the log opens at its newest entry after a reload, and every page stays
axe-clean in the light and the dark theme. Screenshots of each step at 1400 and 390 px go to
artifacts/screenshots/ (phone-*.png).
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from tests import test_browser as shared

server = shared.server  # the module's own live server and browser (pytest finds fixtures by name)
browser = shared.browser
pytestmark = shared.pytestmark
DESKTOP, PHONE = shared.DESKTOP, shared.PHONE


def axe_and_shots(page: Page, name: str) -> None:
    """axe-core on the page as it is (no serious or critical violation), then a screenshot at 1400 and at
    390 px; the page is left at the width it had."""
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
        page.screenshot(path=str(shared.SHOTS / f"phone-{name}-{label}.png"), full_page=True)
    if size:
        page.set_viewport_size(size)
    assert not serious, f"{name}: {serious}"


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box and size
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


def log_at_newest(page: Page) -> bool:
    return bool(
        page.evaluate(
            "() => { const l = document.getElementById('log');"
            " return l.scrollHeight - l.clientHeight - l.scrollTop < 4; }"
        )
    )


def join_by_link(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#j-name", name)
    page.click("form.join button[type=submit]")


def test_a_gm_and_two_players_one_on_a_phone(server: str, browser: Browser) -> None:
    gm_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    ana_context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    bo_context = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True, is_mobile=True)
    gm, ana, bo = gm_context.new_page(), ana_context.new_page(), bo_context.new_page()
    refused = shared.watch_policy(gm, ana, bo)

    # The GM creates a table and finds the invite link in the people panel.
    gm.goto(server + "/")
    gm.fill("#t-name", "Longhouse")
    gm.fill("#t-gm", "Norn")
    gm.select_option("#t-system", "rune")
    gm.click("form[action='/tables'] button[type=submit]")
    expect(gm.locator("h1")).to_have_text("Longhouse")
    expect(gm.locator("[data-tabs]")).to_be_hidden()  # a wide screen shows every section, no panel bar
    link = gm.locator("#invite-link").input_value()
    assert re.fullmatch(re.escape(server) + r"/join\?code=[0-9a-f]{10}", link)
    axe_and_shots(gm, "1-gm-table")

    # Ana (Spanish) joins by the link: only her name is asked.
    ana.goto(link)
    expect(ana.locator("#join-h")).to_have_text("Unirse a una mesa")
    expect(ana.locator("#j-code")).to_have_count(0)
    axe_and_shots(ana, "2-join-by-link-es")
    ana.fill("#j-name", "Ana")
    ana.click("form.join button[type=submit]")
    expect(ana.locator("#live-state")).to_have_text("En directo", timeout=20_000)

    # Bo, on the phone, first types a name already taken: told beside the field, what he typed kept.
    join_by_link(bo, link, "ANA")
    expect(bo.locator("#j-name-error")).to_contain_text("already has that name", timeout=20_000)
    expect(bo.locator("#j-name")).to_have_value("ANA")
    axe_and_shots(bo, "3-name-taken")
    bo.fill("#j-name", "Bo")
    bo.click("form.join button[type=submit]")
    expect(bo.locator("#live-state")).to_have_text("Live", timeout=20_000)

    # On the phone the table is panels one tap apart: the log first, the others hidden.
    expect(bo.locator("[data-tabs]")).to_be_visible()
    expect(bo.locator("#tab-log")).to_have_attribute("aria-selected", "true")
    expect(bo.locator("#panel-log")).to_be_visible()
    expect(bo.locator("#panel-roll")).to_be_hidden()
    axe_and_shots(bo, "4-phone-log")

    # The keyboard moves between panels too; then a tap opens the Roll panel with its button on screen.
    bo.focus("#tab-log")
    bo.keyboard.press("ArrowRight")
    expect(bo.locator("#tab-roll")).to_be_focused()
    expect(bo.locator("#tab-roll")).to_have_attribute("aria-selected", "true")
    bo.keyboard.press("Home")
    expect(bo.locator("#tab-log")).to_have_attribute("aria-selected", "true")
    bo.tap("#tab-roll")
    expect(bo.locator("#panel-roll")).to_be_visible()
    expect(bo.locator("#panel-log")).to_be_hidden()
    axe_and_shots(bo, "5-phone-roll-opened")
    assert in_view(bo, "#roll-form .roll-button"), "the Roll button is on the first screen of the Roll panel"
    shared.choose_mechanic(bo, "rune:roll")
    shared.fill_params(bo, {"bonus": "4", "difficulty": "9"})
    expect(bo.locator("#odds-headline strong").first).to_be_visible(timeout=20_000)
    bo.evaluate("() => window.scrollTo(0, 0)")
    assert in_view(bo, "#roll-form .roll-button") and in_view(bo, "#odds-headline")
    axe_and_shots(bo, "6-phone-roll-filled")
    bo.tap("#roll-form .roll-button")
    expect(bo.locator("#roll-status .rolled")).to_be_visible(timeout=20_000)
    expect(gm.locator("#log li.kind-roll")).to_have_count(1, timeout=20_000)
    expect(ana.locator("#log li.kind-roll")).to_have_count(1, timeout=20_000)
    axe_and_shots(bo, "6-phone-rolled")

    # Every panel is a tap away, and none scrolls past two screens to its main control.
    for tab, panel, main in (
        ("#tab-log", "#panel-log", "form.chat button[type=submit]"),
        ("#tab-roll", "#panel-roll", "#roll-form .roll-button"),
        ("#tab-chars", "#characters", "#characters summary"),
        ("#tab-play", "#trackers", "#trackers summary"),
        ("#tab-people", "#panel-people", "#panel-people button"),
    ):
        bo.tap(tab)
        expect(bo.locator(panel)).to_be_visible()
        expect(bo.locator(panel).locator("h2")).to_be_visible()
        bo.evaluate("() => window.scrollTo(0, 0)")
        box = bo.locator(main).first.bounding_box()
        assert box and box["y"] + box["height"] <= 2 * PHONE["height"], f"{main} is past two screens"
    expect(bo.locator("#panel-people")).to_contain_text("Norn")
    axe_and_shots(bo, "7-phone-people")

    # A long evening: the log outgrows its box. After a reload each person sees the newest entry.
    for n in range(25):
        gm.fill("#chat-text", f"Message {n + 1} of the evening")
        gm.click("form.chat button[type=submit]")
        expect(gm.locator("#chat-status .ok")).to_be_visible(timeout=20_000)
        gm.locator("#chat-status").evaluate("e => e.textContent = ''")
    expect(bo.locator("#log li.kind-chat")).to_have_count(25, timeout=20_000)
    for page in (gm, ana, bo):
        page.reload()
        expect(page.locator("#log li").last).to_contain_text("Message 25 of the evening")
        assert log_at_newest(page), "the log opens at its newest entry"
    expect(bo.locator("#log li").last).to_be_in_viewport()
    gm.set_viewport_size(PHONE)  # turned or narrowed: the entries wrap anew, the log stays at the newest
    gm.wait_for_function(
        "() => { const l = document.getElementById('log'); return l.clientHeight > 0 &&"
        " l.scrollHeight - l.clientHeight - l.scrollTop < 4; }",
        timeout=3000,
    )
    gm.set_viewport_size(DESKTOP)
    ana.locator("#log").evaluate("l => l.scrollTop = 0")  # Ana scrolls back to read; a new entry leaves her there
    gm.fill("#chat-text", "One more")
    gm.click("form.chat button[type=submit]")
    expect(ana.locator("#log li").last).to_contain_text("One more", timeout=20_000)
    assert ana.locator("#log").evaluate("l => l.scrollTop") == 0
    expect(bo.locator("#log li").last).to_contain_text("One more", timeout=20_000)
    assert log_at_newest(bo)  # Bo, at the newest entry, follows it
    axe_and_shots(gm, "8-gm-after-reload")
    axe_and_shots(bo, "8-phone-after-reload")

    # The GM revokes only after a second step that names whose access.
    gm.click("text=Revoke the access of Bo…")
    expect(gm.locator("h1")).to_have_text("Revoke the access of Bo?")
    axe_and_shots(gm, "9-revoke-asked")
    gm.click("text=No, keep them at the table")
    expect(gm.locator("h1")).to_have_text("Longhouse")

    # The dark theme: every page readable (axe checks the contrast of what shows).
    for page in (gm, ana, bo):
        page.emulate_media(color_scheme="dark")
    bo.tap("#tab-roll")
    bo.tap("#roll-form .roll-button")
    expect(bo.locator("#roll-status .rolled")).to_be_visible(timeout=20_000)
    axe_and_shots(bo, "10-dark-phone-roll")  # the headline, the card and its dice chips, the odds chart
    bo.tap("#tab-log")
    background = gm.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(251, 248, 241)", "the dark theme paints the page dark"
    axe_and_shots(gm, "10-dark-gm")
    axe_and_shots(ana, "10-dark-es")
    axe_and_shots(bo, "10-dark-phone")
    stranger = browser.new_context(viewport=PHONE, color_scheme="dark").new_page()
    stranger.goto(server + gm.url.removeprefix(server))
    expect(stranger.locator("#join-h")).to_be_visible()  # a table not joined: the join form, in words
    axe_and_shots(stranger, "11-dark-not-joined")
    assert refused == [], "\n".join(refused)
    for context in (gm_context, ana_context, bo_context):
        context.close()
