"""The addresses a game's page links to: the game's own and its actions', and the two that take no argument
(a new game, the analysis board). Each is reversed once per language with a stand-in key and kept in this
process, and a page puts its game's key in place of the stand-in: reversing the dozen of them again on every
page of every game cost more than the rest of its links."""

import uuid
from typing import Any

from django.core.signals import setting_changed
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

#: Each address by the name the game's templates give it, with the view's name: the game's own.
OF_THE_GAME = {
    "game": "game",
    "move": "game_move",
    "resign": "game_resign",
    "draw": "game_draw",
    "abort": "game_abort",
    "claim": "game_claim",
    "bot": "game_bot",
    "export": "game_export",
    "take_back": "game_take_back",
    "rematch": "game_rematch",
}
#: And those that take no argument.
PLAIN = {"play": "play", "analysis": "analysis:board"}
#: The key that stands for the game's in the addresses kept.
STAND_IN = str(uuid.UUID(int=0))

_KEPT: dict[tuple[str | None, str, str | None], tuple[dict[str, str], dict[str, str]]] = {}


def links(game_id: uuid.UUID) -> dict[str, str]:
    """The game's addresses in the active language, under the script's prefix and the active URLconf."""
    key = (get_language(), get_script_prefix(), get_urlconf())
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = (
            {name: reverse(view, args=[STAND_IN]) for name, view in OF_THE_GAME.items()},
            {name: reverse(view) for name, view in PLAIN.items()},
        )
    own, plain = found
    game = str(game_id)
    return {**{name: address.replace(STAND_IN, game) for name, address in own.items()}, **plain}


def _forget_links(**kwargs: Any) -> None:
    """Settings changed (a test's URLconf or languages): the addresses are reversed again."""
    _KEPT.clear()


setting_changed.connect(_forget_links)
