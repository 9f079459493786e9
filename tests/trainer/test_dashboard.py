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

from trainer import selectors
from trainer.charts import BOTTOM, LEFT, RIGHT, TOP, rating_chart
from trainer.models import Attempt, Puzzle, PuzzleTheme

pytestmark = pytest.mark.django_db

MATE_IN_ONE = "k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0"


@pytest.fixture
def player(client):
    user = User.objects.create_user("tirunesh", password="werera-2026!")
    client.force_login(user)
    return user


@pytest.fixture
def rival():
    return User.objects.create_user("abebe", password="werera-2026!")


def make(themes: str = "mateIn1") -> Puzzle:
    return Puzzle.objects.create(fen=MATE_IN_ONE, moves="c1c8", themes=themes)


def attempt(user, puzzle, solved, rating_after=None, *, rated=None) -> Attempt:
    """A recorded try, rated when a rating is given (built directly: the services are tested elsewhere)."""
    rated = rating_after is not None if rated is None else rated
    return Attempt.objects.create(
        user=user,
        puzzle=puzzle,
        serving=f"s{Attempt.objects.count()}",
        solved=solved,
        rated=rated,
        rating_before=1500.0 if rated else None,
        rating_after=rating_after,
    )


# The chart


def test_the_chart_points_follow_the_rated_attempts_in_order(player, rival):
    ratings = [1520.0, 1490.0, 1600.0]
    for rating in ratings:
        attempt(player, make(), True, rating)
    attempt(player, make(), False, rated=False)  # a retry: unrated, not on the chart
    attempt(rival, make(), True, 2400.0)  # someone else's
    series = selectors.rating_series(player)
    assert [rating for _, rating in series] == ratings
    chart = rating_chart(series)
    xs = [x for x, _ in chart.points]
    ys = [y for _, y in chart.points]
    assert xs == sorted(xs) and xs[0] == LEFT and xs[-1] == RIGHT
    # Higher ratings are drawn higher (smaller y): 1600 on top, 1490 lowest.
    assert ys[2] < ys[0] < ys[1]
    assert all(TOP <= y <= BOTTOM for y in ys)
    assert chart.low <= 1490 and chart.high >= 1600 and [t.value for t in chart.ticks][0] == chart.low


def test_the_chart_shows_the_latest_points_only(player):
    puzzle = make()
    Attempt.objects.bulk_create(
        Attempt(user=player, puzzle=puzzle, serving=f"s{i}", solved=True, rated=True, rating_after=1000.0 + i)
        for i in range(selectors.CHART_POINTS + 5)
    )
    series = selectors.rating_series(player)
    assert len(series) == selectors.CHART_POINTS and series[-1][1] == 1000.0 + selectors.CHART_POINTS + 4


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


def test_the_chart_is_drawn_as_svg_on_the_page(client, player):
    attempt(player, make(), True, 1520.0)
    attempt(player, make(), False, 1480.0)
    page = client.get(reverse("trainer:dashboard")).content.decode()
    chart = rating_chart(selectors.rating_series(player))
    assert f'<polyline class="trainer-chart__line" points="{chart.polyline}"' in page
    assert "<script" not in page.split("<main")[1]  # drawn on the server
    assert ">1450<" in page or ">1480<" in page  # a rating label on the axis


# Themes


def test_themes_come_weakest_first_from_first_tries(player, rival):
    fork_a, fork_b, mate, both = make("fork"), make("fork"), make("mateIn1"), make("fork mateIn1")
    attempt(player, fork_a, False, 1490.0)
    attempt(player, fork_b, True, 1500.0)
    attempt(player, mate, True, 1510.0)
    attempt(player, both, True, 1520.0)
    attempt(player, fork_a, True, rated=False)  # a retry does not lift the first try's miss
    attempt(rival, mate, False, 1400.0)  # someone else's miss
    results = selectors.theme_results(player)
    assert [(r.theme, r.attempts, r.solved, r.percent) for r in results] == [
        ("fork", 3, 2, 67),
        ("mateIn1", 2, 2, 100),
    ]
    assert results[0].name == "Fork"


def test_themes_count_the_latest_first_tries_only(player, monkeypatch):
    monkeypatch.setattr(selectors, "THEME_WINDOW", 2)
    attempt(player, make("fork"), False, 1490.0)
    attempt(player, make("mateIn1"), True, 1500.0)
    attempt(player, make("mateIn1 fork"), True, 1510.0)
    # The old miss at a fork is out of the window; of two themes all solved, the one tried more comes first.
    assert [(r.theme, r.attempts, r.solved) for r in selectors.theme_results(player)] == [
        ("mateIn1", 2, 2),
        ("fork", 1, 1),
    ]


