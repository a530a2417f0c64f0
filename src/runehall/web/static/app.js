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
})();
