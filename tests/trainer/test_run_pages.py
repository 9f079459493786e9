"""The streak's and the storm's pages: played through the forms with and without htmx, the storm's clock
across reloads, the end's figures, the dashboard's line; and every bad input (someone else's run, a visitor's
run from another browser, a stale or tampered puzzle, huge numbers, NUL bytes, odd unicode, a late answer)
answered with a message and a 4xx, changing nothing."""

import pytest
from django.test import Client
from django.urls import reverse
from freezegun import freeze_time

from testing.factories import MATE_IN_ONE, WERERA, PuzzleFactory
from testing.page_text import seen
from trainer import storm
from trainer.models import Attempt, PuzzleRun

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HUGE = 2**64


@pytest.fixture
def pool(db):
    return [PuzzleFactory(line=MATE_IN_ONE, rating=900 + 15 * step) for step in range(60)]


def begin(client: Client, kind: str) -> PuzzleRun:
    answer = client.post(reverse(f"trainer:{kind}_begin"))
    run = PuzzleRun.objects.latest("id")
    assert answer.status_code == 302 and answer.url == reverse(f"trainer:{kind}_run", args=[run.pk])
    return run


def move(client: Client, run: PuzzleRun, text: str = "c1c8", **data):
    url = reverse(f"trainer:{run.kind}_move", args=[run.pk])
    return client.post(url, {"puzzle": run.puzzle_id, "ply": run.ply, "move": text, **data}, **HTMX)


@pytest.mark.parametrize("kind", ["streak", "storm"])
def test_the_trainer_links_to_both_and_their_pages_say_they_are_unrated(client, pool, kind):
    train = client.get(reverse("trainer:train")).content.decode()
    assert f'href="{reverse(f"trainer:{kind}")}"' in train
    text = seen(client.get(reverse(f"trainer:{kind}")).content.decode())
    assert "Runs are not rated. Without an account they are kept in this browser only." in text


def test_a_streak_played_through_its_pages_to_its_end(learner_client, pool):
    run = begin(learner_client, "streak")
    page = learner_client.get(reverse("trainer:streak_run", args=[run.pk])).content.decode()
    assert 'class="board board--live"' in page and 'data-form="run-form"' in page
    answer = move(learner_client, run)
    assert answer.status_code == 200 and "<html" not in answer.content.decode()
    assert "Solved! Well played." in seen(answer.content.decode())
    run.refresh_from_db()
    skipped = learner_client.post(
        reverse("trainer:streak_skip", args=[run.pk]), {"puzzle": run.puzzle_id, "ply": 0}, **HTMX
    )
    assert "That was your one skip in this streak." in seen(skipped.content.decode())
    run.refresh_from_db()
    end = seen(move(learner_client, run, "e1d1").content.decode())
    assert "The streak is over. You solved 1 puzzle." in end
    assert "That is your best streak!" in end
    assert "You played [negus]d1; the move was [der]xc8#." in end
    run.refresh_from_db()
    assert (run.score, run.misses, run.skipped, run.ended is not None) == (1, 1, True, True)
    assert Attempt.objects.count() == 0
    dashboard = seen(learner_client.get(reverse("trainer:dashboard")).content.decode())
    assert "Puzzle streak: your best is 1 puzzle" in dashboard
    assert "Puzzle storm: your best is 0 puzzles" in dashboard


def test_without_javascript_a_step_redirects_to_the_run(client, pool):
    run = begin(client, "streak")
    url = reverse("trainer:streak_move", args=[run.pk])
    answer = client.post(url, {"puzzle": run.puzzle_id, "ply": 0, "move": "Rc8"})
    assert answer.status_code == 302 and answer.url == reverse("trainer:streak_run", args=[run.pk])
    assert PuzzleRun.objects.get(pk=run.pk).score == 1


def test_the_storms_clock_survives_a_reload_and_a_late_answer_is_refused(client, pool):
    with freeze_time("2026-12-01 10:00:00") as clock:
        run = begin(client, "storm")
        url = reverse("trainer:storm_run", args=[run.pk])
        assert 'data-seconds="180"' in client.get(url).content.decode()
        clock.tick(60)
        assert 'data-seconds="120"' in client.get(url).content.decode()
        newer = begin(client, "storm")  # a new storm, a clock of its own
        assert 'data-seconds="120"' in client.get(url).content.decode()  # the first one's runs on
        clock.tick(125)
        late = move(client, newer)
        assert late.status_code == 200  # 125 seconds into the new storm: in time
        clock.tick(60)
        newer.refresh_from_db()
        refused = move(client, newer)
        assert refused.status_code == 409
        assert "Time is up: that answer came too late and does not count." in seen(refused.content.decode())
        end = seen(client.get(reverse("trainer:storm_run", args=[newer.pk])).content.decode())
    assert "Time is up! You solved 1 puzzle." in end
    assert "Solved 1 Moves 1 Misses 0 Best combo 1 Your best 1" in end
    assert PuzzleRun.objects.get(pk=newer.pk).score == 1


