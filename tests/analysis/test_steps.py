"""The analysis board's address played out by the engine's rules: werera rounds resolved as the engine
resolves them and told in the play room's words (R5), moves in turn, the judgement at the step shown, and
the address written back as it was read (the share link)."""

import pytest
from django.http import QueryDict

from analysis.address import Address, AddressError, read
from analysis.steps import tried, walk
from senterej.engine import BLACK, START_FEN, WHITE
from senterej.engine import game as rules
from senterej.engine.notation import IllegalMoveError

TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def walked(query: str):
    return walk(read(QueryDict(query)))


def words(step) -> str:
    return " ".join(str(sentence) for sentence in step.sentences)


def test_r5_3_a_capture_is_played_first_and_alone():
    # round 3, White quicker: e4-e5 is chosen, but Black's knight takes on e4 and the capture is played alone
    state = walked("rounds=e2e3:g8f6,e3e4:0000,e4e5:f6e4")
    assert state.position.fen() == "rnbkqb1r/pppppppp/8/8/4n3/8/PPPP1PPP/RNBQKBNR w - - 0 1 0/0"
    told = words(state.steps[-1])
    assert "e4e5" not in told and "was dropped: a capture is played first, and alone." in told
    assert "The capture ended the werera: White moves next." in told
    assert state.chooser == WHITE and state.position.werera is None


def test_r5_5_a_move_blocked_by_the_quicker_one_is_dropped():
    # round 4, Black quicker: Ne3 closes the third rank, so White's Ra3-h3 no longer fits
    state = walked("rounds=a2a3:g8f6,a3a4:f6d5,a1a3:0000,a3h3:d5e3")
    assert state.position.fen() == "rnbkqb1r/pppppppp/8/8/P7/R3n3/1PPPPPPP/1NBQKBNR - Kk 5 2 1 0/0"
    assert "was dropped: after the quicker move it no longer fitted." in words(state.steps[-1])
    assert state.position.werera == 5


def test_r5_4_the_quicker_sides_check_ends_the_werera():
    state = walked("rounds=g1f3:0000,f3d4:0000,d4e6:a7a6")
    assert state.position.fen() == "rnbkqbnr/pppppppp/4N3/8/8/8/PPPPPPPP/RNBQKB1R b - - 3 1 0/0"
    told = words(state.steps[-1])
    assert "was dropped: the check ended the werera first." in told
    assert "The check ended the werera: Black moves next." in told
    assert state.chooser == BLACK


def test_r5_1_white_chooses_then_black_then_the_round_is_played():
    state = walked("")
    assert state.chooser == WHITE and state.position.fen() == START_FEN
    address = tried(state, "e2e3")
    assert address == Address(white="e2e3")
    state = walk(address)
    assert state.chooser == BLACK and state.position.fen() == START_FEN  # nothing is played before both chose
    address = tried(state, "0000")
    assert address == Address(rounds=(("e2e3", "0000"),))
    engine = rules.Game()
    engine.play_round("e2e3", "0000")
    assert walk(address).position.fen() == engine.position.fen()


def test_moves_in_turn_and_a_step_back_start_a_new_line():
    state = walked(f"fen={TURNS}&moves=e2e3,d7d6,e3e4&at=1")
    assert len(state.steps) == 3 and state.position.turn == BLACK
    address = tried(state, "Nc6")  # SAN is read too
    assert address.moves == ("e2e3", "b8c6") and address.at is None


def test_r8_1_the_third_repetition_ends_the_game_as_the_engine_judges():
    shuffle = "g1f3,g8f6,f3g1,f6g8"
    state = walked(f"fen={TURNS}&moves={shuffle},{shuffle}")
    assert state.judgement == rules.Judgement(rules.REPETITION) and state.chooser is None
    with pytest.raises(IllegalMoveError):
        tried(state, "e2e3")


def test_r7_1_mate_ends_the_game():
    state = walked("fen=k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0&moves=c1c8")
    assert state.judgement == rules.Judgement(rules.CHECKMATE, winner=WHITE)


@pytest.mark.parametrize(
    "query",
    [
        "fen=rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0&moves=e2e3,d7d6,g1e2,c8h3",
        "fen=x",
        "fen=" + "8/" * 60,
        "moves=e2e3",  # a move while the werera goes on
        f"fen={TURNS}&rounds=e2e3:d7d6",  # a round after it
        "rounds=e2e3:d7d6,e3e4",
        "rounds=e2e5:d7d6",
        "rounds=" + ",".join(["0000:0000"] * 21),
        f"fen={TURNS}&moves=" + ",".join(["g1f3"] * 401),
        f"fen={TURNS}&moves=e2e3,0000",
        f"fen={TURNS}&moves=e2e3&at=2",
        f"fen={TURNS}&at=-1",
        f"fen={TURNS}&at=١",
        f"fen={TURNS}&at=99999999999999999999",
        f"fen={TURNS}&white=e2e3",
        "white=e2e5",
        "rounds=e2e3:d7d6&white=e3e4&at=0",
        "fen=a&fen=b",
    ],
)
def test_an_address_no_board_makes_is_refused_with_words(query):
    with pytest.raises(AddressError) as refused:
        walked(query)
    assert refused.value.message


def test_the_address_is_written_back_as_it_was_read():
    for query in (
        "",
        "rounds=e2e3%3Ad7d6%2C0000%3Ac7c6&white=g1f3",
        f"fen={TURNS.replace(' ', '+').replace('/', '%2F')}&moves=e2e3%2Cd7d6&at=1",
    ):
        address = read(QueryDict(query))
        assert address.query() == query
        assert read(QueryDict(address.query())) == address


def test_the_address_is_written_back_as_the_hidden_fields_of_a_form():
    query = f"fen={TURNS}&rounds=e2e3:d7d6&moves=e3e4&at=1"
    hidden = read(QueryDict(query)).hidden_fields()
    assert hidden == (
        f'<input type="hidden" name="fen" value="{TURNS}">'
        '<input type="hidden" name="rounds" value="e2e3:d7d6">'
        '<input type="hidden" name="moves" value="e3e4"><input type="hidden" name="at" value="1">'
    )
    assert read(QueryDict("white=e2e3")).hidden_fields() == '<input type="hidden" name="white" value="e2e3">'
    assert read(QueryDict("")).hidden_fields() == ""


@pytest.mark.parametrize("at", ["0", "1", "2", ""])
def test_the_position_shown_is_written_as_the_engine_writes_it(at):
    state = walked(f"rounds=e2e3:g8f6,e3e4:0000,e4e5:f6e4&moves=d2d3&at={at}")
    assert state.fen == state.position.fen()
