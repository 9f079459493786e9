"""Properties of the engine that must hold in every position, checked with hypothesis on positions reached by
random play (turn-based from the start, and werera rounds from the werera start) and on random placements.

The legal moves are compared with a slow reference written here from RULES.md (R2 piece moves, R3 promotion,
R6 castling) on a plain dict board, so that it shares nothing with the engine's generator.
"""

import re

from hypothesis import example, given, reject, settings
from hypothesis import strategies as st

from senterej.engine.fen import FIELDS, FenError
from senterej.engine.game import ONGOING, judge
from senterej.engine.notation import coordinate, parse_coordinate, parse_san, san
from senterej.engine.pieces import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, START_COUNT, WHITE, Piece
from senterej.engine.position import WAIT, Position
from senterej.engine.werera import play_round

TURN_START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
WERERA_START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0"
PIECES = "QRRBBNN"  # R1.4, with 8 medeqs and the negus
COORDINATE = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")


# --- the reference: R2, R3 and R6 on a dict board (square -> Piece) ---

LEAPS = {
    NEGUS: [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr],  # R2.1
    FERES: [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],  # R2.3
    FERS: [(1, 1), (1, -1), (-1, 1), (-1, -1)],  # R2.4
    FIL: [(2, 2), (2, -2), (-2, 2), (-2, -2)],  # R2.5: a leap, nothing in between matters
}
# R6.1: the negus's castling move, and the der's (from, to) that goes with it.
CASTLING = {WHITE: ((4, 6), (7, 5)), BLACK: ((59, 57), (56, 58))}
CASTLING_LETTER = {WHITE: "K", BLACK: "k"}


def last_rank(colour: int) -> int:
    return 7 if colour == WHITE else 0


def reach(board: dict[int, Piece], sq: int) -> list[int]:
    """The squares the man on `sq` attacks: those where it would take an enemy man (R2.1-R2.6)."""
    piece = board[sq]
    file, rank = sq % 8, sq // 8
    if piece.kind == DER:  # R2.2: slides up to and including the first occupied square
        squares = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f, r = file + df, rank + dr
            while 0 <= f < 8 and 0 <= r < 8:
                squares.append(r * 8 + f)
                if r * 8 + f in board:
                    break
                f, r = f + df, r + dr
        return squares
    forward = 1 if piece.colour == WHITE else -1
    deltas = [(-1, forward), (1, forward)] if piece.kind == MEDEQ else LEAPS[piece.kind]  # R2.6 captures
    return [(rank + dr) * 8 + file + df for df, dr in deltas if 0 <= file + df < 8 and 0 <= rank + dr < 8]


def dict_board(position: Position) -> dict[int, Piece]:
    return {sq: piece for sq in range(64) if (piece := position.piece_at(sq)) is not None}


def attacked(board: dict[int, Piece], sq: int, by: int) -> bool:
    return any(piece.colour == by and sq in reach(board, from_sq) for from_sq, piece in board.items())


def negus_square(board: dict[int, Piece], colour: int) -> int:
    return next(sq for sq, piece in board.items() if piece == Piece(colour, NEGUS))


def after_move(board: dict[int, Piece], us: int, frm: int, to: int, promotion: int) -> dict[int, Piece]:
    after = dict(board)
    piece = after.pop(frm)
    after[to] = Piece(us, promotion) if promotion else piece
    if (frm, to) == CASTLING[us][0] and piece.kind == NEGUS:
        der_from, der_to = CASTLING[us][1]
        after[der_to] = after.pop(der_from)
    return after


def reference_moves(position: Position, us: int) -> set[int]:
    """R2.7: the pseudo-legal moves of `us` (R2, R3, R6) that leave its negus unattacked."""
    board = dict_board(position)
    own = [piece.kind for piece in board.values() if piece.colour == us]
    lost = [kind for kind in (FERS, DER, FIL, FERES) if own.count(kind) < START_COUNT[kind]]  # R3.1
    candidates = []
    for sq, piece in board.items():
        if piece.colour != us:
            continue
        if piece.kind != MEDEQ:
            targets = [to for to in reach(board, sq) if to not in board or board[to].colour != us]
            candidates += [(sq, to, 0) for to in targets]
        elif sq // 8 == last_rank(us):
            candidates += [(sq, sq, kind) for kind in lost]  # R3.3: no ordinary moves; R3.4: in place
        else:
            ahead = sq + (8 if us == WHITE else -8)
            targets = [] if ahead in board else [ahead]  # R2.6: no double step
            targets += [to for to in reach(board, sq) if to in board and board[to].colour != us]
            for to in targets:
                if to // 8 == last_rank(us) and lost:
                    candidates += [(sq, to, kind) for kind in lost]  # R3.2
                else:
                    candidates.append((sq, to, 0))  # R3.3: nothing lost, a waiting pawn
    (negus_from, negus_to), (der_from, _) = CASTLING[us]
    crossed = (negus_from + negus_to) // 2
    if (
        position.werera is not None  # R4.2
        and CASTLING_LETTER[us] in position.fen().split()[2]
        and board.get(negus_from) == Piece(us, NEGUS)
        and board.get(der_from) == Piece(us, DER)
        and crossed not in board
        and negus_to not in board
        and not any(attacked(board, sq, us ^ 1) for sq in (negus_from, crossed, negus_to))
    ):
        candidates.append((negus_from, negus_to, 0))  # R6.2
    legal = set()
    for frm, to, promotion in candidates:
        after = after_move(board, us, frm, to, promotion)
        if not attacked(after, negus_square(after, us), us ^ 1):
            legal.add(frm | to << 6 | promotion << 12)
    return legal


