"""No English on a Spanish page (issue 12): for every system in the registry a lively table is played in
Spanish (the game master and a player, a character, a roll of every mechanic in every roll mode, a roll by
hand, an undo, a note, each tracker with a few actions), then every page and fragment a person sees is read
as a person reads it (text and the attributes shown: title, placeholder, aria-label, alt, a button's value)
and any text that is English, or a program value (a dict, True, a flag, a snake_case id), fails the test
naming the text and the page it was on.

English is found by words that never occur in Spanish: a core list, plus every word the catalogs' English
source texts use that no Spanish translation uses. What is legitimately not Spanish is allowed by name: the
names typed here, the books' titles, "Runehall".

The trackers' boards are read too (each board as the game master and the player see it, after each action
played): Midgard's and Rune's books are in English, so their boards, as their sheets, show a book's term with
the reader's word beside it ("Weapon (Arma)"); such a term is allowed where its catalog's Spanish is beside it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from html import unescape
from html.parser import HTMLParser
from importlib import resources
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from tests.test_web import join, new_table
from tests.test_words_everywhere import EXAMPLES

from runehall.present.check import program_values
from runehall.present.words import SHARED
from runehall.systems import registry
from runehall.web.forms import fields
from test_midgard_combat_play import ASTRID, ULF
from test_rune_advancement import ragnar
from test_rune_combat import RAGNAR_SHEET
from test_rune_combat_cli import FIGHT
from test_sheet_web import ATLA
from test_sheet_web import form_values as panel_values

HX = {"HX-Request": "true"}
# Words that are English and never Spanish (a, no, me, general, total... are both, so they are not here).
ENGLISH_CORE = frozenset(
    """
    the and of with is are you your yours roll rolls rolled attack attacks success successes failure failures margin
    hit hits miss misses damage field fields required must should input valid none true false this that these
    those from for when which who whom whose has have had points point skill skills target targets against value
    values wins win loses lose player players character characters name names table tables what where why how
    it its not or but if then than there their they them we our us he she his her him be been being was were
    will would can cannot could may might shall do does did done to by at on in into out up down over under
    after before between each every all any some more most less least only also just still yet again
    game master sheet sheets log undo undone note notes seed seeds fair verify verifiable hand chat send
    message people online join joined create created edit edited save changes print printable back
    outcome outcomes exactly odds average chance chances fill see show hide start play played turn round
    rounds action actions choose chosen option options rule rules yes dice die test tests opposed contest
    bonus difficulty health wound wounds armour armor weapon weapons shield shields defence defense strike
    block dodge initiative segment combat fight fighter move moves rest heal sleep hours awake stamina
    buyer seller bargain destiny bag trait traits void rune runes draw draws drawn cast casts
    level levels hero heroes experience award buy insure restore encounter adventure
    """.split()
)
# English words that are Spanish words too: never counted as English.
SPANISH_TOO = frozenset(
    "dice has once come sale son pie van era fin con sin red mar ten den dan ante base total".split()
)
# Text that is legitimately not Spanish: the names typed here and the books' titles.
TYPED = (
    "Saga",
    "Norn",
    "Ana",
    "Bo",
    "Atla",
    "Astrid",
    "Ulf",
    "Ragnar",
    "Thurid",
    "Troll",
    "Casin",
    "Foldo",
    "Ulrik",
    "club",
)
# What a hint shows a person typing into a text field (its syntax): the field is the form's to improve.
TYPED_SYNTAX = ("NOMBRE:BONIFICADOR:hero", "leather_scale.prot=4")
BOOK_TITLES = ("Midgard: Viking Legends", "Rune", "Runehall")


@cache
def shipped_titles() -> tuple[str, ...]:
    """The titles of the encounters of the adventures Runehall ships (the designer's "A shipped encounter"
    lists them): the book's own names, as the notes give them, in no reader's language."""
    from runehall.systems.rune.encounters.shipped_notes import shipped_encounters

    return tuple({s.title for s in shipped_encounters()})


@cache
def _catalog(package: str) -> Any:
    po = resources.files(package).joinpath("locale", "es", "LC_MESSAGES", "messages.po")
    if not po.is_file():
        return None
    with po.open("rb") as f:
        return read_po(f, locale="es")


def _catalogs() -> list[Any]:
    packages = [SHARED, "runehall.web", *(type(s).__module__ for s in registry.systems().values())]
    return [c for c in map(_catalog, dict.fromkeys(packages)) if c is not None]


@cache
def book_terms(system_id: str) -> dict[str, frozenset[str]]:
    """A system whose book is not Spanish shows the book's terms with the reader's word beside them ("Weapon
    (Arma)", as its boards' term() make them): each Spanish word of its catalog, with the terms it translates."""
    system = registry.get(system_id)
    found: dict[str, set[str]] = {}
    if system.meta.language != "es":
        for m in _catalog(type(system).__module__) or ():
            if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string not in ("", m.id):
                found.setdefault(m.string, set()).add(m.id)
    return {gloss: frozenset(terms) for gloss, terms in found.items()}


def unglossed(text: str, terms_of: Mapping[str, Iterable[str]]) -> str:
    """`text` with each term that has its gloss beside it ("Weapon (Arma)") taken out, the gloss kept;
    `terms_of`: each gloss, with the terms it translates."""
    out, last = [], 0
    for m in re.finditer(r" \(([^()]+)\)", text):
        head = text[last : m.start()]
        for term in sorted(terms_of.get(m.group(1), ()), key=len, reverse=True):
            if re.search(rf"(?<!\w){re.escape(term)}$", head):
                head = head[: len(head) - len(term)]
                break
        out.append(head + m.group(0))
        last = m.end()
    return "".join(out) + text[last:]


def _tokens(text: str) -> list[str]:
    """The words of `text`, lower-cased; runs with digits or underscores (a hash, HEAL_6) are not words."""
    return [w for w in re.findall(r"\w+", re.sub(r"\{[^}]*\}|%\([^)]*\)s", " ", text.lower())) if w.isalpha()]


@cache
def english_words() -> frozenset[str]:
    """The core list, and every word of the catalogs' English texts that no Spanish text uses."""
    english: set[str] = set()
    spanish: set[str] = set()
    for catalog in _catalogs():
        for m in catalog:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            english.update(t for i in ids for t in _tokens(str(i)))
            spanish.update(t for s in strings for t in _tokens(str(s or "")))
    derived = {w for w in english - spanish if len(w) > 2}
    return frozenset((ENGLISH_CORE | derived) - SPANISH_TOO)


def english_in(text: str) -> list[str]:
    """The English words of `text`."""
    english = english_words()
    return [w for w in _tokens(text) if w in english]


VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "data-live-text", "data-retry-text")


