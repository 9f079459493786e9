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

  // A question before resigning, agreeing a draw or aborting takes the focus, so that a keyboard player
  // answers it at once (board.js, which runs first, would give the focus back to the board).
  document.addEventListener("htmx:afterSettle", function () {
    var answer = document.querySelector("#game .confirm [autofocus]");
    if (answer) {
      answer.focus();
    }
  });
})();

// The clocks: the server says how many seconds each has left when it drew the page; the running ones count
// down here until the next drawing, which the server's own reckoning replaces.
(function () {
  "use strict";

  function reading(seconds) {
    if (seconds < 10) {
      return "0:" + (seconds < 0.05 ? "00.0" : (seconds < 9.95 ? "0" : "") + seconds.toFixed(1));
    }
    var whole = Math.floor(seconds);
    var rest = whole % 60;
    return Math.floor(whole / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  var drawn = new WeakMap();

  function tick() {
    var now = performance.now();
    Array.prototype.forEach.call(document.querySelectorAll(".clock__time[data-running]"), function (face) {
      if (!drawn.has(face)) {
        drawn.set(face, now);
      }
      var left = Math.max(parseFloat(face.dataset.seconds) - (now - drawn.get(face)) / 1000, 0);
      face.textContent = reading(left);
      // A round lasts seconds, a game minutes: each is low in its own measure.
      face.parentNode.classList.toggle("is-low", left < (face.parentNode.classList.contains("clock--round") ? 5 : 20));
    });
  }

  setInterval(tick, 100);
})();
