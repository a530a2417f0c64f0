"""Runes render as runes: the page ships its own font for the Runic block (Noto Sans Runic, served locally).

Without it, a machine with no Runic font (most of them) draws the logo and every rune chip as empty boxes.
Chromium's DevTools protocol says which font actually drew a node's glyphs, so the test asks it.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from test_browser import DESKTOP, browser, pytestmark, server  # noqa: F401  (fixtures and the skip mark)

RUNES = "ᚠᚢᚦᚨᚱᚲ"


def _fonts_for(page: Page, selector: str) -> list[dict[str, Any]]:
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, f"no {selector} on the page"
    fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return fonts


def _drawn_by_bundled_font(fonts: list[dict[str, Any]]) -> bool:
    return any(f["familyName"] == "Noto Sans Runic" and f["isCustomFont"] and f["glyphCount"] > 0 for f in fonts)


def test_logo_and_rune_chips_are_drawn_with_the_bundled_runic_font(browser: Browser, server: str) -> None:  # noqa: F811
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(server)
        page.evaluate("document.fonts.ready")
        assert _drawn_by_bundled_font(_fonts_for(page, ".brand")), _fonts_for(page, ".brand")
        # A rune chip as the log draws one (class "face"), with runes of the Elder Futhark in it.
        page.evaluate(
            """runes => { const chip = document.createElement('span'); chip.className = 'face';
               chip.id = 'probe'; chip.textContent = runes; document.body.appendChild(chip); }""",
            RUNES,
        )
        page.evaluate("document.fonts.load('16px \"Runehall Runic\"', 'ᚠ')")
        page.evaluate("document.fonts.ready")
        fonts = _fonts_for(page, "#probe")
        assert _drawn_by_bundled_font(fonts), fonts
        glyphs = sum(f["glyphCount"] for f in fonts if f["familyName"] == "Noto Sans Runic")
        assert glyphs == len(RUNES), fonts
    finally:
        page.close()
