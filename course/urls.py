from django.urls import path

from course.views import course_pages, rules_page

app_name = "course"
urlpatterns = [
    path("rules/", rules_page.rules, name="rules"),
    path("learn/", course_pages.course_map, name="map"),
    path("learn/continue/", course_pages.continue_course, name="continue"),
    path("learn/<slug:lesson>/", course_pages.lesson_page, name="lesson"),
    path("learn/<slug:lesson>/<int:number>/", course_pages.task_page, name="task"),
    path("learn/<slug:lesson>/<int:number>/move/", course_pages.task_move, name="task_move"),
    path("learn/<slug:lesson>/<int:number>/answer/", course_pages.task_answer, name="task_answer"),
    path("learn/<slug:lesson>/<int:number>/hint/", course_pages.task_hint, name="task_hint"),
    path("learn/<slug:lesson>/<int:number>/retry/", course_pages.task_retry, name="task_retry"),
]
