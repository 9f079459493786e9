// The storm's clock on the page. The server keeps the time (the run's start, with the seconds won and lost)
// and says on each drawing of the run how many seconds are left; this only counts them down, and at zero
// asks the server for the run again, which answers with the end if the time is really up.
(function () {
  "use strict";

  function start(clock) {
    if (clock.dataset.counting) {
      return;
    }
    clock.dataset.counting = "1";
    var end = Date.now() + Number(clock.dataset.seconds) * 1000;
    var timer = window.setInterval(tick, 250);

    function tick() {
      if (!document.contains(clock)) {
        window.clearInterval(timer);
        return;
      }
      var left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      clock.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (left === 0) {
        window.clearInterval(timer);
        window.htmx.trigger(clock, "time-up");
      }
    }
    tick();
  }

  function setUpAll(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".run__clock[data-seconds]"), start);
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUpAll(document);
  });
  document.addEventListener("htmx:load", function (event) {
    setUpAll(event.target);
  });
})();