def test_a_storm_page_shows_time_solved_and_combo(client, pool):
    run = begin(client, "storm")
    for _ in range(5):
        answer = move(client, run)
        run.refresh_from_db()
    text = seen(answer.content.decode())
    assert "Solved 5 Combo 5" in text and "+3 seconds for 5 in a row!" in text
    run.refresh_from_db()
    missed = seen(move(client, run, "e1d1").content.decode())
    assert "That is not the move. −10 seconds." in missed and "Combo 0" in missed
    assert PuzzleRun.objects.get(pk=run.pk).seconds_won == storm.BONUSES[5] - storm.PENALTY


def test_your_runs_list_a_storm_once_it_is_over_and_not_while_it_goes_on(client, pool):
    with freeze_time("2026-12-01 10:00:00") as clock:
        run = begin(client, "storm")
        move(client, run)
        url = reverse("trainer:storm_run", args=[run.pk])
        going_on = client.get(url).content.decode()
        assert "No runs yet." in seen(going_on) and "is-current" not in going_on
        clock.tick(storm.DURATION + storm.BONUSES.get(1, 0) + 1)
        over = client.get(url).content.decode()
    assert 'class="is-current"' in over and "No runs yet." not in seen(over)


def test_werera_puzzles_are_left_out(client):
    PuzzleFactory(line=WERERA, rating=900)
    run = begin(client, "storm")
    assert run.puzzle is None and run.ended is not None
    assert "No puzzle is left to serve" in seen(
        client.get(reverse("trainer:storm_run", args=[run.pk])).content.decode()
    )


@pytest.mark.parametrize("kind", ["streak", "storm"])
def test_someone_elses_run_is_a_404(log_in, learner, second_learner, pool, kind):
    owner = log_in(learner)
    run = begin(owner, kind)
    for intruder in (log_in(second_learner), Client()):
        assert intruder.get(reverse(f"trainer:{kind}_run", args=[run.pk])).status_code == 404
        assert move(intruder, run).status_code == 404
    other_kind = "storm" if kind == "streak" else "streak"
    assert owner.get(reverse(f"trainer:{other_kind}_run", args=[run.pk])).status_code == 404
    assert PuzzleRun.objects.get(pk=run.pk).score == 0


def test_a_visitors_run_is_theirs_in_their_browser_alone(pool):
    mine, theirs = Client(), Client()
    run = begin(mine, "streak")
    assert mine.get(reverse("trainer:streak_run", args=[run.pk])).status_code == 200
    assert theirs.get(reverse("trainer:streak_run", args=[run.pk])).status_code == 404


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"puzzle": "other"}, 409),
        ({"ply": "2"}, 409),
        ({"puzzle": str(HUGE)}, 400),
        ({"ply": str(HUGE)}, 400),
        ({"ply": "-1"}, 400),
        ({"puzzle": "1e3"}, 400),
        ({"move": ""}, 400),
        ({"move": "c1c8\x00"}, 400),
        ({"move": "c1\u202ec8"}, 400),
        ({"move": "Ｒc8"}, 400),
        ({"move": "x" * 500}, 400),
        ({"move": "e1e3"}, 400),
    ],
)
@pytest.mark.parametrize("kind", ["streak", "storm"])
def test_a_bad_step_is_a_4xx_and_changes_nothing(client, pool, kind, data, status):
    run = begin(client, kind)
    if data.get("puzzle") == "other":
        data = {"puzzle": next(p.pk for p in pool if p.pk != run.puzzle_id)}
    answer = move(client, run, **{"move": "c1c8", **data})
    assert answer.status_code == status
    assert PuzzleRun.objects.filter(pk=run.pk, score=0, misses=0, ply=0, moves=0, seconds_won=0).exists()


@pytest.mark.parametrize("name", ["streak_run", "streak_move", "streak_skip", "storm_run", "storm_move"])
def test_an_unknown_or_huge_run_is_a_404(client, pool, name):
    method = client.get if name.endswith("_run") else client.post
    for run_id in (0, 12345, HUGE):
        assert method(reverse(f"trainer:{name}", args=[run_id])).status_code == 404


def test_beginning_takes_a_post_with_its_csrf_token(pool):
    assert Client().get(reverse("trainer:streak_begin")).status_code == 405
    assert Client(enforce_csrf_checks=True).post(reverse("trainer:storm_begin")).status_code == 403
    assert not PuzzleRun.objects.exists()


def test_the_trainer_leads_to_every_way_of_training(client, learner_client, pool):
    """The train page is the way into each: the streak, the storm, the endings, and for an account its
    reviews."""
    visitor = client.get(reverse("trainer:train")).content.decode()
    for name in ("trainer:streak", "trainer:storm", "endings"):
        assert f'href="{reverse(name)}"' in visitor
    assert f'href="{reverse("reviews:queue")}"' not in visitor
    assert (
        f'href="{reverse("reviews:queue")}"' in learner_client.get(reverse("trainer:train")).content.decode()
    )
