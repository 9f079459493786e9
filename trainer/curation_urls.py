from django.urls import path

from trainer.views import curation, curation_puzzle

app_name = "curation"
urlpatterns = [
    path("reports/", curation.reports, name="reports"),
    path("reports/<int:report_id>/", curation.report, name="report"),
    path("puzzles/<int:puzzle_id>/", curation_puzzle.puzzle_page, name="puzzle"),
    path("puzzles/<int:puzzle_id>/revalidate/", curation_puzzle.revalidate, name="revalidate"),
]
