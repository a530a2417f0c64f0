// Trackers' boards (web/templates/_board.html): a move's button posts at once, opens its small form, or,
// when the move takes a target, arms it: the cards (and map tokens) it may take get a "choose" outline, the
// others dim, and a click on one fills the target and posts (or opens the form with it filled). A move that
// takes a place is armed the same way and filled by a click on the map, in the map's units. Escape cancels.
// While a move is armed or its form open, the live redraw of that board waits (static/live.js asks here).
(function () {
  "use strict";
  let armed = null; // the armed move's form

  function boardOf(element) { return element.closest("[data-board]"); }
  function viewOf(element) { return element.closest("[data-view]"); }

  function busy(view) {
    const selector = "form[data-move].is-armed, form[data-move][data-sending], form[data-move] .move-ask:not([hidden])";
    return Boolean(view && view.querySelector(selector));
  }

  function say(board, text) {
    const line = board && board.querySelector("[data-arming]");
    if (line) line.textContent = text || "";
  }

  function disarm() {
    if (!armed) return;
    const form = armed;
    armed = null;
    form.classList.remove("is-armed");
    rings(form, false);
    const button = form.querySelector("[data-arm]");
    if (button) button.setAttribute("aria-pressed", "false");
    const board = boardOf(form);
    if (board) {
      board.classList.remove("is-arming", "is-placing");
      board.querySelectorAll(".choosable, .unchoosable").forEach(function (e) { e.classList.remove("choosable", "unchoosable"); });
      board.querySelectorAll("button[data-pick]").forEach(function (b) { b.hidden = true; });
      say(board, "");
    }
    settle(form);
  }

  function arm(form) {
    disarm();
    closeAll(form);
    armed = form;
    form.classList.add("is-armed");
    form.querySelector("[data-arm]").setAttribute("aria-pressed", "true");
    rings(form, true);
    const board = boardOf(form);
    if (!board) return;
    if (form.hasAttribute("data-point")) {
      board.classList.add("is-placing");
      say(board, board.getAttribute("data-place-text"));
      return;
    }
    const allowed = (form.getAttribute("data-targets") || "").split("\n").filter(Boolean); // a key may hold spaces
    board.classList.add("is-arming");
    board.querySelectorAll("[data-key], g[data-pick]").forEach(function (e) {
      const key = e.getAttribute("data-key") || e.getAttribute("data-pick");
      const ok = allowed.indexOf(key) >= 0;
      e.classList.add(ok ? "choosable" : "unchoosable");
      if (e.hasAttribute("data-key")) {
        const pick = e.querySelector("button[data-pick]");
        if (pick) pick.hidden = !ok;
      }
    });
    say(board, board.getAttribute("data-choose-text"));
    const first = board.querySelector("button[data-pick]:not([hidden])");
    if (first) first.focus();
  }

  // A move's distances (a weapon's reach, how far a move goes) drawn round its actor's token while it is armed,
  // and said for a screen reader.
  function rings(form, shown) {
    const board = boardOf(form);
    const group = board && board.querySelector("[data-rings-for='" + form.getAttribute("data-move-id") + "']");
    if (!group) return;
    if (shown) group.removeAttribute("hidden"); else group.setAttribute("hidden", ""); // an SVG element: no .hidden
    const said = board.querySelector("[data-rings-said]");
    if (said) {
      said.textContent = shown ? Array.from(group.querySelectorAll("text")).map(function (t) { return t.textContent; }).join(" · ") : "";
    }
  }

  function open(form, focus) {
    const ask = form.querySelector(".move-ask");
    if (!ask) { send(form); return; }
    ask.hidden = false;
    const opener = form.querySelector("[data-open]");
    if (opener) opener.setAttribute("aria-expanded", "true");
    if (focus) {
      const first = ask.querySelector("input:not([type=hidden]), select, textarea, button[type=submit]");
      if (first) first.focus();
    }
  }

  function close(form) {
    const ask = form.querySelector(".move-ask");
    if (ask) ask.hidden = true;
    const opener = form.querySelector("[data-open]");
    if (opener) opener.setAttribute("aria-expanded", "false");
    settle(form);
  }

  function closeAll(except) {
    document.querySelectorAll("form[data-move] .move-ask:not([hidden])").forEach(function (ask) {
      const form = ask.closest("form");
      if (form !== except) close(form);
    });
  }

  // Sent: the board is not redrawn under it until the answer is in (a refusal is shown beside the move).
  function send(form) {
    if (window.htmx) form.setAttribute("data-sending", "");
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }

  // A target chosen: the move's field filled, then posted (or its form opened to finish).
  function choose(form, value, said) {
    const field = form.querySelector("[data-target-field]");
    if (field) field.value = value;
    const chosen = form.querySelector("[data-chosen]");
    if (chosen) chosen.textContent = said;
    const asks = form.hasAttribute("data-asks");
    if (!asks && window.htmx) form.setAttribute("data-sending", ""); // no redraw before its answer
    armed = form; // disarm() below clears the board's marks; the form stays as it is
    disarm();
    if (asks) open(form, true); else send(form);
  }

  // A board that was redrawn elsewhere while busy is fetched again once it is not.
  function settle(form) {
    const view = viewOf(form);
    if (view && view.hasAttribute("data-stale") && !busy(view)) {
      view.removeAttribute("data-stale");
      refresh(view);
    }
  }

  function refresh(view) {
    latest(view)
      .then(function (html) {
        if (html === null) return;
        if (busy(view)) { view.setAttribute("data-stale", ""); return; } // a move begun meanwhile: later
        swap(view, html);
      });
  }

  // A view's state, fetched again: two redraws in flight may be answered out of order, so only the answer to
  // the newest ask is drawn (an older one would put a board back to a state the table has left).
  function latest(view) {
    const ask = (view.runehallAsk = (view.runehallAsk || 0) + 1);
    return fetch(view.getAttribute("data-view"), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .catch(function () { return null; })
      .then(function (html) { return ask === view.runehallAsk ? html : null; });
  }

  // A board drawn anew: what a move's answer said (a refusal) stays beside the same move.
  function swap(view, html) {
    const said = [];
    view.querySelectorAll("form[data-move]").forEach(function (form) {
      const answer = form.querySelector(".move-said");
      if (answer && answer.querySelector(".error")) said.push([moveKey(form), answer.innerHTML]);
    });
    view.innerHTML = html;
    said.forEach(function (pair) {
      view.querySelectorAll("form[data-move]").forEach(function (form) {
        const answer = form.querySelector(".move-said");
        if (answer && moveKey(form) === pair[0]) answer.innerHTML = pair[1];
      });
    });
    if (window.htmx) window.htmx.process(view);
  }

  function moveKey(form) {
    const action = form.querySelector("input[name=action]");
    const params = form.querySelector("input[name=params]");
    return (action ? action.value : "") + " " + (params ? params.value : "");
  }

  // static/live.js: redraw a view unless someone is in the middle of a move on it.
  window.runehallBoard = {
    redraw: function (view) {
      if (busy(view)) { view.setAttribute("data-stale", ""); return false; }
      return true;
    },
    swap: swap,
    latest: latest
  };

  function pointOf(svg, event, whole) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const x = p.x + Number(svg.getAttribute("data-origin-x") || 0);
    const y = Number(svg.getAttribute("data-height") || 0) - p.y + Number(svg.getAttribute("data-origin-y") || 0);
    const snap = whole ? 1 : Number(svg.getAttribute("data-snap")) || 0.1; // whole units, or a quarter square
    const round = function (v) { return Math.round(Math.round(v / snap) * snap * 1000) / 1000; };
    return [round(x), round(y)];
  }

  function place(form, point) {
    const field = form.querySelector("[data-target-field]");
    if (field) {
      field.value = form.getAttribute("data-point") === "xy"
        ? JSON.stringify({ x: point[0], y: point[1] })
        : point[0] + ", " + point[1];
    }
    const chosen = form.querySelector("[data-chosen]");
    if (chosen) chosen.textContent = point[0] + ", " + point[1];
    const asks = form.hasAttribute("data-asks");
    if (!asks && window.htmx) form.setAttribute("data-sending", "");
    disarm();
    if (asks) open(form, true); else send(form);
  }

  function pick(target) {
    if (!armed || armed.hasAttribute("data-point")) return false;
    const holder = target.closest(".choosable");
    if (!holder || boardOf(holder) !== boardOf(armed)) return false;
    const key = holder.getAttribute("data-key") || holder.getAttribute("data-pick");
    const name = holder.getAttribute("aria-label") || (holder.querySelector(".bcard-name") || holder).textContent.trim();
    choose(armed, key, name);
    return true;
  }

  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const button = target.closest("form[data-move] button");
    if (button) {
      const form = button.closest("form");
      if (button.hasAttribute("data-arm")) {
        event.preventDefault();
        if (armed === form) disarm(); else arm(form);
        return;
      }
      if (button.hasAttribute("data-open")) {
        event.preventDefault();
        disarm();
        const ask = form.querySelector(".move-ask");
        if (ask && !ask.hidden) close(form); else { closeAll(form); open(form, true); }
        return;
      }
      if (button.hasAttribute("data-cancel")) {
        event.preventDefault();
        close(form);
        const go = form.querySelector(".move-go");
        if (go) go.focus();
        return;
      }
      // a submit: htmx posts it, and the board is not redrawn under it until the answer is in
      if (window.htmx && button.type === "submit" && !button.closest(".move-ask")) form.setAttribute("data-sending", "");
      return;
    }
    if (!armed) return;
    if (armed.hasAttribute("data-point")) {
      const svg = target.closest("svg[data-map]");
      if (svg && boardOf(svg) === boardOf(armed)) {
        const point = pointOf(svg, event, armed.hasAttribute("data-whole"));
        if (point) place(armed, point);
      }
      return;
    }
    if (pick(target)) event.preventDefault();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      if (armed) {
        const form = armed;
        disarm();
        const go = form.querySelector("[data-arm]");
        if (go) go.focus();
        event.preventDefault();
        return;
      }
      const open = event.target instanceof Element ? event.target.closest("form[data-move]") : null;
      if (open && open.querySelector(".move-ask:not([hidden])")) { close(open); event.preventDefault(); }
      return;
    }
    // A token is an SVG element with role=button: Enter and Space act as a click.
    const token = event.target instanceof Element ? event.target.closest("g[data-pick]") : null;
    if (token && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pick(token);
    }
  });

  // A move sent: its form closes once the table took it (the board is redrawn from the log); a refused one
  // stays open to correct, its reason beside it.
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-move")) return;
    form.removeAttribute("data-sending");
    if (event.detail.successful && event.detail.xhr && event.detail.xhr.status < 400) close(form); else settle(form);
  });
})();

