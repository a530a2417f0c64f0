"""End to end in a real browser: a game master and a player play a short session for each system.

Playwright drives Debian's Chromium (RUNEHALL_CHROMIUM, set by dev.py test; never a downloaded browser).
axe-core (RUNEHALL_AXE, from its npm package) checks every page for serious or critical violations.
Screenshots of every page at desktop and phone widths go to artifacts/screenshots/ (git-ignored).
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright
from tests.sheet_form import fill_sheet

from runehall.service.app import create_app
from runehall.storage.db import Database

CHROMIUM = os.environ.get("RUNEHALL_CHROMIUM", "")
AXE = os.environ.get("RUNEHALL_AXE", "")
SHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
SECRET_NOTATION = "1d20+31337"
WAIT = 20_000  # ms: how long a page, a fetch or a live redraw may take on a busy machine (a wait, not a speed check)

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and AXE), reason="browser tests run through `python3 dev.py test` (it provides Chromium and axe-core)"
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = Database(f"sqlite:///{tmp_path_factory.mktemp('web') / 'runehall.sqlite3'}")
    database.migrate()
    port = _free_port()
    config = uvicorn.Config(create_app(database), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)
    database.dispose()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def check_accessibility(page: Page, name: str) -> None:
    """axe-core on the page as it is now: no serious or critical violation; a screenshot at both widths.
    axe is evaluated through the DevTools protocol: the page's CSP (rightly) refuses it as an inline script."""
    page.evaluate(Path(AXE).read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    assert not serious, f"{name}: {serious}"


def watch_policy(*pages: Page) -> list[str]:
    """What the Content-Security-Policy refused on these pages (Chromium reports each refusal on the
    console), gathered across navigations; a page that needs an inline script or style shows up here."""
    refused: list[str] = []
    for page in pages:
        page.on(
            "console",
            lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None,
        )
    return refused


def fill_params(page: Page, params: dict[str, str]) -> None:
    for name, value in params.items():
        control = page.locator(f"#p-{name}")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)


def sheet_of(system: str) -> dict[str, Any]:
    """A valid sheet of the system (the rules tests' own examples)."""
    if system == "ragnarok":
        return {"name": "Ulrik", "essence": ["Týr", "Bjarkan", "Fé"], "destiny": 2, "void": {"trait": "E"}}
    if system == "midgard":
        from test_midgard_character import ch1

        return ch1()
    from test_rune_hero import ragnar

    return ragnar()


def sheet_values(system: str) -> dict[str, str]:
    """A valid sheet of the system as text sent whole under each field's name: lists comma-separated, groups
    and tables as JSON (what the API takes; the structured form sends the same as rows, tests/sheet_form.py)."""
    from runehall.systems import registry
    from runehall.web.forms import fields

    kinds = {f.name: f.kind for f in fields(registry.get(system).Character)}  # type: ignore[arg-type]
    shown = {}
    for name, value in sheet_of(system).items():
        if value is None or value == "none":
            continue  # left at the form's default, its empty choice
        if kinds[name] in ("list", "rows", "picks"):
            shown[name] = ", ".join(str(v) for v in value)
        elif kinds[name] in ("group", "scores", "items", "table"):
            shown[name] = json.dumps(value, ensure_ascii=False)
        else:
            shown[name] = str(value)
    return shown


def choose_mechanic(page: Page, key: str) -> None:
    page.select_option("#mechanic", key)
    expect(page.locator("#roll-form input[name=mechanic]")).to_have_value(key, timeout=WAIT)


def roll(page: Page, visibility: str = "public", manual: str = "", timeout: float = 5000) -> None:
    page.select_option("#roll-vis", visibility)
    opened = page.locator("details.manual").evaluate("d => d.open")
    if manual and not opened:
        page.click("details.manual summary")
    if manual or opened:
        page.fill("#manual", manual)
    page.click("#roll-form button[type=submit]")
    expect(page.locator("#roll-status .ok, #roll-status .error, #roll-status .rolled")).to_be_visible(timeout=timeout)


