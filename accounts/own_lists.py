"""A person's own long lists (their puzzle tries, their games) a page at a time, newest first, without
counting them: a page reads its rows and one more, which says whether an older page follows, so that the
thousandth game costs nothing on the first page. A page number that is not a whole number from 1 to
LAST_PAGE, or one past the end of the list, is read as the first page."""

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

Row = TypeVar("Row")


#: No one pages further back than this by hand; a larger number is read as the first page.
LAST_PAGE = 10_000


class Rows(Protocol[Row]):
    """Reads a list's rows from `start` to `stop`, newest first."""

    def __call__(self, *, start: int, stop: int) -> list[Row]: ...


@dataclass(frozen=True)
class ListPage(Generic[Row]):
    number: int
    rows: list[Row]
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def page_number(asked: str | None) -> int:
    """The page asked for, as the address gives it: 1 unless it is a whole number from 1 to LAST_PAGE."""
    if not asked or not asked.isascii() or not asked.isdecimal() or len(asked) > len(str(LAST_PAGE)):
        return 1
    number = int(asked)
    return number if 1 <= number <= LAST_PAGE else 1


def read_page(rows: Rows[Row], asked: str | None, size: int) -> ListPage[Row]:
    """The page `asked` of the list that `rows` reads."""
    number = page_number(asked)
    start = (number - 1) * size
    found = rows(start=start, stop=start + size + 1)
    if not found and number > 1:
        return read_page(rows, None, size)
    return ListPage(number, found[:size], len(found) > size)
