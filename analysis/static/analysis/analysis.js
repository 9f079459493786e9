// The analysis board's script: the "Copy link" button, and the arrow keys that step through the moves tried
// (Left back, Right forward, Home to the start, End to the last move) wherever the focus is not in the board
// (whose own arrow keys move between squares) or in a field. The steps are links, so that without this
// script the page still works; the keys only follow them.
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };

  function showButtons(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".analysis__copy"), function (button) {
      button.hidden = !(navigator.clipboard && window.isSecureContext);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".analysis__copy");
    if (!button) {
      return;
    }
    var said = button.parentNode.querySelector(".analysis__copied");
    navigator.clipboard.writeText(button.dataset.link).then(
      function () { said.textContent = button.dataset.copied; },
      function () { said.textContent = button.dataset.failed; }
    );
  });

  document.addEventListener("keydown", function (event) {
    var step = KEYS[event.key];
    if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var target = event.target;
    if (target.closest && target.closest(".board, input, select, textarea, [contenteditable]")) {
      return;
    }
    var link = document.querySelector('#analysis [data-step="' + step + '"]');
    if (link) {
      event.preventDefault();
      link.click();
    }
  });

  document.addEventListener("DOMContentLoaded", function () { showButtons(document); });
  document.addEventListener("htmx:load", function (event) { showButtons(event.target); });
})();
