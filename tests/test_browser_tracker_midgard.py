"""Midgard's fight played by clicks in a real browser (issue 13's Done-when for the Midgard fight).

The GM (English, 1400 px) and Ana (Spanish, es-ES) sit at a Midgard table; Ana has made Astrid. The GM sets the
fight up from the setup screen: Astrid ticked in and handed to Ana by default, the GM's own character none, one
foe picked from the list -- a Shieldbearer, its rank typed by hand (4: Defence 5, 21 wound boxes, WS 4, so it
lives through four segments of Astrid's Large Axe and acts in each), a sax and chainmail picked, named Hrok --
the sides as they come, and Start. Ana's buttons appear without a reload once the GM begins the fight.

Three exchanges (segments) by clicking, each side's clicks counted: Astrid and Hrok strike at each other; then
Hrok strikes and Astrid blocks, her block's tokens placed first and sealed ("chosen" on both pages, its
numbers on neither) until the GM casts for Hrok; then both strike again. After each, both logs show the
segment's cards. Then Ana spends more Wyrð than a cast allows: refused beside the move, nothing changed. She
casts by the default instead; the GM undoes that cast from the log and both boards go back; Ana reloads and
her board is as it was. axe-clean; screenshots of every state at 1400 and 390 px for both:
artifacts/screenshots/tracker-midgard-*.png.

Clicks per exchange (issue 13: "a Midgard exchange with default choices takes at most three clicks per
side"), asserted for both sides: Ana's two (declare, cast), her answer to a hit (take it or switch to a
defence: a choice the rules give her, offered only when it is hers to make) counted apart; the GM's three --
Hrok's declaration, Hrok's cast (the first of the round makes the GM's round cast too, its tokens all on
Past), and "Resolve", which resolves in speed order, waits for Ana's answer where there is one (her answer
carries it on), and begins the next segment. "Begin the fight" is counted with the setup (once a fight).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, expect
from tests import test_browser as shared
from tests import tracker_browser as tb

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT
FOE = "Hrok"
TABLE: list[tb.Person] = []  # the people at the table: each move waits for all their pages to agree


def card(person: tb.Person, key: str) -> Locator:
    return tb.board(person).locator(f".bcard[data-key='{key}']")


def move_on(person: tb.Person, key: str | None, action: str, *fixed: str) -> Locator:
    """A move's form by its action and what it fixes (its params' JSON holds each of `fixed`), on a card or,
    with key None, in the move bar: found by what it does, in either language."""
    holder = card(person, key) if key is not None else tb.board(person).locator(".move-bar")
    found = holder.locator(f"form[data-move]:has(input[name=action][value='{action}'])")
    for part in fixed:
        found = found.filter(has=person.page.locator(f"input[name=params][value*='{part}']"))
    return found.first


# What a board shows, without what a move's answer said beside it (kept until a reload).
TEXT = (
    "b => { const c = b.cloneNode(true); c.querySelectorAll('.move-said').forEach(s => s.remove());"
    " return c.textContent.split(/\\s+/).filter(Boolean).join(' '); }"
)
CHANGED = (
    "([t, was]) => { const b = document.querySelector('#trackers .tracker-view .board');"
    " return b && !b.querySelector('form[data-sending]') && (" + TEXT + ")(b) !== was; }"
)


def board_text(person: tb.Person) -> str:
    return str(tb.board(person).evaluate(TEXT))


def go(person: tb.Person, form: Locator) -> None:
    """A move's button clicked, once the board is at rest; then its page waits for the board drawn anew (a
    refusal fails the test with its reason)."""
    synced(*TABLE)
    was = board_text(person)
    form.locator("button.move-go").click()
    try:
        person.page.wait_for_function(CHANGED, arg=["", was], timeout=WAIT)
    except Exception:  # the failure says what the board said beside the move instead
        said = tb.board(person).locator(".move-said").all_inner_texts()
        pytest.fail(f"{person.name}'s move did not change the board: {[s for s in said if s.strip()]}")


def phase(person: tb.Person) -> Locator:
    return tb.board(person).locator(".board-phase")


def log_size(person: tb.Person) -> int:
    return person.page.locator("#log > li").count()


def reset(*people: tb.Person) -> None:
    for p in people:
        p.clicks.reset()


def wait_settled(person: tb.Person) -> None:
    """No move of the board is being sent, and the board shows the table's latest state."""
    expect(tb.board(person).locator("form[data-sending]")).to_have_count(0, timeout=WAIT)