// A tracker's setup screen (web/templates/_setup.html): a change that works numbers out again (who is in the
// fight, a foe's kind, its rank or threat: [data-refresh] or a foe row's data-derives) and the Add and Remove
// buttons ask the server for the form anew; a foe's number typed by hand is remembered in its row's "keep",
// so working the others out again leaves it as typed.
(function () {
  "use strict";
  function shortName(control) {
    const parts = (control.name || "").split(".n.");
    return parts.length === 2 ? parts[1] : "";
  }
  function derives(control) {
    if (control.hasAttribute("data-refresh")) return true;
    const form = control.closest("form[data-setup]");
    const names = form ? (form.getAttribute("data-refresh-names") || "").split(" ") : [];
    if (control.name && names.indexOf(control.name) >= 0) return true;
    const row = control.closest("[data-foe-row]");
    const name = shortName(control);
    return Boolean(row && name && (row.getAttribute("data-derives") || "").split(",").indexOf(name) >= 0);
  }
  function refresh(form, extra) {
    if (!window.htmx) return;
    window.htmx.ajax("POST", form.getAttribute("data-setup"), { source: form, target: form, swap: "outerHTML", values: extra || {} });
  }
  document.addEventListener("input", function (event) {
    const control = event.target;
    if (!(control instanceof HTMLInputElement) || !control.closest("form[data-setup]")) return;
    const row = control.closest("[data-foe-row]");
    const name = shortName(control);
    if (!row || !name || derives(control)) return;
    const keep = row.querySelector("input[data-keep]");
    const kept = keep.value.split(",").filter(Boolean);
    if (kept.indexOf(name) < 0) kept.push(name);
    keep.value = kept.join(",");
  });
  // Any other change (a place, a name, a terrain row) redraws only where everyone starts: the rest of the form is
  // the person's own, mid-typing perhaps, and stays as it is.
  function preview(form) {
    const box = form.querySelector(".setup-preview-box");
    if (!window.htmx || !box) return;
    const at = "#" + box.id;
    window.htmx.ajax("POST", form.getAttribute("data-setup"), { source: form, target: at, select: at, swap: "outerHTML" });
  }
  document.addEventListener("change", function (event) {
    const control = event.target;
    const form = control instanceof Element ? control.closest("form[data-setup]") : null;
    if (!form) return;
    if (derives(control)) refresh(form); else preview(form);
  });
  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element ? event.target.closest("button[data-setup-button]") : null;
    if (!button || !button.form) return;
    event.preventDefault();
    const extra = {};
    extra[button.name] = button.value;
    refresh(button.form, extra);
  });
})();
