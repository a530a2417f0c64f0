"""Sheets drawn as sheets at the web table (issue 12): the book's sections with the reader's words, no program
values, a roll link on every rollable line that opens the roll panel prefilled with the same odds as typing it.
Ragnarök's sheet is the example (its book is Spanish: Spanish terms, English glosses for an English reader)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

from tests.test_web import new_table

from runehall.present import words_for
from runehall.present.check import program_values
from runehall.present.odds import summarize
from runehall.storage.exports import TableExport
from runehall.systems import registry
from runehall.table.imports import check_import
from runehall.web.sheets import MAX_PREFILL_TEXT

SPANISH = {"Accept-Language": "es"}
ATLA = {
    "name": "Atla",
    "kind": "heroe",
    "essence": "Týr, Bjarkan, Jór, Madhr, Hagall, Fé",
    "destiny": "4",
    "void": '{"trait": "E"}',
    "skills": '{"abrir_cerraduras": 2, "pelea": 5}',
}


def with_atla(client: Any) -> tuple[str, str]:
    table_id = new_table(client)
    made = client.post(f"/t/{table_id}/characters", data=ATLA, follow_redirects=False)
    assert made.status_code == 303, made.text
    found = re.search(r"/characters/([\w-]+)/print", client.get(f"/t/{table_id}").text)
    assert found
    return table_id, found.group(1)


def sheets_of(html: str) -> str:
    """The Characters panel's list of sheets (not the form creating one)."""
    start = html.index('<ul class="sheets">')
    return html[start : html.index("</ul>\n", html.index("sheet-section", start))]


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def roll_links(html: str) -> dict[str, str]:
    """Each roll link's hidden label (the sheet's term) -> the panel address it asks for."""
    found = re.findall(r'hx-get="(/t/[^"]+/panel\?[^"]+)"[^>]*>[^<]*<span class="sr"> ([^(<]+) \(', html)
    return {label.strip(): unescape(url) for url, label in found}


