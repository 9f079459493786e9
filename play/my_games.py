"""My games: the games a person plays, on every device, and how the list says each of them (side, opponent,
outcome). An account's games are those whose seats it holds, with those its session holds; a visitor's are
those of their session. The page itself is `views/my_games.py`; the play page lists the latest few too."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import TextChoices
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from play import games_listed, names
from play.models import Game
from play.seats import session_tokens
from senterej.board.sides import Side
from senterej.engine import BLACK, WHITE

#: How many of a person's latest games the play page lists.
LATEST = 5


@dataclass(frozen=True)
class Holder:
    """Who asks for their games: an account (or nobody), and the games whose seats their session holds with
    those seats' tokens."""

    user: User | None
    games: frozenset[str]
    tokens: frozenset[str]

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
    side). Read in one statement (`games_listed`), each game with what the list says of it."""
    seats = games_listed.seats(person.user, person.games, person.tokens)
    return games_listed.read(seats, state, opponent, result, start, stop)


@dataclass(frozen=True)
class Row:
    """A game as My games lists it."""

    game: Game
    side: str
    opponent: str
    outcome: str
    ending: str


def row(game: Game, sides: frozenset[int]) -> Row:
    said = _words()
    if len(sides) == 1:
        mine = next(iter(sides))
        side = labels(Side)[Side.of(mine).value]
        opponent = names.record_name(game, mine ^ 1)
        if game.mode == Game.Mode.ONLINE and opponent == names.UNKNOWN:
            opponent = said["open"]
    else:
        mine = None
        side, opponent = said["both"], said["friend"]
    return Row(game, side, opponent, _outcome(game, mine, said), _ending(game))


def _outcome(game: Game, mine: int | None, said: dict[str, str]) -> str:
    """The result in words, for the person when they held one side."""
    if not game.is_over:
        return said["in play"]
    if game.result == "1/2-1/2":
        return said["draw"]
    if game.result not in ("1-0", "0-1"):
        return said["no result"]
    winner = WHITE if game.result == "1-0" else BLACK
    if mine is None:
        return said["white won"] if winner == WHITE else said["black won"]
    return said["win"] if winner == mine else said["loss"]


def _ending(game: Game) -> str:
    return "" if not game.is_over else labels(Game.Status).get(game.status, game.status)


_WORDS: dict[str, dict[str, str]] = {}


def _words() -> dict[str, str]:
    """What a row says of its game, translated once a language rather than once a row."""
    language = get_language() or ""
    found = _WORDS.get(language)
    if found is None:
        found = _WORDS[language] = {
            "open": _("nobody yet (the invitation is open)"),
            "both": _("both sides"),
            "friend": _("a friend on this device"),
            "in play": _("In play"),
            "draw": _("Draw"),
            "no result": _("No result"),
            "white won": _("White won"),
            "black won": _("Black won"),
            "win": _("Win"),
            "loss": _("Loss"),
        }
    return found


_LABELS: dict[tuple[str, str], dict[str, str]] = {}


def labels(choices: type[TextChoices]) -> dict[str, str]:
    """The choices' labels in the active language, translated once a language: Django's get_FOO_display
    translates every label of the field at each call, which a list of games pays again on each row."""
    key = (choices.__qualname__, get_language() or "")
    found = _LABELS.get(key)
    if found is None:
        found = _LABELS[key] = {value: str(label) for value, label in choices.choices}
    return found
