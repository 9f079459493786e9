from django.urls import path

from trainer.views import dashboard, reporting, solving

app_name = "trainer"
urlpatterns = [
    path("", solving.train, name="train"),
    path("dashboard/", dashboard.dashboard_page, name="dashboard"),
    path("difficulty/", solving.difficulty, name="difficulty"),
    path("<int:puzzle_id>/", solving.puzzle_page, name="puzzle"),
    path("<int:puzzle_id>/move/", solving.puzzle_move, name="move"),
    path("<int:puzzle_id>/solution/", solving.puzzle_solution, name="solution"),
    path("<int:puzzle_id>/again/", solving.puzzle_again, name="again"),
    path("<int:puzzle_id>/report/", reporting.report, name="report"),
]