class FormValues(HTMLParser):
    """What the roll form would send: each input's value, each select's chosen option, each text area's text."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.values[self._textarea] = self.values.get(self._textarea, "") + data

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name") and a.get("type") != "checkbox":
            self.values[a["name"]] = a.get("value", "")
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "textarea":
            self._textarea = a.get("name")
            self.values[a.get("name", "")] = ""
        elif tag == "option" and self._select and "selected" in a:
            self.values[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        if tag == "textarea":
            self._textarea = None


def form_values(html: str) -> dict[str, str]:
    parser = FormValues()
    start = html.index('id="roll-form"')
    parser.feed(html[start : html.index("</form>", start)])
    return {k: v for k, v in parser.values.items() if k not in ("visibility", "manual")}


def headline(odds_html: str) -> str:
    found = re.search(r'id="odds-headline".*?</div>', odds_html, re.S)
    assert found, odds_html
    return " ".join(text_of(found.group(0)).split())


def test_the_characters_panel_draws_the_sheet_in_the_books_terms_in_both_languages(client: Any) -> None:
    table_id, _ = with_atla(client)
    english = sheets_of(client.get(f"/t/{table_id}").text)
    spanish = sheets_of(client.get(f"/t/{table_id}", headers=SPANISH).text)
    for html in (english, spanish):
        shown = text_of(html)
        assert program_values(shown) == [], program_values(shown)
        for term in ("Esencia", "Rasgos", "Destino", "Runa del Vacío", "Habilidades", "Abrir cerraduras", "Heridas"):
            assert term in shown, term
        assert 'class="sheet-section"' in html and "abrir_cerraduras" not in shown and "heroe" not in shown
        assert "derived" not in shown and "unconscious_after_damage" not in html  # no dump of derived values
    # The book's word first, the reader's beside it: English glosses on the English page only.
    assert '<small class="gloss">Lock opening</small>' in english and "Lock opening" not in spanish
    assert "Týr, Bjarkan, Jór, Madhr, Hagall, and Fé" in text_of(english)
    assert "Týr, Bjarkan, Jór, Madhr, Hagall y Fé" in text_of(spanish)
    assert "18 health points" in text_of(english) and "18 puntos de vida" in text_of(spanish)
    # A warning the rules compute (Pelea at 5, past the usual 1 to 4), in the page's language.
    assert "levels usually run 1 to 4" in english and "los niveles suelen ir de 1 a 4" in spanish
    # Every skill, every trait and Destino carry a roll link.
    for html in (english, spanish):
        links = roll_links(html)
        assert {"Abrir cerraduras", "Pelea", "Físico", "Mental", "Espiritual", "Destino"} <= set(links), links
    assert ">Tirar<" in spanish and ">Roll<" in english


def test_the_printable_sheet_is_the_same_sheet_in_words(client: Any) -> None:
    table_id, character_id = with_atla(client)
    for headers, gloss in (({}, "Lock opening"), (SPANISH, "")):
        html = client.get(f"/t/{table_id}/characters/{character_id}/print", headers=headers).text
        shown = text_of(html[html.index("<article") :])
        assert program_values(shown) == [], program_values(shown)
        assert "Esencia" in shown and "Abrir cerraduras" in shown and "Pelea" in shown
        assert (gloss in shown) if gloss else ("Lock opening" not in shown)
        assert "hx-get" not in html  # no roll panel here: its roll links open the table page instead
        assert f'href="/t/{table_id}?mechanic=ragnarok%3Atest' in html


def test_a_roll_link_opens_the_panel_prefilled_with_the_odds_of_the_same_roll_typed(client: Any) -> None:
    table_id, _ = with_atla(client)
    link = roll_links(client.get(f"/t/{table_id}").text)["Abrir cerraduras"]
    panel = client.get(link, headers={"HX-Request": "true"})
    assert panel.status_code == 200
    sent = form_values(panel.text)
    assert sent["mechanic"] == "ragnarok:test"
    assert sent["destiny"] == "4" and sent["skill_level"] == "2" and sent["skill"] == "abrir_cerraduras"
    assert sent["void_trait"] == "E" and sent["required_trait"] == "F" and sent["difficulty"] == "3"
    from_sheet = client.post(f"/t/{table_id}/odds", data=sent).text
    typed = {
        "mechanic": "ragnarok:test",
        "bag": "tyr, bjarkan, jor, madhr, hagall, fe",
        "destiny": "4",
        "void_trait": "E",
        "skill_level": "2",
        "required_trait": "F",
        "difficulty": "3",
        "skill": "abrir_cerraduras",
    }
    by_hand = client.post(f"/t/{table_id}/odds", data=typed).text
    assert "%" in headline(from_sheet) and headline(from_sheet) == headline(by_hand)
    # and both are the engine's own odds of the sheet's Rollable
    system = registry.get("ragnarok")
    mechanic = system.mechanic("test")
    hero = system.character({"name": "Atla", "essence": ATLA["essence"], "destiny": 4, "void": {"trait": "E"},
                             "skills": {"abrir_cerraduras": 2, "pelea": 5}}, system.options())  # fmt: skip
    words = words_for("en", "ragnarok")
    roll = next(r.roll for s in hero.sheet(words).sections for r in s.rows if r.label == "Abrir cerraduras")
    assert roll is not None
    exact = mechanic.odds(mechanic.Params.model_validate(roll.params), system.options())
    first = summarize(mechanic, exact, words).headline[0]
    assert f"{first.label} {words.percent(first.probability)}" in headline(from_sheet)
    # The Roll button rolls what the panel holds.
    rolled = client.post(f"/t/{table_id}/roll", data=sent, headers={"HX-Request": "true"})
    assert rolled.status_code == 200, rolled.text


def test_without_javascript_the_roll_link_opens_the_table_page_with_the_panel_filled(client: Any) -> None:
    table_id, _ = with_atla(client)
    link = roll_links(client.get(f"/t/{table_id}").text)["Destino"]
    page = client.get(link.replace("/panel?", "?")).text
    assert '<option value="ragnarok:wyrd" selected>' in page
    sent = form_values(page)
    assert sent["mechanic"] == "ragnarok:wyrd" and sent["destiny"] == "4"
    assert sent["bag"] == "Týr, Bjarkan, Jór, Madhr, Hagall, Fé"  # the book's names, as a player types them


def test_a_prefill_takes_only_the_mechanics_own_fields_each_bounded(client: Any) -> None:
    table_id = new_table(client)
    asked = {
        "mechanic": "ragnarok:test",
        "p-destiny": "3",
        "p-evil": "<script>x</script>",
        "p-bag": "F" * (MAX_PREFILL_TEXT + 1),
    }
    panel = client.get(f"/t/{table_id}/panel", params=asked)
    assert panel.status_code == 200
    sent = form_values(panel.text)
    assert sent["destiny"] == "3" and "evil" not in sent and sent.get("bag", "") == ""
    assert "<script>x" not in panel.text
    unknown = client.get(f"/t/{table_id}", params={"mechanic": "nope:none", "p-destiny": "3"})
    assert unknown.status_code == 200 and '<option value="ragnarok:test" selected>' in unknown.text


def test_every_rollable_line_of_a_ragnarok_sheet_parses_and_has_odds() -> None:
    system = registry.get("ragnarok")
    options = system.options()
    hero = system.character(
        {"name": "Atla", "essence": ["tyr", "fe", "ur"], "destiny": 2, "void": {"trait": "M"},
         "skills": {"pelea": 1, "lanzar_hachas": 2}, "divine": {"bdp": 1}},
        options,
    )  # fmt: skip
    for lang in ("en", "es"):
        sheet = hero.sheet(words_for(lang, "ragnarok"), options)
        rows = [row for s in sheet.sections for row in s.rows]
        assert program_values(" ".join(f"{r.label} {r.gloss} {r.value}" for r in rows)) == []
        rolls = [row.roll for row in rows if row.roll is not None]
        assert len(rolls) == 3 + 2 + 1  # three traits, two skills, Destino
        for roll in rolls:
            mechanic = system.mechanic(roll.mechanic)
            odds = mechanic.odds(mechanic.Params.model_validate(roll.params), options)
            assert sum(p for _, p in odds.outcomes.items()) == 1
        assert any(r.label == "Lanzar hachas" for r in rows)  # a skill the rules do not list, read as words


def test_every_systems_sheet_draws_and_each_roll_link_opens_a_panel_with_odds(client: Any) -> None:
    from tests.test_browser import sheet_values

    for system_id in ("ragnarok", "rune", "midgard"):
        table_id = new_table(client, system_id)
        made = client.post(f"/t/{table_id}/characters", data=sheet_values(system_id), follow_redirects=False)
        assert made.status_code == 303, (system_id, made.text[:300])
        for lang in ({}, SPANISH):
            listed = client.get(f"/t/{table_id}", headers=lang).text
            shown = text_of(listed[listed.index('<ul class="sheets">') : listed.index("</ul>", listed.index("sheets"))])
            assert program_values(shown) == [], (system_id, program_values(shown))
        links = list(dict.fromkeys(unescape(u) for u in re.findall(r'hx-get="(/t/[^"]+/panel\?[^"]+)"', listed)))
        by_mechanic: dict[str, str] = {}
        for link in links:  # one link of each mechanic the sheet offers: its panel fills in and has odds
            by_mechanic.setdefault(re.search(r"mechanic=([^&]+)", link).group(1), link)  # type: ignore[union-attr]
        for link in by_mechanic.values():
            sent = form_values(client.get(link, headers={"HX-Request": "true"}).text)
            odds = client.post(f"/t/{table_id}/odds", data=sent).text
            assert 'class="error"' not in odds and "%" in headline(odds), (system_id, link, odds[:400])


def test_every_roll_form_offers_the_tables_characters_rolls(client: Any) -> None:
    """The roll panel of a mechanic lists each character's rolls of it; picking one opens the panel prefilled
    exactly as the sheet's own Roll link does."""
    table_id, _ = with_atla(client)
    panel = client.get(f"/t/{table_id}/panel", params={"mechanic": "ragnarok:test"}, headers={"HX-Request": "true"})
    options = dict(
        (unescape(label), unescape(value))
        for value, label in re.findall(r'<option value="(mechanic=[^"]+)">([^<]+)</option>', panel.text)
    )
    lockpicking = next(label for label in options if label.startswith("Atla · Abrir cerraduras"))
    assert any(label.startswith("Atla · Pelea") for label in options)
    picked = client.get(f"/t/{table_id}/panel?{options[lockpicking]}", headers={"HX-Request": "true"})
    link = roll_links(client.get(f"/t/{table_id}").text)["Abrir cerraduras"]
    from_link = client.get(link, headers={"HX-Request": "true"})
    assert form_values(picked.text) == form_values(from_link.text)
    dice = client.get(f"/t/{table_id}/panel", params={"mechanic": "dice:roll"}, headers={"HX-Request": "true"})
    assert 'id="from-sheet"' not in dice.text  # no character rolls plain dice


