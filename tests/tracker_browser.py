"""Shared helpers for the trackers' browser tests (issue 13): Ragnarök's game tree, Midgard's fight, Rune's fight.

A test module takes the live server and the browser from tests/test_browser.py by name, as
tests/test_browser_session.py does:

    from tests import tracker_browser as tb
    server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark

then `gm = tb.start_table(browser, server, "ragnarok")`, `ana = tb.join(browser, gm, "Ana")`,
`tb.make_character(ana, "ragnarok")`, `tb.open_setup(gm)`, and for each step `gm.clicks.reset()` ...
`assert gm.clicks.count() <= 3`, `tb.shots(gm, "tree-1-wyrd-gm")`, `tb.no_english(ana, "wyrd")`.

Clicks are counted in the page itself (an init script, so it survives reloads and every htmx swap): each
trusted press of the mouse's main button (or a tap) is one action, and so is each change of a select,
however it was made (Playwright's select_option is not a trusted event, a person's choice in a select is one
action). Typing into a field is not counted: the count is of clicks, as issue 13 measures them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect
from tests import test_browser as shared
from tests.test_spanish_pages import (
    BOOK_TITLES,
    TYPED,
    TYPED_SYNTAX,
    Visible,
    book_terms,
    english_in,
    shipped_titles,
    unglossed,
)

from runehall.present.check import program_values

server = shared.server
browser = shared.browser
pytestmark = shared.pytestmark
DESKTOP = ViewportSize(width=shared.DESKTOP["width"], height=shared.DESKTOP["height"])  # 1400 px
PHONE = ViewportSize(width=shared.PHONE["width"], height=shared.PHONE["height"])  # 390 px
WAIT = 15_000  # ms: how long a move, a live redraw or a page may take on a busy shared machine
LIVE = {"es": "En directo", "en": "Live"}

# Counted in sessionStorage: a reload (or the page posting a form) keeps the count of the tab.
COUNTER = """
(() => {
  if (window.top !== window || window.__rhCounting) return;
  window.__rhCounting = true;
  const KEY = "rh-clicks";
  const bump = () => {
    try { sessionStorage.setItem(KEY, String(Number(sessionStorage.getItem(KEY) || 0) + 1)); } catch (e) {}
  };
  window.addEventListener("pointerdown", (e) => { if (e.isTrusted && e.button === 0) bump(); }, true);
  window.addEventListener("change", (e) => { if (e.target instanceof HTMLSelectElement) bump(); }, true);
})();
"""


class ClickCounter:
    """A person's actions on a page: trusted clicks (or taps) and select changes, since the last reset."""

    def __init__(self, page: Page) -> None:
        self.page = page
        page.add_init_script(COUNTER)  # for every document the tab opens from now on
        if page.url.startswith("http"):
            page.evaluate(COUNTER)  # and the one already open

    def reset(self) -> None:
        self.page.evaluate("() => sessionStorage.setItem('rh-clicks', '0')")

    def count(self) -> int:
        return int(self.page.evaluate("() => Number(sessionStorage.getItem('rh-clicks') || 0)"))


@dataclass
class Person:
    """One person at the table: their browser context, page, language and click counter."""

    name: str
    context: BrowserContext
    page: Page
    lang: str
    clicks: ClickCounter

    def close(self) -> None:
        self.context.close()


def _person(browser: Browser, name: str, lang: str) -> Person:
    if lang == "es":
        context = browser.new_context(viewport=DESKTOP, locale="es-ES", extra_http_headers={"Accept-Language": "es"})
    else:
        context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    return Person(name, context, page, lang, ClickCounter(page))


def live(person: Person) -> None:
    """The page is connected to the table's socket (its live state says so, in its language)."""
    expect(person.page.locator("#live-state")).to_have_text(LIVE[person.lang], timeout=WAIT)


def start_table(browser: Browser, server: str, system: str, name: str = "Saga", gm: str = "Norn") -> Person:
    """The game master (English, 1400 px) creates a table of `system` with the home page's form."""
    person = _person(browser, gm, "en")
    page = person.page
    page.goto(server + "/")
    page.fill("#t-name", name)
    page.fill("#t-gm", gm)
    page.select_option("#t-system", system)
    page.click("form[action='/tables'] button[type=submit]")
    expect(page.locator("h1")).to_have_text(name)
    live(person)
    return person


def join(browser: Browser, gm: Person, name: str = "Ana", lang: str = "es") -> Person:
    """A player joins by the GM's invite link in her own browser (Spanish by default, es-ES)."""
    person = _person(browser, name, lang)
    person.page.goto(gm.page.locator("#invite-link").input_value())
    person.page.fill("#j-name", name)
    person.page.click("form.join button[type=submit]")
    live(person)
    expect(gm.page.locator("#log")).to_contain_text(name, timeout=WAIT)
    return person


def table_url(person: Person) -> str:
    """The table page's address, /t/<id>, without anything after it."""
    found = re.match(r"(https?://[^/]+/t/[^/?#]+)", person.page.url)
    assert found, person.page.url
    return found.group(1)


