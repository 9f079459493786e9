"""Writes to games: start, move or choose, resign, draw offers, joining by invitation, and the bot's reply.
Each runs in one transaction with the game's row locked, checks the request against the stored version, and
leaves the game unchanged when anything is wrong. No search runs here: when the bot is to act, the change is
committed first and the bot's reply is asked of a background task (`play.tasks`)."""

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import TaskResultStatus

from play import clocks
from play.models import Game, new_token
from play.replay import replay
from senterej.board.explain import illegal_move_message
from senterej.board.sides import Side
from senterej.engine import BLACK, START_FEN, WHITE, FenError, Position
from senterej.engine import game as rules
from senterej.engine.bots import LEVELS
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move
from senterej.engine.pieces import COLOURS
from senterej.engine.position import WAIT
from senterej.engine.record import RecordError
from senterej.engine.record.reading import read_record
from senterej.engine.record.writing import write_record
from senterej.engine.werera import RoundReport

WAIT_WORDS = ("0000", "wait", "--")
#: The ends of a game a record may name that are the site's, not the engine's (R8.3, the clocks, leaving).
SITE_ENDS = (Game.Status.RESIGNATION, Game.Status.AGREEMENT, Game.Status.TIME, Game.Status.ABANDONED)


class PlayError(Exception):
    """A request that cannot be carried out: the message is for the player, the status for the response."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Seats:
    """The sides the person asking may play in a game."""

    sides: frozenset[int]

    def __contains__(self, side: int) -> bool:
        return side in self.sides


def start_game(
    *,
    mode: str,
    human: int = WHITE,
    bot_level: str = "",
    fen: str = START_FEN,
    user: User | AnonymousUser | None = None,
    clock: str = "",
    round_seconds: int | None = None,
) -> Game:
    if mode not in (Game.Mode.HOTSEAT, Game.Mode.ONLINE, Game.Mode.BOT):
        raise PlayError(_("Choose how you want to play."))
    if mode == Game.Mode.BOT and bot_level not in LEVELS:
        raise PlayError(_("Choose a bot."))
    try:
        start = Position.from_fen(fen).fen()
    except FenError as error:
        raise PlayError(_("That position cannot be played: %(error)s") % {"error": error}) from error
    game = Game(mode=mode, start_fen=start, fen=start)
    if isinstance(user, User):
        if mode != Game.Mode.ONLINE or human == WHITE:
            game.white_user = user
        if mode != Game.Mode.ONLINE or human == BLACK:
            game.black_user = user
    if mode == Game.Mode.ONLINE:
        game.invite_code = new_token()
        game.guest_colour = Side.of(human ^ 1)
    if mode == Game.Mode.BOT:
        game.bot_level = bot_level
        game.bot_colour = Side.of(human ^ 1)
        game.set_user(human ^ 1, None)
    else:
        clocks.set_up(game, clock, round_seconds)
        if mode == Game.Mode.HOTSEAT:
            clocks.start(game, timezone.now())
    with transaction.atomic():
        _after_change(game, rules.Game(start))
    return ask_bot(game)


def submit_move(
    *, game_id: uuid.UUID, seats: Seats, text: str, version: int, steps: int | None = None
) -> Game:
    """Plays a move, or fixes a werera choice, for the side the asker holds. A choice made on a page drawn
    in the round that is still open stands, even if the other side chose since (R5.1: the choices are
    simultaneous). A deadline that passed before the request is settled first: a move after one's time ran
    out, or a choice after the round's timer, is refused."""
    now = timezone.now()
    with transaction.atomic():
        game = _row(game_id)
        _settle(game, now)
        refused = _refusal(game, version, open_round=steps)
        if refused is None:
            _play_for(game, seats, text, now)
    if refused is not None:
        raise refused  # after the transaction, which keeps what the deadlines settled
    return ask_bot(game)