def test_a_roll_from_the_sheet_says_whose_and_for_what(client: Any) -> None:
    """The sheet's link carries the character and the line; the roll's card names them after the person, in
    every reader's language; a roll typed by hand says neither."""
    table_id, _ = with_atla(client)
    link = roll_links(client.get(f"/t/{table_id}").text)["Abrir cerraduras"]
    panel = client.get(link, headers={"HX-Request": "true"}).text
    sent = form_values(panel)
    assert sent["about_character"] == "Atla" and sent["about_what"] == "Abrir cerraduras"
    rolled = client.post(f"/t/{table_id}/roll", data=sent, headers={"HX-Request": "true"})
    assert rolled.status_code == 200, rolled.text
    assert "(Atla · Abrir cerraduras)" in unescape(rolled.text)
    log = text_of(client.get(f"/t/{table_id}").text)
    assert "Norn (Atla · Abrir cerraduras)" in log
    events = client.get(f"/api/tables/{table_id}/events").json()
    rolls = [e for e in events if e["kind"] == "roll"]
    assert rolls[-1]["payload"]["about"] == {"character": "Atla", "what": "Abrir cerraduras"}
    typed = {k: v for k, v in sent.items() if not k.startswith("about_")}
    client.post(f"/t/{table_id}/roll", data=typed, headers={"HX-Request": "true"})
    assert "about" not in client.get(f"/api/tables/{table_id}/events").json()[-1]["payload"]
    too_long = client.post(
        f"/t/{table_id}/roll", data={**sent, "about_what": "x" * 121}, headers={"HX-Request": "true"}
    )
    assert too_long.status_code == 200 or too_long.status_code == 422  # a tampered label is dropped or refused
    assert "x" * 121 not in client.get(f"/t/{table_id}").text


