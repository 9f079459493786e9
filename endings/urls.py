from django.urls import path

from endings import views

urlpatterns = [
    path("", views.ending_list, name="endings"),
    path("<slug:slug>/", views.ending_page, name="ending"),
    path("<slug:slug>/start/", views.ending_start, name="ending_start"),
]
