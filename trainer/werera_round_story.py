"""How a werera puzzle's round goes against the opponent's most testing choices, in words: its best capture,
a wait (or any choice that takes nothing), and for a slower solver the quicker side's check. Each is told
by a sentence on why the solution still wins (R5.3-R5.5), then by the round's own report (R5.10) in the
words of a played game's rounds. A wrong choice is answered by the opponent's choice that refutes it.

Both search, so both are kept in the cache: the story by puzzle and language, the refutation by position
and choice (the search's answer alone: the words are made in the reader's language)."""

import hashlib

from django.core.cache import cache
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from play.game_words import round_sentences
from senterej.board.san_markup import move_html, sentence
from senterej.board.sides import Side
from senterej.engine.notation import coordinate, parse_coordinate, san
from senterej.engine.pieces import WHITE
from senterej.engine.position import WAIT, Position
from senterej.engine.proofs import MATED, SearchLimitError, status
from senterej.engine.proofs.werera_choice import GAIN, WereraJudge, gives_check
from senterej.engine.werera import play_round, quicker_side
from trainer.lines import PuzzleLine

#: Nodes allowed to value the rounds told (the proof's own budget is larger than they need).
STORY_NODES = 60_000
#: Nodes allowed to find the reply that refutes a wrong choice.
REFUTATION_NODES = 20_000
#: How long a story or a refutation is kept: a puzzle's line changes only by a curator's edit.
CACHE_SECONDS = 24 * 60 * 60


def round_story(line: PuzzleLine) -> list[list[SafeString]]:
    """For each of the opponent's most testing choices, a sentence on how the round goes and the round's
    report; empty for a puzzle out of the werera. Kept in the cache by line and language."""
    if line.start.werera is None or not line.moves:
        return []
    key = "trainer:round-story:" + _digest(f"{get_language()} {line.fen} {' '.join(line.moves)}")
    told: list[list[SafeString]] | None = cache.get(key)
    if told is None:
        try:
            told = _story(line)
        except SearchLimitError:
            told = []  # a round too costly to value within STORY_NODES is not told
        cache.set(key, told, CACHE_SECONDS)
    return told


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _story(line: PuzzleLine) -> list[list[SafeString]]:
    position = line.start
    assert position.werera is not None
    solver, choice = line.solver, parse_coordinate(line.moves[0])
    them = solver ^ 1
    judge = WereraJudge(position, solver, STORY_NODES)
    names = {
        "them": Side.of(them).label,
        "quicker": Side.of(quicker_side(position.werera)).label,
        "round": position.werera,
    }
    quick = quicker_side(position.werera) == solver
    capture = position.is_capture(choice)
    captures = [move for move in position.legal_moves(them) if position.is_capture(move)]
    quiet = [move for move in position.legal_moves(them) if not position.is_capture(move)]
    told: list[list[SafeString]] = []
    if captures:
        worst = min(captures, key=lambda move: (judge.after(choice, move) or 0, judge.after(WAIT, move) or 0))
        square = coordinate(worst)[2:4]
        if capture and quick:
            words = _(
                "If %(them)s takes on %(square)s, your capture still goes first: %(quicker)s is quicker"
                " in round %(round)s (R5.3)."
            )
        else:
            words = _(
                "If %(them)s takes on %(square)s, that capture is played first and alone (R5.3), but it"
                " leaves you well ahead."
            )
        told.append(_told(position, solver, choice, worst, sentence(words, square=square, **names)))
    if capture and quick:
        words = _("If %(them)s takes nothing, your capture is played alone (R5.3).")
    elif capture:
        words = _(
            "If %(them)s takes nothing, your capture is played even though %(quicker)s is quicker in round"
            " %(round)s (R5.3)."
        )
    elif quick:
        words = _("If %(them)s takes nothing, your check is played first and ends the werera (R5.4).")
    else:
        words = _("If %(them)s waits, your check is played and ends the werera (R5.5).")
    told.append(_told(position, solver, choice, WAIT, sentence(words, **names)))
    checks = [] if quick or capture else [move for move in quiet if gives_check(position, them, move)]
    if checks:
        check = min(checks, key=lambda move: judge.after(choice, move) or 0)
        words = _(
            "If %(them)s gives check with %(move)s first, your choice is dropped (R5.4), but the check"
            " leaves you well ahead."
        )
        drawn = move_html(san(position, check, them), them)
        told.append(_told(position, solver, choice, check, sentence(words, move=drawn, **names)))
    return told