SYSTEMS = {
    "ragnarok": {
        "mechanic": "ragnarok:test",
        "params": {
            "bag": "4F,2M,1E",
            "destiny": "3",
            "void_trait": "E",
            "required_trait": "F",
            "difficulty": "3",
        },
        "odds": "2/7",  # spec 000 TV-17
        "manual": "F,F,E",
        "manual_text": "R 0",
        "character": "ragnarok",
        "bad_character": ("essence", [], ""),  # no rune picked (a rune cannot be picked twice)
    },
    "midgard": {
        "mechanic": "midgard:cast",
        "params": {"rune": "2", "difficulty": "1"},
        "odds": "3/4",  # spec 003 P-1
        "manual": "3,5",
        "manual_text": "success, margin 1",
        "character": "midgard",
        "bad_character": ("rune_points", {"F": 3, "Th": 4, "A": 0, "H": 3, "T": 9}, "4"),
    },
    "rune": {
        "mechanic": "rune:roll",
        "params": {"bonus": "4", "difficulty": "9"},
        "odds": "3/5",
        "manual": "7",
        "manual_text": "success by 2",
        "character": "rune",
        "bad_character": ("characteristics", {"str": 5}, "3"),
    },
    "dice": {
        "mechanic": "dice:roll",
        "params": {"notation": "2d6"},
        "odds": "1/36",
        "manual": "6,6",
        "manual_text": "12",
        "character": None,
        "bad_character": None,
    },
}


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_short_session(server: str, browser: Browser, system: str) -> None:
    plan: dict[str, Any] = SYSTEMS[system]
    gm_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    player_context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    gm, player = gm_context.new_page(), player_context.new_page()
    refused = watch_policy(gm, player)
    frames: list[str] = []
    player.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))

    # The game master creates the table.
    gm.goto(server + "/")
    check_accessibility(gm, f"{system}-home")
    gm.fill("#t-name", f"Saga {system}")
    gm.fill("#t-gm", "Norn")
    gm.select_option("#t-system", system)
    gm.click("form[action='/tables'] button[type=submit]")
    expect(gm.locator("h1")).to_have_text(f"Saga {system}")
    code = gm.locator("#invite-code").inner_text()
    assert re.fullmatch(r"[0-9a-f]{10}", code)

    # A player joins with the code (her browser speaks Spanish).
    player.goto(server + "/")
    expect(player.locator("#join-h")).to_have_text("Unirse a una mesa")
    player.fill("#j-code", code)
    player.fill("#j-name", "Ana")
    player.click("form[action='/join'] button[type=submit]")
    expect(player.locator("#live-state")).to_have_text("En directo", timeout=WAIT)
    expect(gm.locator("#log")).to_contain_text("Ana", timeout=1000)

    # A character: refused with its reason next to the field, then accepted.
    if plan["character"]:
        sheet = sheet_of(plan["character"])
        player.click("#characters summary")
        field, bad, reason = plan["bad_character"]
        fill_sheet(player, plan["character"], {**sheet, field: bad})
        player.click("#character-form button[type=submit]")
        expect(player.locator(f"#c-{field}-error")).to_contain_text(reason, timeout=WAIT)
        expect(player.locator(f"#c-{field}")).to_have_attribute("aria-invalid", "true")
        fill_sheet(player, plan["character"], {field: sheet[field]})
        player.click("#character-form button[type=submit]")
        expect(player.locator("#characters .sheets")).to_contain_text(sheet["name"], timeout=WAIT)

    # The odds appear as soon as the parameters are set, before rolling.
    choose_mechanic(player, plan["mechanic"])
    fill_params(player, plan["params"])
    expect(player.locator(f'#odds table.chart abbr[title="{plan["odds"]}"]').first).to_be_attached(timeout=WAIT)
    expect(player.locator("#odds-headline strong").first).to_be_visible()
    check_accessibility(player, f"{system}-table-player")

    # The player rolls; the game master sees it within a second.
    before = gm.locator("#log li.kind-roll").count()
    roll(player)
    expect(gm.locator("#log li.kind-roll")).to_have_count(before + 1, timeout=1000)

    # A roll by hand, validated and marked manual.
    roll(player, manual=plan["manual"])
    expect(gm.locator("#log li.kind-roll").last).to_contain_text(plan["manual_text"], timeout=1000)
    expect(gm.locator("#log li.kind-roll .source").last).to_have_text("by hand")

    # A game-master-only roll the player never receives.
    choose_mechanic(gm, "dice:roll")
    fill_params(gm, {"notation": SECRET_NOTATION})
    roll(gm, visibility="gm")
    expect(gm.locator("#log")).to_contain_text(SECRET_NOTATION, timeout=1000)
    gm.fill("#chat-text", "after the secret")
    gm.click("form.chat button[type=submit]")
    expect(player.locator("#log")).to_contain_text("after the secret", timeout=1000)
    assert SECRET_NOTATION not in player.content()
    assert frames and not any(SECRET_NOTATION in f or "31337" in f for f in frames)
    check_accessibility(gm, f"{system}-table-gm")

    # The game master undoes the player's roll: struck through for both, still in the log.
    player_roll = gm.locator("#log li.kind-roll").nth(before)
    seq = player_roll.get_attribute("data-seq")
    player_roll.locator("button").click()
    expect(player.locator(f"#e{seq}")).to_have_class(re.compile("revoked"), timeout=20_000)
    expect(gm.locator(f"#e{seq} del")).to_be_visible(timeout=20_000)

    # Reload: everything is still there.
    count = gm.locator("#log li").count()
    gm.reload()
    player.reload()
    expect(gm.locator("#log li")).to_have_count(count)
    expect(player.locator(f"#e{seq}")).to_have_class(re.compile("revoked"))
    assert SECRET_NOTATION not in player.content()
    assert refused == [], "\n".join(refused)  # the whole session ran under the policy without a single refusal
    gm_context.close()
    player_context.close()


