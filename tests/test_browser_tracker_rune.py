"""Rune's fight on terrain played by clicks in a real browser (issue 13's Done-when for the Rune fight).

The GM (English) and Ana (Spanish, es-ES) sit at a Rune table; Ana has made Ragnar. The GM sets the fight up
from the setup screen: Ragnar ticked in and handed to Ana by default, on the heroes' side at [0, 0]; a foe
picked from the list (a Rock Goblin), named Grak, placed at [10, 0] and its HP changed by hand; a slippery
area between them. Ana's page shows Ragnar's moves without a reload. Three exchanges by clicking, each
counted: both roll initiative with dice drawn by hand (Ragnar's triumph gives him two actions); Ragnar moves
across the mud by a click on the map (a Balance roll, Grak's free attack as he comes within reach), Grak
attacks him (button, then Ragnar's token); Ragnar attacks Grak (button, then Grak's token) and the GM ends the
round. After each both logs show the cards and the map shows the tokens where they stand; while a move or an
attack is armed its distances are drawn round Ragnar's token (half and full move, the axe's reach). A move
too far is refused beside its button, nothing changed; the GM undoes the round's end and Ragnar's attack from
the log and both boards go back; a reload shows the same board. axe-clean; screenshots of every state at 1400
and 390 px: artifacts/screenshots/tracker-rune-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, expect
from tests import test_browser as shared
from tests import tracker_browser as tb

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT
FOE = "Grak"  # the foe's name, typed by the GM (a name a Spanish page may show as it is)
MUD = "Grimsmire"  # the slippery area's name, typed too


def card(person: tb.Person, key: str) -> Locator:
    return tb.board(person).locator(f".bcard[data-key='{key}']")


def card_move(person: tb.Person, key: str, title: str) -> Locator:
    """A move's form on a combatant's card, by the words on its button."""
    button = person.page.locator("button.move-go", has_text=re.compile(f"^{re.escape(title)}$"))
    return card(person, key).locator("form[data-move]").filter(has=button)


def hp(person: tb.Person, key: str) -> Locator:
    return card(person, key).locator(".gauge-num").first


def map_point(person: tb.Person, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the fight's point (x, y) in paces is, by the map's own origin and the SVG's
    transform (y up in the fight, down in SVG)."""
    svg = tb.board(person).locator("svg[data-map]")
    svg.scroll_into_view_if_needed()
    found = svg.evaluate(
        "(svg, [x, y]) => { const d = svg.dataset;"
        " const p = new DOMPoint(x - Number(d.originX), Number(d.height) - (y - Number(d.originY)))"
        ".matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }",
        [x, y],
    )
    return float(found[0]), float(found[1])


def token_at(person: tb.Person, key: str) -> tuple[float, float]:
    """Where a token stands on the person's map, in the fight's paces (its circle's centre read back)."""
    svg = tb.board(person).locator("svg[data-map]")
    found = svg.evaluate(
        "(svg, key) => { const d = svg.dataset;"
        " const c = svg.querySelector(`g.token[data-pick='${key}'] circle.token-body`);"
        " return [Number(c.getAttribute('cx')) + Number(d.originX),"
        " Number(d.height) - Number(c.getAttribute('cy')) + Number(d.originY)]; }",
        key,
    )
    return float(found[0]), float(found[1])


def board_text(person: tb.Person) -> str:
    """What the board shows (its cards, order, notes, map and buttons), without what belongs to a move being
    made: a move's small form, what its answer said beside it (kept until a reload), the arming line."""
    return str(
        tb.board(person).evaluate(
            "b => { const c = b.cloneNode(true);"
            " c.querySelectorAll('.move-said, .move-ask, [data-arming], [data-rings-said]').forEach(s => s.remove());"
            " return c.textContent.split(/\\s+/).filter(Boolean).join(' '); }"
        )
    )


def rings(person: tb.Person, form: Locator) -> Locator:
    """The distances drawn round the actor's token for a move (shown while it is armed)."""
    return tb.board(person).locator(f"g.reach-rings[data-rings-for='{form.get_attribute('data-move-id')}']")


