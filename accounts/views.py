"""Accounts: signing up (a new account is logged in at once, which moves the session's course progress to
it) and the profile page (name, e-mail, "I teach"). Logging in, the password change and the password reset are
Django's own views with the site's templates and forms (forms.py); django-axes locks a username out of one
device after too many failed log-ins (devices.py). Signing up and logging in lead back to the page the person
came from (way_back.py)."""

import math
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, PasswordResetView
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts import devices, roles, throttle, way_back
from accounts.clients import client_address
from accounts.forms import LogInForm, SignUpForm

#: Password-reset mails: a classroom shares one address, one person has one account.
RESET_PER_ADDRESS = throttle.Rate(count=20, seconds=60 * 60)
RESET_PER_ACCOUNT = throttle.Rate(count=3, seconds=60 * 60)


class ProfileForm(forms.ModelForm[User]):
    teaches = forms.BooleanField(
        required=False,
        label=gettext_lazy("I teach"),
        help_text=gettext_lazy(
            "Teachers create classes, give them lessons and puzzles, and follow their work. Unticked, your"
            " classes and their students' work stay, but their pages close to you until you tick it again."
        ),
    )

    class Meta:
        model = User
        fields = ["first_name", "last_name", "email"]


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A bad `next` is ignored and the new account lands on the home page: it came from a link, not from
    what the person typed, so the account is made either way."""
    form = SignUpForm(request.POST or None)
    next_url = way_back.asked(request)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        response = redirect(next_url or "home")
        devices.remember_account(request, response, user.pk)
        return response
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form, "next": next_url}, status=status)


class LogInView(LoginView):
    """Django's log-in, in the site's words, following a `next` by the same rule as signing up. It gives the
    browser its device cookie, by which failed log-ins are counted (devices.py)."""

    authentication_form = LogInForm

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = super().dispatch(request, *args, **kwargs)
        devices.give_device(request, response)
        return response

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        """Logs in, and notes on the browser that this account has logged in on it: the account's ceiling of
        failed log-ins never pauses it here (devices.account_paused)."""
        response = super().form_valid(form)
        devices.remember_account(self.request, response, form.get_user().pk)
        return response

    def get_redirect_url(self) -> str:
        return way_back.asked(self.request)


class ThrottledPasswordResetView(PasswordResetView):
    """Django's password reset, with at most so many mails an hour per client address and per e-mail
    address asked for (counted whether or not an account has it, so that the answer tells nothing)."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        allowed = throttle.allow(
            "password-reset",
            address=client_address(self.request),
            account=form.cleaned_data["email"].strip().lower(),
            per_address=RESET_PER_ADDRESS,
            per_account=RESET_PER_ACCOUNT,
        )
        if not allowed:
            return too_many(self.request, minutes=RESET_PER_ADDRESS.minutes)
        return super().form_valid(form)


def too_many(request: HttpRequest, *, minutes: int) -> HttpResponse:
    return render(request, "429.html", {"minutes": minutes}, status=429)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    form = ProfileForm(request.POST or None, instance=user, initial={"teaches": roles.is_teacher(user)})
    if request.method == "POST":
        if form.is_valid():
            with transaction.atomic():
                form.save()
                roles.set_teacher(user=user, teaches=form.cleaned_data["teaches"])
            messages.success(request, _("Your profile is saved."))
            return redirect("profile")
        status = 400
    else:
        status = 200
    context = {"form": form, "roles": roles.role_names(user)}
    return render(request, "registration/profile.html", context, status=status)


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """django-axes answers a locked-out log-in with this page: 429, since the lock lifts by itself. It says
    whether this device waits or, past the account's ceiling, every device."""
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    everywhere = devices.account_paused(request, credentials)
    context = {"minutes": minutes, "everywhere": everywhere}
    return render(request, "registration/locked_out.html", context, status=429)
