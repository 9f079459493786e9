"""Game records: whole games written as text and read back through the engine (R5.10 werera rounds, R9.3 SAN,
R7 and R8 results, R8.3 resignation and agreement)."""

import contextlib
import random
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senterej.engine import record
from senterej.engine.game import CHECKMATE, COUNTING, ONGOING, STALEMATE, Game
from senterej.engine.pieces import BLACK, WHITE
from senterej.engine.position import START_FEN, WAIT
from senterej.engine.record import RecordError
from senterej.engine.record.reading import MAX_RECORD_CHARS, read_record
from senterej.engine.record.writing import write_record
from senterej.engine.werera import BLOCKED, CAPTURE_FIRST, CHECK

MATE_IN_THE_WERERA = "k7/pp6/8/7n/8/8/8/2R1K3 - - 1 0 1 0/0"
STALEMATED = "k7/q1K5/8/8/8/8/8/R7 b - - 0 1 0/0"


def play(*steps: str, fen: str = START_FEN) -> Game:
    """Werera rounds as `white,black` (0000 to wait) and turn-based moves, in coordinate notation."""
    game = Game(fen)
    for step in steps:
        if "," in step:
            game.play_round(*step.split(","))
        else:
            game.play(step)
    return game


def round_trip(game: Game, tags: dict[str, str] | None = None) -> str:
    """Writes the game, reads it back and checks it is the same game, and that writing it again gives the
    same text."""
    text = write_record(game, tags or {})
    read_tags, replayed = read_record(text)
    assert replayed.history == game.history
    assert replayed.position.fen() == game.position.fen()
    assert replayed.judgement == game.judgement
    assert write_record(replayed, read_tags) == text
    return text


def moves_of(text: str) -> str:
    """The movetext of a record on one line."""
    return " ".join(text.split("\n\n", 1)[1].split())


