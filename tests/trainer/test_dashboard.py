"""The dashboard: the chart follows the rated attempts, themes come weakest first, the retry queue holds the
puzzles failed and not solved since, the history is paged, and only the asker's own data is ever shown.
Last, the benchmark that times these reads and the choice of puzzle at scale."""

import re
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse
from freezegun import freeze_time

from testing.factories import AttemptFactory, PuzzleFactory
from testing.review_cards import HEAVY, LIGHT, cards
from trainer import selectors
from trainer.chart_geometry import BOTTOM, LEFT, RIGHT, TOP, rating_chart, ratings_chart
from trainer.models import Attempt, Puzzle, PuzzleTheme

pytestmark = pytest.mark.django_db

# The chart


def test_the_chart_points_follow_the_rated_attempts_in_order(learner, second_learner, teacher):
    ratings = [1520.0, 1490.0, 1600.0]
    tries = [AttemptFactory(user=learner, solved=True, rating_after=rating) for rating in ratings]
    AttemptFactory(user=learner, solved=False, rated=False)  # a retry: unrated, not on the chart
    AttemptFactory(user=second_learner, solved=True, rating_after=2400.0)  # someone else's
    series = selectors.rating_series(learner)
    assert series is not None and series.ratings == ratings
    # The chart's dates, the first and the last try's, aware as the ORM makes them.
    assert (series.first, series.last) == (tries[0].created, tries[-1].created)
    assert series.first.tzinfo is not None
    AttemptFactory(user=teacher, solved=True, rated=False)
    assert selectors.rating_series(teacher) is None  # no rated try, no chart
    chart = ratings_chart(*series)
    xs = [x for x, _ in chart.points]
    ys = [y for _, y in chart.points]
    assert xs == sorted(xs) and xs[0] == LEFT and xs[-1] == RIGHT
    # Higher ratings are drawn higher (smaller y): 1600 on top, 1490 lowest.
    assert ys[2] < ys[0] < ys[1]
    assert all(TOP <= y <= BOTTOM for y in ys)
    assert chart.low <= 1490 and chart.high >= 1600 and [t.value for t in chart.ticks][0] == chart.low


def test_the_chart_shows_the_latest_points_only(learner):
    puzzle = PuzzleFactory()
    Attempt.objects.bulk_create(
        Attempt(
            user=learner, puzzle=puzzle, serving=f"s{i}", solved=True, rated=True, rating_after=1000.0 + i
        )
        for i in range(selectors.CHART_POINTS + 5)
    )
    series = selectors.rating_series(learner)
    assert series is not None and len(series.ratings) == selectors.CHART_POINTS
    assert series.ratings[-1] == 1000.0 + selectors.CHART_POINTS + 4


def test_chart_geometry():
    when = datetime(2026, 1, 1, tzinfo=UTC)
    assert rating_chart([]) is None
    single = rating_chart([(when, 1500.0)])
    assert single.points == [((LEFT + RIGHT) / 2, single.points[0][1])] and single.low < 1500 < single.high
    flat = rating_chart([(when, 1500.0), (when + timedelta(days=1), 1500.0)])
    assert flat.polyline.count(",") == 2 and flat.low < 1500 < flat.high
    wide = rating_chart([(when, 1000.0), (when, 2000.0)])
    assert (wide.low, wide.high) == (1000, 2000)
    assert [tick.value for tick in wide.ticks] == [1000, 1200, 1400, 1600, 1800, 2000]
    assert wide.points[0][1] == BOTTOM and wide.points[1][1] == TOP


def test_the_chart_is_drawn_as_svg_on_the_page(learner_client, learner):
    AttemptFactory(user=learner, solved=True, rating_after=1520.0)
    AttemptFactory(user=learner, solved=False, rating_after=1480.0)
    page = learner_client.get(reverse("trainer:dashboard")).content.decode()
    series = selectors.rating_series(learner)
    assert series is not None
    chart = ratings_chart(*series)
    assert f'<polyline class="trainer-chart__line" points="{chart.polyline}"' in page
    assert "<script" not in page.split("<main")[1]  # drawn on the server
    assert [tick.value for tick in chart.ticks] == [1480, 1490, 1500, 1510, 1520]
    for tick in chart.ticks:  # each rating labelled on the axis
        assert f">{tick.value}<" in page


# Themes


