"""R1 (board and pieces) and R2 (moves of the pieces)."""

from senterej.engine import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, START_FEN, WHITE, Piece, Position
from senterej.engine.notation import sorted_coordinates
from senterej.engine.squares import SQUARE_NAMES, SQUARE_OF_NAME, squares_of


def moves(fen: str, side: int | None = None) -> list[str]:
    return sorted_coordinates(Position.from_fen(fen).legal_moves(side))


def moves_from(fen: str, square: str) -> list[str]:
    return [m for m in moves(fen) if m.startswith(square)]


def test_r1_1_the_squares_of_a_set_come_a1_first():
    bits = sum(1 << SQUARE_OF_NAME[name] for name in ("h8", "a1", "e4", "d1"))
    assert [SQUARE_NAMES[sq] for sq in squares_of(bits)] == ["a1", "d1", "e4", "h8"]
    assert squares_of(0) == []


def test_r1_3_start_position_is_crosswise():
    position = Position.from_fen(START_FEN)
    assert position.piece_at(SQUARE_OF_NAME["e1"]) == Piece(WHITE, NEGUS)
    assert position.piece_at(SQUARE_OF_NAME["d1"]) == Piece(WHITE, FERS)
    assert position.piece_at(SQUARE_OF_NAME["d8"]) == Piece(BLACK, NEGUS)
    assert position.piece_at(SQUARE_OF_NAME["e8"]) == Piece(BLACK, FERS)


def test_r1_4_starting_material():
    position = Position.from_fen(START_FEN)
    for colour in (WHITE, BLACK):
        men = [position.piece_at(sq) for sq in range(64)]
        kinds = [m.kind for m in men if m is not None and m.colour == colour]
        assert {k: kinds.count(k) for k in set(kinds)} == {
            NEGUS: 1,
            FERS: 1,
            DER: 2,
            FIL: 2,
            FERES: 2,
            MEDEQ: 8,
        }


def test_r1_2_letters_and_senterej_names():
    assert Piece(WHITE, FERS).letter == "Q" and Piece(BLACK, FIL).letter == "b"
    assert [Piece(WHITE, k).name for k in (NEGUS, FERS, DER, FIL, FERES, MEDEQ)] == [
        "negus",
        "fers",
        "der",
        "fil",
        "feres",
        "medeq",
    ]


def test_r2_1_negus_steps_one_square_any_way():
    assert moves("8/8/8/8/3K4/8/8/k7 w - -") == [
        "d4c3",
        "d4c4",
        "d4c5",
        "d4d3",
        "d4d5",
        "d4e3",
        "d4e4",
        "d4e5",
    ]


def test_r2_2_der_slides_and_stops_at_the_first_man():
    assert moves_from("8/8/8/3p4/8/8/3R4/K6k w - -", "d2") == [
        "d2a2",
        "d2b2",
        "d2c2",
        "d2d1",
        "d2d3",
        "d2d4",
        "d2d5",
        "d2e2",
        "d2f2",
        "d2g2",
        "d2h2",
    ]


def test_r2_3_feres_leaps():
    assert moves_from("8/8/8/8/8/8/8/KN5k w - -", "b1") == ["b1a3", "b1c3", "b1d2"]
    # surrounded, it still leaps
    assert moves_from("8/8/8/2ppp3/2pNp3/2ppp3/8/K6k w - -", "d4") == [
        "d4b3",
        "d4b5",
        "d4c2",
        "d4c6",
        "d4e2",
        "d4e6",
        "d4f3",
        "d4f5",
    ]


def test_r2_4_fers_steps_one_square_diagonally():
    assert moves_from("8/8/8/8/3Q4/8/8/K6k w - -", "d4") == ["d4c3", "d4c5", "d4e3", "d4e5"]


def test_r2_5_fil_leaps_two_squares_diagonally_over_anything():
    assert moves_from("8/8/8/2ppp3/2pBp3/2ppp3/8/K6k w - -", "d4") == ["d4b2", "d4b6", "d4f2", "d4f6"]


def placement(men: dict[str, str]) -> str:
    """A FEN placement from {square: letter}."""
    rows = []
    for rank in "87654321":
        row = "".join(men.get(file + rank, "1") for file in "abcdefgh")
        for run in range(8, 1, -1):
            row = row.replace("1" * run, str(run))
        rows.append(row)
    return "/".join(rows)


def test_r2_5_fil_is_bound_to_eight_squares():
    reached, frontier = {"c1"}, ["c1"]
    while frontier:
        square = frontier.pop()
        fen = placement({square: "B", "h2": "K", "b8": "k"}) + " w - -"
        for move in moves_from(fen, square):
            if move[2:] not in reached:
                reached.add(move[2:])
                frontier.append(move[2:])
    assert sorted(reached) == ["a3", "a7", "c1", "c5", "e3", "e7", "g1", "g5"]


def test_r2_6_medeq_steps_forward_and_takes_diagonally():
    assert moves_from("8/8/8/2p1p3/3P4/8/8/K6k w - -", "d4") == ["d4c5", "d4d5", "d4e5"]
    assert moves_from("k7/8/8/3p4/8/8/8/K7 b - -", "d5") == ["d5d4"]


def test_r2_6_no_double_step_and_no_en_passant():
    assert moves_from("k7/8/8/8/8/8/3P4/K7 w - -", "d2") == ["d2d3"]
    assert moves_from("k7/8/8/3Pp3/8/8/8/K7 w - -", "d5") == ["d5d6"]


def test_r2_6_blocked_medeq_cannot_move():
    assert moves_from("8/8/8/8/3p4/3P4/8/K6k w - -", "d3") == []


def test_r2_7_a_pinned_der_moves_only_along_the_pin():
    assert moves_from("3r4/8/8/8/8/8/3R4/3K3k w - -", "d2") == [
        "d2d3",
        "d2d4",
        "d2d5",
        "d2d6",
        "d2d7",
        "d2d8",
    ]


def test_r2_7_a_pinned_feres_cannot_move():
    assert moves_from("3r4/8/8/8/8/8/3N4/3K3k w - -", "d2") == []


def test_r2_7_the_negus_cannot_step_along_the_line_of_a_checking_der():
    assert moves("k7/8/8/8/8/8/8/r3K3 w - -") == ["e1d2", "e1e2", "e1f2"]


def test_r2_7_check_by_a_fil_cannot_be_blocked():
    # the fil on c3 attacks e1 over d2; only negus moves or taking the fil help
    fen = "k7/8/8/8/8/2b5/8/3RK3 w - -"
    assert moves(fen) == ["e1d2", "e1e2", "e1f1", "e1f2"]


def test_r2_7_double_check_only_the_negus_moves():
    fen = "4r2k/8/8/8/8/3n4/8/R3K3 w - -"
    assert all(m.startswith("e1") for m in moves(fen))
    assert moves(fen) == ["e1d1", "e1d2", "e1f1"]
