"""Choosing what to train: the themes page (every theme, its count of active puzzles, a line on it, the
player's results), several themes and a band of ratings honoured by the selection, bad choices refused with
a 400 and a message; and where a new player starts: the median of the active puzzles."""

import html
import random
import re

import pytest
from django.db.models import Count
from django.urls import reverse

from testing.factories import LADDER, AttemptFactory, PlayerRatingFactory, PuzzleFactory
from trainer import offers, selectors, services
from trainer.models import PlayerRating, Puzzle, PuzzleTheme
from trainer.puzzle_words import THEME_DESCRIPTIONS, THEME_NAMES
from trainer.selectors import next_puzzle

pytestmark = pytest.mark.django_db


def counted(page: str) -> dict[str, int]:
    """The page's count beside each theme that can be ticked, by the theme's key."""
    found = re.findall(
        r'id="theme-(\w+)"[^>]*>\s*<div>\s*<label[^>]*>[^<]*</label>\s*'
        r'<span class="muted">(\d+) puzzles?</span>',
        page,
    )
    return {key: int(count) for key, count in found}


def empty(page: str) -> list[str]:
    """The names of the themes the page lists with no puzzles."""
    return re.findall(
        r'<span class="trainer-choice__name">([^<]*)</span> <span class="muted">0 puzzles</span>', page
    )


def test_the_themes_page_counts_the_active_puzzles_of_every_theme(client, learner):
    PuzzleFactory(themes="fork mateIn2")
    PuzzleFactory(themes="fork")
    PuzzleFactory(themes="fork werera", active=False)
    PuzzleFactory(themes="newTheme")
    client.force_login(learner)
    page = client.get(reverse("trainer:themes")).content.decode()
    expected = dict(
        PuzzleTheme.objects.filter(active=True).values_list("theme").annotate(n=Count("id")).order_by()
    )
    assert expected == {"fork": 2, "mateIn2": 1, "newTheme": 1}
    assert counted(page) == expected
    # The themes with no active puzzle offer nothing to tick, and are listed apart.
    nameless = [name for key, name in THEME_NAMES.items() if key not in expected]
    assert empty(page) == [str(name).replace("'", "&#x27;") for name in nameless]
    assert f"{len(nameless)} themes have no puzzles yet" in page
    for key in THEME_NAMES:
        assert str(THEME_DESCRIPTIONS[key]).replace("'", "&#x27;") in page
    assert page.count("Not tried yet.") == len(expected)
    assert 'name="min"' in page and 'name="max"' in page and 'action="/train/"' in page


def test_the_themes_page_shows_the_players_results_from_the_dashboards_reads(client, learner):
    fork = PuzzleFactory(themes="fork mateIn2")
    other = PuzzleFactory(themes="fork")
    AttemptFactory(user=learner, puzzle=fork, solved=True, rating_after=1510.0)
    AttemptFactory(user=learner, puzzle=other, solved=False, rating_after=1490.0)
    client.force_login(learner)
    page = client.get(reverse("trainer:themes")).content.decode()
    results = {r.theme: (r.attempts, r.percent) for r in selectors.theme_results(learner)}
    assert results == {"fork": (2, 50), "mateIn2": (1, 100)}
    assert "Your first tries: 2, 50 % solved." in page and "Your first tries: 1, 100 % solved." in page
    anonymous = client.__class__().get(reverse("trainer:themes")).content.decode()
    assert "Your first tries" not in anonymous and "Not tried yet." not in anonymous


def test_an_empty_theme_or_band_chooses_nothing(client):
    puzzle = PuzzleFactory(themes="fork")
    page = client.get(reverse("trainer:train"), {"theme": "", "min": "", "max": ""})
    assert page.status_code == 200 and f"Puzzle {puzzle.pk}</h1>" in page.content.decode()
    assert "Training:" not in page.content.decode()


def test_a_chosen_theme_is_ticked_when_the_page_is_opened_from_a_puzzle(client):
    PuzzleFactory(themes="fork")
    page = client.get(reverse("trainer:themes"), {"theme": "fork", "min": "900"}).content.decode()
    assert re.search(r'id="theme-fork"[^>]*checked', page) and 'value="900"' in page


def test_several_themes_and_a_band_are_honoured_by_every_pick(learner):
    rng = random.Random(7)
    for index in range(60):
        PuzzleFactory(
            themes=random.Random(index).choice(["fork", "mateIn2", "werera", "fork werera", "endgame"]),
            rating=float(rng.randrange(600, 2400)),
        )
    chosen, band = ("fork", "werera"), (1100.0, 1500.0)
    fitting = {
        p.pk
        for p in Puzzle.objects.all()
        if set(p.theme_list) & set(chosen) and band[0] <= p.rating <= band[1]
    }
    assert len(fitting) >= 5
    seen: set[int] = set()
    for step in range(len(fitting)):
        pick = next_puzzle(
            user=learner,
            rating=2000,
            themes=chosen,
            band=band,
            seen=frozenset(seen),
            rng=random.Random(step),
        )
        assert pick is not None and pick.pk in fitting
        seen.add(pick.pk)
    assert seen == fitting  # far from the player's rating, every fitting puzzle is found, and no other
    assert next_puzzle(user=learner, rating=2000, themes=chosen, band=band, seen=frozenset(seen)) is None


