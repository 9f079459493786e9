"""The bots: legal choices at every level, the werera's hidden moves handled by R5.3, and determinism."""

import pytest

from senterej.engine import BLACK, START_FEN, WAIT, WHITE, Position
from senterej.engine.bots import FLOOR, LEVELS, SETTINGS, Bot, hurried, is_ending
from senterej.engine.game import Game
from senterej.engine.notation import coordinate
from senterej.engine.pieces import MEDEQ, NEGUS
from senterej.engine.position import move_from, move_to
from senterej.engine.werera import play_round, quicker_side

MIDDLEGAME = "r1bk1bnr/pp1qpppp/2np4/2p5/4P3/2NP1N2/PPP1QPPP/R1B1KB1R w - - 0 1 0/0"
#: A Black feres has strayed to e3, where two White medeqs and a fil attack it; round 3, White is quicker.
STRAY_FERES = "r1bkqbnr/pppppppp/8/8/8/4n3/PPPPPPPP/RNBQKBNR - Kk 3 0 1 0/0"
#: White's feres on d5 is attacked by the medeq on e6; round 5, White is quicker.
ATTACKED_FERES = "r1bkqb1r/pppp1ppp/2n1pn2/3N4/8/8/PPPPPPPP/R1BQKBNR - Kk 5 0 1 0/0"
#: Black's medeqs on d6 and f6 guard e5 and g5, where White's feres on f3 would like to go.
GUARDED_CENTRE = "rnbkqb1r/ppp2ppp/3p1p2/8/8/5N2/PPPPPPPP/RNBQKB1R - Kk 5 0 1 0/0"
FAST_LEVELS = LEVELS[:-1]  # Club thinks to the clock, so its answers are not repeatable


def en_prise(position: Position, colour: int) -> list[str]:
    """The pieces of `colour` that an enemy medeq attacks, or any enemy man attacks while none defends."""
    found = []
    board = position.board
    for sq in range(64):
        code = board[sq]
        if not code or code >> 3 != colour or code & 7 in (MEDEQ, NEGUS):
            continue
        attackers = position.attackers(colour ^ 1, sq)
        if attackers & position.by_kind[MEDEQ] or (attackers and not position.attackers(colour, sq)):
            found.append(coordinate(sq | sq << 6)[:2])
    return found


