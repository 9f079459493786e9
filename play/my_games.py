"""My games: the games a person plays, on every device, and how the list says each of them (side, opponent,
outcome). An account's games are those whose seats it holds, with those its session holds; a visitor's are
those of their session. The page itself is `views/my_games.py`; the play page lists the latest few too."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q, TextChoices
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from play import names
from play.models import Game
from play.seats import session_tokens
from senterej.board.sides import Side
from senterej.engine import BLACK, WHITE

#: How many of a person's latest games the play page lists.
LATEST = 5
WIN, LOSS, DRAW = "win", "loss", "draw"
#: What a list of games reads of each: what its row says (`row`), and the seats' tokens, by which a
#: session's seats are known.
LISTED = (
    "mode",
    "status",
    "result",
    "bot_level",
    "bot_colour",
    "guest_colour",
    "joined",
    "created",
    "white_token",
    "black_token",
    "white_user__username",
    "black_user__username",
)


@dataclass(frozen=True)
class Holder:
    """Who asks for their games: an account (or nobody), and the games whose seats their session holds with
    those seats' tokens."""

    user: User | None
    games: frozenset[str]
    tokens: frozenset[str]

    def seat(self, side: int) -> Q:
        """The games in which this person holds the side's seat. A session's seats are looked for among its
        own games, by their keys: the tokens have no index, and by them alone every game on the site is
        read."""
        field = "white" if side == WHITE else "black"
        held = Q(pk__in=self.games, **{f"{field}_token__in": self.tokens})
        if self.user is not None:
            held |= Q(**{f"{field}_user": self.user})
        return held

    def sides(self, game: Game) -> frozenset[int]:
        held = set()
        for side, token, user_id in (
            (WHITE, game.white_token, game.white_user_id),
            (BLACK, game.black_token, game.black_user_id),
        ):
            if token in self.tokens or (self.user is not None and user_id == self.user.pk):
                held.add(side)
        return frozenset(held)


def holder(request: HttpRequest) -> Holder:
    seats = session_tokens(request.session)
    tokens = frozenset(token for held in seats.values() for token in held)
    return Holder(request.user if isinstance(request.user, User) else None, frozenset(seats), tokens)


def games_of(
    person: Holder,
    state: str = "",
    opponent: str = "",
    result: str = "",
    *,
    start: int = 0,
    stop: int = LATEST,
) -> list[Game]:
    """A person's played games from `start` to `stop`, the latest first, filtered: by whether they are over,
    by the kind of opponent, by the result for the person (won or lost only in a game where they held one
    side). The games whose white seat the person holds and those whose black seat they hold are each read
    along their own index, newest first, and merged by the database, which stops at `stop`: the first page
    costs the same at ten games and at ten thousand. Only then are the page's games read, only what the list
    says of them (never their moves, the one field that grows with a game); games changed at the same moment
    come in the order of their keys, so none is shown twice over two pages."""
    white, black = person.seat(WHITE), person.seat(BLACK)
    games = Game.objects.exclude(mode=Game.Mode.IMPORTED)
    if state == "ongoing":
        games = games.filter(status=Game.Status.ONGOING)
    elif state == "finished":
        games = games.exclude(status=Game.Status.ONGOING)
    if opponent:
        games = games.filter(mode=opponent)
    if result == DRAW:
        games = games.filter(result="1/2-1/2")
    elif result in (WIN, LOSS):
        white_won, black_won = Q(result="1-0"), Q(result="0-1")
        as_white, as_black = white & ~black, black & ~white
        if result == WIN:
            games = games.filter((as_white & white_won) | (as_black & black_won))
        else:
            games = games.filter((as_white & black_won) | (as_black & white_won))
    seats = [games.filter(seat).order_by().values_list("updated", "pk") for seat in (white, black)]
    keys = [pk for _updated, pk in seats[0].union(seats[1]).order_by("-updated", "pk")[start:stop]]
    found = Game.objects.select_related("white_user", "black_user").only(*LISTED).in_bulk(keys)
    return [found[pk] for pk in keys if pk in found]


@dataclass(frozen=True)
class Row:
    """A game as My games lists it."""

    game: Game
    side: str
    opponent: str
    outcome: str
    ending: str


def row(game: Game, sides: frozenset[int]) -> Row:
    if len(sides) == 1:
        mine = next(iter(sides))
        side = str(Side.of(mine).label)
        opponent = names.record_name(game, mine ^ 1)
        if game.mode == Game.Mode.ONLINE and opponent == names.UNKNOWN:
            opponent = _("nobody yet (the invitation is open)")
    else:
        mine = None
        side = _("both sides")
        opponent = _("a friend on this device")
    return Row(game, side, opponent, _outcome(game, mine), _ending(game))


def _outcome(game: Game, mine: int | None) -> str:
    """The result in words, for the person when they held one side."""
    if not game.is_over:
        return _("In play")
    if game.result == "1/2-1/2":
        return _("Draw")
    if game.result not in ("1-0", "0-1"):
        return _("No result")
    winner = WHITE if game.result == "1-0" else BLACK
    if mine is None:
        return _("White won") if winner == WHITE else _("Black won")
    return _("Win") if winner == mine else _("Loss")


def _ending(game: Game) -> str:
    return "" if not game.is_over else labels(Game.Status).get(game.status, game.status)


_LABELS: dict[tuple[str, str], dict[str, str]] = {}


def labels(choices: type[TextChoices]) -> dict[str, str]:
    """The choices' labels in the active language, translated once a language: Django's get_FOO_display
    translates every label of the field at each call, which a list of games pays again on each row."""
    key = (choices.__qualname__, get_language() or "")
    found = _LABELS.get(key)
    if found is None:
        found = _LABELS[key] = {value: str(label) for value, label in choices.choices}
    return found
