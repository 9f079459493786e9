"""Whole games as text: a PGN-like record of a Senterej game, written by `writing.write_record` and read
back by `reading.read_record`, which replays every move and werera round through the engine.

    [Event "Club night"]
    [Date "2026.11.29"]
    [White "Abebe"]
    [Black "Almaz"]
    [Result "0-1"]
    [Variant "Senterej"]
    [Termination "resignation"]

    W1. e3 Nf6 W2. e4 -- W3. e5 Nxe4 {Black's Nxe4 played alone; White's e5 dropped:
    capture first; the werera ends, White to move} 1. d3 Nc5 2. Nf3 e6 0-1

Tags come first, one `[Name "value"]` a line, with `"` and `\\` escaped by a backslash as in PGN. Result,
Termination, Variant, and SetUp with FEN (for a game that did not start from `START_FEN`) are kept in step
with the game; any other tag is kept as it is. Termination is the engine's word for how the game ended
(checkmate, stalemate, bare-king, counting, repetition, seventy-moves) or, for a game the engine still sees
as going on, resignation or agreement (R8.3), or, in PGN's own words, time forfeit (a side's clock ran out)
or abandoned (a player left the game and the other claimed it).

Then the moves, in SAN (R9.3). A werera round is `W<n>.` and both sides' choices, White's first, `--` for a
wait (R5.1, R5.10). Each choice is written as the move it is in the position at the start of the round, for
its own side, and both are written even when one was dropped, so that reading the record resolves the
round again (R5.3-R5.7). A round in which a move was dropped or the werera ended carries a comment saying
what happened; comments are for people and are ignored when reading. Turn-based moves are numbered as in
PGN, from the position's full-move number: `1. Nf3 Nf6 2. ...`, or `1... fxe6` when Black moves first after
the werera. A game that ends in the werera has no numbered moves. The record ends with its result:
`1-0`, `0-1`, `1/2-1/2`, or `*` for a game not over.

Reading also takes coordinate notation (`e2e3`, `0000` for a wait), moves without numbers, extra
whitespace, `{...}` and `;` comments, check marks, `!?` and `$1` annotations. Anything else is a
`RecordError` that says what is wrong and on which line.

This package holds what reading and writing share: the format's words, its errors, the checks of the tags'
values and how a game's result is settled.
"""

import re

from ..game import BARE_KING, CHECKMATE, COUNTING, REPETITION, SEVENTY_MOVE_RULE, STALEMATE, Game
from ..speech import _

VARIANT = "Senterej"
RESIGNATION = "resignation"
AGREEMENT = "agreement"
TIME_FORFEIT = "time forfeit"
ABANDONED = "abandoned"
ENGINE_ENDS = (CHECKMATE, STALEMATE, BARE_KING, COUNTING, REPETITION, SEVENTY_MOVE_RULE)
TERMINATIONS = (*ENGINE_ENDS, RESIGNATION, AGREEMENT, TIME_FORFEIT, ABANDONED)
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
WAIT_TEXT = "--"
WAIT_TEXTS = (WAIT_TEXT, "0000")
_DATE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")


class RecordError(ValueError):
    """A record that cannot be read, or tags that cannot be written, with what is wrong and where."""


def at_line(line: int | None, problem: str) -> str:
    """`problem`, said of a record being read from its `line`, or of tags being written (no line)."""
    if line is None:
        return problem
    return _("line %(line)s: %(problem)s") % {"line": line, "problem": problem}


def check_tag(name: str, value: str, line: int | None) -> None:
    """The tags whose values have a syntax: the same checks for writing and reading (from `line`)."""
    if name == "Result" and value not in RESULTS:
        problem = _("Result %(value)s is not one of %(results)s")
        raise RecordError(at_line(line, problem % {"value": repr(value), "results": ", ".join(RESULTS)}))
    if name == "Termination" and value not in TERMINATIONS:
        problem = _("Termination %(value)s is not one of %(terminations)s")
        raise RecordError(
            at_line(line, problem % {"value": repr(value), "terminations": ", ".join(TERMINATIONS)})
        )
    if name == "Date" and not _DATE.fullmatch(value):
        problem = _("Date %(value)s is not YYYY.MM.DD (with ? for what is not known)")
        raise RecordError(at_line(line, problem % {"value": repr(value)}))
    if name == "Variant" and value != VARIANT:
        problem = _("Variant %(value)s: only %(variant)s is played here")
        raise RecordError(at_line(line, problem % {"value": repr(value), "variant": VARIANT}))
    if name == "SetUp" and value not in ("0", "1"):
        raise RecordError(at_line(line, _("SetUp %(value)s is not 0 or 1") % {"value": repr(value)}))


def settle(
    game: Game, result: str | None, termination: str | None, line: int | None
) -> tuple[str, str | None]:
    """The result and termination of `game` given those written (read from `line`, if read): the engine's when
    it ended the game, otherwise a site outcome (R8.3) or `*`."""
    values = {"result": result, "termination": repr(termination)}
    if game.is_over:
        ended = {**values, "status": game.status, "game_result": game.result}
        if result is not None and result != game.result:
            problem = _(
                "the result %(result)s contradicts the moves: the game ended by %(status)s, %(game_result)s"
            )
            raise RecordError(at_line(line, problem % ended))
        if termination is not None and termination != game.status:
            problem = _(
                "Termination %(termination)s contradicts the moves: "
                "the game ended by %(status)s, %(game_result)s"
            )
            raise RecordError(at_line(line, problem % ended))
        return game.result, game.status
    if result is None or result == "*":
        if termination is not None:
            problem = _("Termination %(termination)s for a game that is not over (result *)")
            raise RecordError(at_line(line, problem % values))
        return "*", None
    if termination is None:
        problem = _(
            "the result %(result)s, but the game is not over after its moves: say how it ended with "
            '[Termination "%(resignation)s"] or [Termination "%(agreement)s"]'
        )
        raise RecordError(
            at_line(line, problem % {**values, "resignation": RESIGNATION, "agreement": AGREEMENT})
        )
    if termination in ENGINE_ENDS:
        problem = _("Termination %(termination)s, but the moves end in no %(ending)s")
        raise RecordError(at_line(line, problem % {**values, "ending": termination}))
    if termination == RESIGNATION and result == "1/2-1/2":
        raise RecordError(at_line(line, _("a resignation gives 1-0 or 0-1, not 1/2-1/2")))
    if termination == TIME_FORFEIT and result == "1/2-1/2":
        raise RecordError(at_line(line, _("a time forfeit gives 1-0 or 0-1, not 1/2-1/2")))
    if termination == AGREEMENT and result != "1/2-1/2":
        raise RecordError(at_line(line, _("an agreement is a draw, 1/2-1/2, not %(result)s") % values))
    return result, termination
