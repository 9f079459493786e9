"""The forms of the way in (signing up, logging in, changing and choosing a password): Django's own, with
the words a person reads in the site's voice, since Django's address the reader formally in Slovak."""

from typing import TYPE_CHECKING, Any

from django.contrib.auth import forms as auth_forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

# Generic for the type checker only: Django's class takes no type argument when the site runs.
if TYPE_CHECKING:
    DjangoSetPasswordForm = auth_forms.SetPasswordForm[User]
else:
    DjangoSetPasswordForm = auth_forms.SetPasswordForm

AGAIN = _("Type the same password again, to be sure.")
MISMATCH = _("The two passwords are not the same.")


class SignUpForm(auth_forms.UserCreationForm[User]):
    error_messages = {"password_mismatch": MISMATCH}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("Up to 150 characters: letters, digits and @ . + - _")
        self.fields["password2"].help_text = AGAIN


class LogInForm(auth_forms.AuthenticationForm):
    error_messages = {
        **auth_forms.AuthenticationForm.error_messages,
        "invalid_login": _("That username and password do not match. Mind capital letters: they count."),
    }


class SetPasswordForm(DjangoSetPasswordForm):
    error_messages = {"password_mismatch": MISMATCH}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password2"].help_text = AGAIN


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    error_messages = {
        "password_mismatch": MISMATCH,
        "password_incorrect": _("That is not your current password. Try again."),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password2"].help_text = AGAIN
