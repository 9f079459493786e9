// The leaderboard's "Full screen" button, for a projector: shown only where the browser can do it.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("[data-full-screen]"), function (button) {
      var shown = document.getElementById(button.dataset.fullScreen);
      if (!shown || !document.fullscreenEnabled) {
        return;
      }
      button.hidden = false;
      button.addEventListener("click", function () {
        if (document.fullscreenElement) {
          document.exitFullscreen();
        } else {
          shown.requestFullscreen();
        }
      });
    });
  });
})();
