from django.contrib import admin

from course.models import Lesson, Task, TaskProgress


class TaskInline(admin.TabularInline):
    model = Task
    fields = ("order", "title", "goal", "side", "fen")
    extra = 0
    show_change_link = True


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = ("order", "title", "title_sk", "rules_anchor")
    list_display_links = ("title",)
    search_fields = ("title", "title_sk", "intro")
    inlines = [TaskInline]


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    list_display = ("lesson", "order", "title", "goal", "opponent")
    list_filter = ("lesson", "goal", "opponent")
    search_fields = ("title", "title_sk", "prompt", "fen")
    fieldsets = [
        (None, {"fields": ("lesson", "order", "title", "title_sk", "prompt", "prompt_sk")}),
        ("Position and goal", {"fields": ("fen", "side", "goal", "squares", "status", "accept", "solution")}),
        ("Opponent", {"fields": ("opponent", "replies", "werera_choice", "history")}),
        ("Scoring", {"fields": ("max_moves", "par", "options", "answer")}),
        ("Help", {"fields": ("hint", "hint_sk", "hint_square", "success", "success_sk")}),
    ]


@admin.register(TaskProgress)
class TaskProgressAdmin(admin.ModelAdmin):
    list_display = ("user", "task", "best_stars", "attempts", "completed_at")
    list_filter = ("best_stars",)
    search_fields = ("user__username",)
