from django.urls import path

from senterej.play import mine, views

urlpatterns = [
    path("", views.play, name="play"),
    path("import/", views.import_game, name="import"),
    path("mine/", mine.my_games, name="my_games"),
    path("join/<str:code>/", views.join, name="join"),
    path("<uuid:game_id>/", views.game_page, name="game"),
    path("<uuid:game_id>/move/", views.game_move, name="game_move"),
    path("<uuid:game_id>/resign/", views.game_resign, name="game_resign"),
    path("<uuid:game_id>/bot/", views.game_bot, name="game_bot"),
    path("<uuid:game_id>/draw/", views.game_draw, name="game_draw"),
    path("<uuid:game_id>/export.txt", views.game_export, name="game_export"),
]
