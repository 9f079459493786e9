"""Slovak dates as the rules of Slovak spelling write them: the day and the month with a full stop and a
space, no leading zero, "1. 12. 2026", and in words the month in the genitive, "1. decembra 2026" (the letter
"E", see school/formats/__init__.py). What is not here is Django's (django/conf/locale/sk/formats.py)."""

DATE_FORMAT = "j. E Y"
DATETIME_FORMAT = "j. E Y G:i"
MONTH_DAY_FORMAT = "j. E"
SHORT_DATE_FORMAT = "j. n. Y"
SHORT_DATETIME_FORMAT = "j. n. Y G:i"

# Read back with or without the spaces. ISO first: a date field's widget writes its value in the first
# format, and the browser's date picker reads only that one.
DATE_INPUT_FORMATS = [
    "%Y-%m-%d",  # '2026-12-01'
    "%d. %m. %Y",  # '1. 12. 2026'
    "%d.%m.%Y",  # '1.12.2026'
    "%d. %m. %y",  # '1. 12. 26'
    "%d.%m.%y",  # '1.12.26'
]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",  # '2026-12-01 14:30:59'
    "%Y-%m-%d %H:%M",  # '2026-12-01 14:30'
    "%d. %m. %Y %H:%M",  # '1. 12. 2026 14:30'
    "%d.%m.%Y %H:%M",  # '1.12.2026 14:30'
]
