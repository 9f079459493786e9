from django.urls import path

from trainer.views import choosing, dashboard, missed, reporting, solving

app_name = "trainer"
urlpatterns = [
    path("", solving.train, name="train"),
    path("dashboard/", dashboard.dashboard_page, name="dashboard"),
    path("difficulty/", solving.difficulty, name="difficulty"),
    path("themes/", choosing.themes, name="themes"),
    path("missed/", missed.missed_run, name="missed"),
    path("missed/begin/", missed.missed_begin, name="missed_begin"),
    path("<int:puzzle_id>/", solving.puzzle_page, name="puzzle"),
    path("<int:puzzle_id>/move/", solving.puzzle_move, name="move"),
    path("<int:puzzle_id>/hint/", solving.puzzle_hint, name="hint"),
    path("<int:puzzle_id>/solution/", solving.puzzle_solution, name="solution"),
    path("<int:puzzle_id>/again/", solving.puzzle_again, name="again"),
    path("<int:puzzle_id>/report/", reporting.report, name="report"),
    path("reports/<int:report_id>/hide/", reporting.hide_answer, name="hide_answer"),
]
