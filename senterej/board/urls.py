from django.urls import path

from senterej.board import why

app_name = "board"
urlpatterns = [
    path("why/", why.why, name="why"),
]
