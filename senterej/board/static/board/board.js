// The board component's script. The server sends, on the board, the legal moves of the side that may move;
// this script only shows them: select a man, see where it may go, then click (or press Enter on) a
// destination, and the move is written into the page's move form and submitted. The server judges it.
(function () {
  "use strict";

  function setUp(board) {
    if (board.dataset.ready) {
      return;
    }
    board.dataset.ready = "1";
    var legal = JSON.parse(board.dataset.legal);
    var form = document.getElementById(board.dataset.form);
    var cells = Array.prototype.slice.call(board.querySelectorAll("[data-square]"));
    var picker = board.querySelector(".board__picker");
    var selected = null;

    function cell(name) {
      return board.querySelector('[data-square="' + name + '"]');
    }

    function clear() {
      cells.forEach(function (c) {
        c.classList.remove("is-selected", "is-target");
        c.removeAttribute("aria-selected");
        if (c.dataset.label) {
          c.setAttribute("aria-label", c.dataset.label);
        }
      });
      selected = null;
      if (picker) {
        picker.hidden = true;
      }
    }

    function select(name) {
      clear();
      selected = name;
      var from = cell(name);
      from.classList.add("is-selected");
      from.setAttribute("aria-selected", "true");
      legal[name].forEach(function (move) {
        var target = cell(move[0]);
        target.classList.add("is-target");
        target.dataset.label = target.dataset.label || target.getAttribute("aria-label");
        target.setAttribute("aria-label", target.dataset.label + ", " + board.dataset.textTarget);
      });
      if (legal[name].every(function (move) { return move[0] === name; })) {
        choose(name, name);  // a waiting medeq: its only moves are promotions where it stands (R3.4)
      }
    }

    function play(move) {
      form.elements.move.value = move;
      clear();
      form.requestSubmit();
    }

    function choose(from, to) {
      var options = legal[from].filter(function (move) { return move[0] === to; });
      if (options.length === 1) {
        play(options[0][1]);
        return;
      }
      // Several moves to one square are promotions: offer only the kinds the server listed (R3.2).
      var letters = options.map(function (move) { return move[1].slice(4); });
      Array.prototype.forEach.call(picker.querySelectorAll("[data-promotion]"), function (button) {
        button.hidden = letters.indexOf(button.dataset.promotion) < 0;
        button.onclick = function () { play(from + to + button.dataset.promotion); };
      });
      picker.querySelector("[data-cancel]").onclick = clear;
      picker.hidden = false;
      picker.querySelector("[data-promotion]:not([hidden])").focus();
    }

    function activate(c) {
      if (form.classList.contains("htmx-request")) {
        return;  // a move is on its way: the board is about to be redrawn
      }
      var name = c.dataset.square;
      var targets = selected ? legal[selected].map(function (move) { return move[0]; }) : [];
      if (selected && targets.indexOf(name) >= 0) {
        choose(selected, name);
      } else if (legal[name] && name !== selected) {
        select(name);
      } else {
        clear();
      }
    }

    function focusCell(index) {
      cells.forEach(function (c) { c.tabIndex = -1; });
      cells[index].tabIndex = 0;
      cells[index].focus();
    }

    board.addEventListener("click", function (event) {
      var c = event.target.closest("[data-square]");
      if (c) {
        activate(c);
      }
    });

    // Arrow keys move between squares as the board is drawn; Enter or Space acts on a square (WAI-ARIA grid).
    board.addEventListener("keydown", function (event) {
      var c = event.target.closest("[data-square]");
      if (!c) {
        if (event.key === "Escape") {
          clear();
        }
        return;
      }
      var index = cells.indexOf(c);
      var step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[event.key];
      if (step !== undefined) {
        var next = index + step;
        var sameRow = Math.floor(next / 8) === Math.floor(index / 8);
        if (next >= 0 && next < 64 && (Math.abs(step) === 8 || sameRow)) {
          focusCell(next);
        }
        event.preventDefault();
      } else if (event.key === "Enter" || event.key === " ") {
        activate(c);
        event.preventDefault();
      } else if (event.key === "Escape") {
        clear();
      }
    });

    var first = cells.findIndex(function (c) { return legal[c.dataset.square]; });
    cells[first >= 0 ? first : 0].tabIndex = 0;
  }

  function setUpAll(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".board[data-legal]"), setUp);
  }

  // After htmx redraws the part of the page that held the focus, give the focus back to where play goes on:
  // the live board, else the first control, so a keyboard player never starts again from the top.
  var hadFocus = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    hadFocus = event.detail.target.contains(document.activeElement);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!hadFocus || event.detail.target.contains(document.activeElement)) {
      return;
    }
    var next = document.querySelector(
      ".board--live [tabindex='0'], .pass-screen a, #move-input, #game button, #game a"
    );
    if (next) {
      next.focus();
    }
  });

  document.addEventListener("DOMContentLoaded", function () { setUpAll(document); });
  document.addEventListener("htmx:load", function (event) { setUpAll(event.target.parentNode || document); });
})();
