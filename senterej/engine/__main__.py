"""The engine's command line:

    python3 -m senterej.engine moves FEN [--side w|b]
    python3 -m senterej.engine perft FEN DEPTH     (DEPTH from 0 to 10)
    python3 -m senterej.engine play FEN [MOVE | WMOVE,BMOVE ...]

Bad input exits with status 2 and one line on stderr."""

import argparse
import json
import sys
from typing import NoReturn

from .fen import FenError
from .game import Game, TurnMove
from .notation import IllegalMoveError, coordinate, sorted_coordinates
from .perft import perft
from .pieces import BLACK, COLOUR_NAMES, WHITE
from .position import Position

#: The deepest perft the command line counts. Depth 10 already takes days from the start position in pure
#: Python, and only a bare endgame finishes there; anything deeper is a typo, not a question.
MAX_PERFT_DEPTH = 10


class InputError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise InputError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python3 -m senterej.engine", description="Senterej rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    moves = commands.add_parser("moves", help="list the legal moves, sorted")
    moves.add_argument("fen")
    moves.add_argument("--side", choices=["w", "b"])
    count = commands.add_parser("perft", help="count legal move sequences")
    count.add_argument("fen")
    count.add_argument("depth", type=int)
    play = commands.add_parser("play", help="play moves and werera rounds, then judge")
    play.add_argument("fen")
    play.add_argument("steps", nargs="*", metavar="MOVE")
    return parser


def _moves(fen: str, side_text: str | None) -> str:
    position = Position.from_fen(fen)
    side = None if side_text is None else {"w": WHITE, "b": BLACK}[side_text]
    if position.turn is None and side is None:
        raise InputError("a werera position needs --side w or b")
    if position.turn is not None and side is not None and side != position.turn:
        raise InputError(f"--side {side_text}: it is {COLOUR_NAMES[position.turn]}'s turn")
    return "".join(line + "\n" for line in sorted_coordinates(position.legal_moves(side)))


def _perft(fen: str, depth: int) -> str:
    position = Position.from_fen(fen)
    if position.turn is None:
        raise InputError("perft counts from a turn-based position, not from the werera")
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise InputError(f"depth must be from 0 to {MAX_PERFT_DEPTH}, not {depth}")
    return f"{perft(position, depth)}\n"


def _play(fen: str, steps: list[str]) -> str:
    game = Game(fen)
    for step in steps:
        if game.in_werera:
            if step.count(",") != 1:
                raise InputError(f"{step!r}: a werera round is WMOVE,BMOVE (0000 to wait)")
            white, black = step.split(",")
            game.play_round(white, black)
        else:
            if "," in step:
                raise InputError(f"{step!r}: the werera is over, give one move at a time")
            game.play(step)
    moves = [
        {"side": COLOUR_NAMES[entry.side], "move": coordinate(entry.move), "san": entry.san}
        for entry in game.history
        if isinstance(entry, TurnMove)
    ]
    rounds = [entry.as_dict() for entry in game.history if not isinstance(entry, TurnMove)]
    winner = game.judgement.winner
    report = {
        "fen": game.position.fen(),
        "status": game.status,
        "result": game.result,
        "winner": None if winner is None else COLOUR_NAMES[winner],
        "moves": moves,
        "rounds": rounds,
    }
    return json.dumps(report) + "\n"


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "moves":
            output = _moves(args.fen, args.side)
        elif args.command == "perft":
            output = _perft(args.fen, args.depth)
        else:
            output = _play(args.fen, args.steps)
    except (InputError, FenError, IllegalMoveError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
