"""What the course says when a task is failed or solved, in translatable words: why a move or an option is
wrong (what a wrong move misses in course.aim_words), the opponent's answer that refutes a wrong move, what
cost the stars a solution did not earn, and the numbers of the course's figures (Slovak reads "z 3" but
"zo 4")."""

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from course.aim_words import missed_sentence
from course.checkers import Answer, Score, Verdict
from course.models import Task
from play.game_words import result_sentence
from senterej.board.explain import NAMES
from senterej.engine import NEGUS
from senterej.engine.game import BARE_KING, CHECKMATE, COUNTING, REPETITION, SEVENTY_MOVE_RULE, STALEMATE
from senterej.engine.position import move_from, move_to
from senterej.engine.squares import SQUARE_OF_NAME
from senterej.engine.werera import BLOCKED, CAPTURE_FIRST, CHECK


def verdict_message(task: Task, verdict: Verdict) -> str:
    """Why the task failed, and the opponent's answer when there is one."""
    if verdict.reason == "wrong-answer":
        return task.local_why(int(verdict.params["option"])) or _("That is not the right answer.")
    lead = _why(task, verdict)
    answer = verdict.answer
    if answer is None:
        return lead
    if answer.draw:
        return f"{lead} {answer_sentence(answer)} {result_sentence(answer.draw, '1/2-1/2')}"
    return f"{lead} {answer_sentence(answer)}"


def _why(task: Task, verdict: Verdict) -> str:
    reason, params = verdict.reason, verdict.params
    if reason == "taken" and verdict.position is not None:
        square = params["square"]
        man = verdict.position.piece_at(SQUARE_OF_NAME[square])
        return _(
            "The %(man)s on %(from)s takes your %(taken)s on %(square)s. Keep your men out of reach."
        ) % {
            "man": NAMES[man.kind] if man else "",
            "from": params["from"],
            "taken": NAMES[int(params["taken"])],
            "square": square,
        }
    if reason in ("off-script", "out-of-moves"):
        return _not_reached(task, verdict)
    if reason == "dropped":
        return _dropped(task, verdict)
    if reason == "not-the-move" and verdict.missed:
        return missed_sentence(verdict.missed)
    messages = {
        "no-check": _("That move does not give check, and this task asks for a check."),
        "not-the-move": _("That move is legal, but it is not what the task asks: “%(ask)s”")
        % {"ask": task_ask(task.local_prompt)},
        "no-castling": _("That is not castling: move the negus two squares towards its der."),
        "waited": _("You waited, and this task asks for a move."),
        "still-fits": _(
            "Your opponent's choice still fitted after your move, so it was played. This task asks for a "
            "quicker move after which it no longer fits."
        ),
        BARE_KING: _(
            "You took the last piece: a bare negus means a draw (R7.3), even when the capture mates. "
            "Mate while it still has a piece."
        ),
        STALEMATE: _("Stalemate: no legal move and no check. That is a draw, not a win."),
    }
    if reason == COUNTING and verdict.position is not None:
        return result_sentence(COUNTING, "1/2-1/2", verdict.position)
    if reason in messages:
        return messages[reason]
    return result_sentence(reason, params.get("result", "1/2-1/2"))


#: Where a prompt's sentences part: after a full stop, a question or an exclamation mark and a space, before a
#: capital (so that "Round 7" or "7. kolo" stays whole).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ])")


def task_ask(prompt: str) -> str:
    """What a task asks: the last sentence of its prompt, which the course writes as the instruction."""
    return _SENTENCE_END.split(prompt.strip())[-1]


def _not_reached(task: Task, verdict: Verdict) -> str:
    """The goal is not reached in the moves the task allows, or this move no longer can reach it."""
    allowed = task.max_moves
    left = allowed - verdict.moves + 1
    if task.goal == "stars":
        return ngettext(
            "Not all the stars are collected, and this task allows only %(moves)s move.",
            "Not all the stars are collected, and this task allows only %(moves)s moves.",
            allowed,
        ) % {"moves": allowed}
    if task.goal == "capture":
        return ngettext(
            "Not all the marked men are taken, and this task allows only %(moves)s move.",
            "Not all the marked men are taken, and this task allows only %(moves)s moves.",
            allowed,
        ) % {"moves": allowed}
    if task.goal == "status" and task.status == CHECKMATE:
        if left > 1:
            return ngettext(
                "That move does not force mate in the %(moves)s move left.",
                "That move does not force mate in the %(moves)s moves left.",
                left,
            ) % {"moves": left}
        return ngettext(
            "That is not mate, and this task allows only %(moves)s move.",
            "That is not mate, and this task allows only %(moves)s moves.",
            allowed,
        ) % {"moves": allowed}
    draws = {
        STALEMATE: _("That move does not lead to stalemate."),
        BARE_KING: _("That move does not leave your opponent without a piece."),
        COUNTING: _("That move does not draw by counting: only a move of the lone piece is counted."),
        REPETITION: _("That move does not bring the same position back a third time."),
        SEVENTY_MOVE_RULE: _(
            "That move does not draw: a capture or a medeq move starts the seventy moves again."
        ),
    }
    if task.goal == "status" and task.status in draws:
        return draws[task.status]
    return ngettext(
        "Not there yet, and this task allows only %(moves)s move.",
        "Not there yet, and this task allows only %(moves)s moves.",
        allowed,
    ) % {"moves": allowed}