def test_training_picks_only_the_chosen_themes_in_the_band(client):
    inside = PuzzleFactory(themes="fork", rating=1200)
    also = PuzzleFactory(line=LADDER, themes="werera mateIn2", rating=1300)
    PuzzleFactory(themes="fork", rating=1700)  # out of the band
    PuzzleFactory(themes="mateIn2", rating=1250)  # not of the themes
    picks = set()
    choice = {"theme": ["fork", "werera"], "min": 1100, "max": 1400}
    for _ in range(2):
        page = client.get(reverse("trainer:train"), choice)
        text = page.content.decode()
        assert page.status_code == 200 and "Training: Fork, Werera round · rated 1100 to 1400" in text
        number = int(re.search(r"Puzzle (\d+)</h1>", text)[1])
        picks.add(number)
        token = html.unescape(re.search(r'name="token" value="([^"]+)"', text)[1])
        client.post(reverse("trainer:solution", args=[number]), {"token": token})
    assert picks == {inside.pk, also.pk}
    left = client.get(reverse("trainer:train"), choice).content.decode()
    assert "No puzzle of your choice (Fork, Werera round · rated 1100 to 1400) is left for you." in left
    done = client.get(reverse("trainer:puzzle", args=[also.pk])).content.decode()
    assert 'href="/train/?theme=fork&amp;theme=werera&amp;min=1100&amp;max=1400">Next puzzle' in done


def test_a_chosen_theme_with_nothing_in_the_band_is_said_not_left_out_in_silence(client):
    PuzzleFactory(themes="fork", rating=1200)
    PuzzleFactory(line=LADDER, themes="werera", rating=600)  # below the band
    choice = {"theme": ["fork", "werera"], "min": 900, "max": 1500}
    text = client.get(reverse("trainer:train"), choice).content.decode()
    assert (
        "No puzzle of Werera round fits your choice: these puzzles come from the other themes you chose."
        in text
    )
    both = client.get(reverse("trainer:train"), {"theme": ["fork", "werera"]}).content.decode()
    assert "fits your choice" not in both
    assert selectors.themes_without_puzzles(["werera", "fork", "fork2"], (900, 1500)) == ["werera", "fork2"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"min": "abc"}, "Enter a whole number."),
        ({"min": "1500", "max": "1200"}, "The highest rating must not be below the lowest."),
        ({"max": "99999"}, "Ensure this value is less than or equal to 4000."),
        ({"min": "-5"}, "Ensure this value is greater than or equal to 0."),
        ({"theme": "<script>"}, "There is no such theme."),
        ({"theme": [f"t{i}" for i in range(41)]}, "There is no such theme."),
    ],
)
def test_a_bad_choice_answers_the_themes_page_with_its_message_and_a_400(client, learner, query, message):
    PuzzleFactory(themes="fork")
    client.force_login(learner)
    for url in (reverse("trainer:train"), reverse("trainer:themes")):
        answer = client.get(url, query)
        assert answer.status_code == 400 and message in answer.content.decode()
    assert offers.current(client.session) is None


def test_a_new_player_starts_at_the_median_of_the_active_puzzles(learner, second_learner):
    for rating in (800.0, 1000.0, 1035.0, 1100.0, 2600.0):
        PuzzleFactory(rating=rating)
    PuzzleFactory(rating=100.0, active=False)
    assert services.player_rating(learner).rating == 1035.0
    PlayerRatingFactory(user=second_learner, rating=1720.0)
    assert services.player_rating(second_learner).rating == 1720.0  # an existing player keeps theirs
    puzzle = PuzzleFactory(rating=1040.0)
    services.record_attempt(user=learner, puzzle_id=puzzle.pk, serving="first", solved=True)
    row = PlayerRating.objects.get(user=learner)
    attempt = row.user.attempts.get()
    assert attempt.rating_before == 1035.0 and row.rating > 1035.0  # the median was kept for an hour


def test_the_median_is_the_middle_of_an_even_count_and_1500_without_puzzles(learner):
    assert selectors.pool_median() == 1500.0
    selectors.cache.clear()
    for rating in (900.0, 1000.0, 1200.0, 1600.0):
        PuzzleFactory(rating=rating)
    assert selectors.pool_median() == 1100.0