# --- positions ---


def movers(position: Position) -> tuple[int, ...]:
    """The sides that have moves to make: the side to move, or both during the werera."""
    return (WHITE, BLACK) if position.turn is None else (position.turn,)


def pick(draw: st.DrawFn, options: list[int]) -> int:
    return options[draw(st.integers(0, len(options) - 1))]


def play_on(draw: st.DrawFn, position: Position, plies: int) -> Position:
    """Random turn-based moves until `plies` are played or the game is over (R7, R8); none in the werera."""
    for _ in range(plies):
        if position.turn is None or judge(position).status != ONGOING:
            break
        position.push(pick(draw, sorted(position.legal_moves())))
    return position


@st.composite
def turn_games(draw: st.DrawFn) -> Position:
    return play_on(draw, Position.from_fen(TURN_START), draw(st.integers(0, 80)))


@st.composite
def werera_games(draw: st.DrawFn) -> Position:
    """Random werera rounds (each side moving or waiting) from the werera start, then turn-based moves if the
    werera has ended."""
    position = Position.from_fen(WERERA_START)
    for _ in range(draw(st.integers(0, 20))):
        if position.werera is None:
            break
        white = pick(draw, [WAIT, *sorted(position.legal_moves(WHITE))])
        black = pick(draw, [WAIT, *sorted(position.legal_moves(BLACK))])
        play_round(position, white, black)
    return play_on(draw, position, draw(st.integers(0, 20)))