def _dropped(task: Task, verdict: Verdict) -> str:
    """Why the round dropped the learner's werera choice (R5.3-R5.5)."""
    report, position = verdict.report, verdict.position
    mine = next((d for d in report.dropped if d.side == task.learner), None) if report else None
    if mine is None or position is None:
        return _("Your choice was dropped when the round was resolved.")
    if mine.reason == CAPTURE_FIRST:
        return _(
            "Your choice was dropped: your opponent's capture came first, and a capture is played alone."
        )
    if mine.reason == CHECK:
        return _("Your choice was dropped: your opponent's quicker move gave check and ended the werera.")
    assert mine.reason == BLOCKED
    frm, to = move_from(mine.move), move_to(mine.move)
    man = position.piece_at(frm)
    if frm != to and position.board[to]:
        return _(
            "Your choice was dropped: the quicker move took its square first, and a move chosen for an empty "
            "square never turns into a capture."
        )
    if man is not None and man.kind == NEGUS and abs(to - frm) == 2:
        return _("Your castling was dropped: after the quicker move it no longer met its conditions.")
    return _("Your choice was dropped: after the quicker move it would have left your negus attacked.")


def answer_sentence(answer: Answer) -> str:
    """The opponent's answer in words, with square names and the men's Senterej names."""
    words = {
        "man": NAMES[answer.man],
        "from": answer.move[:2],
        "to": answer.move[2:4],
        "taken": NAMES[answer.taken] if answer.taken is not None else "",
    }
    end = "mate" if answer.mate else "check" if answer.check else "quiet"
    if answer.taken is None:
        sentences = {
            "quiet": _("Your opponent answers with the %(man)s from %(from)s to %(to)s."),
            "check": _("Your opponent answers with the %(man)s from %(from)s to %(to)s, giving check."),
            "mate": _("Your opponent answers with the %(man)s from %(from)s to %(to)s: checkmate."),
        }
    else:
        sentences = {
            "quiet": _("Your opponent answers: the %(man)s on %(from)s takes your %(taken)s on %(to)s."),
            "check": _(
                "Your opponent answers: the %(man)s on %(from)s takes your %(taken)s on %(to)s, giving check."
            ),
            "mate": _(
                "Your opponent answers: the %(man)s on %(from)s takes your %(taken)s on %(to)s: checkmate."
            ),
        }
    return sentences[end] % words


def reply_sentence(verdict: Verdict) -> str:
    """The opponent's scripted reply in a line that goes on, in words."""
    position, reply = verdict.position, verdict.reply
    man = position.piece_at(SQUARE_OF_NAME[reply[2:4]]) if position is not None else None
    if man is None:
        return ""
    return _("Your opponent answered with the %(man)s from %(from)s to %(to)s.") % {
        "man": NAMES[man.kind],
        "from": reply[:2],
        "to": reply[2:4],
    }


def score_reasons(task: Task, result: Score) -> list[str]:
    """Why a solution earned fewer than three stars, one sentence a cost."""
    reasons = []
    if result.extra_moves:
        moves = task.par + result.extra_moves
        reasons.append(
            ngettext(
                "%(moves)s move, where %(par)s would do: one star less for each move more.",
                "%(moves)s moves, where %(par)s would do: one star less for each move more.",
                moves,
            )
            % {"moves": moves, "par": task.par}
        )
    if result.mistakes:
        reasons.append(
            ngettext(
                "%(count)s mistake before solving: one star less.",
                "%(count)s mistakes before solving: one star less for each.",
                result.mistakes,
            )
            % {"count": result.mistakes}
        )
    if result.hint:
        reasons.append(_("You used a hint: one star less."))
    if result.extra_moves + result.mistakes + result.hint > 2:
        reasons.append(_("A solved task always keeps at least one star."))
    return reasons


def shortest_way(task: Task) -> str:
    """The reference solution, for a learner who took more moves (square names, e.g. a1–a3, a3–h3)."""
    line = ", ".join(f"{move[:2]}–{move[2:4]}" for move in task.solution.split())
    return _("The shortest way: %(line)s.") % {"line": line}


#: The numbers that Slovak reads with s, š, z or ž first ("zo 4", "zo 7"), so that "of" before them is "zo".
_ZO_UNITS = {4, 6, 7, 14, 16, 17}
_ZO_TENS = {4, 6, 7}
_ZO_HUNDREDS = {1, 4, 6, 7}


def reads_with_s(number: int) -> bool:
    if number < 20:
        return number in _ZO_UNITS
    if number < 100:
        return number // 10 in _ZO_TENS
    if number < 1000:
        return number // 100 in _ZO_HUNDREDS
    return False


def task_of(number: int, count: int) -> str:
    """ "Task 2 of 4" of the breadcrumbs."""
    words = (
        pgettext("before a number read with s, š, z or ž", "Task %(number)s of %(count)s")
        if reads_with_s(count)
        else _("Task %(number)s of %(count)s")
    )
    return words % {"number": number, "count": count}


def tasks_done(done: str, count: int) -> str:
    """ "0 of 4 tasks" of the course map (`done` may be a hole filled in later)."""
    words = (
        pgettext("before a number read with s, š, z or ž", "%(done)s of %(count)s tasks")
        if reads_with_s(count)
        else _("%(done)s of %(count)s tasks")
    )
    return words % {"done": done, "count": count}


def stars_of(stars: str, most: int) -> str:
    """ "5 of 12 stars" of the course map (`stars` may be a hole filled in later)."""
    words = (
        pgettext("before a number read with s, š, z or ž", "%(stars)s of %(max)s stars")
        if reads_with_s(most)
        else _("%(stars)s of %(max)s stars")
    )
    return words % {"stars": stars, "max": most}
