from django.urls import path

from senterej import views

app_name = "board"
urlpatterns = [
    path("why/", views.why, name="why"),
]
