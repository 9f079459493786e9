"""Play's app label was `senterej` until the house moved into folders by layer (the shared rules app took that
name, and play became a top-level app). A database made before then keeps play's table, migrations and
content type under the old label, and its queued tasks name play's old module. `upgrade` renames them once,
before the migrations run (play's `migrate` command calls it), in one transaction; on a new database, or one
already upgraded, it finds nothing and changes nothing.

The permissions follow their content type, and every row that points at a game keeps pointing at it: the
table is renamed, not copied."""

from django.db.backends.base.base import BaseDatabaseWrapper

OLD_LABEL = "senterej"
NEW_LABEL = "play"
#: Play's migrations as they were recorded under the old label; a row of another name is not play's.
MIGRATIONS = (
    "0001_initial",
    "0002_alter_game_options_alter_game_black_choice_and_more",
    "0003_game_vocabulary",
    "0004_clocks_presence_watching_rematch",
)
TABLES = {"senterej_game": "play_game"}
#: The tasks that waited in the database for a worker name their function by its module.
OLD_TASK_MODULE = "senterej.play."
NEW_TASK_MODULE = "play."
TASKS_TABLE = "django_tasks_database_dbtaskresult"


def upgrade(connection: BaseDatabaseWrapper) -> bool:
    """Renames play's old label where the database still has it; says whether it did."""
    tables = set(connection.introspection.table_names())
    if "django_migrations" not in tables:
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM django_migrations WHERE app = %s", [OLD_LABEL])
        recorded = {name for (name,) in cursor.fetchall()}
    if not recorded & set(MIGRATIONS):
        return False
    # The schema editor's own transaction: on SQLite it turns the foreign-key checks off around it.
    with connection.schema_editor(atomic=True) as editor:
        for old, new in TABLES.items():
            if old in tables:
                editor.execute(
                    editor.sql_rename_table
                    % {"old_table": editor.quote_name(old), "new_table": editor.quote_name(new)}
                )
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE django_migrations SET app = %s WHERE app = %s AND name IN ("
                + ", ".join(["%s"] * len(MIGRATIONS))
                + ")",
                [NEW_LABEL, OLD_LABEL, *MIGRATIONS],
            )
            if "django_content_type" in tables:
                cursor.execute(
                    "UPDATE django_content_type SET app_label = %s WHERE app_label = %s AND model = %s",
                    [NEW_LABEL, OLD_LABEL, "game"],
                )
            if TASKS_TABLE in tables:
                cursor.execute(
                    f"UPDATE {editor.quote_name(TASKS_TABLE)} SET task_path = %s || SUBSTR(task_path, %s) "
                    "WHERE task_path LIKE %s",
                    [NEW_TASK_MODULE, len(OLD_TASK_MODULE) + 1, OLD_TASK_MODULE + "%"],
                )
    return True
