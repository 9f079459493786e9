"""English dates day first, as most of the English-speaking world and every other language of the site write
them: "1 December 2026", "01/12/2026". What is not here is Django's (django/conf/locale/en/formats.py)."""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, P"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y P"
FIRST_DAY_OF_WEEK = 1  # Monday

# Read back in the same order. ISO first: a date field's widget writes its value in the first format, and the
# browser's date picker reads only that one.
DATE_INPUT_FORMATS = [
    "%Y-%m-%d",  # '2026-12-01'
    "%d/%m/%Y",  # '01/12/2026'
    "%d/%m/%y",  # '01/12/26'
    "%d %B %Y",  # '1 December 2026'
    "%d %b %Y",  # '1 Dec 2026'
]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",  # '2026-12-01 14:30:59'
    "%Y-%m-%d %H:%M",  # '2026-12-01 14:30'
    "%d/%m/%Y %H:%M:%S",  # '01/12/2026 14:30:59'
    "%d/%m/%Y %H:%M",  # '01/12/2026 14:30'
]
