"""The table of the throttles' counters (the "throttle" cache, `school.env.caches`), made as Django's
`createcachetable` makes it, so that every database the site migrates has it."""

from django.core.management import call_command
from django.db import migrations

from school.env import THROTTLE_TABLE


def make_table(apps, schema_editor):
    call_command("createcachetable", THROTTLE_TABLE, database=schema_editor.connection.alias, verbosity=0)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE {schema_editor.quote_name(THROTTLE_TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("school", "0001_worker_beats")]

    operations = [migrations.RunPython(make_table, drop_table)]
