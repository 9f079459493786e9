"""Django's password checks, each saying what it asks for in the site's own voice: Django's own help texts
address the reader formally in Slovak ("Vaše heslo…"), and the site says "ty" everywhere. What the checks
refuse, and their messages on a refused password, are Django's."""

from django.contrib.auth import password_validation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


class UserAttributeSimilarityValidator(password_validation.UserAttributeSimilarityValidator):
    def get_help_text(self) -> str:
        return _("It must not look much like your username, your name or your e-mail address.")


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    def get_help_text(self) -> str:
        return ngettext(
            "It needs at least %(min_length)d character.",
            "It needs at least %(min_length)d characters.",
            self.min_length,
        ) % {"min_length": self.min_length}


class CommonPasswordValidator(password_validation.CommonPasswordValidator):
    def get_help_text(self) -> str:
        return _("It must not be one of the passwords that many people use.")


class NumericPasswordValidator(password_validation.NumericPasswordValidator):
    def get_help_text(self) -> str:
        return _("It must not be digits alone.")