def spanish(person: tb.Person, step: str, found: list[str]) -> None:
    """tb.no_english, its findings gathered in `found` (asserted at the end, so every step is looked at)."""
    try:
        tb.no_english(person, step, "rune")  # Rune's English book terms may show glossed: "Soak (Absorción)"
    except AssertionError as e:
        found.append(str(e))


def counted(*people: tb.Person) -> dict[str, int]:
    return {p.name: p.clicks.count() for p in people}


def reset(*people: tb.Person) -> None:
    for p in people:
        p.clicks.reset()


def log_count(person: tb.Person) -> int:
    return person.page.locator("#log > li").count()


def settled(person: tb.Person, drawn: str) -> None:
    """The setup screen drawn anew by the server (a choice that works numbers out again): `drawn` is in it
    and htmx's swap is over (while it lasts the old form and the new one are both in the page)."""
    expect(person.page.locator(drawn)).to_have_count(1, timeout=WAIT)
    busy = "form.setup.htmx-request, form.setup.htmx-swapping, form.setup.htmx-settling, form.setup.htmx-added"
    expect(person.page.locator(busy)).to_have_count(0, timeout=WAIT)
    expect(person.page.locator("form.setup")).to_have_count(1)


def roll_by_hand(person: tb.Person, form: Locator, dice: str) -> None:
    """A move's small form finished: the dice drawn by hand typed (the field clicked first, as a person
    would), then Do it."""
    ask = form.locator(".move-ask")
    expect(ask).to_be_visible(timeout=WAIT)
    manual = ask.locator("input[name=manual]")
    manual.click()
    manual.fill(dice)
    ask.locator("button[type=submit]").click()


def logged(people: tuple[tb.Person, ...], *cards: tuple[str, str]) -> None:
    """The log's newest cards, oldest first, on every page: each card's (English, Spanish) words in the
    page's language."""
    for p in people:
        entries = p.page.locator("#log > li")
        expect(entries.last).to_contain_text(cards[-1][p.lang == "es"], timeout=WAIT)
        n = entries.count()
        for i, said in enumerate(cards):
            expect(entries.nth(n - len(cards) + i)).to_contain_text(said[p.lang == "es"])


def area_box(person: tb.Person, kind: str) -> tuple[float, float, float, float]:
    """A terrain area's corners on the person's map read back in the fight's paces: x0, y0, x1, y1."""
    svg = tb.board(person).locator("svg[data-map]")
    found = svg.evaluate(
        "(svg, kind) => { const d = svg.dataset;"
        " const pts = svg.querySelector(`polygon.area-${kind}`).getAttribute('points').trim().split(/\\s+/)"
        ".map(p => p.split(',').map(Number));"
        " const xs = pts.map(p => p[0] + Number(d.originX));"
        " const ys = pts.map(p => Number(d.height) - p[1] + Number(d.originY));"
        " return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]; }",
        kind,
    )
    x0, y0, x1, y1 = (float(v) for v in found)
    return x0, y0, x1, y1


