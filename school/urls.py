from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from school.views import home, reviews

review_patterns = (
    [
        path("", reviews.queue_page, name="queue"),
        path("next/", reviews.next_review, name="next"),
    ],
    "reviews",
)

# English pages at /…, Slovak ones at /sk/…: every page has an address in each language.
urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
] + i18n_patterns(
    path("", home.home, name="home"),
    path("play/", include("play.urls")),
    path("board/", include("senterej.urls")),
    path("", include("course.urls")),
    path("train/", include("trainer.urls")),
    path("curate/", include("trainer.curation_urls")),
    path("endings/", include("endings.urls")),
    path("accounts/", include("accounts.urls")),
    path("classes/", include("classes.urls")),
    path("analysis/", include("analysis.urls")),
    path("reviews/", include(review_patterns)),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)
