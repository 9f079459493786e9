"""The trainer's pages: serving and solving a puzzle with and without htmx, hints, the solution, reports; and
every bad input (a puzzle not served, a repeated or stale submission, an illegal move, a tampered id, a
malformed form) answered with a message and a 4xx, changing nothing and rating nothing twice."""

import html
import re
from urllib.parse import quote

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from testing.factories import (
    BLACK_LADDER,
    FERES_MATE,
    LADDER,
    PASSWORD,
    WERERA,
    WERERA_ROUND,
    WERERA_SLOWER,
    PuzzleFactory,
)
from testing.page_text import CHESS_LETTERS, heard, seen
from trainer import themes
from trainer.models import Attempt, PlayerRating, Puzzle, PuzzleReport
from trainer.puzzle_words import THEME_DESCRIPTIONS, THEME_NAMES, rating_change, theme_name

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


class TrainerClient(Client):
    """A client that remembers the try each page it was shown offers: showing a puzzle writes nothing to
    the session, so the token is read from the page, as a browser's form sends it."""

    offered: dict | None = None

    def get(self, *args, **kwargs):
        response = super().get(*args, **kwargs)
        text = response.content.decode()
        token = re.search(r'name="token" value="([^"]+)"', text)
        puzzle = re.search(r'action="[^"]*/train/(\d+)/move/"', text)
        if token and puzzle:
            ply = re.search(r'name="ply" value="(\d+)"', text)
            self.offered = {"id": int(puzzle[1]), "token": html.unescape(token[1]), "ply": int(ply[1])}
        return response


@pytest.fixture
def client():
    return TrainerClient()


@pytest.fixture
def player(client, learner):
    """The cast's learner, logged in on the test's client (which the anonymous tests use logged out)."""
    client.force_login(learner)
    return learner


def session_store(client: Client) -> dict | None:
    """The trainer's store in the client's session, without making a session (as `client.session` would)."""
    if settings.SESSION_COOKIE_NAME not in client.cookies:
        return None
    return client.session.get("trainer")


def stored(client: Client) -> dict | None:
    """The try the session has begun last, if any."""
    tries = (session_store(client) or {}).get("tries") or [None]
    return tries[-1]


def current(client: Client) -> dict:
    """The try begun in the session, or else the one the last page offered."""
    return stored(client) or client.offered


def open_puzzle(client: Client, puzzle: Puzzle) -> dict:
    assert client.get(reverse("trainer:puzzle", args=[puzzle.pk])).status_code == 200
    return current(client)


def move(
    client: Client, puzzle: Puzzle, text: str, token: str | None = None, ply: int | None = None, **headers
):
    state = current(client)
    data = {
        "move": text,
        "token": state["token"] if token is None else token,
        "ply": state["ply"] if ply is None else ply,
    }
    return client.post(reverse("trainer:move", args=[puzzle.pk]), data, **headers)


def snapshot(client: Client) -> tuple:
    return (
        session_store(client),
        Attempt.objects.count(),
        list(PlayerRating.objects.values_list("rating", flat=True)),
    )


# The pages


