"""A puzzle proved again from scratch, as the validator, the admin, the curators' import and the tests do.
The site imports this module, never the generator."""

from senterej.engine.notation import parse_move
from senterej.engine.position import Position
from senterej.engine.proofs import MATED, SearchLimitError, status
from senterej.engine.proofs.mate import prove_mate_line
from senterej.engine.proofs.material import prove_material_line
from senterej.engine.proofs.werera_choice import prove_werera_choice
from trainer.lines import PuzzleLine
from trainer.themes import themes


def validate(fen: str, moves: str, stored_themes: str | None = None, rounds: str = "") -> str | None:
    """Proves a puzzle from scratch; None if it is sound, else the reason it is not. With `stored_themes`,
    the themes must also be the ones the predicates give. A werera puzzle must be reached by `rounds`
    played from the start (R5.11)."""
    try:
        if fen.split()[1] == "-":
            failure = prove_werera_choice(fen, moves.split(), rounds)
        elif _ends_in_mate(fen, moves):
            failure = prove_mate_line(fen, moves.split()).failure
        else:
            failure = prove_material_line(fen, moves.split())
    except (ValueError, SearchLimitError) as error:
        return str(error)
    if failure is None and stored_themes is not None:
        expected = themes(PuzzleLine.of(fen, moves))
        if stored_themes.split() != expected:
            return f"themes {stored_themes!r} should be {' '.join(expected)!r}"
    return failure


def _ends_in_mate(fen: str, moves: str) -> bool:
    position = Position.from_fen(fen)
    for text in moves.split():
        position.push(parse_move(position, text))
    return status(position)[0] == MATED
