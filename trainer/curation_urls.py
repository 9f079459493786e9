from django.urls import path

from trainer.views import curation

app_name = "curation"
urlpatterns = [
    path("reports/", curation.reports, name="reports"),
    path("reports/<int:report_id>/", curation.report, name="report"),
]
