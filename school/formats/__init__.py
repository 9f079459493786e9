"""Dates in each language's order (settings.FORMAT_MODULE_PATH), over Django's own formats: English day first,
"1 December 2026" and "01/12/2026", not the American month first; Slovak as Slovak writes them, "1. decembra
2026" and "1. 12. 2026" (Django's has "1. december 2026" and "01.12.2026").

A Slovak date names its month in the genitive. The format letter "E" writes the month by the names below,
which are Django's own (`django.utils.dates.MONTHS_ALT`, context "alt. month"); Django's Slovak catalogue
gives them in the nominative, so the site's catalogue, which takes precedence, gives them again. They are
written out here for makemessages to find."""

from django.utils.translation import pgettext_lazy

MONTHS_AFTER_A_DAY = {
    1: pgettext_lazy("alt. month", "January"),
    2: pgettext_lazy("alt. month", "February"),
    3: pgettext_lazy("alt. month", "March"),
    4: pgettext_lazy("alt. month", "April"),
    5: pgettext_lazy("alt. month", "May"),
    6: pgettext_lazy("alt. month", "June"),
    7: pgettext_lazy("alt. month", "July"),
    8: pgettext_lazy("alt. month", "August"),
    9: pgettext_lazy("alt. month", "September"),
    10: pgettext_lazy("alt. month", "October"),
    11: pgettext_lazy("alt. month", "November"),
    12: pgettext_lazy("alt. month", "December"),
}
