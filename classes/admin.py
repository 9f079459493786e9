from django.contrib import admin

from classes.models import Assignment, Invitation, Membership, SchoolClass, StudentAccount


class MembershipInline(admin.TabularInline[Membership, SchoolClass]):
    model = Membership
    raw_id_fields = ["student"]
    extra = 0


@admin.register(SchoolClass)
class SchoolClassAdmin(admin.ModelAdmin[SchoolClass]):
    list_display = ["name", "teacher", "join_code", "archived_at", "created"]
    search_fields = ["name", "teacher__username", "join_code"]
    raw_id_fields = ["teacher", "co_teachers"]
    inlines = [MembershipInline]


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin[Assignment]):
    list_display = ["school_class", "kind", "lesson", "theme", "due_on", "created"]
    list_filter = ["kind"]
    raw_id_fields = ["school_class", "lesson", "puzzles"]
    filter_horizontal = ["tasks"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin[Invitation]):
    list_display = ["school_class", "user", "created"]
    raw_id_fields = ["school_class", "user"]


@admin.register(StudentAccount)
class StudentAccountAdmin(admin.ModelAdmin[StudentAccount]):
    list_display = ["user", "name", "made_by", "school_class", "created"]
    search_fields = ["user__username", "name", "made_by__username"]
    raw_id_fields = ["user", "made_by", "school_class"]
