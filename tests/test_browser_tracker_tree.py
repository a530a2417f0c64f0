"""Ragnarök's game tree played by clicks in a real browser (issue 13's Done-when for the tree).

The GM (English) and Ana (Spanish, es-ES) sit at a Ragnarök table; each has made a character. The GM puts the
tree into play from the setup screen: Ana's Ulrik chosen by name, Ana preselected as who plays it, Start. Ana's
page shows the tree's moves without a reload. Three exchanges by clicking, each counted: Ana draws the wyrd,
makes a skill test with what she drew, and takes a point of damage on the rune the board prefills; after each
both logs show the move's card and the board shows the change. Ana then names the Void rune to take damage:
refused with its reason beside the button, nothing changed. The GM undoes the damage from the log and both
boards go back; Ana reloads and her board is as it was. axe-clean; screenshots of every state at 1400 and
390 px for both: artifacts/screenshots/tracker-tree-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, expect
from tests import test_browser as shared
from tests import tracker_browser as tb

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT


def section(person: tb.Person, title: str) -> Locator:
    """A pile or the wyrd on the tree's board, by its book title (the same in both languages)."""
    board = tb.board(person)
    return board.locator("section.sheet-section").filter(
        has=person.page.locator("h4", has_text=re.compile(f"^{title}"))
    )


def gauge(person: tb.Person, label: str) -> Locator:
    """A gauge's numbers on the character's card, by its label."""
    named = person.page.locator(".gauge-label", has_text=re.compile(f"^{label}"))
    return tb.board(person).locator(".gauge").filter(has=named).locator(".gauge-num")


def board_text(person: tb.Person) -> str:
    """What the board shows, without what a move's answer said beside it (kept until a reload)."""
    return str(
        tb.board(person).evaluate(
            "b => { const c = b.cloneNode(true); c.querySelectorAll('.move-said').forEach(s => s.remove());"
            " return c.textContent.split(/\\s+/).filter(Boolean).join(' '); }"
        )
    )


def rune_names(person: tb.Person, pile: str) -> list[str]:
    """The runes in a pile as its rows name them ("ᚠ Fé" -> "Fé"), the Void rune left out."""
    rows = section(person, pile).locator(".sheet-row dt").all_inner_texts()
    return [row.split(" ", 1)[1] for row in rows if " " in row and "Vacío" not in row]


def glyphs(where: Locator) -> list[str]:
    """The runes' glyphs in chips or rows ("ᚠ Fé" -> "ᚠ")."""
    return [text.split(" ", 1)[0] for text in where.all_inner_texts()]


def exchange(measured: dict[str, dict[str, int]], step: str, *people: tb.Person, at_most: int = 3) -> None:
    """The clicks each person made since the step began: at most `at_most` in all (issue 13's bound)."""
    measured[step] = {p.name: p.clicks.count() for p in people}
    assert sum(measured[step].values()) <= at_most, f"{step}: {measured[step]} clicks"
    for p in people:
        p.clicks.reset()


def card_says(person: tb.Person, *texts: str) -> None:
    """The newest card of the person's log says each of `texts` (it arrives over the socket)."""
    for text in texts:
        expect(tb.last_card(person)).to_contain_text(text, timeout=WAIT)


