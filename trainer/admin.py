"""Puzzles in the admin: found by theme, rating, status, reports, success and attempts; previewed on the
board with their solution; edited only into puzzles the engine proves; enabled, disabled, re-validated,
exported and imported in bulk. Every change goes through the curation services (`trainer.puzzle_edits`,
`trainer.puzzle_file`), which record it on the puzzle's page (`trainer.puzzle_history`). Puzzles are
disabled rather than deleted: deleting one would take the players' attempts at it, and their ratings'
history, with it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypedDict

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db.models import (
    Case,
    Count,
    F,
    FloatField,
    IntegerField,
    Model,
    OuterRef,
    QuerySet,
    Subquery,
    When,
)
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django_stubs_ext import StrOrPromise, WithAnnotations

from accounts.requests import signed_in
from trainer import jobs, puzzle_edits, puzzle_file, puzzle_history, uses
from trainer.admin_filters import (
    AttemptsFilter,
    OpenReportsFilter,
    RatingFilter,
    StatusFilter,
    SuccessFilter,
    ThemeFilter,
)
from trainer.models import Attempt, CurationJob, Puzzle, PuzzleChange, PuzzleReport, check_rating
from trainer.preview import preview
from trainer.puzzle_proofs import validate

if TYPE_CHECKING:
    from django.contrib.admin.options import _FieldOpts, _FieldsetSpec

#: The largest file an import reads: the whole fixture of a few thousand puzzles is well under it.
IMPORT_LIMIT = 10 * 1024 * 1024


def _count(model: type[Attempt] | type[PuzzleReport], **filters: object) -> Coalesce:
    """How many rows of `model` a puzzle has: a subquery per puzzle rather than joins, which would
    multiply attempts by reports."""
    rows = (
        model.objects.filter(puzzle=OuterRef("pk"), **filters)
        .order_by()
        .values("puzzle")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(rows, output_field=IntegerField()), 0)


class PuzzleForm(forms.ModelForm[Puzzle]):
    """A puzzle is saved only if the engine proves it: a change of its position, line or themes is proved
    again from scratch, the themes included, as the fixture's validator does."""

    class Meta:
        model = Puzzle
        fields = ["fen", "moves", "themes", "rating", "source", "rounds", "active"]
        widgets = dict.fromkeys(
            ("fen", "moves", "themes", "source", "rounds"), forms.TextInput(attrs={"size": 80})
        )

    confirm_disable = forms.BooleanField(
        required=False, label=gettext_lazy("Disable it although assignments use it")
    )

    def clean_fen(self) -> str:
        return " ".join(self.cleaned_data["fen"].split())

    def clean_themes(self) -> str:
        return " ".join(self.cleaned_data["themes"].split())

    def clean_moves(self) -> str:
        return " ".join(self.cleaned_data["moves"].split())

    def clean_rounds(self) -> str:
        return " ".join(self.cleaned_data["rounds"].split())

    def clean_rating(self) -> float:
        """What the import refuses, the admin refuses too: one check for both."""
        try:
            return check_rating(self.cleaned_data["rating"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from error

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.instance.pk is not None and "active" in self.changed_data and not data.get("active"):
            used = uses.warning(uses.uses(Puzzle.objects.filter(pk=self.instance.pk)))
            if used and not data.get("confirm_disable"):
                raise forms.ValidationError(
                    _("%(used)s Tick “Disable it although assignments use it” to disable it.")
                    % {"used": used}
                )
        proved = puzzle_edits.PROVED_FIELDS & set(self.changed_data)
        if self.errors or (self.instance.pk is not None and not proved):
            return data
        reason = validate(data["fen"], data["moves"], data["themes"], data["rounds"])
        if reason is not None:
            raise forms.ValidationError(_("The engine refutes this puzzle: %(reason)s") % {"reason": reason})
        return data


class GenerateForm(forms.Form):
    count = forms.IntegerField(
        label=gettext_lazy("Puzzles"),
        min_value=1,
        max_value=50,
        initial=10,
        help_text=gettext_lazy("How many new puzzles to add; positions already here are left out."),
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        min_value=1,
        max_value=1_000_000,
        initial=2,
        help_text=gettext_lazy("The same seed runs the same generator jobs: use a new one for new puzzles."),
    )


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("JSON Lines file"),
        help_text=gettext_lazy(
            'One puzzle a line, as in fixtures/puzzles.jsonl: {"model": "trainer.puzzle", "pk": 1, '
            '"fields": {"fen": …, "moves": …, "themes": …, "rating": …, "source": …}}.'
        ),
    )

    def clean_file(self) -> list[str]:
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_LIMIT:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB.") % {"size": IMPORT_LIMIT // (1024 * 1024)}
            )
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from error
        lines: list[str] = text.splitlines()
        return lines


