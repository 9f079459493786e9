from django.urls import path

from play import again_views, my_games, views

urlpatterns = [
    path("", views.play, name="play"),
    path("import/", views.import_game, name="import"),
    path("mine/", my_games.my_games, name="my_games"),
    path("join/<str:code>/", views.join, name="join"),
    path("<uuid:game_id>/", views.game_page, name="game"),
    path("<uuid:game_id>/move/", views.game_move, name="game_move"),
    path("<uuid:game_id>/resign/", views.game_resign, name="game_resign"),
    path("<uuid:game_id>/bot/", views.game_bot, name="game_bot"),
    path("<uuid:game_id>/draw/", views.game_draw, name="game_draw"),
    path("<uuid:game_id>/abort/", views.game_abort, name="game_abort"),
    path("<uuid:game_id>/claim/", views.game_claim, name="game_claim"),
    path("<uuid:game_id>/export.txt", views.game_export, name="game_export"),
    path("<uuid:game_id>/rematch/", again_views.game_rematch, name="game_rematch"),
    path("<uuid:game_id>/take-back/", again_views.game_take_back, name="game_take_back"),
    path("watch/<str:code>/", again_views.watch, name="watch"),
    path("watch/<str:code>/export.txt", again_views.watch_export, name="watch_export"),
]