def test_a_roll_for_a_character_is_kept_through_export_and_import(client: Any) -> None:
    table_id, _ = with_atla(client)
    link = roll_links(client.get(f"/t/{table_id}").text)["Pelea"]
    sent = form_values(client.get(link, headers={"HX-Request": "true"}).text)
    client.post(f"/t/{table_id}/roll", data=sent, headers={"HX-Request": "true"})
    exported = client.get(f"/api/tables/{table_id}/export")
    assert exported.status_code == 200
    check_import(TableExport.model_validate(exported.json()))  # the import's own checks accept it
    rolls = [e for e in exported.json()["events"] if e["kind"] == "roll"]
    assert rolls[-1]["payload"]["about"] == {"character": "Atla", "what": "Pelea"}


def test_a_panel_opened_from_a_sheet_shows_that_roll_chosen_in_the_picker(client: Any) -> None:
    table_id, _ = with_atla(client)
    link = roll_links(client.get(f"/t/{table_id}").text)["Pelea"]
    panel = unescape(client.get(link, headers={"HX-Request": "true"}).text)
    chosen = re.findall(r"<option value=\"mechanic=[^\"]+\" selected>([^<]+)</option>", panel)
    assert chosen == ["Atla · Pelea (Brawl)"]  # the book's term, the reader's word beside
