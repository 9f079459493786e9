from django.urls import path

from play.views import again, games, my_games, records, starting, watching

urlpatterns = [
    path("", starting.play, name="play"),
    path("import/", records.import_game, name="import"),
    path("mine/", my_games.my_games, name="my_games"),
    path("join/<str:code>/", starting.join, name="join"),
    path("<uuid:game_id>/", games.game_page, name="game"),
    path("<uuid:game_id>/move/", games.game_move, name="game_move"),
    path("<uuid:game_id>/resign/", games.game_resign, name="game_resign"),
    path("<uuid:game_id>/bot/", games.game_bot, name="game_bot"),
    path("<uuid:game_id>/draw/", games.game_draw, name="game_draw"),
    path("<uuid:game_id>/abort/", games.game_abort, name="game_abort"),
    path("<uuid:game_id>/claim/", games.game_claim, name="game_claim"),
    path("<uuid:game_id>/export.txt", records.game_export, name="game_export"),
    path("<uuid:game_id>/rematch/", again.game_rematch, name="game_rematch"),
    path("<uuid:game_id>/take-back/", again.game_take_back, name="game_take_back"),
    path("watch/<str:code>/", watching.watch, name="watch"),
    path("watch/<str:code>/export.txt", watching.watch_export, name="watch_export"),
]
