from django.urls import path

from analysis import views

app_name = "analysis"
urlpatterns = [
    path("", views.board, name="board"),
    path("evaluate/", views.evaluate, name="evaluate"),
    path("evaluation/<int:evaluation_id>/", views.evaluation, name="evaluation"),
    path("play-on/", views.play_on, name="play_on"),
]
