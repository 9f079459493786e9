// The puzzle's curation page: the arrow keys step through the solution (← back, → forward, Home and End to its
// ends) as the stepper's own buttons do, each key asking for the step its button names.
(function () {
  "use strict";
  var keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

  document.addEventListener("keydown", function (event) {
    var which = keys[event.key];
    if (!which || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) {
      return;
    }
    var button = document.querySelector('[data-stepper] [data-step="' + which + '"]');
    if (!button) {
      return;
    }
    event.preventDefault();
    if (button.disabled) {
      return;
    }
    // A button just drawn may not be htmx's yet (it takes them up as the swap settles): ask htmx directly.
    var address = button.getAttribute("hx-get");
    if (window.htmx && address) {
      window.htmx.ajax("GET", address, { target: "#stepper", swap: "outerHTML" });
    } else {
      button.click();
    }
  });

  // A button pressed at the line's end is disabled by the redraw: keep the focus in the stepper.
  document.addEventListener("htmx:afterSwap", function (event) {
    var stepper = document.getElementById("stepper");
    if (!stepper || event.detail.target.id !== "stepper" || document.activeElement !== document.body) {
      return;
    }
    var open = stepper.querySelector("[data-step]:not([disabled])");
    if (open) {
      open.focus();
    }
  });
})();