def werera_refutation(line: PuzzleLine, choice: int) -> tuple[str, dict[str, tuple[str, int]]]:
    """Why a wrong choice of a werera puzzle does not win: the opponent's choice that refutes it (the
    likeliest first: a wait, then captures, then the rest), as a message with a place for each move it names
    and those moves in SAN with their movers' colours."""
    position, solver = line.start, line.solver
    them = solver ^ 1
    reply, value = _refuting_reply(position, solver, choice)
    moves = {"move": (san(position, choice, solver), solver)}
    names = {"them": Side.of(them).label, "move": "%(move)s", "reply": "%(reply)s"}
    if reply == WAIT:
        if value is None:
            words = _("If %(them)s waits, the werera goes on: %(move)s wins nothing this round (R5.4).")
        else:
            words = _("If %(them)s waits, %(move)s is played but leaves you no clear gain (R5.3-R5.5).")
        return words % names, moves
    moves["reply"] = (san(position, reply, them), them)
    after = position.copy()
    report = play_round(after, *((choice, reply) if solver == WHITE else (reply, choice)))
    if any(side == solver for side, _move in report.played):
        if value is None:
            words = _("If %(them)s answers %(reply)s, the werera goes on: %(move)s wins nothing this round.")
        else:
            words = _(
                "If %(them)s answers %(reply)s, both are played, and %(move)s leaves you no clear gain"
                " (R5.3-R5.5)."
            )
    else:
        words = _(
            "If %(them)s answers %(reply)s, that move is played and %(move)s is dropped (R5.3-R5.5): the win"
            " is gone."
        )
    return words % names, moves


def _refuting_reply(position: Position, solver: int, choice: int) -> tuple[int, int | None]:
    """The opponent's first choice (in the order of `WereraJudge.replies`) that leaves `choice` short of a
    gain of GAIN, with the solver's value after that round (None: the werera goes on); if none does within
    the budget, the choice that leaves the least."""
    key = "trainer:werera-refutation:" + _digest(f"{position.fen()} {coordinate(choice)}")
    found: tuple[int, int | None] | None = cache.get(key)
    if found is None:
        found = _search_refuting_reply(position, solver, choice)
        cache.set(key, found, CACHE_SECONDS)
    return found


def _search_refuting_reply(position: Position, solver: int, choice: int) -> tuple[int, int | None]:
    judge = WereraJudge(position, solver, REFUTATION_NODES)
    bar = judge.balance + GAIN
    least: tuple[int, int | None] = (WAIT, None)
    try:
        for reply in judge.replies(choice):
            value = judge.after(choice, reply)
            if value is None or value < bar:
                return reply, value
            if least[1] is None or value < least[1]:
                least = (reply, value)
    except SearchLimitError:
        pass
    return least


def _told(position: Position, solver: int, choice: int, reply: int, words: SafeString) -> list[SafeString]:
    """The sentence, then the report of the round of `choice` against `reply`."""
    white, black = (choice, reply) if solver == WHITE else (reply, choice)
    sans = {
        side.value: san(position, move, side.colour) if move != WAIT else ""
        for side, move in ((Side.WHITE, white), (Side.BLACK, black))
    }
    after = position.copy()
    report = play_round(after, white, black)
    mated = after.turn is not None and status(after)[0] == MATED
    return [words, *round_sentences(report.as_dict(), sans, game_over=mated)]
