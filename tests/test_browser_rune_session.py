"""A four-player Rune session played in the browser (issue 14): encounters designed and priced, each run by a
different runner, rolls of the notes and fights scored, settled, a winner.

Norn hosts (English, 1400 px); Ana plays in Spanish (1400 px), Bo on a 390 px phone (English), Cy in English
(1400 px). Each makes a hero. Then four encounters, run in turn by Ana, Bo, Cy and Norn: the runner puts an
Encounter into play from the setup screen (every hero ticked, himself the runner, a proxy picked; each hero
handed to its player, his own to the proxy), opens the designer from the board, tries a design the rules
refuse (its reason beside its line, Save stores nothing), fixes it and saves; the others never receive the
notes (page nor socket frame); he begins, calls for a roll of the notes (scored on the live scoreboard
everyone sees), begins the fight; each player rolls initiative for his own hero from his own page (the proxy
for the runner's), attacks by clicking, the runner's foes act; the fight is ended, the encounter settled and
the notes shown. After the four the session's scoreboard names the winner on every page, each hero's sheet
shows its new VP total, and the next encounter's budget limit follows them. axe-clean; no English on Ana's
page; screenshots: artifacts/screenshots/rune-session-<step>-<who>-<1400|390>.png.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests import test_browser as shared
from tests import tracker_browser as tb

from runehall.systems.rune.encounters.budget import budget_limit
from runehall.systems.rune.options import RuneOptions

server, browser, pytestmark = tb.server, tb.browser, tb.pytestmark
WAIT = tb.WAIT
HEROES = {"Norn": "Ragnar", "Ana": "Thurid", "Bo": "Ulf", "Cy": "Astrid"}  # names a Spanish page may show
RUNNERS = ("Ana", "Bo", "Cy", "Norn")
NOTES = "param-events.0"


class Seat:
    """One person at the table: his tb.Person, the width he looks at, the socket frames he received."""

    def __init__(self, person: tb.Person, width: int) -> None:
        self.person, self.width, self.frames = person, width, list[str]()
        person.page.on("websocket", lambda ws: ws.on("framereceived", lambda p: self.frames.append(str(p))))

    @property
    def name(self) -> str:
        return self.person.name

    @property
    def hero(self) -> str:
        return HEROES[self.name]


def phone_join(browser: Browser, gm: tb.Person, name: str) -> tb.Person:
    """A player on a 390 px phone, in English, joining by the invite link."""
    context = browser.new_context(viewport=tb.PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    page = context.new_page()
    person = tb.Person(name, context, page, "en", tb.ClickCounter(page))
    page.goto(gm.page.locator("#invite-link").input_value())
    page.fill("#j-name", name)
    page.click("form.join button[type=submit]")
    tb.live(person)
    return person


def shots(seat: Seat, step: str, where: str = "#trackers") -> None:
    """axe-core on the page as it is (no serious or critical violation), then what `where` shows (the "In
    play" section by default; the phone on its panel) at 1400 and at 390 px, whole:
    rune-session-<step>-<who>-<width>.png. (A whole page is four hero sheets long: the part in play is shown.)"""
    page = seat.person.page
    page.evaluate(Path(shared.AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    shared.SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for width in (tb.DESKTOP, tb.PHONE):
        page.set_viewport_size(width)
        tab = page.locator("#tab-play")
        if width is tb.PHONE and where == "#trackers" and tab.count():
            tab.dispatch_event("click")  # the screenshot's own navigation, not counted
        path = str(shared.SHOTS / f"rune-session-{step}-{seat.name}-{width['width']}.png")
        shown = page.locator(where)
        box = shown.first.bounding_box() if shown.count() and shown.first.is_visible() else None
        if box and box["width"] and box["height"]:  # the viewport's coordinates, made the whole page's
            x, y = page.evaluate("() => [window.scrollX, window.scrollY]")
            box = {**box, "x": box["x"] + x, "y": box["y"] + y}
        else:
            box = None
        # the part in play, cut out of the whole page (an element's own screenshot waits for it to stand still
        # over two frames, which four pages at once on a loaded machine sometimes never give in 30 s)
        page.screenshot(path=path, full_page=True, clip=box)
    page.set_viewport_size(size or tb.DESKTOP)
    if seat.width == 390 and page.locator("#tab-play").count():
        page.locator("#tab-play").dispatch_event("click")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert not serious, f"{step} ({seat.name}): {serious}"


def spanish(seat: Seat, step: str) -> None:
    if seat.person.lang == "es":
        tb.no_english(seat.person, step, "rune")


def action(where: Locator, name: str, has: str = "") -> Locator:
    """A move's form by its action's name (the same in every language); `has`: its parameters hold it."""
    found = where.locator(f"form[data-move]:has(input[name=action][value='{name}'])")
    return found.filter(has=where.page.locator(f"input[name=params][value*='{has}']")) if has else found


def board(seat: Seat) -> Locator:
    """The newest tracker's board on the seat's page (the encounter under way)."""
    return seat.person.page.locator("#trackers article.tracker").last.locator(".tracker-view .board")


def card(seat: Seat, key: str) -> Locator:
    return board(seat).locator(f".bcard[data-key='{key}']")


def at_play(seat: Seat) -> None:
    """The phone's "In play" panel, tapped open (a wide screen shows every panel)."""
    if seat.width == 390:
        tab = seat.person.page.locator("#tab-play")
        if tab.get_attribute("aria-selected") != "true":
            tab.tap()


def setup_encounter(runner: Seat) -> Locator:
    """The setup screen opened on the encounter: "Put something into play", then what (Encounter)."""
    page = runner.person.page
    at_play(runner)
    box = page.locator("#trackers details.setup-box")
    if not box.evaluate("d => d.open"):
        box.locator("> summary").click()
    expect(box.locator("form.setup")).to_be_visible(timeout=WAIT)  # the first kind's, drawn on opening
    page.locator("#tr-kind").select_option("encounter")
    form = box.locator("form.setup")
    expect(form.locator("input[name='tracker']")).to_have_value("encounter", timeout=WAIT)
    return form


def lineup_row(form: Locator, hero: str) -> Locator:
    return form.locator("table.lineup tbody tr").filter(
        has=form.page.locator("strong", has_text=re.compile(f"^{hero}$"))
    )


def received(seat: Seat, secret: str) -> bool:
    """Whether the page or any socket frame the seat received holds `secret`."""
    return secret in seat.person.page.content() or any(secret in f for f in seat.frames)


def everyone_sees(people: tuple[Seat, ...], text: str, said_es: str = "") -> None:
    for seat in people:
        shown = said_es if (said_es and seat.person.lang == "es") else text
        expect(seat.person.page.locator("#log")).to_contain_text(shown, timeout=WAIT)


def scores(seat: Seat) -> list[str]:
    """The live scoreboard's numbers on the seat's board, hero by hero."""
    return [t.split()[0] for t in board(seat).locator(".board-lead dd").all_inner_texts()]


def scoreboard(seat: Seat) -> str:
    """The live scoreboard of the encounter on the seat's board (its rows, as text)."""
    return tb.text_of(board(seat).locator(".board-lead").inner_html())


def vp_totals(seat: Seat) -> dict[str, int]:
    """Each hero's victory points as his sheet at the table holds them (each character's JSON, from the page)."""
    found = seat.person.page.evaluate(
        "() => Promise.all([...document.querySelectorAll('#characters .sheets a[download]')]"
        ".map(a => fetch(a.href, {credentials: 'same-origin'}).then(r => r.json())))"
    )
    sheets = [c.get("sheet", c) for c in found]
    return {str(c["name"]): int(c.get("vp_total", 0)) for c in sheets}


def test_a_four_player_session(browser: Browser, server: str) -> None:
    gm = tb.start_table(browser, server, "rune")
    people = {
        "Norn": Seat(gm, 1400),
        "Ana": Seat(tb.join(browser, gm, "Ana", lang="es"), 1400),
        "Bo": Seat(phone_join(browser, gm, "Bo"), 390),
        "Cy": Seat(tb.join(browser, gm, "Cy", lang="en"), 1400),
    }
    everyone = tuple(people.values())
    clicks: dict[str, dict[str, int]] = {}
    try:
        for seat in everyone:
            tb.make_character(seat.person, "rune", {**shared.sheet_values("rune"), "name": seat.hero})
        for seat in everyone:
            seat.person.page.reload()
            tb.live(seat.person)
            expect(seat.person.page.locator("#characters .sheets")).to_contain_text("Astrid", timeout=WAIT)
            shots(seat, "0-heroes", "#characters")
            spanish(seat, "heroes")
        limit = budget_limit([0] * len(everyone), RuneOptions().base_limit)  # the first: nobody has VP yet
        for number, name in enumerate(os.environ.get("RUNE_SESSION_RUNNERS", " ".join(RUNNERS)).split(), 1):
            clicks[name] = run_encounter(people, people[name], number)
        print("clicks", json.dumps(clicks, indent=1))
        after_the_four(people, limit)
    finally:
        for seat in everyone:
            seat.person.close()


def after_the_four(people: dict[str, Seat], first_limit: int) -> None:
    """The session's scoreboard names the winner on every page; each hero's sheet shows his new total; the next
    encounter's budget limit follows the totals."""
    everyone = tuple(people.values())
    totals = vp_totals(people["Norn"])
    assert set(totals) == set(HEROES.values()) and any(v > 0 for v in totals.values()), totals
    best = max(totals.values())  # everyone started at 0: the largest total is the largest gain
    winners = sorted(h for h, v in totals.items() if v == best)
    print("totals", totals, "winners", winners)
    for seat in everyone:
        at_play(seat)
        summary = seat.person.page.locator("#trackers .table-summary")
        expect(summary).to_be_visible(timeout=WAIT)
        leads = summary.locator(".sheet-row.is-derived dt")
        expect(leads).to_have_count(len(winners) if len(winners) < len(totals) else 0)
        for row, hero in zip(leads.all(), winners, strict=False):
            expect(row).to_contain_text(hero)
        shots(seat, "5-session", "#trackers .table-summary")
        spanish(seat, "session")
        sheets = seat.person.page.locator("#characters .sheets > li")
        for hero, total in totals.items():
            sheet = sheets.filter(has=seat.person.page.locator("strong", has_text=re.compile(f"^{hero}$")))
            vp = sheet.locator(".sheet-row").filter(has_text=re.compile("Victory points|Puntos de victoria")).first
            expect(vp).to_contain_text(re.compile(rf"(^|\D){total}\D"), timeout=WAIT)  # "40 in all, 0 spent..."
    # the next encounter: its designer's budget limit is worked out from the new totals
    ana = people["Ana"]
    form = setup_encounter(ana)
    form.locator("input[name='x.title']").fill("Saga 5")
    form.locator("button.primary").click()
    link = board(ana).locator("a.move-link[href$='/edit/notes']")
    expect(link).to_be_visible(timeout=WAIT)
    link.click()
    limit = budget_limit(list(totals.values()), RuneOptions().base_limit)
    strip = ana.person.page.locator("#editor-preview .budget-strip")
    expect(strip).to_contain_text(f"0 / {limit}", timeout=WAIT)
    print("budget limit", first_limit, "->", limit)
    shots(ana, "6-next-budget", "body")
    spanish(ana, "next budget")


def run_encounter(people: dict[str, Seat], runner: Seat, number: int) -> dict[str, int]:
    everyone = tuple(people.values())
    others = tuple(s for s in everyone if s is not runner)
    order = list(HEROES.values())
    proxy_hero = order[(order.index(runner.hero) + 1) % len(order)]
    proxy = next(s for s in everyone if s.hero == proxy_hero)
    step = f"{number}{runner.name.lower()}"
    counted: dict[str, int] = {}
    page = runner.person.page

    # -- the setup: every hero ticked, the runner himself and his proxy the next hero, by default ----------------
    runner.person.clicks.reset()
    form = setup_encounter(runner)
    for hero in HEROES.values():
        expect(lineup_row(form, hero).locator("input[type=checkbox]")).to_be_checked()
    expect(form.locator("select[name='x.runner']")).to_have_value(runner.hero)
    expect(form.locator("select[name='x.proxy']")).to_have_value(proxy.hero)
    handed = lineup_row(form, runner.hero)
    expect(handed.locator(".played-with")).to_contain_text(proxy_hero)  # his own hero handed to the proxy
    form.locator("input[name='x.title']").fill(f"Saga {number}")
    shots(runner, f"{step}-1-setup")
    spanish(runner, "setup")
    form.locator("button.primary").click()
    notes_link = board(runner).locator("a.move-link[href$='/edit/notes']")
    expect(notes_link).to_be_visible(timeout=WAIT)
    counted["setup"] = runner.person.clicks.count()
    for seat in everyone:
        expect(seat.person.page.locator("#trackers article.tracker")).to_have_count(number, timeout=WAIT)
    shots(runner, f"{step}-2-started")
    spanish(runner, "started")

    # -- the designer: a refused design first (a Terrifying foe for four heroes), then a small encounter ------------
    runner.person.clicks.reset()
    notes_link.click()
    expect(page.locator("#editor")).to_be_visible(timeout=WAIT)
    threat = page.locator(f"[name='{NOTES}.combat.foes.0.threat']")
    first_threat = threat.input_value()
    threat.select_option("terrifying")  # a Terrifying foe: its Mix is far over four heroes
    foe = page.locator("li.row").filter(has=threat).last  # the foe's own row (inside its event's)
    expect(foe.locator(".error.beside")).to_contain_text(re.compile("Mix|Mezcla"), timeout=WAIT)  # beside the foes
    expect(page.locator(f"[name='{NOTES}.combat.foes.0.type']")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"[name='{NOTES}.summary']")).not_to_have_attribute("aria-invalid", "true")
    settled(runner)
    shots(runner, f"{step}-3-refused", "body")
    spanish(runner, "refused")
    logs = {s.name: (log_size(s), len(s.frames)) for s in everyone}
    page.locator("#editor button[type=submit]").click()
    expect(page.locator("#editor-said")).to_contain_text(re.compile("Mix|Mezcla"), timeout=WAIT)  # refused, why
    expect(page.locator("#editor")).to_be_visible()  # still on the designer
    for seat in everyone:  # nothing stored: no entry in anyone's log, no event on anyone's socket
        assert log_size(seat) == logs[seat.name][0], seat.name
        assert not any('"seq"' in f for f in seat.frames[logs[seat.name][1] :]), seat.name
    threat.select_option(first_threat)
    expect(page.locator("#editor .error.beside")).to_have_count(0, timeout=WAIT)
    expect(page.locator("#editor-said")).to_be_empty()  # the refusal was about the notes as they were
    page.locator(f"fieldset[data-rows='{NOTES}.rolls'] > button[data-add-row]").click()
    roll = f"{NOTES}.rolls.0"
    secret_roll = f"Hrafnsey {number}"
    secret_summary = f"Grimsmire {number}"
    page.fill(f"[name='{roll}.name']", secret_roll)
    page.select_option(f"[name='{roll}.ability']", "jump")
    page.fill(f"[name='{roll}.difficulty']", "5")
    page.fill(f"[name='{NOTES}.summary']", secret_summary)
    page.fill(f"[name='{NOTES}.combat.foes.0.name']", "Grak")  # a name of his own (the default is the type's)
    settled(runner)
    shots(runner, f"{step}-4-designed", "body")
    spanish(runner, "designed")
    page.locator("#editor button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/[^/]+$"), timeout=WAIT)
    tb.live(runner.person)
    counted["design"] = runner.person.clicks.count()
    for seat in others:
        assert not received(seat, secret_summary), f"{seat.name} received the notes"
        assert not received(seat, secret_roll), f"{seat.name} received the notes"
    at_play(runner)
    shots(runner, f"{step}-5-saved")

    # -- begin, a roll of the notes, scored on the scoreboard everyone sees -----------------------------------------
    runner.person.clicks.reset()
    action(board(runner), "begin").locator("button.move-go").click()
    rolls = action(board(runner), "noted_roll")
    expect(rolls.first).to_be_visible(timeout=WAIT)
    before = {s.name: scoreboard(s) for s in everyone}
    rolls.first.locator("button.move-go").click()
    for seat in everyone:
        expect(seat.person.page.locator("#log")).to_contain_text(secret_roll, timeout=WAIT)
    counted["begin and roll"] = runner.person.clicks.count()
    for seat in everyone:
        at_play(seat)
        shots(seat, f"{step}-6-rolled")
        spanish(seat, "rolled")
    print("scoreboard", before[runner.name], "->", scoreboard(runner))
    shown = scores(runner)
    for seat in everyone:  # the same scores on every page, live (each in its words), the runner's marked
        expect(board(seat).locator(".board-lead dd")).to_have_text([re.compile(rf"^{n}\b") for n in shown])
        expect(board(seat).locator(".board-lead")).to_contain_text(runner.hero)

    # -- the fight: each player rolls initiative for his own hero from his own page; two rounds -------------------
    runner.person.clicks.reset()
    action(board(runner), "fight").first.locator("button.move-go").click()
    player_of = {s.hero: s for s in everyone}
    player_of[runner.hero] = proxy
    expect(board(runner).locator(".bcard")).not_to_have_count(0, timeout=WAIT)
    foes = [k for k in card_keys(runner) if k not in HEROES.values()]
    assert foes, "the fight has no foes"
    for seat in everyone:
        seat.person.clicks.reset()
    initiative(runner, player_of, foes)
    counted |= {f"initiative {s.name}": s.person.clicks.count() for s in everyone}
    mine = action(card(runner, runner.hero), "initiative")
    for seat in everyone:
        shots(seat, f"{step}-7-initiative")
        spanish(seat, "initiative")
    heroes = list(HEROES.values())
    # round 1: each hero closes in on a foe (a half move, 10 paces: the foes stand 12 away), the foes wait
    for seat in everyone:
        seat.person.clicks.reset()
    take_turns(
        runner, player_of, lambda key: ("move", (10, 2 * heroes.index(key))) if key in heroes else ("pass", None)
    )
    counted |= {f"round 1 {s.name}": s.person.clicks.count() for s in everyone}
    for seat in everyone:
        shots(seat, f"{step}-8-closed-in")
        spanish(seat, "closed in")
    end = action(board(runner), "end_round")
    end.locator("button.move-go").click()
    # round 2: initiative again, then everyone attacks the one facing him (two clicks: Attack, the target)
    initiative(runner, player_of, foes)
    for seat in everyone:
        seat.person.clicks.reset()
    take_turns(
        runner,
        player_of,
        lambda key: (
            ("attack", foes[min(heroes.index(key), len(foes) - 1)])
            if key in heroes
            else ("attack", "")  # a foe: whom the rules let it attack (its flowchart may name one)
        ),
    )
    counted |= {f"round 2 {s.name}": s.person.clicks.count() for s in everyone}
    for seat in everyone:
        shots(seat, f"{step}-9-attacked")
        spanish(seat, "attacked")
    _ = mine

    # -- the fight ended, the encounter settled, the notes shown --------------------------------------------------
    runner.person.clicks.reset()
    ending = action(board(runner), "end_combat")
    ending.locator("button.move-go").click()
    if ending.locator(".move-ask").is_visible():
        ending.locator(".move-ask button[type=submit]").click()
    settle = action(board(runner), "settle")
    expect(settle).to_be_visible(timeout=WAIT)
    before = log_size(runner)
    settle.locator("button.move-go").click()
    expect(runner.person.page.locator("#log > li")).not_to_have_count(before, timeout=WAIT)
    # Show the notes once the settled board is drawn: its button was there all along, and a click on a board
    # being drawn anew that very moment is lost (as a person's: he would click again)
    expect(board(runner)).to_have_class(re.compile(r"\bboard-done\b"), timeout=WAIT)
    for _ in range(3):
        show = action(board(runner), "disclose")
        if not show.count():
            break  # shown: its button is gone
        before = log_size(runner)
        try:
            show.locator("button.move-go").click(timeout=5000)
            expect(runner.person.page.locator("#log > li")).not_to_have_count(before, timeout=5000)
            break
        except (AssertionError, PlaywrightTimeout):
            continue
    for seat in everyone:  # the notes, shown to everyone now, live (no reload)
        expect(board(seat)).to_contain_text(secret_summary, timeout=WAIT)
    counted["end, settle, show"] = runner.person.clicks.count()
    # a click each (End the fight, its Do it; Settle; Show the notes), no form to fill, no reload
    assert counted["end, settle, show"] <= 4, counted
    # the setup: open "Put something into play", pick Encounter, Start (and the phone's tab): the heroes ticked,
    # the runner, his proxy and who plays whom are the defaults; the designer: the threat picked twice, Save
    # twice (once refused), a roll added and its Ability picked; Begin and the roll of the notes: one each
    assert counted["setup"] <= 3 + (runner.width == 390), counted
    assert counted["design"] <= 7, counted
    assert counted["begin and roll"] == 2, counted
    for seat in everyone:
        shots(seat, f"{step}-10-settled")
        spanish(seat, "settled")
    return counted


