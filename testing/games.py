"""Games played through the site as its players play them: started from the play page's form, joined by the
invitation link, moves and choices sent as the game page's forms send them; and games played out through the
site's own services for tests that need many steps (seeded choices, quiet moves before captures, so that the
game goes on long enough)."""

import random

from django.http.response import HttpResponseBase
from django.test import Client
from django.urls import reverse

from play import services
from play.models import Game
from play.replay import replay
from senterej.engine import BLACK, WHITE
from senterej.engine.notation import coordinate
from senterej.engine.position import WAIT

# The start position with the werera over (R4): White to move, turn by turn.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def seated(client: Client, game: Game, *tokens: str) -> Game:
    """The client's session holds the game's seats of these tokens, as a player's does."""
    session = client.session
    session["seats"] = {**session.get("seats", {}), str(game.id): list(tokens)}
    session.save()
    return game


def bot_game(client: Client, fen: str = TURNS, human: int = WHITE) -> Game:
    """A game against the Beginner, the client seated as its human side."""
    game = services.start_game(mode=Game.Mode.BOT, human=human, bot_level="beginner", fen=fen)
    return seated(client, game, game.white_token if human == WHITE else game.black_token)


def post(client: Client, name: str, game: Game, **data: str) -> HttpResponseBase:
    """Sends one of a game page's forms (`name` is the action's url), drawn at the game's version now."""
    game.refresh_from_db()
    return client.post(reverse(name, args=[game.id]), {"version": game.version, **data})


def resign(client: Client, game: Game) -> None:
    assert post(client, "game_resign", game, confirmed="1").status_code == 302


def play(client: Client, game: Game, text: str) -> HttpResponseBase:
    return post(client, "game_move", game, move=text)


def start(
    client: Client, mode: str = "hotseat", colour: str = "white", level: str = "novice", **form: str
) -> Game:
    response = client.post(reverse("play"), {"mode": mode, "colour": colour, "level": level, **form})
    assert response.status_code == 302, response.content.decode()[:500]
    return Game.objects.get(pk=response["Location"].rstrip("/").split("/")[-1])


def online_pair(**form: str) -> tuple[Client, Client, Game]:
    """The host (White) and the guest (Black) of an online game the guest has joined."""
    host, guest = Client(), Client()
    game = start(host, mode="online", **form)
    assert (
        reverse("join", args=[game.invite_code]) in host.get(reverse("game", args=[game.id])).content.decode()
    )
    assert guest.post(reverse("join", args=[game.invite_code])).status_code == 302
    game.refresh_from_db()
    return host, guest, game


def move(
    client: Client,
    game: Game,
    text: str,
    version: int | None = None,
    steps: int | None = None,
) -> HttpResponseBase:
    """Sends a move or werera choice drawn at the game's version now (or the one given) and, if given, at
    so many steps (a werera choice's round: R5.1)."""
    game.refresh_from_db()
    data = {"move": text, "version": game.version if version is None else version}
    if steps is not None:
        data["steps"] = steps
    return client.post(reverse("game_move", args=[game.id]), data)


def snapshot(game: Game) -> tuple[object, ...]:
    """What a refused request must leave as it was."""
    game.refresh_from_db()
    return (game.steps, game.fen, game.white_choice, game.black_choice, game.status, game.version)


def play_out(game: Game, steps: int, seed: int = 1) -> Game:
    """Plays `game` on until it has `steps` steps: werera rounds of a choice each (now and then a wait), then
    moves in turn; each through `services.submit_move` for the side whose seat it is."""
    rng = random.Random(seed)
    while len(game.steps) < steps:
        played = replay(game)
        assert not played.is_over, f"the game ended after {len(game.steps)} steps"
        if played.in_werera:
            for side in (WHITE, BLACK):
                moves = sorted(played.position.legal_moves(side))
                choice = WAIT if rng.random() < 0.2 else rng.choice(moves)
                game = _submit(game, side, "0000" if choice == WAIT else coordinate(choice))
        else:
            turn = played.position.turn
            assert turn is not None
            moves = sorted(played.position.legal_moves())
            quiet = [move for move in moves if not played.position.is_capture(move)]
            game = _submit(game, turn, coordinate(rng.choice(quiet or moves)))
    return game


def _submit(game: Game, side: int, text: str) -> Game:
    return services.submit_move(
        game_id=game.id,
        seats=services.Seats(frozenset({side})),
        text=text,
        version=game.version,
        steps=len(game.steps),
    )
