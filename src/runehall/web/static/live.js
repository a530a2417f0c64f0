// The live log: a WebSocket streams the events this person may see (filtered on the server); each new
// event's HTML is fetched from the server, so the page never renders anything it was not sent.
(function () {
  "use strict";
  const box = document.getElementById("live");
  if (!box) return;
  const table = box.dataset.table;
  const log = document.getElementById("log");
  const state = document.getElementById("live-state");
  let last = Number(box.dataset.last || 0);
  let delay = 500;
  let fetching = Promise.resolve();

  function say(text) { if (state) state.textContent = text; }

  function fetchEntries(query) {
    return fetch("/t/" + encodeURIComponent(table) + "/log?" + query, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : ""; });
  }

  function catchUp() {
    // One fetch at a time, in order, so entries are appended once and in sequence.
    fetching = fetching.then(function () {
      return fetchEntries("since=" + last).then(function (html) {
        const holder = document.createElement("ol");
        holder.innerHTML = html;
        let moved = false, started = false, sheets = false, people = false;
        const boards = new Set(); // the trackers moved (an undo's tracker is not known from its entry: every board)
        // A reader who scrolled back to read is left there; one at the newest entry follows the new ones.
        const atEnd = log.scrollHeight - log.clientHeight - log.scrollTop < 8;
        Array.from(holder.children).forEach(function (li) {
          const seq = Number(li.dataset.seq);
          if (seq <= last || document.getElementById("e" + seq)) return;
          log.appendChild(li);
          last = seq;
          if (li.dataset.revokes) refresh(li.dataset.revokes);
          if (li.classList.contains("kind-tracker_started")) started = true;
          if (li.dataset.revokes || /kind-tracker_(action|controllers)/.test(li.className)) {
            moved = true;
            boards.add(li.dataset.revokes || !li.dataset.tracker ? "" : li.dataset.tracker);
          }
          if (li.dataset.revokes || /kind-character_(created|edited)|writes-sheets/.test(li.className)) sheets = true;
          if (/kind-(joined|participant_revoked)/.test(li.className)) people = true;
        });
        if (started) redrawTrackers(); else if (moved) redrawTrackerViews(boards.has("") ? null : boards);
        if (sheets) redrawCharacters();
        if (sheets && !started) redrawSummary(); // a settlement (or its undo) changes the session's scores
        if (people) redrawPeople();
        if (window.htmx) window.htmx.process(log);
        if (atEnd) log.scrollTop = log.scrollHeight;
      });
    });
  }

  function refresh(seq) {
    fetchEntries("only=" + seq).then(function (html) {
      const old = document.getElementById("e" + seq);
      if (!old || !html.trim()) return;
      const holder = document.createElement("ol");
      holder.innerHTML = html;
      if (holder.firstElementChild) old.replaceWith(holder.firstElementChild);
    });
  }

  // What is in play follows the log: after a move only each tracker's state is fetched again (a form
  // being filled in is left alone); something new put into play brings the whole section.
  function fetchPart(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.text() : null; });
  }

  // Redraws in flight may be answered out of order: of the asks for one part, only the newest's answer is drawn.
  const asks = {};
  function fetchLatest(part, url) {
    const ask = (asks[part] = (asks[part] || 0) + 1);
    return fetchPart(url).catch(function () { return null; }).then(function (html) { return ask === asks[part] ? html : null; });
  }

  // `only`: the ids of the trackers to redraw (null: every one on the page).
  function redrawTrackerViews(only) {
    document.querySelectorAll("[data-view]").forEach(function (view) {
      if (only && !only.has(view.dataset.tracker || "")) return;
      if (window.runehallBoard && !window.runehallBoard.redraw(view)) return; // a move being chosen: later
      const asked = window.runehallBoard ? window.runehallBoard.latest(view) : fetchPart(view.dataset.view);
      asked.then(function (html) {
        if (html === null) return;
        if (window.runehallBoard && !window.runehallBoard.redraw(view)) return; // chosen meanwhile: later
        if (window.runehallBoard) { window.runehallBoard.swap(view, html); return; } // refusals kept
        view.innerHTML = html;
        if (window.htmx) window.htmx.process(view);
      });
    });
  }

  // The scores of everything settled at the table (web/templates/_trackers.html's summary), above the trackers.
  function redrawSummary() {
    const body = document.getElementById("trackers-body");
    if (!body) return;
    fetchLatest("summary", body.dataset.url).then(function (html) {
      if (html === null) return;
      const fresh = new DOMParser().parseFromString("<div>" + html + "</div>", "text/html").querySelector(".table-summary");
      const old = body.querySelector(":scope > .table-summary");
      const made = fresh ? document.importNode(fresh, true) : null;
      if (old && made) old.replaceWith(made); else if (made) body.prepend(made); else if (old) old.remove();
    });
  }

  function redrawTrackers() {
    const body = document.getElementById("trackers-body");
    if (!body) return;
    const asked = last;
    fetchLatest("trackers", body.dataset.url).then(function (html) {
      if (html === null) return;
      body.innerHTML = html;
      if (window.htmx) window.htmx.process(body);
      if (last > asked) redrawTrackerViews(); // moves made while it was on its way: the boards catch up
    });
  }

  // The table's characters follow the log too: a sheet made or edited by someone else appears without a
  // reload. Only the list of sheets is replaced (a sheet form being filled in is left alone, and so is an
  // edit form open under a sheet).
  function redrawCharacters() {
    const section = document.getElementById("characters");
    if (!section) return;
    fetchLatest("characters", location.pathname).then(function (html) {
      if (html === null) return;
      const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("#characters > .sheets, #characters > p.muted");
      const old = section.querySelector(":scope > .sheets, :scope > p.muted");
      if (!fresh || !old) return;
      fresh.querySelectorAll("[id^='edit-slot-']").forEach(function (slot) {
        const open = document.getElementById(slot.id);
        if (open && open.childElementCount) slot.replaceWith(open);
      });
      const adopted = document.importNode(fresh, true);
      old.replaceWith(adopted);
      if (window.htmx) window.htmx.process(adopted);
    });
  }

  // Who is at the table and online: again when someone joins or is revoked, and once connected (this page's
  // own person is online from now on), rather than at the next poll.
  function redrawPeople() {
    const list = document.getElementById("people");
    if (!list) return;
    fetchPart("/t/" + encodeURIComponent(table) + "/people").then(function (html) {
      if (html === null) return;
      list.innerHTML = html;
      if (window.htmx) window.htmx.process(list);
    });
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + "/api/tables/" + encodeURIComponent(table) + "/ws?since=" + last);
    socket.onopen = function () { delay = 500; say(box.dataset.liveText || "Live"); redrawPeople(); };
    socket.onmessage = function (message) {
      const event = JSON.parse(message.data);
      if (event.type === "sealed") { redrawTrackerViews(); return; } // someone chose in secret: "chosen" shows
      if (typeof event.seq === "number" && event.seq > last) catchUp();
    };
    socket.onclose = function () {
      say(box.dataset.retryText || "Reconnecting…");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