def test_the_levels_in_order():
    assert LEVELS == ("novice", "beginner", "casual", "intermediate", "club")


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        Bot("grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_r2_every_level_plays_a_legal_move(level):
    position = Position.from_fen(MIDDLEGAME)
    assert Bot(level, seed=1).choose_move(position) in position.legal_moves()
    assert position.fen() == MIDDLEGAME  # the bot leaves the position as it found it


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("fen", [START_FEN, GUARDED_CENTRE])
def test_r5_1_every_level_chooses_a_legal_move_or_waits_in_the_werera(level, fen):
    position = Position.from_fen(fen)
    for side in (WHITE, BLACK):
        choice = Bot(level, seed=2).choose_werera(position, side)
        assert choice == WAIT or choice in position.legal_moves(side)
    assert position.fen() == fen


def test_r5_3_the_bot_takes_a_hanging_piece_even_though_it_may_move_away():
    for round_number in ("3", "4"):  # quicker or not, the capture is the choice
        fen = STRAY_FERES.replace(" 3 ", f" {round_number} ")
        choice = Bot("intermediate", seed=1).choose_werera(Position.from_fen(fen), WHITE)
        assert coordinate(choice)[2:] == "e3", fen


def test_r5_3_an_attacked_piece_is_not_saved_by_moving_it_so_the_quicker_bot_captures_first():
    position = Position.from_fen(ATTACKED_FERES)
    choice = Bot("intermediate", seed=1).choose_werera(position, WHITE)
    # moving the feres away would be dropped behind Black's exd5 (R5.3); taking on f6 first trades it
    assert coordinate(choice) == "d5f6"


@pytest.mark.parametrize("seed", [5, 7])
def test_r5_3_the_werera_bot_leaves_no_piece_en_prise_when_the_opponent_is_quicker_next(seed):
    # the opponent's capture next round is played before anything the bot does then (R5.3), so a piece
    # moved where it can be taken is lost; when the bot is quicker next round it may strike first instead
    game = Game()
    bots = [Bot("intermediate", seed=seed), Bot("intermediate", seed=seed + 1)]
    while game.in_werera and game.position.werera is not None and game.position.werera <= 12:
        position = game.position
        choices = [bots[side].choose_werera(position.copy(), side) for side in (WHITE, BLACK)]
        for side, choice in zip((WHITE, BLACK), choices, strict=True):
            if choice == WAIT or position.is_capture(choice) or quicker_side(position.werera + 1) == side:
                continue
            alone = position.copy()
            play_round(alone, *((choice, WAIT) if side == WHITE else (WAIT, choice)))
            moved_to = coordinate(move_to(choice) | move_to(choice) << 6)[:2]
            assert moved_to not in en_prise(alone, side), (position.fen(), coordinate(choice))
        game.play_round(*choices)


def test_r5_3_the_bot_keeps_its_feres_off_guarded_squares():
    position = Position.from_fen(GUARDED_CENTRE)
    choice = Bot("intermediate", seed=1).choose_werera(position, WHITE)
    assert not (move_from(choice) == 21 and move_to(choice) in (36, 38)), coordinate(choice)  # f3-e5, f3-g5


@pytest.mark.parametrize("level", FAST_LEVELS)
def test_a_seeded_bot_is_deterministic(level):
    def play() -> list[str]:
        game = Game()
        bots = [Bot(level, seed=11), Bot(level, seed=12)]
        choices = []
        while game.in_werera and len(choices) < 6:
            choices += [bots[side].choose_werera(game.position.copy(), side) for side in (WHITE, BLACK)]
            game.play_round(*choices[-2:])
        while game.in_werera:
            game.play_round(WAIT, WAIT)  # on to turn-based play
        for _ in range(4):
            mover = game.position.turn
            assert mover is not None
            choices.append(bots[mover].choose_move(game.position.copy()))
            game.play(choices[-1])
        return [coordinate(choice) for choice in choices]

    assert play() == play()


def test_club_mates_in_one_at_once():
    position = Position.from_fen("k7/2K5/8/8/8/8/1R6/7n w - - 0 1 0/0")
    bot = Bot("club", seed=1)
    assert coordinate(bot.choose_move(position)) == "b2a2"
    assert bot.last_search is not None and bot.last_search.mate_in == 1


def test_r7_4_intermediate_looks_deeper_in_an_ending_and_sees_a_mate_in_three_before_the_count():
    # a der and a feres against a lone fers: only a mate before the fers's seventh counted move wins
    position = Position.from_fen("k7/8/2K5/3N4/8/8/6q1/7R w - - 0 1 0/0")
    assert is_ending(position) and not is_ending(Position.from_fen(MIDDLEGAME))
    bot = Bot("intermediate", seed=1)
    bot.choose_move(position)
    assert bot.last_search is not None and bot.last_search.mate_in == 3


def test_a_hurried_bot_thinks_its_share_of_the_level_s_time_never_below_the_floor():
    """Club's 1.5 s, in turn-based play and in the werera (R5), shared out when many replies wait."""
    club = SETTINGS["club"]
    assert (club.seconds, club.werera.seconds) == (1.5, 1.5)
    assert (hurried(club, 0.5).seconds, hurried(club, 0.5).werera.seconds) == (0.75, 0.75)
    assert FLOOR == 0.25
    assert (hurried(club, 0.1).seconds, hurried(club, 0.1).werera.seconds) == (0.375, 0.375)
    assert hurried(club, 1.0) is club and hurried(club, 3.0) is club
    assert hurried(club, 0.5).depth == club.depth and hurried(club, 0.5).werera.width == club.werera.width
    novice = SETTINGS["novice"]
    assert hurried(novice, 0.25) == novice  # no clock to share
    assert Bot("club", seed=1, pace=0.5).settings.seconds == 0.75
