"""Recording a finished try at a puzzle and rating it: each try recorded exactly once (by its serving
token, `trainer.offers`), and a signed-in player's first try at a puzzle rated by Glicko-2
(`trainer.rating`), player and puzzle both, in one transaction with both rows locked, so that no two tries
are rated from the same values. A hint in a try that would be rated is charged here too, as a rated miss
(`trainer.hints`). Each service takes keyword arguments and writes in a transaction of its own."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from reviews import services as reviews
from trainer import selectors
from trainer.models import HELP_LASTS, Attempt, PlayerRating, Puzzle
from trainer.prepared import prepared
from trainer.rating import MAX_RD, START_VOLATILITY, Rating, rate_attempt


@dataclass(frozen=True)
class How:
    """How a finished try went, for its teacher: the solution seen, its wrong move and the ply it was played
    at, and the seconds it took."""

    solution_seen: bool = False
    wrong_move: str = ""
    wrong_ply: int | None = None
    seconds: int | None = None


def _complete(attempt: Attempt, how: How) -> Attempt:
    """A try recorded when its hint was charged, completed with how it went once it ends."""
    if attempt.seconds is None and how.seconds is not None:
        attempt.solution_seen = attempt.solution_seen or how.solution_seen
        attempt.wrong_move, attempt.wrong_ply, attempt.seconds = how.wrong_move, how.wrong_ply, how.seconds
        attempt.save(update_fields=["solution_seen", "wrong_move", "wrong_ply", "seconds"])
    return attempt


def record_attempt(
    *, user: User, puzzle_id: int, serving: str, solved: bool, hinted: bool = False, how: How = How()
) -> Attempt:
    """Records a try exactly once (by its serving token) and rates it if it is the player's first at this
    puzzle, player and puzzle rated from their values before, both rows locked. A first try with a hint is a
    miss (see `trainer.hints.take_hint`); a later one keeps its result and says it was helped. A try within
    `HELP_LASTS` of one that took a hint or showed the solution is marked `helped_before`. The try is an
    answer for the player's reviews (`reviews`): right when solved with no hint and no solution seen in it,
    else a miss; help in an earlier try does not count there, since the schedule spaces a review from it.
    Every try keeps the puzzle's rating when it was made, by which a teacher's set of a rating band judges
    it, however the rating moves after."""
    PlayerRating.objects.get_or_create(user=user, defaults={"rating": starting_rating})
    try:
        with transaction.atomic():
            existing = Attempt.objects.filter(serving=serving).first()
            if existing is not None:
                return _complete(existing, how)
            player = PlayerRating.objects.select_for_update().get(user=user)
            puzzle = Puzzle.objects.select_for_update().get(pk=puzzle_id)
            earlier = Attempt.objects.filter(user=user, puzzle=puzzle, latest=True).update(latest=False)
            before_tries = Attempt.objects.filter(user=user, puzzle=puzzle)
            first = not earlier and not before_tries.exists()
            solved = solved and not (first and hinted)
            recent = before_tries.filter(created__gte=timezone.now() - HELP_LASTS)
            helped_before = not first and recent.filter(Q(hinted=True) | Q(solution_seen=True)).exists()
            attempt = Attempt(
                user=user,
                puzzle=puzzle,
                serving=serving,
                solved=solved,
                hinted=hinted,
                rated=first,
                solution_seen=how.solution_seen,
                helped_before=helped_before,
                wrong_move=how.wrong_move,
                wrong_ply=how.wrong_ply,
                seconds=how.seconds,
                puzzle_rating_before=puzzle.rating,
            )
            if first:
                before = Rating(player.rating, player.rating_deviation, player.volatility)
                puzzle_before = Rating(puzzle.rating, puzzle.rating_deviation, puzzle.volatility)
                after, puzzle_after = rate_attempt(before, puzzle_before, solved)
                attempt.rating_before, attempt.rating_after = before.rating, after.rating
                attempt.puzzle_rating_after = puzzle_after.rating
                player.rating, player.rating_deviation, player.volatility = (
                    after.rating,
                    after.rd,
                    after.volatility,
                )
                player.save()
                puzzle.rating, puzzle.rating_deviation = puzzle_after.rating, puzzle_after.rd
                puzzle.volatility = puzzle_after.volatility
                puzzle.save(update_fields=["rating", "rating_deviation", "volatility"])
            attempt.save()
            right = attempt.solved and not (attempt.hinted or attempt.solution_seen)
            reviews.answered(user, "puzzle", puzzle.pk, right=right)
            return attempt
    except IntegrityError:
        return Attempt.objects.get(serving=serving)  # the same try, recorded by a request that came first


def charge_hint(*, user: User, puzzle_id: int, serving: str) -> Attempt | None:
    """Records a hinted try as a rated miss if it is the player's first at the puzzle (None, and nothing
    recorded, otherwise). The player's row is locked first, so that no other try of the player is recorded
    between the question and the answer."""
    PlayerRating.objects.get_or_create(user=user, defaults={"rating": starting_rating})
    with transaction.atomic():
        PlayerRating.objects.select_for_update().get(user=user)
        if Attempt.objects.filter(user=user, puzzle_id=puzzle_id).exclude(serving=serving).exists():
            return None
        return record_attempt(user=user, puzzle_id=puzzle_id, serving=serving, solved=False, hinted=True)


def starting_rating() -> float:
    """Where a new player starts: the median rating of the active puzzles (`selectors.pool_median`, kept in
    the cache), with the deviation at its provisional maximum. A new player's puzzles are aimed below it
    by that deviation (`trainer.rating.aim`), so that the first ones are puzzles a beginner solves, and
    Glicko-2's wide deviation moves the rating quickly from there; a fixed 1500 above a pool whose median
    is near 1000 served a beginner puzzles too hard for the first dozen tries. A placement of a few
    puzzles would ask for the same tries before training begins and measure no better than the first rated
    ones do."""
    return selectors.pool_median()


@prepared
def _rating_rows(player: int) -> QuerySet[PlayerRating, tuple[float, float, float]]:
    return PlayerRating.objects.filter(user_id=player).values_list("rating", "rating_deviation", "volatility")


def player_rating(user: User | AnonymousUser) -> Rating:
    """The player's rating; a visitor or a player with no rated try starts where `starting_rating` says. The
    player's one row is read by a statement built once (`trainer.prepared`)."""
    rows = _rating_rows(user.pk) if user.is_authenticated else []
    if not rows:
        return Rating(starting_rating(), MAX_RD, START_VOLATILITY)
    return Rating(*rows[0])