def test_themes_come_weakest_first_from_first_tries(learner, second_learner):
    fork_a, fork_b, mate, both = (
        PuzzleFactory(themes="fork"),
        PuzzleFactory(themes="fork"),
        PuzzleFactory(themes="mateIn1"),
        PuzzleFactory(themes="fork mateIn1"),
    )
    AttemptFactory(user=learner, puzzle=fork_a, solved=False, rating_after=1490.0)
    AttemptFactory(user=learner, puzzle=fork_b, solved=True, rating_after=1500.0)
    AttemptFactory(user=learner, puzzle=mate, solved=True, rating_after=1510.0)
    AttemptFactory(user=learner, puzzle=both, solved=True, rating_after=1520.0)
    # A retry does not lift the first try's miss.
    AttemptFactory(user=learner, puzzle=fork_a, solved=True, rated=False)
    AttemptFactory(user=second_learner, puzzle=mate, solved=False, rating_after=1400.0)  # someone else's miss
    results = selectors.theme_results(learner)
    assert [(r.theme, r.attempts, r.solved, r.percent) for r in results] == [
        ("fork", 3, 2, 67),
        ("mateIn1", 2, 2, 100),
    ]
    assert results[0].name == "Fork"


def test_themes_count_the_latest_first_tries_only(learner, monkeypatch):
    monkeypatch.setattr(selectors, "THEME_WINDOW", 2)
    AttemptFactory(user=learner, puzzle=PuzzleFactory(themes="fork"), solved=False, rating_after=1490.0)
    AttemptFactory(user=learner, puzzle=PuzzleFactory(themes="mateIn1"), solved=True, rating_after=1500.0)
    AttemptFactory(
        user=learner, puzzle=PuzzleFactory(themes="mateIn1 fork"), solved=True, rating_after=1510.0
    )
    # The old miss at a fork is out of the window; of two themes all solved, the one tried more comes first.
    assert [(r.theme, r.attempts, r.solved) for r in selectors.theme_results(learner)] == [
        ("mateIn1", 2, 2),
        ("fork", 1, 1),
    ]


def test_each_theme_has_a_button_to_train_it(learner_client, learner):
    AttemptFactory(
        user=learner, puzzle=PuzzleFactory(themes="bareKingTrap"), solved=False, rating_after=1480.0
    )
    page = learner_client.get(reverse("trainer:dashboard")).content.decode()
    assert 'href="/train/?theme=bareKingTrap"' in page and "Don&#x27;t take the last piece" in page


# The retry queue


def test_the_retry_queue_holds_failed_puzzles_not_solved_since(learner, second_learner):
    failed, fixed, refailed, solved, disabled, theirs = (PuzzleFactory() for _ in range(6))
    AttemptFactory(user=learner, puzzle=failed, solved=False, rating_after=1490.0)
    AttemptFactory(user=learner, puzzle=fixed, solved=False, rating_after=1480.0)
    AttemptFactory(user=learner, puzzle=fixed, solved=True, rated=False)
    AttemptFactory(user=learner, puzzle=refailed, solved=False, rating_after=1470.0)
    AttemptFactory(user=learner, puzzle=refailed, solved=True, rated=False)
    AttemptFactory(user=learner, puzzle=refailed, solved=False, rated=False)
    AttemptFactory(user=learner, puzzle=solved, solved=True, rating_after=1500.0)
    AttemptFactory(user=learner, puzzle=disabled, solved=False, rating_after=1460.0)
    Puzzle.objects.filter(pk=disabled.pk).update(active=False)
    AttemptFactory(user=second_learner, puzzle=theirs, solved=False, rating_after=1400.0)
    assert [miss.puzzle for miss in selectors.retry_queue(learner)] == [refailed, failed]  # latest first


def test_the_retry_queue_links_to_each_puzzle(learner_client, learner):
    puzzle = PuzzleFactory()
    AttemptFactory(user=learner, puzzle=puzzle, solved=False, rating_after=1490.0)
    page = learner_client.get(reverse("trainer:dashboard")).content.decode()
    assert "One puzzle you missed and have not solved since." in page
    assert f'href="/train/{puzzle.pk}/"' in page


def test_a_long_retry_queue_is_counted_up_to_a_bound(learner_client, learner, monkeypatch):
    monkeypatch.setattr(selectors, "RETRY_COUNTED", 2)
    for _ in range(3):
        AttemptFactory(user=learner, solved=False, rating_after=1490.0)
    assert (
        "More than 2 puzzles you missed" in learner_client.get(reverse("trainer:dashboard")).content.decode()
    )


# The history


