// Small behaviours of every page. They live here, not in on*= attributes or inline scripts, because the
// Content-Security-Policy runs scripts from this server's files only (an injected handler never runs).
(function () {
  "use strict";
  // A choice that takes effect at once (the language): the form is sent when it changes.
  document.addEventListener("change", function (event) {
    const control = event.target;
    if (control instanceof HTMLSelectElement && control.hasAttribute("data-submit-on-change") && control.form) {
      control.form.submit();
    }
  });
  // A link to copy (the game master's): focusing it selects all of it.
  document.addEventListener("focusin", function (event) {
    const control = event.target;
    if (control instanceof HTMLInputElement && control.hasAttribute("data-select-on-focus")) control.select();
  });
  // A message sent through htmx empties its form once the server took it; a refusal leaves it to correct.
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.hasAttribute("data-reset-on-success") && event.detail.successful) {
      form.reset();
    }
  });
  // The table on a narrow screen: its sections become panels one tap apart (a tab bar: buttons with
  // aria-selected, arrow keys, Home and End). On a wide screen the bar is hidden and every section shows.
  const bar = document.querySelector("[data-tabs]");
  if (bar) {
    const narrow = window.matchMedia("(max-width: 760px)");
    const tabs = Array.from(bar.querySelectorAll("[role=tab]"));
    let current = tabs[0];
    const panelOf = function (tab) { return document.getElementById(tab.getAttribute("aria-controls")); };
    const show = function (chosen, focus, switched) {
      current = chosen;
      tabs.forEach(function (tab) {
        const on = tab === chosen;
        tab.setAttribute("aria-selected", on ? "true" : "false");
        tab.tabIndex = on ? 0 : -1;
        const panel = panelOf(tab);
        if (!panel) return;
        panel.classList.toggle("shown", on);
        if (narrow.matches) { panel.setAttribute("role", "tabpanel"); panel.setAttribute("aria-labelledby", tab.id); }
        else { panel.removeAttribute("role"); panel.setAttribute("aria-labelledby", panel.querySelector("h2").id); }
      });
      if (focus) chosen.focus();
      if (!switched) return;
      const log = document.getElementById("log");
      if (log && panelOf(chosen).contains(log)) log.scrollTop = log.scrollHeight; // the newest entry
      if (narrow.matches && panelOf(chosen).getBoundingClientRect().top < 0) window.scrollTo(0, 0);
    };
    document.documentElement.classList.add("has-tabs");
    tabs.forEach(function (tab) { tab.addEventListener("click", function () { show(tab, false, true); }); });
    bar.addEventListener("keydown", function (event) {
      const at = tabs.indexOf(current);
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      show(tabs[(next + tabs.length) % tabs.length], true, true);
    });
    narrow.addEventListener("change", function () { show(current, false); });
    // A section htmx swapped whole (the characters after a save) comes back without its state.
    document.addEventListener("htmx:afterSettle", function () { show(current, false); });
    show(current, false);
  }
  // A roll from a character sheet: its panel arrives in #panel (htmx), the picker names its mechanic, and the
  // Roll panel comes into view (on a phone, its tab is chosen).
  document.addEventListener("click", function (event) {
    const link = event.target instanceof Element ? event.target.closest("[data-roll-from-sheet]") : null;
    if (!link) return;
    const tab = document.getElementById("tab-roll");
    if (tab && bar && window.matchMedia("(max-width: 760px)").matches) tab.click();
    const panel = document.getElementById("panel-roll");
    if (panel) panel.scrollIntoView({ block: "start" });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail && event.detail.target;
    if (!target || target.id !== "panel") return;
    const chosen = target.querySelector("input[name=mechanic]");
    const picker = document.getElementById("mechanic");
    if (chosen && picker && picker.value !== chosen.value) picker.value = chosen.value;
  });
  // The log opens at its newest entry, and stays there while the page is resized or turned (entries wrap
  // anew) unless the reader scrolled back to read.
  const log = document.getElementById("log");
  if (log) {
    let pinned = true;
    const pin = function () { if (pinned) log.scrollTop = log.scrollHeight; };
    log.addEventListener("scroll", function () { pinned = log.scrollHeight - log.clientHeight - log.scrollTop < 8; });
    window.addEventListener("resize", pin);
    if (window.ResizeObserver) new ResizeObserver(pin).observe(log);
    pin();
  }
  // Structured forms (web/forms.py): a number's − and + step it; a list's Add copies its <template> row with
  // the next row number (rows keep their numbers: the server orders them), Remove takes a row out. Each
  // change is an input event, so the live preview of a sheet follows.
  const changed = function (element) {
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  };
  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    if (button.hasAttribute("data-step")) {
      const input = document.getElementById(button.getAttribute("aria-controls"));
      if (!input) return;
      const by = Number(button.getAttribute("data-step")) * (input.step && input.step !== "any" ? Number(input.step) : 1);
      let next = input.value === "" ? 0 : Number(input.value) + by;
      if (input.min !== "" && next < Number(input.min)) next = Number(input.min);
      if (input.max !== "" && next > Number(input.max)) next = Number(input.max);
      input.value = String(next);
      changed(input);
    } else if (button.hasAttribute("data-add-row")) {
      const list = button.closest("[data-rows]");
      const template = list && list.querySelector(":scope > template");
      if (!template) return;
      const rows = list.querySelector(":scope > .rows");
      const limit = Number(list.getAttribute("data-limit") || "0");
      if (limit && rows.children.length >= limit) return;
      const next = Number(list.getAttribute("data-next") || "0");
      list.setAttribute("data-next", String(next + 1));
      const token = list.getAttribute("data-token");
      const holder = document.createElement("ul");
      holder.innerHTML = template.innerHTML.split(token).join(String(next));
      const row = holder.firstElementChild;
      if (!row) return;
      rows.appendChild(row);
      const first = row.querySelector("input, select");
      if (first) first.focus();
      changed(rows);
    } else if (button.hasAttribute("data-remove-row")) {
      const row = button.closest(".row");
      const list = button.closest("[data-rows]");
      if (!row || !list) return;
      row.remove();
      const add = list.querySelector(":scope > [data-add-row]");
      if (add) add.focus();
      changed(list);
    }
  });
  // A roll form's "from a character's sheet": the panel comes back prefilled with that character's roll,
  // its odds shown (the same panel a sheet's Roll link opens).
  document.addEventListener("change", function (event) {
    const control = event.target;
    if (!(control instanceof HTMLSelectElement) || !control.hasAttribute("data-load-panel") || !control.value) return;
    if (window.htmx) window.htmx.ajax("GET", control.getAttribute("data-load-panel") + "?" + control.value, { target: "#panel" });
  });
})();
