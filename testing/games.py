"""Games played through the site as its players play them: started from the play page's form, joined by the
invitation link, moves and choices sent as the game page's forms send them."""

from django.test import Client
from django.urls import reverse

from senterej.play.models import Game


def start(
    client: Client, mode: str = "hotseat", colour: str = "white", level: str = "novice", **form: str
) -> Game:
    response = client.post(reverse("play"), {"mode": mode, "colour": colour, "level": level, **form})
    assert response.status_code == 302, response.content.decode()[:500]
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def online_pair(**form: str) -> tuple[Client, Client, Game]:
    """The host (White) and the guest (Black) of an online game the guest has joined."""
    host, guest = Client(), Client()
    game = start(host, mode="online", **form)
    assert guest.post(reverse("join", args=[game.invite_code])).status_code == 302
    game.refresh_from_db()
    return host, guest, game


def move(
    client: Client, game: Game, text: str, version: int | None = None, steps: int | None = None, **headers
):
    """Sends a move or werera choice drawn at the game's version and steps now (or those given)."""
    game.refresh_from_db()
    data = {
        "move": text,
        "version": game.version if version is None else version,
        "steps": len(game.steps) if steps is None else steps,
    }
    return client.post(reverse("game_move", args=[game.id]), data, **headers)