class Visible(HTMLParser):
    """The text a person sees (or hears read) in a page: text nodes outside script and style, and the
    attributes shown. Subtrees left out for now (see the module's note) are skipped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.terms: dict[str, str] = {}  # the book's terms shown with the reader's word beside them: term -> word
        self._stack: list[tuple[str, bool]] = []  # open elements: tag, whether its subtree is left out
        self._gloss_of: str | None = None  # a term whose gloss is the next text

    def _left_out(self, tag: str, a: dict[str, str]) -> bool:
        return tag in ("script", "style")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if not any(skip for _, skip in self._stack):
            if tag == "small" and "gloss" in a.get("class", "").split() and self.texts:
                self._gloss_of = self.texts[-1]  # the term before its gloss: the book's word, translated beside
            self.texts += [a[name] for name in SHOWN_ATTRIBUTES if a.get(name)]
            if (tag == "button" or a.get("type") in ("submit", "button", "reset")) and a.get("value"):
                self.texts.append(a["value"])
        if tag in VOID:
            return
        if tag == "form" and (a.get("id") == "character-form" or a.get("id", "").startswith("edit-")):
            self._stack.append(("sheet-form", False))
        else:
            self._stack.append((tag, self._left_out(tag, a)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        names = ["form" if t == "sheet-form" else t for t, _ in self._stack]
        if tag in names:
            del self._stack[len(names) - 1 - names[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if not any(skip for _, skip in self._stack) and data.strip():
            self.texts.append(" ".join(data.split()))
            if self._gloss_of:
                self.terms[self._gloss_of] = self.texts[-1]
                self._gloss_of = None


def read(html: str) -> Visible:
    reader = Visible()
    reader.feed(html)
    reader.close()
    return reader


def visible(
    html: str, glossed: Mapping[str, str] | None = None, book: Mapping[str, frozenset[str]] | None = None
) -> list[str]:
    """The texts a person reads in `html`, with what may stay English taken out: the names and titles allowed,
    a book's term glossed on the page (Midgard's and Rune's sheets keep their English books' terms, the Spanish
    word beside them) wherever it appears there, and elsewhere a term with its gloss beside it ("Courage
    (Coraje)"; `glossed`: the terms the table's sheets gloss, term -> the reader's word; `book`: the book's
    terms by the reader's word, as book_terms gives them)."""
    reader = read(html)
    allowed = sorted({*BOOK_TITLES, *shipped_titles(), *TYPED, *TYPED_SYNTAX, *reader.terms}, key=len, reverse=True)
    terms_of: dict[str, set[str]] = {gloss: set(terms) for gloss, terms in (book or {}).items()}
    for term, gloss in (glossed or {}).items():
        terms_of.setdefault(gloss, set()).add(term)
    texts = []
    for text in reader.texts:
        text = unglossed(text, terms_of)
        for name in allowed:  # the longest first: "Midgard: Viking Legends" before a glossed "Legends"
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        texts.append(" ".join(text.split()))
    return [t for t in texts if t]


@dataclass
class Pages:
    """Every page and fragment read, by where it was read."""

    system: str = ""  # the table's system: its book's terms may show with their gloss beside
    shown: list[tuple[str, str]] = field(default_factory=list)

    def read(self, where: str, response: Any, status: int | tuple[int, ...] = 200) -> str:
        allowed = status if isinstance(status, tuple) else (status,)
        assert response.status_code in allowed, (where, response.status_code, response.text[:500])
        self.shown.append((where, response.text))
        return str(response.text)

    def problems(self) -> list[str]:
        glossed = {term: gloss for _, html in self.shown for term, gloss in read(html).terms.items()}
        book = book_terms(self.system) if self.system else {}
        found = []
        for where, html in self.shown:
            for text in visible(html, glossed, book):
                bad = english_in(text) + program_values(text)
                if bad:
                    found.append(f"{where}: {text!r} ({', '.join(dict.fromkeys(bad))})")
        return list(dict.fromkeys(found))


def spanish(client: TestClient) -> TestClient:
    """A browser that chose Spanish with the page's language switch."""
    assert client.post("/lang", data={"lang": "es"}, follow_redirects=False).status_code == 303
    assert client.cookies.get("rh_lang") == "es"
    return client


def form_values(model: Any, params: dict[str, Any]) -> dict[str, str]:
    """Values as a form may send them: groups and lists of groups whole as JSON, other lists comma-separated."""
    kinds = {f.name: f.kind for f in fields(model)}
    out = {}
    for name, value in params.items():
        if isinstance(value, dict) or (isinstance(value, list) and kinds.get(name) == "items"):
            out[name] = json.dumps(value, ensure_ascii=False)
        elif isinstance(value, list):
            out[name] = ", ".join(str(v) for v in value)
        elif isinstance(value, bool):
            out[name] = "on" if value else ""
        else:
            out[name] = str(value)
    return out


# How each system's table comes alive: a character (made with the web's form, or imported as JSON), and
# each tracker put into play with a few actions (their parameters as the API takes them, and runes or dice by
# hand where the action draws).
CHARACTERS: dict[str, dict[str, Any]] = {
    "ragnarok": ATLA,
    "midgard": ASTRID,
    "rune": {**RAGNAR_SHEET, "name": "Ragnar"},
}
TRACKERS: dict[str, list[tuple[str, dict[str, Any], list[tuple[str, dict[str, Any], str]]]]] = {
    "ragnarok": [
        ("tree", {"character": True}, [
            ("advance_time", {"hours": 1.5}, ""),
            ("wyrd", {}, "Týr,Bjarkan,Jór,Madhr"),
            ("damage", {"points": 1, "trait": "F", "allocate": ["Hagall"]}, ""),
        ]),
    ],
    "midgard": [
        ("combat", {"combatants": [{"id": "astrid", "character": ASTRID},
                                   {"id": "ulf", "side": "raiders", "character": ULF}]}, [
            ("next_segment", {}, ""),
            ("declare", {"actor": "ulf", "action": "strike", "target": "astrid"}, ""),
            ("declare", {"actor": "astrid", "action": "dodge"}, ""),
        ]),
    ],
    "rune": [
        ("combat", {"combatants": FIGHT}, [
            ("initiative", {"who": "Ragnar"}, "6"),
            ("initiative", {"who": "Thurid"}, "4"),
            ("initiative", {"who": "Troll"}, "3"),
            ("attack", {"who": "Ragnar", "target": "Troll"}, "10,1,2"),
        ]),
        ("advancement", {"hero": ragnar(), "vp_total": 100}, [
            ("award", {"vp": 160}, ""),
            ("note", {"ability": "great_weapon", "reason": "beat_dfn"}, ""),
            ("end_encounter", {}, ""),
        ]),
    ],
}  # fmt: skip


# A move the rules refuse, for each tracker: its refusal is said in Spanish too, a parameter named by its label
# (Ragnarök's heal of -1: "Puntos", not "points") and its choices as its form shows them (Rune's buy with a bad
# "how": "Cómo: ... 'experiencia' o 'entrenamiento'"; a note's bad reason: not 'listed_roll', 'beat_dfn').
REFUSED: dict[tuple[str, str], list[tuple[str, dict[str, Any]]]] = {
    ("midgard", "combat"): [("declare", {"actor": "nobody", "action": "dodge"}), ("resolve", {})],
    ("rune", "combat"): [("attack", {"who": "Troll", "target": "Nadie"}), ("initiative", {"who": "Ragnar"})],
    ("rune", "advancement"): [
        ("buy", {"ability": "great_weapon", "how": "sideways"}),
        ("note", {"ability": "great_weapon", "reason": "luck"}),
    ],
    ("ragnarok", "tree"): [("damage", {"points": 1, "trait": "F"}), ("heal", {"points": -1})],
}


def _seqs(client: TestClient, table_id: str) -> list[int]:
    return [int(s) for s in re.findall(r'data-seq="(\d+)"', client.get(f"/t/{table_id}/log?since=0").text)]


def _ids(html: str, pattern: str) -> list[str]:
    return list(dict.fromkeys(re.findall(pattern, html)))


def lively_table(client: TestClient, system_id: str, pages: Pages) -> None:
    """Play a Spanish table of `system_id` and read every page and fragment its people see."""
    gm = spanish(client)
    table_id = new_table(gm, system_id)
    player = spanish(join(gm, table_id, "Ana"))
    t = f"/t/{table_id}"
    system = registry.get(system_id)

    # A character (the web's form for Ragnarök, a JSON sheet imported for the others).
    cid = ""
    if system.Character is not None:
        sheet = CHARACTERS[system_id]
        if system_id == "ragnarok":
            made = gm.post(f"{t}/characters", data=sheet, follow_redirects=False)
        else:
            upload = {"file": ("sheet.json", json.dumps(sheet).encode(), "application/json")}
            made = gm.post(f"{t}/import-character", files=upload, follow_redirects=False)
        assert made.status_code == 303, made.text
        cid = _ids(gm.get(t).text, r"/characters/([\w-]+)/print")[0]

    # A roll of every mechanic (the table's and free dice), by the game master, with its odds read first.
    keys = [f"{sid}:{name}" for sid in dict.fromkeys([system_id, "dice"]) for name in registry.get(sid).mechanics()]
    for key in keys:
        sid, _, name = key.partition(":")
        params = form_values(registry.get(sid).mechanic(name).Params, EXAMPLES[sid, name])
        data = {"mechanic": key, **params}
        pages.read(f"panel {key}", gm.get(f"{t}/panel", params={"mechanic": key}))
        pages.read(f"odds {key} (blank)", gm.post(f"{t}/odds", data={"mechanic": key}))
        pages.read(f"odds {key}", gm.post(f"{t}/odds", data=data))
        pages.read(f"rolled {key}", gm.post(f"{t}/roll", data={**data, "visibility": "public"}, headers=HX))
    # A roll picked from a character's sheet in the roll panel (its card says whose and for what).
    if cid:
        key = keys[0]
        panel = gm.get(f"{t}/panel", params={"mechanic": key}).text
        picks = re.findall(r'<option value="(mechanic=[^"]+)"', panel)
        assert picks, f"{key}: the panel offers the character's rolls"
        picked = pages.read(f"panel {key} from the sheet", gm.get(f"{t}/panel?{unescape(picks[0])}", headers=HX))
        rolled = gm.post(f"{t}/roll", data={**panel_values(picked), "visibility": "public"}, headers=HX)
        pages.read(f"rolled {key} from the sheet", rolled)

    # Every roll mode, a roll by hand, a chat line, a note, and an undo.
    dice = {"mechanic": "dice:roll", "notation": "2d6"}
    pages.read("rolled for the GM", gm.post(f"{t}/roll", data={**dice, "visibility": "gm"}, headers=HX))
    pages.read("rolled: me and the GM", player.post(f"{t}/roll", data={**dice, "visibility": "private"}, headers=HX))
    pages.read("rolled blind", player.post(f"{t}/roll", data={**dice, "visibility": "blind"}, headers=HX))
    pages.read("rolled by hand", player.post(f"{t}/roll", data={**dice, "manual": "3,4"}, headers=HX))
    pages.read("chat sent", player.post(f"{t}/chat", data={"text": "¡Hola!", "visibility": "public"}, headers=HX))
    pages.read("note kept", gm.post(f"{t}/notes", data={"text": "El pozo esconde un ogro"}, headers=HX))
    pages.read("undone", gm.post(f"{t}/undo/{max(_seqs(gm, table_id))}", headers=HX))

    # The seed revealed and checked, a new invite code, and a third person who joins and loses access.
    pages.read("seed revealed", gm.post(f"{t}/rotate", headers=HX))
    pages.read("rolls verified", gm.post(f"{t}/verify", headers=HX))
    pages.read("invite code changed", gm.post(f"{t}/invite-code", headers=HX))
    spanish(join(gm, table_id, "Bo"))
    bo = next(p["id"] for p in gm.get(f"/api/tables/{table_id}").json()["participants"] if p["name"] == "Bo")
    pages.read("access revoked", gm.post(f"{t}/revoke/{bo}", headers=HX))

    # Each tracker put into play, a combatant handed to the player, a few actions.
    people = {p["name"]: p["id"] for p in gm.get(f"/api/tables/{table_id}").json()["participants"]}
    for tracker, setup, actions in TRACKERS.get(system_id, []):
        given = {k: v for k, v in setup.items() if k != "character"}
        started = gm.post(
            f"{t}/trackers",
            data={"tracker": tracker, "setup": json.dumps(given), "character_id": cid if "character" in setup else ""},
            headers=HX,
        )
        pages.read(f"started {tracker}", started)
        tracker_id = _ids(gm.get(t).text, r'<article class="tracker" aria-labelledby="tr-([\w-]+)"')[-1]
        path = f"{t}/trackers/{tracker_id}"
        article = gm.get(t).text.split(f'aria-labelledby="tr-{tracker_id}"')[1].split("</article>")[0]
        combatants = re.findall(r'name="ctl-([\w-]+)"', article)
        if combatants:
            handed = gm.post(f"{path}/controllers", data={f"ctl-{combatants[0]}": people["Ana"]}, headers=HX)
            pages.read(f"handed out {tracker}", handed)
        for who, browser in (("GM", gm), ("player", player)):
            pages.read(f"{tracker} board ({who})", browser.get(f"{path}/view"))
        for name, params, manual in actions:
            done = gm.post(path, data={"action": name, "params": json.dumps(params), "manual": manual}, headers=HX)
            pages.read(f"{tracker}: {name}", done)
            for who, browser in (("GM", gm), ("player", player)):
                pages.read(f"{tracker} board after {name} ({who})", browser.get(f"{path}/view"))
        for name, params in REFUSED.get((system_id, tracker), []):
            refused = gm.post(path, data={"action": name, "params": json.dumps(params)}, headers=HX)
            pages.read(f"{tracker}: {name}, refused", refused, 422)
        for who, browser in (("GM", gm), ("player", player)):
            screen = browser.get(f"{t}/trackers/setup", params={"tracker": tracker})
            pages.read(f"{tracker} setup screen ({who})", screen)
            again = browser.post(f"{t}/trackers/setup", data={"tracker": tracker, "setup_form": "1", "add": "1"})
            pages.read(f"{tracker} setup screen, a row added ({who})", again)

    # Every page and fragment, as the game master and as the player.
    for who, browser in (("GM", gm), ("player", player)):
        pages.read(f"table page ({who})", browser.get(t))
        pages.read(f"log ({who})", browser.get(f"{t}/log", params={"since": 0}))
        pages.read(f"people ({who})", browser.get(f"{t}/people"))
        pages.read(f"home ({who})", browser.get("/"))
        if system.trackers():
            pages.read(f"in play ({who})", browser.get(f"{t}/trackers"))
    pages.read("options", gm.get("/options", params={"system": system_id}))
    pages.read("revoke, asked", gm.get(f"{t}/revoke/{people['Ana']}"))
    if cid:
        pages.read("edit form", gm.get(f"{t}/characters/{cid}/edit"))
        sheet = CHARACTERS[system_id]
        typed = sheet if system_id == "ragnarok" else form_values(system.Character, sheet)
        pages.read("preview", gm.post(f"{t}/characters/preview", data=typed))
        pages.read("printable sheet", gm.get(f"{t}/characters/{cid}/print"))


@pytest.mark.parametrize("system_id", sorted(registry.systems()))
def test_a_lively_spanish_table_shows_no_english(client: TestClient, system_id: str) -> None:
    pages = Pages(system_id)
    lively_table(client, system_id, pages)
    assert len(pages.shown) > 20
    problems = pages.problems()
    assert not problems, f"{len(problems)} texts are not Spanish:\n" + "\n".join(problems)


def test_home_and_join_pages_show_no_english(client: TestClient) -> None:
    pages = Pages()
    table_id = new_table(spanish(client))
    code = re.search(r'id="invite-code">([0-9a-f]+)<', client.get(f"/t/{table_id}").text)
    assert code
    stranger = spanish(TestClient(client.app))
    pages.read("home (a newcomer)", stranger.get("/"))
    pages.read("join page", stranger.get("/join"))
    pages.read("invite link", stranger.get("/join", params={"code": code.group(1)}))
    pages.read("a table not joined", stranger.get(f"/t/{table_id}"), 403)
    pages.read("a wrong invite code", stranger.post("/join", data={"invite_code": "0000000000", "name": "Bo"}), 422)
    pages.read("a name taken", stranger.post("/join", data={"invite_code": code.group(1), "name": "Norn"}), 409)
    by_link = {"invite_code": "0000000000", "name": "Bo", "by_link": "1"}
    pages.read("a wrong invite link", stranger.post("/join", data=by_link), 422)
    pages.read("a table without a name", stranger.post("/tables", data={"gm_name": "Bo", "system": "dice"}), 422)
    t = f"/t/{table_id}"
    bad = {"mechanic": "rune:roll", "bonus": "mucho", "difficulty": "9"}
    pages.read("a refused roll", client.post(f"{t}/roll", data=bad, headers=HX), 422)
    pages.read("a refused roll, no script", client.post(f"{t}/roll", data=bad), 422)
    pages.read("refused odds", client.post(f"{t}/odds", data=bad))
    pages.read("a message too long", client.post(f"{t}/chat", data={"text": "x" * 4001}, headers=HX), 422)
    problems = pages.problems()
    assert not problems, f"{len(problems)} texts are not Spanish:\n" + "\n".join(problems)


def test_the_reader_finds_english_and_program_values_and_passes_spanish() -> None:
    page = (
        '<p title="Roll the dice">Tira los dados</p><script>var the = 1;</script>'
        '<button value="Save">Guardar</button><input placeholder="your name"><p>{\'kind\': True}</p>'
        '<form id="character-form"><div class="field"><label>Your name</label></div><p>Crear</p></form>'
        '<div class="tracker-view"><pre>Round 1</pre></div><p>Ragnar ataca a Troll</p>'
        '<dl><dt>Alertness <small class="gloss">Alerta</small></dt>'
        "<dd>2 <span>Tirar Alertness (Astrid)</span></dd></dl>"
    )
    texts = visible(page)
    assert texts == ["Roll the dice", "Tira los dados", "Save", "Guardar", "your name", "{'kind': True}",
                     "Your name", "Crear", "Round 1", "ataca a", "Alerta", "2", "Tirar ( )"]  # fmt: skip
    assert english_in("Roll the dice") == ["roll", "the"] and english_in("your name") == ["your", "name"]
    assert english_in("Tira los dados") == [] and visible("<p>Midgard: Viking Legends · Ragnar ataca a Troll</p>") == [
        "· ataca a"
    ]
    picker = "<option>Astrid · Alertness (Alerta)</option><option>Astrid · Alertness</option>"
    assert visible(picker, {"Alertness": "Alerta"}) == ["· (Alerta)", "· Alertness"]  # the word beside, or not
    book = {"Arma": frozenset({"Weapon"}), "Hacha barbuda": frozenset({"Bearded Axe"})}
    board = "<p>Weapon (Arma) · Great Weapon (Arma) · Weapon (Escudo) · Strike con Bearded Axe (Hacha barbuda)</p>"
    assert visible(board, book=book) == ["(Arma) · Great (Arma) · Weapon (Escudo) · Strike con (Hacha barbuda)"]
    assert book_terms("midgard")["Arma"] == {"Weapon"} and not book_terms("ragnarok")  # Ragnarök's book: Spanish
    assert english_in("Semilla cb706c21ffc5621f96bf3d8af39be4f66e61ef0ab9268b80c2a9c9bf1ad1887d") == []
    assert program_values("{'kind': True}") and program_values("great_weapon")
    assert {"success", "the", "character"} <= english_words() and not {"a", "no", "me", "total"} & english_words()
