"""The throttles count where every process of the site counts together (`school.env.caches`): two processes,
as two gunicorn workers would be, share one visitor's count, so that a limit holds whichever answers."""

import pytest
from django.core.cache import caches
from django.db import connection

from accounts import throttle
from school.env import THROTTLE_TABLE
from testing.site_process import manage, scratch_site

TAKE = (
    "from accounts import throttle; rate = throttle.Rate(count=5, seconds=10**8); "
    "print(sum(throttle._take('test', 'one visitor', rate) for _ in range(4)))"
)


def test_two_processes_count_one_visitor_together(tmp_path):
    environment = scratch_site(tmp_path)
    manage(environment, "migrate", "--no-input")
    # Four taken by the first process, then only one of the next four: the limit is five in all.
    assert [manage(environment, "shell", "--no-imports", "-c", TAKE) for _ in range(2)] == ["4", "1"]


@pytest.mark.django_db
def test_the_counters_are_rows_of_the_migrated_table():
    assert caches["throttle"].__class__.__name__ == "DatabaseCache"
    assert throttle._take("test", "a visitor", throttle.Rate(count=1, seconds=60))
    assert not throttle._take("test", "a visitor", throttle.Rate(count=1, seconds=60))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(THROTTLE_TABLE)}")
        assert cursor.fetchone()[0] == 1