def error_of(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        read_record(text)
    return str(caught.value)


# --- the format ---


def test_r5_10_the_example_in_the_module_docstring_reads_back_and_is_written_the_same():
    doc = record.__doc__ or ""
    example = textwrap.dedent(doc.split("\n\n", 1)[1].split("\n\nTags come first", 1)[0]) + "\n"
    tags, game = read_record(example)
    assert tags["Termination"] == "resignation" and game.status == ONGOING
    assert write_record(game, tags) == example


# The werera rounds of the shared conformance suite (cases W1 to W10), one per kind of clash, with the FEN
# each ends in and the round written as SAN: each choice as it reads at the start of its round.
CONFORMANCE_ROUNDS = [
    (
        ["e2e3,g8f6"],
        "rnbkqb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 2 1 1 0/0",
        "W1. e3 Nf6 *",
    ),
    (
        ["e2e3,e7e6", "e3e4,0000", "e4e5,e6e5"],
        "rnbkqbnr/pppp1ppp/4p3/4P3/8/8/PPPP1PPP/RNBQKBNR - Kk 4 0 1 0/0",
        "W3. e5 e5 {White's e5 played alone; Black's e5 dropped: blocked} *",
    ),
    (
        ["e2e3,e7e6", "e3e4,0000", "0000,0000", "e4e5,e6e5"],
        "rnbkqbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR - Kk 5 0 1 0/0",
        "W4. e5 e5 {Black's e5 played alone; White's e5 dropped: blocked} *",
    ),
    (
        ["e2e3,g8f6", "e3e4,0000", "e4e5,f6e4"],
        "rnbkqb1r/pppppppp/8/8/4n3/8/PPPP1PPP/RNBQKBNR w - - 0 1 0/0",
        "W3. e5 Nxe4 {Black's Nxe4 played alone; White's e5 dropped: capture first; "
        "the werera ends, White to move} *",
    ),
    (
        ["e2e3,d7d6", "e3e4,d6d5", "e4d5,d5e4"],
        "rnbkqbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b - - 0 1 0/0",
        "W3. exd5 dxe4 {White's exd5 played alone; Black's dxe4 dropped: capture first; "
        "the werera ends, Black to move} *",
    ),
    (
        ["e2e3,d7d6", "e3e4,d6d5", "0000,0000", "e4d5,d5e4"],
        "rnbkqbnr/ppp1pppp/8/8/4p3/8/PPPP1PPP/RNBQKBNR w - - 0 1 0/0",
        "W4. exd5 dxe4 {Black's dxe4 played alone; White's exd5 dropped: capture first; "
        "the werera ends, White to move} *",
    ),
    (
        ["g1f3,0000", "f3d4,0000", "d4e6,a7a6"],
        "rnbkqbnr/pppppppp/4N3/8/8/8/PPPPPPPP/RNBQKB1R b - - 3 1 0/0",
        "W3. Ne6+ a6 {White's Ne6+ played alone; Black's a6 dropped: check; "
        "the werera ends, Black to move} *",
    ),
    (
        ["0000,0000", "0000,g8f6", "0000,f6d5", "0000,d5f4", "a2a3,f4d3"],
        "rnbkqb1r/pppppppp/8/8/8/P2n4/1PPPPPPP/RNBQKBNR w - - 1 1 0/0",
        "W5. a3 Nd3+ {the werera ends, White to move} *",
    ),
    (
        ["a2a3,g8f6", "a3a4,f6d5", "a1a3,0000", "a3h3,d5e3"],
        "rnbkqb1r/pppppppp/8/8/P7/R3n3/1PPPPPPP/1NBQKBNR - Kk 5 2 1 0/0",
        "W4. Rh3 Ne3 {Black's Ne3 played alone; White's Rh3 dropped: blocked} *",
    ),
    (
        ["0000,g8f6", "0000,f6d5", "c1e3,d5e3"],
        "rnbkqb1r/pppppppp/8/3n4/8/4B3/PPPPPPPP/RN1QKBNR - Kk 4 3 1 0/0",
        "W3. Be3 Ne3 {White's Be3 played alone; Black's Ne3 dropped: blocked} *",
    ),
]


@pytest.mark.parametrize(("rounds", "fen", "last_round"), CONFORMANCE_ROUNDS)
def test_r5_3_to_r5_5_every_kind_of_clash_round_trips_and_replays_to_the_conformance_fen(
    rounds, fen, last_round
):
    game = play(*rounds)
    assert game.position.fen() == fen
    text = round_trip(game)
    assert moves_of(text).endswith(last_round)
    assert read_record(text)[1].position.fen() == fen


def test_r5_3_both_choices_are_written_so_the_round_resolves_again():
    game = play("e2e3,g8f6", "e3e4,0000", "e4e5,f6e4")
    report = read_record(write_record(game, {}))[1].history[-1]
    assert [(d.side, d.reason) for d in report.dropped] == [(WHITE, CAPTURE_FIRST)]
    assert report.choices == game.history[-1].choices


def test_r9_3_a_choice_is_written_for_its_own_side_in_the_position_at_the_start_of_the_round():
    # After White's e4 Black's knight move would read Nxe4; chosen before it, on an empty e4, it is Ne4,
    # and it is dropped rather than turned into a capture (R5.5).
    game = play("e2e3,g8f6", "0000,0000", "e3e4,f6e4")
    text = round_trip(game)
    assert "W3. e4 Ne4 {White's e4 played alone; Black's Ne4 dropped: blocked}" in moves_of(text)
    assert [d.reason for d in read_record(text)[1].history[-1].dropped] == [BLOCKED]


def test_r6_castling_in_the_werera_is_o_o_for_both_sides():
    game = play("g1f3,b8c6", "f1h3,c8e6", "e1g1,d8b8")
    text = round_trip(game)
    assert "W3. O-O O-O" in moves_of(text)
    assert game.position.fen() == "1kr1qbnr/pppppppp/2n1b3/8/8/5N1B/PPPPPPPP/RNBQ1RK1 - - 4 6 1 0/0"


def test_r5_4_a_game_that_ends_in_the_werera_by_a_check_that_mates_has_no_numbered_moves():
    game = play("c1c8,0000", fen=MATE_IN_THE_WERERA)
    assert game.status == CHECKMATE
    text = round_trip(game, {"White": "Abebe", "Black": "Almaz"})
    assert text == (
        '[White "Abebe"]\n[Black "Almaz"]\n[Result "1-0"]\n[Variant "Senterej"]\n[SetUp "1"]\n'
        f'[FEN "{MATE_IN_THE_WERERA}"]\n[Termination "checkmate"]\n\n'
        "W1. Rc8# -- {the game ends: checkmate} 1-0\n"
    )


def test_r5_4_a_quicker_check_drops_the_slower_choice_and_black_moves_first_as_1_dots():
    game = play("g1f3,0000", "f3d4,0000", "d4e6,a7a6", "d7e6", "e2e3")
    text = round_trip(game)
    assert moves_of(text).endswith("Black to move} 1... dxe6 2. e3 *")
    assert [d.reason for d in read_record(text)[1].history[2].dropped] == [CHECK]


def test_r5_6_a_werera_of_twenty_rounds_then_white_moves():
    shuffle = ["g1f3,g8f6", "f3g1,f6g8"] * 10
    game = play(*shuffle, "e2e3", "e7e6")
    text = round_trip(game)
    assert "W20. Ng1 Ng8 {the werera ends after round 20, White to move} 1. e3 e6 *" in moves_of(text)
    assert "W21" not in text
    assert game.position.fen() == "rnbkqbnr/pppp1ppp/4p3/8/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2 0/0"


KING_WALK = ["a1a2", "a2a3", "a3a4", "a4a5", "a5a6", "a6a7", "a7a8"]
KNIGHT_TOUR = ["e5g6", "g6e7", "e7g8", "g8f6", "f6h5", "h5g7", "g7e6"]


def test_r9_1_a_game_from_another_position_has_setup_and_fen_and_ends_by_counting():
    # R7.4: the lone feres makes its seventh counted move.
    start = "7k/8/8/4n3/8/8/1RN5/K7 w - - 0 1 0/0"
    game = play(*[move for pair in zip(KING_WALK, KNIGHT_TOUR, strict=True) for move in pair], fen=start)
    assert game.status == COUNTING
    text = round_trip(game, {"Event": "Endgame drill"})
    tags, _ = read_record(text)
    assert tags == {
        "Event": "Endgame drill",
        "Result": "1/2-1/2",
        "Variant": "Senterej",
        "SetUp": "1",
        "FEN": start,
        "Termination": "counting",
    }
    assert moves_of(text).startswith("1. Ka2 Ng6 2. Ka3 Ne7")


def test_r3_promotion_waiting_medeq_and_in_place_promotion():
    # R3.3 c8 waits, R3.2 e8=R refills the lost der, R3.4 c8=N turns the waiting medeq into the lost feres.
    game = play("c7c8", "a8a1", "e7e8r", "a1b1", "c8c8n", fen="r7/2P1P3/6k1/8/8/8/8/RNBQKBNR w - - 0 1 0/0")
    text = round_trip(game)
    assert moves_of(text) == "1. c8 Rxa1 2. e8=R Rxb1 3. c8=N *"


def test_r3_2_black_promotes_first_from_a_fen():
    game = play("f2f1n", "a1b1", "e5g6", fen="7k/8/8/4n3/8/RN6/5p2/K7 b - - 0 1 0/6")
    assert moves_of(round_trip(game)) == "1... f1=N 2. Kb1 Ng6 *"


def test_r7_2_a_game_that_starts_stalemated_has_only_its_result():
    game = Game(STALEMATED)
    assert game.status == STALEMATE
    assert moves_of(round_trip(game)) == "1/2-1/2"


def test_r8_3_resignation_and_agreement_come_from_the_tags():
    game = play("e2e3,e7e6")
    text = round_trip(game, {"Result": "0-1", "Termination": "resignation"})
    assert read_record(text)[0]["Termination"] == "resignation" and moves_of(text).endswith("0-1")
    text = round_trip(game, {"Result": "1/2-1/2", "Termination": "agreement"})
    assert moves_of(text).endswith("1/2-1/2")


def test_tags_are_escaped_and_unknown_tags_are_kept_in_order():
    tags = {
        "Black": 'Almaz "the quick" Ayana',
        "Event": "Ethiopian Chess Federation \\ Addis",
        "Annotator": "ደረጀ",
        "TimeControl": "600+5",
    }
    text = round_trip(play("e2e3,e7e6"), tags)
    assert text.startswith(
        '[Event "Ethiopian Chess Federation \\\\ Addis"]\n[Black "Almaz \\"the quick\\" Ayana"]\n'
        '[Result "*"]\n[Variant "Senterej"]\n[Annotator "ደረጀ"]\n[TimeControl "600+5"]\n\n'
    )
    assert read_record(text)[0] == {**tags, "Result": "*", "Variant": "Senterej"}


@given(
    st.dictionaries(
        st.from_regex(r"[A-Za-z0-9_]{1,12}", fullmatch=True),
        st.text().filter(lambda value: "\n" not in value and "\r" not in value),
    )
)
@settings(max_examples=60, deadline=None)
def test_any_tag_value_on_one_line_round_trips(tags):
    for derived in ("Result", "Termination", "Date", "Variant", "SetUp", "FEN"):
        tags.pop(derived, None)
    assert read_record(write_record(Game(), tags))[0] == {**tags, "Result": "*", "Variant": "Senterej"}


def test_movetext_lines_are_wrapped_at_80_characters():
    text = write_record(play(*["g1f3,g8f6", "f3g1,f6g8"] * 10), {})
    lines = text.split("\n\n", 1)[1].splitlines()
    assert len(lines) > 3 and all(len(line) <= 80 for line in lines)


# --- reading what a person wrote ---

HAND_WRITTEN = r"""
[Event "Practice game"]
[Site "Addis Ababa"]
[Date "2026.11.29"]
[White "Abebe Bikila"]
[Black "Almaz \"the quick\" Ayana"]
[Result "*"]

; The werera: both sides marshal their men, until a capture ends it.
W1. e3 Nf6    W2. Nf3 e6
W3. Bd3 b6    W4. O-O Ba6
W5. e4 Ne4 {Black's knight finds e4 taken: blocked}
W6.e5 Nd5  W7. c2c3 d5b4
W8. cxb4 Nxd3 {Black is quicker in round 8: its capture alone}

1. Qe2 Nxe5 2. f3e5 f6 3. Nf7+ Ke7!? 4. Nxh8 $2
*
"""


def test_r5_r9_a_hand_written_record_replays_to_the_exact_position():
    # Worked out by hand: the White e-medeq stops on e4 then e5 and is taken there, Black's knight goes
    # f6-d5-b4 and takes the fil on d3 (R5.3), White castled in round 4 (R6), then the feres wins the der.
    tags, game = read_record(HAND_WRITTEN)
    assert game.position.fen() == "rn2qb1N/p1ppk1pp/bp2pp2/8/8/2P5/PP1PQPPP/RNB2RK1 b - - 0 4 0/0"
    assert tags["Black"] == 'Almaz "the quick" Ayana' and tags["Result"] == "*"
    assert len(game.history) == 8 + 7
    assert game.history[4].dropped[0].reason == BLOCKED
    assert game.history[7].dropped[0].reason == CAPTURE_FIRST


def test_reading_tolerates_coordinates_waits_as_0000_windows_lines_and_a_byte_order_mark():
    text = '\ufeff[Result "*"]\r\n\r\nW1.  e2e3   0000\r\nW2. -- g8f6 {both}\r\n *\r\n'
    _, game = read_record(text)
    assert [report.choices for report in game.history] == [
        (game.history[0].choices[WHITE], WAIT),
        (WAIT, game.history[1].choices[BLACK]),
    ]
    assert game.position.fen() == "rnbkqb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 3 1 1 0/0"


def test_moves_may_go_without_numbers_and_the_result_tag_may_be_left_out():
    tags, game = read_record("W1. e3 e6 W2. e4 e5 W3. Nf3 Nf6 W4. Nxe5 -- Nxe4 d3 Nc5 *")
    assert game.position.fen() == "rnbkqb1r/pppp1ppp/8/2n1N3/8/3P4/PPP2PPP/RNBQKB1R w - - 1 3 0/0"
    assert tags == {"Result": "*"}


# --- errors: what is wrong, and where ---

START = "W1. e3 Nf6 W2. e4 -- W3. e5 Nxe4\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: the record does not end with a result"),
        ("W1. e3 Nf6", "does not end with a result"),
        ("[Event Club night]\n*", 'line 1: a tag is written [Name "value"]'),
        ('[Event "Club"] trailing\n*', "line 1: a tag is written"),
        ('[Event "a"]\n[Event "b"]\n*', "line 2: a second Event tag (the first is on line 1)"),
        ('[Event "C:\\Games"]\n*', "line 1: \\G in a tag value"),
        ('[Date "29 Nov 2026"]\n*', "line 1: Date '29 Nov 2026' is not YYYY.MM.DD"),
        ('[Result "white wins"]\n*', "line 1: Result 'white wins' is not one of"),
        ('[Termination "timeout"]\n*', "line 1: Termination 'timeout' is not one of"),
        ('[Variant "Chess"]\n*', "line 1: Variant 'Chess': only Senterej"),
        ('[SetUp "yes"]\n*', "SetUp 'yes' is not 0 or 1"),
        ('[SetUp "1"]\n*', 'line 1: SetUp "1" needs a FEN tag'),
        ('[SetUp "0"]\n[FEN "k7/8/8/8/8/8/8/K7 w - -"]\n*', 'line 2: a FEN tag with SetUp "0"'),
        ('[FEN "k7/8/8/8/8/8/8/K7 x - -"]\n*', "line 1: FEN tag: bad FEN turn"),
        ("W1. e4 e6 *", "line 1, round W1: White's choice: e4 is not a legal move here"),
        ("W1. e3 e6 W2. Bb5 Be7 *", "line 1, round W2: White's choice: Bb5 is not a legal move"),
        ("W1. e3 Nf6\nW2. e4 Ke7 *", "line 2, round W2: Black's choice"),
        ("W1. e3 xyz *", "line 1, round W1: Black's choice: 'xyz' is neither SAN"),
        (START + "1. Nf3 Nc5 2. Nf3 *", "line 2, move 2, White: Nf3 is not a legal move here"),
        (START + "1. Nc3 Nc5 2. Ne2 *", "line 2, move 2, White: Ne2 is ambiguous"),
        (START + "W4. e3 Nf6 *", "line 2: round W4. where turns alternate: the werera is over"),
        ("W1. e3 Nf6 W3. e4 -- *", "line 1: round W3. where round W2. comes next"),
        ("1. e3 Nf6 *", "line 1: move number 1. during the werera: round W1. comes next"),
        ("W1. e3 Nf6 e4 Nd5 *", "line 1: e4 outside a werera round: write W2."),
        (START + "1. Nf3 2. Nc5 *", "line 2: move number 2. where 1... comes next"),
        (START + "1. Nf3 1. Nc5 *", "line 2: move number 1. before a Black move: write 1..."),
        (START + "1. -- *", "line 2: -- (a wait) is a werera choice"),
        ("W1. e3 1-0", "line 1: 1-0 inside round W1. before both choices"),
        ("W1. e3 Nf6 W2.", "line 1: the record stops inside round W2."),
        (START + "1.", "line 2: move number 1. with no move after it"),
        (START + "1. *", "line 2: move number 1. with no move after it"),
        ("W1. e3 Nf6 *\nW2. e4 --", "line 2: W2. after the result *, which ends the record"),
        ("W1. e3 Nf6 * *", "line 1: * after the result *"),
        (
            f'[FEN "{MATE_IN_THE_WERERA}"]\nW1. Rc8# --\n1... Kb8 1-0',
            "line 3: 1... after the end of the game",
        ),
        (f'[FEN "{MATE_IN_THE_WERERA}"]\nW1. Rc8# -- W2. Kd2 -- 1-0', "W2. after the end of the game"),
        (
            f'[FEN "{MATE_IN_THE_WERERA}"]\nW1. Rc8# -- 0-1',
            "the result 0-1 contradicts the moves: the game ended by checkmate, 1-0",
        ),
        (
            f'[FEN "{STALEMATED}"]\n[Result "1-0"]\n\n1-0',
            "line 4: the result 1-0 contradicts the moves: the game ended by stalemate, 1/2-1/2",
        ),
        (f'[FEN "{STALEMATED}"]\n[Termination "agreement"]\n1/2-1/2', "Termination 'agreement' contradicts"),
        (f'[FEN "{STALEMATED}"]\n*', "the result * contradicts the moves"),
        ('[Result "1-0"]\n\nW1. e3 Nf6 0-1', "line 3: the moves end with 0-1, but the Result tag on line 1"),
        ("W1. e3 Nf6 1-0", 'the game is not over after its moves: say how it ended with [Termination "resi'),
        ('[Termination "resignation"]\nW1. e3 Nf6 1/2-1/2', "a resignation gives 1-0 or 0-1"),
        ('[Termination "agreement"]\nW1. e3 Nf6 1-0', "an agreement is a draw, 1/2-1/2, not 1-0"),
        (
            '[Termination "checkmate"]\nW1. e3 Nf6 1-0',
            "Termination 'checkmate', but the moves end in no checkmate",
        ),
        (
            '[Termination "resignation"]\nW1. e3 Nf6 *',
            "Termination 'resignation' for a game that is not over",
        ),
        ("W1. e3 Nf6 {unfinished comment *", "line 1: a comment opened with { is never closed"),
        ("W1. e3 Nf6 } *", "line 1: a } that closes no comment"),
        (START + "(1. Nf3) *", "line 2: variations in ( ) are not read"),
        ('W1. e3 Nf6\n[Event "x"]\n*', "line 2: a tag among the moves"),
    ],
)
def test_errors_say_what_is_wrong_and_where(text, message):
    assert message in error_of(text)


