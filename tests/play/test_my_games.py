"""My games: the games a person plays, on every device; the session's games move to the account on sign-up
and log-in; the players named in pages and records; used and unknown invitations said in words."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from freezegun import freeze_time

from play import services
from play.models import Game
from play.seats import give_seats
from play.views.my_games import GAMES_PAGE
from senterej.engine import BLACK, WHITE
from testing.factories import PASSWORD
from testing.games import start
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db

MINE = reverse("my_games")


def resign(client: Client, game: Game) -> None:
    game.refresh_from_db()
    assert (
        client.post(
            reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"}
        ).status_code
        == 302
    )


def join(client: Client, game: Game) -> None:
    assert client.post(reverse("join", args=[game.invite_code])).status_code == 302


def listed(client: Client, query: str = "") -> str:
    response = client.get(MINE + query)
    assert response.status_code == 200
    return seen(response.content.decode())


def test_a_finished_game_is_listed_with_opponent_side_result_ending_mode_and_date(learner_client):
    game = start(learner_client, mode="bot", colour="white")
    resign(learner_client, game)
    text = listed(learner_client)
    game.refresh_from_db()
    assert "Against Novice (bot) Loss Resignation · you played White · a bot ·" in text
    assert date_format(game.created, "DATE_FORMAT") in text  # as the next test checks


@freeze_time("2026-12-01 14:30")
def test_the_date_is_in_each_languages_order(learner_client):
    start(learner_client, mode="bot", colour="black")
    assert "1 December 2026, 2:30 p.m." in listed(learner_client)
    with translation.override("sk"):
        text = seen(learner_client.get(reverse("my_games")).content.decode())
    assert "1. decembra 2026, 14:30" in text and "Hrá sa" in text
    assert "1 December 2026 · " in seen(learner_client.get(reverse("play")).content.decode())
    with translation.override("sk"):
        assert "1. decembra 2026 · " in seen(learner_client.get(reverse("play")).content.decode())


def test_the_games_follow_the_account_to_another_device(learner, log_in):
    first = log_in(learner)
    game = start(first, mode="online", colour="black")
    other_device = log_in(learner)
    text = listed(other_device)
    assert "Against nobody yet (the invitation is open) In play" in text
    assert reverse("game", args=[game.id]) in other_device.get(MINE).content.decode()


def test_another_persons_games_are_never_shown(learner_client, second_learner, log_in):
    game = start(learner_client, mode="bot")
    address = reverse("game", args=[game.id])
    assert address in learner_client.get(MINE).content.decode()
    for stranger in (log_in(second_learner), Client()):
        page = stranger.get(MINE).content.decode()
        assert address not in page and "No games yet." in page
        assert address not in stranger.get(reverse("play")).content.decode()


def test_the_filters_choose_by_state_opponent_and_result(learner, second_learner, log_in):
    host, guest = log_in(learner), log_in(second_learner)
    lost_to_bot = start(host, mode="bot")
    resign(host, lost_to_bot)
    won_online = start(host, mode="online", colour="white")
    join(guest, won_online)
    resign(guest, won_online)
    drawn_online = start(host, mode="online", colour="black")
    join(guest, drawn_online)
    for player in (guest, host):
        drawn_online.refresh_from_db()
        host_or_guest = player.post(
            reverse("game_draw", args=[drawn_online.id]), {"version": drawn_online.version}
        )
        assert host_or_guest.status_code == 302
    ongoing_here = start(host, mode="hotseat")

    def ids(query: str, client: Client = host) -> set[str]:
        page = client.get(MINE + query).content.decode()
        games = (lost_to_bot, won_online, drawn_online, ongoing_here)
        return {
            name for name, game in zip("LWDO", games, strict=True) if reverse("game", args=[game.id]) in page
        }

    assert ids("") == set("LWDO")
    assert ids("?state=ongoing") == {"O"}
    assert ids("?state=finished") == set("LWD")
    assert ids("?opponent=bot") == {"L"}
    assert ids("?opponent=online") == {"W", "D"}
    assert ids("?opponent=hotseat") == {"O"}
    assert ids("?result=win") == {"W"}
    assert ids("?result=loss") == {"L"}
    assert ids("?result=draw") == {"D"}
    assert ids("?state=finished&opponent=online&result=win") == {"W"}
    assert ids("?result=loss", guest) == {"W"}  # the same game is the guest's loss
    assert ids("?result=win", guest) == set()
    assert "Win" in listed(host, "?result=win") and "Loss" in listed(guest, "?result=loss")


def test_a_bad_filter_is_refused_with_the_reason_and_the_games_still_listed(learner_client):
    game = start(learner_client)
    response = learner_client.get(MINE + "?result=everything&page=x")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Choose one of the options in the list." in page and reverse("game", args=[game.id]) in page


def test_the_games_are_paginated_newest_first_keeping_the_filters(learner, learner_client):
    games = [services.start_game(mode=Game.Mode.HOTSEAT, user=learner) for _ in range(21)]
    first = learner_client.get(MINE + "?opponent=hotseat").content.decode()
    assert "page 1 Older" in seen(first) and "?opponent=hotseat&amp;page=2" in first
    second = learner_client.get(MINE + "?opponent=hotseat&page=2").content.decode()
    addresses = [reverse("game", args=[game.id]) for game in games]
    assert addresses[0] in second and addresses[-1] in first and addresses[0] not in first


def test_a_visitor_sees_the_sessions_games_and_is_asked_to_sign_up_to_keep_them(client):
    game = start(client, mode="bot")
    page = client.get(MINE).content.decode()
    assert reverse("game", args=[game.id]) in page
    assert f'href="{reverse("signup")}?next=%2Fplay%2Fmine%2F"' in page
    assert "to keep them: they will join your account and follow you on every device." in seen(page)


def test_the_sessions_games_move_to_the_account_on_sign_up(client):
    against_bot = start(client, mode="bot", colour="black")
    here = start(client, mode="hotseat")
    online = start(client, mode="online", colour="white")
    data = {"username": "almaz", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post(reverse("signup"), data).status_code == 302
    for game in (against_bot, here, online):
        game.refresh_from_db()
    assert (against_bot.white_user, against_bot.black_user.username) == (
        None,
        "almaz",
    )  # never the bot's seat
    assert here.white_user.username == here.black_user.username == "almaz"
    assert (online.white_user.username, online.black_user) == ("almaz", None)  # the guest's seat stays free
    other_device = Client()
    other_device.post(reverse("login"), {"username": "almaz", "password": PASSWORD})
    text = listed(other_device)
    assert "Against Novice (bot) In play" in text and "you played both" in text


def test_a_guests_game_moves_to_the_account_on_log_in_and_shows_its_name(learner_client, second_learner):
    game = start(learner_client, mode="online", colour="white")
    guest = Client()
    join(guest, game)
    assert "tirunesh Guest" not in seen(learner_client.get(reverse("game", args=[game.id])).content.decode())
    assert "Guest" in seen(learner_client.get(reverse("game", args=[game.id])).content.decode())
    guest.post(reverse("login"), {"username": second_learner.username, "password": PASSWORD})
    game.refresh_from_db()
    assert (game.white_user.username, game.black_user) == ("tirunesh", second_learner)
    page = seen(learner_client.get(reverse("game", args=[game.id])).content.decode())
    assert "White tirunesh (you)" in page and "Black abebe" in page


def test_logging_in_never_gives_one_account_both_seats_of_an_online_game(learner, learner_client):
    game = start(learner_client, mode="online", colour="white")
    guest = Client()
    join(guest, game)  # the same person, in a private window
    guest.post(reverse("login"), {"username": learner.username, "password": PASSWORD})
    game.refresh_from_db()
    assert (game.white_user, game.black_user) == (learner, None)


def test_a_seat_moves_only_where_it_has_no_user_and_both_when_both_were_held(learner, second_learner):
    game = services.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=second_learner)
    give_seats(learner, {str(game.id): [game.white_token, game.black_token]})
    game.refresh_from_db()
    assert (game.white_user, game.black_user) == (second_learner, learner)
    anonymous = services.start_game(mode=Game.Mode.ONLINE, human=BLACK)
    give_seats(learner, {str(anonymous.id): [anonymous.white_token, anonymous.black_token]})
    anonymous.refresh_from_db()
    assert anonymous.white_user == anonymous.black_user == learner


def test_the_record_names_the_players_by_username_and_the_bot_by_level(learner, second_learner, log_in):
    host, guest = log_in(learner), log_in(second_learner)
    online = start(host, mode="online", colour="black")
    join(guest, online)
    for client in (host, guest):
        text = client.get(reverse("game_export", args=[online.id])).content.decode()
        assert '[White "abebe"]' in text and '[Black "tirunesh"]' in text
    against_bot = start(host, mode="bot", colour="white", level="club")
    text = host.get(reverse("game_export", args=[against_bot.id])).content.decode()
    assert '[White "tirunesh"]' in text and '[Black "Club player (bot)"]' in text
    page = seen(host.get(reverse("game", args=[against_bot.id])).content.decode())
    assert "White tirunesh (you) Black Club player (bot)" in page


def test_on_one_device_without_an_account_the_players_are_on_this_device(client, learner_client):
    game = start(client)
    text = client.get(reverse("game_export", args=[game.id])).content.decode()
    assert '[White "Player on this device"]' in text and '[Black "Player on this device"]' in text
    own = start(learner_client)
    text = learner_client.get(reverse("game_export", args=[own.id])).content.decode()
    assert '[White "tirunesh"]' in text and '[Black "tirunesh"]' in text


def test_an_open_invitation_has_no_name_in_the_record_and_a_guest_is_a_guest(client):
    game = start(client, mode="online", colour="white")
    text = client.get(reverse("game_export", args=[game.id])).content.decode()
    assert '[White "Guest"]' in text and '[Black "?"]' in text
    assert "Waiting for your friend" in seen(client.get(reverse("game", args=[game.id])).content.decode())


def test_an_imported_game_keeps_and_shows_the_records_names(client):
    game = start(client)
    record = client.get(reverse("game_export", args=[game.id])).content.decode()
    record = record.replace('[White "Player on this device"]', '[White "Kebede Michael"]')
    record = record.replace('[Black "Player on this device"]', '[Black "Zewdu \\"Z\\" Tadesse"]')
    response = client.post(reverse("import"), {"record": record})
    assert response.status_code == 302
    page = seen(client.get(response.url).content.decode())
    assert 'White Kebede Michael Black Zewdu "Z" Tadesse' in page
    imported = Game.objects.get(mode=Game.Mode.IMPORTED)
    again = client.get(reverse("game_export", args=[imported.id])).content.decode()
    assert '[White "Kebede Michael"]' in again and '[Black "Zewdu \\"Z\\" Tadesse"]' in again


def test_a_used_invitation_says_so_with_the_ways_on(learner_client, second_learner, log_in):
    game = start(learner_client, mode="online")
    join(log_in(second_learner), game)
    for method in ("get", "post"):
        response = getattr(Client(), method)(reverse("join", args=[game.invite_code]))
        assert response.status_code == 410
        page = response.content.decode()
        assert "This invitation has already been used" in page
        assert f'href="{reverse("play")}"' in page and f'href="{MINE}"' in page
        assert "abebe" not in page and "tirunesh" not in page  # who joined is not told
    # the inviter opening their own link still goes to the game
    response = learner_client.get(reverse("join", args=[game.invite_code]))
    assert response.status_code == 302 and response.url == reverse("game", args=[game.id])


def test_an_unknown_invitation_is_not_found_in_words(client):
    response = client.get(reverse("join", args=["no-such-code"]))
    assert response.status_code == 404
    page = response.content.decode()
    assert "There is no such invitation" in page and f'href="{MINE}"' in page


def test_r5_1_my_games_never_shows_a_pending_werera_choice(learner, second_learner, log_in):
    host, guest = log_in(learner), log_in(second_learner)
    game = start(host, mode="online", colour="white")
    join(guest, game)
    game.refresh_from_db()
    assert (
        host.post(reverse("game_move", args=[game.id]), {"move": "b1c3", "version": game.version}).status_code
        == 302
    )
    game.refresh_from_db()
    assert game.white_choice == "b1c3"
    for client in (guest, host):
        for address in (MINE, MINE + "?state=ongoing", reverse("play")):
            text = client.get(address).content.decode()
            assert (
                "b1c3" not in text
                and "Nc3" not in text
                and "c3" not in seen(text)
                and "c3" not in heard(text)
            )


def many_games(user, count: int) -> list[Game]:
    """`count` finished and ongoing games of the user's, made at once: against a bot (won by resignation),
    a friend online (lost on time) and a friend on this device (still going), in turn."""
    kinds = [
        {
            "mode": Game.Mode.BOT,
            "bot_level": "novice",
            "bot_colour": "black",
            "status": "resignation",
            "result": "1-0",
        },
        {
            "mode": Game.Mode.ONLINE,
            "guest_colour": "black",
            "joined": True,
            "status": "time forfeit",
            "result": "0-1",
        },
        {"mode": Game.Mode.HOTSEAT, "black_user": user},
    ]
    return Game.objects.bulk_create(Game(white_user=user, **kinds[number % 3]) for number in range(count))


def newest_first(games: list[Game]) -> list[Game]:
    """The games changed one minute apart, the last one made the newest (bulk_create stamps them all now)."""
    for minutes, game in enumerate(reversed(games)):
        Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(minutes=minutes))
    return list(reversed(games))


def shown(page: str, games: list[Game]) -> list[int]:
    return [number for number, game in enumerate(games) if reverse("game", args=[game.id]) in page]


@pytest.mark.parametrize("count", [10, 1000])
def test_my_games_reads_as_much_for_a_thousand_games_as_for_ten(
    client, learner, count, django_assert_num_queries
):
    many_games(learner, count)
    client.force_login(learner)
    own = start(client, mode="hotseat")  # and a game whose seats the session holds, by their tokens
    # The session, the account, and the page's games (both seats' indexes merged) in one statement.
    with django_assert_num_queries(3) as queries:
        page = client.get(MINE)
    assert not any('"steps"' in query["sql"] for query in queries.captured_queries)  # nor their moves
    text = page.content.decode()
    assert page.status_code == 200 and text.count('class="my-games__game"') == min(count + 1, GAMES_PAGE)
    assert reverse("game", args=[own.id]) in text
    if count > GAMES_PAGE:
        assert "page 1 Older" in seen(text)
    listed_text = seen(text)
    assert "Against Novice (bot) Win Resignation · you played White · a bot ·" in listed_text
    assert "Against Guest Loss Time ran out · you played White · a friend online ·" in listed_text
    assert "Against a friend on this device In play you played both sides · a friend on this device ·" in (
        listed_text
    )


def test_page_two_shows_the_next_games_newest_first(learner_client, learner):
    games = newest_first(many_games(learner, 2 * GAMES_PAGE + 5))
    pages = [learner_client.get(MINE, {"page": number}).content.decode() for number in (1, 2, 3)]
    assert shown(pages[0], games) == list(range(GAMES_PAGE))
    assert shown(pages[1], games) == list(range(GAMES_PAGE, 2 * GAMES_PAGE))
    assert shown(pages[2], games) == list(range(2 * GAMES_PAGE, 2 * GAMES_PAGE + 5))
    nav = seen(pages[1])
    assert "Newer page 2 Older" in nav
    assert 'href="?page=1"' in pages[1] and 'href="?page=3"' in pages[1]
    slovak = seen(learner_client.get(f"/sk{MINE}", {"page": 2}).content.decode())
    assert "Novšie stránka 2 Staršie" in slovak


@pytest.mark.parametrize(
    ("number", "page_shown"),
    [
        ("0", 1),
        ("-1", 1),
        ("3", 3),
        ("4", 1),
        ("999999999999999999999", 1),
        ("x", 1),
        ("1.5", 1),
        ("", 1),
        ("２", 1),
        ("9" * 5000, 1),
    ],
)
def test_a_page_past_the_end_or_not_a_number_shows_the_first(learner_client, learner, number, page_shown):
    games = newest_first(many_games(learner, 2 * GAMES_PAGE + 5))
    response = learner_client.get(MINE, {"page": number})
    assert response.status_code == 200
    text = response.content.decode()
    assert f"page {page_shown}" in seen(text)
    first = (page_shown - 1) * GAMES_PAGE
    assert shown(text, games) == list(range(first, min(first + GAMES_PAGE, len(games))))


def filters(page: str) -> str:
    return page[page.index('<form class="my-games__filters"') :].split("</form>")[0]


def test_the_filters_are_drawn_with_the_choice_made_in_each_language(learner_client):
    query = "?state=finished&opponent=bot"
    first, again = (filters(learner_client.get(MINE + query).content.decode()) for _ in range(2))
    assert first == again
    assert '<option value="finished" selected>' in first and '<option value="bot" selected>' in first
    assert '<option value="" selected>Any</option>' in first  # the result, not chosen
    slovak = filters(learner_client.get(f"/sk{MINE}{query}").content.decode())
    assert '<option value="finished" selected>Skončené</option>' in slovak
    refused = learner_client.get(MINE + "?state=finished&opponent=nobody").content.decode()
    assert (
        '<option value="finished" selected>' in refused
        and "Choose one of the options in the list." in refused
    )
