"""The game page's list of moves in two columns: a row per werera round with both choices, the dropped and the
waited told from the played (R5.10), a row per move number (R9.2), the current step marked; the tab's title
that says "Your move", and the sound the page's script is told of the last step."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from play import services
from play.models import Game
from play.move_list import last_sound, rows
from play.replay import timeline
from senterej.engine import BLACK, WHITE
from testing.games import play_out
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db

BOTH = services.Seats(frozenset({WHITE, BLACK}))


def played(fen: str | None, *moves: str) -> Game:
    """A game on one device from `fen` (the start by default), with `moves` (werera choices two by two)."""
    game = services.start_game(mode=Game.Mode.HOTSEAT, **({"fen": fen} if fen else {}))
    for text in moves:
        game = services.submit_move(game_id=game.id, seats=BOTH, text=text, version=game.version)
    return game


def listed(game: Game) -> list[tuple[str, str, str, str]]:
    """Each row as (label, said, White's cell, Black's cell), each cell as it is seen, with its step."""

    def cell(found) -> str:
        if found is None:
            return ""
        mark = " dropped" if found.dropped else " waited" if found.waited else ""
        return f"{seen(found.shown)} @{found.step}{mark}"

    return [(row.label, row.said, cell(row.white), cell(row.black)) for row in rows(timeline(game))]


def seated(game: Game, *sides: int) -> Client:
    client = Client()
    session = client.session
    session["seats"] = {
        str(game.id): [game.white_token if side == WHITE else game.black_token for side in sides]
    }
    session.save()
    return client


def move_list(page: str) -> str:
    start = page.index('<section class="moves"')
    return page[start : page.index("</section>", start)]


def test_r5_10_a_round_is_one_row_with_both_choices_a_dropped_one_and_a_wait_told_apart():
    # R5.3: Black's feres takes on d2 and is played alone, so White's feres to e6 is dropped.
    game = played(None, "g1f3", "g8f6", "f3d4", "0000", "e2e3", "f6e4", "d4e6", "e4d2")
    assert listed(game)[:4] == [
        ("W1", "Round 1", "[feres]f3 @1", "[feres]f6 @1"),
        ("W2", "Round 2", "[feres]d4 @2", "\u2014 @2 waited"),
        ("W3", "Round 3", "e3 @3", "[feres]e4 @3"),
        ("W4", "Round 4", "[feres]e6+ @4 dropped", "[feres]xd2 @4"),
    ]
    page = move_list(seated(game, WHITE, BLACK).get(reverse("game", args=[game.id])).content.decode())
    assert seen(page) == (
        "Moves Sounds White Black W1 [feres]f3 [feres]f6 W2 [feres]d4 \u2014 W3 e3 [feres]e4 "
        "W4 [feres]e6+ [feres]xd2"
    )
    said = heard(page)
    assert "Round 2 feres to d4 waited" in said
    assert "Round 4 feres to e6, check, dropped feres takes d2" in said
    assert page.count("moves__cell--dropped") == 1 and page.count("moves__cell--waited") == 1


def test_r9_2_moves_after_the_werera_share_a_row_by_number():
    game = played("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1d1", "h2f3", "d1d8")
    assert listed(game) == [
        ("1.", "Move 1", "[der]d1 @1", "[feres]f3 @2"),
        ("2.", "Move 2", "[der]d8# @3", ""),
    ]


def test_r9_2_a_game_that_starts_with_black_to_move_leaves_white_s_first_cell_empty():
    game = played("k7/8/1K6/8/8/8/7n/7R b - - 0 12 0/0", "h2f3", "h1h8")
    assert listed(game) == [("12.", "Move 12", "", "[feres]f3 @1"), ("13.", "Move 13", "[der]h8# @2", "")]
    page = move_list(seated(game, WHITE, BLACK).get(reverse("game", args=[game.id])).content.decode())
    assert "12. \u2026 [feres]f3 13. [der]h8#" in seen(page)
    assert "Move 12 feres to f3 Move 13 der to h8" in heard(page)


def test_r5_7_after_a_check_ends_the_werera_black_s_first_move_has_a_row_of_its_own():
    game = played(None, "g1f3", "0000", "f3d4", "0000", "d4e6", "0000", "f7e6")
    assert listed(game)[2:] == [
        ("W3", "Round 3", "[feres]e6+ @3", "\u2014 @3 waited"),
        ("1.", "Move 1", "", "fxe6 @4"),
    ]


def test_the_step_looked_at_is_marked_current_in_its_cells_only():
    game = played(None, "g1f3", "g8f6", "f3d4", "0000")
    client = seated(game, WHITE, BLACK)
    url = reverse("game", args=[game.id])
    page = move_list(client.get(url + "?ply=1").content.decode())
    current = re.findall(r'<a href="\?ply=(\d+)"[^>]*aria-current="step"', page)
    assert current == ["1", "1"]  # both choices of round 1
    assert page.count('class="is-current"') == 1
    latest = move_list(client.get(url, HTTP_HX_REQUEST="true").content.decode())
    assert re.findall(r'<a href="\?ply=(\d+)"[^>]*aria-current="step"', latest) == ["2", "2"]
    assert 'hx-get="?ply=1" hx-target="#game"' in latest  # every cell a link to its step
    start = move_list(client.get(url + "?ply=0").content.decode())
    assert "aria-current" not in start


def test_a_long_game_lists_every_step():
    game = play_out(services.start_game(mode=Game.Mode.HOTSEAT), 50)
    found = rows(timeline(game))
    rounds = sum(1 for step in game.steps if step["kind"] == "round")
    moves = len(game.steps) - rounds
    assert len(found) == rounds + (moves + 1) // 2  # the werera ends with White to move (R5.7, R5.9)
    assert sorted(step for row in found for step in row.steps) == list(range(1, 51))


def title(client: Client, game: Game, query: str = "", **headers) -> str:
    page = client.get(reverse("game", args=[game.id]) + query, **headers).content.decode()
    found = re.search(r'data-title="([^"]*)"', page)
    assert found is not None
    if not headers:
        full = re.search(r"<title>([^<]*)</title>", page)
        assert full is not None and full[1] == found[1]
    return found[1]


def test_the_title_says_your_move_while_the_person_looking_can_move_or_choose():
    game = services.start_game(mode=Game.Mode.ONLINE)
    game = services.join(invite_code=game.invite_code)
    white, black = seated(game, WHITE), seated(game, BLACK)
    your_move = "Your move \u00b7 Game \u00b7 Senterej school"
    assert title(white, game) == title(black, game) == your_move  # both choose in the werera (R5.1)
    game = services.submit_move(
        game_id=game.id, seats=services.Seats(frozenset({WHITE})), text="e2e3", version=game.version
    )
    assert title(white, game) == "Game \u00b7 Senterej school"  # chosen: waiting for Black's choice
    assert title(black, game, HTTP_HX_REQUEST="true") == your_move
    with translation.override("sk"):
        assert title(black, game).startswith("Tvoj ťah · ")
    assert title(black, game, "?ply=0") == your_move  # looking back, the game still waits for them


def test_r5_1_what_the_page_tells_its_script_says_nothing_of_the_opponent_s_hidden_choice():
    game = services.start_game(mode=Game.Mode.ONLINE)
    game = services.join(invite_code=game.invite_code)
    black = seated(game, BLACK)

    def told() -> list[str]:
        page = black.get(reverse("game", args=[game.id]), HTTP_HX_REQUEST="true").content.decode()
        return re.findall(r'data-(?:title|steps|sound)="[^"]*"', page)

    before = told()
    game = services.submit_move(
        game_id=game.id, seats=services.Seats(frozenset({WHITE})), text="e2e3", version=game.version
    )
    assert (
        told()
        == before
        == ['data-title="Your move \u00b7 Game \u00b7 Senterej school"', 'data-steps="0"', 'data-sound=""']
    )


def test_the_title_says_nothing_of_a_move_on_one_device_nor_after_the_end():
    game = played("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0")
    client = seated(game, WHITE, BLACK)
    assert title(client, game) == "Game \u00b7 Senterej school"
    game = services.resign(game_id=game.id, seats=BOTH, version=game.version)
    assert title(client, game) == "Game \u00b7 Senterej school"


@pytest.mark.parametrize(
    ("moves", "sound"),
    [
        ((), ""),
        (("g1f3", "g8f6"), "round"),
        (("g1f3", "g8f6", "0000", "0000"), "round"),
    ],
)
def test_the_sound_of_a_werera_round(moves, sound):
    assert last_sound(played(None, *moves)) == sound


@pytest.mark.parametrize(
    ("moves", "sound"),
    [(("h1g1",), "move"), (("h1h2",), "capture"), (("b1b8",), "check")],
)
def test_the_sound_of_the_last_move(moves, sound):
    game = played("k7/8/2K5/8/8/8/7n/1R5R w - - 0 1 0/0", *moves)
    assert last_sound(game) == sound
    page = seated(game, WHITE, BLACK).get(reverse("game", args=[game.id])).content.decode()
    assert f'data-steps="1" data-sound="{sound}"' in page