def test_a_record_must_be_text_of_reasonable_length():
    assert "a record is text" in error_of(b"W1. e3 Nf6 *")  # type: ignore[arg-type]
    assert f"longer than {MAX_RECORD_CHARS}" in error_of("W1. -- -- " + " " * MAX_RECORD_CHARS + "*")


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"Bad Name": "x"}, "tag name 'Bad Name'"),
        ({"Event": "two\nlines"}, "tag Event: the value must be text on one line"),
        ({"Date": "tomorrow"}, "Date 'tomorrow' is not YYYY.MM.DD"),
        ({"Variant": "Shatranj"}, "only Senterej"),
        ({"Result": "0-1"}, "the result 0-1 contradicts the moves: the game ended by checkmate, 1-0"),
        ({"Termination": "resignation"}, "Termination 'resignation' contradicts the moves"),
        ({"FEN": START_FEN}, "is not where the game started"),
        ({"FEN": "nonsense"}, "FEN tag: bad FEN"),
        ({"SetUp": "0"}, 'SetUp tag "0", but the game started from'),
    ],
)
def test_writing_refuses_tags_that_contradict_the_game(tags, message):
    with pytest.raises(RecordError) as caught:
        write_record(play("c1c8,0000", fen=MATE_IN_THE_WERERA), tags)
    assert message in str(caught.value)


