"""A rematch: the same game again with the colours swapped, once a game is over. Each write runs in one
transaction with the game's row locked and checks the request against the stored version, as the other
services do; the bot's reply, when one is owed, is asked of the background task after the commit.

A rematch is the new game whose `rematch_of` is the old one, so that the same rematch is never made twice.
Against a bot or on one device it begins at once. Online, the asker's request makes the new game with the
asker's seat taken and no public invitation; the opponent, proved by their seat on the old game, accepts it
(taking the other seat) or declines it (the offered game is then aborted)."""

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from play import clocks, panels, services
from play.models import Game
from play.services import PlayError, Seats
from senterej.board.sides import Side
from senterej.engine import WHITE
from senterej.engine import game as rules
from senterej.engine.pieces import COLOURS


@dataclass(frozen=True)
class Rematch:
    """What a player of a finished game may do about a rematch, and the rematch if there is one."""

    game: Game | None  # the rematch, once asked
    may_ask: bool  # no rematch yet: the player may ask for one
    offered_by_me: bool  # online, asked by this player and not answered yet
    offered_to_me: bool  # online, asked by the opponent and not answered yet
    declined: bool  # online, asked and declined

    @property
    def pending(self) -> bool:
        return self.offered_by_me or self.offered_to_me


def rematch_state(game: Game, seats: Seats) -> Rematch | None:
    """A finished game's rematch as its player sees it (None for anyone else, or a game not over)."""
    if not seats.sides or not game.is_over or game.mode == Game.Mode.IMPORTED or offered_rematch(game):
        return None
    if game.status == Game.Status.ABORTED:
        return None  # a game that never began is not played again: a new game is
    if panels.is_practice(game):
        return None  # a practice's own panel offers it again, from the same side
    again = getattr(game, "rematch", None)
    if again is None:
        return Rematch(None, may_ask=True, offered_by_me=False, offered_to_me=False, declined=False)
    waiting = game.mode == Game.Mode.ONLINE and not again.joined
    declined = waiting and again.is_over
    asked = _asked_by(again, seats)
    return Rematch(
        again,
        may_ask=False,
        offered_by_me=waiting and not declined and asked,
        offered_to_me=waiting and not declined and not asked,
        declined=declined,
    )


def awaits_rematch(game: Game, seats: Seats) -> bool:
    """Whether a finished online game may still see a rematch offered or answered: its players' pages keep
    polling."""
    if game.mode != Game.Mode.ONLINE or not game.is_over or not seats.sides or offered_rematch(game):
        return False
    again = getattr(game, "rematch", None)
    return again is None or not (again.joined or again.is_over)


def offered_rematch(game: Game) -> bool:
    """Whether this game is a rematch offered online and not accepted yet (declined or still waiting)."""
    return game.rematch_of_id is not None and game.mode == Game.Mode.ONLINE and not game.joined


def _asked_by(again: Game, seats: Seats) -> bool:
    """Whether the holder of these seats of the old game asked for the online rematch: the asker's old side
    is the one the rematch leaves for the opponent."""
    return again.guest_colour in {Side.of(side) for side in seats.sides}


def rematch(
    *, game_id: uuid.UUID, seats: Seats, version: int, user: User | AnonymousUser | None = None
) -> Game:
    """The rematch of a finished game with the colours swapped: made now, or the one already asked (two
    clicks, or both players at once: asking for the rematch the opponent has just offered accepts it)."""
    with transaction.atomic():
        old = _locked_player_game(game_id, seats)
        if not old.is_over:
            raise PlayError(_("This game is not over yet: finish it before asking for a rematch."), 409)
        if panels.is_practice(old):
            raise PlayError(_("This game is practice: try it again from its own panel."), 409)
        if offered_rematch(old):
            raise PlayError(_("This rematch offer has been declined."), 409)
        again = Game.objects.select_for_update().filter(rematch_of=old).first()
        if again is not None:
            if old.mode != Game.Mode.ONLINE or again.joined:
                return again
            if again.is_over:
                raise PlayError(_("This rematch offer has been declined."), 409)
            if _asked_by(again, seats):
                return again
            return _accept(old, again)
        services.check_version(old, version)
        again = _new_game(old, seats, user)
        old.version += 1
        old.save()
    return services.ask_bot(again) if again.mode == Game.Mode.BOT else again