def _play_for(game: Game, seats: Seats, text: str, now: datetime) -> None:
    played = replay(game)
    text = text.strip()
    if not text:
        raise PlayError(_("Write a move as its two squares, like e2e3."))
    before = len(game.steps)
    side = _choose(game, played, seats, text) if played.in_werera else _move(game, played, seats, text)
    if len(game.steps) > before:
        _clocks_after(game, game.steps[-1], now)
    _offer_answered_by_playing_on(game, side)
    _after_change(game, played)


def _offer_answered_by_playing_on(game: Game, side: int | None) -> None:
    """A draw offer stands until the other side acts: playing on instead of accepting lets it lapse, and the
    one who offered is told, as when it is declined. They are told until they act themselves, or a round is
    played by the timer. `side` is the side that acted, None for a round played by the timer."""
    actor = None if side is None else Side.of(side).value
    if game.draw_offer and game.draw_offer != actor:
        game.draw_declined, game.draw_offer = game.draw_offer, ""
    elif actor is None or game.draw_declined == actor:
        game.draw_declined = ""


def _clocks_after(game: Game, step: dict[str, str], now: datetime) -> None:
    """After a move, its side's clock stops and the other's starts; after a round, the next round's timer
    (or, when the werera is over, White's clock) starts."""
    if step["kind"] == "move":
        clocks.charge(game, Side(step["side"]).colour, now)
    elif clocks.timed(game):
        game.clock_since = now


def settle(*, game_id: uuid.UUID, now: datetime) -> Game | None:
    """Plays out the deadlines that passed by `now`, each at the moment it fell: a round whose timer ran out
    is played with a wait for each side that had not chosen (R5.2), and a side whose time ran out loses."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is not None:
            _settle(game, now)
        return game


def settle_all(*, now: datetime) -> int:
    """Settles every game whose deadline has passed by `now`, each in a transaction of its own; says how
    many. Only games with a clock running are read."""
    running = Game.objects.filter(status=Game.Status.ONGOING, clock_since__isnull=False)
    settled = 0
    fields = (
        "id",
        "status",
        "fen",
        "clock_since",
        "clock_seconds",
        "white_time",
        "black_time",
        "round_seconds",
    )
    for game in running.only(*fields):
        if clocks.overdue(game, now):
            settle(game_id=game.id, now=now)
            settled += 1
    return settled


def _settle(game: Game, now: datetime) -> None:
    """`settle` on a row already locked."""
    if not clocks.overdue(game, now):
        return
    played = replay(game)
    while not game.is_over and clocks.overdue(game, now):
        ends = clocks.round_ends(game, played.position)
        if ends is not None:
            silent = [side for side in COLOURS if not game.choice(side)]
            for side in silent:
                _choose_for(game, played, side, WAIT)
            game.steps[-1]["timed_out"] = [Side.of(side).value for side in silent]
            game.clock_since = ends
            _offer_answered_by_playing_on(game, None)
            _after_change(game, played)
            continue
        out = played.position.turn
        assert out is not None
        fell = clocks.flag_falls(game, played.position)
        clocks.flagged(game, out)
        game.status = Game.Status.TIME
        game.result = "0-1" if out == WHITE else "1-0"
        finish(game, at=fell)


def _choose(game: Game, played: rules.Game, seats: Seats, text: str) -> int:
    side = choosing_side(game, seats)
    if side is None:
        raise PlayError(_("You have already made your choice for this round; wait for your opponent's."), 409)
    choice = WAIT if text.lower() in WAIT_WORDS else _parse(played.position, text, side)
    _choose_for(game, played, side, choice)
    return side


def _choose_for(game: Game, played: rules.Game, side: int, choice: int) -> None:
    """Fixes a side's hidden choice; the round is played as soon as both sides have chosen."""
    game.set_choice(side, coordinate(choice))
    if game.white_choice and game.black_choice:
        report = played.play_round(game.white_choice, game.black_choice)
        game.white_choice = game.black_choice = ""
        game.steps = game.steps + [dict(report.as_dict(), kind="round")]


def choosing_side(game: Game, seats: Seats) -> int | None:
    """During the werera, the side the asker chooses for next: in a game on one device White chooses first."""
    for side in COLOURS:
        if side in seats and not game.choice(side):
            return side
    return None


