"""Starting an ending and keeping what came of it: an account's best in the database (`EndingProgress`), a
visitor's in the session, moved to the account on log-in as the course's is. A try counts once, when its
verdict is first settled (`EndingTry.counted`, set by a conditional update)."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from endings import goals
from endings.catalogue import BY_SLUG, Ending
from endings.models import EndingProgress, EndingTry
from play import services
from play.models import Game
from play.seats import remember

#: The engine's strongest level defends every ending.
DEFENDER = "club"
SESSION_KEY = "endings"


@dataclass(frozen=True)
class Record:
    stars: int = 0
    tries: int = 0
    first_won: datetime | None = None


def start(request: HttpRequest, ending: Ending) -> Game:
    """A new game of the ending against the engine, the learner's seat kept, the try counted."""
    game = services.start_game(
        mode=Game.Mode.BOT, human=ending.learner, bot_level=DEFENDER, fen=ending.fen, user=request.user
    )
    remember(request, game, ending.learner)
    user = request.user if isinstance(request.user, User) else None
    EndingTry.objects.create(game=game, slug=ending.slug, user=user)
    if user is not None:
        progress, _ = EndingProgress.objects.get_or_create(user=user, slug=ending.slug)
        EndingProgress.objects.filter(pk=progress.pk).update(tries=F("tries") + 1)
    else:
        _keep(request.session, ending.slug, tries=1)
    return game


def verdict(ending: Ending, game: Game) -> goals.Verdict:
    return goals.judge(
        kind=ending.kind,
        learner=ending.learner,
        par=ending.par,
        status=game.status,
        result=game.result,
        steps=game.steps,
        fen=game.fen,
    )


def settle(request: HttpRequest, attempt: EndingTry, judged: goals.Verdict) -> None:
    """Once a try's verdict is settled, its stars go to whoever plays it, once."""
    if not judged.settled or attempt.counted:
        return
    with transaction.atomic():
        if not EndingTry.objects.filter(pk=attempt.pk, counted=False).update(counted=True):
            return  # counted by another request a moment before
        attempt.counted = True
        won = timezone.now() if judged.outcome == goals.WON else None
        if isinstance(request.user, User):
            _record(request.user, attempt.slug, judged.stars, won)
        else:
            _keep(request.session, attempt.slug, stars=judged.stars, won=won)


def _record(user: User, slug: str, stars: int, won: datetime | None, tries: int = 0) -> None:
    progress, _ = EndingProgress.objects.select_for_update().get_or_create(user=user, slug=slug)
    progress.best_stars = max(progress.best_stars, stars)
    progress.tries += tries
    if won is not None and (progress.first_won is None or won < progress.first_won):
        progress.first_won = won
    progress.save()


def _keep(
    session: SessionBase, slug: str, stars: int = 0, tries: int = 0, won: datetime | None = None
) -> None:
    kept: dict[str, dict[str, object]] = session.get(SESSION_KEY, {})
    row = kept.get(slug, {})
    row["stars"] = max(_int(row.get("stars")), stars)
    row["tries"] = _int(row.get("tries")) + tries
    if won is not None and not row.get("won"):
        row["won"] = won.isoformat()
    kept[slug] = row
    session[SESSION_KEY] = kept


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def records(request: HttpRequest) -> dict[str, Record]:
    """The asker's record at each ending tried, by slug."""
    if isinstance(request.user, User):
        return {
            row.slug: Record(row.best_stars, row.tries, row.first_won)
            for row in EndingProgress.objects.filter(user=request.user)
        }
    kept = request.session.get(SESSION_KEY, {})
    return {slug: _record_of(row) for slug, row in kept.items() if slug in BY_SLUG}


def _record_of(row: dict[str, object]) -> Record:
    won = row.get("won")
    first_won = parse_datetime(won) if isinstance(won, str) else None
    return Record(_int(row.get("stars")), _int(row.get("tries")), first_won)


def move_progress_on_log_in(sender: type, request: HttpRequest | None, user: User, **kwargs: object) -> None:
    """A visitor's endings join the account on log-in (sign-up logs the new user in)."""
    if request is None or not hasattr(request, "session"):
        return
    kept = request.session.pop(SESSION_KEY, {})
    with transaction.atomic():
        for slug, row in kept.items():
            if slug in BY_SLUG:
                record = _record_of(row)
                _record(user, slug, record.stars, record.first_won, tries=record.tries)
