from django.urls import path

from trainer import views

app_name = "trainer"
urlpatterns = [
    path("", views.train, name="train"),
    path("dashboard/", views.dashboard_page, name="dashboard"),
    path("difficulty/", views.difficulty, name="difficulty"),
    path("<int:puzzle_id>/", views.puzzle_page, name="puzzle"),
    path("<int:puzzle_id>/move/", views.puzzle_move, name="move"),
    path("<int:puzzle_id>/solution/", views.puzzle_solution, name="solution"),
    path("<int:puzzle_id>/again/", views.puzzle_again, name="again"),
    path("<int:puzzle_id>/report/", views.report, name="report"),
]
