from django.urls import path

from classes import assignment_views, card_views, leaderboard_views, results_views, teaching_views, views

app_name = "classes"
urlpatterns = [
    path("", views.home, name="home"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join_link, name="join_link"),
    path("invitations/<int:invitation_id>/accept/", views.invitation_accept, name="invitation_accept"),
    path("invitations/<int:invitation_id>/decline/", views.invitation_decline, name="invitation_decline"),
    path("assignments/<int:assignment_id>/", views.assignment_page, name="assignment"),
    path("new/", views.class_new, name="new"),
    path("<int:class_id>/", views.class_page, name="class"),
    path("<int:class_id>/leave/", views.leave, name="leave"),
    path("<int:class_id>/edit/", views.class_edit, name="edit"),
    path("<int:class_id>/archive/", views.class_archive, name="archive"),
    path("<int:class_id>/restore/", views.class_restore, name="restore"),
    path("<int:class_id>/code/", views.class_code, name="code"),
    path("<int:class_id>/invite/", views.class_invite, name="invite"),
    path(
        "<int:class_id>/invitations/<int:invitation_id>/cancel/",
        views.invitation_cancel,
        name="invitation_cancel",
    ),
    path("<int:class_id>/students/new/", views.students_new, name="students_new"),
    path("<int:class_id>/students/<int:student_id>/", views.student_page, name="student"),
    path("<int:class_id>/students/<int:student_id>/remove/", views.student_remove, name="student_remove"),
    path(
        "<int:class_id>/students/<int:student_id>/password/",
        card_views.student_password,
        name="student_password",
    ),
    path("<int:class_id>/cards/", card_views.class_cards, name="cards"),
    path("<int:class_id>/assignments/new/", assignment_views.assignment_new, name="assignment_new"),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/",
        results_views.assignment_results,
        name="assignment_results",
    ),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/delete/",
        views.assignment_delete,
        name="assignment_delete",
    ),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/edit/",
        assignment_views.assignment_edit,
        name="assignment_edit",
    ),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/copy/",
        assignment_views.assignment_copy,
        name="assignment_copy",
    ),
    path("<int:class_id>/announcements/new/", teaching_views.announcement_new, name="announcement_new"),
    path(
        "<int:class_id>/announcements/<int:announcement_id>/delete/",
        teaching_views.announcement_delete,
        name="announcement_delete",
    ),
    path("<int:class_id>/teachers/add/", teaching_views.co_teacher_add, name="co_teacher_add"),
    path(
        "<int:class_id>/teachers/<int:user_id>/remove/",
        teaching_views.co_teacher_remove,
        name="co_teacher_remove",
    ),
    path("<int:class_id>/progress.csv", views.progress_csv, name="progress_csv"),
    path("<int:class_id>/leaderboard/", leaderboard_views.class_leaderboard, name="leaderboard"),
]