def card_keys(seat: Seat) -> list[str]:
    return [str(k) for k in board(seat).locator(".bcard").evaluate_all("cs => cs.map(c => c.dataset.key)")]


def map_point(seat: Seat, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the fight's point (x, y) in paces is (tests/test_browser_tracker_rune.py's)."""
    svg = board(seat).locator("svg[data-map]")
    svg.evaluate("e => e.scrollIntoView({block: 'center'})")
    found = svg.evaluate(
        "(svg, [x, y]) => { const d = svg.dataset;"
        " const p = new DOMPoint(x - Number(d.originX), Number(d.height) - (y - Number(d.originY)))"
        ".matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }",
        [x, y],
    )
    return float(found[0]), float(found[1])


def log_size(seat: Seat) -> int:
    return seat.person.page.locator("#log > li").count()


def initiative(runner: Seat, player_of: dict[str, Seat], foes: list[str]) -> None:
    """Each hero's initiative rolled by his player on his own page, each foe's by the runner."""
    for key, seat in [*player_of.items(), *((f, runner) for f in foes)]:
        at_play(seat)
        for attempt in range(2):  # (a click that landed as the board was redrawn is made again, as a person would)
            move = action(card(seat, key), "initiative")
            if attempt and not move.count():
                break
            expect(move).to_be_visible(timeout=WAIT)
            move.locator("button.move-go").click()
            ask = move.locator(".move-ask")
            if ask.count() and ask.is_visible():
                ask.locator("button[type=submit]").click()
            try:
                expect(action(card(seat, key), "initiative")).to_have_count(0, timeout=WAIT)
                break
            except AssertionError:
                left = action(card(seat, key), "initiative")
                said = left.locator(".move-said").all_inner_texts() if left.count() else []
                assert attempt == 0 and not any(said), f"{key}'s initiative: {said or 'still offered'}"


def roll_off(runner: Seat) -> None:
    """Heroes tied on a step roll off: the runner's button (a table move of the fight). (A click on a board
    being redrawn that very moment is lost, as a person's would be: he clicks again.)"""
    for _ in range(3):
        tie = action(board(runner), "tiebreak")
        if not tie.count():
            return
        before = log_size(runner)
        try:  # (a board redrawn since it was counted may have no roll-off left: an earlier click was taken)
            tie.locator("button.move-go").click(timeout=5000)
        except PlaywrightTimeout:
            continue
        try:
            expect(runner.person.page.locator("#log > li")).not_to_have_count(before, timeout=WAIT)
            return
        except AssertionError:
            said = tie.locator(".move-said").all_inner_texts() if tie.count() else []
            assert not any(said), f"{runner.name}'s roll-off was refused: {said}"
    raise AssertionError(f"{runner.name}'s roll-off did nothing")