def accept_rematch(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    """The opponent takes the other seat of the rematch offered to them."""
    with transaction.atomic():
        old, again = _offer(game_id, seats)
        if again.joined:
            return again  # accepted already, from another tab
        services.check_version(old, version)
        return _accept(old, again)


def decline_rematch(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    """The opponent declines: the offered game is aborted; the finished game is returned."""
    with transaction.atomic():
        old, again = _offer(game_id, seats)
        if again.joined:
            raise PlayError(_("The rematch has already begun."), 409)
        services.check_version(old, version)
        again.status = Game.Status.ABORTED
        again.finished = timezone.now()
        again.version += 1
        again.save()
        old.version += 1
        old.save()
        return old


def _offer(game_id: uuid.UUID, seats: Seats) -> tuple[Game, Game]:
    """The finished game and the rematch offered to the asker, both locked."""
    old = _locked_player_game(game_id, seats)
    again = Game.objects.select_for_update().filter(rematch_of=old).first()
    if again is None or old.mode != Game.Mode.ONLINE:
        raise PlayError(_("There is no rematch offer to answer."), 409)
    if _asked_by(again, seats):
        raise PlayError(_("You offered this rematch: wait for your opponent's answer."), 409)
    if again.is_over and not again.joined:
        raise PlayError(_("This rematch offer has been declined."), 409)
    return old, again


def _accept(old: Game, again: Game) -> Game:
    side = again.guest_side
    again.joined = True
    clocks.start(again, timezone.now())
    again.set_user(side, _seat_user(old, side ^ 1))
    again.version += 1
    again.save()
    old.version += 1
    old.save()
    return again


def _locked_player_game(game_id: uuid.UUID, seats: Seats) -> Game:
    old = Game.objects.select_for_update().filter(pk=game_id).first()
    if old is None or not seats.sides:
        raise PlayError(_("There is no such game."), 404)
    if old.mode == Game.Mode.IMPORTED:
        raise PlayError(_("An analysis has no rematch: start a new game instead."), 400)
    return old


def _seat_user(game: Game, side: int) -> User | None:
    return game.white_user if side == WHITE else game.black_user


def _new_game(old: Game, seats: Seats, user: User | AnonymousUser | None) -> Game:
    """The rematch, from the same start, each player on the other side."""
    played = rules.Game(old.start_fen)
    again = Game(
        mode=old.mode,
        start_fen=old.start_fen,
        fen=played.position.fen(),
        status=played.status,
        result=played.result,
        rematch_of=old,
        bot_level=old.bot_level,
    )
    clocks.same_as(again, old)
    if old.mode == Game.Mode.HOTSEAT:
        clocks.start(again, timezone.now())
    for side in COLOURS:
        again.set_user(side ^ 1, _seat_user(old, side))
    if old.bot_side is not None:
        human = old.bot_side ^ 1
        again.bot_colour = Side.of(human)
        again.set_user(human, None)
    if old.mode == Game.Mode.ONLINE:
        asker = next(iter(seats.sides))
        again.guest_colour = Side.of(asker)
        again.set_user(asker, None)  # the opponent's seat, theirs once they accept
        if isinstance(user, User) and _seat_user(again, asker ^ 1) is None:
            again.set_user(asker ^ 1, user)
    again.save()
    return again


def seats_in_rematch(seats: Seats) -> tuple[int, ...]:
    """The rematch's sides for the holder of these seats of the old game: the other colours."""
    return tuple(side ^ 1 for side in sorted(seats.sides))