def test_a_rune_fight_on_terrain_played_by_clicks(server: str, browser: Browser) -> None:
    gm = tb.start_table(browser, server, "rune")
    ana = tb.join(browser, gm, "Ana")
    both = (gm, ana)
    refused = shared.watch_policy(gm.page, ana.page)
    english: list[str] = []  # what Ana's Spanish page showed in English, step by step
    hero = tb.make_character(ana, "rune")
    assert hero == "Ragnar"

    # -- the setup, by clicking ---------------------------------------------------------------------------
    reset(gm)
    form = tb.open_setup(gm)
    row = form.locator("table.lineup tbody tr").filter(has_text=hero)
    expect(row.locator("input[type=checkbox]")).to_be_checked()
    expect(row.locator("select[name$='.player'] option:checked")).to_have_text("Ana")  # her own, by default
    expect(row.locator("select[name$='.side'] option:checked")).to_have_text("Heroes")
    expect(row.locator("input[name$='.x']")).to_have_value("0")
    expect(row.locator("input[name$='.y']")).to_have_value("0")
    form.locator("select[name='f.0.kind']").select_option(label="Rock Goblin")  # one choice in the list
    settled(gm, "form.setup input[name='f.0.name'][value='Rock Goblin']")
    foe = tb.open_setup(gm).locator("[data-foe-row]").first
    expect(foe.locator("select[name='f.0.side'] option:checked")).to_have_text("Foes")
    expect(foe.locator("select[name='f.0.player'] option:checked")).to_have_text("The game master")
    expect(foe.locator("input[name='f.0.n.hp']")).not_to_have_value("50")  # worked out from Ragnar's numbers
    for name, value in (("f.0.name", FOE), ("f.0.x", "10"), ("f.0.y", "0"), ("f.0.n.hp", "50")):
        field = foe.locator(f"input[name='{name}']")
        field.click()
        field.fill(value)
    terrain = form.locator("fieldset[data-rows='x.terrain']")
    terrain.locator("> button[data-add-row]").click()  # a terrain row: slippery ground is the first kind
    area = form.locator("[data-rows='x.terrain'] li.row").first
    expect(area.locator("select[name$='.kind'] option:checked")).to_have_text("slippery ground")
    for name, value in (("name", MUD), ("x0", "2"), ("y0", "-2"), ("x1", "5"), ("y1", "2")):
        field = area.locator(f"input[name$='.{name}']")
        field.click()
        field.fill(value)
    tb.shots(gm, "rune-0-setup-gm")
    ana.page.evaluate("() => { window.__notReloaded = true; }")
    form.locator("button.primary").click()
    initiative = card_move(ana, hero, "Tirar iniciativa")
    expect(initiative).to_be_visible(timeout=WAIT)  # Ana's controls, live
    assert ana.page.evaluate("() => window.__notReloaded === true"), "Ana's page was reloaded"
    setup_clicks = gm.clicks.count()
    print("clicks: setup", setup_clicks)
    # a click to open the screen, one per choice off the defaults (the kind; four fields typed for Grak; Add
    # and five fields for the mud), then Start: nothing else (no JSON, no reload, no confirmation)
    assert setup_clicks <= 1 + 1 + 4 + 1 + 5 + 1, setup_clicks
    expect(card(gm, hero).locator(".bcard-player")).to_contain_text("Ana")
    expect(card_move(ana, FOE, "Tirar iniciativa")).to_have_count(0)  # Grak is the GM's
    for p in both:
        expect(hp(p, FOE)).to_have_text("50 / 50")  # the number changed by hand
        assert token_at(p, hero) == (0, 0)
        assert token_at(p, FOE) == (10, 0)
        assert area_box(p, "slippery") == (2, -2, 5, 2)  # drawn to scale, where it was typed
    expect(tb.board(gm).locator(".map-legend")).to_contain_text(MUD)
    spanish(ana, "started", english)
    tb.shots(gm, "rune-0-started-gm")
    tb.shots(ana, "rune-0-started-ana")

    # -- exchange 1: initiative, dice drawn by hand -------------------------------------------------------
    reset(gm, ana)
    initiative.locator("button.move-go").click()
    roll_by_hand(ana, initiative, "10, 6")  # a triumph: 16 + INIT 9 = 25, steps 25 and 5
    expect(card_move(gm, hero, "Roll initiative")).to_have_count(0, timeout=WAIT)
    theirs = card_move(gm, FOE, "Roll initiative")
    theirs.locator("button.move-go").click()
    roll_by_hand(gm, theirs, "5")  # 5 + INIT 7 = 12
    logged(
        both,
        (f"{hero} rolls initiative", f"{hero} tira iniciativa"),
        (f"{FOE} rolls initiative", f"{FOE} tira iniciativa"),
    )
    logged(both, ("Ragnar 25, Grak 12, Ragnar 5", "Ragnar 25, Grak 12, Ragnar 5"))
    expect(tb.board(gm).locator(".board-notes")).to_contain_text(f"{hero} acts at step 25")
    for p in both:  # the round's whole order, an entry per action: Ragnar's first, at step 25, acting now
        expect(tb.board(p).locator(".board-order li")).to_have_text([f"25 {hero}", f"12 {FOE}", f"5 {hero}"])
        expect(tb.board(p).locator(".board-order li.is-active")).to_have_text(f"25 {hero}")
    expect(card_move(ana, hero, "Moverse")).to_be_visible()
    clicks = counted(gm, ana)
    print("clicks: exchange 1", clicks)
    # each: the move's button, the field for the dice drawn by hand, Do it (its weapon is prefilled)
    assert clicks == {"Norn": 3, "Ana": 3}, clicks
    spanish(ana, "initiative", english)
    tb.shots(gm, "rune-1-initiative-gm")
    tb.shots(ana, "rune-1-initiative-ana")

    # -- a move too far: refused beside its button, nothing changed ---------------------------------------
    before = {p.name: (board_text(p), log_count(p)) for p in both}
    move = card_move(ana, hero, "Moverse")
    move.locator("button.move-go").click()
    expect(tb.board(ana)).to_have_class(re.compile(r"is-placing"))
    expect(rings(ana, move).locator("text")).to_have_text(
        ["Medio movimiento: 10 pasos", "Movimiento completo: 20 pasos"]
    )
    ana.page.mouse.click(*map_point(ana, 12, 4))
    expect(move.locator("[data-chosen]")).to_have_text("12, 4")
    move.locator(".move-ask button[type=submit]").click()  # a half move, as prefilled
    said = move.locator(".move-said .error")
    expect(said).to_contain_text("como mucho 10 pasos", timeout=WAIT)  # the reason, in her words
    print("refused:", said.inner_text())
    spanish(ana, "refused", english)
    tb.shots(ana, "rune-2-refused-ana")
    tb.shots(gm, "rune-2-refused-gm")
    for p in both:
        assert (board_text(p), log_count(p)) == before[p.name]
        assert token_at(p, hero) == (0, 0)
    move.locator(".move-ask button[data-cancel]").click()

    # -- exchange 2: Ragnar moves over the mud by a click on the map; Grak attacks him ---------------------
    reset(gm, ana)
    move = card_move(ana, hero, "Moverse")
    move.locator("button.move-go").click()
    ana.page.mouse.click(*map_point(ana, 7, 0))
    expect(move.locator("[data-chosen]")).to_have_text("7, 0")
    # dice by hand: his Balance roll over 3 paces of mud, then Grak's free attack as he comes within
    # reach (Grak's ATK, Ragnar's DFN): 2 + 7 against 8 + 9, a miss
    roll_by_hand(ana, move, "6, 2, 8")
    for p in both:
        expect(card(p, hero).locator(".badges")).to_contain_text("engaged" if p is gm else "enfrentado", timeout=WAIT)
        assert token_at(p, hero) == (7, 0)
    logged(both, (f"{hero} moves (half move)", f"{hero} se mueve (medio movimiento)"))
    logged(both, ("7 paces", "7 pasos"))
    card_move(ana, hero, "Pasar").locator("button.move-go").click()  # the rest of his action
    attack = card_move(gm, FOE, "Attack")
    expect(attack).to_be_visible(timeout=WAIT)
    attack.locator("button.move-go").click()
    gm.page.locator(f"svg[data-map] g.token[data-pick='{hero}']").click()  # the target by his token
    logged(both, (f"{hero} passes", f"{hero} pasa"), (f"{FOE} attacks {hero}", f"{FOE} ataca a {hero}"))
    expect(card_move(ana, hero, "Atacar")).to_be_visible(timeout=WAIT)  # his step 5
    clicks = counted(gm, ana)
    print("clicks: exchange 2", clicks)
    # Ana: Move, the map, the dice field, Do it (a half move is prefilled), then Pass for the rest of her
    # action; the GM: Attack and the target's token
    assert clicks == {"Norn": 2, "Ana": 5}, clicks
    spanish(ana, "moved", english)
    tb.shots(gm, "rune-3-moved-gm")
    tb.shots(ana, "rune-3-moved-ana")

    # -- exchange 3: Ragnar attacks Grak in two clicks, his reach drawn while armed; the GM ends the round --
    reset(gm, ana)
    shown_before = {p.name: board_text(p) for p in both}
    foe_hp = hp(gm, FOE).inner_text()
    attack = card_move(ana, hero, "Atacar")
    reach = rings(ana, attack)
    expect(reach).to_be_hidden()
    attack.locator("button.move-go").click()
    expect(card(ana, FOE)).to_have_class(re.compile(r"(^| )choosable"))
    expect(reach.locator("circle.reach-ring")).to_be_visible()
    expect(reach.locator("circle.reach-ring")).to_have_attribute("r", "3")  # his axe's reach, in paces
    expect(reach.locator("text")).to_have_text("Alcance: 3 pasos")
    expect(tb.board(ana).locator("[data-rings-said]")).to_have_text("Alcance: 3 pasos")
    spanish(ana, "armed", english)
    tb.shots(ana, "rune-4-armed-ana")
    ana.page.locator(f"svg[data-map] g.token[data-pick='{FOE}']").click()  # through the ring drawn over it
    logged(both, (f"{hero} attacks {FOE}", f"{hero} ataca a {FOE}"))
    for p in both:
        expect(tb.board(p).locator(".board-notes")).to_contain_text(
            "Nobody has an action left" if p is gm else "A nadie le quedan acciones", timeout=WAIT
        )
    expect(reach).to_be_hidden()
    assert ana.clicks.count() == 2, ana.clicks.count()  # issue 13: a Rune attack, two clicks
    attacked = {p.name: board_text(p) for p in both}
    end = tb.board(gm).locator(".move-bar form[data-move]").filter(has_text="End the round")
    end.locator("button.move-go").click()
    logged(both, ("Round 1 ends", "Termina el asalto 1"))
    expect(card_move(ana, hero, "Tirar iniciativa")).to_be_visible(timeout=WAIT)
    clicks = counted(gm, ana)
    print("clicks: exchange 3", clicks, foe_hp, "->", hp(gm, FOE).inner_text())
    assert clicks == {"Norn": 1, "Ana": 2}, clicks
    spanish(ana, "attacked", english)
    tb.shots(gm, "rune-5-attacked-gm")
    tb.shots(ana, "rune-5-attacked-ana")

    # -- undo: the GM takes the round's end back, then Ragnar's attack, from the log ----------------------
    reset(gm, ana)
    gm.page.locator("#log > li form.undo button").last.click()
    for p in both:
        expect(tb.board(p).locator(".board-notes")).to_contain_text(
            "Nobody has an action left" if p is gm else "A nadie le quedan acciones", timeout=WAIT
        )
    for p in both:
        assert board_text(p) == attacked[p.name]
    gm.page.locator("#log > li form.undo button").last.click()
    for p in both:
        expect(card_move(p, hero, "Atacar" if p is ana else "Attack")).to_be_visible(timeout=WAIT)
        expect(hp(p, FOE)).to_have_text(foe_hp)
        expect(p.page.locator("#log > li.revoked")).to_have_count(2)
    for p in both:
        assert board_text(p) == shown_before[p.name]
    clicks = counted(gm, ana)
    print("clicks: undo", clicks)
    assert clicks == {"Norn": 2, "Ana": 0}, clicks
    spanish(ana, "undo", english)
    tb.shots(gm, "rune-6-undo-gm")
    tb.shots(ana, "rune-6-undo-ana")

    # -- a reload shows the same board ----------------------------------------------------------------------
    shown = board_text(ana)
    ana.page.reload()
    tb.live(ana)
    assert board_text(ana) == shown
    assert token_at(ana, hero) == (7, 0)
    tb.shots(ana, "rune-7-reload-ana")
    assert refused == [], "\n".join(refused)
    assert not english, "\n".join(english)
    gm.close()
    ana.close()
