// A tracker action's own screen (web/templates/editor.html): a field that applies only to some choices of a
// sibling (a terrain feature's degree of cover) shows while the sibling holds one of them; each refusal of the
// preview is put beside the row or field it is about; a saved document goes back to the table.
(function () {
  "use strict";
  function lastName(control) {
    const parts = (control.name || "").split(".");
    return parts[parts.length - 1];
  }
  function when(control) {
    const group = control.closest("fieldset");
    if (!group) return;
    const key = lastName(control);
    group.querySelectorAll(".field[data-when-key='" + key + "']").forEach(function (f) {
      if (f.closest("fieldset") !== group) return;
      f.hidden = (f.getAttribute("data-when") || "").split(" ").indexOf(control.value) < 0;
    });
  }
  document.addEventListener("change", function (event) {
    const control = event.target;
    if (control instanceof HTMLSelectElement && control.closest("form[data-editor]")) when(control);
  });
  // A refused Save's reason beside the button was about the document as it was: a change makes it stale (the
  // preview says anew what the rules refuse, beside its row).
  function stale(event) {
    const form = event.target instanceof Element ? event.target.closest("form[data-editor]") : null;
    const said = form ? form.querySelector("#editor-said") : null;
    if (said) said.textContent = "";
  }
  document.addEventListener("change", stale);
  document.addEventListener("input", stale);

  function place() {
    const form = document.querySelector("form[data-editor]");
    if (!form) return;
    form.querySelectorAll(".beside").forEach(function (e) { e.remove(); });
    form.querySelectorAll("[data-beside]").forEach(function (c) {
      c.removeAttribute("aria-invalid");
      c.removeAttribute("aria-describedby");
      c.removeAttribute("data-beside");
    });
    let n = 0;
    document.querySelectorAll(".editor-placed li[data-for]").forEach(function (item) {
      const name = item.getAttribute("data-for");
      const escaped = window.CSS && CSS.escape ? CSS.escape(name) : name;
      let control = form.querySelector("[name='" + escaped + "']");
      let holder = control ? control.closest(".field") : null;
      if (!control) { // a row: the first of its fields
        control = form.querySelector("[name^='" + escaped + ".']");
        holder = control ? control.closest("li.row") || control.closest(".field") : null;
      }
      if (!holder) return;
      const said = document.createElement("p");
      said.className = "error beside";
      said.id = "beside-" + (n += 1);
      said.textContent = item.textContent;
      if (holder.matches("li.row")) {
        const group = holder.querySelector("fieldset") || holder;
        const legend = group.querySelector(":scope > legend");
        if (legend) legend.after(said); else group.prepend(said);
      } else {
        holder.appendChild(said);
      }
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", said.id);
      control.setAttribute("data-beside", "");
    });
  }
  document.addEventListener("DOMContentLoaded", place);
  document.addEventListener("htmx:afterSettle", function (event) {
    const target = event.detail && event.detail.target;
    if (target && target.id === "editor-preview") place();
  });

  // Saved: back to the table. Refused: the reason stays beside Save and the preview is asked again, so each
  // refusal shows beside its row.
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-editor")) return;
    const xhr = event.detail && event.detail.xhr;
    if (event.detail.successful && xhr && xhr.status < 400) {
      window.location.assign(form.getAttribute("data-back"));
    } else {
      form.dispatchEvent(new Event("editor-again"));
    }
  });
})();
