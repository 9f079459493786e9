"""A whole game: its moves and werera rounds, whose turn it is, and the result after every step (R7, R8)."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .fen import COUNT_LIMIT, SEVENTY_MOVES
from .notation import IllegalMoveError, parse_move, san
from .pieces import BLACK, WHITE
from .position import START_FEN, WAIT, Position
from .speech import _
from .werera import RoundReport, play_round

ONGOING = "ongoing"
CHECKMATE = "checkmate"
STALEMATE = "stalemate"
BARE_KING = "bare-king"
COUNTING = "counting"
REPETITION = "repetition"
SEVENTY_MOVE_RULE = "seventy-moves"
REPETITIONS_FOR_DRAW = 3


class GameOverError(IllegalMoveError):
    """A move or round offered after the game has ended."""


@dataclass(frozen=True)
class Judgement:
    status: str
    winner: int | None = None

    @property
    def result(self) -> str:
        if self.status == ONGOING:
            return "*"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == WHITE else "0-1"


@dataclass(frozen=True)
class TurnMove:
    side: int
    move: int
    san: str
    fen: str  # the position after the move


def adjudicate(position: Position, repetitions: int = 1) -> tuple[str, list[int]]:
    """R7.5, the order of judgement after every move or werera round: bare king, then checkmate and
    stalemate, then counting, then the draws of R8. The status, and the legal moves of the side to move,
    which the verdict needs anyway (none after a bare king, and none during the werera, when no side is to
    move). `repetitions` is how often this turn-based position has now occurred in the game; the default,
    once, leaves R8.1 out, for the searches and proofs, which judge a position without its history."""
    if is_bare_king(position):
        return BARE_KING, []  # R7.3
    moves: list[int] = []
    if position.turn is not None:
        moves = position.legal_moves()
        if not moves:
            return (CHECKMATE if position.is_check() else STALEMATE), moves  # R7.1, R7.2
    return draw_by_count_or_r8(position, repetitions) or ONGOING, moves


def is_bare_king(position: Position) -> bool:
    """R7.3: a side has no piece left, only its negus (with or without medeqs)."""
    return position.piece_count(WHITE) == 0 or position.piece_count(BLACK) == 0


def draw_by_count_or_r8(position: Position, repetitions: int = 1) -> str | None:
    """The draws that R7.5 judges after checkmate and stalemate: counting (R7.4), then repetition (R8.1,
    as for `adjudicate`) and the seventy-move rule (R8.2). None when none of them ends the game."""
    if max(position.counting) >= COUNT_LIMIT:
        return COUNTING  # R7.4
    if position.turn is not None and repetitions >= REPETITIONS_FOR_DRAW:
        return REPETITION  # R8.1
    if position.halfmove >= SEVENTY_MOVES:
        return SEVENTY_MOVE_RULE  # R8.2
    return None


def judge(position: Position, repetitions: int = 1) -> Judgement:
    """The judgement of `adjudicate`, with the winner of a checkmate."""
    status = adjudicate(position, repetitions)[0]
    if status == CHECKMATE:
        assert position.turn is not None
        return Judgement(CHECKMATE, winner=position.turn ^ 1)  # R7.1
    return Judgement(status)


class Game:
    def __init__(self, fen: str = START_FEN, seen: Iterable[tuple[int, ...]] = ()) -> None:
        """A game from `fen`. `seen` takes up a game where it stood: the placement keys of the turn-based
        positions met before this one, once per time each was met, which R8.1 counts on (its history is not
        kept)."""
        self.position = Position.from_fen(fen)
        self.start_fen = self.position.fen()
        self.history: list[TurnMove | RoundReport] = []
        self._seen: Counter[tuple[int, ...]] = Counter(seen)
        self.judgement = self._judge()

    @property
    def status(self) -> str:
        return self.judgement.status

    @property
    def result(self) -> str:
        return self.judgement.result

    @property
    def is_over(self) -> bool:
        return self.judgement.status != ONGOING

    @property
    def in_werera(self) -> bool:
        return self.position.werera is not None

    @property
    def seen(self) -> list[tuple[int, ...]]:
        """The placement key of every turn-based position met so far, once per time it was met (R8.1), as a
        bot's search wants them."""
        return list(self._seen.elements())

    def play(self, move: int | str) -> TurnMove:
        """Plays one move in turn-based play, given as a move number, coordinate notation or SAN."""
        self._check_not_over()
        position = self.position
        if position.turn is None:
            raise IllegalMoveError(_("the werera is played in rounds: give both sides' choices"))
        if isinstance(move, str):
            move = parse_move(position, move)
        elif move not in position.legal_moves():
            raise IllegalMoveError(_("not a legal move here"))
        side = position.turn
        notation = san(position, move)
        position.push(move)
        record = TurnMove(side, move, notation, position.fen())
        self.history.append(record)
        self.judgement = self._judge()
        return record

    def play_round(self, white: int | str, black: int | str) -> RoundReport:
        """Plays one werera round from the two hidden choices (a move, or WAIT / "0000")."""
        self._check_not_over()
        position = self.position
        if position.werera is None:
            raise IllegalMoveError(_("the werera is over: moves alternate now"))
        choices = [self._choice(choice, side) for side, choice in ((WHITE, white), (BLACK, black))]
        report = play_round(position, choices[WHITE], choices[BLACK])
        self.history.append(report)
        self.judgement = self._judge()
        return report

    def _choice(self, choice: int | str, side: int) -> int:
        if isinstance(choice, int):
            return choice
        if choice == "0000":
            return WAIT
        return parse_move(self.position, choice, side)

    def _check_not_over(self) -> None:
        if self.is_over:
            raise GameOverError(
                _("the game is over (%(status)s, %(result)s)")
                % {"status": self.status, "result": self.result}
            )

    def _judge(self) -> Judgement:
        repetitions = 0
        if self.position.turn is not None:
            key = self.position.placement_key()
            self._seen[key] += 1
            repetitions = self._seen[key]
        return judge(self.position, repetitions)
