from django.urls import path

from trainer import curation_views

app_name = "curation"
urlpatterns = [
    path("reports/", curation_views.reports, name="reports"),
    path("reports/<int:report_id>/", curation_views.report, name="report"),
]
