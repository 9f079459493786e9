"""A prepared read (trainer.prepared) answers what its query set answers, for each player and each set of its
other arguments, with the ORM's values (a time aware, a boolean a boolean), in the order `values_list` names
them; it is built once and then costs one statement and no query building."""

from datetime import UTC, datetime

import pytest
from django.db.models import Count, F, Max, Q, QuerySet
from django.test.utils import CaptureQueriesContext

from testing.factories import AttemptFactory, PuzzleFactory, PuzzleRunFactory
from trainer import prepared as prepared_module
from trainer.models import Attempt, PuzzleRun
from trainer.prepared import SOMEONE, Prepared, prepared

pytestmark = pytest.mark.django_db


def history(player: int, start: int, stop: int) -> QuerySet[Attempt, tuple[object, ...]]:
    rows = Attempt.objects.filter(user_id=player).order_by("-created", "-id")
    return rows.values_list("created", "puzzle_id", "puzzle__active", "solved", "rating_after")[start:stop]


def themes(player: int) -> QuerySet[Attempt, tuple[object, ...]]:
    """Annotations named before a field: `values_list` puts them in the order named."""
    return (
        Attempt.objects.filter(user_id=player, rated=True)
        .values(theme=F("puzzle__theme_rows__theme"))
        .annotate(attempts=Count("id"), solved=Count("id", filter=Q(solved=True)))
        .values_list("solved", "theme", "attempts")
        .order_by("theme")
    )


@pytest.fixture
def tries(learner, second_learner):
    when = datetime(2026, 3, 4, 9, 30, tzinfo=UTC)
    fork, mate = PuzzleFactory(themes="fork"), PuzzleFactory(themes="mateIn1 fork")
    AttemptFactory(user=learner, puzzle=fork, solved=False, rating_after=1490.0, when=when)
    AttemptFactory(user=learner, puzzle=mate, solved=True, rating_after=1510.0)
    AttemptFactory(user=learner, puzzle=fork, solved=True, rated=False)
    AttemptFactory(user=second_learner, puzzle=mate, solved=False, rating_after=1400.0)
    fork.active = False
    fork.save(update_fields=["active"])


def test_a_prepared_read_answers_what_its_query_set_answers(tries, learner, second_learner):
    read = Prepared(history)
    for player in (learner, second_learner):
        for start, stop in ((0, 21), (1, 2), (5, 10)):
            assert read(player.pk, start, stop) == list(history(player.pk, start, stop))
    rows = read(learner.pk, 0, 21)
    assert rows[-1][0] == datetime(2026, 3, 4, 9, 30, tzinfo=UTC)  # aware, as the ORM makes it
    assert {row[2] for row in rows} == {True, False} and all(type(row[3]) is bool for row in rows)
    grouped = Prepared(themes)
    for player in (learner, second_learner):
        assert grouped(player.pk) == list(themes(player.pk))
    assert grouped(learner.pk) == [(1, "fork", 2), (1, "mateIn1", 1)]


def test_a_prepared_read_is_built_once_and_runs_as_one_statement(tries, learner, second_learner):
    read = Prepared(history)
    read(learner.pk, 0, 21)
    with CaptureQueriesContext(prepared_module.connection) as queries:
        assert len(read(second_learner.pk, 0, 21)) == 1
    assert len(queries) == 1 and str(second_learner.pk) in queries[0]["sql"]
    assert len(read.statements) == 1  # the same statement for every player
    read(learner.pk, 20, 41)
    assert len(read.statements) == 2  # one for each set of the other arguments


def test_only_a_few_statements_are_kept(tries, learner, monkeypatch):
    monkeypatch.setattr(prepared_module, "KEPT", 3)
    read = Prepared(history)
    for page in range(5):
        assert read(learner.pk, page, page + 1) == list(history(learner.pk, page, page + 1))
    assert len(read.statements) <= 3


def test_the_rows_unconverted_and_what_converts_one(tries, learner):
    read = Prepared(history)
    rows, convert = read.unconverted(learner.pk, 0, 21)
    assert [convert(row) for row in rows] == read(learner.pk, 0, 21)


def test_a_read_of_no_one_or_not_of_values_is_refused(learner):
    with pytest.raises(ValueError, match="one player's rows"):
        Prepared(lambda player: Attempt.objects.values_list("id"))(learner.pk)
    with pytest.raises(ValueError, match="values_list"):
        Prepared(lambda player: Attempt.objects.filter(user_id=player))(learner.pk)
    with pytest.raises(ValueError, match="values_list"):
        Prepared(lambda player: Attempt.objects.filter(user_id=player).values("id"))(learner.pk)


def test_the_decorator_and_a_grouped_read_with_an_aggregate(learner, second_learner):
    @prepared
    def bests(player: int) -> QuerySet[PuzzleRun, tuple[str, int]]:
        rows = PuzzleRun.objects.filter(user_id=player).values("kind").annotate(best=Max("score"))
        return rows.order_by("kind").values_list("kind", "best")

    PuzzleRunFactory(user=learner, score=3)
    PuzzleRunFactory(user=learner, score=7)
    PuzzleRunFactory(user=learner, kind=PuzzleRun.Kind.STORM, score=12)
    PuzzleRunFactory(user=second_learner, score=30)
    assert bests(learner.pk) == [("storm", 12), ("streak", 7)]
    assert bests(second_learner.pk) == [("streak", 30)]
    assert bests(SOMEONE) == []
