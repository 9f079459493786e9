// The game page: polling that never wipes a move being made.
(function () {
  "use strict";

  // A poll redraws the whole game; while the player has a man selected, a promotion picker open or a move
  // half typed, it waits, so that what they are doing stays (their choice, once sent, is accepted whatever the
  // other side did meanwhile, as long as the round is open).
  function busy(game) {
    var input = game.querySelector("#move-input");
    return Boolean(
      game.querySelector(".board--live .is-selected, .board--live .is-moving") ||
      (input && input.value.trim()) ||
      game.querySelector(".confirm")
    );
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var game = event.detail.elt;
    if (game.id === "game" && game.hasAttribute("hx-trigger") && busy(game)) {
      event.preventDefault();
    }
  });
})();
