from django.urls import path

from trainer.views import choosing, dashboard, missed, reporting, solving, storm, streak

app_name = "trainer"
urlpatterns = [
    path("", solving.train, name="train"),
    path("dashboard/", dashboard.dashboard_page, name="dashboard"),
    path("difficulty/", solving.difficulty, name="difficulty"),
    path("themes/", choosing.themes, name="themes"),
    path("missed/", missed.missed_run, name="missed"),
    path("missed/begin/", missed.missed_begin, name="missed_begin"),
    path("streak/", streak.streak_home, name="streak"),
    path("streak/begin/", streak.streak_begin, name="streak_begin"),
    path("streak/<int:run_id>/", streak.streak_run, name="streak_run"),
    path("streak/<int:run_id>/move/", streak.streak_move, name="streak_move"),
    path("streak/<int:run_id>/skip/", streak.streak_skip, name="streak_skip"),
    path("storm/", storm.storm_home, name="storm"),
    path("storm/begin/", storm.storm_begin, name="storm_begin"),
    path("storm/<int:run_id>/", storm.storm_run, name="storm_run"),
    path("storm/<int:run_id>/move/", storm.storm_move, name="storm_move"),
    path("<int:puzzle_id>/", solving.puzzle_page, name="puzzle"),
    path("<int:puzzle_id>/move/", solving.puzzle_move, name="move"),
    path("<int:puzzle_id>/hint/", solving.puzzle_hint, name="hint"),
    path("<int:puzzle_id>/solution/", solving.puzzle_solution, name="solution"),
    path("<int:puzzle_id>/again/", solving.puzzle_again, name="again"),
    path("<int:puzzle_id>/report/", reporting.report, name="report"),
    path("reports/<int:report_id>/hide/", reporting.hide_answer, name="hide_answer"),
]
