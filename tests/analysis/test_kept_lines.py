"""The analysis board keeps each address's steps played out (its line) in the cache: the next step's page
plays that step alone from the line shown before it, stepping along a line shown plays nothing, and the
answers are the engine's as when every step is played from the start. A tampered or illegal address is
refused as before, in the same words."""

from collections import Counter

import pytest
from django.core.cache import cache
from django.http import QueryDict
from django.urls import reverse

from analysis import steps
from analysis.address import Address, AddressError, read
from analysis.steps import seen_keys, tried, walk
from analysis.views import page_url, step_urls
from senterej.engine import game as rules

BOARD = reverse("analysis:board")
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
#: Ten werera rounds, the last a capture (Black's fil takes on h2) that ends the werera, then thirty moves.
ROUNDS = "b1c3:g8f6,c3b1:h8g8,c1e3:f8h6,e3g5:h6f4,b1c3:e7e6,c3b5:e6e5,g2g3:g8f8,c2c3:c8a6,e2e3:f8h8,a2a3:f4h2"
MOVES = (
    "g1e2,d8c8,g5e7,d7d6,f1h3,e8d7,e7g5,h8g8,b5a3,d6d5,a3b1,a6c4,h3f5,c8d8,e2f4,"
    "c4e2,f4d3,f6h5,h1h2,d5d4,g5e7,g8h8,b2b3,d4c3,d3b2,h8e8,e3e4,e8f8,f2f3,f8h8"
)
FORTY = f"rounds={ROUNDS}&moves={MOVES}"
SHUFFLE = "g1f3,g8f6,f3g1,f6g8"
REPEATED = f"fen={TURNS}&moves={SHUFFLE},{SHUFFLE}"
MATED = "fen=k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0&moves=e1d2,h5g3,d2e1,g3h5,c1c8"


def address(query: str) -> Address:
    return read(QueryDict(query))


def upto(query: str, steps: int) -> str:
    return address(query).upto(steps).query()


@pytest.fixture
def played(monkeypatch):
    """The steps the rules play, counted: `played.count` since the last `played.reset()`."""

    class Counted:
        count = 0

        def reset(self) -> None:
            self.count = 0

    counted = Counted()
    step = steps._step

    def counting(*args, **kwargs):
        counted.count += 1
        return step(*args, **kwargs)

    monkeypatch.setattr(steps, "_step", counting)
    return counted


def engine_at(query: str, shown: int) -> rules.Game:
    """The engine's own game after the first `shown` steps of the address, played from its start."""
    read_ = address(query)
    game = rules.Game(read_.fen)
    for choice in [*read_.rounds, *read_.moves][:shown]:
        if isinstance(choice, tuple):
            game.play_round(*choice)
        else:
            game.play(choice)
    return game


def assert_the_engines(state, query: str) -> None:
    game = engine_at(query, state.address.shown)
    assert state.position.fen() == game.position.fen()
    assert state.judgement == game.judgement
    assert Counter(state.seen) == Counter(game.seen)


def assert_same(kept, cold) -> None:
    assert kept.steps == cold.steps and kept.address == cold.address
    assert kept.position.fen() == cold.position.fen() and kept.judgement == cold.judgement
    assert kept.chooser == cold.chooser and seen_keys(kept) == seen_keys(cold)


def cold_walk(query: str):
    cache.clear()
    return walk(address(query))


def refusal(query: str) -> str:
    with pytest.raises(AddressError) as refused:
        walk(address(query))
    return refused.value.message


def test_the_next_steps_page_plays_that_step_alone(client, db, played):
    # R5.3, R5.7: the line's tenth round is a capture that ends the werera; the moves alternate after it
    parent = upto(FORTY, 39)
    assert client.get(f"{BOARD}?{parent}").status_code == 200
    assert played.count == 39
    played.reset()
    page = client.get(f"{BOARD}?{FORTY}")
    assert page.status_code == 200 and played.count == 1
    assert_the_engines(page.context["state"], FORTY)


def test_stepping_along_a_line_shown_plays_nothing(client, db, played):
    client.get(f"{BOARD}?{FORTY}")
    played.reset()
    for shown in (0, 1, 10, 11, 25, 39):
        page = client.get(f"{BOARD}?{FORTY}&at={shown}")
        assert page.status_code == 200 and page.context["state"].address.shown == shown
    assert played.count == 0


def test_a_move_tried_before_the_end_of_a_line_plays_that_move_alone(client, db, played):
    client.get(f"{BOARD}?{FORTY}")
    played.reset()
    tried_at_20 = client.get(BOARD, {**QueryDict(FORTY).dict(), "at": "20", "move": "a3b5"})
    assert tried_at_20.status_code == 302 and played.count == 0
    page = client.get(tried_at_20["Location"])
    assert page.status_code == 200 and played.count == 1
    assert page.context["state"].address.length == 21
    played.reset()
    fragment = client.get(
        BOARD, {**QueryDict(FORTY).dict(), "at": "30", "move": "d3f4"}, HTTP_HX_REQUEST="true"
    )
    assert fragment.status_code == 200 and played.count == 1