def take_turns(runner: Seat, player_of: dict[str, Seat], plan: Any) -> None:
    """Whoever acts now acts, from the page of the one who plays him (the runner for a foe), as `plan(key)`
    says: ("move", (x, y)), ("attack", target) or ("pass", None); an attack the rules refuse (out of reach) is
    followed by a pass. Until nobody has an action left."""
    for _ in range(60):
        waiting = board(runner).locator(
            ".bcard.is-active, form[data-move]:has(input[name=action][value='end_round']),"
            " form[data-move]:has(input[name=action][value='tiebreak'])"
        )
        expect(waiting.first).to_be_visible(timeout=WAIT)
        roll_off(runner)
        active = board(runner).locator(".bcard.is-active")
        if not active.count():
            if action(board(runner), "end_round").count():
                return  # nobody has an action left
            runner.person.page.wait_for_timeout(200)  # a board on its way
            continue
        turn = now(runner)
        key = str(active.first.get_attribute("data-key"))
        seat = player_of.get(key, runner)
        at_play(seat)
        before = log_size(runner)
        kind, what = plan(key)
        mine = card(seat, key)
        if kind == "move" and action(mine, "move").count():
            move = action(mine, "move")
            move.locator("button.move-go").click()
            seat.person.page.mouse.click(*map_point(seat, *what))
            expect(move.locator("[data-chosen]")).not_to_be_empty()
            move.locator(".move-ask button[type=submit]").click()
            try:
                expect(runner.person.page.locator("#log > li")).not_to_have_count(before, timeout=WAIT)
            except AssertionError:
                told = move.locator(".move-said").all_inner_texts(), move.locator("[data-chosen]").inner_text()
                raise AssertionError(f"{seat.name}: {key}'s move to {what} did nothing: {told}") from None
            if action(card(seat, key), "pass").count() and "is-active" in (
                card(seat, key).get_attribute("class") or ""
            ):
                before = log_size(runner)
                action(card(seat, key), "pass").locator("button.move-go").click()
        elif kind == "attack" and action(mine, "attack").count():
            attack = action(mine, "attack").first
            what = what or (attack.get_attribute("data-targets") or "").split("\n")[0]
            attack.locator("button.move-go").click()  # (not "Close in and attack")
            pick = card(seat, what).locator("button.pick")
            try:
                expect(pick).to_be_visible(timeout=WAIT)
            except AssertionError:
                raise AssertionError(
                    f"{seat.name}: {key} cannot pick {what}: targets {attack.get_attribute('data-targets')!r},"
                    f" {board(seat).locator('[data-arming]').inner_text()!r}, {now(seat)!r} vs {turn!r}"
                ) from None
            pick.click()
        else:
            action(mine, "pass").locator("button.move-go").click()
        try:
            expect(runner.person.page.locator("#log > li")).not_to_have_count(before, timeout=WAIT)
        except AssertionError:
            said = mine.locator(".move-said").all_inner_texts()
            raise AssertionError(f"{key}'s {kind} did nothing: {said}") from None
        runner.person.page.wait_for_function(f"([prev]) => ({NOW}) !== prev", arg=[turn], timeout=WAIT)


# The turn on the runner's newest board: the active entry of the order (its place and words), "" for none.
NOW = """(() => { const t = [...document.querySelectorAll('#trackers article.tracker')].pop();
  const all = t ? [...t.querySelectorAll('.board-order li')] : [];
  const li = all.find(l => l.classList.contains('is-active'));
  return li ? all.indexOf(li) + ':' + li.textContent : ''; })()"""


def now(runner: Seat) -> str:
    return str(runner.person.page.evaluate(NOW))


def settled(seat: Seat) -> None:
    """The designer's preview is not on its way (htmx marks its box while it asks)."""
    expect(seat.person.page.locator("#editor-preview.htmx-request")).to_have_count(0, timeout=WAIT)


_ = (budget_limit, RuneOptions)
