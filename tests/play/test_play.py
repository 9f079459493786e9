"""Games on the site: on one device, online by invitation; every request validated (R5 werera, R7 ends)."""

import pytest
from django.test import Client
from django.urls import reverse

from play import services
from play.models import Game
from testing.games import move, online_pair, snapshot, start
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db


def test_it_plays_a_werera_round_on_one_device(client):
    game = start(client)
    assert move(client, game, "e2e3").status_code == 302
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Pass the device to Black" in page and "e2e3" not in page  # R5.1: White's choice stays hidden
    assert move(client, game, "Nf6").status_code == 302
    game.refresh_from_db()
    assert game.fen == "rnbkqb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 2 1 1 0/0"
    assert (
        game.steps[0]["kind"] == "round"
        and game.steps[0]["white"] == "e2e3"
        and game.steps[0]["black"] == "g8f6"
    )
    assert not game.white_choice and not game.black_choice


def test_r5_3_a_capture_played_alone_is_reported_in_words(client):
    game = start(client)
    for white, black in (("e2e3", "g8f6"), ("e3e4", "0000"), ("e4e5", "f6e4")):
        move(client, game, white)
        move(client, game, black)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "a capture is played first, and alone" in page
    assert "The capture ended the werera: White moves next." in page
    assert "White to move." in page


def test_r5_7_the_last_rounds_report_leaves_once_turns_begin_and_comes_back_when_stepped_to(client):
    game = start(client)
    for white, black in (("e2e3", "g8f6"), ("e3e4", "0000"), ("e4e5", "f6e4")):
        move(client, game, white)
        move(client, game, black)
    move(client, game, "d2d3")  # White's first turn-based move, after the capture ended the werera
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Black to move." in page and 'class="round-report"' not in page
    stepped = client.get(reverse("game", args=[game.id]) + "?ply=3").content.decode()
    assert 'class="round-report"' in stepped and "The capture ended the werera" in stepped


def hotseat_from(client: Client, fen: str) -> Game:
    game = services.start_game(mode=Game.Mode.HOTSEAT, fen=fen)
    session = client.session
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    return game


@pytest.mark.parametrize(
    ("fen", "status", "result", "words"),
    [
        ("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "checkmate", "1-0", "White wins by checkmate."),
        ("k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0", "bare-king", "1/2-1/2", "Draw: the bare king."),
    ],
)
def test_r7_the_end_of_a_game_is_said_in_words(client, fen, status, result, words):
    game = hotseat_from(client, fen)
    assert move(client, game, "Rxc8").status_code == 302
    game.refresh_from_db()
    assert (game.status, game.result) == (status, result) and game.finished is not None
    assert words in client.get(reverse("game", args=[game.id])).content.decode()


def test_a_position_that_cannot_be_played_is_refused():
    with pytest.raises(services.PlayError):
        services.start_game(mode=Game.Mode.HOTSEAT, fen="8/8/8 w - -")
    assert Game.objects.count() == 0


def test_an_illegal_move_is_refused_with_the_reason_and_changes_nothing(client):
    game = start(client)
    before = snapshot(game)
    response = move(client, game, "e2e4")
    assert response.status_code == 400
    assert "there is no double step" in response.content.decode()
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("e3e4", "There is no man on e3."),
        ("e7e6", "The man on e7 is not yours."),
        ("d1e1", "Your own negus stands on e1."),
        ("g1g3", "A feres cannot move from g1 to g3."),
        ("xyz", "is not a move"),
        ("e1g1", "Your own feres stands on g1."),
    ],
)
def test_illegal_choices_are_explained(client, text, reason):
    game = start(client)
    response = move(client, game, text)
    assert response.status_code == 400
    assert reason in response.content.decode()


def test_a_replayed_request_changes_nothing(client):
    game = start(client)
    version = Game.objects.get(pk=game.pk).version
    assert move(client, game, "e2e3", version=version).status_code == 302
    before = snapshot(game)
    response = move(client, game, "e2e3", version=version)
    assert response.status_code == 409
    assert snapshot(game) == before