def test_writing_an_unfinished_game_needs_a_site_outcome_for_a_decisive_result():
    with pytest.raises(RecordError, match="say how it ended"):
        write_record(Game(), {"Result": "1-0"})


# --- random games and random text ---


def random_game(rng: random.Random) -> tuple[Game, dict[str, str]]:
    """Random choices through the werera (a wait one time in four), then random turn-based moves."""
    game = Game()
    while game.in_werera and not game.is_over:
        choices = [
            WAIT if rng.random() < 0.25 else rng.choice(game.position.legal_moves(side))
            for side in (WHITE, BLACK)
        ]
        game.play_round(*choices)
    for _ in range(rng.randrange(160)):
        if game.is_over:
            break
        game.play(rng.choice(game.position.legal_moves()))
    tags = {"Event": f"Random game {rng.random()}"}
    if not game.is_over and rng.random() < 0.5:
        tags["Result"], tags["Termination"] = rng.choice([("1-0", "resignation"), ("1/2-1/2", "agreement")])
    return game, tags


def test_r5_r9_fifty_random_games_round_trip():
    rng = random.Random(20261129)
    for _ in range(50):
        game, tags = random_game(rng)
        text = round_trip(game, tags)
        assert all(len(line) <= 80 for line in text.split("\n\n", 1)[1].splitlines())


