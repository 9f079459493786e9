from django.urls import path

from senterej import reviewing

app_name = "reviews"
urlpatterns = [
    path("", reviewing.queue_page, name="queue"),
    path("next/", reviewing.next_review, name="next"),
]
