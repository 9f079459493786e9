// The game page's list of moves: kept scrolled to the current step across htmx's redraws, the keys that step
// through the game, the tab's title, and the sounds of new steps with their switch.
(function () {
  "use strict";

  var SOUNDS_KEY = "senterej.sounds";
  var scrolled = null; // the list's scroll before a redraw, so that it does not jump back to the top
  var drawnSteps = null; // the game's step count at the last draw in this page
  var audio = null; // made at the first gesture: browsers let no page play sound before one

  function game() {
    return document.getElementById("game");
  }

  // Scrolls the list, never the page, just enough to show the current step ("nearest"); at the start
  // position, to the top.
  function showCurrent(box) {
    var current = box.querySelector('[aria-current="step"]');
    if (!current) {
      box.scrollTop = 0;
      return;
    }
    var row = current.closest("tr").getBoundingClientRect();
    var head = box.querySelector("thead");
    var shown = box.getBoundingClientRect();
    var top = shown.top + (head ? head.offsetHeight : 0); // the sticky head covers the list's first line
    if (row.top < top) {
      box.scrollTop -= top - row.top;
    } else if (row.bottom > shown.bottom) {
      box.scrollTop += row.bottom - shown.bottom;
    }
  }

  function soundsOn() {
    try {
      return window.localStorage.getItem(SOUNDS_KEY) !== "off";
    } catch (error) {
      return true; // storage refused (a private window): sounds stay on for this page
    }
  }

  function setSounds(on) {
    try {
      window.localStorage.setItem(SOUNDS_KEY, on ? "on" : "off");
    } catch (error) {
      // not kept: the switch still holds for this page
    }
    showSwitch(on);
  }

  function showSwitch(on) {
    var button = document.querySelector(".moves__sound");
    if (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  // Short tones from oscillators: each sound is a list of [frequency in Hz, start, length] in seconds.
  var TONES = {
    move: [[520, 0, 0.07]],
    capture: [[330, 0, 0.06], [220, 0.05, 0.1]],
    check: [[880, 0, 0.08], [880, 0.12, 0.08]],
    round: [[523, 0, 0.12], [659, 0.06, 0.12], [784, 0.12, 0.16]],
  };

  function play(kind) {
    var tones = TONES[kind];
    if (!audio || !tones || !soundsOn()) {
      return;
    }
    var now = audio.currentTime;
    tones.forEach(function (tone) {
      var oscillator = audio.createOscillator();
      var gain = audio.createGain();
      var start = now + tone[1];
      var end = start + tone[2];
      oscillator.type = kind === "capture" ? "triangle" : "sine";
      oscillator.frequency.value = tone[0];
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(end + 0.02);
    });
  }

  function unlock() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) {
      audio = new Context();
    }
    if (audio && audio.state === "suspended") {
      audio.resume();
    }
  }

  // After each draw: the title, the sound of a step that is new since the last draw, the list's scroll.
  function drawn() {
    var element = game();
    if (!element) {
      return;
    }
    if (element.dataset.title) {
      document.title = element.dataset.title;
    }
    var steps = Number(element.dataset.steps);
    if (drawnSteps !== null && steps > drawnSteps) {
      play(element.dataset.sound);
    }
    drawnSteps = steps;
    showSwitch(soundsOn());
    var box = element.querySelector(".moves__scroll");
    if (box) {
      if (scrolled !== null) {
        box.scrollTop = scrolled;
      }
      showCurrent(box);
    }
    scrolled = null;
  }

  function typing(target) {
    return Boolean(
      target.closest &&
      target.closest("input, textarea, select, [contenteditable], .board, .board__picker, .confirm")
    );
  }

  // ←/→ and Home/End follow the links of the steps' bar (« ‹ › »), as a click on them would.
  var KEYS = { Home: 0, ArrowLeft: 1, ArrowRight: 2, End: 3 };

  document.addEventListener("keydown", function (event) {
    var index = KEYS[event.key];
    if (index === undefined || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey || typing(event.target)) {
      return;
    }
    var links = document.querySelectorAll("#game .game__steps a:not(.flip)");
    if (links.length === 4) {
      event.preventDefault();
      links[index].click();
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".moves__sound");
    if (button) {
      setSounds(button.getAttribute("aria-pressed") !== "true");
    }
  });

  ["pointerdown", "keydown"].forEach(function (name) {
    document.addEventListener(name, unlock, true);
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var box = document.querySelector("#game .moves__scroll");
    if (event.detail.target && event.detail.target.id === "game" && box) {
      scrolled = box.scrollTop;
    }
  });

  document.addEventListener("htmx:afterSettle", drawn);

  drawn();
})();