class PuzzleChangeInline(admin.TabularInline[PuzzleChange, Puzzle]):
    """The puzzle's record of changes, newest first; written by the curation services only."""

    model = PuzzleChange
    fk_name = "puzzle"
    fields = ("created", "user", "what")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name = gettext_lazy("change")
    verbose_name_plural = gettext_lazy("changes")

    @admin.display(description=gettext_lazy("what"))
    def what(self, change: PuzzleChange) -> str:
        return puzzle_history.describe(change)

    def get_queryset(self, request: HttpRequest) -> QuerySet[PuzzleChange]:
        return super().get_queryset(request).select_related("user")

    # The stubs type `obj` as the change in the model admin's hooks and as the puzzle in the inline's,
    # which is what Django passes; a model takes both.
    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        # whoever may see the puzzle may see its record
        return request.user.has_perm("trainer.view_puzzle") or request.user.has_perm("trainer.change_puzzle")


class _Counts(TypedDict):
    """What the list's queryset adds to each puzzle."""

    attempt_count: int
    solved_count: int
    open_reports: int
    success_rate: float | None


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin[Puzzle]):
    form = PuzzleForm
    list_display = (
        "id",
        "themes",
        "rating_shown",
        "active",
        "attempts_shown",
        "success_shown",
        "reports_shown",
    )
    list_filter = (StatusFilter, ThemeFilter, RatingFilter, OpenReportsFilter, SuccessFilter, AttemptsFilter)
    # `id__exact` compares the id as text, so that a search for words is not an error
    search_fields = ("id__exact", "fen", "themes", "source")
    readonly_fields = ("preview", "reports_link", "used_by", "rating_deviation", "volatility", "created")
    inlines = [PuzzleChangeInline]
    actions = ["enable", "disable", "revalidate", "revalidate_and_disable", "export_jsonl"]
    list_per_page = 50

    class Media:
        # the preview's frame, styled from a file: the Content-Security-Policy allows no style attribute
        css = {"all": ["trainer/admin.css"]}

    def get_fieldsets(self, request: HttpRequest, obj: Puzzle | None = None) -> _FieldsetSpec:
        used = obj is not None and bool(uses.uses(Puzzle.objects.filter(pk=obj.pk)).assignments)
        confirm = ("confirm_disable",) if used else ()
        fields = ("fen", "moves", "themes", "rounds", "source", "active", *confirm)
        puzzle: tuple[StrOrPromise | None, _FieldOpts] = (None, {"fields": fields})
        rating: tuple[StrOrPromise | None, _FieldOpts] = (
            _("Rating"),
            {"fields": ["rating", "rating_deviation", "volatility"]},
        )
        if obj is None:
            return [puzzle, (_("Rating"), {"fields": ["rating"]})]
        return [
            (_("Preview"), {"fields": ["preview", "reports_link", "used_by"]}),
            puzzle,
            rating,
            (None, {"fields": ["created"]}),
        ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[WithAnnotations[Puzzle, _Counts]]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                attempt_count=_count(Attempt),
                solved_count=_count(Attempt, solved=True),
                open_reports=_count(PuzzleReport, status=PuzzleReport.Status.OPEN),
            )
            .annotate(
                success_rate=Case(
                    When(attempt_count=0, then=None),
                    default=100.0 * F("solved_count") / F("attempt_count"),
                    output_field=FloatField(),
                )
            )
        )

    def has_delete_permission(self, request: HttpRequest, obj: Puzzle | None = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Puzzle, form: forms.Form, change: bool) -> None:
        puzzle_edits.save_puzzle(puzzle=obj, user=signed_in(request))

    # --- columns and read-only fields ---

    @admin.display(description=gettext_lazy("rating"), ordering="rating")
    def rating_shown(self, puzzle: Puzzle) -> str:
        return f"{puzzle.rating:.0f}"

    @admin.display(description=gettext_lazy("attempts"), ordering="attempt_count")
    def attempts_shown(self, puzzle: WithAnnotations[Puzzle, _Counts]) -> int:
        return puzzle.attempt_count

    @admin.display(description=gettext_lazy("success"), ordering="success_rate")
    def success_shown(self, puzzle: WithAnnotations[Puzzle, _Counts]) -> str:
        rate = puzzle.success_rate
        return "—" if rate is None else f"{rate:.0f}%"

    @admin.display(description=gettext_lazy("open reports"), ordering="open_reports")
    def reports_shown(self, puzzle: WithAnnotations[Puzzle, _Counts]) -> str:
        count = puzzle.open_reports
        if not count:
            return "0"
        return format_html('<a href="{}?puzzle={}">{}</a>', reverse("curation:reports"), puzzle.pk, count)

    @admin.display(description=gettext_lazy("open reports"))
    def reports_link(self, puzzle: Puzzle) -> str:
        count = puzzle.reports.filter(status=PuzzleReport.Status.OPEN).count()
        words = ngettext("%(count)d open report", "%(count)d open reports", count) % {"count": count}
        return format_html('<a href="{}?puzzle={}">{}</a>', reverse("curation:reports"), puzzle.pk, words)

    @admin.display(description=gettext_lazy("assignments"))
    def used_by(self, puzzle: Puzzle) -> str:
        used = uses.warning(uses.uses(Puzzle.objects.filter(pk=puzzle.pk)))
        return used or _("No assignment uses this puzzle.")

    @admin.display(description=gettext_lazy("preview"))
    def preview(self, puzzle: Puzzle) -> str:
        """The board component, drawn in a frame of its own with the site's styles, which the admin's would
        otherwise fight with; and the solution in SAN."""
        shown = preview(puzzle)
        frame = render_to_string(
            "trainer/curation/_board_frame.html", {"preview": shown, "lang": get_language()}
        )
        return render_to_string("trainer/curation/_admin_preview.html", {"preview": shown, "frame": frame})

    # --- actions ---

    @admin.action(description=gettext_lazy("Enable the selected puzzles"), permissions=["change"])
    def enable(self, request: HttpRequest, queryset: QuerySet[Puzzle]) -> None:
        changed = puzzle_edits.set_active(puzzles=queryset, active=True, user=signed_in(request))
        count = len(changed)
        self.message_user(
            request,
            ngettext("%(count)d puzzle enabled.", "%(count)d puzzles enabled.", count) % {"count": count},
        )

    @admin.action(description=gettext_lazy("Disable the selected puzzles"), permissions=["change"])
    def disable(self, request: HttpRequest, queryset: QuerySet[Puzzle]) -> TemplateResponse | None:
        asked = self._confirm_disabling(request, queryset, "disable")
        if asked is not None:
            return asked
        changed = puzzle_edits.set_active(puzzles=queryset, active=False, user=signed_in(request))
        count = len(changed)
        self.message_user(
            request,
            ngettext("%(count)d puzzle disabled.", "%(count)d puzzles disabled.", count) % {"count": count},
        )
        return None

    def _confirm_disabling(
        self, request: HttpRequest, queryset: QuerySet[Puzzle], action: str
    ) -> TemplateResponse | None:
        """Puzzles that assignments use are disabled only once the curator has been told how many and has
        confirmed (the page posts the same action again, with `confirm`); None to go ahead."""
        puzzles = Puzzle.objects.filter(pk__in=queryset.values("pk")).order_by("pk")
        used = uses.uses(puzzles)
        if request.POST.get("confirm") == "yes" or not used.assignments:
            return None
        ids = list(puzzles.values_list("pk", flat=True))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Disable puzzles that assignments use?"),
            "warning": uses.warning(used, count=len(ids)),
            "ids": ids,
            "action": action,
            "checkbox": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/trainer/puzzle/confirm_disable.html", context)

    @admin.action(description=gettext_lazy("Re-validate with the engine"), permissions=["change"])
    def revalidate(self, request: HttpRequest, queryset: QuerySet[Puzzle]) -> HttpResponseRedirect:
        return self._revalidate(request, queryset, disable_failing=False)

    @admin.action(
        description=gettext_lazy("Re-validate with the engine and disable those that fail"),
        permissions=["change"],
    )
    def revalidate_and_disable(
        self, request: HttpRequest, queryset: QuerySet[Puzzle]
    ) -> HttpResponseRedirect | TemplateResponse:
        asked = self._confirm_disabling(request, queryset, "revalidate_and_disable")
        return asked or self._revalidate(request, queryset, disable_failing=True)

    def _revalidate(
        self, request: HttpRequest, queryset: QuerySet[Puzzle], disable_failing: bool
    ) -> HttpResponseRedirect:
        kind = CurationJob.Kind.REVALIDATE_AND_DISABLE if disable_failing else CurationJob.Kind.REVALIDATE
        ids = list(queryset.order_by("pk").values_list("pk", flat=True))
        job = jobs.start(kind=kind, user=signed_in(request), payload=ids)
        return redirect("admin:trainer_puzzle_job", job_id=job.pk)

    @admin.action(
        description=gettext_lazy("Export as JSON Lines (the fixture's format)"), permissions=["view"]
    )
    def export_jsonl(self, request: HttpRequest, queryset: QuerySet[Puzzle]) -> StreamingHttpResponse:
        # plain rows without the list's counts, read in chunks: exporting every puzzle stays small in memory
        puzzles: Iterable[Puzzle] = (
            Puzzle.objects.filter(pk__in=queryset.values("pk")).order_by("pk").iterator(chunk_size=1000)
        )
        response = StreamingHttpResponse(
            puzzle_file.export_lines(puzzles), content_type="application/jsonl; charset=utf-8"
        )
        response["Content-Disposition"] = 'attachment; filename="puzzles.jsonl"'
        return response

    # --- import ---

    def get_urls(self) -> list[URLPattern]:
        imports = self.admin_site.admin_view(self.import_view)
        job = self.admin_site.admin_view(self.job_view)
        job_again = self.admin_site.admin_view(self.job_again_view)
        job_cancel = self.admin_site.admin_view(self.job_cancel_view)
        generation = self.admin_site.admin_view(self.generate_view)
        return [
            path("import/", imports, name="trainer_puzzle_import"),
            path("generate/", generation, name="trainer_puzzle_generate"),
            path("jobs/<int:job_id>/", job, name="trainer_puzzle_job"),
            path("jobs/<int:job_id>/again/", job_again, name="trainer_puzzle_job_again"),
            path("jobs/<int:job_id>/cancel/", job_cancel, name="trainer_puzzle_job_cancel"),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Puzzles from a JSON Lines file, imported by a job: every line proved first, and all of them
        imported or none."""
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            raise PermissionDenied
        form = ImportForm(request.POST or None, request.FILES or None)
        status = 200
        if request.method == "POST":
            status = 400
            if form.is_valid():
                lines = form.cleaned_data["file"]
                job = jobs.start(kind=CurationJob.Kind.IMPORT, user=signed_in(request), payload=lines)
                return redirect("admin:trainer_puzzle_job", job_id=job.pk)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Import puzzles"),
            "form": form,
        }
        return TemplateResponse(request, "admin/trainer/puzzle/import.html", context, status=status)

    def generate_view(self, request: HttpRequest) -> HttpResponse:
        """New puzzles from the generator, found and proved by a job."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = GenerateForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            payload = {"count": form.cleaned_data["count"], "seed": form.cleaned_data["seed"]}
            job = jobs.start(kind=CurationJob.Kind.GENERATE, user=signed_in(request), payload=payload)
            return redirect("admin:trainer_puzzle_job", job_id=job.pk)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Generate puzzles"),
            "form": form,
        }
        status = 400 if request.method == "POST" else 200
        return TemplateResponse(request, "admin/trainer/puzzle/generate.html", context, status=status)

    def job_view(self, request: HttpRequest, job_id: int) -> HttpResponse:
        """A long job's progress while it runs (the page asks for it again by itself), then what it found; a
        job lost with its worker is marked failed here, with a way to run it again."""
        job = jobs.notice_lost(self._job(request, job_id))
        refused = job.result.get("refused", []) if job.is_finished else []
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": job.get_kind_display().capitalize(),
            "job": job,
            "words": jobs.describe(job),
            "errors": [puzzle_file.LineError(number, reason) for number, reason in refused],
        }
        status = 400 if refused else 200
        return TemplateResponse(request, "admin/trainer/puzzle/job.html", context, status=status)

    def job_again_view(self, request: HttpRequest, job_id: int) -> HttpResponse:
        """A failed or cancelled job's work as a new job (POST); any other job is left as it is."""
        job = self._job(request, job_id)
        again = (CurationJob.Status.FAILED, CurationJob.Status.CANCELLED)
        if request.method != "POST" or job.status not in again:
            return redirect("admin:trainer_puzzle_job", job_id=job.pk)
        new = jobs.again(job=job, user=signed_in(request))
        return redirect("admin:trainer_puzzle_job", job_id=new.pk)

    def job_cancel_view(self, request: HttpRequest, job_id: int) -> HttpResponse:
        """Stops a job that has not finished (POST), back to its page; a finished one is left as it is."""
        job = self._job(request, job_id)
        if request.method == "POST":
            jobs.cancel(job)
        return redirect("admin:trainer_puzzle_job", job_id=job.pk)

    def _job(self, request: HttpRequest, job_id: int) -> CurationJob:
        if not self.has_change_permission(request):
            raise PermissionDenied
        job = CurationJob.objects.filter(pk=job_id).first()
        if job is None:
            raise Http404(_("There is no such job."))
        return job