def make_character(person: Person, system: str, values: dict[str, str] | None = None) -> str:
    """A character of `system` made by `person`, posted from her page to the web's character route with the
    sheet form's fields (tests/test_browser.sheet_values: what the form sends); returns its name once the
    table's characters show it."""
    sent = values or shared.sheet_values(system)
    status = person.page.evaluate(
        "([u, v]) => fetch(u, {method: 'POST', body: new URLSearchParams(v), credentials: 'same-origin'})"
        ".then(r => r.status)",
        [table_url(person) + "/characters", sent],
    )
    assert status in (200, 303), f"the character was refused ({status})"
    name = sent["name"]
    expect(person.page.locator("#characters .sheets")).to_contain_text(name, timeout=WAIT)
    return name


def open_setup(gm: Person) -> Locator:
    """The setup screen, "Put something into play", opened (it is open while nothing is in play); its form."""
    box = gm.page.locator("#trackers details.setup-box")
    if not box.evaluate("d => d.open"):
        box.locator("> summary").click()
    form = box.locator("form.setup")
    expect(form).to_be_visible(timeout=WAIT)
    return form


def board(person: Person) -> Locator:
    """The first tracker's board on the person's page."""
    return person.page.locator("#trackers .tracker-view .board").first


def move(person: Person, title: str | re.Pattern[str]) -> Locator:
    """A move's form on the board, by the words on its button."""
    return board(person).locator("form[data-move]").filter(has=person.page.locator("button.move-go", has_text=title))


def last_card(person: Person) -> Locator:
    """The newest entry of the table's log."""
    return person.page.locator("#log > li").last


def shots(person: Person, name: str) -> None:
    """axe-core on the page as it is (a serious or critical violation fails), and screenshots of the whole
    page at 1400 and 390 px: artifacts/screenshots/tracker-<name>-<width>.png, taken with a window as tall
    as the page, so that sticky bars (the tabs, a board's move bar) sit where they belong rather than where a
    window of the usual height would leave them. On the phone the "In play" tab is opened, as a person at the
    table would to play, and what its screen shows at the board's top is kept too, sticky bars and all:
    tracker-<name>-390-screen.png."""
    page = person.page
    page.evaluate(Path(shared.AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for width in (DESKTOP, PHONE):
        page.set_viewport_size(width)
        shot = shared.SHOTS / f"tracker-{name}-{width['width']}"
        if width is PHONE:
            tab = page.locator("#tab-play")
            tab.dispatch_event("click")  # not counted: the screenshot's own navigation, not the person's
            expect(tab).to_have_attribute("aria-selected", "true")
            seen = page.locator("#trackers .board").first
            if seen.count():
                seen.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.screenshot(path=f"{shot}-screen.png")
        tall = int(page.evaluate("() => document.documentElement.scrollHeight"))
        page.set_viewport_size(ViewportSize(width=width["width"], height=max(tall, width["height"])))
        page.screenshot(path=f"{shot}.png", full_page=True)
    page.set_viewport_size(size or DESKTOP)
    page.evaluate("() => window.scrollTo(0, 0)")
    assert not serious, f"{name}: {serious}"


class _Reader(Visible):
    """tests/test_spanish_pages.py's reader of what a person sees, the trackers' boards included."""

    def _left_out(self, tag: str, a: dict[str, str]) -> bool:
        return tag in ("script", "style")


def spanish_problems(html: str, system: str = "") -> list[str]:
    """The texts of `html` a Spanish reader would find English or a program value in (names typed at the
    table, the books' titles and a book's term glossed on the page allowed, as tests/test_spanish_pages.py;
    with `system`, its English book's terms with their Spanish beside them too: "Weapon (Arma)")."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    # the shipped adventures' encounter titles (the runner's "A shipped encounter" choice) are the book's own names
    allowed = sorted({*BOOK_TITLES, *shipped_titles(), *TYPED, *TYPED_SYNTAX, *reader.terms}, key=len, reverse=True)
    book = book_terms(system) if system else {}
    problems = []
    for text in reader.texts:
        text = unglossed(text, book)
        for name in allowed:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        text = " ".join(text.split())
        bad: list[Any] = [*english_in(text), *program_values(text)]
        if text and bad:
            problems.append(f"{text!r} ({', '.join(dict.fromkeys(str(b) for b in bad))})")
    return list(dict.fromkeys(problems))


def no_english(person: Person, step: str, system: str = "") -> None:
    """Not a word of English nor a program value on the person's (Spanish) page, boards included (`system`:
    the table's, whose English book's terms may show with their Spanish beside them)."""
    problems = spanish_problems(person.page.content(), system)
    assert not problems, f"{step}: {len(problems)} texts on {person.name}'s page are not Spanish:\n" + "\n".join(
        problems
    )


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def text_of(html: str) -> str:
    """Markup's text, its spaces collapsed (to compare a board before and after)."""
    reader = _Text()
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())