def test_the_next_puzzle_is_served_and_a_reload_keeps_it(client):
    puzzle = PuzzleFactory()
    page = client.get(reverse("trainer:train"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "White to move" in text and 'class="board board--live"' in text
    assert current(client)["id"] == puzzle.pk
    token = current(client)["token"]
    client.get(reverse("trainer:train"))
    assert current(client)["token"] == token


def test_with_no_puzzle_at_all_a_friendly_page(client):
    page = client.get(reverse("trainer:train"))
    assert page.status_code == 200 and "There are no puzzles here yet" in page.content.decode()


def test_a_theme_is_trained_and_one_with_nothing_left_says_so(client):
    fork = PuzzleFactory(themes="fork")
    PuzzleFactory(themes="mateIn1")
    for _ in range(5):
        client.get(reverse("trainer:train") + "?theme=fork")
        assert current(client)["id"] == fork.pk
    page = client.get(reverse("trainer:train") + "?theme=werera")
    assert (
        page.status_code == 200
        and "No puzzle of the theme “Werera round” is left for you" in page.content.decode()
    )
    assert client.get(reverse("trainer:train") + "?theme=<script>").status_code == 400


def test_a_puzzle_is_solved_with_htmx_and_rated(client, player):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2 derMate")
    open_puzzle(client, puzzle)
    first = move(client, puzzle, "Rd1", **HTMX)
    text = first.content.decode()
    assert first.status_code == 200 and "<html" not in text
    assert "Correct! Your opponent answered [feres]f3." in seen(text)
    assert "Your opponent answered feres to f3." in heard(text)
    assert "Mate by a der" not in text  # the theme hidden
    last = move(client, puzzle, "d1d8", **HTMX).content.decode()
    assert "Solved!" in last and "Mate by a der" in last
    attempt = Attempt.objects.get()
    assert attempt.solved and attempt.rated
    assert rating_change(attempt.rating_before, attempt.rating_after) in last
    assert "1500 \u2192 " in last
    assert "1. [der]d1 [feres]f3 2. [der]d8#" in seen(last)  # the solution in the site's notation
    assert not CHESS_LETTERS.search(seen(last))


def test_without_javascript_a_move_redirects_back_to_the_puzzle_as_it_stands(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    answer = move(client, puzzle, "c1c8")
    assert answer.status_code == 302 and answer.url == reverse("trainer:puzzle", args=[puzzle.pk])
    page = client.get(answer.url).content.decode()
    assert "Solved!" in page and "Your puzzle rating: 1500 \u2192 " in page
    assert Attempt.objects.count() == 1


def test_a_wrong_move_is_refuted_on_the_board_and_explained(client, player):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2 bareKingTrap")
    open_puzzle(client, puzzle)
    page = move(client, puzzle, "h1h2", **HTMX).content.decode()
    assert "the bare negus is a draw" in page
    assert 'data-square="h2" aria-label="h2, White der, last move"' in page  # the wrong move played out
    assert "\u2212" in page  # the rating went down
    assert Attempt.objects.get().solved is False


def test_a_black_puzzle_is_seen_from_black_with_black_live(client):
    puzzle = PuzzleFactory(line=BLACK_LADDER, themes="mateIn2")
    text = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    assert "Black to move" in text
    assert text.index('data-square="h1"') < text.index('data-square="a8"')  # h1 at the top left
    assert '"h8":[' in text.replace("&quot;", '"')  # Black's der may move


def test_r5_3_a_solved_werera_puzzle_tells_how_the_round_goes(client, player):
    puzzle = PuzzleFactory(line=WERERA_SLOWER)
    before = heard(client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode())
    assert "Round 4 of 20. Black is quicker this round" in before and "How the round goes" not in before
    solved = heard(move(client, puzzle, "d3e4", **HTMX).content.decode())
    assert "Solved!" in solved and "How the round goes" in solved
    assert (
        "If Black takes on f2, that capture is played first and alone (R5.3), but it leaves you well ahead."
        in solved
    )
    assert "your capture is played even though Black is quicker in round 4 (R5.3)" in solved


def test_r5_4_a_wrong_werera_choice_is_answered_by_the_reply_that_refutes_it(client, player):
    puzzle = PuzzleFactory(line=WERERA_SLOWER)
    open_puzzle(client, puzzle)
    wrong = heard(move(client, puzzle, "a4a5", **HTMX).content.decode())
    assert "If Black waits, the werera goes on: medeq to a5 wins nothing this round (R5.4)." in wrong
    assert Attempt.objects.get().solved is False


def test_r5_3_a_werera_capture_that_wins_too_little_is_told_so(client, player):
    puzzle = PuzzleFactory(line=WERERA_ROUND)
    open_puzzle(client, puzzle)
    wrong = heard(move(client, puzzle, "d6e8", **HTMX).content.decode())
    assert "If Black waits, feres takes e8 is played but leaves you no clear gain (R5.3-R5.5)." in wrong


def test_r5_a_werera_puzzle_is_one_choice_shown_on_the_board(client, player):
    puzzle = PuzzleFactory(line=WERERA_ROUND, themes="werera mateIn1")
    page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    assert "White to choose in this werera round" in page and 'class="board board--live"' in page
    solved = move(client, puzzle, "d6b7", **HTMX).content.decode()
    assert "Solved!" in solved and 'data-square="b7" aria-label="b7, White feres, last move"' in solved
    assert "[feres]xb7#" in seen(solved) and "Werera round" in solved
    client.post(reverse("trainer:again", args=[puzzle.pk]))
    missed = move(client, puzzle, "d6f7", **HTMX).content.decode()
    assert (
        "is played but leaves you no clear gain" in missed
        and 'data-square="f7" aria-label="f7, White feres, last move"' in missed
    )
    step = client.get(reverse("trainer:puzzle", args=[puzzle.pk]) + "?step=1").content.decode()
    assert 'data-square="b7" aria-label="b7, White feres, last move"' in step


def test_a_hint_highlights_the_man_to_move_and_a_reload_keeps_it(client):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2")
    state = open_puzzle(client, puzzle)
    url = reverse("trainer:puzzle", args=[puzzle.pk])
    assert "is-hint" not in client.get(url + "?hint=1").content.decode()  # a GET shows no hint
    hint = {"token": state["token"], "ply": 0}
    page = client.post(reverse("trainer:hint", args=[puzzle.pk]), hint, **HTMX).content.decode()
    assert 'data-square="h1" aria-label="h1, White der, hint"' in page
    assert page.count("is-hint") == 1 and 'is-hint" data-square="h1"' in page
    reloaded = client.get(url).content.decode()
    assert reloaded.count("is-hint") == 1 and 'is-hint" data-square="h1"' in reloaded


def test_viewing_the_solution_counts_as_a_loss_and_plays_it_out(client, player):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2")
    open_puzzle(client, puzzle)
    answer = client.post(
        reverse("trainer:solution", args=[puzzle.pk]), {"token": current(client)["token"]}, **HTMX
    )
    page = answer.content.decode()
    assert answer.status_code == 200 and "Here is the solution." in page
    assert 'data-square="d8" aria-label="d8, White der, last move"' in page  # the line played to its end
    assert "1. [der]d1 [feres]f3 2. [der]d8#" in seen(page)
    attempt = Attempt.objects.get()
    assert attempt.rated and not attempt.solved
    step = client.get(reverse("trainer:puzzle", args=[puzzle.pk]) + "?step=1", **HTMX).content.decode()
    assert 'data-square="d1" aria-label="d1, White der, last move"' in step


def test_the_solution_is_not_shown_by_step_before_the_try_is_over(client):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2")
    open_puzzle(client, puzzle)
    page = client.get(reverse("trainer:puzzle", args=[puzzle.pk]) + "?step=3").content.decode()
    assert "d8#" not in seen(page) and 'data-square="h1" aria-label="h1, White der"' in page


def test_another_try_is_served_afresh_and_not_rated(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    move(client, puzzle, "c1c8")
    rating = PlayerRating.objects.get(user=player).rating
    client.post(reverse("trainer:again", args=[puzzle.pk]))
    assert current(client)["done"] is False
    page = move(client, puzzle, "c1c8", **HTMX).content.decode()
    assert "Not rated: only your first try at a puzzle counts." in page
    assert PlayerRating.objects.get(user=player).rating == rating and Attempt.objects.count() == 2


def test_anonymous_visitors_solve_unrated(client):
    puzzle = PuzzleFactory()
    client.get(reverse("trainer:train"))
    page = move(client, puzzle, "c1c8", **HTMX).content.decode()
    assert "Solved!" in page and "Log in</a> to get a puzzle rating" in page
    assert Attempt.objects.count() == 0 and client.session["trainer"]["results"] == {str(puzzle.pk): True}


def test_the_difficulty_is_kept_in_the_session(client):
    PuzzleFactory()
    answer = client.post(reverse("trainer:difficulty"), {"difficulty": "harder"})
    assert answer.status_code == 302 and client.session["trainer_page"]["difficulty"] == "harder"
    assert 'value="harder" selected' in client.get(reverse("trainer:train")).content.decode()
    assert client.post(reverse("trainer:difficulty"), {"difficulty": "impossible"}).status_code == 400
    assert client.session["trainer_page"]["difficulty"] == "harder"


# Bad input: a message, a 4xx, nothing changed, nothing rated twice


def test_moves_for_a_puzzle_not_served_are_refused(client, player):
    served, other = PuzzleFactory(), PuzzleFactory(line=LADDER)
    open_puzzle(client, served)
    before = snapshot(client)
    answer = move(client, other, "h1d1", **HTMX)
    assert answer.status_code == 409 and "was not served to you" in answer.content.decode()
    assert snapshot(client) == before


def test_a_forged_token_is_refused(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    before = snapshot(client)
    answer = move(client, puzzle, "c1c8", token="forged", **HTMX)
    assert answer.status_code == 409 and snapshot(client) == before


def test_a_repeated_submission_is_refused_and_rated_once(client, player):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2")
    open_puzzle(client, puzzle)
    token = current(client)["token"]
    assert move(client, puzzle, "h1d1", **HTMX).status_code == 200
    before = snapshot(client)
    again = move(client, puzzle, "h1d1", token=token, ply=0, **HTMX)
    assert again.status_code == 409 and "already taken" in again.content.decode()
    assert snapshot(client) == before
    move(client, puzzle, "d1d8")
    finished = snapshot(client)
    late = move(client, puzzle, "d1d8", token=token, ply=2, **HTMX)
    assert late.status_code == 409 and "This try is over" in late.content.decode()
    give_up = client.post(reverse("trainer:solution", args=[puzzle.pk]), {"token": token}, **HTMX)
    assert give_up.status_code == 409
    assert snapshot(client) == finished and Attempt.objects.count() == 1


def test_an_out_of_order_submission_is_refused(client, player):
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2")
    open_puzzle(client, puzzle)
    before = snapshot(client)
    answer = move(client, puzzle, "d1d8", ply=2, **HTMX)
    assert answer.status_code == 409 and snapshot(client) == before


def test_an_illegal_move_is_explained_and_changes_nothing(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    before = snapshot(client)
    answer = move(client, puzzle, "c1d3", **HTMX)
    text = answer.content.decode()
    assert answer.status_code == 400 and "A der cannot move from c1 to d3" in text
    assert 'class="board board--live"' in text  # the puzzle as it stands, still to solve
    assert snapshot(client) == before


def test_a_malformed_form_is_refused(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    before = snapshot(client)
    url = reverse("trainer:move", args=[puzzle.pk])
    for data in ({"move": "c1c8"}, {"move": "c1c8", "token": current(client)["token"], "ply": "x"}, {}):
        assert client.post(url, data, **HTMX).status_code == 400
    assert client.post(reverse("trainer:solution", args=[puzzle.pk]), {}, **HTMX).status_code == 400
    assert snapshot(client) == before


def test_a_tampered_puzzle_id_is_not_found(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    before = snapshot(client)
    missing = puzzle.pk + 1000
    answer = client.post(
        reverse("trainer:move", args=[missing]), {"move": "c1c8", "token": "x", "ply": 0}, **HTMX
    )
    assert answer.status_code == 404 and "There is no such puzzle." in answer.content.decode()
    assert client.post(reverse("trainer:solution", args=[missing]), {"token": "x"}).status_code == 404
    assert client.post(reverse("trainer:again", args=[missing])).status_code == 404
    assert client.get(reverse("trainer:puzzle", args=[missing])).status_code == 404
    assert snapshot(client) == before


def test_an_inactive_puzzle_is_not_served(client):
    puzzle = PuzzleFactory(active=False)
    assert client.get(reverse("trainer:puzzle", args=[puzzle.pk])).status_code == 404
    assert client.post(reverse("trainer:again", args=[puzzle.pk])).status_code == 404
    assert "There are no puzzles here yet" in client.get(reverse("trainer:train")).content.decode()


def test_get_never_plays_a_move(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    assert client.get(reverse("trainer:move", args=[puzzle.pk]), {"move": "c1c8"}).status_code == 405
    assert Attempt.objects.count() == 0


# Reports


def test_a_report_is_stored_for_the_curators_with_thanks(client, player):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    token = current(client)["token"]
    form = client.get(reverse("trainer:report", args=[puzzle.pk]), {"token": token}, **HTMX).content.decode()
    assert "There is a second solution" in form
    answer = client.post(
        reverse("trainer:report", args=[puzzle.pk]),
        {"reason": "second", "comment": "Rc7 mates too", "token": token},
        **HTMX,
    )
    assert answer.status_code == 200 and "Thank you for the report" in answer.content.decode()
    report = PuzzleReport.objects.get()
    assert (report.puzzle, report.user, report.reason, report.comment) == (
        puzzle,
        player,
        "second",
        "Rc7 mates too",
    )
    assert report.status == PuzzleReport.Status.OPEN
    again = client.post(
        reverse("trainer:report", args=[puzzle.pk]), {"reason": "other", "token": token}, **HTMX
    )
    assert "Thank you" in again.content.decode() and PuzzleReport.objects.count() == 1


def test_an_anonymous_report_has_no_user(client):
    puzzle = PuzzleFactory()
    page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    token = current(client)["token"]
    assert f'report/?token={quote(token)}"' in page  # the page sends its token along
    answer = client.post(reverse("trainer:report", args=[puzzle.pk]), {"reason": "wrong", "token": token})
    assert answer.status_code == 200 and "Thank you" in answer.content.decode()
    assert PuzzleReport.objects.get().user is None


def test_a_bad_report_is_refused(client):
    puzzle, never_given = PuzzleFactory(), PuzzleFactory(line=LADDER)
    open_puzzle(client, puzzle)
    token = current(client)["token"]
    url = reverse("trainer:report", args=[puzzle.pk])
    too_long = client.post(url, {"reason": "other", "comment": "x" * 501, "token": token})
    assert too_long.status_code == 400 and "at most 500 characters" in too_long.content.decode()
    assert client.post(url, {"reason": "spam", "token": token}).status_code == 400
    refused = client.post(
        reverse("trainer:report", args=[never_given.pk]), {"reason": "wrong", "token": token}
    )
    assert refused.status_code == 403
    assert client.post(url, {"reason": "wrong"}).status_code == 403  # no token: never given to this session
    assert (
        client.post(reverse("trainer:report", args=[puzzle.pk + 1000]), {"reason": "wrong"}).status_code
        == 404
    )
    assert PuzzleReport.objects.count() == 0


def test_the_report_form_offers_the_reasons_with_none_chosen_and_asks_for_one(client):
    puzzle = PuzzleFactory()
    open_puzzle(client, puzzle)
    token = current(client)["token"]
    url = reverse("trainer:report", args=[puzzle.pk])
    form = client.get(url, {"token": token}).content.decode()
    radios = re.findall(r'<input type="radio"[^>]*>', form)
    assert [re.search(r'value="([^"]*)"', radio)[1] for radio in radios] == ["wrong", "second", "other"]
    assert not any("checked" in radio for radio in radios)
    answer = client.post(url, {"comment": "Rc7 mates too", "token": token})
    text = answer.content.decode()
    assert answer.status_code == 400
    assert "Choose what is wrong: the solution, a second solution, or something else" in text
    assert "This field is required" not in text and "Rc7 mates too" in text  # the comment is kept
    assert PuzzleReport.objects.count() == 0


# Words


def test_every_theme_the_tagger_knows_has_a_name_and_a_description():
    assert set(themes.PREDICATES) <= set(THEME_NAMES) == set(THEME_DESCRIPTIONS)
    assert theme_name("bareKingTrap") == "Don't take the last piece" and theme_name("newTheme") == "newTheme"


def test_a_rating_change_adds_up_as_shown():
    assert rating_change(1500.0, 1512.4) == "1500 \u2192 1512 (+12)"
    assert rating_change(1500.6, 1492.2) == "1501 \u2192 1492 (\u22129)"
    assert rating_change(1500.0, 1500.2) == "1500 \u2192 1500 (+0)"


def test_reports_are_throttled_per_account(client, player, monkeypatch):
    from accounts import throttle
    from trainer.views import reporting

    monkeypatch.setattr(reporting, "REPORTS_PER_ACCOUNT", throttle.Rate(count=2, seconds=3600))
    puzzles = [PuzzleFactory(), PuzzleFactory(line=BLACK_LADDER), PuzzleFactory()]
    answers = []
    for puzzle in puzzles:
        token = open_puzzle(client, puzzle)["token"]
        data = {"reason": "other", "token": token}
        answers.append(client.post(reverse("trainer:report", args=[puzzle.pk]), data, **HTMX))
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert "so this one was not sent" in answers[-1].content.decode()
    assert PuzzleReport.objects.count() == 2


def test_reports_are_throttled_per_address(monkeypatch):
    from accounts import throttle
    from trainer.views import reporting

    monkeypatch.setattr(reporting, "REPORTS_PER_ADDRESS", throttle.Rate(count=1, seconds=3600))
    puzzle = PuzzleFactory()
    codes = []
    for address in ("192.0.2.1", "192.0.2.1", "192.0.2.2"):
        visitor = TrainerClient(REMOTE_ADDR=address)
        token = open_puzzle(visitor, puzzle)["token"]
        data = {"reason": "wrong", "token": token}
        codes.append(visitor.post(reverse("trainer:report", args=[puzzle.pk]), data).status_code)
    assert codes == [200, 429, 200]
    assert PuzzleReport.objects.count() == 2


# The rules beside the board, and moves in the site's notation


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (WERERA_ROUND, "The werera (R5) Round 5 of 20. White is quicker this round"),
        (WERERA, "The werera (R5) Round 8 of 20. Black is quicker this round"),
    ],
)
def test_r5_2_a_werera_puzzle_shows_its_round_and_quicker_side(client, line, words):
    page = client.get(reverse("trainer:puzzle", args=[PuzzleFactory(line=line).pk])).content.decode()
    assert words in heard(page)


def test_r7_4_a_puzzle_shows_the_count_of_each_lone_piece(client):
    page = client.get(reverse("trainer:puzzle", args=[PuzzleFactory(line=FERES_MATE).pk])).content.decode()
    assert "The count (R7.4) Black's lone fil: 2 of 7 counted moves made, 5 left" in heard(page)


def test_a_refutation_is_told_in_the_sites_notation(client, player):
    puzzle = PuzzleFactory(line=LADDER)
    open_puzzle(client, puzzle)
    page = move(client, puzzle, "h1h2", **HTMX).content.decode()
    assert "[der]xh2 takes the last piece: the bare negus is a draw (R7.3), even if it mates." in seen(page)
    assert "der takes h2 takes the last piece" in heard(page)
    assert not CHESS_LETTERS.search(seen(page))


def test_a_visitor_logs_in_from_a_puzzle_and_comes_back_to_it(client, learner):
    puzzle = PuzzleFactory()
    page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    link = f'href="/accounts/login/?next=/train/{puzzle.pk}/"'
    assert link in page
    answer = client.post(
        f"/accounts/login/?next=/train/{puzzle.pk}/",
        {"username": learner.username, "password": PASSWORD, "next": f"/train/{puzzle.pk}/"},
    )
    assert answer.status_code == 302 and answer["Location"] == f"/train/{puzzle.pk}/"
