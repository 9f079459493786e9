"""What the game page costs whatever its players' history: the list of moves drawn in Python is the markup the
template's loop drew (a row per round or move number, the played, dropped and waited told apart, each cell
a link to its step, the step looked at marked); a player's page reads the game with both players' accounts,
the session and the account, in three queries however many games either has played, and its poll as many."""

import pytest
from django.template import engines
from django.urls import reverse
from django.utils import translation

from play import services
from play.models import Game
from play.move_list import rows
from play.move_markup import draw_moves
from play.replay import timeline
from senterej.engine import BLACK, WHITE
from testing.factories import UserFactory
from testing.games import play_out

pytestmark = pytest.mark.django_db

BOTH = services.Seats(frozenset({WHITE, BLACK}))
#: The template's loop as `play/moves.html` drew the rows before.
LOOP = (
    "{% load i18n %}{% for row in move_rows %}"
    '<tr{% if ply in row.steps %} class="is-current"{% endif %}><th scope="row">'
    '<span aria-hidden="true">{{ row.label }}</span><span class="sr-only">{{ row.said }}</span></th>'
    "{% for cell in row.cells %}{% if cell %}"
    '<td class="moves__cell{% if cell.dropped %} moves__cell--dropped'
    '{% elif cell.waited %} moves__cell--waited{% endif %}">'
    '<a href="?ply={{ cell.step }}" hx-get="?ply={{ cell.step }}" hx-target="#game" hx-swap="outerHTML"'
    '{% if cell.step == ply %} aria-current="step"{% endif %}>{% if cell.waited %}'
    '<span class="san san--wait"><span class="sr-only">{% translate "waited" %}</span>'
    '<span aria-hidden="true">\u2014</span></span>{% else %}{{ cell.shown }}{% endif %}</a></td>'
    '{% elif forloop.first %}<td class="moves__cell"><span aria-hidden="true">\u2026</span></td>'
    '{% else %}<td class="moves__cell"></td>{% endif %}{% endfor %}</tr>'
    "{% if not forloop.last %}\n{% endif %}{% endfor %}"
)


def played(fen: str | None, *moves: str) -> Game:
    """A game on one device from `fen` (the start by default), with `moves` (werera choices two by two)."""
    game = services.start_game(mode=Game.Mode.HOTSEAT, **({"fen": fen} if fen else {}))
    for text in moves:
        game = services.submit_move(game_id=game.id, seats=BOTH, text=text, version=game.version)
    return game


def both_ways(game: Game, ply: int) -> tuple[str, str]:
    steps = timeline(game)
    looped = engines["django"].from_string(LOOP).render({"move_rows": rows(steps), "ply": ply})
    return looped, draw_moves(steps, ply)


@pytest.mark.parametrize(
    ("fen", "moves", "ply"),
    [
        # R5.3: Black's feres takes on d2 and is played alone, so White's feres to e6 is dropped; a wait too.
        (None, ("g1f3", "g8f6", "f3d4", "0000", "e2e3", "f6e4", "d4e6", "e4d2"), 2),
        (None, ("g1f3", "g8f6", "f3d4", "0000", "e2e3", "f6e4", "d4e6", "e4d2"), 0),
        ("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", ("h1d1", "h2f3", "d1d8"), 3),
        ("k7/8/1K6/8/8/8/7n/7R b - - 0 12 0/0", ("h2f3", "h1h8"), 1),
    ],
)
def test_the_rows_are_drawn_as_the_template_drew_them(fen, moves, ply):
    looped, drawn = both_ways(played(fen, *moves), ply)
    assert drawn == looped


def test_a_long_game_s_rows_in_slovak_too():
    game = play_out(services.start_game(mode=Game.Mode.HOTSEAT), 60)
    with translation.override("sk"):
        looped, drawn = both_ways(game, 17)
    assert drawn == looped and "Kolo" in drawn


def test_a_game_without_steps_has_no_rows():
    assert draw_moves([], 0) == ""


def online_game(white, black) -> Game:
    game = services.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=white)
    services.join(invite_code=game.invite_code, user=black)
    return play_out(Game.objects.get(pk=game.pk), 12)


@pytest.mark.parametrize("finished", [0, 30])
def test_a_player_s_page_reads_three_times_however_many_games_were_played(
    client, finished, django_assert_num_queries
):
    white, black = UserFactory(), UserFactory()
    for _ in range(finished):
        over = online_game(white, black)
        services.resign(game_id=over.id, seats=services.Seats(frozenset({WHITE})), version=over.version)
    game = online_game(white, black)
    client.force_login(white)
    page = reverse("game", args=[game.id])
    client.get(page)  # the player's presence written down, as the open page's first poll does
    with django_assert_num_queries(3):  # the game with both accounts, the session and the account
        response = client.get(page)
    assert response.status_code == 200
    text = response.content.decode()
    assert f"{white.username} (you)" in text and black.username in text
    with django_assert_num_queries(3):  # the poll: nothing new
        assert client.get(f"{page}?since={game.version}&away=0", HTTP_HX_REQUEST="true").status_code == 204


def test_on_one_device_the_page_reads_no_other_account(client, django_assert_num_queries):
    player = UserFactory()
    game = services.start_game(mode=Game.Mode.HOTSEAT, user=player)
    client.force_login(player)
    client.get(reverse("game", args=[game.id]))
    with django_assert_num_queries(3):  # the game, the session and the account
        assert client.get(reverse("game", args=[game.id])).status_code == 200


def test_the_page_links_to_its_own_game_s_actions_in_each_language(client):
    player = UserFactory()
    client.force_login(player)
    games = [services.start_game(mode=Game.Mode.HOTSEAT, user=player) for _ in range(2)]
    for game in games:
        for language in ("en", "sk"):
            with translation.override(language):
                page = client.get(reverse("game", args=[game.id])).content.decode()
                for view in ("game_move", "game_resign", "game_draw", "game_export"):
                    assert f'"{reverse(view, args=[game.id])}"' in page
                assert f'"{reverse("play")}"' in page
            assert "00000000-0000-0000-0000-000000000000" not in page
    assert str(games[0].id) not in client.get(reverse("game", args=[games[1].id])).content.decode()
