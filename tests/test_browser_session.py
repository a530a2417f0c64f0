"""A scripted session for every system the web offers (issue 12's "Done when"), in a real browser.

Three people sit at a table of each system in the registry: the game master (English, 1400 px), Ana (Spanish,
1400 px) and Bo (English, on a 390 px phone, moving between panels with the tab bar). They join by the invite
link, make their characters through the structured sheet form, roll from the sheet, roll in every roll mode,
roll by hand, see an entry undone, and reload. After each step the test asserts what each of them sees: cards
in words (no program values), the headline odds, the log at its newest entry after a reload, no English on
Ana's page, and that nobody receives what is hidden from them. Each step is photographed for each viewer:
artifacts/screenshots/session-<system>-<step>-<who>-<width>.png.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests import test_browser as shared
from tests.sheet_form import fill_sheet
from tests.test_spanish_pages import english_in, visible

from runehall.present.check import program_values
from runehall.systems import registry

server = shared.server  # the module's own live server and browser (pytest finds fixtures by name)
browser = shared.browser
pytestmark = shared.pytestmark
DESKTOP, PHONE = shared.DESKTOP, shared.PHONE
# Distinctive results of the hidden rolls: a page or a socket frame that holds one has received the roll.
GM_ONLY, GM_PRIVATE, BLIND, ANA_PRIVATE = "1d20+31337", "1d20+27182", "1d20+16180", "1d20+14142"
SECRETS = {n: n.partition("+")[2] for n in (GM_ONLY, GM_PRIVATE, BLIND, ANA_PRIVATE)}
WAIT = 15_000  # ms: how long a roll, its odds or a live entry may take on a busy machine
BO_CHARACTER = "Thurid"  # a name the Spanish page reader allows (tests/test_spanish_pages.TYPED)


@dataclass
class Viewer:
    """One person at the table: their page, the width they look at it, and every socket frame they got."""

    who: str
    page: Page
    width: int
    frames: list[str] = field(default_factory=list)

    @property
    def phone(self) -> bool:
        return self.width == PHONE["width"]

    def tab(self, name: str) -> None:
        """On the phone, the panel `name` (log, roll, chars) by its tab; on a wide screen all are in view."""
        if self.phone:
            self.page.locator(f"#tab-{name}").tap()
            expect(self.page.locator(f"#tab-{name}")).to_have_attribute("aria-selected", "true")

    def received(self, secret: str) -> bool:
        """Whether the log or any socket frame holds `secret` (not the roll form, which holds what its author
        typed, nor the odds of it: a blind roll's author typed its notation and may see its odds)."""
        return secret in self.page.locator("#log").inner_html() or any(secret in f for f in self.frames)


def shot(system: str, step: str, *viewers: Viewer, where: str = "") -> None:
    """A screenshot of what each viewer has on screen: the top of the page (the log and the roll panel), or
    the section `where` scrolled into view."""
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    for v in viewers:
        if where and v.page.locator(where).is_visible():
            v.page.locator(where).scroll_into_view_if_needed()
            v.page.locator(where).evaluate("e => e.scrollIntoView({block: 'start'})")
        else:
            v.page.evaluate("() => window.scrollTo(0, 0)")
        v.page.screenshot(path=str(shared.SHOTS / f"session-{system}-{step}-{v.who}-{v.width}.png"))


def no_english(v: Viewer, step: str) -> None:
    """What Ana reads on her page (tests/test_spanish_pages.py's reader): not a word of English, no program
    value."""
    problems = [
        f"{text!r} ({', '.join(dict.fromkeys(bad))})"
        for text in visible(v.page.content())
        if (bad := english_in(text) + program_values(text))
    ]
    assert not problems, f"{step}: {len(problems)} texts on Ana's page are not Spanish:\n" + "\n".join(problems)


def in_words(step: str, *viewers: Viewer) -> None:
    """Every log entry each viewer has reads as words: no dict, list, True, None or snake_case id."""
    for v in viewers:
        text = v.page.locator("#log").evaluate("l => l.textContent")
        assert not program_values(text), f"{step}, {v.who}'s log: {program_values(text)}"


def accessible(v: Viewer, step: str) -> None:
    """axe-core on the page as it is: no serious or critical violation."""
    page = v.page
    page.evaluate(Path(shared.AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{x['id']} ({x['impact']}): {x['help']} — {[n['target'] for n in x['nodes']][:3]}"
        for x in result["violations"]
        if x["impact"] in ("serious", "critical")
    ]
    assert not serious, f"{step}, {v.who}: {serious}"


def log_at_newest(page: Page) -> bool:
    return bool(
        page.evaluate(
            "() => { const l = document.getElementById('log');"
            " return l.scrollHeight - l.clientHeight - l.scrollTop < 4; }"
        )
    )


def headline(page: Page, chance: bool = True) -> None:
    """The headline odds in view, their exact fraction a hover away: a chance in % (free dice, whose outcomes
    are totals, headline their average instead)."""
    strong = page.locator("#odds-headline strong").first
    expect(strong).to_have_attribute("title", re.compile(r"^\d+/\d+$"), timeout=WAIT)
    expect(strong).to_be_visible()
    if chance:
        expect(strong).to_contain_text("%")


def roll(v: Viewer, visibility: str = "public", manual: str = "") -> None:
    """Roll from the panel as it is filled in; what the last roll said is cleared first, so the wait is for
    this roll's answer (a shared machine may be slow: up to WAIT)."""
    v.tab("roll")
    v.page.locator("#roll-status").evaluate("e => e.textContent = ''")
    shared.roll(v.page, visibility, manual, timeout=WAIT)


def choose(v: Viewer, mechanic: str, params: dict[str, str]) -> None:
    """The mechanic chosen (its panel fetched anew only when it changes: a panel arriving late would undo
    what is typed) and its parameters filled in."""
    v.tab("roll")
    if v.page.locator("#roll-form input[name=mechanic]").input_value() != mechanic:
        shared.choose_mechanic(v.page, mechanic)
    shared.fill_params(v.page, params)


def make_character(v: Viewer, system: str, sheet: dict[str, Any], by_hand: bool) -> None:
    """Through the structured sheet form; with `by_hand`, a stepper's + and −, a list's Add and Remove are
    pressed by hand as well, and leave the sheet as it was."""
    page = v.page
    v.tab("chars")
    page.click("#characters summary")
    fill_sheet(page, system, sheet)
    if by_hand:
        form = page.locator("#character-form")
        number = form.locator(".stepper input").first
        before = number.input_value()
        form.locator(".stepper").first.locator("button[data-step='1']").click()
        expect(number).to_have_value(str(int(before or 0) + 1))
        form.locator(".stepper").first.locator("button[data-step='-1']").click()
        expect(number).to_have_value(before)
        rows = form.locator("[data-rows]").first
        count = rows.locator(":scope > .rows > .row").count()
        rows.locator(":scope > [data-add-row]").click()
        expect(rows.locator(":scope > .rows > .row")).to_have_count(count + 1)
        rows.locator(":scope > .rows > .row").last.locator("[data-remove-row]").click()
        expect(rows.locator(":scope > .rows > .row")).to_have_count(count)
    page.click("#character-form button[type=submit]")
    drawn = page.locator(f'#characters .sheets > li:has(strong:text-is("{sheet["name"]}"))')
    expect(drawn).to_be_visible(timeout=WAIT)
    text = drawn.inner_text()
    assert not program_values(text), f"{v.who}'s sheet of {sheet['name']}: {program_values(text)}"


def roll_from_sheet(v: Viewer, name: str) -> None:
    """The first Roll link of the sheet of `name`: the roll panel opens prefilled with its odds; rolled."""
    page = v.page
    v.tab("chars")
    links = page.locator(f'#characters .sheets > li:has(strong:text-is("{name}")) a.roll-from-sheet')
    assert links.count() > 0, f"the sheet of {name} has nothing to roll"
    before = page.locator("#log li.kind-roll").count()
    links.first.click()
    if v.phone:
        expect(page.locator("#tab-roll")).to_have_attribute("aria-selected", "true", timeout=WAIT)
    expect(page.locator("#panel-roll")).to_be_visible()
    headline(page)
    roll(v)
    expect(page.locator("#log li.kind-roll")).to_have_count(before + 1, timeout=WAIT)


@pytest.mark.parametrize("system", sorted(registry.systems()))
def test_a_scripted_session(server: str, browser: Browser, system: str) -> None:
    assert system in shared.SYSTEMS, f"no session plan for {system}: add one to SYSTEMS in tests/test_browser.py"
    plan: dict[str, Any] = shared.SYSTEMS[system]
    contexts = [
        browser.new_context(viewport=DESKTOP, locale="en-GB"),
        browser.new_context(viewport=DESKTOP, locale="es-ES", extra_http_headers={"Accept-Language": "es"}),
        browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True, is_mobile=True),
    ]
    gm, ana, bo = (
        Viewer(who, context.new_page(), size["width"])
        for who, context, size in zip(("gm", "ana", "bo"), contexts, (DESKTOP, DESKTOP, PHONE), strict=True)
    )
    everyone = (gm, ana, bo)
    refused = shared.watch_policy(gm.page, ana.page, bo.page)
    for v in everyone:
        v.page.on("websocket", lambda ws, v=v: ws.on("framereceived", lambda p: v.frames.append(str(p))))

    # 1. The GM creates the table; the players join by opening the invite link and giving a name.
    gm.page.goto(server + "/")
    gm.page.fill("#t-name", "Saga")
    gm.page.fill("#t-gm", "Norn")
    gm.page.select_option("#t-system", system)
    gm.page.click("form[action='/tables'] button[type=submit]")
    expect(gm.page.locator("h1")).to_have_text("Saga")
    link = gm.page.locator("#invite-link").input_value()
    for v, name in ((ana, "Ana"), (bo, "Bo")):
        v.page.goto(link)
        expect(v.page.locator("#j-code")).to_have_count(0)  # the link carries the code: only a name is asked
        v.page.fill("#j-name", name)
        v.page.click("form.join button[type=submit]")
        expect(v.page.locator("#live-state")).to_have_text("En directo" if v is ana else "Live", timeout=WAIT)
        expect(gm.page.locator("#log")).to_contain_text(f"{name} joined the table", timeout=WAIT)
    expect(ana.page.locator("#log")).to_contain_text("Bo se unió a la mesa", timeout=WAIT)
    for v in (gm, ana):  # the people panel follows the log (sooner than its 10 s poll)
        expect(v.page.locator("#people")).to_contain_text("Bo", timeout=20_000)
    no_english(ana, "joined")
    in_words("joined", *everyone)
    shot(system, "1-joined", *everyone)

    # 2. Each player makes a character through the sheet form (a system without characters skips this).
    characters = {}
    if plan["character"]:
        sheet = shared.sheet_of(plan["character"])
        characters = {"ana": sheet["name"], "bo": BO_CHARACTER}
        make_character(ana, system, sheet, by_hand=True)
        no_english(ana, "character")
        make_character(bo, system, {**sheet, "name": BO_CHARACTER}, by_hand=False)
        for v in everyone:
            expect(v.page.locator("#characters .sheets > li")).to_have_count(2, timeout=WAIT)
        in_words("character", *everyone)
        shot(system, "2-character", *everyone, where="#characters")

        # 3. Each rolls from their sheet: the panel opens prefilled with its headline odds; the card follows.
        roll_from_sheet(ana, characters["ana"])
        no_english(ana, "rolled from the sheet")
        roll_from_sheet(bo, characters["bo"])
        for v in everyone:
            expect(v.page.locator("#log li.kind-roll")).to_have_count(2, timeout=WAIT)
        in_words("rolled from the sheet", *everyone)
        shot(system, "3-from-sheet", *everyone)

    # 4. Every roll mode, from a player and from the GM; who sees what.
    rolls = gm.page.locator("#log li.kind-roll").count()
    chance = system != "dice"
    choose(ana, plan["mechanic"], plan["params"])
    headline(ana.page, chance)
    roll(ana, "public")
    choose(gm, plan["mechanic"], plan["params"])
    headline(gm.page, chance)
    roll(gm, "public")
    for v in everyone:
        expect(v.page.locator("#log li.kind-roll")).to_have_count(rolls + 2, timeout=WAIT)

    choose(gm, "dice:roll", {"notation": GM_ONLY})
    roll(gm, "gm")
    choose(gm, "dice:roll", {"notation": GM_PRIVATE})
    roll(gm, "private")
    choose(ana, "dice:roll", {"notation": BLIND})
    roll(ana, "blind")
    expect(ana.page.locator("#roll-status")).to_contain_text("tirada a ciegas: solo el director de juego la ve")
    choose(ana, "dice:roll", {"notation": ANA_PRIVATE})
    roll(ana, "private")
    gm.page.fill("#chat-text", "Skål!")  # once the players have this, they had every entry before it
    gm.page.click("form.chat button[type=submit]")
    for v in everyone:
        expect(v.page.locator("#log li.kind-chat").last).to_contain_text("Skål!", timeout=WAIT)
    expect(gm.page.locator("#log li.kind-roll")).to_have_count(rolls + 6, timeout=WAIT)
    expect(ana.page.locator("#log li.kind-roll")).to_have_count(rolls + 3, timeout=WAIT)  # public ×2, her private
    expect(bo.page.locator("#log li.kind-roll")).to_have_count(rolls + 2)
    gm_log = gm.page.locator("#log")
    # As the GM reads them: his GM-only roll, his own private roll (only he sees it), Ana's blind roll.
    shown = ((GM_ONLY, "Game master only"), (GM_PRIVATE, "Only you"), (BLIND, "Blind: the game master only"))
    for notation, mode in shown:
        expect(gm_log.locator(f"li.kind-roll:has-text('{notation}') .mode")).to_contain_text(mode)
    expect(ana.page.locator(f"#log li.kind-roll:has-text('{ANA_PRIVATE}') .mode")).to_contain_text("Tú y el director")
    secret_of = {
        "ana": (GM_ONLY, GM_PRIVATE, BLIND),  # her own blind roll's result included
        "bo": (GM_ONLY, GM_PRIVATE, BLIND, ANA_PRIVATE),
    }
    for v in (ana, bo):
        leaked = [n for n in secret_of[v.who] if v.received(SECRETS[n])]
        assert not leaked, f"{v.who} received the hidden rolls {leaked}"
    no_english(ana, "every roll mode")
    in_words("every roll mode", *everyone)
    for v in everyone:
        v.tab("log")
    shot(system, "4-modes", *everyone)

    # 5. A roll by hand, marked as such for everyone.
    choose(ana, plan["mechanic"], plan["params"])
    roll(ana, manual=plan["manual"])
    by_hand = {"gm": "by hand", "ana": "a mano", "bo": "by hand"}
    for v in everyone:
        last = v.page.locator("#log li.kind-roll").last
        expect(last.locator(".source")).to_have_text(by_hand[v.who], timeout=WAIT)
        expect(last).to_contain_text("Ana")
    expect(gm.page.locator("#log li.kind-roll").last).to_contain_text(plan["manual_text"])
    no_english(ana, "by hand")
    in_words("by hand", *everyone)
    for v in everyone:
        v.tab("log")
    shot(system, "5-by-hand", *everyone)

    # 6. The GM undoes the last entry (the roll by hand): struck and marked undone for all, with its own card.
    last = gm.page.locator("#log li.kind-roll").last
    seq = last.get_attribute("data-seq")
    last.locator("form.undo button").click()
    undone = {"gm": "undone", "ana": "deshecha", "bo": "undone"}
    said_undone = {"gm": "undid a roll by Ana", "ana": "deshizo una tirada de Ana", "bo": "undid a roll by Ana"}
    for v in everyone:
        expect(v.page.locator(f"#e{seq}")).to_have_class(re.compile("revoked"), timeout=WAIT)
        expect(v.page.locator(f"#e{seq} del")).to_be_visible()
        expect(v.page.locator(f"#e{seq} .badge")).to_have_text(undone[v.who])
        undo = v.page.locator(f"#log li.kind-revoke[data-revokes='{seq}']")
        expect(undo).to_contain_text(said_undone[v.who], timeout=WAIT)  # what was undone, not its number
    no_english(ana, "undo")
    in_words("undo", *everyone)
    shot(system, "6-undo", *everyone)

    # 7. Reload: the log opens at its newest entry; the odds come back when a mechanic is chosen.
    for v in everyone:
        count = v.page.locator("#log li").count()
        v.page.reload()
        expect(v.page.locator("#log li")).to_have_count(count)
        v.tab("log")
        sizes = v.page.locator("#log").evaluate("l => [l.scrollHeight, l.clientHeight]")
        assert sizes[0] > sizes[1] + 100, f"{v.who}'s log fits its box: nothing to scroll to {sizes}"
        assert log_at_newest(v.page), f"{v.who}'s log does not open at its newest entry"
        choose(v, plan["mechanic"], plan["params"])
        headline(v.page, chance)
    for v in (ana, bo):
        leaked = [n for n in secret_of[v.who] if SECRETS[n] in v.page.content()]
        assert not leaked, f"{v.who} received the hidden rolls {leaked} after a reload"
    no_english(ana, "reload")
    in_words("reload", *everyone)
    for v in (ana, bo):  # the GM's page is checked at every width by tests/test_browser.py
        accessible(v, "reload")
    shot(system, "7-reload", *everyone)

    # The end: Ana's page at 390 px, Bo's at 1400.
    ana.page.set_viewport_size(PHONE)
    ana.width = PHONE["width"]
    bo.page.set_viewport_size(DESKTOP)
    bo.width = DESKTOP["width"]
    shot(system, "8-end", ana, bo)
    assert refused == [], "\n".join(refused)
    for context in contexts:
        context.close()