def synced(*people: tb.Person) -> None:
    """Each page at rest: no move being sent, and no new log entry for a moment (a sealed entry is its
    author's alone, so the logs' lengths may differ)."""
    for p in people:
        wait_settled(p)
    sizes = [log_size(p) for p in people]
    for _ in range(50):
        people[0].page.wait_for_timeout(300)
        now = [log_size(p) for p in people]
        if now == sizes:
            return
        sizes = now
    pytest.fail("the logs did not come to rest")


def resolve(gm: tb.Person, ana: tb.Person, astrid: str, hrok: str) -> int:
    """The resolution stage played to the segment's end by clicks: whoever the board waits for clicks the
    first move offered to them (the GM resolves in speed order; Ana takes a hit or makes a check). Returns
    Ana's clicks in it (her answers to hits and checks)."""
    answered = 0
    for _ in range(12):
        synced(gm, ana)
        if not re.search(r"Resolve$", phase(gm).inner_text().strip()):
            return answered
        if tb.board(gm).locator(f".bcard[data-key='{astrid}'] form[data-move]").count():
            mine = tb.board(ana).locator(f".bcard[data-key='{astrid}'] form[data-move]")
            expect(mine.first).to_be_visible(timeout=WAIT)
            go(ana, mine.first)
            answered += 1
            continue
        theirs = tb.board(gm).locator(f".move-bar form[data-move], .bcard[data-key='{hrok}'] form[data-move]")
        expect(theirs.first).to_be_visible(timeout=WAIT)
        go(gm, theirs.first)
    pytest.fail("the resolution did not end in twelve moves")


def logged(gm: tb.Person, ana: tb.Person, since: dict[str, int], step: str) -> None:
    """Both logs got the exchange's cards: the segment begun, the declarations, casts and actions resolved
    (Ana's page one more for a sealed allocation of hers, an entry only she reads)."""
    synced(gm, ana)
    new = {p.name: log_size(p) - since[p.name] for p in (gm, ana)}
    assert new[gm.name] >= 4 and new[ana.name] in (new[gm.name], new[gm.name] + 1), (step, new)
    print(step, "log:", tb.last_card(gm).inner_text()[:160], "|", tb.last_card(ana).inner_text()[:160])