def _move(game: Game, played: rules.Game, seats: Seats, text: str) -> int:
    side = played.position.turn
    assert side is not None
    if side not in seats:
        raise PlayError(_("It is not your turn."), 409)
    move = _parse(played.position, text, side)
    record = played.play(move)
    game.steps = game.steps + [_move_step(record)]
    return side


def _move_step(record: rules.TurnMove) -> dict[str, str]:
    side = Side.of(record.side).value
    return {"kind": "move", "side": side, "move": coordinate(record.move), "san": record.san}


def _parse(position: Position, text: str, side: int) -> int:
    try:
        return parse_move(position, text, side)
    except IllegalMoveError as error:
        raise PlayError(illegal_move_message(position, text, side)) from error


def resign(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    with transaction.atomic():
        game = locked(game_id, version)
        side = player_side(game, seats)
        game.status = Game.Status.RESIGNATION
        game.result = "0-1" if side == WHITE else "1-0"
        finish(game)
        return game


def offer_draw(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    with transaction.atomic():
        game = locked(game_id, version)
        side = player_side(game, seats)
        if game.mode == Game.Mode.BOT:
            raise PlayError(_("The bots do not agree to draws: play on, or resign."), 409)
        if game.mode == Game.Mode.HOTSEAT or game.draw_offer == Side.of(side ^ 1):
            game.status, game.result = Game.Status.AGREEMENT, "1/2-1/2"
            finish(game)
        else:
            game.draw_offer = Side.of(side)
            game.draw_declined = ""
            game.version += 1
            game.save()
        return game


def decline_draw(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    with transaction.atomic():
        game = locked(game_id, version)
        side = player_side(game, seats)
        if game.draw_offer != Side.of(side ^ 1):
            raise PlayError(_("There is no draw offer to decline."), 409)
        game.draw_declined = game.draw_offer
        game.draw_offer = ""
        game.version += 1
        game.save()
        return game


def join(*, invite_code: str, user: User | AnonymousUser | None = None) -> Game:
    """Takes the free seat of an online game; an invitation works once."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update()
            .filter(invite_code=invite_code, joined=False, status=Game.Status.ONGOING)
            .first()
        )
        if game is None or not invite_code:
            raise PlayError(_("This invitation is not valid any more."), 404)
        game.joined = True
        clocks.start(game, timezone.now())
        if isinstance(user, User):
            game.set_user(game.guest_side, user)
        game.version += 1
        game.save()
        return game


def player_side(game: Game, seats: Seats) -> int:
    """The side acting: a player's own seat, or on one device the side whose turn or choice it is."""
    if not seats.sides:
        raise PlayError(_("You are not playing in this game."), 404)
    if len(seats.sides) == 1:
        return next(iter(seats.sides))
    turn = replay(game).position.turn
    if turn is not None:
        return turn
    return choosing_side(game, seats) or WHITE


def locked(game_id: uuid.UUID, version: int, open_round: int | None = None) -> Game:
    """The game's row, locked, if the request was drawn from the game as it stands: the same version, or,
    for a werera choice (`open_round`, the steps the page saw), the same round still open."""
    game = _row(game_id)
    refused = _refusal(game, version, open_round)
    if refused is not None:
        raise refused
    return game


def check_version(game: Game, version: int) -> None:
    """Refuses a request drawn from another version of the game than the stored one (with no allowance for
    a werera round still open, unlike `locked`)."""
    if version != game.version:
        raise PlayError(_("The game has moved on since this page was drawn: here it is now."), 409)


def _row(game_id: uuid.UUID) -> Game:
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise PlayError(_("There is no such game."), 404)
    return game


def _refusal(game: Game, version: int, open_round: int | None) -> PlayError | None:
    """Why a request drawn at `version` (and, for a werera choice, `open_round` steps) cannot change the
    game as it stands, if it cannot."""
    same_round = open_round == len(game.steps) and Position.from_fen(game.fen).werera is not None
    if game.is_over:
        return PlayError(_("This game is over."), 409)
    if version != game.version and not same_round:
        if open_round is not None and open_round < len(game.steps):
            return PlayError(_("That round has already been played: here is the game now."), 409)
        return PlayError(_("The game has moved on since this page was drawn: here it is now."), 409)
    return None


def _after_change(game: Game, played: rules.Game) -> None:
    """Records the position and the judgement."""
    game.fen = played.position.fen()
    game.status = played.status
    game.result = played.result
    if played.is_over:
        finish(game)
        return
    game.version += 1
    game.save()


def bot_to_act(game: Game) -> bool:
    """Whether the bot owes the game a reply: its choice for the open werera round, or its move."""
    side = game.bot_side
    if game.mode != Game.Mode.BOT or game.is_over or side is None:
        return False
    position = Position.from_fen(game.fen)
    if position.werera is not None:
        return not game.choice(side)
    return position.turn == side


def ask_bot(game: Game) -> Game:
    """Once the change is committed, asks the bot for its reply if one is owed; the game as it now stands
    (read again only when the task backend ran the reply at once: a queued reply has changed nothing yet)."""
    # Imported here: the task module plays the bot's reply through this one.
    from play.tasks import bot_reply

    if bot_to_act(game) and bot_reply.enqueue(str(game.id), game.version).status != TaskResultStatus.READY:
        game.refresh_from_db()
    return game


def ask_bot_again(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    """The player's way out when a reply never came (a worker stopped mid-search): asking again is safe,
    since a reply is played only if the game is still where it was asked."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not seats.sides:
        raise PlayError(_("There is no such game."), 404)
    if version != game.version or not bot_to_act(game):
        raise PlayError(_("The bot has already answered: here is the game."), 409)
    return ask_bot(game)


def bot_acts(*, game_id: uuid.UUID, version: int, choice: int) -> None:
    """Plays the bot's reply, found by a task outside any transaction, if the game is still at the version
    the reply was asked at."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.version != version or not bot_to_act(game):
            return
        side = game.bot_side
        assert side is not None
        played = replay(game)
        if played.in_werera:
            # The bot fixes its choice from the position alone, the other side's never read (R5.1).
            _choose_for(game, played, side, choice)
        else:
            game.steps = game.steps + [_move_step(played.play(choice))]
        _after_change(game, played)
    ask_bot(game)


def finish(game: Game, at: datetime | None = None) -> None:
    """Ends the game, now or at the moment given (a flag that fell while nobody was looking)."""
    game.white_choice = game.black_choice = game.draw_offer = game.draw_declined = ""
    game.finished = at or timezone.now()
    clocks.stop(game, game.finished)
    game.version += 1
    game.save()


def import_record(*, text: str) -> tuple[Game, dict[str, str]]:
    """A game record read back for analysis: every move is checked again by the engine. The record's tags
    come back with the game, for the names of its players."""
    try:
        tags, played = read_record(text)
    except RecordError as error:
        raise PlayError(_("That record cannot be read: %(error)s") % {"error": error}) from error
    steps = [
        dict(entry.as_dict(), kind="round") if isinstance(entry, RoundReport) else _move_step(entry)
        for entry in played.history
    ]
    game = Game(mode=Game.Mode.IMPORTED, start_fen=played.start_fen, fen=played.position.fen(), steps=steps)
    game.status, game.result = played.status, played.result
    if not played.is_over and tags.get("Termination") in SITE_ENDS:
        game.status, game.result = tags["Termination"], tags.get("Result", "*")
    game.finished = timezone.now()
    game.save()
    return game, tags


def export_record(game: Game, players: dict[str, str]) -> str:
    tags = {
        "Event": _("Senterej game"),
        "Site": _("Senterej school"),
        "Date": game.created.strftime("%Y.%m.%d"),
        "White": players[Side.WHITE],
        "Black": players[Side.BLACK],
        "Result": game.result,
    }
    if game.is_over and game.status != Game.Status.ABORTED:
        tags["Termination"] = game.status  # an aborted game has no result: its record is a game not over
    return write_record(replay(game), tags)
