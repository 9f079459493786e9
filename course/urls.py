from django.urls import path

from course import lesson_views, views

app_name = "course"
urlpatterns = [
    path("rules/", views.rules, name="rules"),
    path("learn/", lesson_views.course_map, name="map"),
    path("learn/continue/", lesson_views.continue_course, name="continue"),
    path("learn/<slug:lesson>/", lesson_views.lesson_page, name="lesson"),
    path("learn/<slug:lesson>/<int:number>/", lesson_views.task_page, name="task"),
    path("learn/<slug:lesson>/<int:number>/move/", lesson_views.task_move, name="task_move"),
    path("learn/<slug:lesson>/<int:number>/answer/", lesson_views.task_answer, name="task_answer"),
    path("learn/<slug:lesson>/<int:number>/retry/", lesson_views.task_retry, name="task_retry"),
]
