"""Signing up: a new account is logged in at once, which moves the session's course progress to it."""

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        safe = url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()})
        return redirect(next_url if safe and next_url else "home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form, "next": next_url}, status=status)