def test_the_midgard_fight_played_by_clicks(server: str, browser: Browser) -> None:
    gm = tb.start_table(browser, server, "midgard")
    ana = tb.join(browser, gm, "Ana")
    refused = shared.watch_policy(gm.page, ana.page)
    TABLE[:] = [gm, ana]
    hero = tb.make_character(ana, "midgard")
    # The setup screen came with the GM's page, before Ana made her character: he reloads (as the tree's test).
    gm.page.reload()
    tb.live(gm)

    # -- 1. The setup, by clicks ------------------------------------------------------------------------
    reset(gm)
    form = tb.open_setup(gm)
    row = form.locator("tbody tr").filter(has_text=hero)
    expect(row.locator("input[type=checkbox]")).to_be_checked()
    expect(row.locator("select[name$='.player'] option:checked")).to_have_text("Ana")  # her own, by default
    expect(row.locator("select[name$='.side'] option:checked")).to_have_text("Players")
    form.locator("select[name='f.0.kind']").select_option("shieldbearer")
    expect(gm.page.locator("form.setup input[name='f.0.name']")).to_have_value("Shieldbearer", timeout=WAIT)
    form = gm.page.locator("form.setup")
    form.locator("input[name='f.0.n.rank']").fill("4")  # typed by hand: the rank's numbers worked out again
    form.locator("input[name='f.0.n.rank']").press("Tab")
    expect(gm.page.locator("form.setup input[name='f.0.n.defence']")).to_have_value("5", timeout=WAIT)
    form = gm.page.locator("form.setup")
    expect(form.locator("input[name='f.0.n.health']")).to_have_value("7")
    form.locator("select[name='f.0.n.weapon']").select_option("sax")
    form.locator("select[name='f.0.n.armour']").select_option("chainmail")
    form.locator("input[name='f.0.name']").fill(FOE)
    expect(form.locator("select[name='f.0.side'] option:checked")).to_have_text("Enemies")
    expect(form.locator("select[name='f.0.player'] option:checked")).to_have_text("The game master")
    tb.shots(gm, "midgard-0-setup-gm")
    ana.page.evaluate("() => { window.__notReloaded = true; }")
    form.locator("button.primary").click()
    begin = move_on(gm, None, "next_segment")
    expect(begin).to_be_visible(timeout=WAIT)
    print("setup clicks", gm.clicks.count())
    # "Put something into play" (closed after the GM's reload), the foe's kind, its weapon, its armour (three
    # choices from lists) and Start; the rank and the name typed, everything else as it came
    assert gm.clicks.count() <= 5, gm.clicks.count()
    keys = {
        name: str(tb.board(gm).locator(".bcard").filter(has_text=name).first.get_attribute("data-key"))
        for name in (hero, FOE)
    }
    astrid, hrok = keys[hero], keys[FOE]
    expect(card(gm, astrid).locator(".bcard-player")).to_contain_text("Ana")
    expect(card(ana, hrok)).to_be_visible(timeout=WAIT)  # the fight on Ana's page, live
    assert ana.page.evaluate("() => window.__notReloaded === true"), "Ana's page was reloaded"
    tb.no_english(ana, "started", "midgard")
    tb.shots(gm, "midgard-0-started-gm")
    tb.shots(ana, "midgard-0-started-ana")

    # -- 2. Exchange 1: both strike ---------------------------------------------------------------------
    since = {p.name: log_size(p) for p in (gm, ana)}
    go(gm, begin)  # "Begin the fight": the setup's last click, once a fight
    reset(gm, ana)
    go(gm, move_on(gm, hrok, "declare", '"action":"strike"'))  # Hrok declares first (rank 2 < WS + Alertness)
    strike = move_on(ana, astrid, "declare", '"action":"strike"')
    expect(strike).to_be_visible(timeout=WAIT)  # her controls, live: no reload
    assert ana.page.evaluate("() => window.__notReloaded === true"), "Ana's page was reloaded"
    go(ana, strike)
    go(gm, move_on(gm, hrok, "cast", '"goal":"margin"', '"round_cast":true'))  # the round's GM cast made with it
    go(ana, move_on(ana, astrid, "cast", '"goal":"margin"'))
    expect(phase(gm)).to_contain_text("Resolve", timeout=WAIT)
    ana_before = ana.clicks.count()
    answered = resolve(gm, ana, astrid, hrok)
    one = {"gm": gm.clicks.count(), "ana": ana_before, "ana_answers": answered}
    print("exchange 1", one)
    assert one["ana"] <= 3 and ana.clicks.count() == ana_before + answered, one
    assert one["gm"] <= 3, one  # Hrok's declaration, his cast with the round's, "Resolve"
    expect(phase(ana)).to_contain_text("Asalto 1 · segmento 2 · Declarar", timeout=WAIT)  # begun by "Resolve"
    logged(gm, ana, since, "1")
    tb.no_english(ana, "exchange 1", "midgard")
    tb.shots(gm, "midgard-1-strikes-gm")
    tb.shots(ana, "midgard-1-strikes-ana")

    # -- 3. Exchange 2: Hrok strikes, Astrid blocks; her tokens sealed until Hrok's are placed -----------------
    since = {p.name: log_size(p) for p in (gm, ana)}
    reset(gm, ana)
    go(gm, move_on(gm, hrok, "declare", '"action":"strike"'))
    block = move_on(ana, astrid, "declare", '"action":"block"')
    expect(block).to_be_visible(timeout=WAIT)
    go(ana, block)
    go(ana, move_on(ana, astrid, "cast", '"goal":"margin"'))
    # Ana's page: her block's badge reads "elegidas", its numbers nowhere on the board
    expect(card(ana, astrid).locator(".badge", has_text=re.compile("^elegidas"))).to_be_visible(timeout=WAIT)
    expect(tb.board(ana).locator(".board-notes")).to_contain_text("Fichas de Astrid: elegidas")
    # The GM's page says so live, without a reload: his socket is told that a choice was sealed (a bare notice,
    # nothing of what was chosen) and his board is drawn anew.
    chosen = card(gm, astrid).locator(".badge", has_text=re.compile("^chosen"))
    expect(chosen).to_be_visible(timeout=WAIT)
    expect(tb.board(gm).locator(".board-notes")).to_contain_text("Astrid's tokens: chosen")
    for p in (gm, ana):
        shown = card(p, astrid).inner_text()
        assert not re.search(r"Past \d|Pasado \d|margin \d|margen \d", shown), (p.name, shown)
        assert "Cast" not in shown and "Lanzar" not in shown, (p.name, shown)  # her cast is made
    assert not re.search(r"Past \d|margin \d", gm.page.locator("#log").inner_text().split("Astrid declares Block")[-1])
    tb.no_english(ana, "sealed", "midgard")
    tb.shots(gm, "midgard-2-sealed-gm")
    tb.shots(ana, "midgard-2-sealed-ana")
    go(gm, move_on(gm, hrok, "cast", '"goal":"margin"'))
    expect(phase(gm)).to_contain_text("Resolve", timeout=WAIT)
    for p in (gm, ana):  # both placed: shown at once
        expect(card(p, astrid).locator(".badge", has_text=re.compile("^(chosen|elegidas)"))).to_have_count(0)
    ana_before = ana.clicks.count()
    answered = resolve(gm, ana, astrid, hrok)
    two = {"gm": gm.clicks.count(), "ana": ana_before, "ana_answers": answered}
    print("exchange 2", two)
    assert two["ana"] <= 3 and two["gm"] <= 3, two  # Hrok's declaration and cast, "Resolve"
    logged(gm, ana, since, "2")
    tb.no_english(ana, "exchange 2", "midgard")
    tb.shots(gm, "midgard-3-block-gm")
    tb.shots(ana, "midgard-3-block-ana")

    # -- 4. Exchange 3: both strike again, on the Spanish phone ----------------------------------------
    since = {p.name: log_size(p) for p in (gm, ana)}
    ana.page.set_viewport_size(tb.PHONE)
    ana.page.locator("#tab-play").click()
    reset(gm, ana)
    go(gm, move_on(gm, hrok, "declare", '"action":"strike"'))
    strike = move_on(ana, astrid, "declare", '"action":"strike"')
    expect(strike).to_be_visible(timeout=WAIT)
    go(ana, strike)
    go(gm, move_on(gm, hrok, "cast", '"goal":"margin"'))
    go(ana, move_on(ana, astrid, "cast", '"goal":"margin"'))
    expect(phase(gm)).to_contain_text("Resolve", timeout=WAIT)
    ana_before = ana.clicks.count()
    answered = resolve(gm, ana, astrid, hrok)
    three = {"gm": gm.clicks.count(), "ana": ana_before, "ana_answers": answered}
    print("exchange 3", three)
    assert three["ana"] <= 3 and three["gm"] <= 3, three
    logged(gm, ana, since, "3")
    tb.no_english(ana, "exchange 3", "midgard")
    tb.shots(gm, "midgard-4-strikes-gm")
    tb.shots(ana, "midgard-4-strikes-ana")
    ana.page.set_viewport_size(tb.DESKTOP)

    # -- 5. Refused: more Wyrð than a cast may take ----------------------------------------------------
    go(gm, move_on(gm, hrok, "declare", '"action":"strike"'))
    strike = move_on(ana, astrid, "declare", '"action":"strike"')
    expect(strike).to_be_visible(timeout=WAIT)
    go(ana, strike)
    by_hand = card(ana, astrid).locator("form[data-move][data-asks]:has(input[name=action][value='cast'])")
    expect(by_hand).to_be_visible(timeout=WAIT)
    wait_settled(gm)
    gm.page.wait_for_timeout(300)
    before = {p.name: (board_text(p), log_size(p)) for p in (gm, ana)}
    by_hand.locator("button.move-go").click()  # opens its small form
    by_hand.locator("input[name='param-wyrd']").fill("10")
    by_hand.locator(".move-ask button[type=submit]").click()
    said = by_hand.locator(".move-said .error")
    expect(said).to_be_visible(timeout=WAIT)
    print("refused:", said.inner_text())
    assert re.search(r"Wyrð", said.inner_text()), said.inner_text()
    tb.no_english(ana, "refused", "midgard")
    tb.shots(ana, "midgard-5-refused-ana")
    tb.shots(gm, "midgard-5-refused-gm")
    for p in (gm, ana):
        assert (board_text(p), log_size(p)) == before[p.name], p.name
    by_hand.locator("button[data-cancel]").click()

    # -- 6. Ana casts by the default; the GM undoes it from the log: both boards go back -------------------
    go(ana, move_on(ana, astrid, "cast", '"goal":"margin"'))
    for p in (gm, ana):
        expect(p.page.locator("#log > li")).to_have_count(before[p.name][1] + 1, timeout=WAIT)
    gm.page.locator("#log > li form.undo button").last.click()
    for p in (gm, ana):
        expect(move_on(p, astrid, "cast", '"goal":"margin"')).to_be_visible(timeout=WAIT)
    wait_settled(ana)
    ana.page.wait_for_timeout(500)
    for p in (gm, ana):
        assert board_text(p) == before[p.name][0], p.name
    tb.no_english(ana, "undo", "midgard")
    tb.shots(gm, "midgard-6-undo-gm")
    tb.shots(ana, "midgard-6-undo-ana")

    # -- 7. Ana reloads: the same board ---------------------------------------------------------------
    shown = board_text(ana)
    ana.page.reload()
    tb.live(ana)
    assert board_text(ana) == shown
    tb.shots(ana, "midgard-7-reload-ana")
    assert refused == [], "\n".join(refused)
    gm.close()
    ana.close()
