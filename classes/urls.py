from django.urls import path

from classes.views import assignments, cards, classes, joining, leaderboard, results, students, teaching

app_name = "classes"
urlpatterns = [
    path("", classes.home, name="home"),
    path("join/", joining.join, name="join"),
    path("join/<str:code>/", joining.join_link, name="join_link"),
    path("invitations/<int:invitation_id>/accept/", joining.invitation_accept, name="invitation_accept"),
    path("invitations/<int:invitation_id>/decline/", joining.invitation_decline, name="invitation_decline"),
    path("assignments/<int:assignment_id>/", assignments.assignment_page, name="assignment"),
    path("new/", classes.class_new, name="new"),
    path("<int:class_id>/", classes.class_page, name="class"),
    path("<int:class_id>/leave/", joining.leave, name="leave"),
    path("<int:class_id>/edit/", classes.class_edit, name="edit"),
    path("<int:class_id>/archive/", classes.class_archive, name="archive"),
    path("<int:class_id>/restore/", classes.class_restore, name="restore"),
    path("<int:class_id>/code/", classes.class_code, name="code"),
    path("<int:class_id>/invite/", classes.class_invite, name="invite"),
    path(
        "<int:class_id>/invitations/<int:invitation_id>/cancel/",
        classes.invitation_cancel,
        name="invitation_cancel",
    ),
    path("<int:class_id>/students/new/", students.students_new, name="students_new"),
    path("<int:class_id>/students/<int:student_id>/", students.student_page, name="student"),
    path("<int:class_id>/students/<int:student_id>/remove/", students.student_remove, name="student_remove"),
    path(
        "<int:class_id>/students/<int:student_id>/password/",
        cards.student_password,
        name="student_password",
    ),
    path("<int:class_id>/cards/", cards.class_cards, name="cards"),
    path("<int:class_id>/assignments/new/", assignments.assignment_new, name="assignment_new"),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/",
        results.assignment_results,
        name="assignment_results",
    ),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/delete/",
        assignments.assignment_delete,
        name="assignment_delete",
    ),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/edit/",
        assignments.assignment_edit,
        name="assignment_edit",
    ),
    path(
        "<int:class_id>/assignments/<int:assignment_id>/copy/",
        assignments.assignment_copy,
        name="assignment_copy",
    ),
    path("<int:class_id>/announcements/new/", teaching.announcement_new, name="announcement_new"),
    path(
        "<int:class_id>/announcements/<int:announcement_id>/delete/",
        teaching.announcement_delete,
        name="announcement_delete",
    ),
    path("<int:class_id>/teachers/add/", teaching.co_teacher_add, name="co_teacher_add"),
    path(
        "<int:class_id>/teachers/<int:user_id>/remove/",
        teaching.co_teacher_remove,
        name="co_teacher_remove",
    ),
    path("<int:class_id>/progress.csv", classes.progress_csv, name="progress_csv"),
    path("<int:class_id>/leaderboard/", leaderboard.class_leaderboard, name="leaderboard"),
]