def test_each_theme_has_a_button_to_train_it(client, player):
    attempt(player, make("bareKingTrap"), False, 1480.0)
    page = client.get(reverse("trainer:dashboard")).content.decode()
    assert 'href="/train/?theme=bareKingTrap"' in page and "Don&#x27;t take the last piece" in page


# The retry queue


def test_the_retry_queue_holds_failed_puzzles_not_solved_since(player, rival):
    failed, fixed, refailed, solved, disabled, theirs = (make() for _ in range(6))
    attempt(player, failed, False, 1490.0)
    attempt(player, fixed, False, 1480.0)
    attempt(player, fixed, True, rated=False)
    attempt(player, refailed, False, 1470.0)
    attempt(player, refailed, True, rated=False)
    attempt(player, refailed, False, rated=False)
    attempt(player, solved, True, 1500.0)
    attempt(player, disabled, False, 1460.0)
    Puzzle.objects.filter(pk=disabled.pk).update(active=False)
    attempt(rival, theirs, False, 1400.0)
    assert [miss.puzzle for miss in selectors.retry_queue(player)] == [refailed, failed]  # latest first


def test_the_retry_queue_links_to_each_puzzle(client, player):
    puzzle = make()
    attempt(player, puzzle, False, 1490.0)
    page = client.get(reverse("trainer:dashboard")).content.decode()
    assert "One puzzle you missed and have not solved since." in page
    assert f'href="/train/{puzzle.pk}/"' in page


def test_a_long_retry_queue_is_counted_up_to_a_bound(client, player, monkeypatch):
    monkeypatch.setattr(selectors, "RETRY_COUNTED", 2)
    for _ in range(3):
        attempt(player, make(), False, 1490.0)
    assert "More than 2 puzzles you missed" in client.get(reverse("trainer:dashboard")).content.decode()


# The history


def test_the_history_is_paged_newest_first(client, player, rival):
    puzzles = [make() for _ in range(25)]
    for index, puzzle in enumerate(puzzles):
        attempt(player, puzzle, index % 2 == 0, 1500.0 + index)
    attempt(rival, make(), True, 1700.0)
    first = client.get(reverse("trainer:dashboard")).content.decode()
    assert first.split('id="history"')[1].count("<tr>") == 21  # the header and the twenty newest
    assert f'href="/train/{puzzles[-1].pk}/"' in first and "page 1 of 2" in first
    second = client.get(reverse("trainer:dashboard") + "?page=2", HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in second and second.count("<tr>") == 6  # the header and the five oldest
    assert f'href="/train/{puzzles[0].pk}/"' in second and "Older" not in second
    assert client.get(reverse("trainer:dashboard") + "?page=x").status_code == 200


# Only one's own


def test_the_dashboard_needs_a_login(client):
    answer = client.get(reverse("trainer:dashboard"))
    assert answer.status_code == 302 and answer.url.startswith(reverse("login"))


def test_the_dashboard_shows_only_the_askers_data_whatever_the_query(client, player, rival):
    mine, theirs = make("fork"), make("werera")
    attempt(player, mine, False, 1480.0)
    attempt(rival, theirs, False, 2222.0)
    for query in ("", f"?user={rival.pk}", f"?user_id={rival.pk}", f"?username={rival.username}"):
        page = client.get(reverse("trainer:dashboard") + query).content.decode().split("<main")[1]
        assert f'href="/train/{mine.pk}/"' in page
        assert f'href="/train/{theirs.pk}/"' not in page and "2222" not in page and "Werera round" not in page


# The benchmark, which times these reads beside the choice of the next puzzle


def bench(*options: str) -> str:
    out = StringIO()
    sizes = ["--puzzles", "1000", "--attempts", "3000", "--users", "20", "--calls", "3"]
    call_command("bench_selection", *sizes, *options, stdout=out)
    return out.getvalue()


def test_the_benchmark_refuses_a_database_with_data_of_its_own(player):
    with pytest.raises(CommandError, match="already holds users"):
        bench()
    make()
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
        assert "SEARCH trainer_attempt USING COVERING INDEX attempt_user_puzzle" in text
    else:  # PostgreSQL may scan so few rows rather than use an index: its plan is shown all the same
        assert "on trainer_attempt" in text and "cost=" in text
    assert "theme_active_rating" in text and "puzzle_active_rating" in text
    bench()  # a second run replaces its own rows
    assert Puzzle.objects.count() == 1000 and User.objects.count() == 20