def test_page_text_matches_the_log_json(server: str, browser: Browser) -> None:
    """The live log shows exactly what the server stored: the faces in the page are the stored tape."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server + "/")
    page.fill("#t-name", "Faces")
    page.fill("#t-gm", "Norn")
    page.select_option("#t-system", "dice")
    page.click("form[action='/tables'] button[type=submit]")
    choose_mechanic(page, "dice:roll")
    fill_params(page, {"notation": "3d6"})
    roll(page, manual="1,2,3")
    entry = page.locator("#log li.kind-roll")
    expect(entry).to_have_count(1, timeout=2000)  # the entry arrives over the live socket
    faces = entry.last.locator(".chip").all_inner_texts()
    assert faces == ["1", "2", "3"]
    assert json.loads(json.dumps(faces)) == faces
    context.close()


def test_what_is_in_play_follows_the_log_live(server: str, browser: Browser) -> None:
    """A move in a fight redraws the state on the player's page without a reload, leaving her form alone;
    something new put into play appears too."""
    gm_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    player_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    gm, player = gm_context.new_page(), player_context.new_page()
    gm.goto(server + "/")
    gm.fill("#t-name", "Skirmish")
    gm.fill("#t-gm", "Norn")
    gm.select_option("#t-system", "midgard")
    gm.click("form[action='/tables'] button[type=submit]")
    code = gm.locator("#invite-code").inner_text()
    player.goto(server + "/")
    player.fill("#j-code", code)
    player.fill("#j-name", "Ana")
    player.click("form[action='/join'] button[type=submit]")
    expect(player.locator("#live-state")).to_have_text("Live", timeout=WAIT)

    def put_into_play() -> None:
        """Two foes from the list, one moved to the players' side, from the setup screen."""
        box = gm.locator("#trackers-body > details.setup-box")
        if not box.evaluate("d => d.open"):
            box.locator("> summary").click()
        form = box.locator("form.setup")
        expect(form.locator("select[name='f.0.kind']")).to_be_visible(timeout=WAIT)
        form.locator("button[data-setup-button][name=add]").click()
        expect(form.locator("select[name='f.1.side']")).to_be_visible(timeout=WAIT)
        form.locator("select[name='f.1.side']").select_option(index=0)
        form.locator("button.primary[type=submit]").click()

    put_into_play()
    expect(player.locator("#trackers article.tracker")).to_have_count(1, timeout=20_000)
    view = player.locator("#trackers .tracker-view").first
    before = view.inner_text()
    begin = "form[data-move]:has(input[name=action][value=next_segment]) button.move-go"  # the board's button
    gm.locator(f"#trackers article.tracker {begin}").first.click()
    expect(view).not_to_have_text(before, timeout=20_000)
    put_into_play()
    expect(player.locator("#trackers article.tracker")).to_have_count(2, timeout=20_000)
    gm_context.close()
    player_context.close()


def test_the_pages_work_under_the_content_security_policy(server: str, browser: Browser) -> None:
    """No inline script runs (an injected one is refused), and what used to be inline handlers works from
    /static/app.js: the language choice, the GM link selecting itself, a sent message clearing its form."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    refused = watch_policy(page)
    page.goto(server + "/")
    assert "script-src 'self';" in context.request.get(server + "/").headers["content-security-policy"]
    page.fill("#t-name", "Policy")
    page.fill("#t-gm", "Norn")
    page.select_option("#t-system", "dice")
    page.click("form[action='/tables'] button[type=submit]")
    expect(page.locator("h1")).to_have_text("Policy")
    assert refused == [], refused

    page.fill("#chat-text", "hello under the policy")
    page.click("form.chat button[type=submit]")
    expect(page.locator("#log")).to_contain_text("hello under the policy", timeout=20_000)
    expect(page.locator("#chat-text")).to_have_value("", timeout=20_000)  # the form was reset after success

    page.locator("#gm-link").focus()
    selected = page.evaluate(
        "() => { const e = document.getElementById('gm-link');"
        " return [e.selectionStart, e.selectionEnd, e.value.length]; }"
    )
    assert selected[0] == 0 and selected[1] == selected[2] > 0

    page.select_option("#lang-select", "es")  # sent on change, by app.js
    expect(page.locator("#log-h")).to_have_text("Registro de la mesa", timeout=WAIT)
    assert refused == [], refused

    ran = page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.injected = 1';"
        " document.body.append(s); return window.injected === 1; }"
    )
    assert ran is False
    page.wait_for_timeout(200)
    assert any("inline script" in r for r in refused), refused  # refused, and reported
    context.close()