@st.composite
def placement_fens(draw: st.DrawFn) -> str:
    """A random placement of a negus and part of the army per side (never more of a kind than R1.4 allows,
    no medeq on its own first rank), turn-based or in the werera with castling rights where they can be."""
    werera = draw(st.booleans())
    board: dict[int, str] = {}
    men = []
    castling = ""
    for colour in (WHITE, BLACK):
        # Few pieces missing (often none, so that R3.3 waiting pawns come up), any number of medeqs.
        missing = draw(st.sets(st.integers(0, len(PIECES) - 1)))
        pieces = [letter for i, letter in enumerate(PIECES) if i not in missing]
        letters = pieces + ["P"] * draw(st.integers(0, 8))
        chosen = [letter if colour == WHITE else letter.lower() for letter in letters]
        negus, der = Piece(colour, NEGUS).letter, Piece(colour, DER).letter
        if werera and draw(st.booleans()):
            (negus_home, _), (der_home, _) = CASTLING[colour]
            board[negus_home], board[der_home] = negus, der
            castling += CASTLING_LETTER[colour]
            if der in chosen:
                chosen.remove(der)
        else:
            men.append(negus)
        men += chosen
    free = iter(sq for sq in draw(st.permutations(range(64))) if sq not in board)
    for letter in men:
        first_rank = 0 if letter == "P" else 7 if letter == "p" else -1
        board[next(sq for sq in free if sq // 8 != first_rank)] = letter
    ranks = []
    for rank in range(7, -1, -1):
        row = "".join(board.get(rank * 8 + file, "1") for file in range(8))
        ranks.append(re.sub("1+", lambda ones: str(len(ones.group())), row))
    if werera:
        tail = f"- {castling or '-'} {draw(st.integers(1, 20))} 0 1 0/0"
    else:
        tail = f"{draw(st.sampled_from('wb'))} - - 0 1 0/0"
    return "/".join(ranks) + " " + tail


@st.composite
def placed_positions(draw: st.DrawFn) -> Position:
    """The random placements that the parser accepts."""
    try:
        return Position.from_fen(draw(placement_fens()))
    except FenError:
        reject()


positions = st.one_of(turn_games(), werera_games(), placed_positions())


# --- the properties ---


@settings(max_examples=200, deadline=None)
@given(positions)
def test_r2_7_no_legal_move_leaves_the_own_negus_attacked(position: Position) -> None:
    for side in movers(position):
        for move in position.legal_moves(side):
            position.push(move, side)
            assert not position.attackers(side ^ 1, position.negus[side]), coordinate(move)
            position.pop()


@settings(max_examples=200, deadline=None)
@given(positions)
@example(Position.from_fen("rnbkqbn1/7P/8/8/8/8/8/RNBQKBNR w - - 0 1 0/0"))  # R3.3: nothing lost, h8 and xg8
@example(Position.from_fen("3kP3/8/8/8/8/8/8/4K2R w - - 0 1 0/0"))  # R3.4: e8 promotes in place
@example(Position.from_fen("r2k4/8/8/5r2/8/8/8/4K2R - Kk 3 0 1 0/0"))  # R6.2: f1 attacked, c8 and b8 not
def test_r2_7_legal_moves_are_the_reference_moves(position: Position) -> None:
    """Pseudo-legal moves by R2 (pieces), R3.2-R3.4 (promotion) and R6 (castling in the werera) are legal
    exactly when they leave the mover's negus unattacked."""
    for side in movers(position):
        moves = position.legal_moves(side)
        assert len(moves) == len(set(moves)), "a move is listed twice"
        ours = {coordinate(m) for m in moves}
        reference = {coordinate(m) for m in reference_moves(position, side)}
        assert ours == reference, (position.fen(), side, ours - reference, reference - ours)


@settings(max_examples=200, deadline=None)
@given(positions)
def test_r9_4_push_then_pop_restores_the_position_exactly(position: Position) -> None:
    """Perft and every search make and unmake moves: nothing may be left behind, in the FEN or the sets."""

    def state() -> tuple[object, ...]:
        return (
            position.fen(),
            position.board[:],
            position.by_colour[:],
            position.by_kind[:],
            position.negus[:],
        )

    before = state()
    for side in movers(position):
        for move in position.legal_moves(side):
            position.push(move, side)
            assert position.pop() == move
            assert state() == before, coordinate(move)


@settings(max_examples=200, deadline=None)
@given(positions)
def test_r9_1_fen_round_trips(position: Position) -> None:
    fen = position.fen()
    assert Position.from_fen(fen).fen() == fen


def assert_parses_or_raises_fen_error(text: str) -> None:
    try:
        position = Position.from_fen(text)
    except FenError as error:
        assert error.field in (*FIELDS, "position")
        return
    assert Position.from_fen(position.fen()).fen() == position.fen()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
@example("8/8/8/8/8/8/8/K6k w - - " + "1" * 5000 + " 1 0/0")  # more digits than int() reads
def test_r9_1_parser_raises_only_fen_error_on_garbage(text: str) -> None:
    assert_parses_or_raises_fen_error(text)


FEN_CHARACTERS = "KQRBNPkqrbnp12345678/ -wb09x"
VALID_FENS = [
    TURN_START,
    WERERA_START,
    "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1",  # four fields only
    "3k4/1P4p1/8/8/8/8/1p4P1/4K3 b - - 12 30 0/0",
    "4P3/3k4/8/2r5/8/8/3K4/8 w - - 0 41 0/3",
]


@st.composite
def mutated_fens(draw: st.DrawFn) -> str:
    """A valid FEN with a few characters deleted, inserted or replaced."""
    text = draw(st.sampled_from(VALID_FENS))
    for _ in range(draw(st.integers(1, 6))):
        index = draw(st.integers(0, len(text) - 1))
        character = draw(st.sampled_from(FEN_CHARACTERS) | st.characters())
        edit = draw(st.sampled_from(("delete", "insert", "replace")))
        if edit == "delete":
            text = text[:index] + text[index + 1 :]
        elif edit == "insert":
            text = text[:index] + character + text[index:]
        else:
            text = text[:index] + character + text[index + 1 :]
    return text


def test_r9_1_the_fens_to_mutate_are_valid() -> None:
    for fen in VALID_FENS:
        Position.from_fen(fen)


@settings(max_examples=200, deadline=None)
@given(mutated_fens())
def test_r9_1_parser_raises_only_fen_error_on_mutated_fens(text: str) -> None:
    assert_parses_or_raises_fen_error(text)


@settings(max_examples=200, deadline=None)
@given(positions)
def test_r9_2_coordinate_notation_round_trips(position: Position) -> None:
    for side in movers(position):
        for move in position.legal_moves(side):
            text = coordinate(move)
            assert COORDINATE.match(text), text
            assert parse_coordinate(text) == move


@settings(max_examples=200, deadline=None)
@given(positions)
def test_r9_3_san_round_trips(position: Position) -> None:
    for side in movers(position):
        for move in position.legal_moves(side):
            text = san(position, move, side)
            assert parse_san(position, text, side) == move, (position.fen(), side, text)