def test_the_game_tree_played_by_clicks(server: str, browser: Browser) -> None:
    gm = tb.start_table(browser, server, "ragnarok")
    ana = tb.join(browser, gm, "Ana")
    refused = shared.watch_policy(gm.page, ana.page)
    tb.make_character(gm, "ragnarok", {**shared.sheet_values("ragnarok"), "name": "Thurid"})  # the GM's own
    hero = tb.make_character(ana, "ragnarok")
    # The setup screen came with the GM's page and does not follow the characters made since: he reloads.
    gm.page.reload()
    tb.live(gm)

    # The setup: Ulrik by name, Ana preselected as who plays him (Thurid, the GM's, was first), Start.
    measured: dict[str, dict[str, int]] = {}
    gm.clicks.reset()
    form = tb.open_setup(gm)
    expect(gm.page.locator("#tr-kind")).to_have_count(0)  # the table's one kind of tracker: its form at once
    form.locator("select[name='s.character']").select_option(label=hero)
    expect(form.locator("select[name=player] option:checked")).to_have_text("Ana", timeout=WAIT)
    expect(form.locator("select[name='s.character'] option:checked")).to_have_text(hero)
    tb.shots(gm, "tree-0-setup-gm")
    ana.page.evaluate("() => { window.__notReloaded = true; }")
    form.locator("button.primary").click()
    wyrd = tb.move(ana, "Sacar 2 runas (wyrd)")
    expect(wyrd).to_be_visible(timeout=WAIT)
    assert ana.page.evaluate("() => window.__notReloaded === true"), "Ana's page was reloaded"
    exchange(measured, "setup", gm, at_most=4)
    ana.clicks.reset()
    expect(tb.board(gm).locator(".bcard-player")).to_contain_text("Ana")
    tb.no_english(ana, "started")
    tb.shots(gm, "tree-0-started-gm")
    tb.shots(ana, "tree-0-started-ana")

    # Exchange 1: Ana draws her wyrd (Destino 2, drawn at random; the Void rune joins them in Mano).
    wyrd.locator("button.move-go").click()
    for p in (gm, ana):
        expect(section(p, "Mano").locator(".sheet-row")).to_have_count(3, timeout=WAIT)
    exchange(measured, "wyrd", gm, ana)
    drawn = rune_names(ana, "Mano")
    assert len(drawn) == 2 and rune_names(gm, "Mano") == drawn
    expect(section(ana, "Wyrd").locator(".sheet-row", has_text="En la bolsa").locator("dd")).to_have_text("1 runa")
    card_says(gm, "Ana draws 2 runes into Mano (wyrd)", "and the Void rune joins them", *drawn)
    card_says(ana, "Ana saca 2 runas a la Mano (wyrd)", "y se les une la Runa del Vacío", *drawn)
    hand = glyphs(section(ana, "Mano").locator(".sheet-row dt"))
    assert sorted(glyphs(tb.last_card(ana).locator(".chip"))) == sorted(hand)
    tb.no_english(ana, "wyrd")
    tb.shots(gm, "tree-1-wyrd-gm")
    tb.shots(ana, "tree-1-wyrd-ana")

    # Exchange 2: a skill test on what she drew, with the board's prefilled difficulty (3) and trait (Físico);
    # the hand goes back to the bag.
    test = tb.move(ana, "Prueba de habilidad")
    test.locator("button.move-go").click()
    test.locator(".move-ask button[type=submit]").click()
    for p in (gm, ana):
        expect(section(p, "Mano")).to_contain_text("sin runas" if p is ana else "no runes", timeout=WAIT)
    exchange(measured, "skill test", gm, ana)
    expect(section(ana, "Wyrd").locator(".sheet-row", has_text="En la bolsa").locator("dd")).to_have_text("3 runas")
    card_says(gm, "Ana makes a Physical test", "R = D − L − P − K", "Moderado (Moderate), 3")
    card_says(ana, "Ana hace una prueba de rasgo Físico", "R = D − L − P − K", "Moderado, 3")
    for p in (gm, ana):
        assert sorted(glyphs(tb.last_card(p).locator(".chip"))) == sorted(hand)  # the runes she drew
    tb.no_english(ana, "test")
    tb.shots(gm, "tree-2-test-gm")
    tb.shots(ana, "tree-2-test-ana")

    # Exchange 3: the GM calls a blow; Ana takes a point of Physical damage on the rune the board prefills (the
    # first healthy one, Týr), which drops to Aturdido.
    damage = tb.move(ana, "Recibir daño")
    damage.locator("button.move-go").click()
    expect(damage.locator("select[name='param-allocate.0']")).to_have_value("tyr")  # a rune by its name
    damage.locator(".move-ask button[type=submit]").click()
    for p in (gm, ana):
        expect(gauge(p, "Salud")).to_have_text("14 / 15", timeout=WAIT)
        expect(gauge(p, "Aturdido")).to_have_text("1 / 3")
    exchange(measured, "damage", gm, ana)
    card_says(gm, "1 point of Physical damage", "runes hit: Týr")
    card_says(ana, "1 punto de daño Físico", "runas dañadas: Týr")
    tb.no_english(ana, "damage")
    tb.shots(gm, "tree-3-damage-gm")
    tb.shots(ana, "tree-3-damage-ana")

    # Refused: healing named for Fé, which is not hurt (the board prefills Týr, the hurt one).
    before = {p.name: (board_text(p), p.page.locator("#log > li").count()) for p in (gm, ana)}
    damage = tb.move(ana, "Curar")
    damage.locator("button.move-go").click()
    expect(damage.locator("select[name='param-allocate.0']")).to_have_value("tyr")
    damage.locator("select[name='param-allocate.0']").select_option("fe")
    damage.locator(".move-ask button[type=submit]").click()
    expect(damage.locator(".move-said .error")).to_have_text(re.compile("Fé no tiene daño"), timeout=WAIT)
    exchange(measured, "refused", gm, ana)
    tb.no_english(ana, "refused")
    tb.shots(ana, "tree-4-refused-ana")
    tb.shots(gm, "tree-4-refused-gm")
    for p in (gm, ana):
        assert (board_text(p), p.page.locator("#log > li").count()) == before[p.name]
    damage.locator("button[data-cancel]").click()  # she gives up the blow's form: her board follows again
    ana.clicks.reset()

    # The GM undoes the damage from the log: both boards go back.
    undo = gm.page.locator("#log > li").filter(has_text="1 point of Physical damage").locator("form.undo button")
    undo.click()
    for p in (gm, ana):
        expect(gauge(p, "Salud")).to_have_text("15 / 15", timeout=WAIT)
        expect(gauge(p, "Aturdido")).to_have_text("0 / 3")
    exchange(measured, "undo", gm, ana, at_most=1)
    card_says(gm, "undid a move by Ana")
    card_says(ana, "deshizo una jugada de Ana")
    tb.no_english(ana, "undo")
    tb.shots(gm, "tree-5-undo-gm")
    tb.shots(ana, "tree-5-undo-ana")

    # Ana reloads: the same board.
    shown = board_text(ana)
    ana.page.reload()
    tb.live(ana)
    assert board_text(ana) == shown
    tb.shots(ana, "tree-6-reload-ana")
    assert refused == [], "\n".join(refused)
    print("clicks:", measured)  # seen with -s
    gm.close()
    ana.close()
