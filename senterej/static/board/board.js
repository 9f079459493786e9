// The board component's script. The server sends, on the board, the legal moves of the side that may move;
// this script only shows them and takes the player's choice: a man, then where it goes, by clicks (or Enter
// and Space from the keyboard) or by dragging the man there with a mouse, a pen or a finger. The move is
// written into the page's move form and submitted; the server judges it. A square the man cannot reach is
// explained beside the board in the server's own words (asked of the board's `why/` address) and the man stays
// chosen, so the player can try another square.
(function () {
  "use strict";

  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  // How far a pointer moves before a press becomes a drag, in CSS pixels.
  var DRAG_DISTANCE = 6;
  // The square a man was just sent to: the focus goes there once htmx has drawn the answer.
  var movedTo = null;

  function setUp(board) {
    if (board.dataset.ready) {
      return;
    }
    board.dataset.ready = "1";
    var legal = JSON.parse(board.dataset.legal);
    var form = document.getElementById(board.dataset.form);
    var cells = Array.prototype.slice.call(board.querySelectorAll("[data-square]"));
    var picker = board.parentNode.querySelector(".board__picker");
    var says = board.parentNode.nextElementSibling;
    var selected = null;
    var sending = false;
    var drag = null;
    var dragEnded = false;
    var spoken = 0;
    var asked = 0;

    function cell(name) {
      return board.querySelector('[data-square="' + name + '"]');
    }

    function manOn(c) {
      return c.querySelector(".piece");
    }

    function isOwn(c) {
      var man = manOn(c);
      return Boolean(man) && man.classList.contains("piece--" + board.dataset.side);
    }

    function targets(from) {
      return (legal[from] || []).map(function (move) { return move[0]; });
    }

    // The line beside the board is a live region: emptied first, so that the same words said twice are heard.
    function say(text) {
      spoken += 1;
      var mine = spoken;
      says.textContent = "";
      if (text) {
        window.setTimeout(function () {
          if (mine === spoken) {
            says.textContent = text;
          }
        }, 50);
      }
    }

    function sayAbout(text, name) {
      say(text.replace("%(square)s", name));
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
      picker.hidden = true;
    }

    // One square at a time is in the tab order (a roving tab stop): the one last used.
    function rove(c) {
      cells.forEach(function (other) { other.tabIndex = -1; });
      c.tabIndex = 0;
    }

    function focusCell(c) {
      rove(c);
      c.focus();
    }

    function select(name) {
      clear();
      selected = name;
      var from = cell(name);
      from.classList.add("is-selected");
      from.setAttribute("aria-selected", "true");
      var moves = legal[name] || [];
      moves.forEach(function (move) {
        var target = cell(move[0]);
        target.classList.add("is-target");
        target.dataset.label = target.dataset.label || target.getAttribute("aria-label");
        target.setAttribute("aria-label", target.dataset.label + ", " + board.dataset.textTarget);
      });
      if (!moves.length) {
        var rank = name.charAt(1);
        var medeq = manOn(from).querySelector("use").getAttribute("href").slice(-6) === "#medeq";
        if (medeq && rank === (board.dataset.side === "white" ? "8" : "1")) {
          explain(name, name);  // a waiting medeq with nothing to become (R3.3): the server says so
        } else {
          sayAbout(board.dataset.textStuck, name);
        }
      } else if (moves.every(function (move) { return move[0] === name; })) {
        choose(name, name);  // a waiting medeq: its only moves are promotions where it stands (R3.4)
      } else {
        say("");
      }
    }

    // The man glides to his square (unless the reader asked for less motion), then the move is sent.
    function play(from, to, move) {
      sending = true;
      movedTo = to;
      form.elements.move.value = move;
      var start = cell(from);
      var man = manOn(start);
      var done = false;
      function send() {
        if (!done) {
          done = true;
          form.requestSubmit();
        }
      }
      if (from === to || reducedMotion.matches) {
        send();
        return;
      }
      var a = start.getBoundingClientRect();
      var b = cell(to).getBoundingClientRect();
      start.classList.add("is-moving");
      man.classList.add("is-gliding");
      man.addEventListener("transitionend", send, { once: true });
      man.style.transform = "translate(" + (b.left - a.left) + "px, " + (b.top - a.top) + "px)";
      window.setTimeout(send, 400);  // in case no transition runs
    }

    function choose(from, to) {
      var options = legal[from].filter(function (move) { return move[0] === to; });
      if (options.length === 1 && options[0][1].length === 4) {
        play(from, to, options[0][1]);
        return;
      }
      // A medeq that promotes (R3.2) or promotes where it waits (R3.4): always ask, even when one kind is
      // left, offering only the kinds the server listed, and let the player change their mind.
      var letters = options.map(function (move) { return move[1].slice(4); });
      Array.prototype.forEach.call(picker.querySelectorAll("[data-promotion]"), function (button) {
        button.hidden = letters.indexOf(button.dataset.promotion) < 0;
        button.onclick = function () {
          picker.hidden = true;
          play(from, to, from + to + button.dataset.promotion);
        };
      });
      picker.querySelector("[data-cancel]").onclick = function () { cancel(from); };
      picker.hidden = false;
      picker.querySelector("[data-promotion]:not([hidden])").focus();
    }

    function cancel(from) {
      clear();
      say("");
      focusCell(cell(from));
    }

    // Asks the server why the man cannot go there; only the answer to the latest question is said.
    function explain(from, to) {
      asked += 1;
      var mine = asked;
      var query = new URLSearchParams({ fen: board.dataset.fen, side: board.dataset.side, move: from + to });
      fetch(board.dataset.why + "?" + query.toString(), { headers: { Accept: "text/plain" } })
        .then(function (response) {
          if (response.status === 204) {
            return "";
          }
          return response.ok ? response.text() : board.dataset.textRefused;
        })
        .catch(function () { return board.dataset.textRefused; })
        .then(function (text) {
          if (mine === asked && selected === from) {
            say(text);
          }
        });
    }

    function attempt(from, to) {
      if (targets(from).indexOf(to) >= 0) {
        choose(from, to);
      } else {
        explain(from, to);
      }
    }

    function busy() {
      return sending || form.classList.contains("htmx-request");  // the board is about to be redrawn
    }

    function activate(c) {
      if (busy()) {
        return;
      }
      var name = c.dataset.square;
      if (name === selected) {
        clear();
        say("");
      } else if (isOwn(c)) {
        select(name);
      } else if (selected) {
        attempt(selected, name);
      } else {
        sayAbout(manOn(c) ? board.dataset.textTheirs : board.dataset.textEmpty, name);
      }
    }

    function putBack(d) {
      d.man.style.transform = "";
      d.cell.classList.remove("is-moving");
    }

    board.addEventListener("click", function (event) {
      if (dragEnded) {
        dragEnded = false;  // the drop has been taken already
        return;
      }
      var c = event.target.closest("[data-square]");
      if (c) {
        rove(c);
        activate(c);
      }
    });

    // Dragging: pointer events, so that a mouse, a pen and a finger all work; a press that does not travel
    // stays a click.
    board.addEventListener("pointerdown", function (event) {
      dragEnded = false;
      var c = event.target.closest("[data-square]");
      if (event.button !== 0 || !c || !isOwn(c) || busy()) {
        return;
      }
      drag = { cell: c, man: manOn(c), x: event.clientX, y: event.clientY, id: event.pointerId, moving: false };
    });

    board.addEventListener("pointermove", function (event) {
      if (!drag || event.pointerId !== drag.id) {
        return;
      }
      var dx = event.clientX - drag.x;
      var dy = event.clientY - drag.y;
      if (!drag.moving) {
        if (Math.abs(dx) + Math.abs(dy) < DRAG_DISTANCE) {
          return;
        }
        drag.moving = true;
        drag.cell.setPointerCapture(event.pointerId);
        if (selected !== drag.cell.dataset.square) {
          select(drag.cell.dataset.square);
        }
        drag.cell.classList.add("is-moving");
      }
      drag.man.style.transform = "translate(" + dx + "px, " + dy + "px)";
    });

    board.addEventListener("pointerup", function (event) {
      if (!drag || event.pointerId !== drag.id) {
        return;
      }
      var d = drag;
      drag = null;
      if (!d.moving) {
        return;  // a click, which the click listener takes
      }
      dragEnded = true;
      window.setTimeout(function () { dragEnded = false; }, 0);  // the click that may follow a drop, no later
      var under = document.elementFromPoint(event.clientX, event.clientY);
      var to = under && board.contains(under) ? under.closest("[data-square]") : null;
      var from = d.cell.dataset.square;
      if (to && to !== d.cell && targets(from).indexOf(to.dataset.square) >= 0 && !busy()) {
        var options = legal[from].filter(function (move) { return move[0] === to.dataset.square; });
        if (options.length === 1 && options[0][1].length === 4) {
          play(from, to.dataset.square, options[0][1]);  // glides on from where it was dropped
          return;
        }
      }
      putBack(d);
      if (to && to !== d.cell && !busy()) {
        attempt(from, to.dataset.square);
      }
    });

    board.addEventListener("pointercancel", function (event) {
      if (drag && event.pointerId === drag.id) {
        putBack(drag);
        drag = null;
      }
    });

    // Arrow keys move between squares as the board is drawn; Enter or Space acts on a square (WAI-ARIA grid);
    // Escape lets go of the chosen man (and, in the promotion picker, closes it).
    board.addEventListener("keydown", function (event) {
      var c = event.target.closest("[data-square]");
      if (!c) {
        return;
      }
      var index = cells.indexOf(c);
      var step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[event.key];
      if (step !== undefined) {
        var next = index + step;
        var sameRow = Math.floor(next / 8) === Math.floor(index / 8);
        if (next >= 0 && next < 64 && (Math.abs(step) === 8 || sameRow)) {
          focusCell(cells[next]);
        }
        event.preventDefault();
      } else if (event.key === "Enter" || event.key === " ") {
        activate(c);
        event.preventDefault();
      } else if (event.key === "Escape") {
        clear();
        say("");
      }
    });

    // An answer that redrew nothing (the server could not be reached): the board is ready again as it was.
    form.addEventListener("htmx:afterRequest", function () {
      if (sending && document.contains(board)) {
        sending = false;
        cells.forEach(function (c) {
          c.classList.remove("is-moving");
          if (manOn(c)) {
            manOn(c).classList.remove("is-gliding");
            manOn(c).style.transform = "";
          }
        });
        clear();
      }
    });

    picker.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        cancel(selected);
      }
    });

    var first = cells.findIndex(function (c) { return legal[c.dataset.square]; });
    cells[first >= 0 ? first : 0].tabIndex = 0;
  }

  function setUpAll(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".board[data-legal]"), setUp);
  }

  // After htmx redraws the part of the page that held the focus, or that answered a move made on the board,
  // the focus goes back to where play goes on, so that a keyboard player never starts again from the top: the
  // square the man went to, the element that had it (a square, the move field), the live board, the board.
  var kept = null;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var active = document.activeElement;
    kept = null;
    if (target.id && (movedTo || target.contains(active))) {
      kept = { target: target.id, id: active.id, square: active.dataset ? active.dataset.square : undefined };
      kept.square = movedTo || kept.square;
    }
    movedTo = null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    var place = kept && document.getElementById(kept.target);
    kept = place ? kept : null;
    if (!place) {
      return;
    }
    var square = place.querySelector('.board--live [data-square="' + kept.square + '"]');
    var next = square || (kept.id && !kept.square && document.getElementById(kept.id)) ||
      place.querySelector(".board--live [tabindex='0'], .pass-screen a");
    if (next) {
      if (square) {
        Array.prototype.forEach.call(square.parentNode.parentNode.querySelectorAll("[data-square]"), function (c) {
          c.tabIndex = -1;
        });
        square.tabIndex = 0;
      }
    } else {
      // The board is a picture now (the task is solved, the game over): it takes the focus itself.
      next = place.querySelector(".board") || place.querySelector("button, a");
      if (next && next.classList.contains("board")) {
        next.tabIndex = -1;
      }
    }
    kept = null;
    if (next) {
      next.focus();
    }
  });

  document.addEventListener("DOMContentLoaded", function () { setUpAll(document); });
  document.addEventListener("htmx:load", function (event) { setUpAll(event.target.parentNode || document); });
})();