def test_the_history_is_paged_newest_first(learner_client, learner, second_learner):
    puzzles = [PuzzleFactory() for _ in range(25)]
    for index, puzzle in enumerate(puzzles):
        AttemptFactory(user=learner, puzzle=puzzle, solved=index % 2 == 0, rating_after=1500.0 + index)
    AttemptFactory(user=second_learner, solved=True, rating_after=1700.0)
    first = learner_client.get(reverse("trainer:dashboard")).content.decode()
    assert first.split('id="history"')[1].count("<tr>") == 21  # the header and the twenty newest
    assert f'href="/train/{puzzles[-1].pk}/"' in first and "<span>page 1</span>" in first
    assert ">Older</a>" in first and ">Newer</a>" not in first
    second = learner_client.get(
        reverse("trainer:dashboard") + "?page=2", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "<html" not in second and second.count("<tr>") == 6  # the header and the five oldest
    assert f'href="/train/{puzzles[0].pk}/"' in second and "Older" not in second and ">Newer</a>" in second
    # Past the oldest try, and what is not a page number, show the newest page.
    for asked in ("3", "0", "-1", "99999", "9" * 5000, "x", "1.5", "２"):
        answer = learner_client.get(reverse("trainer:dashboard"), {"page": asked})
        assert answer.status_code == 200
        shown = answer.content.decode()
        assert f'href="/train/{puzzles[-1].pk}/"' in shown and "<span>page 1</span>" in shown


# Only one's own


def test_the_dashboard_needs_a_login(client):
    answer = client.get(reverse("trainer:dashboard"))
    assert answer.status_code == 302 and answer.url.startswith(reverse("login"))


def test_the_dashboard_shows_only_the_askers_data_whatever_the_query(learner_client, learner, second_learner):
    mine, theirs = PuzzleFactory(themes="fork"), PuzzleFactory(themes="werera")
    AttemptFactory(user=learner, puzzle=mine, solved=False, rating_after=1480.0)
    AttemptFactory(user=second_learner, puzzle=theirs, solved=False, rating_after=2222.0)
    for query in (
        "",
        f"?user={second_learner.pk}",
        f"?user_id={second_learner.pk}",
        f"?username={second_learner.username}",
    ):
        page = learner_client.get(reverse("trainer:dashboard") + query).content.decode().split("<main")[1]
        assert f'href="/train/{mine.pk}/"' in page
        assert f'href="/train/{theirs.pk}/"' not in page and "2222" not in page and "Werera round" not in page


# The benchmark, which times these reads beside the choice of the next puzzle


def bench(*options: str) -> str:
    out = StringIO()
    sizes = ["--puzzles", "1000", "--attempts", "3000", "--users", "20", "--calls", "3"]
    call_command("bench_selection", *sizes, *options, stdout=out)
    return out.getvalue()


def test_the_benchmark_refuses_a_database_with_data_of_its_own(learner):
    with pytest.raises(CommandError, match="already holds users"):
        bench()
    PuzzleFactory()
    with pytest.raises(CommandError, match="already holds puzzles and users"):
        bench()
    assert Attempt.objects.count() == 0


def test_the_benchmark_seeds_times_and_shows_the_plans():
    text = bench()
    assert Puzzle.objects.count() == 1000 and PuzzleTheme.objects.count() >= 1000
    assert 2900 <= Attempt.objects.count() <= 3100 and User.objects.count() == 20
    heavy = Attempt.objects.filter(user__username="bench-0").count()
    assert heavy == 180  # six per cent of the attempts
    assert re.search(r"heavy player \(\d+\), any theme +180 ", text)
    if connection.vendor == "sqlite":
        assert "USING COVERING INDEX attempt_user_puzzle (user_id=? AND puzzle_id=?)" in text
    else:  # PostgreSQL may scan so few rows rather than use an index: its plan is shown all the same
        assert "on trainer_attempt" in text and "cost=" in text
    assert "theme_active_rating" in text and "puzzle_active_rating" in text
    bench()  # a second run replaces its own rows
    assert Puzzle.objects.count() == 1000 and User.objects.count() == 20


def test_recording_a_try_makes_it_the_latest_and_the_one_before_not(learner):
    from trainer.services import record_attempt

    puzzle = PuzzleFactory()
    first = record_attempt(user=learner, puzzle_id=puzzle.pk, serving="one", solved=False)
    assert list(selectors.retry_queue(learner)) == [first]
    second = record_attempt(user=learner, puzzle_id=puzzle.pk, serving="two", solved=True)
    assert [a.latest for a in Attempt.objects.order_by("id")] == [False, True] and second.latest
    assert list(selectors.retry_queue(learner)) == []
    record_attempt(user=learner, puzzle_id=puzzle.pk, serving="two", solved=False)  # the same try again
    assert Attempt.objects.filter(latest=True).get() == second


def test_the_migration_marks_the_latest_try_of_each_player_s_puzzle(learner, second_learner):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("trainer.migrations.0006_attempt_latest")
    one, two = PuzzleFactory(), PuzzleFactory()
    rows = [
        AttemptFactory(user=user, puzzle=puzzle, solved=False)
        for user, puzzle in ((learner, one), (learner, one), (learner, two), (second_learner, one))
    ]
    Attempt.objects.update(latest=True)  # as the new column starts
    migration.mark_latest(apps, None)
    assert [a.latest for a in Attempt.objects.order_by("id")] == [False, True, True, True]
    assert [a.pk for a in selectors.retry_queue(learner)] == [rows[2].pk, rows[1].pk]


def test_the_retry_list_is_drawn_as_the_template_drew_it(learner_client, learner):
    """The list is drawn in Python (trainer.chart_markup.draw_retry_items), with the loop's markup."""
    first = AttemptFactory(user=learner, solved=False, puzzle=PuzzleFactory(rating=1234.5))
    second = AttemptFactory(user=learner, solved=False, puzzle=PuzzleFactory(rating=987.4))
    item = (
        '\n              <li><a href="{prefix}/train/{pk}/">{word} {pk}</a> '
        '<span class="muted">{rated} {rating}</span></li>\n            '
    )

    def items(prefix: str, word: str, rated: str) -> str:
        return "".join(
            item.format(prefix=prefix, pk=attempt.puzzle_id, word=word, rated=rated, rating=rating)
            for attempt, rating in ((second, 987), (first, 1235))
        )

    english = learner_client.get("/train/dashboard/").text
    slovak = learner_client.get("/sk/train/dashboard/").text
    listed = '<ul class="trainer-retry">\n            {}\n          </ul>'
    assert listed.format(items("", "Puzzle", "rated")) in english
    assert listed.format(items("/sk", "Úloha", "s ratingom")) in slovak


def test_the_history_rows_are_drawn_as_the_template_drew_them(learner_client, learner):
    """The rows are drawn in Python (trainer.chart_markup.draw_history_rows), with the loop's markup."""
    when = datetime(2026, 3, 4, 9, 30, tzinfo=UTC)
    gone = PuzzleFactory(active=False)
    rated = AttemptFactory(user=learner, solved=True, rating_after=1512.4, when=when)
    AttemptFactory(user=learner, solved=False, puzzle=gone, when=when + timedelta(minutes=1))
    row = (
        "\n                <tr>\n                  <td>{when}</td>\n                  <td>{puzzle}</td>\n"
        '                  <td><span class="trainer-result trainer-result--{kind}">{result}</span></td>\n'
        "                  <td>{change}</td>\n                </tr>\n              "
    )
    english = learner_client.get("/train/dashboard/").text
    assert (
        row.format(
            when="04/03/2026 9:31 a.m.",
            puzzle=gone.pk,
            kind="missed",
            result="Missed",
            change='<span class="muted">not rated</span>',
        )
        + row.format(
            when="04/03/2026 9:30 a.m.",
            puzzle=f'<a href="/train/{rated.puzzle_id}/">{rated.puzzle_id}</a>',
            kind="solved",
            result="Solved",
            change="1500 → 1512 (+12)",
        )
        in english
    )
    slovak = learner_client.get("/sk/train/dashboard/").text
    assert f'<td><a href="/sk/train/{rated.puzzle_id}/">{rated.puzzle_id}</a></td>' in slovak
    assert '<span class="muted">bez ratingu</span>' in slovak and ">Nevyriešené</span>" in slovak


def test_a_puzzles_address_is_kept_in_each_language():
    from django.utils import translation

    from trainer import page_links

    for language in ("en", "sk", "en"):
        with translation.override(language):
            before, after = page_links.puzzle_address()
            assert f"{before}42{after}" == reverse("trainer:puzzle", args=[42])
    assert page_links.puzzle_address() == ("/train/", "/")


@pytest.mark.parametrize("count", [3, 45])
def test_the_dashboard_reads_as_much_for_3_tries_as_for_45(
    learner_client, learner, count, django_assert_num_queries
):
    for index in range(count):
        AttemptFactory(user=learner, solved=index % 2 == 0, rating_after=1500.0 + index)
    learner_client.get(reverse("trainer:dashboard"))
    with django_assert_num_queries(10):
        page = learner_client.get(reverse("trainer:dashboard")).content.decode()
    assert page.split('id="history"')[1].count("<tr>") == 1 + min(count, 20)


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_dashboard_reads_as_much_for_3_review_cards_as_for_2000(
    client, learner, count, django_assert_num_queries
):
    now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with freeze_time(now):
        cards(learner, now, count)
        client.force_login(learner)
        client.get(reverse("trainer:dashboard"))
        # The session, the user, a page of the history (not counted), the rating, the retry queue, the
        # themes, the answers to reports, the reviews' figures, the chart's points, the runs' bests.
        with django_assert_num_queries(10):
            page = client.get(reverse("trainer:dashboard")).content.decode()
        assert ("500 reviews are due." if count == HEAVY else "One review is due.") in page