RECORDS = [HAND_WRITTEN, *(write_record(*random_game(random.Random(seed))) for seed in range(3))]
PGN_ALPHABET = 'W0123456789.-/*+#=x abcdefghKQRBNOP[]{}();$"\\\n\t?!'


@given(st.text(alphabet=st.sampled_from(PGN_ALPHABET) | st.characters(), max_size=300))
@settings(max_examples=300, deadline=None)
def test_random_text_raises_only_record_error(text):
    with contextlib.suppress(RecordError):
        read_record(text)


@given(
    st.sampled_from(RECORDS),
    st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 6), st.text(alphabet=PGN_ALPHABET, max_size=6)),
        min_size=1,
        max_size=4,
    ),
)
@settings(max_examples=300, deadline=None)
def test_mutated_records_raise_only_record_error(text, mutations):
    for where, length, insert in mutations:
        where %= len(text) + 1
        text = text[:where] + insert + text[where + length :]
    with contextlib.suppress(RecordError):
        read_record(text)


TOKENS = sorted({token for text in RECORDS for token in text.split()})


@given(
    st.sampled_from(RECORDS),
    st.lists(st.tuples(st.integers(0, 10**4), st.sampled_from(TOKENS)), min_size=1, max_size=3),
)
@settings(max_examples=300, deadline=None)
def test_records_with_moves_and_markers_swapped_raise_only_record_error(text, swaps):
    tokens = text.split(" ")
    for where, token in swaps:
        tokens[where % len(tokens)] = token
    with contextlib.suppress(RecordError):
        read_record(" ".join(tokens))
