"""What the analysis board says of the engine's evaluation: the score from White's view ("+1.3") or who
mates in how many moves, and the best line in SAN with the men's images, numbered as a game's moves are."""

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from analysis.models import Evaluation
from senterej.board.san_markup import move_html, sentence
from senterej.engine import WAIT, WHITE, Position
from senterej.engine.notation import parse_coordinate, san


@dataclass(frozen=True)
class Shown:
    score: str  # "+1.3", or who mates
    line: SafeString
    details: str  # depth and nodes


def shown(evaluation: Evaluation) -> Shown:
    position = Position.from_fen(evaluation.fen)
    assert position.turn is not None and evaluation.score is not None
    details = ngettext(
        "Depth %(depth)s, %(nodes)s node searched.",
        "Depth %(depth)s, %(nodes)s nodes searched.",
        evaluation.nodes or 0,
    ) % {"depth": evaluation.depth, "nodes": number_format(evaluation.nodes or 0, force_grouping=True)}
    return Shown(
        score_words(position.turn, evaluation.score, evaluation.mate_in),
        line(position, evaluation.line),
        details,
    )


def score_words(turn: int, score: int, mate_in: int | None) -> str:
    """The score from White's view in men (a medeq is one), or which side mates in how many moves."""
    if mate_in is not None:
        mating = turn if mate_in > 0 else turn ^ 1
        moves = abs(mate_in)
        said = (
            ngettext("White mates in %(moves)s move.", "White mates in %(moves)s moves.", moves)
            if mating == WHITE
            else ngettext("Black mates in %(moves)s move.", "Black mates in %(moves)s moves.", moves)
        )
        return said % {"moves": moves}
    white = score if turn == WHITE else -score
    value = number_format(round(abs(white) / 100, 1), 1)
    return f"+{value}" if white > 0 else f"\u2212{value}" if white < 0 else value


def line(position: Position, coordinates: str) -> SafeString:
    """The line in SAN, each move numbered as in a game (12. for White's, 12… for a line Black begins)."""
    position = position.copy()
    parts = []
    for index, text in enumerate(coordinates.split()):
        move = parse_coordinate(text)
        side = position.turn
        assert side is not None
        label = (
            f"{position.fullmove}. " if side == WHITE else f"{position.fullmove}\u2026 " if index == 0 else ""
        )
        parts.append((label, move_html(san(position, move, side), side)))
        position.push(move)
    return format_html_join(" ", '<span class="analysis__ply">{}{}</span>', parts)


def werera_choice(position: Position, side: int, text: str) -> SafeString:
    """A side's suggested choice for the round: a move in the site's notation, or to wait (R5.1)."""
    move = parse_coordinate(text)
    if move == WAIT:
        return sentence(_("to wait"))
    return move_html(san(position, move, side), side)