def test_r5_1_blacks_choice_after_whites_plays_the_round_alone(db, played):
    # R5.1: White's choice is in the address while Black's is made; the round is played once both are given
    state = walk(address(upto(FORTY, 5)))
    played.reset()
    white = tried(state, "d2d3")
    walk(white)
    assert played.count == 0
    both = tried(walk(white), "0000")
    assert_the_engines(walk(both), both.query())
    assert played.count == 1


@pytest.mark.parametrize(
    "query",
    [
        pytest.param(FORTY, id="R5.3-R5.7-a-capture-ends-the-werera-then-moves"),
        pytest.param(REPEATED, id="R8.1-the-third-repetition"),
        pytest.param(MATED, id="R7.1-mate"),
    ],
)
def test_every_step_from_its_parent_kept_is_the_engines_as_from_the_start(db, query):
    # R5, R7.1, R8.1: each step played from its parent's line is judged with the positions met before it
    length = address(query).length
    for steps_ in range(1, length + 1):
        line = upto(query, steps_)
        cold = cold_walk(line)
        cache.clear()
        walk(address(upto(query, steps_ - 1)))
        kept = walk(address(line))
        assert_same(kept, cold)
        assert_the_engines(kept, line)
    for shown in range(length + 1):  # at every step of the line kept, as from the start
        at = f"{query}&at={shown}"
        assert_the_engines(walk(address(at)), at)


def test_r8_1_the_third_repetition_is_judged_from_the_positions_of_the_parent_kept(db):
    walk(address(upto(REPEATED, 7)))
    state = walk(address(REPEATED))
    assert state.judgement == rules.Judgement(rules.REPETITION) and state.chooser is None


@pytest.mark.parametrize(
    ("query", "rule"),
    [
        (f"{MATED},a8b8", "R7.1: no step after mate"),
        (f"{FORTY},h2h8", "R2.2: a der does not pass over a man"),
        (f"rounds={ROUNDS},0000:0000", "R5.7: no round after the werera"),
        (f"{REPEATED},e2e3", "R8.1: no step after the third repetition"),
    ],
)
def test_an_illegal_last_step_after_its_parent_kept_is_refused_in_the_same_words(client, db, query, rule):
    cold = refusal(query)
    cache.clear()
    parent = query.rsplit(",", 1)[0]
    assert client.get(f"{BOARD}?{parent}").status_code == 200
    assert refusal(query) == cold, rule
    page = client.get(f"{BOARD}?{query}")
    assert page.status_code == 400 and page.context["error"] == cold


@pytest.mark.parametrize(
    ("number", "wrong", "rule"),
    [
        (13, "g5g7", "R2.5: a fil leaps two squares diagonally"),
        (40, "h2h8", "R2.2: a der does not pass over a man"),
    ],
)
def test_a_tampered_address_is_refused_as_before_though_its_line_was_shown(client, db, number, wrong, rule):
    moves = MOVES.split(",")
    moves[number - 11] = wrong
    tampered = f"rounds={ROUNDS}&moves={','.join(moves)}"
    cold = refusal(tampered)
    assert cold.startswith(f"Step {number} in the address cannot be played"), rule
    cache.clear()
    assert client.get(f"{BOARD}?{FORTY}").status_code == 200
    assert client.get(f"{BOARD}?{upto(FORTY, 39)}").status_code == 200
    page = client.get(f"{BOARD}?{tampered}")
    assert page.status_code == 400 and page.context["error"] == cold


def test_a_line_changed_to_another_legal_step_is_played_as_it_is_not_as_kept(client, db):
    # R2.4: Black's fers on d7 steps one square diagonally, to e6, in place of the der's last move
    assert client.get(f"{BOARD}?{FORTY}").status_code == 200
    changed = FORTY.replace(",f8h8", ",d7e6")
    page = client.get(f"{BOARD}?{changed}")
    assert page.status_code == 200
    assert_the_engines(page.context["state"], changed)
    kept = client.get(f"{BOARD}?{FORTY}").context["state"]
    assert page.context["state"].position.fen() != kept.position.fen()


def test_a_line_kept_in_english_is_told_in_slovak_in_slovak(client, db):
    # R5.7: the capture of round 10 ends the werera, and White moves next
    shown = f"{FORTY}&at=10"
    assert "The capture ended the werera" in client.get(f"{BOARD}?{shown}").content.decode()
    slovak = client.get(f"/sk{BOARD}?{shown}").content.decode()
    assert "Branie ukončilo wereru" in slovak and "The capture ended the werera" not in slovak


@pytest.mark.parametrize(
    "query",
    ["", "white=e2e3", FORTY, f"{FORTY}&at=3", f"fen={TURNS}&moves=e2e3", "rounds=e2e3:d7d6&white=0000"],
)
def test_the_step_links_are_the_addresses_of_the_steps(query):
    read_ = address(query)
    assert step_urls(read_) == [page_url(read_.at_step(step)) for step in range(read_.length + 1)]