def test_a_move_in_a_finished_game_is_refused(client):
    game = start(client)
    client.post(reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"})
    game.refresh_from_db()
    assert (game.status, game.result) == ("resignation", "0-1")
    before = snapshot(game)
    assert move(client, game, "e2e3").status_code == 409
    assert snapshot(game) == before


def test_someone_elses_game_is_not_found(client):
    game = start(client)
    stranger = Client()
    for url in (reverse("game", args=[game.id]), reverse("game_export", args=[game.id])):
        assert stranger.get(url).status_code == 404
    before = snapshot(game)
    response = stranger.post(reverse("game_move", args=[game.id]), {"move": "e2e3", "version": game.version})
    assert response.status_code == 404
    assert stranger.post(reverse("game_resign", args=[game.id]), {"version": game.version}).status_code == 404
    assert snapshot(game) == before


def test_an_unknown_game_id_is_not_found(client):
    assert client.get("/play/00000000-0000-0000-0000-000000000000/").status_code == 404
    assert client.get("/play/not-a-game/").status_code == 404


def test_a_post_without_the_csrf_token_is_refused():
    client = Client(enforce_csrf_checks=True)
    assert client.post(reverse("play"), {"mode": "hotseat", "colour": "white"}).status_code == 403


def test_a_bad_new_game_form_is_refused(client):
    response = client.post(reverse("play"), {"mode": "chess", "colour": "white"})
    assert response.status_code == 400
    assert Game.objects.count() == 0


def test_an_invitation_works_once():
    host, guest, game = online_pair()
    late = Client()
    assert late.get(reverse("join", args=[game.invite_code])).status_code == 410
    assert late.post(reverse("join", args=[game.invite_code])).status_code == 410
    assert late.get(reverse("game", args=[game.id])).status_code == 404


def test_r5_1_an_online_choice_never_reaches_the_opponent_nor_a_spectator():
    host, guest, game = online_pair()
    assert move(host, game, "b1c3").status_code == 302
    spectator = Client()
    watch = reverse("watch", args=[game.watch_code])
    for response in (
        guest.get(reverse("game", args=[game.id])),
        guest.get(reverse("game", args=[game.id]), HTTP_HX_REQUEST="true"),
        guest.get(reverse("game", args=[game.id]) + "?since=0", HTTP_HX_REQUEST="true"),
        guest.get(reverse("game_export", args=[game.id])),
        spectator.get(watch),
        spectator.get(watch, HTTP_HX_REQUEST="true"),
        spectator.get(watch + "?since=0", HTTP_HX_REQUEST="true"),
        spectator.get(watch + "?ply=0", HTTP_HX_REQUEST="true"),
        spectator.get(reverse("watch_export", args=[game.watch_code])),
    ):
        assert response.status_code == 200
        text = response.content.decode()
        assert "b1c3" not in text and "Nc3" not in text and "feres to c3" not in text
    assert "White has chosen." in spectator.get(watch).content.decode()
    own = host.get(reverse("game", args=[game.id])).content.decode()  # the chooser sees their own
    assert "Your choice for this round is made ([feres]c3)." in seen(own)
    assert "Your choice for this round is made (feres to c3)." in heard(own)


def test_online_the_round_resolves_when_both_have_chosen():
    host, guest, game = online_pair()
    move(host, game, "e2e3")
    assert move(host, game, "d2d3").status_code == 409  # one choice a round
    move(guest, game, "e7e6")
    game.refresh_from_db()
    assert game.fen == "rnbkqbnr/pppp1ppp/4p3/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 2 0 1 0/0"


def test_online_a_player_cannot_move_for_the_other_side():
    host, guest, game = online_pair()
    for white, black in (("g1f3", "0000"), ("f3d4", "0000"), ("d4e6", "0000")):
        move(host, game, white)
        move(guest, game, black)
    before = snapshot(game)
    assert move(host, game, "d1c2").status_code == 409  # Black's turn after White's check (R5.7)
    assert snapshot(game) == before
    assert move(guest, game, "f7e6").status_code == 302


def test_polling_answers_no_content_until_something_changes():
    host, guest, game = online_pair()
    game.refresh_from_db()
    url = reverse("game", args=[game.id]) + f"?since={game.version}"
    assert guest.get(url, HTTP_HX_REQUEST="true").status_code == 204
    move(host, game, "e2e3")
    assert guest.get(url, HTTP_HX_REQUEST="true").status_code == 200


def test_draw_offered_and_accepted_online():
    host, guest, game = online_pair()
    game.refresh_from_db()
    assert host.post(reverse("game_draw", args=[game.id]), {"version": game.version}).status_code == 302
    game.refresh_from_db()
    assert game.draw_offer == "white"
    assert "Your opponent offers a draw." in guest.get(reverse("game", args=[game.id])).content.decode()
    guest.post(reverse("game_draw", args=[game.id]), {"version": game.version, "answer": "accept"})
    game.refresh_from_db()
    assert (game.status, game.result) == ("agreement", "1/2-1/2")
    assert "Draw by agreement." in host.get(reverse("game", args=[game.id])).content.decode()


def test_draw_offer_declined():
    host, guest, game = online_pair()
    game.refresh_from_db()
    host.post(reverse("game_draw", args=[game.id]), {"version": game.version})
    game.refresh_from_db()
    guest.post(reverse("game_draw", args=[game.id]), {"version": game.version, "answer": "decline"})
    game.refresh_from_db()
    assert (game.draw_offer, game.status) == ("", "ongoing")


def test_export_and_import_round_trip(client):
    game = start(client)
    for white, black in (("e2e3", "g8f6"), ("e3e4", "0000"), ("e4e5", "f6e4")):
        move(client, game, white)
        move(client, game, black)
    move(client, game, "d2d3")
    text = client.get(reverse("game_export", args=[game.id])).content.decode()
    assert '[Result "*"]' in text and "W3. e5 Nxe4" in text
    response = client.post(reverse("import"), {"record": text})
    assert response.status_code == 302
    imported = Game.objects.get(mode=Game.Mode.IMPORTED)
    game.refresh_from_db()
    assert imported.fen == game.fen and imported.steps == game.steps
    assert client.get(response.url + "?ply=2").status_code == 200


def test_r5_10_a_slovak_export_says_the_rounds_in_slovak_and_imports_again(client):
    game = start(client)
    for white, black in (("e2e3", "g8f6"), ("e3e4", "0000"), ("e4e5", "f6e4")):
        move(client, game, white)
        move(client, game, black)
    text = client.get("/sk" + reverse("game_export", args=[game.id])).content.decode()
    assert (
        "{zahraný len ťah Čierneho Nxe4; ťah Bieleho e5 prepadol: branie má prednosť; "
        "werera sa končí, ťahá Biely}" in " ".join(text.split())
    )
    assert client.post(reverse("import"), {"record": text}).status_code == 302


def test_import_refuses_a_bad_record_with_the_reason(client):
    response = client.post(reverse("import"), {"record": '[Event "x"]\n\nW1. e4 e6 *'})
    assert response.status_code == 400
    assert "cannot be read" in response.content.decode()
    assert Game.objects.count() == 0


def test_r5_1_the_bot_chooses_before_and_without_the_humans_choice(client):
    game = start(client, mode="bot", colour="white", level="novice")
    game.refresh_from_db()
    assert game.black_choice and not game.white_choice  # fixed as the round opened
    bot_choice = game.black_choice
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Novice (bot)" in page
    if bot_choice != "0000":  # a wait looks like the page's own wait button
        assert bot_choice not in page.replace(str(game.id), "")  # the game's id is hex, like a square
    assert move(client, game, "e2e3").status_code == 302
    game.refresh_from_db()
    assert game.steps[0]["black"] == bot_choice and game.steps[0]["white"] == "e2e3"
    assert game.black_choice  # the next round's choice is already made


def test_the_bot_moves_first_when_it_has_white_after_the_werera(client):
    game = start(client, mode="bot", colour="black", level="novice")
    game.refresh_from_db()
    assert game.white_choice and not game.black_choice
    for _ in range(20):
        game.refresh_from_db()
        if game.is_over or game.fen.split()[1] != "-":
            break
        assert move(client, game, "0000").status_code == 302
    game.refresh_from_db()
    if not game.is_over:
        assert game.fen.split()[1] == "b"  # after White's bot has answered, it is the human's turn


def test_the_bots_refuse_draw_offers(client):
    game = start(client, mode="bot", level="novice")
    game.refresh_from_db()
    response = client.post(reverse("game_draw", args=[game.id]), {"version": game.version})
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.status == "ongoing"


def test_an_unknown_bot_is_refused(client):
    response = client.post(reverse("play"), {"mode": "bot", "colour": "white", "level": "grandmaster"})
    assert response.status_code == 400
    assert Game.objects.count() == 0
