from django.urls import path

from analysis import views

app_name = "analysis"
urlpatterns = [
    path("", views.board, name="board"),
    path("evaluate/", views.evaluate, name="evaluate"),
    path("evaluation/<int:evaluation_id>/", views.evaluation, name="evaluation"),
    path("evaluation/<int:evaluation_id>/again/", views.evaluation_again, name="evaluation_again"),
    path("play-on/", views.play_on, name="play_on"),
]
