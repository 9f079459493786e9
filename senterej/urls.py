from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from senterej import account_views, game_views, views

# English pages at /…, Slovak ones at /sk/…: every page has an address in each language.
urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
] + i18n_patterns(
    path("", views.home, name="home"),
    path("play/", game_views.play, name="play"),
    path("play/import/", game_views.import_game, name="import"),
    path("play/join/<str:code>/", game_views.join, name="join"),
    path("play/<uuid:game_id>/", game_views.game_page, name="game"),
    path("play/<uuid:game_id>/move/", game_views.game_move, name="game_move"),
    path("play/<uuid:game_id>/resign/", game_views.game_resign, name="game_resign"),
    path("play/<uuid:game_id>/draw/", game_views.game_draw, name="game_draw"),
    path("play/<uuid:game_id>/export.txt", game_views.game_export, name="game_export"),
    path("", include("course.urls")),
    path("train/", include("trainer.urls")),
    path("curate/", include("trainer.curation_urls")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", account_views.signup, name="signup"),
    path("accounts/profile/", account_views.profile, name="profile"),
    path("accounts/password/change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("classes/", include("classes.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)
